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
from typing import TypeVar

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

__all__ = ["ANSWERS", "CHECKS", "HINTED", "Request"]

# The requests the coach advises on: `isinstance(request, HINTED)`.
HINTED = (BidRequest, DiscardRequest, AnswerRequest, PassRequest, PlayRequest)


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
# Each is given the request of its type (ANSWERS is keyed by it) and checks the action's.


def _misdeal(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    return isinstance(a, MisdealCall) and isinstance(a.call, bool)


def _answer(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    return isinstance(a, AnswerAction) and isinstance(a.yes, bool)


def _question(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(req, AskRequest)
        and isinstance(a, AskAction)
        and (a.what is None or a.what in req.asks)
    )


def _blind(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    if not isinstance(req, BlindRequest) or not isinstance(a, BlindAction):
        return False
    if a.bid is None:  # looking needs a bid left to make after it
        return len(req.bids) < len(hand.legal_bids())
    return a.bid in req.bids


def _bid(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    if not isinstance(req, BidRequest) or not isinstance(a, BidAction) or a.plain:
        return False
    ok_bemo = not a.bemo or a.bemo in hand.legal_bemos()
    return _is_int(a.bid) and a.bid in req.bids and ok_bemo


def _pass(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(a, PassAction) and _is_int(a.cards) and not hand.why_pass_illegal(a.cards, a.ask)
    )


def _discard(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(a, DiscardAction) and _is_int(a.cards) and not hand.why_discard_illegal(a.cards)
    )


def _play(req: DecisionRequest, hand: Hand, a: Action) -> bool:
    return (
        isinstance(req, PlayRequest)
        and isinstance(a, PlayAction)
        and _is_int(a.card)
        and a.card >= 0
        and bool(req.legal >> a.card & 1)
    )


def _look_or_blind(req: DecisionRequest, hand: Hand, rng: random.Random) -> Action:
    """Turn the cards over, unless only a blind bid is left (a blind no trump agreed)."""
    assert isinstance(req, BlindRequest)
    return BlindAction(None if len(req.bids) < len(hand.legal_bids()) else req.bids[0])


def _fallback(req: DecisionRequest, hand: Hand, rng: random.Random) -> Action:
    """The AI's legal fallback (ai/base.py): a discard, a bid, a pass or a card."""
    return legal_fallback(hand, rng)


@dataclass(frozen=True)
class Answers:
    """One type of request: which answers are legal, and the fallback for a failing seat."""

    valid: Callable[[DecisionRequest, Hand, Action], bool]
    fallback: Callable[[DecisionRequest, Hand, random.Random], Action]


ANSWERS: dict[type, Answers] = {
    MisdealRequest: Answers(_misdeal, lambda req, hand, rng: MisdealCall(False)),
    BlindRequest: Answers(_blind, _look_or_blind),
    AskRequest: Answers(_question, lambda req, hand, rng: AskAction(None)),
    AnswerRequest: Answers(_answer, lambda req, hand, rng: AnswerAction(False)),
    DiscardRequest: Answers(_discard, _fallback),
    BidRequest: Answers(_bid, _fallback),
    PassRequest: Answers(_pass, _fallback),
    PlayRequest: Answers(_play, _fallback),
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


I = TypeVar("I", bound=Intent)
Check = Callable[[Request, Hand, Intent], Checked]


def _check(kind: type[I], check: Callable[[Request, Hand, I], Checked]) -> Check:
    """A check of one type of intent, given any intent (CHECKS is keyed by the type)."""

    def checked(req: Request, hand: Hand, intent: Intent) -> Checked:
        assert isinstance(intent, kind)
        return check(req, hand, intent)

    return checked


CHECKS: dict[type[Intent], Check] = {
    Misdeal: _check(Misdeal, _check_misdeal),
    Bid: _check(Bid, _check_bid),
    Discard: _check(Discard, _check_discard),
    AskPartner: _check(AskPartner, _check_ask),
    Answer: _check(Answer, _check_answer),
    PassCards: _check(PassCards, _check_pass),
    Play: _check(Play, _check_play),
}
