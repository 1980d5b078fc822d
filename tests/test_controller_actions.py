"""Decisions travel typed: the Turn carries the engine's request, a seat's answer is the
engine's action (made once, in the worker's `decide`), and the player's intents are checked
into actions with the engine's reasons."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades_gui.controller import Controller, Turn
from spades_gui.controller import seats as controller_seats
from spades_gui.controller.decisions import ANSWERS, CHECKS, Request
from spades_gui.controller.intents import Discard, PassCards, Play
from spades_gui.engine import Hand, preset_rules
from spades_gui.engine.actions import (
    AnswerAction,
    AnswerRequest,
    AskAction,
    AskRequest,
    BidAction,
    BidRequest,
    BlindAction,
    BlindRequest,
    ContinueRequest,
    DiscardAction,
    DiscardRequest,
    MisdealCall,
    MisdealRequest,
    PassAction,
    PassRequest,
    PlayAction,
    PlayRequest,
)
from spades_gui.engine.cards import cards_of
from spades_gui.engine.game import deal_cards

from .test_controller_variations import everything, run

REQUEST_OF = {
    "misdeal": MisdealRequest,
    "blind": BlindRequest,
    "ask_blind": AskRequest,
    "ask": AskRequest,
    "answer": AnswerRequest,
    "discard": DiscardRequest,
    "bid": BidRequest,
    "pass": PassRequest,
    "play": PlayRequest,
    "continue": ContinueRequest,
}
ACTION_OF = {
    "misdeal": MisdealCall,
    "blind": BlindAction,
    "ask_blind": AskAction,
    "ask": AskAction,
    "answer": AnswerAction,
    "discard": DiscardAction,
    "bid": BidAction,
    "pass": PassAction,
    "play": PlayAction,
}


def test_every_turn_carries_a_typed_request_and_every_answer_is_a_typed_action(monkeypatch):
    answers: list[tuple[str, Any]] = []
    real = controller_seats.decide

    def recorded(policy: Any, kind: Any, view: Any, stop: Any = None) -> Any:
        action = real(policy, kind, view, stop)
        answers.append((kind, action))
        return action

    monkeypatch.setattr(controller_seats, "decide", recorded)
    from spades_gui.ai import make_policy

    policies = {s: make_policy("easy", 40 + s) for s in range(4)}
    rules = everything(misdeal=("no_face_cards", "no_spades", "few_spades", "long_suit"))
    ctl = Controller.new_game(rules, ("easy",) * 4, seed=3, executor="inline", policies=policies)
    try:
        events = run(ctl, until=lambda ev: len(ctl.game.results) >= 4)
    finally:
        ctl.close(save=False)
    turns = [e for e in events if isinstance(e, Turn)]
    kinds = {t.kind for t in turns}
    assert {"bid", "discard", "play", "ask"} <= kinds
    for t in turns:
        assert isinstance(t.request, REQUEST_OF[t.kind])
        assert t.options == t.request.options
    assert len(answers) == len(turns)
    for kind, action in answers:
        assert isinstance(action, ACTION_OF[kind]), (kind, action)


def _passing_hand() -> Hand:
    r = preset_rules("pagat").with_options(nil_exchange=True)
    h = Hand(r, 3, deal_cards(r, 3, random.Random(2)))
    for b in (100, 3, 3, 3):
        h.bid(b)
    return h


def test_a_seat_answering_with_the_wrong_action_is_refused():
    h = _passing_hand()
    ask = PassRequest(h.pass_count())
    two = sum(1 << c for c in cards_of(h.hands[h.turn])[:2])
    one = two & -two
    valid = ANSWERS[PassRequest].valid
    assert valid(ask, h, PassAction(one))
    assert not valid(ask, h, PlayAction(one.bit_length() - 1))
    assert not valid(ask, h, PassAction(two))
    fallback = ANSWERS[PassRequest].fallback(ask, h, random.Random(1))
    assert isinstance(fallback, PassAction) and valid(ask, h, fallback)


@pytest.mark.parametrize("intent", ["pass", "discard", "play"])
def test_the_players_intents_are_checked_with_the_engines_reasons(intent):
    h = _passing_hand()
    req = Request(1, 0, True, PassRequest(h.pass_count()))
    two = sum(1 << c for c in cards_of(h.hands[h.turn])[:2])
    if intent == "pass":
        assert CHECKS[PassCards](req, h, PassCards(two)) == h.why_pass_illegal(two)
        assert CHECKS[PassCards](req, h, PassCards(two & -two)) == PassAction(two & -two)
    elif intent == "discard":
        assert CHECKS[Discard](req, h, Discard(two)) == "it is not time to discard"
    else:
        assert CHECKS[Play](req, h, Play(0)) == "it is not time to play a card"
