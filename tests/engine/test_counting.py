"""The count of each suit one seat keeps: the cards still out, those played, those held."""

from __future__ import annotations

from spades_gui.engine import preset_rules
from spades_gui.engine.cards import BIG_JOKER, LITTLE_JOKER, mask_of, parse_card
from spades_gui.engine.counting import COUNT_ORDER, suit_counts
from spades_gui.engine.deck import deck_for


def cards(text: str) -> int:
    """A mask from "AS KH 2C"."""
    return mask_of(parse_card(t) for t in text.split())


def test_out_is_the_deck_less_the_cards_played_held_and_set_aside() -> None:
    deck = deck_for(preset_rules("classic"))
    played = cards("AS 3S KH 2H 4H 5H")
    held = cards("KS 7S AH")
    counts = {c.suit: c for c in suit_counts(deck, played, held, aside=cards("QS"))}
    spades = counts[COUNT_ORDER[0]]
    assert spades.out == tuple(parse_card(t) for t in "JS TS 9S 8S 6S 5S 4S 2S".split())
    assert spades.played == (parse_card("AS"), parse_card("3S"))
    assert spades.held == 2
    hearts = counts[COUNT_ORDER[1]]
    assert len(hearts.out) == 13 - 4 - 1 and parse_card("QH") == hearts.out[0]
    assert all(len(counts[s].out) == 13 for s in COUNT_ORDER[2:])


def test_the_trumps_are_the_rules_trumps_highest_first() -> None:
    """Tournament: the jokers above the 2♠ above the A♠, all counted among the spades; the
    2♥ and 2♦ are out of the deck and counted nowhere."""
    deck = deck_for(preset_rules("tournament"))
    spades, hearts, clubs, diamonds = suit_counts(deck, 0, 0)
    assert spades.out[:4] == (BIG_JOKER, LITTLE_JOKER, parse_card("2S"), parse_card("AS"))
    assert (len(spades.out), len(hearts.out), len(clubs.out), len(diamonds.out)) == (15, 12, 13, 12)
    assert parse_card("2H") not in hearts.out
