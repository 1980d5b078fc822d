"""The deck a rule set plays with: which cards are in, their suits for following, their strength."""

from __future__ import annotations

from functools import lru_cache

from .cards import (
    BIG_JOKER,
    CLUBS,
    DIAMONDS,
    HEARTS,
    LITTLE_JOKER,
    N_CARDS,
    SPADES,
    SUITS,
    make_card,
    mask_of,
    natural_suit,
    rank_of,
)
from .rules import Rules


class Deck:
    """Per-rules card tables: effective suit, strength, suit masks, trump order."""

    __slots__ = ("cards", "full", "suit", "strength", "suit_masks", "trumps", "trump_mask", "face")

    def __init__(self, rules: Rules) -> None:
        removed: set[int] = set()
        extra: list[int] = []
        if rules.jokers:
            # jokers_replace "" keeps every 2: all 54 cards, two left over by the deal (001)
            for t in (rules.jokers_replace[0:2], rules.jokers_replace[2:4]):
                if t:
                    removed.add(make_card(0, SUITS.index(t[1])))
            extra = [LITTLE_JOKER, BIG_JOKER]
        naturals = [c for c in range(52) if c not in removed]
        self.cards: tuple[int, ...] = tuple(naturals + extra)
        self.full = mask_of(self.cards)
        # Trumps from lowest to highest: A♠-high ladder, then the raised 2s (named highest
        # first), then the jokers.
        raised = [make_card(0, SUITS.index(x)) for x in reversed(rules.high_twos)]
        low_to_high = [make_card(r, SPADES) for r in range(13)]
        low_to_high = [c for c in low_to_high if c not in raised]
        low_to_high += [c for c in raised if c in self.cards]
        if rules.jokers:
            low_to_high += [LITTLE_JOKER, BIG_JOKER]
        self.trumps: tuple[int, ...] = tuple(reversed(low_to_high))  # highest first
        suit = [-1] * N_CARDS
        strength = [-1] * N_CARDS
        for c in naturals:
            suit[c] = natural_suit(c)
            strength[c] = rank_of(c)
        for i, c in enumerate(low_to_high):
            if c in self.cards:
                suit[c] = SPADES
                strength[c] = i
        self.suit: tuple[int, ...] = tuple(suit)
        self.strength: tuple[int, ...] = tuple(strength)
        self.suit_masks: tuple[int, ...] = tuple(
            mask_of(c for c in self.cards if suit[c] == s)
            for s in (CLUBS, DIAMONDS, HEARTS, SPADES)
        )
        self.trump_mask = self.suit_masks[SPADES]
        # Face cards are the J, Q and K; a joker is no face card (RULES.md, misdeal).
        self.face = mask_of(c for c in naturals if 9 <= rank_of(c) <= 11)

    def beats(self, a: int, b: int, led: int) -> bool:
        """Whether card a beats card b in a trick whose led suit is `led`."""
        sa, sb = self.suit[a], self.suit[b]
        if sa == sb:
            return self.strength[a] > self.strength[b]
        if sa == SPADES:
            return True
        if sb == SPADES:
            return False
        return sa == led

    def winner(self, trick: list[int] | tuple[int, ...]) -> int:
        """Index in the trick of the winning card."""
        led = self.suit[trick[0]]
        best = 0
        for i in range(1, len(trick)):
            if self.beats(trick[i], trick[best], led):
                best = i
        return best

    def sort_key(self, card: int) -> tuple[int, int]:
        """Display order: clubs, diamonds, spades (trumps), hearts grouping left to right."""
        order = (0, 1, 3, 2)  # C D S H alternates colours; trumps grouped with the jokers
        return (order[self.suit[card]], self.strength[card])


@lru_cache(maxsize=64)
def deck_for(rules: Rules) -> Deck:
    """The (cached) deck of a rule set."""
    return Deck(rules)
