"""Windows' own Open dialog for a game record: comdlg32's GetOpenFileNameW, through ctypes."""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any

TITLE = "Open a game record"
# Pairs of (what the player reads, the pattern), each ended by a NUL, the list by a second one.
FILTER = "Game records (*.json)\0*.json\0All files (*.*)\0*.*\0\0"
OFN_HIDEREADONLY = 0x00000004  # no "Open as read-only" box: a record is only ever read
OFN_NOCHANGEDIR = 0x00000008  # the program's working folder stays where it was
OFN_PATHMUSTEXIST = 0x00000800
OFN_FILEMUSTEXIST = 0x00001000
FLAGS = OFN_FILEMUSTEXIST | OFN_PATHMUSTEXIST | OFN_NOCHANGEDIR | OFN_HIDEREADONLY
FILE_CHARS = 32768  # the longest path Windows allows, so a deep folder is no error

# Windows' own sizes, the same on every system these tests run on: DWORD and WORD are fixed
# widths (ctypes.wintypes.DWORD is a C long: 8 bytes on 64-bit Linux), handles are pointers.
DWORD = ctypes.c_uint32
WORD = ctypes.c_uint16
LPWSTR = ctypes.POINTER(ctypes.c_wchar)


class OPENFILENAMEW(ctypes.Structure):
    """commdlg.h's OPENFILENAMEW (152 bytes on 64-bit Windows, 88 on 32-bit)."""

    _fields_ = [
        ("lStructSize", DWORD),
        ("hwndOwner", ctypes.c_void_p),
        ("hInstance", ctypes.c_void_p),
        ("lpstrFilter", LPWSTR),
        ("lpstrCustomFilter", LPWSTR),
        ("nMaxCustFilter", DWORD),
        ("nFilterIndex", DWORD),
        ("lpstrFile", LPWSTR),
        ("nMaxFile", DWORD),
        ("lpstrFileTitle", LPWSTR),
        ("nMaxFileTitle", DWORD),
        ("lpstrInitialDir", ctypes.c_wchar_p),
        ("lpstrTitle", ctypes.c_wchar_p),
        ("Flags", DWORD),
        ("nFileOffset", WORD),
        ("nFileExtension", WORD),
        ("lpstrDefExt", ctypes.c_wchar_p),
        ("lCustData", ctypes.c_ssize_t),
        ("lpfnHook", ctypes.c_void_p),
        ("lpTemplateName", ctypes.c_wchar_p),
        ("pvReserved", ctypes.c_void_p),
        ("dwReserved", DWORD),
        ("FlagsEx", DWORD),
    ]


# comdlg32 once loaded, with its prototypes; False where it cannot be (not Windows). Tests put a
# stand-in here: an object with GetOpenFileNameW(pointer) and CommDlgExtendedError().
DLL: Any = None


def comdlg32() -> Any | None:
    """comdlg32 with the two functions used here prototyped; None where it does not load."""
    global DLL
    if DLL is None:
        DLL = False
        try:
            dll = ctypes.WinDLL("comdlg32")  # type: ignore[attr-defined]  # Windows only
            dll.GetOpenFileNameW.argtypes = [ctypes.POINTER(OPENFILENAMEW)]
            dll.GetOpenFileNameW.restype = ctypes.c_int  # BOOL
            dll.CommDlgExtendedError.argtypes = []
            dll.CommDlgExtendedError.restype = DWORD
            DLL = dll
        except (AttributeError, OSError):
            pass
    return DLL or None


def ask_open_file(initial: Path, owner: int | None = None) -> str | None:
    """The Open dialog over the window `owner` (its HWND), starting in `initial`: the chosen
    file's path, "" if the player cancelled, None if the dialog could not be shown."""
    dll = comdlg32()
    if dll is None:
        return None
    filters = ctypes.create_unicode_buffer(FILTER, len(FILTER))
    chosen = ctypes.create_unicode_buffer(FILE_CHARS)
    ofn = OPENFILENAMEW()
    ofn.lStructSize = ctypes.sizeof(OPENFILENAMEW)
    ofn.hwndOwner = owner or None
    ofn.lpstrFilter = ctypes.cast(filters, LPWSTR)
    ofn.nFilterIndex = 1
    ofn.lpstrFile = ctypes.cast(chosen, LPWSTR)
    ofn.nMaxFile = FILE_CHARS
    ofn.lpstrInitialDir = str(initial)
    ofn.lpstrTitle = TITLE
    ofn.Flags = FLAGS
    if dll.GetOpenFileNameW(ctypes.pointer(ofn)):
        return str(chosen.value)
    # No file: the player closed the dialog (no error), or it failed (then the typed path).
    return "" if dll.CommDlgExtendedError() == 0 else None
