"""The game window started: the services installed (the settings loaded, noting a damaged
file; the files; the way to each screen), the menu first, the frame loop run."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pygame

from .. import crash, storage
from .. import stats as stats_mod
from ..resources import set_window_icon
from .daily_scene import DailyScene
from .drills_scene import DrillsScene
from .help_scene import HelpScene
from .menu import Menu
from .placement import player_settings
from .prefs import Prefs
from .progress_scene import ProgressScene
from .recovery import facts_of, on_crash
from .replay import play_again
from .settings_scene import SettingsScene
from .speech import as_detail, as_mode
from .speech.screens import ScreenSpeech
from .stats_scene import StatsScene
from .theme import set_look
from .window import App, Scene

Back = Callable[[], None]


def install_services(app: App) -> None:
    """Load settings (noting a damaged file) and register navigation and file services."""
    services = app.services
    settings = player_settings(services)
    services.storage = storage
    set_look(Prefs.read(settings.prefs()).look())
    app.speech.configure(as_mode(settings.speech), as_detail(settings.speech_detail))
    app.told = ScreenSpeech(app.speech)  # each screen's focus and news said, F2

    def to_menu() -> None:
        app.switch(Menu(app))

    def open_settings(back: Back | None = None) -> None:
        app.switch(SettingsScene(app, back))

    def open_help(back: Back | None = None) -> None:
        app.switch(HelpScene(app, back))

    def open_stats(back: Back | None = None) -> None:
        app.switch(StatsScene(app, back))

    def open_progress(back: Back | None = None) -> None:
        app.switch(ProgressScene(app, back))

    def open_drills(back: Back | None = None) -> None:
        app.switch(DrillsScene(app, back))

    def open_daily(back: Back | None = None) -> None:
        app.switch(DailyScene(app, back))

    services.to_menu = to_menu
    services.open_progress = open_progress
    services.open_drills = open_drills
    services.open_daily = open_daily
    services.open_settings = open_settings
    services.open_help = open_help
    services.open_stats = open_stats
    services.play_again = play_again
    services.count_game = stats_mod.count
    services.record_hint = stats_mod.record_hint


def first_scene(app: App) -> Scene:
    """The main menu, after registering the services."""
    install_services(app)
    return Menu(app)


def run_window() -> int:
    """Open the game window at the menu and run until the player quits."""

    app = App()
    set_window_icon()  # the project's icon (tools/make_icon.py) instead of pygame's
    app.on_crash = on_crash(app)
    try:
        app.switch(first_scene(app))
        app.run()
    except Exception as exc:  # screens kept failing: leave with one line, the game kept
        report = crash.write_report(exc, facts_of(app.scene))
        where = f"; a report is in {report}" if report else ""
        print(
            f"Spades stopped after an unexpected error{where}. Your saved game is kept.",
            file=sys.stderr,
        )
        return 1
    finally:
        # On Windows the program leaves by os._exit right after (app.py), without shutting SDL
        # down: under Wine its threads crash the process after SDL_Quit (docs/BUILD.md).
        if sys.platform != "win32":
            pygame.quit()
    return 0
