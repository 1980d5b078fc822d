"""Windows' own Open dialog for a game record (coach/open_dialog.py), checked on any system: the
structure against commdlg.h's layout, and the dialog's answers through a stand-in comdlg32."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from spades_gui.coach import open_dialog, record_files
from spades_gui.coach.open_dialog import OPENFILENAMEW

# commdlg.h's OPENFILENAMEW, field by field, in Windows' own types.
HEADER = [
    ("lStructSize", "DWORD"),
    ("hwndOwner", "HWND"),
    ("hInstance", "HINSTANCE"),
    ("lpstrFilter", "LPCWSTR"),
    ("lpstrCustomFilter", "LPWSTR"),
    ("nMaxCustFilter", "DWORD"),
    ("nFilterIndex", "DWORD"),
    ("lpstrFile", "LPWSTR"),
    ("nMaxFile", "DWORD"),
    ("lpstrFileTitle", "LPWSTR"),
    ("nMaxFileTitle", "DWORD"),
    ("lpstrInitialDir", "LPCWSTR"),
    ("lpstrTitle", "LPCWSTR"),
    ("Flags", "DWORD"),
    ("nFileOffset", "WORD"),
    ("nFileExtension", "WORD"),
    ("lpstrDefExt", "LPCWSTR"),
    ("lCustData", "LPARAM"),
    ("lpfnHook", "LPOFNHOOKPROC"),
    ("lpTemplateName", "LPCWSTR"),
    ("pvReserved", "void*"),
    ("dwReserved", "DWORD"),
    ("FlagsEx", "DWORD"),
]


def layout(pointer: int) -> tuple[list[tuple[str, int, int]], int]:
    """(name, offset, size) of each field and the whole size, by C's rules on Windows: each
    field at a multiple of its size, the whole a multiple of the largest."""
    sizes = {"DWORD": 4, "WORD": 2}
    out, at = [], 0
    for name, kind in HEADER:
        size = sizes.get(kind, pointer)
        at = -(-at // size) * size
        out.append((name, at, size))
        at += size
    most = max(size for _, _, size in out)
    return out, -(-at // most) * most


def test_the_structure_has_windows_layout() -> None:
    assert layout(8)[1] == 152  # 64-bit Windows, the known figure
    assert layout(4)[1] == 88  # 32-bit Windows (76 without the last three: Windows 2000's)
    fields, size = layout(ctypes.sizeof(ctypes.c_void_p))
    got = [(n, getattr(OPENFILENAMEW, n).offset, getattr(OPENFILENAMEW, n).size) for n, _ in HEADER]
    assert [name for name, _ in OPENFILENAMEW._fields_] == [name for name, _ in HEADER]
    assert got == fields
    assert ctypes.sizeof(OPENFILENAMEW) == size


def test_the_flags_are_windows_values() -> None:
    # commdlg.h: OFN_HIDEREADONLY 0x4, OFN_NOCHANGEDIR 0x8, OFN_PATHMUSTEXIST 0x800,
    # OFN_FILEMUSTEXIST 0x1000
    assert open_dialog.FLAGS == 0x180C


def wide(pointer: Any) -> str:
    """The characters at a wide-string pointer up to a double NUL (a filter list)."""
    chars: list[str] = []
    while chars[-2:] != ["\0", "\0"]:
        chars.append(pointer[len(chars)])
    return "".join(chars)


@dataclass
class FakeComdlg32:
    """comdlg32 as the module uses it: the dialog "answers" `chosen` ("" for Cancel) or fails
    with `error`; what it was shown is kept."""

    chosen: str = ""
    error: int = 0
    shown: list[dict[str, Any]] = field(default_factory=list)

    def GetOpenFileNameW(self, ofn_pointer: Any) -> int:  # noqa: N802  (Windows' name)
        ofn = ofn_pointer.contents
        self.shown.append(
            {
                "size": ofn.lStructSize,
                "owner": ofn.hwndOwner,
                "title": ofn.lpstrTitle,
                "filter": wide(ofn.lpstrFilter),
                "filter_index": ofn.nFilterIndex,
                "folder": ofn.lpstrInitialDir,
                "flags": ofn.Flags,
                "room": ofn.nMaxFile,
            }
        )
        if self.error or not self.chosen:
            return 0
        assert len(self.chosen) < ofn.nMaxFile
        for i, ch in enumerate(self.chosen + "\0"):
            ofn.lpstrFile[i] = ch
        return 1

    def CommDlgExtendedError(self) -> int:  # noqa: N802  (Windows' name)
        return self.error


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> FakeComdlg32:
    """A stand-in comdlg32 for the module, and a display (not SDL's dummy driver)."""
    fake = FakeComdlg32()
    monkeypatch.setattr(open_dialog, "DLL", fake)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    return fake


def test_a_chosen_record_is_returned(windows: FakeComdlg32, tmp_path: Path) -> None:
    windows.chosen = "C:\\Users\\Zoë\\My Records\\hand 1.json"
    owner = 0x7FFF_1234_5678  # a 64-bit window handle arrives whole
    assert record_files.pick_record_file(tmp_path, owner, platform="win32") == windows.chosen
    assert windows.shown == [
        {
            "size": ctypes.sizeof(OPENFILENAMEW),
            "owner": owner,
            "title": "Open a game record",
            "filter": "Game records (*.json)\0*.json\0All files (*.*)\0*.*\0\0",
            "filter_index": 1,
            "folder": str(tmp_path),
            "flags": open_dialog.FLAGS,
            "room": open_dialog.FILE_CHARS,
        }
    ]


def test_the_dialog_starts_in_the_exports_folder(windows: FakeComdlg32, home: Path) -> None:
    assert record_files.pick_record_file(platform="win32") == ""
    assert windows.shown[0]["folder"] == str(home / "exports")
    assert windows.shown[0]["owner"] is None  # no window to sit on: none given


def test_cancel_is_an_empty_answer(windows: FakeComdlg32, tmp_path: Path) -> None:
    assert record_files.pick_record_file(tmp_path, platform="win32") == ""


def test_a_dialog_that_fails_is_no_picker(windows: FakeComdlg32, tmp_path: Path) -> None:
    windows.error = 0x3003  # FNERR_BUFFERTOOSMALL
    assert record_files.pick_record_file(tmp_path, platform="win32") is None


def test_windows_offers_the_picker_when_comdlg32_loads(
    windows: FakeComdlg32, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert record_files.picker_available("win32")
    monkeypatch.setattr(open_dialog, "DLL", False)  # it did not load
    assert not record_files.picker_available("win32")
    assert record_files.pick_record_file(platform="win32") is None


def test_no_picker_under_the_dummy_driver(
    windows: FakeComdlg32, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not record_files.picker_available("win32")
    assert record_files.pick_record_file(platform="win32") is None
    assert windows.shown == []


def test_comdlg32_does_not_load_off_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    if hasattr(ctypes, "WinDLL"):
        pytest.skip("Windows: comdlg32 is there")
    monkeypatch.setattr(open_dialog, "DLL", None)
    assert open_dialog.comdlg32() is None
    assert open_dialog.ask_open_file(Path.cwd()) is None
