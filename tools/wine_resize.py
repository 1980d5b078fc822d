"""Resize the Spades window from inside Windows, as dragging its edge would (under Wine).

    wine python.exe tools/wine_resize.py WIDTH HEIGHT

Run by the Windows CPython of tools/build-windows.sh (tools/wine_window.py calls it). Wine passes
a resize made through the Windows API on to the program every time; one made from outside on the
X server (`xdotool windowsize`, no window manager) it sometimes does not (docs/BUILD.md). Moves
the window so its inside (the part the program draws) is WIDTH x HEIGHT at the screen's top-left
corner, then prints that inside's size as Windows reports it: "client 1920x1080".
"""

from __future__ import annotations

import ctypes
import sys
from ctypes import wintypes

GWL_STYLE, GWL_EXSTYLE = -16, -20
SWP_NOZORDER, SWP_NOACTIVATE = 0x0004, 0x0010


def main(argv: list[str]) -> int:
    """Resize the window; 0 when Windows reports the inside at the size asked for."""
    width, height = int(argv[0]), int(argv[1])
    user32 = ctypes.WinDLL("user32", use_last_error=True)  # type: ignore[attr-defined]
    user32.FindWindowW.argtypes = [wintypes.LPCWSTR, wintypes.LPCWSTR]
    user32.FindWindowW.restype = wintypes.HWND
    user32.GetWindowLongW.argtypes = [wintypes.HWND, ctypes.c_int]
    user32.GetWindowLongW.restype = wintypes.LONG
    user32.AdjustWindowRectEx.argtypes = [
        ctypes.POINTER(wintypes.RECT),
        wintypes.DWORD,
        wintypes.BOOL,
        wintypes.DWORD,
    ]
    user32.SetWindowPos.argtypes = [
        wintypes.HWND,
        wintypes.HWND,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_uint,
    ]
    user32.GetClientRect.argtypes = [wintypes.HWND, ctypes.POINTER(wintypes.RECT)]
    window = user32.FindWindowW(None, "Spades")  # the game's window, by its title
    if not window:
        print("wine_resize.py: no window named Spades", file=sys.stderr)
        return 1
    style = user32.GetWindowLongW(window, GWL_STYLE) & 0xFFFFFFFF
    exstyle = user32.GetWindowLongW(window, GWL_EXSTYLE) & 0xFFFFFFFF
    frame = wintypes.RECT(0, 0, width, height)
    user32.AdjustWindowRectEx(ctypes.byref(frame), style, False, exstyle)
    user32.SetWindowPos(
        window,
        None,
        frame.left,
        frame.top,
        frame.right - frame.left,
        frame.bottom - frame.top,
        SWP_NOZORDER | SWP_NOACTIVATE,
    )
    inside = wintypes.RECT()
    user32.GetClientRect(window, ctypes.byref(inside))
    print(f"client {inside.right}x{inside.bottom}")
    return 0 if (inside.right, inside.bottom) == (width, height) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
