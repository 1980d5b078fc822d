"""Hard: deterministic for a seed, cancellable, time-budgeted, and sampling only what it may."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from spades_gui.ai import hard, make_policy, seat_view
from spades_gui.ai.bits import tables_for
from spades_gui.ai.hard import HardPolicy
from spades_gui.ai.sample import Sampler
from spades_gui.ai.solve import candidates
from spades_gui.ai.state import PlayState
from spades_gui.ai.view import SeatView
from spades_gui.ai.view_json import view_from_json
from spades_gui.engine import Game, preset_rules
from spades_gui.engine.actions import BidAction, PlayAction
from spades_gui.engine.bids import NIL
from spades_gui.engine.hand import PLAY

SCEN = Path(__file__).parent.parent / "scenarios"


def _mid_hand_view() -> tuple[Game, int]:
    rules = preset_rules("pagat")
    game = Game(rules)
    hand = game.deal(random.Random(21))
    for b in (3, 3, 4, 2):
        hand.bid(b)
    medium = make_policy("medium", 1)
    for _ in range(9):
        hand.play(medium.play(seat_view(game, hand.turn)))
    assert hand.phase == PLAY
    return game, hand.turn


def test_same_seed_same_decision() -> None:
    game, seat = _mid_hand_view()
    v = seat_view(game, seat)
    a = make_policy("hard", 5).explain(v)
    b = make_policy("hard", 5).explain(v)
    assert a.action == b.action and a.candidates == b.candidates


def _samples(reason: str) -> int:
    """How many sampled deals a play's reason says the search used."""
    m = re.search(r"[Oo]ver (\d+) sampled deals", reason)
    assert m is not None, reason
    return int(m.group(1))


def test_stop_ends_the_search_after_the_first_sample() -> None:
    game, seat = _mid_hand_view()
    v = seat_view(game, seat)
    asked: list[int] = []
    d = HardPolicy(1, budget=10**9).explain(v, stop=lambda: not asked.append(1))
    assert asked == [1] and _samples(d.reason) == 1
    assert v.legal_plays() >> d.action.card & 1


class Clock:
    """A stand-in for the time module: each reading 10 ms after the one before."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.01
        return self.now


def test_think_ms_ends_the_search_when_the_clock_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 50 ms to think, the search stops at the first sample checked 50 ms after it began:
    the clock is read from the fourth sample on, 10 ms apart, so after the eighth."""
    game, seat = _mid_hand_view()
    v = seat_view(game, seat)
    untimed = make_policy("hard", 1).explain(v)
    assert _samples(untimed.reason) > 8
    monkeypatch.setattr(hard, "time", Clock())
    d = make_policy("hard", 1, think_ms=50).explain(v)
    assert _samples(d.reason) == 8
    assert v.legal_plays() >> d.action.card & 1


def test_samples_respect_what_was_seen() -> None:
    game, seat = _mid_hand_view()
    v = seat_view(game, seat)
    s = Sampler(v)
    t = s.t
    hand = game.hand
    rng = random.Random(1)
    forbidden = [t.imask(m) for m in v.forbidden()]
    for _ in range(50):
        hands = s.deal(rng)
        assert hands[seat] == t.imask(hand.hands[seat])
        for o in range(4):
            assert hands[o].bit_count() == hand.hands[o].bit_count()
            assert not hands[o] & forbidden[o] or o == seat
        assert not (
            hands[0] & hands[1]
            | hands[2] & hands[3]
            | (hands[0] | hands[1]) & (hands[2] | hands[3])
        )


def test_known_void_is_never_dealt() -> None:
    sc = json.loads(next(SCEN.glob("*_lead_partner_void.json")).read_text(encoding="utf-8"))
    v = view_from_json(sc)
    s = Sampler(v)
    rng = random.Random(3)
    diamonds = 0xFFFF << 16
    for _ in range(100):
        assert not s.deal(rng)[2] & diamonds


def test_a_kept_rule_card_says_the_better_mean_is_within_the_noise() -> None:
    # Hard keeps the rule's diamond lead when the search rates another card higher by less than
    # its sampling noise; the reason must not call a lower mean "as good as" a higher one.
    sc = json.loads(next(SCEN.glob("*_lead_partner_void.json")).read_text(encoding="utf-8"))
    d = make_policy("hard", 0).explain(view_from_json(sc))
    assert d.action_json() == "3D"
    assert d.reason.startswith("Partner is out of diamonds")
    assert "the 2♣ +2, a gap within the samples' noise." in d.reason


