"""Sleeping until the window has work, with SDL's blocking wait: an idle window uses no CPU.

pygame's `event.wait` polls (pump, look, sleep 1 ms, again), so a waiting window still wakes a
thousand times a second. SDL itself (2.0.16 and later) blocks on the system's event source and
is woken by an event posted from another thread (the AI worker's wake event) or by a timer.
This module calls that wait on the SDL library pygame loaded, with no event to fill in, so the
event stays queued for `pygame.event.get()`. Where that library is not found (or is another
copy of SDL than the one running the window), pygame's own wait is used.

Two things make SDL's own wait poll (pump, sleep 1 ms) instead: a video driver with no event
source to block on (dummy, offscreen: the tests and `spades bench`), and an open joystick, which
is why the App closes the joystick subsystem.
"""

from __future__ import annotations

import ctypes
import logging
import math
import re
import sys
from pathlib import Path
from typing import Any

import pygame

SDL_INIT_VIDEO = 0x20
_SDL_NAME = re.compile(r"^(lib)?SDL2([-.]|$)")  # SDL2.dll, libSDL2-2.0.so.0, not SDL2_ttf

_lib: Any = None
_looked = False
log = logging.getLogger(__name__)

SAFE_WAIT_S = 0.1  # what a window waits for in play when asked to wait an impossible time
# The tests set this: an impossible timeout raises there instead of being waited out safely.
strict = False


class BadTimeout(ValueError):
    """A wait asked for an infinite, not-a-number or negative number of seconds."""


def _candidates() -> list[str]:
    """Where pygame's SDL may be: mapped into this process (Linux), by name (Windows), beside
    pygame (wheels, macOS .dylibs, the frozen program)."""
    out: list[str] = []
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        maps = ""
    for line in maps.splitlines():
        parts = line.split(maxsplit=5)
        if len(parts) == 6 and _SDL_NAME.match(Path(parts[5]).name):
            out.append(parts[5])
    if sys.platform == "win32":
        out.append("SDL2.dll")  # the module pygame already loaded, found by its name
    base = Path(pygame.__file__).parent
    for folder in (base, base / ".dylibs", base.parent / "pygame_ce.libs"):
        if folder.is_dir():
            out += sorted(str(p) for p in folder.iterdir() if _SDL_NAME.match(p.name))
    return list(dict.fromkeys(out))


def _open(path: str) -> Any:
    """The library at path if it is the SDL running pygame's window (video initialised)."""
    try:
        lib = ctypes.CDLL(path)
        was_init, wait = lib.SDL_WasInit, lib.SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    was_init.restype, was_init.argtypes = ctypes.c_uint32, [ctypes.c_uint32]
    if not was_init(SDL_INIT_VIDEO) & SDL_INIT_VIDEO:
        return None  # another copy of SDL, not the one pygame runs
    wait.restype, wait.argtypes = ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]
    return lib


def sdl_library() -> Any:
    """pygame's own SDL library, or None where it cannot be found (looked up once)."""
    global _lib, _looked
    if not _looked and pygame.display.get_init():
        _looked = True
        _lib = next((lib for lib in map(_open, _candidates()) if lib is not None), None)
    return _lib


def wait_for_event(timeout_s: float | None) -> list[pygame.event.Event]:
    """Sleep until an event is queued or timeout_s passes (None: no limit); events it took.

    SDL's wait leaves the event queued, so it returns []; pygame's wait takes the event it
    wakes on, which is returned to be handled before the rest of the queue.
    """
    timeout_s = checked(timeout_s)
    ms = -1 if timeout_s is None else max(1, math.ceil(timeout_s * 1000))
    lib = sdl_library()
    if lib is not None:
        lib.SDL_WaitEventTimeout(None, ms)
        return []
    event = pygame.event.wait(0 if ms < 0 else ms)  # pygame's 0 means no limit
    return [] if event.type == pygame.NOEVENT else [event]


def checked(timeout_s: float | None) -> float | None:
    """The timeout if it is None or a finite number of seconds >= 0; otherwise BadTimeout under
    `strict` (the tests) and a short safe wait in play, logged: the window never closes over it."""
    if timeout_s is None or (math.isfinite(timeout_s) and timeout_s >= 0):
        return timeout_s
    if strict:
        raise BadTimeout(f"a wait of {timeout_s!r} seconds: a timed change must be finite")
    log.error("asked to wait %r seconds; waiting %s s instead", timeout_s, SAFE_WAIT_S)
    return SAFE_WAIT_S
