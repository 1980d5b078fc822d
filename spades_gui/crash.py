"""Crash reports: what the program writes when a screen raises an error it did not expect (a
report for the player to send, and a note so the next start can say what happened)."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import platform
import sys
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from . import __version__, storage

log = logging.getLogger(__name__)

CRASH_NOTE = "last_crash.json"  # written at a crash, removed once the player has been told


@dataclass(frozen=True)
class CrashFacts:
    """Where the program was when it failed, in words for the report."""

    screen: str  # the screen's name ("TableScene")
    rules: str = ""  # the rules played, as a preset id or "custom"
    position: str = ""  # where the game stood ("hand 2, 5 cards played")
    seed: int | None = None  # the game's seed, to deal the same cards again


@dataclass(frozen=True)
class CrashNote:
    """What the next start is told of a crash it did not see handled."""

    report: str  # the report's path ("" if it could not be written)
    when: str  # ISO time


def report_name(now: dt.datetime) -> str:
    """The report's file name: crash-<date>-<time>.txt."""
    return f"crash-{now:%Y-%m-%d-%H%M%S}.txt"


def _saved_position() -> str:
    """The saved game's file and where it stands (a few counts, read as plain JSON)."""
    path = storage.saved_game_path()
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"{path}: none"
    except (OSError, ValueError) as e:
        return f"{path}: unreadable ({e})"
    hands = data.get("hands") if isinstance(data, dict) else None
    if not isinstance(hands, list) or not hands or not isinstance(hands[-1], dict):
        return f"{path}: no hand"
    last = hands[-1]
    counts = {k: len(v) for k, v in last.items() if isinstance(v, list) and k != "deal"}
    return f"{path}: hand {len(hands)}, " + ", ".join(f"{k} {n}" for k, n in counts.items())


def report_text(exc: BaseException, facts: CrashFacts, now: dt.datetime) -> str:
    """The report: the traceback, the version, the system, the rules, the position, the seed."""
    lines = [
        f"Spades {__version__} stopped a screen after an error, {now:%Y-%m-%d %H:%M:%S}.",
        "",
        f"System: {platform.platform()}; Python {platform.python_version()}"
        f"{' (standalone program)' if getattr(sys, 'frozen', False) else ''}",
        f"Screen: {facts.screen}",
        f"Rules: {facts.rules or 'none'}",
        f"Position: {facts.position or 'none'}",
        f"Seed: {facts.seed if facts.seed is not None else 'none'}",
        f"Saved game: {_saved_position()}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
        "",
    ]
    return "\n".join(lines)


def write_report(
    exc: BaseException, facts: CrashFacts, now: dt.datetime | None = None
) -> Path | None:
    """Write the report into the data folder and note the crash for the next start; its path,
    or None if it could not be written (the error is logged either way)."""
    now = now or dt.datetime.now()
    log.error("a screen failed (%s)", facts.screen, exc_info=exc)
    path: Path | None = storage.path_for(report_name(now))
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(report_text(exc, facts, now), encoding="utf-8")
    except OSError as e:
        log.error("the crash report could not be written (%s)", e)
        path = None
    note = CrashNote(str(path) if path else "", now.isoformat(timespec="seconds"))
    with contextlib.suppress(OSError):
        storage.write_json(storage.path_for(CRASH_NOTE), asdict(note), keep_copy=False)
    return path


def take_note() -> CrashNote | None:
    """The note of a crash the player has not been told of, removed as it is read; None if
    there is none (a damaged note is removed too, and said as a crash with no report)."""
    path = storage.path_for(CRASH_NOTE)
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        data = {}
    forget_note()
    report = data.get("report") if isinstance(data, dict) else None
    when = data.get("when") if isinstance(data, dict) else None
    return CrashNote(
        report if isinstance(report, str) else "", when if isinstance(when, str) else ""
    )


def forget_note() -> None:
    """The player has been told: the next start says nothing of it."""
    with contextlib.suppress(OSError):
        storage.path_for(CRASH_NOTE).unlink(missing_ok=True)


def note_words(note: CrashNote) -> str:
    """The menu's line about a crash the last start did not get to show."""
    where = f" A report for the developers is in {note.report}." if note.report else ""
    return f"Spades stopped after an unexpected error last time.{where} Your saved game is kept."


CRASHED_GAME = "saved_game.crashed.json"


def keep_record(record: dict[str, Any]) -> Path | None:
    """A saved game that failed to continue, kept as it was before the table goes back to an
    earlier point of it (nothing of the player's is lost); its path, or None if not written."""
    path = storage.path_for(CRASHED_GAME)
    try:
        storage.write_json(path, record, keep_copy=False)
    except (OSError, ValueError) as e:
        log.error("%s could not be written (%s)", path.name, e)
        return None
    return path
