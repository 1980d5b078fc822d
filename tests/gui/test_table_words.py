"""The table's words: game over, the score pad's bids, the hand summary's nils (issue 11)."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from spades_gui.engine import preset_rules  # noqa: E402
from spades_gui.engine.bids import BLIND_NIL, NIL  # noqa: E402
from spades_gui.engine.scoring import NilResult, TeamHand  # noqa: E402
from spades_gui.ui.table_panels import game_over_line, pad_bid, result_rows  # noqa: E402

NAMES = ("You", "West", "Partner", "East")


def test_both_teams_passing_the_target_is_said_plainly() -> None:
    line = game_over_line(1, "both passed 200; higher score", (234, 245), NAMES)
    assert line == "Both teams passed 200; West & East win, 245 to 234"


def test_other_endings_put_the_winners_score_first() -> None:
    assert (
        game_over_line(0, "reached 250", (260, 180), NAMES)
        == "You & Partner reached 250: 260 to 180"
    )
    assert (
        game_over_line(0, "the other team fell to -250", (40, -260), NAMES)
        == "West & East fell to −250; You & Partner win, 40 to −260"
    )
    assert (
        game_over_line(1, "higher score when 30 minutes ran out", (100, 120), NAMES)
        == "Time ran out after 30 minutes; West & East win, 120 to 100"
    )
    assert (
        game_over_line(0, "higher score after 3 hands", (300, 120), NAMES)
        == "You & Partner win with the higher score after 3 hands, 300 to 120"
    )


def _hand(bids: list[int | None]) -> SimpleNamespace:
    def contract(t: int) -> int:
        return sum(b for b in (bids[t], bids[t + 2]) if b is not None and b < NIL)

    return SimpleNamespace(
        bids=bids,
        team_contract=contract,
        tricks_won=[0, 3, 5, 5],
        reneges=[],
        rules=preset_rules("classic"),
        order=[1, 2, 3, 0],
    )


def test_the_score_pad_names_a_blind_nil() -> None:
    hand = _hand([BLIND_NIL, 4, 3, 2])
    assert pad_bid(hand, 0) == "3 + blind nil"
    assert pad_bid(hand, 1) == "6"
    assert pad_bid(_hand([NIL, 4, NIL, 2]), 0) == "nil + nil"


def test_the_hand_summary_says_whose_nil_made_it() -> None:
    hand = _hand([BLIND_NIL, 4, 3, 2])
    team = dict(
        contract=3,
        tricks=5,
        made=True,
        contract_points=30,
        overtricks=2,
        bag_points=2,
        bag_penalty=0,
        renege_points=0,
    )
    us = TeamHand(**team, nils=[NilResult(0, True, True, 100)], nil_points=100)
    them = TeamHand(**team)
    rows = dict(
        result_rows(SimpleNamespace(teams=[us, them]), hand, NAMES, preset_rules("classic"))
    )
    assert rows["Nil"][0][0] == "Your blind nil made it"
    us.nils = [NilResult(2, False, False, -50)]
    rows = dict(
        result_rows(SimpleNamespace(teams=[us, them]), hand, NAMES, preset_rules("classic"))
    )
    assert rows["Nil"][0][0] == "Partner's nil failed"
