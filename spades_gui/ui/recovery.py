"""A screen's unexpected error, met by the window: a report written to the data folder, the
game kept as last saved, the player told in plain words at the menu (or the continued game
taken back to an earlier point), and never the same error again and again."""

from __future__ import annotations

import logging
from collections.abc import Callable

from .. import crash, storage
from .menu import Menu
from .window import App, Scene

log = logging.getLogger(__name__)


def crash_words(report: str, saved: bool) -> str:
    """What the player is told after an error, with the report's place."""
    game = " Your game is saved as of its last move: Continue returns to it." if saved else ""
    where = f" A report for the developers is in {report}" if report else ""
    return f"Spades met an error it did not expect and left that screen.{game}{where}"


def facts_of(scene: Scene | None) -> crash.CrashFacts:
    """Where the failed screen stood, as far as it can say."""
    say = getattr(scene, "crash_facts", None)
    if callable(say):
        try:
            facts = say()
            if isinstance(facts, crash.CrashFacts):
                return facts
        except Exception:
            log.exception("describing the failed screen failed")
    return crash.CrashFacts(type(scene).__name__ if scene is not None else "none")


def on_crash(app: App) -> Callable[[Exception], Scene]:
    """The window's answer to a screen's error: the screen to show instead."""

    def recover(exc: Exception) -> Scene:
        scene = app.scene
        report = crash.write_report(exc, facts_of(scene))
        after = getattr(scene, "after_crash", None)
        instead: Scene | None = None
        if callable(after):
            try:
                instead = after()
            except Exception:
                log.exception("the failed screen could not be closed")
        if isinstance(instead, Scene):
            crash.forget_note()  # the table says what happened itself
            return instead
        return Menu(app, crashed=crash_words(str(report or ""), storage.has_saved_game()))

    return recover
