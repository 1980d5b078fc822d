"""The count a player keeps of each suit: which cards are still out, as one seat sees them."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, cards_of
from .deck import Deck

# Trumps first, then the other suits alternating in colour (the order the speech says them in).
COUNT_ORDER = (SPADES, HEARTS, CLUBS, DIAMONDS)


@dataclass(frozen=True)
class SuitCount:
    """One suit as the rules make it (jokers and raised twos are spades where they are
    trumps): the cards still out, those played, and how many the seat holds."""

    suit: int
    out: tuple[int, ...]  # not played, not in the seat's hand nor set aside by it; highest first
    played: tuple[int, ...]  # played this hand (the trick on the table too); highest first
    held: int


def suit_counts(deck: Deck, played: int, held: int, aside: int = 0) -> tuple[SuitCount, ...]:
    """Each suit's count in COUNT_ORDER, from the cards played, the seat's hand and the cards
    it set aside (its own discard of the cards left over)."""
    out = deck.full & ~played & ~held & ~aside

    def high_first(mask: int) -> tuple[int, ...]:
        return tuple(sorted(cards_of(mask), key=lambda c: -deck.strength[c]))

    return tuple(
        SuitCount(
            suit,
            high_first(out & deck.suit_masks[suit]),
            high_first(played & deck.suit_masks[suit]),
            (held & deck.suit_masks[suit]).bit_count(),
        )
        for suit in COUNT_ORDER
    )
