"""What the window offers every scene: the player's settings, the saved game's file, the
statistics, one-line notices, and the way to each other screen (filled in by ui/launch.py, so
a scene opens another without importing it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.game import Game
from ..settings import Settings
from ..stats import GameFacts

if TYPE_CHECKING:
    from .review import ReviewScene

Back = Callable[[], None]


class Opener(Protocol):
    """Opens a screen; its Back (Escape) calls `back`, by default the menu."""

    def __call__(self, back: Back | None = None) -> None: ...


class SavedGame(Protocol):
    """The saved game's file (spades_gui/storage.py)."""

    def save_game(self, record: dict[str, Any]) -> None: ...

    def clear_saved_game(self) -> None: ...


@dataclass
class Services:
    """The app's services; a window without them (tests, tools) leaves them None: no menu to
    go back to, no file written, nothing counted."""

    settings: Settings | None = None
    notices: list[str] = field(default_factory=list)  # damaged files, said once by the menu
    storage: SavedGame | None = None
    to_menu: Back | None = None
    open_settings: Opener | None = None
    open_help: Opener | None = None
    open_stats: Opener | None = None
    open_progress: Opener | None = None
    open_drills: Opener | None = None
    open_daily: Opener | None = None
    play_again: Callable[[ReviewScene], None] | None = None  # a reviewed hand's deal again
    count_game: Callable[[Game, GameFacts], object] | None = None  # the statistics brought up
    record_hint: Callable[[], object] | None = None  # one hint counted

    def loaded_settings(self) -> Settings:
        """The settings, which the screens that change them need loaded."""
        if self.settings is None:
            raise RuntimeError("the settings are not loaded (ui/launch.py: install_services)")
        return self.settings
