"""lab/nil_hands.py: hands with a nil alone, paired between two versions."""

from __future__ import annotations

from typing import Any

import lab.nil_hands


def nil_hands() -> Any:
    """The tool as a module."""
    return lab.nil_hands


def test_only_hands_with_a_nil_are_kept_and_comebacks_bring_blind_nils() -> None:
    """Every kept hand has a nil; the games started 250 behind bring the baseline's blind nil."""
    rows = nil_hands().play("championship", 12, 1, "baseline")
    assert rows
    assert all(r[1] + r[3] >= 1 for r in rows.values()), rows
    comebacks = [k for k in rows if int(k.split("/")[0]) % 4 == 3]
    assert len(comebacks) == 6
    assert all(rows[k][3] == 1 for k in comebacks)


def test_a_run_against_itself_differs_by_nothing() -> None:
    """The same rows compared: no difference, no hand changed."""
    t = nil_hands()
    rows = t.play("championship", 8, 1, "baseline")
    text = t.compare(rows, rows)
    assert "all: " in text and "+0.00 ± 0.00 points a hand (0 changed)" in text, text
