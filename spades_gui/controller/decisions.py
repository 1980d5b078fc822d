"""The decisions a seat is asked for, by type of request: which answers the rules take, the
legal answer given for a seat that fails, and the player's intents checked against the
decision asked.

One table each, built once (`ANSWERS` by type of request, `CHECKS` by type of intent); they
read the hand and the request, change nothing, and give typed actions (engine/actions.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from ..ai import legal_fallback
from ..engine.actions import (
    Action,
    AnswerAction,
    AnswerRequest,
    AskAction,
    AskRequest,
    BidAction,
    BidRequest,
    BlindAction,
    BlindRequest,
    DecisionRequest,
    DiscardAction,
    DiscardRequest,
    Kind,
    MisdealCall,
    MisdealRequest,
    Options,
    PassAction,
    PassRequest,
    PlayAction,
    PlayRequest,
)
from ..engine.bids import is_blind_bid
from ..engine.hand import Hand
from .intents import Answer, AskPartner, Bid, Discard, Intent, Misdeal, PassCards, Play

__all__ = ["ANSWERS", "CHECKS", "HINT_KINDS", "Request"]

HINT_KINDS: tuple[Kind, ...] = ("bid", "discard", "answer", "pass", "play")  # the coach advises


@dataclass(frozen=True)
class Request:
    """The decision the game waits for: the engine's request (`ask`) put to a seat."""

    id: int
    seat: int
    human: bool
    ask: DecisionRequest

    @property
    def kind(self) -> Kind:
        """The kind of decision."""
        return self.ask.kind

    @property
    def options(self) -> Options:
        """What the decision is offered with (the request's main option)."""
        return self.ask.options


