"""The speech tests' fixture: speech written to a log, no voice."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def said(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Speech logged to a file, no voice."""
    monkeypatch.setenv("SPADES_SPEECH_LOG", str(home / "said.txt"))
    monkeypatch.setenv("SPADES_SPEECH_VOICE", "none")
    return home / "said.txt"
