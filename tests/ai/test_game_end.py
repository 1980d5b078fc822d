"""The AI weighs a game's end by the engine's outcome(), keeping two readings of its own
(`weighed_double_nil_end`, `weighs_both_under_floor`) so that its choices stay as measured."""

from __future__ import annotations

import random

import pytest

from spades_gui.ai.evaluate import Outcome
from spades_gui.engine import BLIND, BLIND_NIL, NIL, Rules, preset_rules
from spades_gui.engine.game import GOES_ON, EndReason, GameOutcome, outcome
from spades_gui.engine.scoring import HandResult, score_hand


def _before(r: Rules, res: HandResult, hands_scored: int) -> int | None:
    """The AI's winner as it was written before outcome() (frozen here as the yardstick)."""
    s = res.scores
    w: int | None = None
    over = (bool(r.target) and s[0] >= r.target, bool(r.target) and s[1] >= r.target)
    if r.all13 == "wins" and res.all13_team is not None and s[res.all13_team] > 0:
        w = res.all13_team
    elif any(over):
        if over[0] != over[1]:
            w = 0 if over[0] else 1
        else:
            w = None if s[0] == s[1] else (0 if s[0] > s[1] else 1)
    elif r.losing_floor is not None and (s[0] <= r.losing_floor) != (s[1] <= r.losing_floor):
        w = 1 if s[0] <= r.losing_floor else 0
    elif r.match_hands and hands_scored + 1 >= r.match_hands and s[0] != s[1]:
        w = 0 if s[0] > s[1] else 1
    if r.moon_wins and r.all13 == "moon":
        for k in (0, 1):
            if res.teams[k].moon and res.teams[k].made:
                w = k
    for k in (0, 1):
        th = res.teams[k]
        if th.double_nil == 2 or (th.double_nil and th.double_nil_made and r.double_nil_wins):
            w = k if th.double_nil_made else 1 - k
        elif th.double_nil and not th.double_nil_made and r.double_nil_loses:
            w = 1 - k
    return w


DN = dict(double_nil_bid=True)
VARIANTS = {
    "classic": {},
    "floor": dict(losing_floor=-200),
    "floor-match": dict(losing_floor=-200, match_hands=4),
    "match": dict(target=0, match_hands=3),
    "clock": dict(time_limit_min=30, tiebreak="most_tricks"),
    "all13": dict(all13="wins"),
    "moon": dict(all13="moon", moon_wins=True),
    "dn-wins": dict(DN, double_nil_wins=True),
    "dn-loses": dict(DN, double_nil_loses=True),
    "dn-blind": dict(DN, double_nil_blind=True),
    "dn-moon": dict(DN, double_nil_wins=True, double_nil_loses=True, all13="moon", moon_wins=True),
    "dn-all13": dict(DN, double_nil_wins=True, all13="wins", losing_floor=-200),
}
BIDS = (NIL, BLIND_NIL, 0, 1, 2, 3, 4, 5, 6, 7, 13, BLIND + 7)


def _random_hand(r: Rules, rng: random.Random) -> HandResult:
    """A hand scored from random bids, tricks and totals near the game's ends."""
    bids = [rng.choice(BIDS) for _ in range(4)]
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    tricks = [a - b for a, b in zip(cuts + [13], [0] + cuts)]
    if rng.random() < 0.2:  # one team takes all 13
        t = rng.randrange(2)
        tricks = [0, 0, 0, 0]
        tricks[t], tricks[t + 2] = 6, 7
    ends = [r.target or 300, r.losing_floor or -200, 0]
    scores = [rng.choice(ends) + rng.randint(-120, 120) for _ in range(2)]
    dn = [
        r.double_nil_bid and bids[t] in (NIL, BLIND_NIL) and bids[t + 2] in (NIL, BLIND_NIL)
        for t in (0, 1)
    ]
    for t in (0, 1):  # a Double Nil's bids are both nil or both blind nil
        if dn[t]:
            bids[t + 2] = bids[t]
    return score_hand(r, bids, tricks, scores, (0, 0), double_nil=(dn[0], dn[1]))


def _departs(r: Rules, res: HandResult) -> bool:
    """Whether this hand is one where the AI's readings and the rule may differ."""
    s = res.scores
    dn = any(th.double_nil for th in res.teams)
    floor = r.losing_floor
    both_under = floor is not None and s[0] <= floor and s[1] <= floor and s[0] != s[1]
    return dn or both_under


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_ais_winner_is_what_it_was(variant: str) -> None:
    r = preset_rules("classic").with_options(**VARIANTS[variant])
    rng = random.Random(variant)
    agreed = 0
    for _ in range(1500):
        res = _random_hand(r, rng)
        n = rng.randint(0, 5)
        got = Outcome(r, rng.randrange(2), (0, 0), (0, 0), n)._winner(res)
        assert got == _before(r, res, n), (variant, res)
        if not _departs(r, res):
            assert got == outcome(r, res, n + 1).winner, (variant, res)
            agreed += 1
    assert agreed >= 500


def _rules(**changes: object) -> Rules:
    return preset_rules("classic").with_options(target=500, bag_value=0, bag_limit=0, **changes)


def test_two_failed_double_nils_end_nothing_but_the_ai_gives_team_0_the_game() -> None:
    r = _rules(**DN, double_nil_loses=True)
    res = score_hand(r, [NIL] * 4, [4, 3, 3, 3], (0, 0), (0, 0), double_nil=(True, True))
    assert outcome(r, res, 1) is GOES_ON
    assert Outcome(r, 1, (0, 0), (0, 0))._winner(res) == 0


def test_a_moon_wins_before_a_double_nil_but_the_ai_weighs_the_double_nil_first() -> None:
    r = _rules(**DN, double_nil_wins=True, all13="moon", moon_wins=True)
    res = score_hand(r, [6, NIL, 7, NIL], [6, 0, 7, 0], (0, 0), (0, 0), double_nil=(False, True))
    assert outcome(r, res, 1) == GameOutcome(0, EndReason.MOON)
    assert Outcome(r, 0, (0, 0), (0, 0))._winner(res) == 1


def test_all_thirteen_tricks_win_before_a_double_nil_but_the_ai_weighs_it_first() -> None:
    r = _rules(**DN, double_nil_wins=True, all13="wins")
    res = score_hand(r, [6, NIL, 7, NIL], [6, 0, 7, 0], (0, 0), (0, 0), double_nil=(False, True))
    assert outcome(r, res, 1) == GameOutcome(0, EndReason.ALL13)
    assert Outcome(r, 0, (0, 0), (0, 0))._winner(res) == 1


def test_both_under_the_floor_the_higher_wins_but_the_ai_waits_for_the_matchs_end() -> None:
    r = _rules(losing_floor=-200, match_hands=5)
    res = score_hand(r, [4, 4, 4, 4], [3, 3, 3, 4], (-150, -130), (0, 0))
    assert outcome(r, res, 2) == GameOutcome(1, EndReason.BOTH_UNDER_FLOOR)
    assert Outcome(r, 0, (0, 0), (0, 0), hands_scored=1)._winner(res) is None
    assert Outcome(r, 0, (0, 0), (0, 0), hands_scored=4)._winner(res) == 1
