"""Strength-ordered card indices for the AI: bit order equals trick-taking order within a suit."""

from __future__ import annotations

from functools import lru_cache

from ..engine.cards import cards_of
from ..engine.deck import deck_for
from ..engine.rules import Rules

SPADES = 3
SUIT_BITS = 16
SUITM = tuple(0xFFFF << (SUIT_BITS * s) for s in range(4))
SPADEM = SUITM[SPADES]
SIDEM = SUITM[0] | SUITM[1] | SUITM[2]


def low(m: int) -> int:
    """Index of the lowest set bit (m non-zero)."""
    return (m & -m).bit_length() - 1


def high(m: int) -> int:
    """Index of the highest set bit (m non-zero)."""
    return m.bit_length() - 1


def above(i: int) -> int:
    """Mask of the indices of the same suit above index i."""
    return SUITM[i >> 4] & ~((2 << i) - 1)


def below(i: int) -> int:
    """Mask of the indices of the same suit below index i."""
    return SUITM[i >> 4] & ((1 << i) - 1)


def top_run(mine: int, pool: int) -> int:
    """How many of pool's highest cards (one suit's mask), from the top down, mine holds."""
    n = 0
    while pool:
        c = 1 << (pool.bit_length() - 1)
        if not mine & c:
            break
        n += 1
        pool ^= c
    return n


bits = cards_of  # the set indices of a mask, lowest first: the engine's walk over the bits


def remap(mask: int, table: list[int]) -> int:
    """The mask with bit table[b] for each set bit b of mask (card mask <-> index mask)."""
    out = 0
    while mask:
        b = mask & -mask
        out |= 1 << table[b.bit_length() - 1]
        mask ^= b
    return out


class Tables:
    """Card <-> strength-index conversion for one rule set (index = suit * 16 + strength)."""

    __slots__ = ("rules", "deck", "to_i", "to_c", "full", "top", "nsuit", "face", "memo")

    def __init__(self, rules: Rules) -> None:
        deck = deck_for(rules)
        self.rules = rules
        self.deck = deck
        self.to_i = [-1] * 54
        self.to_c = [-1] * 64
        full = 0
        for c in deck.cards:
            i = deck.suit[c] * SUIT_BITS + deck.strength[c]
            self.to_i[c] = i
            self.to_c[i] = c
            full |= 1 << i
        self.full = full
        # the highest index present in each suit, and how many cards each suit has
        self.top = tuple(high(full & SUITM[s]) for s in range(4))
        self.nsuit = tuple((full & SUITM[s]).bit_count() for s in range(4))
        self.face = self.imask(deck.face)
        self.memo: dict[int, tuple[float, float]] = {}  # evaluate's per-suit estimates

    def imask(self, mask: int) -> int:
        """The index mask of a card mask."""
        return remap(mask, self.to_i)

    def cmask(self, imask: int) -> int:
        """The card mask of an index mask."""
        return remap(imask, self.to_c)

    def rank_from_top(self, i: int) -> int:
        """How many cards of its suit in the deck rank above index i."""
        return (self.full & above(i)).bit_count()


@lru_cache(maxsize=64)
def tables_for(rules: Rules) -> Tables:
    """The (cached) tables of a rule set."""
    return Tables(rules)
