"""lab/margin_parts.py: a duplicate margin split by part and by the score before each hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lab.margin_parts

LEVELS = ["medium", "baseline", "medium", "baseline"]


def margin_parts() -> Any:
    """The tool as a module."""
    return lab.margin_parts


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """Twelve Championship deal pairs, Medium against the baseline."""
    return dict(margin_parts().play("championship", 12, 5, LEVELS))


def test_every_hand_is_kept_with_the_score_before_it(played: dict[str, Any]) -> None:
    hands = played["hand_parts"]
    assert len(hands) == 2 * played["deal_pairs"]
    # the twin tables alternate: each table's hands are every other row
    for table in (hands[0::2], hands[1::2]):
        lead = 0
        game = table[0]["game"]
        for h in table:
            if h["game"] != game:
                game, lead = h["game"], 0
            assert h["lead_before"] == lead
            lead += sum(h["us"].values()) - sum(h["them"].values())
    assert any(h["lead_before"] != 0 for h in hands)


def test_the_parts_add_up_to_the_margin(played: dict[str, Any]) -> None:
    hands = played["hand_parts"]
    margin = sum(sum(h["us"].values()) - sum(h["them"].values()) for h in hands) / len(hands)
    assert margin == pytest.approx(played["margin_per_hand"]["mean"], abs=0.01)
    lines = margin_parts().split(played)
    parts = [float(ln.split()[-1]) for ln in lines[2:7]]
    assert sum(parts) == pytest.approx(margin, abs=0.05)
    by_lead = [float(ln.split("%)")[1].split()[1]) for ln in lines[8:]]
    assert sum(by_lead) == pytest.approx(margin, abs=0.05)


def test_a_file_that_is_not_a_play_output_gets_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "run.json"
    bad.write_text(json.dumps({"margin_per_hand": {"mean": 1.0}}), encoding="utf-8")
    assert margin_parts().main(["show", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(str(bad)) and "\n" not in err
