"""Endgame scenarios judged by tests/ai/every_lie.py: every lie of the unseen cards, played out
by the reference rules, decides the right card (the AI's own solver and lies take no part)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.ai.every_lie import Endgame, best_cards, judge
from tests.reference import spades_ref as ref

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("*.json"))
MARGIN = 5.0  # points a lie, on average, by which each accepted card beats every other card


def load(path: Path) -> dict[str, Any]:
    """A scenario file as JSON."""
    sc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return sc


EVERY_LIE = [p for p in SCENARIOS if load(p).get("every_lie")]
EXACT = [p for p in SCENARIOS if load(p).get("exact")]


def test_there_are_enough_every_lie_scenarios() -> None:
    assert len(EVERY_LIE) >= 15
    for path in EVERY_LIE:
        sc = load(path)
        assert f"{sc['every_lie']} lies" in sc["why"], path.name


@pytest.mark.parametrize("path", EVERY_LIE, ids=[p.stem for p in EVERY_LIE])
def test_every_lie_scenario_holds_the_best_card_on_average(path: Path) -> None:
    """Its accepted cards score more than every other legal card, on average over every lie of
    the unseen cards, by MARGIN points at least; and the lies are as many as its reason says."""
    sc = load(path)
    vals, n = judge(sc)
    assert n == sc["every_lie"]
    mean = {c: sum(a) / n for c, a in vals.items()}
    right = set(sc["accept"])
    assert right and right < set(vals), sorted(vals)
    for c in right:
        for d in set(vals) - right:
            assert mean[c] >= mean[d] + MARGIN, (c, mean[c], d, mean[d])


@pytest.mark.parametrize("path", EXACT, ids=[p.stem for p in EXACT])
def test_the_exact_scenarios_agree_with_the_reference(path: Path) -> None:
    """The scenarios the AI's own solver judged (never worse in any lie) come out the same when
    every lie is played out by the reference rules instead."""
    sc = load(path)
    vals, _ = judge(sc)
    assert best_cards(vals) == sc["accept"]


def _tiny() -> dict[str, Any]:
    """Two cards each, no trumps left: partner's J♦ winning, my Q♦ 4♦, three unseen cards."""
    opts_deck = ref.deck({"jokers": False, "jokers_replace": "2H2D"})
    hand, trick, unseen = ["QD", "4D"], ["3D", "JD", "2C"], ["5D", "KD", "5C"]
    gone = [c for c in opts_deck if c not in hand + trick + unseen]
    return {
        "rules": "classic",
        "seat": 0,
        "hand": hand,
        "trick": trick,
        "leader": 1,
        "bids": [4, 3, "nil", 3],
        "tricks_won": [5, 3, 0, 3],
        "gone": gone,
        "voids": {"3": ["D"]},
    }


def test_the_judge_deals_every_lie_that_fits_the_counts_and_voids() -> None:
    g = Endgame(_tiny())
    # one card each; East showed no diamond, so it holds the 5♣ and West and North the diamonds
    assert sorted((lie[1], lie[2], lie[3]) for lie in g.lies()) == [
        (["5D"], ["KD"], ["5C"]),
        (["KD"], ["5D"], ["5C"]),
    ]
    sc = _tiny()
    sc["voids"] = {}
    assert len(list(Endgame(sc).lies())) == 6


def test_the_judge_scores_partners_nil_by_the_reference() -> None:
    """Partner's J♦ is winning and my Q♦ alone takes it over: with the 5♦ left in partner's hand
    the Q♦ saves the nil (Classic's 50, and the trick it would give away); with the K♦ there
    the nil is lost on the last trick whatever I play."""
    vals, n = judge(_tiny())
    assert n == 2
    assert best_cards(vals) == ["QD"]
    queen, four = vals["QD"], vals["4D"]  # lie 0: North holds the K♦; lie 1: the 5♦
    assert queen[0] == four[0]
    assert queen[1] - four[1] >= 100
