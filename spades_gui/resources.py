"""The program's own files and process facts, the same from a checkout, a wheel or a frozen build.

The files that are not code (the icon) live in the top-level `assets/` folder of the checkout.
An installed wheel and the frozen program carry the same files inside the package, as
`spades_gui/assets/`: setup.py copies them into the wheel, build.spec into the bundle (which a
PyInstaller one-file program unpacks into a temporary folder, `sys._MEIPASS`). The user's
files (settings, statistics, the saved game) live elsewhere, in `storage.data_dir()`, which
works unchanged when frozen.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import time
from pathlib import Path, PurePosixPath
from typing import Any

PACKAGE = "spades_gui"
ICON = "icon.png"
EXIT_AFTER_FIRST_FRAME = "SPADES_EXIT_AFTER_FIRST_FRAME"
# The typeface: Atkinson Hyperlegible (Braille Institute, drawn for low vision; SIL OFL 1.1), from
# the declared dependency fontpkg-atkinson-hyperlegible. build.spec bundles these files (read
# from here) under the package's own name, where typeface_dir() looks when frozen.
TYPEFACE_PACKAGE = "fontpkg_atkinson_hyperlegible"
TYPEFACE_FILES = {
    "regular": "files/AtkinsonHyperlegible-Regular.ttf",
    "bold": "files/AtkinsonHyperlegible-Bold.ttf",
    "licence": "LICENSE",
}


def is_frozen() -> bool:
    """True inside a PyInstaller build."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def bundle_dir() -> Path:
    """The folder that holds the `spades_gui` package: sys._MEIPASS when frozen."""
    if is_frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]
    return Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    """The assets folder of this run.

    Frozen or installed from a wheel: `spades_gui/assets` inside the package. A source checkout
    (also an editable install): the top-level `assets/` beside the `spades_gui` folder.
    """
    packaged = bundle_dir() / PACKAGE / "assets"
    if is_frozen() or packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(name: str) -> Path:
    """The full path of one asset, e.g. asset_path("icon.png"); "sub/file" names are allowed.

    Raises ValueError for a name that leaves the folder and FileNotFoundError, naming the
    folder searched, for a missing file.
    """
    rel = PurePosixPath(name.replace("\\", "/"))
    if not rel.parts or rel.is_absolute() or ".." in rel.parts or ":" in rel.parts[0]:
        raise ValueError(f"not an asset name: {name!r}")
    path = assets_dir().joinpath(*rel.parts)
    if not path.is_file():
        raise FileNotFoundError(f"asset {name!r} is missing from {assets_dir()}")
    return path


def typeface_dir() -> Path:
    """The typeface package's folder: in the bundle when frozen, else where it is installed."""
    if is_frozen():
        return bundle_dir() / TYPEFACE_PACKAGE
    spec = importlib.util.find_spec(TYPEFACE_PACKAGE)
    if spec is None or spec.origin is None:
        raise FileNotFoundError(
            f"the typeface package {TYPEFACE_PACKAGE} is not installed: pip install -e ."
        )
    return Path(spec.origin).parent


def typeface_path(weight: str) -> Path:
    """The file of one weight of the typeface ("regular" or "bold"); FileNotFoundError if absent."""
    path = typeface_dir().joinpath(*PurePosixPath(TYPEFACE_FILES[weight]).parts)
    if not path.is_file():
        raise FileNotFoundError(f"typeface file {path} is missing")
    return path


def set_window_icon() -> None:
    """Give the window the project's icon instead of pygame's; silently skipped if unavailable."""
    import pygame

    with contextlib.suppress(OSError, ValueError, pygame.error):
        pygame.display.set_icon(pygame.image.load(str(asset_path(ICON))))


# --------------------------------------------------------------------------- stdio


def ensure_stdio() -> None:
    """Make print() and sys.stdout.flush() safe in a windowed (no-console) frozen program.

    A windowed build on Windows starts with sys.stdout/stderr = None. Run from a console, the
    program attaches to that console so `spades.exe rules` still prints there; started by a
    double-click it writes to the null device. Streams that exist (a pipe, a file, a console
    build) are left alone.
    """
    if sys.stdout is not None and sys.stderr is not None:
        return
    if sys.platform == "win32" and _attach_parent_console():
        try:
            if sys.stdout is None:
                sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115
            if sys.stderr is None:
                sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115
            if sys.stdin is None:
                sys.stdin = open("CONIN$", encoding="utf-8", errors="replace")  # noqa: SIM115
        except OSError:
            pass
    if sys.stdout is None or sys.stderr is None:
        sink = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        if sys.stdout is None:
            sys.stdout = sink
        if sys.stderr is None:
            sys.stderr = sink


def _attach_parent_console() -> bool:
    """Windows: attach to the console of the process that started us, if it has one."""
    try:
        return bool(kernel32().AttachConsole(0xFFFFFFFF))  # ATTACH_PARENT_PROCESS
    except (AttributeError, OSError):
        return False


# --------------------------------------------------------------------------- start-up time


