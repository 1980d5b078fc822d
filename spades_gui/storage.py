"""Where the game keeps its files, and safe JSON reading and writing (no pickle anywhere)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ENV_HOME = "SPADES_HOME"
SAVED_GAME = "saved_game.json"

# What load_json found (Loaded.state).
OK = "ok"  # the file was intact
MISSING = "missing"  # no file (and no copy was restored)
RESTORED = "restored"  # the file was damaged; its intact copy took its place
RECOVERED = "recovered"  # the file was missing; its intact copy took its place
DAMAGED = "damaged"  # the file was damaged and there was no intact copy
UNREADABLE = "unreadable"  # the file could not be opened (permissions, a disk error)


class ShapeError(ValueError):
    """A JSON file that parses but does not hold what it should."""


def data_dir() -> Path:
    """The folder for settings, statistics and the saved game ($SPADES_HOME overrides)."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home)
    from platformdirs import user_data_dir

    return Path(user_data_dir("spades", appauthor=False))


def path_for(name: str) -> Path:
    """The full path of one of the game's files."""
    return data_dir() / name


def prev_path(path: Path) -> Path:
    """Where the copy of a file's last good state is kept: name.prev.json."""
    return path.with_name(f"{path.stem}.prev{path.suffix}")


def _replace_with(path: Path, text: str) -> None:
    """Write text to path atomically: a temp file in the same folder, then os.replace."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_json(path: Path | str, data: Any, keep_copy: bool = True) -> None:
    """Write data as JSON atomically, then (keep_copy) the same text as name.prev.json: the
    kept copy is always the last good state, so a file damaged later comes back with nothing
    lost. An exported record keeps no copy.

    A damaged file found in the way is moved aside as .bad, never overwritten.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    if path.is_file():
        try:
            old: str | None = path.read_bytes().decode("utf-8")
        except OSError:
            old = None  # unreadable: it is replaced
        except UnicodeDecodeError:
            old = ""
        if old is not None and old != text and not _intact_text(old, type(data)):
            moved = move_aside(path)
            log.warning("%s was damaged before a save; kept as %s", path.name, moved)
    _replace_with(path, text)
    if not keep_copy:
        return
    copy = prev_path(path)
    try:
        _replace_with(copy, text)
    except OSError as e:  # the file itself is saved; its copy stays a change behind
        log.warning("%s could not be written (%s)", copy.name, e.strerror or e)


def save_file(name: str, data: Any, what: str) -> str | None:
    """Write a file of the data folder (write_json); a one-line message naming `what` if that
    failed ("Settings could not be saved (...)"), else None."""
    try:
        write_json(path_for(name), data)
    except OSError as e:
        return f"{what} could not be saved ({e.strerror or e})"
    return None


def _intact_text(text: str, kind: type) -> bool:
    """Whether text is JSON holding a value of this type (not damaged)."""
    try:
        return isinstance(json.loads(text), kind)
    except (ValueError, RecursionError):
        return False


def bad_path(path: Path) -> Path:
    """A free name to move a damaged file aside to: name.bad, else name.2.bad, name.3.bad ..."""
    candidate = path.with_name(path.name + ".bad")
    n = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{n}.bad")
        n += 1
    return candidate


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file to a free *.bad name (never overwriting anything); its new path."""
    target = bad_path(path)
    try:
        os.rename(path, target)
    except OSError:
        return None
    return target


def _problem(path: Path, what: str) -> str:
    """The one-line message for a damaged file, after trying to move it aside."""
    moved = move_aside(path)
    where = f"moved aside to {moved.name}" if moved else "could not be moved aside"
    return f"{path.name} is damaged ({what}); it was {where}"


class _Unreadable(Exception):
    """The file exists but could not be opened."""


def _check(
    path: Path, kind: type | None, validate: Callable[[Any], Any] | None
) -> tuple[Any | None, str | None, str | None]:
    """(data, text, None) if intact; (None, None, None) if missing; (None, None, reason) if
    damaged (a technical reason, for the log). Raises _Unreadable. Touches nothing."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None, None
    except OSError as e:
        raise _Unreadable(f"{path.name} could not be read ({e.strerror or e})") from None
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError:
        return None, None, "not UTF-8 text"
    except json.JSONDecodeError as e:
        return None, None, f"not JSON: {e.msg} at line {e.lineno}"
    except RecursionError:
        return None, None, "nested too deeply"
    if kind is not None and not isinstance(data, kind):
        return None, None, f"expected a JSON {_kind_word(kind)}"
    if validate is not None:
        try:
            checked = validate(data)
        except (ValueError, TypeError, KeyError) as e:
            return None, None, _first_line(e)
        if checked is not None:
            data = checked
    return data, text, None


