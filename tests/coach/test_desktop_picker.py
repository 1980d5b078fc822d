"""Linux: the desktop's own Open dialog (zenity, or kdialog) opens a record, run for real as a
program on the PATH (a stand-in script here, answering as the real one does)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from spades_gui.coach import record_files

pytestmark = pytest.mark.skipif(os.name == "nt", reason="shell scripts stand in for the pickers")


def stand_in(bin_dir: Path, name: str, answer: str, code: int) -> Path:
    """A program `name` that notes its arguments and library path, prints `answer`, exits."""
    bin_dir.mkdir(exist_ok=True)
    log = bin_dir / f"{name}.args"
    script = bin_dir / name
    script.write_text(
        "#!/bin/sh\n"
        f'for a in "$@"; do echo "$a"; done > "{log}"\n'
        f'echo "LD=$LD_LIBRARY_PATH" >> "{log}"\n'
        f"printf '%s\\n' '{answer}'\n"
        f"exit {code}\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    return log


@pytest.fixture
def desktop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A display, no dummy video driver, and a PATH holding only the stand-ins."""
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    return tmp_path / "bin"


def test_zenity_opens_a_record_in_the_exports_folder(desktop: Path, tmp_path: Path) -> None:
    chosen = str(tmp_path / "my hand.json")
    log = stand_in(desktop, "zenity", chosen, 0)
    assert record_files.picker_available("linux")
    assert record_files.pick_record_file(tmp_path / "exports", platform="linux") == chosen
    args = log.read_text(encoding="utf-8").splitlines()
    assert "--file-selection" in args and "--title=Open a game record" in args
    assert f"--filename={tmp_path / 'exports'}{os.sep}" in args
    assert "--file-filter=Game records | *.json" in args


def test_a_cancelled_or_failed_picker(desktop: Path, tmp_path: Path) -> None:
    stand_in(desktop, "zenity", "", 1)
    assert record_files.pick_record_file(tmp_path, platform="linux") == ""  # cancelled
    stand_in(desktop, "zenity", "", 5)
    assert record_files.pick_record_file(tmp_path, platform="linux") is None  # the typed path


def test_kdialog_where_there_is_no_zenity(desktop: Path, tmp_path: Path) -> None:
    chosen = str(tmp_path / "a.json")
    log = stand_in(desktop, "kdialog", chosen, 0)
    assert record_files.pick_record_file(tmp_path, platform="linux") == chosen
    args = log.read_text(encoding="utf-8").splitlines()
    assert args[:5] == [
        "--title",
        "Open a game record",
        "--getopenfilename",
        str(tmp_path),
        "*.json",
    ]


def test_the_standalone_program_gives_the_picker_the_players_libraries(
    desktop: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = stand_in(desktop, "zenity", str(tmp_path / "a.json"), 0)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/tmp/_MEIbundle")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/usr/local/lib")
    assert record_files.pick_record_file(tmp_path, platform="linux")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "LD=/usr/local/lib"