def seconds_since_launch() -> float | None:
    """Wall seconds since this program was launched; None where the OS will not say.

    "Launched" is the start of the process, or, in a one-file frozen build, of its parent: the
    bootloader that unpacks the bundle and then starts this process from the same executable.
    """
    try:
        if sys.platform.startswith("linux"):
            return _since_launch_linux()
        if sys.platform == "win32":
            return _since_launch_windows()
        if sys.platform == "darwin":
            return _since_launch_macos()
    except (OSError, ValueError, AttributeError, IndexError):
        pass
    return None


def _since_launch_linux() -> float:
    def start_ticks(pid: int) -> int:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return int(stat[stat.rindex(")") + 2 :].split()[19])  # field 22, starttime

    pid, ppid = os.getpid(), os.getppid()
    # A one-file build runs as the child of a bootloader process of the same executable.
    with contextlib.suppress(OSError):
        if is_frozen() and os.readlink(f"/proc/{ppid}/exe") == os.readlink("/proc/self/exe"):
            pid = ppid
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    return uptime - start_ticks(pid) / os.sysconf("SC_CLK_TCK")


def kernel32() -> Any:
    """A private kernel32 handle with the prototypes used here (Windows only)."""
    import ctypes
    from ctypes import wintypes

    k32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]  # Windows only
    proto = {
        "AttachConsole": (wintypes.BOOL, [wintypes.DWORD]),
        "GetCurrentProcess": (wintypes.HANDLE, []),
        "OpenProcess": (wintypes.HANDLE, [wintypes.DWORD, wintypes.BOOL, wintypes.DWORD]),
        "CloseHandle": (wintypes.BOOL, [wintypes.HANDLE]),
        "SetPriorityClass": (wintypes.BOOL, [wintypes.HANDLE, wintypes.DWORD]),
        "QueryFullProcessImageNameW": (
            wintypes.BOOL,
            [wintypes.HANDLE, wintypes.DWORD, wintypes.LPWSTR, ctypes.POINTER(wintypes.DWORD)],
        ),
        "GetProcessTimes": (
            wintypes.BOOL,
            [wintypes.HANDLE] + [ctypes.POINTER(wintypes.FILETIME)] * 4,
        ),
    }
    for name, (restype, argtypes) in proto.items():
        fn = getattr(k32, name)
        fn.restype, fn.argtypes = restype, argtypes
    return k32


def _since_launch_windows() -> float:
    import ctypes
    from ctypes import wintypes

    k32 = kernel32()
    query = 0x1000  # PROCESS_QUERY_LIMITED_INFORMATION

    def image(handle: Any) -> str:
        buf = ctypes.create_unicode_buffer(32768)
        size = wintypes.DWORD(len(buf))
        if not k32.QueryFullProcessImageNameW(handle, 0, buf, ctypes.byref(size)):
            raise OSError("QueryFullProcessImageNameW failed")
        return buf.value.lower()

    def created(handle: Any) -> float:
        times = [wintypes.FILETIME() for _ in range(4)]
        if not k32.GetProcessTimes(handle, *(ctypes.byref(t) for t in times)):
            raise OSError("GetProcessTimes failed")
        ticks = (times[0].dwHighDateTime << 32) | times[0].dwLowDateTime  # 100 ns since 1601
        return ticks / 1e7 - 11644473600.0

    me = k32.GetCurrentProcess()
    parent = k32.OpenProcess(query, False, os.getppid()) if is_frozen() else None
    try:
        if parent and image(parent) == image(me):  # the one-file bootloader
            return time.time() - created(parent)
        return time.time() - created(me)
    finally:
        if parent:
            k32.CloseHandle(parent)


def _since_launch_macos() -> float:
    """Our own start (the .app is a folder build: no bootloader parent to look at)."""
    import ctypes
    import ctypes.util

    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.sysctl.restype = ctypes.c_int
    libc.sysctl.argtypes = [
        ctypes.POINTER(ctypes.c_int), ctypes.c_uint, ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p, ctypes.c_size_t,
    ]  # fmt: skip
    mib = (ctypes.c_int * 4)(1, 14, 1, os.getpid())  # CTL_KERN, KERN_PROC, KERN_PROC_PID
    buf = ctypes.create_string_buffer(1024)  # struct kinfo_proc; p_starttime comes first
    size = ctypes.c_size_t(len(buf))
    if libc.sysctl(mib, 4, buf, ctypes.byref(size), None, 0) != 0 or size.value < 16:
        raise OSError("sysctl failed")
    sec = int.from_bytes(buf.raw[0:8], sys.byteorder, signed=True)
    usec = int.from_bytes(buf.raw[8:12], sys.byteorder, signed=True)
    return time.time() - (sec + usec / 1e6)


def print_first_frame() -> None:
    """Print `first frame after 0.412 s` (seconds since launch; `?` if the OS will not say).

    The App calls this once, after its first flipped frame, when the environment has
    SPADES_EXIT_AFTER_FIRST_FRAME=1, and then leaves: the start-up measure of docs/BUILD.md.
    """
    secs = seconds_since_launch()
    print(f"first frame after {'?' if secs is None else f'{secs:.3f}'} s", flush=True)
