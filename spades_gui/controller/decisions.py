"""The decisions a seat is asked for, by kind: which answers the rules take, the legal answer
given for a seat that fails, and the player's intents checked against the decision asked.

One table each (`KINDS` for the answers, `CHECKS` for the player's intents); they read the
hand and the question, and change nothing.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..ai import legal_fallback
from ..engine.bids import BLIND, BLIND_NIL
from ..engine.hand import Hand
from .intents import Answer, AskPartner, Bid, Discard, Intent, Misdeal, PassCards, Play

HINT_KINDS = ("bid", "discard", "answer", "pass", "play")  # decisions the coach can advise


def is_blind_bid(bid: int) -> bool:
    """Blind nil or a blind number: a bid made before looking."""
    return bid == BLIND_NIL or bid >= BLIND


@dataclass
class Request:
    """The decision the game waits for."""

    id: int
    seat: int
    kind: str
    human: bool
    options: Any
    started: float
    stop: threading.Event = field(default_factory=threading.Event)
    job: Callable[[], None] | None = None  # AI work not yet handed to the worker


def _is_int(x: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


# ----- the answers the rules take, per kind --------------------------------------------------


def _yes_no(req: Request, hand: Hand, action: Any) -> bool:
    return isinstance(action, bool)


def _question(req: Request, hand: Hand, action: Any) -> bool:
    return action is None or action in req.options


def _blind(req: Request, hand: Hand, action: Any) -> bool:
    if action is None:  # looking needs a bid left to make after it
        return len(req.options) < len(hand.legal_bids())
    return action in req.options


def _bid(req: Request, hand: Hand, action: Any) -> bool:
    if not (isinstance(action, tuple) and len(action) == 2):
        return False
    bid, bemo = action
    return _is_int(bid) and bid in req.options and (not bemo or bemo in hand.legal_bemos())


def _pass(req: Request, hand: Hand, action: Any) -> bool:
    if not (isinstance(action, tuple) and len(action) == 2):
        return False
    mask, ask = action
    if not _is_int(mask):
        return False
    if ask is not None and not (hand.may_ask_suit() and ask in (0, 1, 2, 3) and mask):
        return False
    if mask == 0 and hand.may_skip_pass():
        return True  # no exchange, where the rules make it optional
    return mask.bit_count() == req.options and not mask & ~hand.hands[hand.turn]


def _discard(req: Request, hand: Hand, action: Any) -> bool:
    return _is_int(action) and action.bit_count() == 2 and not action & ~hand.hands[hand.turn]


def _play(req: Request, hand: Hand, action: Any) -> bool:
    return _is_int(action) and action >= 0 and bool(req.options >> action & 1)


def _no(req: Request, hand: Hand, rng: random.Random) -> Any:
    return False


def _none(req: Request, hand: Hand, rng: random.Random) -> Any:
    return None


def _look_or_blind(req: Request, hand: Hand, rng: random.Random) -> Any:
    """Turn the cards over, unless only a blind bid is left (a blind no trump agreed)."""
    return None if len(req.options) < len(hand.legal_bids()) else req.options[0]


def _legal(req: Request, hand: Hand, rng: random.Random) -> Any:
    return legal_fallback(hand, rng)


def _legal_bid(req: Request, hand: Hand, rng: random.Random) -> Any:
    return (legal_fallback(hand, rng), 0)


def _legal_pass(req: Request, hand: Hand, rng: random.Random) -> Any:
    return (legal_fallback(hand, rng), None)


@dataclass(frozen=True)
class Kind:
    """One kind of decision: which answers are legal, and the fallback for a failing seat."""

    valid: Callable[[Request, Hand, Any], bool]
    fallback: Callable[[Request, Hand, random.Random], Any]


KINDS: dict[str, Kind] = {
    "misdeal": Kind(_yes_no, _no),
    "blind": Kind(_blind, _look_or_blind),
    "ask_blind": Kind(_question, _none),
    "ask": Kind(_question, _none),
    "answer": Kind(_yes_no, _no),
    "discard": Kind(_discard, _legal),
    "bid": Kind(_bid, _legal_bid),
    "pass": Kind(_pass, _legal_pass),
    "play": Kind(_play, _legal),
}


def asked_blind(kind: str, options: Any) -> bool:
    """Whether a decision is made before looking (the AI is shown no cards)."""
    return kind in ("blind", "ask_blind") or (kind == "answer" and options.startswith("blind"))


# ----- the player's intents checked against the decision asked --------------------------------

Checked = tuple[str, Any] | str  # (kind, action) to apply, or why it is refused


def _check_misdeal(req: Request, hand: Hand, i: Misdeal) -> Checked:
    if req.kind != "misdeal":
        return "a misdeal can only be called before bidding"
    return "misdeal", i.call


def _check_bid(req: Request, hand: Hand, i: Bid) -> Checked:
    kind = req.kind
    if kind not in ("bid", "blind"):
        return "it is not time to bid"
    if i.plain:  # without the no trump partner agreed to (001: asking commits no one)
        if kind != "bid" or i.bid not in hand.plain_bids():
            return hand.why_plain_illegal(i.bid)
        if i.bemo and i.bemo not in hand.legal_bemos():
            return "no Bemo can be declared with this bid"
        return kind, (i.bid, i.bemo, True)
    if i.bid not in req.options:
        if kind == "bid" and is_blind_bid(i.bid) and i.bid in hand.legal_bids():
            return "a blind bid must be made before you look at your cards"
        if kind == "blind" and not is_blind_bid(i.bid):
            return "show your cards first, or bid blind"
        return hand.why_bid_illegal(i.bid)
    if i.bemo and (kind == "blind" or i.bemo not in hand.legal_bemos()):
        return "no Bemo can be declared with this bid"
    return (kind, i.bid) if kind == "blind" else (kind, (i.bid, i.bemo))


def _check_discard(req: Request, hand: Hand, i: Discard) -> Checked:
    if req.kind != "discard":
        return "it is not time to discard"
    if not _discard(req, hand, i.cards):
        return "discard exactly two cards from your hand"
    return "discard", i.cards


def _check_ask(req: Request, hand: Hand, i: AskPartner) -> Checked:
    stage_ok = req.kind == ("blind" if i.what.startswith("blind") else "bid")
    if not stage_ok or i.what not in hand.legal_asks():
        return f"a {i.what.replace('_', ' ')} cannot be asked for now"
    return "ask", i.what


def _check_answer(req: Request, hand: Hand, i: Answer) -> Checked:
    if req.kind != "answer":
        return "no one has asked you anything"
    return "answer", bool(i.yes)


def _check_pass(req: Request, hand: Hand, i: PassCards) -> Checked:
    if req.kind != "pass":
        return "it is not time to pass cards"
    if not _pass(req, hand, (i.cards, i.ask)):
        return f"pass exactly {req.options} cards from your hand"
    return "pass", (i.cards, i.ask)


def _check_play(req: Request, hand: Hand, i: Play) -> Checked:
    if req.kind != "play":
        return "it is not time to play a card"
    if not _play(req, hand, i.card):
        return hand.why_play_illegal(i.card)
    return "play", i.card


CHECKS: dict[type[Intent], Callable[[Request, Hand, Any], Checked]] = {
    Misdeal: _check_misdeal,
    Bid: _check_bid,
    Discard: _check_discard,
    AskPartner: _check_ask,
    Answer: _check_answer,
    PassCards: _check_pass,
    Play: _check_play,
}
