"""The spoken words: cards, hands, turns and bids in plain English; signs said as words."""

from __future__ import annotations

from spades_gui.engine import preset_rules
from spades_gui.engine.cards import BIG_JOKER, LITTLE_JOKER, mask_of, parse_card
from spades_gui.engine.deck import deck_for
from spades_gui.ui.speech import spoken
from spades_gui.ui.speech.hub import plain

CLASSIC = deck_for(preset_rules("classic"))
JOKERS = deck_for(preset_rules("jokers350"))


def cards(*names: str) -> int:
    """A mask from short names ("QH", "2C")."""
    return mask_of(parse_card(n) for n in names)


def test_cards_in_words() -> None:
    assert spoken.card(parse_card("QH")) == "queen of hearts"
    assert spoken.card(parse_card("TS")) == "10 of spades"
    assert spoken.card(parse_card("2C")) == "2 of clubs"
    assert spoken.card(BIG_JOKER) == "big joker"
    assert spoken.card(LITTLE_JOKER) == "little joker"
    assert spoken.rank(parse_card("AD")) == "ace"


def test_a_hand_by_suit_low_to_high_spades_first() -> None:
    hand = cards("QH", "2H", "9H", "AS", "4S", "7D")
    assert spoken.by_suit(hand, CLASSIC) == "spades: 4, ace; hearts: 2, 9, queen; diamonds: 7"
    assert spoken.by_suit(0, CLASSIC) == "no cards"


def test_jokers_are_said_among_the_spades_where_they_are_trumps() -> None:
    hand = cards("3S", "KC") | 1 << BIG_JOKER | 1 << LITTLE_JOKER
    assert spoken.by_suit(hand, JOKERS) == "spades: 3, little joker, big joker; clubs: king"


def test_the_players_turn_says_what_it_may_play() -> None:
    hearts = spoken.SUIT_ORDER[1]
    legal = cards("2H", "9H", "QH")
    assert spoken.play_turn(legal, hearts, CLASSIC, True) == "Your turn, follow hearts: 2, 9, queen"
    assert (
        spoken.play_turn(legal, hearts, CLASSIC, False) == "Your turn, follow hearts: 2, 9, queen"
    )
    any_card = cards("2C", "AS")
    assert (
        spoken.play_turn(any_card, hearts, CLASSIC, True)
        == "Your turn, no hearts: play any card: spades: ace; clubs: 2"
    )
    assert (
        spoken.play_turn(any_card, hearts, CLASSIC, False) == "Your turn, no hearts: play any card"
    )
    assert (
        spoken.play_turn(any_card, None, CLASSIC, True)
        == "Your turn to lead: spades: ace; clubs: 2"
    )
    assert spoken.play_turn(any_card, None, CLASSIC, False) == "Your turn to lead"


def test_plays_and_bids_name_their_player() -> None:
    assert spoken.play_sentence("West", parse_card("4H"), True) == "West leads 4 of hearts"
    assert spoken.play_sentence("You", parse_card("QH"), False) == "You play queen of hearts"
    assert spoken.bid_sentence("West", "Bid 4") == "West bids 4"
    assert spoken.bid_sentence("You", "Nil") == "You bid nil"
    assert spoken.bid_sentence("North", "Blind 6") == "North bids blind 6"
    assert spoken.trick_words([("West", parse_card("4H")), ("You", BIG_JOKER)]) == (
        "West 4 of hearts, You big joker"
    )
    assert spoken.team_counts(1, 3, "trick") == "we 1 trick, they 3 tricks"


def test_signs_are_said_in_words() -> None:
    assert plain("Score −30") == "Score minus 30"
    assert (
        plain("We need 2 more · They need 1 to set us") == "We need 2 more, They need 1 to set us"
    )
    assert plain("North & South") == "North and South"
    assert plain("Your only card to play: the Q♥") == "Your only card to play: the queen of hearts"
    assert plain("You passed the 10♠ and A♦") == "You passed the 10 of spades and ace of diamonds"
    assert plain("Hearts ♥ led") == "Hearts hearts led"
