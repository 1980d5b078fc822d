"""Where the game keeps its files, and safe JSON reading and writing (no pickle anywhere)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENV_HOME = "SPADES_HOME"
SAVED_GAME = "saved_game.json"


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
    """Where the previous version of a file is kept: name.prev.json."""
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


def write_json(path: Path | str, data: Any) -> None:
    """Write data as JSON atomically, keeping the version it replaces as name.prev.json."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    if path.is_file():
        try:
            old = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if old is not None and old != text:
            _replace_with(prev_path(path), old)
    _replace_with(path, text)


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


def read_json(
    path: Path | str,
    kind: type | None = dict,
    validate: Callable[[Any], Any] | None = None,
) -> tuple[Any | None, str | None]:
    """(data, None); (None, None) if missing; (None, message) if damaged, moved aside as .bad.

    `kind` is the type the top-level value must have; `validate` may raise ValueError with
    a reason, and if it returns something other than None that becomes the data.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, f"{path.name} could not be read ({e.strerror or e})"
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None, _problem(path, "not UTF-8 text")
    except json.JSONDecodeError as e:
        return None, _problem(path, f"not JSON: {e.msg} at line {e.lineno}")
    except RecursionError:
        return None, _problem(path, "nested too deeply")
    if kind is not None and not isinstance(data, kind):
        return None, _problem(path, f"expected a JSON {_kind_word(kind)}")
    if validate is not None:
        try:
            checked = validate(data)
        except (ValueError, TypeError, KeyError) as e:
            return None, _problem(path, _first_line(e))
        if checked is not None:
            data = checked
    return data, None


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


def load_saved_game() -> tuple[dict[str, Any] | None, str | None]:
    """(record, None); (None, None) if there is none; (None, message) if it was damaged."""
    data, message = read_json(saved_game_path(), dict, _check_record)
    if message:
        message = "The saved game could not be continued: " + message
    return data, message


def clear_saved_game() -> None:
    """Forget the saved game (it is kept as saved_game.prev.json until the next save)."""
    path = saved_game_path()
    with contextlib.suppress(FileNotFoundError):
        os.replace(path, prev_path(path))
