"""Game records as files: export a game or one hand, and open a record to review it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .. import storage
from ..engine.game import Game
from ..engine.record import RecordError, game_to_record, load, rules_spec
from . import open_dialog

EXPORTS = "exports"


class RecordFileError(ValueError):
    """A record file that cannot be reviewed; the message is one line naming file and problem."""


def exports_dir() -> Path:
    """The exports/ folder in the game's data folder."""
    return storage.data_dir() / EXPORTS


def hand_record(game: Game, index: int, names: Any = None) -> dict[str, Any]:
    """One hand of a game (0-based index) as a record of its own, scores before it included."""
    if not 0 <= index < len(game.hands):
        raise IndexError(f"no hand {index + 1}")
    full = game_to_record(game)
    rec: dict[str, Any] = {
        "rules": rules_spec(game.rules),
        "scores": list(game.hands[index].scores_before),
        "bags": list(game.bags_before(index)),
        "hands": [full["hands"][index]],
    }
    if names is not None:
        rec["table"] = {"names": list(names)}
    return rec


def _free_path(folder: Path, stem: str) -> Path:
    """folder/stem.json, or stem-2.json, stem-3.json ... if taken."""
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def _write(record: dict[str, Any], stem: str, folder: Path | None) -> Path:
    folder = exports_dir() if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    path = _free_path(folder, stem)
    storage.write_json(path, record, keep_copy=False)
    return path


