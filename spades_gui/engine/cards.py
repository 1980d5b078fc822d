"""Cards as small ints, hands as bitmasks, and their text form."""

from __future__ import annotations

from collections.abc import Iterable

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LITTLE_JOKER = 52
BIG_JOKER = 53
N_CARDS = 54
ALL_MASK = (1 << N_CARDS) - 1


def make_card(rank: int, suit: int) -> int:
    """The card of a rank index (0 = two … 12 = ace) and a suit."""
    return suit * 13 + rank


def rank_of(card: int) -> int:
    """Rank index of a natural card (0 = two … 12 = ace); 13 and 14 for the jokers."""
    return card % 13 if card < 52 else 13 + card - 52


def natural_suit(card: int) -> int:
    """The suit printed on the card; the jokers print as spades."""
    return card // 13 if card < 52 else SPADES


def parse_card(text: str) -> int:
    """The card written as rank then suit (`AS`, `TD`, `10H`, `BJ`, `LJ`)."""
    t = text.strip().upper()
    if t == "BJ":
        return BIG_JOKER
    if t == "LJ":
        return LITTLE_JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return make_card(RANKS.index(t[0]), SUITS.index(t[1]))


def card_str(card: int) -> str:
    """The two-letter text of a card."""
    if card == BIG_JOKER:
        return "BJ"
    if card == LITTLE_JOKER:
        return "LJ"
    return RANKS[card % 13] + SUITS[card // 13]


def card_name(card: int) -> str:
    """A card in words for people: 'Q♥' style with the suit symbol."""
    if card == BIG_JOKER:
        return "Big Joker"
    if card == LITTLE_JOKER:
        return "Little Joker"
    return RANK_NAMES[card % 13] + SUIT_SYMBOLS[card // 13]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding these cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, lowest bit first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    """Number of cards in a bitmask."""
    return mask.bit_count()


def lowest(mask: int) -> int:
    """The card of the lowest set bit (mask must be non-zero)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The card of the highest set bit (mask must be non-zero)."""
    return mask.bit_length() - 1


def suit_mask_natural(suit: int) -> int:
    """All thirteen natural cards of a printed suit."""
    return ((1 << 13) - 1) << (13 * suit)
