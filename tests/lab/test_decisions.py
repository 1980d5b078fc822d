"""The computer players' decisions on fixed seeds are those pinned in lab/decisions.json."""

from __future__ import annotations

import json

import pytest

from lab.decisions import PINNED, RUNS, Run, fingerprint

PIN = json.loads(PINNED.read_text(encoding="utf-8"))


def test_every_run_is_pinned() -> None:
    assert sorted(PIN) == sorted(r.name for r in RUNS)


@pytest.mark.parametrize("run", RUNS, ids=lambda r: r.name)
def test_the_decisions_are_the_pinned_ones(run: Run) -> None:
    # A change here means a computer player decides differently: meant only with a measured
    # match (docs/AI.md), then `python -m lab.decisions --write`.
    assert fingerprint(run) == PIN[run.name]


def test_the_fingerprint_follows_the_play() -> None:
    a = Run("classic", "easy,easy,easy,easy", 2, 1)
    assert fingerprint(a) == fingerprint(a)
    assert fingerprint(a) != fingerprint(Run("classic", "easy,easy,easy,easy", 2, 2))