def _is_int(x: object) -> bool:
    """An int that is not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


# ----- the answers the rules take, per type of request ---------------------------------------


def _misdeal(req: MisdealRequest, hand: Hand, a: Action) -> bool:
    return isinstance(a, MisdealCall) and isinstance(a.call, bool)


def _answer(req: AnswerRequest, hand: Hand, a: Action) -> bool:
    return isinstance(a, AnswerAction) and isinstance(a.yes, bool)


def _question(req: AskRequest, hand: Hand, a: Action) -> bool:
    return isinstance(a, AskAction) and (a.what is None or a.what in req.asks)


def _blind(req: BlindRequest, hand: Hand, a: Action) -> bool:
    if not isinstance(a, BlindAction):
        return False
    if a.bid is None:  # looking needs a bid left to make after it
        return len(req.bids) < len(hand.legal_bids())
    return a.bid in req.bids


def _bid(req: BidRequest, hand: Hand, a: Action) -> bool:
    if not isinstance(a, BidAction) or a.plain:
        return False
    ok_bemo = not a.bemo or a.bemo in hand.legal_bemos()
    return _is_int(a.bid) and a.bid in req.bids and ok_bemo


def _pass(req: PassRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(a, PassAction) and _is_int(a.cards) and not hand.why_pass_illegal(a.cards, a.ask)
    )


def _discard(req: DiscardRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(a, DiscardAction) and _is_int(a.cards) and not hand.why_discard_illegal(a.cards)
    )


def _play(req: PlayRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(a, PlayAction)
        and _is_int(a.card)
        and a.card >= 0
        and bool(req.legal >> a.card & 1)
    )


def _look_or_blind(req: BlindRequest, hand: Hand, rng: random.Random) -> Action:
    """Turn the cards over, unless only a blind bid is left (a blind no trump agreed)."""
    return BlindAction(None if len(req.bids) < len(hand.legal_bids()) else req.bids[0])


def _fallback(hand: Hand, rng: random.Random) -> int:
    return cast(int, legal_fallback(hand, rng))


@dataclass(frozen=True)
class Answers:
    """One type of request: which answers are legal, and the fallback for a failing seat."""

    valid: Callable[[Any, Hand, Action], bool]
    fallback: Callable[[Any, Hand, random.Random], Action]


ANSWERS: dict[type, Answers] = {
    MisdealRequest: Answers(_misdeal, lambda req, hand, rng: MisdealCall(False)),
    BlindRequest: Answers(_blind, _look_or_blind),
    AskRequest: Answers(_question, lambda req, hand, rng: AskAction(None)),
    AnswerRequest: Answers(_answer, lambda req, hand, rng: AnswerAction(False)),
    DiscardRequest: Answers(_discard, lambda req, hand, rng: DiscardAction(_fallback(hand, rng))),
    BidRequest: Answers(_bid, lambda req, hand, rng: BidAction(_fallback(hand, rng))),
    PassRequest: Answers(_pass, lambda req, hand, rng: PassAction(_fallback(hand, rng))),
    PlayRequest: Answers(_play, lambda req, hand, rng: PlayAction(_fallback(hand, rng))),
}


# ----- the player's intents checked against the decision asked --------------------------------

Checked = Action | str  # the action to apply, or why it is refused


def _check_misdeal(req: Request, hand: Hand, i: Misdeal) -> Checked:
    if not isinstance(req.ask, MisdealRequest):
        return "a misdeal can only be called before bidding"
    return MisdealCall(i.call)


def _check_bid(req: Request, hand: Hand, i: Bid) -> Checked:
    ask = req.ask
    if not isinstance(ask, (BidRequest, BlindRequest)):
        return "it is not time to bid"
    blind = isinstance(ask, BlindRequest)
    if i.plain:  # without the no trump partner agreed to (001: asking commits no one)
        if blind or i.bid not in hand.plain_bids():
            return hand.why_plain_illegal(i.bid)
        if i.bemo and i.bemo not in hand.legal_bemos():
            return "no Bemo can be declared with this bid"
        return BidAction(i.bid, i.bemo, True)
    if i.bid not in ask.bids:
        if not blind and is_blind_bid(i.bid) and i.bid in hand.legal_bids():
            return "a blind bid must be made before you look at your cards"
        if blind and not is_blind_bid(i.bid):
            return "show your cards first, or bid blind"
        return hand.why_bid_illegal(i.bid)
    if i.bemo and (blind or i.bemo not in hand.legal_bemos()):
        return "no Bemo can be declared with this bid"
    return BlindAction(i.bid) if blind else BidAction(i.bid, i.bemo)


def _check_discard(req: Request, hand: Hand, i: Discard) -> Checked:
    if not isinstance(req.ask, DiscardRequest):
        return "it is not time to discard"
    return hand.why_discard_illegal(i.cards) or DiscardAction(i.cards)


def _check_ask(req: Request, hand: Hand, i: AskPartner) -> Checked:
    stage = BlindRequest if i.what.startswith("blind") else BidRequest
    if not isinstance(req.ask, stage) or i.what not in hand.legal_asks():
        return f"a {i.what.replace('_', ' ')} cannot be asked for now"
    return AskAction(i.what)


def _check_answer(req: Request, hand: Hand, i: Answer) -> Checked:
    if not isinstance(req.ask, AnswerRequest):
        return "no one has asked you anything"
    return AnswerAction(bool(i.yes))


def _check_pass(req: Request, hand: Hand, i: PassCards) -> Checked:
    if not isinstance(req.ask, PassRequest):
        return "it is not time to pass cards"
    return hand.why_pass_illegal(i.cards, i.ask) or PassAction(i.cards, i.ask)


def _check_play(req: Request, hand: Hand, i: Play) -> Checked:
    if not isinstance(req.ask, PlayRequest):
        return "it is not time to play a card"
    if not _play(req.ask, hand, PlayAction(i.card)):
        return hand.why_play_illegal(i.card)
    return PlayAction(i.card)


CHECKS: dict[type[Intent], Callable[[Request, Hand, Any], Checked]] = {
    Misdeal: _check_misdeal,
    Bid: _check_bid,
    Discard: _check_discard,
    AskPartner: _check_ask,
    Answer: _check_answer,
    PassCards: _check_pass,
    Play: _check_play,
}
