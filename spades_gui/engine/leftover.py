"""001's two cards left over from 54: who takes them, the discard, and who has seen its
cards (a blind bid needs neither partner to have)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BID, DISCARD, DiscardAction, IllegalAction, Taken
from .cards import count
from .passing import exchanges
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Hand


def discard(h: Hand, cards: int) -> None:
    """The taker of the two cards left over discards two cards face down (001)."""
    why = h.why_discard_illegal(cards)
    if why:
        raise IllegalAction(why)
    h.took(Taken(h.taker, DiscardAction(cards)))
    h.hands[h.taker] &= ~cards
    h.discarded = cards
    if h.nbids:
        exchanges(h)
    else:
        h.phase = BID
        h.turn = h.order[0]


def why_discard_illegal(h: Hand, cards: int) -> str:
    """Plain words for why these cards cannot be discarded now ("" if they can)."""
    if h.phase != DISCARD:
        return "it is not time to discard"
    if count(cards) != 2 or cards & ~h.hands[h.taker]:
        return "discard exactly two cards from your hand"
    return ""


def has_looked(h: Hand, seat: int) -> bool:
    """Whether the seat has seen its cards before bidding: it took the cards left over and
    discarded before the bidding (001: "Having looked at all 15 cards")."""
    return seat == h.taker and h.rules.leftover_discard == "before"


def team_looked(h: Hand, seat: int) -> bool:
    """Whether either partner has seen its cards (a team's blind bid needs neither)."""
    return has_looked(h, seat) or has_looked(h, (seat + 2) % 4)


def leftover_taker(rules: Rules, dealer: int, deal: list[int] | tuple[int, ...]) -> int:
    """Who takes the two cards left over from 54 (001): the dealer, or "the holder of the two
    of clubs" (the dealer when the 2♣ is one of the two left over)."""
    if rules.leftover_to == "two_clubs":
        for s in range(4):
            if deal[s] & 1:  # the 2♣ is card 0
                return s
    return dealer