def read_json(
    path: Path | str,
    kind: type | None = dict,
    validate: Callable[[Any], Any] | None = None,
) -> tuple[Any | None, str | None]:
    """(data, None); (None, None) if missing; (None, message) if damaged, moved aside as .bad.

    `kind` is the type the top-level value must have; `validate` may raise ValueError with
    a reason, and if it returns something other than None that becomes the data. The
    message is technical (for logs and tools); load_json also uses the kept copy.
    """
    path = Path(path)
    try:
        data, _, reason = _check(path, kind, validate)
    except _Unreadable as e:
        return None, str(e)
    if reason is not None:
        return None, _problem(path, reason)
    return data, None


@dataclass(frozen=True)
class Loaded:
    """What load_json found: the data (None unless intact or restored) and the state."""

    data: Any | None
    state: str
    detail: str = ""  # the technical reason, for the log; never shown to the player


def load_json(
    path: Path | str,
    kind: type | None = dict,
    validate: Callable[[Any], Any] | None = None,
    recover_missing: bool = True,
) -> Loaded:
    """Read a file the game wrote with write_json, falling back to its kept copy.

    A damaged file is moved aside as .bad and, if name.prev.json is intact, that copy is
    put in its place (RESTORED); a damaged copy is moved aside too (DAMAGED). A
    missing file is RECOVERED from an intact copy when recover_missing, else
    MISSING and the copy is left alone. Nothing intact is ever overwritten or moved.
    """
    path = Path(path)
    prev = prev_path(path)
    try:
        data, text, reason = _check(path, kind, validate)
    except _Unreadable as e:
        log.warning("%s", e)
        return Loaded(None, UNREADABLE, str(e))
    if text is not None:
        return Loaded(data, OK)
    missing = reason is None
    if missing and not recover_missing:
        return Loaded(None, MISSING)
    unreadable_prev = False
    try:
        old, old_text, old_reason = _check(prev, kind, validate)
    except _Unreadable as e:
        old, old_text, old_reason, unreadable_prev = None, None, str(e), True
    detail = f"{path.name}: {reason}" if reason else f"{path.name} is missing"
    if old_text is not None:
        if not missing:
            detail += _aside(path)
        try:
            _replace_with(path, old_text)
        except OSError as e:  # the copy is still used; it stays where it is
            detail += f"; {path.name} could not be rewritten ({e.strerror or e})"
        log.warning("%s; restored from %s", detail, prev.name)
        return Loaded(old, RECOVERED if missing else RESTORED, detail)
    if missing:
        return Loaded(None, MISSING)
    detail += _aside(path)
    if old_reason is not None:
        detail += f"; {prev.name}: {old_reason}"
        if not unreadable_prev:
            detail += _aside(prev)
    log.warning("%s", detail)
    return Loaded(None, DAMAGED, detail)


def _aside(path: Path) -> str:
    """Move a damaged file aside; a few words for the log saying where it went."""
    moved = move_aside(path)
    return f", kept as {moved.name}" if moved else ", which could not be moved aside"


def _kind_word(kind: type) -> str:
    """JSON's word for a Python type."""
    return {dict: "object", list: "array", str: "string", int: "number"}.get(kind, kind.__name__)


def _first_line(e: BaseException) -> str:
    """An exception's message on one line."""
    text = str(e).strip() or type(e).__name__
    return text.splitlines()[0]


# --------------------------------------------------------------------------- the saved game


def saved_game_path() -> Path:
    """The path of the saved (unfinished) game."""
    return path_for(SAVED_GAME)


def has_saved_game() -> bool:
    """Whether a saved game file exists (it may still turn out to be damaged)."""
    return saved_game_path().is_file()


def save_game(record: dict[str, Any]) -> None:
    """Save an unfinished game's record (engine.record.game_to_record) for Continue."""
    if not isinstance(record, dict):
        raise TypeError("a saved game is a record object")
    write_json(saved_game_path(), record)


def _check_record(data: Any) -> None:
    """Raise ValueError unless data replays as a game record under its rules."""
    from .engine.record import RecordError, load

    try:
        load(data)
    except RecordError as e:
        raise ValueError(f"not a playable game record: {e}") from None


SAVED_GAME_WORDS = {
    RESTORED: "Your saved game was damaged; continuing from its backup copy.",
    DAMAGED: "Your saved game was damaged and could not be recovered, so it cannot be continued.",
    UNREADABLE: "Your saved game could not be opened, so it cannot be continued.",
}


def load_saved_game() -> tuple[dict[str, Any] | None, str | None]:
    """(record, None); (None, None) if there is none; (record or None, one sentence for the
    player) if the save was damaged: its copy (the same position) is used if intact.

    A missing save is not recovered from saved_game.prev.json: the table clears the save
    when a game ends, and that copy is the finished game.
    """
    loaded = load_json(saved_game_path(), dict, _check_record, recover_missing=False)
    return loaded.data, SAVED_GAME_WORDS.get(loaded.state)


def clear_saved_game() -> None:
    """Forget the saved game (it is kept as saved_game.prev.json until the next save)."""
    path = saved_game_path()
    with contextlib.suppress(FileNotFoundError):
        os.replace(path, prev_path(path))
