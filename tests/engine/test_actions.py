"""Typed actions: the hand takes each through one table, logs it as taken, and gives the reason
an action is illegal from one method per kind."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.engine import PRESETS, Game, IllegalAction
from spades_gui.engine.actions import (
    AnswerAction,
    AskAction,
    BidAction,
    BlindAction,
    DiscardAction,
    MisdealCall,
    PassAction,
    PlayAction,
)
from spades_gui.engine.cards import cards_of
from spades_gui.engine.hand import BID, DISCARD, PASS, PLAY, Hand, Taken
from spades_gui.engine.record import hand_to_record

from .helpers import deal, hand_at_play, rules
from .randomplay import OVERLAYS, PRESET_NAMES, dealt, overlaid, random_action


def typed_action(h: Hand, rng: random.Random) -> tuple[int | None, object]:
    """One random legal action for the hand as a typed value (and the misdeal caller)."""
    if h.phase == DISCARD:
        return None, DiscardAction(sum(1 << c for c in cards_of(h.hands[h.turn])[:2]))
    if h.phase == BID:
        callers = [s for s in range(4) if h.misdeal_reasons(s)]
        if callers and rng.random() < 0.05:
            return callers[0], MisdealCall(True)
        if h.asking:
            return None, AnswerAction(rng.random() < 0.5)
        asks = h.legal_asks()
        if asks and rng.random() < 0.3:
            return None, AskAction(rng.choice(asks))
        bemos = h.legal_bemos()
        bemo = rng.choice(bemos) if bemos and rng.random() < 0.3 else 0
        return None, BidAction(rng.choice(h.legal_bids()), bemo)
    if h.phase == PASS:
        ask = rng.randrange(4) if h.may_ask_suit() and rng.random() < 0.5 else None
        cards = cards_of(h.hands[h.turn])[: h.pass_count()]
        return None, PassAction(sum(1 << c for c in cards), ask)
    return None, PlayAction(rng.choice(cards_of(h.legal_plays())))


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    changes=st.lists(st.sampled_from(OVERLAYS), max_size=4),
    seed=st.integers(0, 2**32 - 1),
)
def test_apply_takes_typed_actions_as_the_methods_do(preset, changes, seed):
    rng = random.Random(seed)
    h = dealt(overlaid(PRESETS[preset].rules, changes), rng)
    twin = h.copy()
    while not h.done:
        seat, action = typed_action(h, rng)
        actor = h.turn if seat is None else seat
        h.apply(action, seat)
        assert h.actions[-1] == Taken(actor, action)
        twin.apply(action, seat)
        assert hand_to_record(twin) == hand_to_record(h)
    assert all(isinstance(t, Taken) for t in h.actions)


def test_a_kept_hand_a_look_and_no_question_change_nothing():
    h = Hand(rules("pagat"), 3, deal(rules("pagat")))
    before = hand_to_record(h)
    for action in (MisdealCall(False), BlindAction(None), AskAction(None)):
        h.apply(action, 0)
    assert hand_to_record(h) == before and not h.actions


def test_illegal_typed_actions_raise_with_the_reason():
    h = hand_at_play(rules("pagat"), s0="AC KC", s1="2C 3C")
    with pytest.raises(IllegalAction, match="not time to bid"):
        h.apply(BidAction(3))
    with pytest.raises(IllegalAction, match="not time to pass"):
        h.apply(PassAction(1))
    assert h.phase == PLAY and not h.actions[4:]


def test_the_reasons_for_a_pass_and_a_discard_are_written_once():
    r = rules("pagat", nil_exchange=True)
    h = Hand(r, 3, deal(r))
    for b in (100, 3, 3, 3):  # seat 0 bids nil: it passes one card, partner one back
        h.bid(b)
    assert h.phase == PASS
    assert h.why_pass_illegal(0) == "the exchange is compulsory: pass exactly 1 card"
    two = sum(1 << c for c in cards_of(h.hands[h.turn])[:2])
    assert h.why_pass_illegal(two) == "pass exactly 1 card from your hand"
    with pytest.raises(IllegalAction, match="pass exactly 1 card from your hand"):
        h.apply(PassAction(two))
    one = two & -two
    assert h.why_pass_illegal(one) == "" and h.why_pass_illegal(one, 2).startswith("only a")
    assert h.why_discard_illegal(one) == "it is not time to discard"
    j = rules("pagat", jokers=True, jokers_replace="", leftover_discard="before")
    d = Game(j).deal(random.Random(1))
    assert d.phase == DISCARD and d.why_pass_illegal(0) == "it is not time to pass cards"
    three = sum(1 << c for c in cards_of(d.hands[d.turn])[:3])
    assert d.why_discard_illegal(three) == "discard exactly two cards from your hand"
    assert d.why_discard_illegal(three & (three - 1)) == ""


def test_random_play_still_logs_what_it_took():
    rng = random.Random(5)
    h = dealt(PRESETS["classic"].rules, rng)
    while random_action(h, rng):
        pass
    kinds = {type(t.action) for t in h.actions}
    assert BidAction in kinds and PlayAction in kinds
