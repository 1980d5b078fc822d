"""outcome(): every way a scored hand ends a game, or puts its end off, in one place."""

from __future__ import annotations

import pytest

from spades_gui.engine import NIL, Rules
from spades_gui.engine.bids import BLIND_NIL
from spades_gui.engine.game import GOES_ON, EndReason, Game, GameOutcome, outcome
from spades_gui.engine.scoring import HandResult, score_hand

from .helpers import rules

EVEN = (3, 3, 3, 3)


def scored(
    r: Rules,
    scores: tuple[int, int],
    tricks: tuple[int, int, int, int] = EVEN,
    bids: tuple[int, int, int, int] = EVEN,
    double_nil: tuple[bool, bool] = (False, False),
) -> HandResult:
    """A hand scored from these totals (bags none) with these bids and tricks."""
    return score_hand(r, list(bids), list(tricks), scores, (0, 0), double_nil=double_nil)


def base(**changes: object) -> Rules:
    """Tournament-like rules to 500, no bags, changed as given."""
    return rules("pagat", target=500, match_hands=0, bag_value=0, bag_limit=0).with_options(
        **changes
    )


def test_nothing_ends_an_ordinary_hand() -> None:
    assert outcome(base(), scored(base(), (100, 200)), 5) is GOES_ON
    assert not GOES_ON.over and GOES_ON.words(base()) == ""


def test_reaching_the_target_wins() -> None:
    r = base()
    end = outcome(r, scored(r, (480, 300)), 7)
    assert end == GameOutcome(0, EndReason.TARGET) and end.over
    assert end.words(r) == "reached 500"


def test_both_over_the_target_the_higher_score_wins_and_a_tie_plays_on() -> None:
    r = base()
    end = outcome(r, scored(r, (470, 480), tricks=(3, 4, 3, 3)), 7)
    assert end == GameOutcome(1, EndReason.BOTH_OVER_TARGET)
    tie = outcome(r, scored(r, (470, 470)), 7)
    assert tie == GameOutcome(None, EndReason.BOTH_OVER_TARGET) and not tie.over
    sudden = outcome(base(tiebreak="most_tricks"), scored(r, (470, 470)), 7)
    assert sudden == GameOutcome(None, EndReason.BOTH_OVER_TARGET, sudden_death=True)


def test_the_losing_floor_loses_and_both_under_it_the_higher_score_wins() -> None:
    r = base(losing_floor=-200)
    end = outcome(r, scored(r, (-150, 100), tricks=(2, 4, 3, 4)), 4)
    assert end == GameOutcome(1, EndReason.FLOOR) and end.words(r) == "the other team fell to -200"
    fours = (4, 4, 4, 4)  # both teams set by 80
    both = outcome(r, scored(r, (-150, -130), tricks=(3, 3, 3, 4), bids=fours), 4)
    assert both == GameOutcome(1, EndReason.BOTH_UNDER_FLOOR)
    level = outcome(r, scored(r, (-200, -200), tricks=(3, 3, 3, 4), bids=fours), 4)
    assert level is GOES_ON


def test_a_made_double_nil_wins_where_the_rules_say_and_a_blind_one_always() -> None:
    r = base(double_nil_bid=True, double_nil_wins=True)
    bids = (NIL, 4, NIL, 4)
    made = scored(r, (-400, 300), tricks=(0, 6, 0, 7), bids=bids, double_nil=(True, False))
    assert outcome(r, made, 2) == GameOutcome(0, EndReason.DOUBLE_NIL)
    assert outcome(base(double_nil_bid=True), made, 2) is GOES_ON
    blind = (BLIND_NIL, 4, BLIND_NIL, 4)
    made_blind = scored(r, (-400, 300), tricks=(0, 6, 0, 7), bids=blind, double_nil=(True, False))
    end = outcome(base(double_nil_bid=True), made_blind, 2)
    assert end == GameOutcome(0, EndReason.BLIND_DOUBLE_NIL)
    assert end.words(r) == "made a Blind Double Nil"


def test_a_failed_double_nil_loses_where_the_rules_say_but_two_end_nothing() -> None:
    r = base(double_nil_bid=True, double_nil_loses=True)
    failed = scored(r, (0, 0), tricks=(1, 6, 0, 6), bids=(NIL, 4, NIL, 4), double_nil=(True, False))
    end = outcome(r, failed, 2)
    assert end == GameOutcome(1, EndReason.DOUBLE_NIL_FAILED)
    assert end.words(r) == "the other team failed its Double Nil"
    both = scored(r, (0, 0), tricks=(4, 3, 3, 3), bids=(NIL,) * 4, double_nil=(True, True))
    assert outcome(r, both, 2) is GOES_ON


def test_a_made_moon_wins_where_the_rules_say() -> None:
    r = base(all13="moon", moon_wins=True)
    moon = scored(r, (-100, 300), tricks=(6, 0, 7, 0), bids=(6, 3, 7, 3))
    assert moon.teams[0].moon and outcome(r, moon, 3) == GameOutcome(0, EndReason.MOON)
    assert outcome(base(all13="moon"), moon, 3) is GOES_ON


def test_all_thirteen_tricks_win_with_a_positive_score() -> None:
    r = base(all13="wins")
    assert outcome(r, scored(r, (10, 300), tricks=(6, 0, 7, 0)), 3) == GameOutcome(
        0, EndReason.ALL13
    )
    assert outcome(r, scored(r, (-100, 300), tricks=(6, 0, 7, 0)), 3) is GOES_ON


def test_after_the_matchs_hands_the_higher_score_wins() -> None:
    r = base(target=0, match_hands=3)
    assert outcome(r, scored(r, (100, 90)), 2) is GOES_ON
    end = outcome(r, scored(r, (100, 90)), 3)
    assert end == GameOutcome(0, EndReason.MATCH_HANDS)
    assert end.words(r) == "higher score after 3 hands"
    assert outcome(r, scored(r, (90, 90)), 3) == GameOutcome(None, EndReason.MATCH_HANDS)


def test_when_the_time_runs_out_the_higher_score_wins() -> None:
    r = base(time_limit_min=30)
    assert outcome(r, scored(r, (100, 90)), 9, elapsed_s=1799.0) is GOES_ON
    end = outcome(r, scored(r, (100, 90)), 9, elapsed_s=1800.0)
    assert end == GameOutcome(0, EndReason.TIME_LIMIT)
    assert end.words(r) == "higher score when 30 minutes ran out"
    tie = outcome(base(time_limit_min=30, tiebreak="most_tricks"), scored(r, (90, 90)), 9, 1800.0)
    assert tie == GameOutcome(None, EndReason.TIME_LIMIT, sudden_death=True)


def test_the_sudden_death_hand_goes_to_more_tricks() -> None:
    r = base(tiebreak="most_tricks")
    end = outcome(r, scored(r, (100, 600), tricks=(4, 2, 3, 4)), 9, sudden_death=True)
    assert end == GameOutcome(0, EndReason.SUDDEN_DEATH)
    assert end.words(r) == "won the sudden-death hand"


@pytest.mark.parametrize("sudden", [False, True])
def test_the_game_ends_as_outcome_says(sudden: bool) -> None:
    r = base(tiebreak="most_tricks", losing_floor=-200)
    g = Game(r)
    g.sudden_death = sudden
    result = scored(r, (-250, -210), tricks=(2, 4, 3, 4))
    g.results.append(result)
    g.scores = result.scores
    g._decide(result)
    end = outcome(r, result, 1, sudden_death=sudden)
    assert (g.winner, g.end_reason) == (end.winner, end.reason) and g.over
    assert g.end_words == end.words(r)
