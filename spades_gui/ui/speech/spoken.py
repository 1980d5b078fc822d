"""The game in spoken words: cards ("queen of hearts", "big joker"), a hand by suit, a
trick, the player's turn and what it may do now. Plain English, no symbols."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import BIG_JOKER, LITTLE_JOKER, SUIT_NAMES, cards_of
from ...engine.deck import Deck
from ..words import card_words, plural

SUIT_ORDER = (3, 2, 0, 1)  # spoken: spades, hearts, clubs, diamonds


def card(c: int) -> str:
    """A card in words: "queen of hearts", "10 of spades", "big joker"."""
    return card_words(c).lower()


def rank(c: int) -> str:
    """A card's rank in words, its suit understood: "queen", "2"; a joker whole."""
    if c in (BIG_JOKER, LITTLE_JOKER):
        return card(c)
    return card(c).split(" of ")[0]


def ranks(cards: Sequence[int], deck: Deck) -> str:
    """Cards of one suit, low to high: "2, 9, queen"."""
    return ", ".join(rank(c) for c in sorted(cards, key=deck.sort_key))


def by_suit(mask: int, deck: Deck, empty: str = "no cards") -> str:
    """Cards grouped by suit, each suit low to high: "spades: 4, ace; hearts: 2, 9, queen";
    jokers and raised twos among the spades, where the rules make them trumps."""
    parts = []
    for s in SUIT_ORDER:
        cards = [c for c in cards_of(mask) if deck.suit[c] == s]
        if cards:
            parts.append(f"{SUIT_NAMES[s]}: {ranks(cards, deck)}")
    return "; ".join(parts) if parts else empty


def verb(subject: str, plain: str, third: str) -> str:
    """The verb for a subject: "You play", "West plays"."""
    return f"{subject} {plain if subject == 'You' else third}"


def bid_sentence(subject: str, words: str) -> str:
    """A bid as the table writes it ("Bid 4", "Nil", "Blind 6") in a sentence: "West bids
    4", "You bid nil"."""
    rest = words[4:] if words.startswith("Bid ") else words[:1].lower() + words[1:]
    return f"{verb(subject, 'bid', 'bids')} {rest}"


def play_sentence(subject: str, c: int, lead: bool) -> str:
    """A card played: "West leads 4 of hearts", "You play queen of hearts"."""
    if lead:
        return f"{verb(subject, 'lead', 'leads')} {card(c)}"
    return f"{verb(subject, 'play', 'plays')} {card(c)}"


def trick_words(plays: Sequence[tuple[str, int]]) -> str:
    """The cards of a trick in play order: "West 4 of hearts, North king of hearts"."""
    return ", ".join(f"{name} {card(c)}" for name, c in plays)


def play_turn(legal: int, led: int | None, deck: Deck, full: bool) -> str:
    """The player's turn to play: "Your turn, follow hearts: 2, 9, queen", "Your turn to
    lead: ...", "Your turn, no hearts: any card: ..." (the cards only when `full`)."""
    cards = cards_of(legal)
    if led is None:
        head = "Your turn to lead"
        return f"{head}: {by_suit(legal, deck)}" if full else head
    if all(deck.suit[c] == led for c in cards):
        return f"Your turn, follow {SUIT_NAMES[led]}: {ranks(cards, deck)}"
    head = f"Your turn, no {SUIT_NAMES[led]}: play any card"
    return f"{head}: {by_suit(legal, deck)}" if full else head


def team_counts(us: int, them: int, what: str) -> str:
    """The two sides' figures: "we 3 tricks, they 2 tricks"."""
    return f"we {plural(us, what)}, they {plural(them, what)}"


def plural_tricks(n: int) -> str:
    """ "no tricks", "1 trick", "3 tricks"."""
    return "no tricks" if n == 0 else plural(n, "trick")
