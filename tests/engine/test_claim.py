"""Claims: sure when every line wins every trick, refused when any reply takes one."""

from spades_gui.engine import mask_of, parse_card
from spades_gui.engine.claim import ClaimObstacle, claim_is_sure, claim_obstacle
from spades_gui.engine.hand import PLAY

from .helpers import hand_at_play, play_text, rules

SPADE_SUIT = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def late_hand(s0: str, s1: str, s2: str, s3: str):
    """A position nine tricks in: these four-card endings, spades broken, seat 0 to lead."""
    r = rules(spades_lead="any", first_lead="left_any")
    h = hand_at_play(r, dealer=3)
    h.hands = [mask_of(parse_card(c) for c in t.split()) for t in (s0, s1, s2, s3)]
    h.trick_winners = [0] * 9
    h.plays = [0] * 36
    h.spades_broken = True
    assert h.phase == PLAY
    return h


def test_top_trumps_are_a_sure_claim():
    h = late_hand("AS KS QS JS", "2H 3H 4H 5H", "6H 7H 8H 9H", "TH JH QH KH")
    assert claim_is_sure(h, 0)


def test_a_higher_trump_outside_refuses_the_claim():
    h = late_hand("KS QS JS AH", "AS 3H 4H 5H", "6H 7H 8H 9H", "TH JH QH KH")
    assert not claim_is_sure(h, 0)


def test_side_winner_can_be_ruffed():
    h = late_hand("AH KH QH JH", "2S 3D 4D 5D", "6D 7D 8D 9D", "TD JD QD KD")
    assert not claim_is_sure(h, 0)


def test_draw_trumps_first_then_cash():
    h = late_hand("AS KS AH KH", "2S 3S 4H 5H", "6D 7D 8D 9D", "TD JD QD KD")
    assert claim_is_sure(h, 0)


def test_mid_trick_claim():
    h = late_hand("AS KS QS JS", "2H 3H 4H 5H", "6H 7H 8H 9H", "TH JH QH KH")
    h.turn = h.leader = 1
    play_text(h, "2H")  # seat 1 leads a heart; seat 2, 3 follow, seat 0 trumps
    play_text(h, "6H", "TH")
    assert h.turn == 0 and claim_is_sure(h, 0)


def test_full_hand_of_top_spades():
    h = hand_at_play(rules(spades_lead="any", first_lead="left_any"), dealer=3, s0=SPADE_SUIT)
    play_text(h, "AS")
    h2 = h.copy()
    for _ in range(3):
        h2.play(min(c for c in range(54) if h2.legal_plays() >> c & 1))
    assert h2.turn == 0 and claim_is_sure(h2, 0)


def card(text: str) -> int:
    """A card from its text."""
    return parse_card(text)


def test_a_sure_claim_has_no_obstacle():
    h = late_hand("AS KS QS JS", "2H 3H 4H 5H", "6H 7H 8H 9H", "TH JH QH KH")
    assert claim_obstacle(h, 0) is None


def test_the_obstacle_names_the_higher_card_still_out():
    """Issue 59 (8): the card that beats one of the claimant's is named, not who holds it."""
    h = late_hand("KS QS JS AH", "AS 3H 4H 5H", "6H 7H 8H 9H", "TH JH QH KH")
    assert claim_obstacle(h, 0) == ClaimObstacle("higher", card("AS"))
    h = late_hand("AH KH QH 2H", "4S 3D 4D 5D", "6D 7D 8D 9D", "TD JD 3H KD")
    assert claim_obstacle(h, 0) == ClaimObstacle("higher", card("3H"))
    h = late_hand("AS KH QH 2H", "4S 3D 4D 5D", "6D 7D 8D 9D", "TD JD 3H AH")
    assert claim_obstacle(h, 0) == ClaimObstacle("higher", card("AH"))


def test_the_obstacle_names_the_trump_that_can_ruff():
    h = late_hand("AH KH QH JH", "2S 3D 4D 5D", "6D 7D 8D 9D", "TD JD QD KD")
    assert claim_obstacle(h, 0) == ClaimObstacle("trump", card("2S"))


def test_the_obstacle_names_the_card_on_the_table_none_of_the_claimants_beats():
    h = late_hand("AD KD QD JD", "AH 3H 4H 5H", "6H 7H 8H 9H", "TH JH QH KH")
    h.turn = h.leader = 1
    play_text(h, "AH", "6H", "TH")
    assert h.turn == 0
    assert claim_obstacle(h, 0) == ClaimObstacle("on_table", card("AH"), 1)


def test_a_claim_off_turn_or_outside_the_play_is_not_playing():
    h = hand_at_play(rules(), dealer=3)
    h.hands[0] = 0
    assert claim_obstacle(h, 0) == ClaimObstacle("not_playing")
