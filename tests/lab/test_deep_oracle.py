"""lab/deep_oracle.py: the oracle solving exactly from more cards left to play."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lab.deep_oracle
from lab.seats import LabTable
from spades_gui.ai.arena import simulate
from spades_gui.engine.presets import preset_rules

LEVELS = ["oracle", "baseline", "oracle", "baseline"]


def deep() -> Any:
    """The tool as a module."""
    return lab.deep_oracle


def test_at_the_oracles_own_depth_it_plays_the_oracles_match() -> None:
    rules = preset_rules("classic")
    own = simulate(rules, LEVELS, 5, hands=3, duplicate=True, table=LabTable)
    same = simulate(rules, LEVELS, 5, hands=3, duplicate=True, table=deep().deep_table(20))
    assert same["pairs"] == own["pairs"]


def test_the_deeper_solve_is_what_its_oracle_seats_use() -> None:
    tb = deep().deep_table(28)(preset_rules("classic"), LEVELS, 5, None, True)
    depths = [getattr(p, "solve_cards", None) for p in tb.policies]
    assert [d for lv, d in zip(tb.levels, depths) if lv == "oracle"] == [28, 28]


def test_the_command_prints_the_match_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert deep().main(["pagat", "1", "3", "24"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solve_cards"] == 24 and out["deal_pairs"] == 1 and out["rules"] == "pagat"


def test_a_depth_outside_the_deck_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert deep().main(["pagat", "1", "3", "60"]) == 2
    assert "CARDS" in capsys.readouterr().err
