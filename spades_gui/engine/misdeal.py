"""A misdeal: the conditions of the rules a hand meets, and the call that throws the cards in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BID, MISDEAL, IllegalAction, MisdealCall, Taken
from .cards import count
from .deck import Deck
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Hand


def misdeal_reasons(rules: Rules, deck: Deck, hand: int) -> list[str]:
    """Which of the rules' misdeal conditions a 13-card hand meets."""
    out: list[str] = []
    spades = count(hand & deck.trump_mask)
    for cond in rules.misdeal:
        if (
            (cond == "no_face_cards" and not hand & deck.face)
            or (cond == "no_spades" and spades == 0)
            or (cond == "few_spades" and spades <= 1)
            or (cond == "long_suit" and max(count(hand & m) for m in deck.suit_masks) >= 7)
        ):
            out.append(cond)
    return out


def reasons_now(h: Hand, seat: int) -> list[str]:
    """Conditions that let this seat call a misdeal now (before any bid or question)."""
    if h.phase != BID or h.nbids or h.asks:
        return []
    return misdeal_reasons(h.rules, h.deck, h.hands[seat])


def call_misdeal(h: Hand, seat: int) -> None:
    """Throw the cards in; the game deals again."""
    if not h.misdeal_reasons(seat):
        raise IllegalAction("a misdeal can only be called before bidding, on a qualifying hand")
    h.took(Taken(seat, MisdealCall(True)))
    h.misdeal_by = seat
    h.phase = MISDEAL