def _view_at(rules: str, bids: tuple[int, ...], seed: int, made: bool, nil: bool) -> SeatView:
    """A hand with these bids, played by Medium to the first play with three kinds of
    card or more where the seat's team has made its contract (or not yet) and a nil is live (or
    none)."""
    game = Game(preset_rules(rules))
    hand = game.deal(random.Random(seed))
    for b in bids:
        hand.bid(b)
    medium = make_policy("medium", 1)
    for _ in range(52):
        v = seat_view(game, hand.turn)
        ps = PlayState(v)
        if (ps.need[v.team] <= 0, any(ps.nil_live)) == (made, nil) and len(candidates(ps)) >= 3:
            return v
        hand.play(medium.play(v))
    raise AssertionError("no such play in this hand")


@pytest.mark.parametrize(
    ("rules", "bids", "seed", "made", "nil", "search"),
    [
        ("tournament", (2, 2, 2, 2), 21, False, False, False),
        ("tournament", (2, 2, 2, 2), 21, True, False, True),
        ("tournament", (NIL, 4, 2, 2), 22, True, True, False),
        ("jokers350", (2, 2, 2, 2), 21, True, False, False),  # overtricks cost nothing there
    ],
)
def test_the_rule_card_is_kept_only_while_the_contract_is_open(
    monkeypatch: pytest.MonkeyPatch,
    rules: str,
    bids: tuple[int, ...],
    seed: int,
    made: bool,
    nil: bool,
    search: bool,
) -> None:
    # Within the search's noise Hard keeps the rule's card, a guard against playouts that see
    # every card and so think a contract safer than it is; once the contract is made, no nil is
    # live and bags cost, the search alone weighs the bags and the other team's contract.
    v = _view_at(rules, bids, seed, made, nil)
    monkeypatch.setattr(hard, "_within_noise", lambda a, b: False)
    best = HardPolicy(0).explain(v).action.card
    ps = PlayState(v)
    t = tables_for(v.rules)
    other = next(c for c in candidates(ps) if t.to_c[c] != best)
    monkeypatch.setattr(hard, "_within_noise", lambda a, b: True)
    monkeypatch.setattr(hard, "choose_card", lambda ps: (other, "The rule's card."))
    assert HardPolicy(0).explain(v).action == PlayAction(best if search else t.to_c[other])


def _bid_view(hand: str, bids: list, seat: int = 1, dealer: int = 0, rules: str = "pagat") -> dict:
    from spades_gui.engine.cards import card_str, parse_card

    return {
        "rules": rules,
        "seat": seat,
        "phase": "bid",
        "dealer": dealer,
        "hand": [card_str(parse_card(x)) for x in hand.split()],
        "bids": bids,
        "tricks_won": [0, 0, 0, 0],
        "gone": [],
        "trick": [],
        "scores": [0, 0],
        "bags": [0, 0],
    }


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_nil_beside_a_partner_who_bid_high_and_a_number_beside_one_who_bid_low(
    level: str,
) -> None:
    """Low cards but for Q-10 of clubs: beside partner's 6 (high cards that cover) a nil,
    beside partner's 2 a number."""
    hand = "9S 6S 5S TH 7H 6H 4H 3H 9D 3D 2D QC TC"
    for pb, nil in ((6, True), (2, False)):
        v = view_from_json(_bid_view(hand, [None, pb, None, None], 3, 0, "classic"))
        d = make_policy(level, 1).explain(v)
        assert (d.action_json() == "nil") == nil, (pb, d.reason)


# Issue 14's underbids: tricks that cannot be lost are bid.
SURE_BIDS = [
    ("AS KS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D", 2),
    ("AS KS QS JS 2C 3C 4C 5C 6C 2D 3D 4D 5D", 4),
    ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 13),
    ("AS KS QS JS TS 9S 8S 7S 6S 5S AC AD AH", 13),
]


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize(("hand", "least"), SURE_BIDS)
def test_sure_tricks_are_bid(level: str, hand: str, least: int) -> None:
    d = make_policy(level, 1).explain(view_from_json(_bid_view(hand, [None] * 4)))
    assert isinstance(d.action, BidAction) and least <= d.action.bid <= 13, d.reason


def test_second_nil_beside_partner_with_the_lowest_cards() -> None:
    """The thirteen lowest cards beside partner's nil: a second nil is all but certain."""
    v = _bid_view("2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D", [None, None, "nil", 3], 0, 1)
    d = make_policy("hard", 1).explain(view_from_json(v))
    assert d.action_json() == "nil", d.reason
