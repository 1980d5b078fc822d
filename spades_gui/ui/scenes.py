"""The first scene and the app services through which scenes find each other and the files.

Services registered on `app.services` (all optional for callers to use):

- "storage": the `spades_gui.storage` module (save_game, load_saved_game, clear_saved_game ...)
- "settings": the current `Settings` (kept up to date by the settings screen)
- "notices": list of one-line messages (damaged files) the menu shows once
- "to_menu": () -> None, back to the main menu
- "open_settings" / "open_help" / "open_stats" / "open_progress" / "open_drills":
  (back: Callable | None = None) -> None;
  `back` is called by Escape / Back (default: the menu)
- "count_game": (game, GameFacts) -> Stats, brings the statistics up to date with a game
  (each finished hand once, the game once it is over)
- "record_hint": () -> Stats, counts one hint
"""

from __future__ import annotations

from collections.abc import Callable

from .. import settings as settings_mod
from .. import stats as stats_mod
from .. import storage
from .main import App, Scene
from .widgets.text import set_four_color


def install_services(app: App) -> None:
    """Load settings (noting a damaged file) and register navigation and file services."""
    if "settings" not in app.services:
        s, message = settings_mod.load()
        app.services["settings"] = s
        notices = app.services.setdefault("notices", [])
        if message:
            notices.append(message)
    app.services.setdefault("notices", [])
    app.services["storage"] = storage
    set_four_color(app.services["settings"].four_color)

    def to_menu() -> None:
        from .menu import Menu

        app.switch(Menu(app))

    def open_settings(back: Callable[[], None] | None = None) -> None:
        from .settings_scene import SettingsScene

        app.switch(SettingsScene(app, back))

    def open_help(back: Callable[[], None] | None = None) -> None:
        from .help_scene import HelpScene

        app.switch(HelpScene(app, back))

    def open_stats(back: Callable[[], None] | None = None) -> None:
        from .stats_scene import StatsScene

        app.switch(StatsScene(app, back))

    def open_progress(back: Callable[[], None] | None = None) -> None:
        from .progress_scene import ProgressScene

        app.switch(ProgressScene(app, back))

    def open_drills(back: Callable[[], None] | None = None) -> None:
        from .drills_scene import DrillsScene

        app.switch(DrillsScene(app, back))

    app.services["to_menu"] = to_menu
    app.services["open_progress"] = open_progress
    app.services["open_drills"] = open_drills
    app.services["open_settings"] = open_settings
    app.services["open_help"] = open_help
    app.services["open_stats"] = open_stats
    app.services["count_game"] = stats_mod.count
    app.services["record_hint"] = stats_mod.record_hint


def first_scene(app: App) -> Scene:
    """The main menu, after registering the services."""
    from .menu import Menu

    install_services(app)
    return Menu(app)