def _stamp(now: float | None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def export_game(
    record: dict[str, Any], folder: Path | None = None, now: float | None = None
) -> Path:
    """Write a whole game's record to exports/game-YYYYmmdd-HHMMSS.json; its path (OSError)."""
    return _write(record, f"game-{_stamp(now)}", folder)


def export_hand(
    game: Game,
    index: int,
    names: Any = None,
    folder: Path | None = None,
    now: float | None = None,
) -> Path:
    """Write one hand to exports/hand-N-YYYYmmdd-HHMMSS.json; its path (OSError)."""
    return _write(hand_record(game, index, names), f"hand-{index + 1}-{_stamp(now)}", folder)


def read_record_file(path: str | Path) -> tuple[dict[str, Any], Game]:
    """(record, replayed game) from a file; RecordFileError with one line naming the problem."""
    p = Path(str(path).strip().strip('"').strip("'")).expanduser()
    name = p.name or str(path)
    if not str(path).strip():
        raise RecordFileError("Type the path of a game record (a .json file) first")
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise RecordFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise RecordFileError(f"{name}: is a folder, not a file") from None
    except OSError as e:
        raise RecordFileError(f"{name}: cannot be read ({e.strerror or e})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordFileError(f"{name}: not a text file") from None
    except json.JSONDecodeError as e:
        raise RecordFileError(f"{name}: not JSON ({e.msg} at line {e.lineno})") from None
    except RecursionError:
        raise RecordFileError(f"{name}: nested too deeply to be a game record") from None
    try:
        game = load(data)
    except RecordError as e:
        raise RecordFileError(f"{name}: not a playable game record ({e})") from None
    if not game.hands:
        raise RecordFileError(f"{name}: the record has no hands to review")
    return data, game


# --------------------------------------------------------------------------- recent records

RECENT = "recent_records.json"
RECENT_KEEP = 20


def _recent_shape(data: Any) -> list[str]:
    """The stored list of recent records: {"version": 1, "paths": [...]}; ValueError if not."""
    paths = data.get("paths") if isinstance(data, dict) else None
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise ValueError('"paths" must be a list of file paths')
    return paths


def _stored_recent() -> list[str]:
    loaded = storage.load_json(storage.path_for(RECENT), dict, _recent_shape)
    return list(loaded.data) if isinstance(loaded.data, list) else []


def remember_record(path: str | Path) -> None:
    """Put a record file first in the recent list (exported or opened); OSError if unsaved."""
    p = str(Path(path).expanduser().resolve())
    paths = [p, *(q for q in _stored_recent() if q != p)][:RECENT_KEEP]
    storage.write_json(storage.path_for(RECENT), {"version": 1, "paths": paths})


def recent_records(limit: int = 8) -> list[Path]:
    """Record files to offer: those exported or opened lately (newest first, still there),
    then the other *.json files in exports/, newest first."""
    out: list[Path] = []
    seen: set[str] = set()

    def add(p: Path) -> None:
        key = str(p.resolve())
        if key not in seen and p.is_file():
            seen.add(key)
            out.append(p)

    for q in _stored_recent():
        add(Path(q))
    try:
        exported = sorted(
            exports_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True
        )
    except OSError:
        exported = []
    for p in exported:
        if not p.name.endswith(".prev.json"):
            add(p)
    return out[:limit]


def pick_record_file(
    initial: Path | None = None, owner: int | None = None, platform: str = ""
) -> str | None:
    """The system's file picker, if there is one: the chosen path, "" if the player cancelled,
    None if no picker can be shown here (then the recent list and typing remain). Windows:
    its own Open dialog, over the window `owner` (an HWND); Linux: the desktop's (zenity or
    kdialog), else tkinter's."""
    platform = platform or sys.platform
    if not picker_available(platform):
        return None
    folder = initial or exports_dir()
    if platform == "win32":
        return open_dialog.ask_open_file(folder, owner)
    desktop = desktop_picker(folder)
    if desktop is not None:
        return _run_picker(desktop)
    try:
        import tkinter
        from tkinter import filedialog

        root = tkinter.Tk()
        root.withdraw()
        try:
            chosen = filedialog.askopenfilename(
                parent=root,
                title="Open a game record",
                initialdir=str(folder),
                filetypes=[("Game records", "*.json"), ("All files", "*")],
            )
        finally:
            root.destroy()
    except Exception:  # no display, a broken Tk: no picker
        return None
    return str(chosen or "")


def desktop_picker(folder: Path) -> list[str] | None:
    """The desktop's own Open dialog as a command (GNOME's zenity, KDE's kdialog), if one is
    installed: it looks like the player's other programs and needs no tkinter, which the
    standalone program leaves out."""
    title = "Open a game record"
    if shutil.which("zenity"):
        return [
            "zenity",
            "--file-selection",
            f"--title={title}",
            f"--filename={folder}{os.sep}",
            "--file-filter=Game records | *.json",
            "--file-filter=All files | *",
        ]
    if shutil.which("kdialog"):
        return ["kdialog", "--title", title, "--getopenfilename", str(folder), "*.json"]
    return None


def _run_picker(command: list[str]) -> str | None:
    """Run a desktop picker: the path chosen, "" if cancelled (exit 1), None if it failed."""
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        # The standalone program points LD_LIBRARY_PATH at the libraries it carries; the
        # desktop's picker must load its own (PyInstaller keeps the player's as ..._ORIG).
        orig = env.pop("LD_LIBRARY_PATH_ORIG", None)
        env.pop("LD_LIBRARY_PATH", None)
        if orig is not None:
            env["LD_LIBRARY_PATH"] = orig
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    except OSError:
        return None
    if done.returncode == 1:
        return ""
    chosen = done.stdout.strip("\n")
    return chosen if done.returncode == 0 and chosen else None


def picker_available(platform: str = "") -> bool:
    """Whether the system's file picker can be offered: a real display, and Windows' comdlg32,
    or a desktop picker or tkinter (none on macOS)."""
    import importlib.util

    platform = platform or sys.platform
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if platform == "darwin":  # Tk and SDL both want the main thread's application
        return False
    if platform == "win32":
        return open_dialog.comdlg32() is not None
    if platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    if shutil.which("zenity") or shutil.which("kdialog"):
        return True
    try:
        return importlib.util.find_spec("_tkinter") is not None
    except (ImportError, ValueError):
        return False
