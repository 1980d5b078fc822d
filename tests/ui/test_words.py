"""The game in words: game over, the score pad's bids, the hand summary's nils (issue 11),
and bid words with hint-style team totals."""

from __future__ import annotations

from types import SimpleNamespace

from spades_gui.controller.events import HandFacts
from spades_gui.engine import preset_rules
from spades_gui.engine.actions import BidAction
from spades_gui.engine.bids import BLIND, BLIND_NIL, NIL, hint_base
from spades_gui.engine.game import EndReason  # noqa: E402
from spades_gui.engine.scoring import NilResult, TeamHand, TeamNeed
from spades_gui.ui.words import (
    action_title,
    bid_label,
    bid_text,
    game_over_line,
    needs_lines,
    pad_bid,
    result_rows,
    seat_bid,
)

NAMES = ("You", "West", "Partner", "East")
CLASSIC = preset_rules("classic")


def test_both_teams_passing_the_target_is_said_plainly() -> None:
    rules = CLASSIC.with_options(target=200)
    line = game_over_line(1, EndReason.BOTH_OVER_TARGET, (234, 245), NAMES, rules)
    assert line == "Both teams passed 200; West & East win, 245 to 234"


def test_other_endings_put_the_winners_score_first() -> None:
    assert (
        game_over_line(0, EndReason.TARGET, (260, 180), NAMES, CLASSIC.with_options(target=250))
        == "You & Partner reached 250: 260 to 180"
    )
    assert (
        game_over_line(
            0, EndReason.FLOOR, (40, -260), NAMES, CLASSIC.with_options(losing_floor=-250)
        )
        == "West & East fell to −250; You & Partner win, 40 to −260"
    )
    assert (
        game_over_line(
            1, EndReason.TIME_LIMIT, (100, 120), NAMES, CLASSIC.with_options(time_limit_min=30)
        )
        == "Time ran out after 30 minutes; West & East win, 120 to 100"
    )
    assert (
        game_over_line(
            0, EndReason.MATCH_HANDS, (300, 120), NAMES, CLASSIC.with_options(match_hands=3)
        )
        == "You & Partner win with the higher score after 3 hands, 300 to 120"
    )


def _hand(bids: list[int | None]) -> HandFacts:
    def contract(t: int) -> int:
        return sum(b for b in (bids[t], bids[t + 2]) if b is not None and b < NIL)

    return HandFacts(
        1, 0, (1, 2, 3, 0), tuple(bids), (contract(0), contract(1)), "done", (0, 3, 5, 5)
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
    rows = dict(result_rows(SimpleNamespace(teams=[us, them]), hand, NAMES, CLASSIC))
    assert rows["Nil"][0][0] == "Your blind nil made it"
    us.nils = [NilResult(2, False, False, -50)]
    rows = dict(result_rows(SimpleNamespace(teams=[us, them]), hand, NAMES, CLASSIC))
    assert rows["Nil"][0][0] == "Partner's nil failed"


def test_bid_words_come_from_the_engine_everywhere() -> None:
    assert [bid_text(b) for b in (None, 4, NIL, BLIND_NIL, BLIND + 6)] == [
        "no bid",
        "4",
        "nil",
        "blind nil",
        "blind 6",
    ]
    assert bid_label(BLIND + 6, None) == "Blind 6" and bid_label(NIL, 3) == "Nil"
    assert action_title(BidAction(NIL), "hard") == "Hard would bid nil"


def test_hint_style_numbers_are_team_totals_once_partner_has_hinted() -> None:
    online = preset_rules("online")
    assert online.bid_style == "hint"
    bids: list[int | None] = [None, None, 3, None]
    assert hint_base(online, bids, 0) == 3 and hint_base(CLASSIC, bids, 0) is None
    assert hint_base(online, [None, None, NIL, None], 0) is None
    assert bid_label(2, hint_base(online, bids, 0)) == "5"
    assert action_title(BidAction(2), "hard", 3) == "Hard would make the team's total 5"
    facts = HandFacts(1, 3, (0, 1, 2, 3), (3, None, 2, None))
    assert seat_bid(facts, 0, online) == "Hint 3" and seat_bid(facts, 2, online) == "Team 5"
    assert seat_bid(facts, 0, CLASSIC) == "Bid 3"


def test_what_each_side_needs_in_words() -> None:
    """Issue 59 (14): the line for each side, from the engine's count."""
    us, them = TeamNeed(5, 3, 8), TeamNeed(4, 1, 8)
    assert needs_lines(us, them) == (
        "We need 2 more · They need 7 to set us",
        "They need 3 more · We need 6 to set them",
    )
    assert needs_lines(TeamNeed(5, 6, 2), TeamNeed(8, 2, 2)) == (
        "We have made our bid",
        "They are set",
    )
    assert needs_lines(TeamNeed(0, 0, 5), TeamNeed(10, 10, 3, exact=True)) == (
        "We bid no tricks",
        "They have exactly 10: one more trick sets them",
    )
    assert needs_lines(TeamNeed(10, 11, 2, exact=True), TeamNeed(3, 2, 1))[0] == "We are set"
