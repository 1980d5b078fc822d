"""A player who answers the controller's question at random, legally."""

from __future__ import annotations

import random

from spades_gui.controller import Controller
from spades_gui.controller.intents import (
    Answer,
    Bid,
    Discard,
    Misdeal,
    NextHand,
    PassCards,
    Play,
    ShowCards,
)
from spades_gui.engine.bids import NIL
from spades_gui.engine.cards import cards_of


def answer_at_random(ctl: Controller, rng: random.Random, nil: bool = True) -> None:
    """A random legal answer to what the player is asked (`nil`: the nil bids among the
    choices; otherwise numbers only)."""
    req = ctl.request
    assert req is not None
    if req.kind == "misdeal":
        ctl.send(Misdeal(False))
    elif req.kind == "blind":
        ctl.send(ShowCards())
    elif req.kind == "bid":
        ctl.send(Bid(rng.choice([b for b in req.options if nil or b < NIL])))
    elif req.kind == "pass":
        hand = ctl.game.hand
        assert hand is not None
        ctl.send(PassCards(sum(1 << c for c in rng.sample(cards_of(hand.hands[0]), req.options))))
    elif req.kind == "play":
        ctl.send(Play(rng.choice(cards_of(req.options))))
    elif req.kind == "answer":
        ctl.send(Answer(rng.random() < 0.5))
    elif req.kind == "discard":
        hand = ctl.game.hand
        assert hand is not None
        ctl.send(Discard(sum(1 << c for c in rng.sample(cards_of(hand.hands[0]), req.options))))
    else:
        ctl.send(NextHand())
