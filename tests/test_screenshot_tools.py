"""The screenshot scripts: every screen goes to screenshots/ (not committed), the full set runs
each script that has its own data folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.tools import tool

ROOT = Path(__file__).resolve().parent.parent


def test_the_full_set_runs_the_menu_practice_and_progress_scripts(monkeypatch):
    shots = tool("screenshots")
    ran: list[tuple[str, str]] = []

    def run(cmd: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        ran.append((Path(cmd[1]).name, cmd[2]))
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(shots.subprocess, "run", run)
    monkeypatch.setattr(sys, "argv", ["screenshots.py", "menus", "practice", "progress"])
    assert shots.main() == 0
    out = str(ROOT / "screenshots")
    assert ran == [
        ("menu_screenshots.py", out),
        ("practice_screenshots.py", out),
        ("progress_screenshots.py", out),
    ]


def test_practice_screenshots_go_to_the_uncommitted_folder(monkeypatch):
    practice = tool("practice_screenshots")
    folders: list[Path] = []
    monkeypatch.setattr(practice, "replay_shots", lambda out, size: folders.append(out) or [])
    monkeypatch.setattr(practice, "guide_shots", lambda out, size: [])
    monkeypatch.setattr(Path, "mkdir", lambda self, **_: None)
    assert practice.main(["--sizes", "1280x720"]) == 0
    assert folders == [ROOT / "screenshots"]


def test_progress_screenshots_go_to_the_uncommitted_folder(monkeypatch):
    progress = tool("progress_screenshots")
    folders: list[Path] = []
    monkeypatch.setattr(progress, "shots", lambda folder: folders.append(folder) or [])
    monkeypatch.setattr(sys, "argv", ["progress_screenshots.py"])
    assert progress.main() == 0
    assert folders == [ROOT / "screenshots"]
