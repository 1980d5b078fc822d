"""Deck, deal, bidding and play options: each test fails when its option is ignored."""

import random

import pytest

from spades_gui.engine import BLIND, BLIND_NIL, MISDEAL, NIL, PASS, PLAY, Game, Hand, IllegalAction
from spades_gui.engine.cards import BIG_JOKER, LITTLE_JOKER, card_str, cards_of, parse_card
from spades_gui.engine.deck import deck_for
from spades_gui.engine.game import draw_for_dealer
from spades_gui.engine.hand import bidding_order

from .helpers import deal, hand_at_play, play_text, rules


def cs(mask: int) -> set[str]:
    return {card_str(c) for c in cards_of(mask)}


# ----- deck -----------------------------------------------------------------------------------


def test_jokers_replace_two_deuces():
    plain = deck_for(rules())
    jok = deck_for(rules(jokers=True))
    assert len(plain.cards) == len(jok.cards) == 52
    assert BIG_JOKER in jok.cards and LITTLE_JOKER in jok.cards
    assert parse_card("2H") not in jok.cards and parse_card("2D") not in jok.cards
    assert BIG_JOKER not in plain.cards


def test_jokers_replace_clubs_and_hearts():
    d = deck_for(rules(jokers=True, jokers_replace="2C2H"))
    assert parse_card("2C") not in d.cards and parse_card("2H") not in d.cards
    assert parse_card("2D") in d.cards


def test_trump_order_tournament():
    d = deck_for(rules("tournament"))
    assert [card_str(c) for c in d.trumps[:4]] == ["BJ", "LJ", "2S", "AS"]
    assert d.trumps[-1] == parse_card("3S")


def test_deuce_of_spades_high():
    t = [parse_card("AS"), parse_card("2S")]
    assert deck_for(rules(deuce_spades_high=True)).winner(t) == 1
    assert deck_for(rules()).winner(t) == 0


def test_deuce_of_diamonds_is_a_trump():
    r = rules(jokers=True, jokers_replace="2C2H", deuce_spades_high=True, deuce_diamonds_high=True)
    d = deck_for(r)
    assert [card_str(c) for c in d.trumps[:4]] == ["BJ", "LJ", "2D", "2S"]
    two_d = parse_card("2D")
    # On a diamond lead the 2♦ is a trump, so it beats the A♦.
    assert d.winner([parse_card("AD"), two_d]) == 1
    assert d.winner([parse_card("KS"), two_d]) == 1
    assert not deck_for(rules()).beats(two_d, parse_card("KS"), 3)


def test_jokers_follow_suit_as_spades():
    r = rules("tournament", spades_lead="any", first_lead="left_any")
    h = hand_at_play(r, dealer=3, bids=(4, 4, 4, 4), s0="KS 3C", s1="AS BJ 6C", s2="7C", s3="8C")
    play_text(h, "KS")
    assert cs(h.legal_plays()) == {"AS", "BJ"}


# ----- deal -----------------------------------------------------------------------------------


def test_first_dealer_human_is_seat_0():
    g = Game(rules(first_dealer="human"))
    assert all(g.first_dealer(random.Random(s)) == 0 for s in range(20))


def test_first_dealer_random_varies():
    g = Game(rules(first_dealer="random"))
    assert {g.first_dealer(random.Random(s)) for s in range(40)} == {0, 1, 2, 3}


def test_first_dealer_high_card_draw():
    r = rules(first_dealer="high_card")
    for s in range(20):
        seat, drawn = draw_for_dealer(r, random.Random(s))
        ranks = [c % 13 for c in drawn]
        assert ranks[seat] == max(ranks) and ranks.count(max(ranks)) == 1
        assert Game(r).first_dealer(random.Random(s)) == seat


def test_misdeal_conditions():
    no_face = "2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D"
    r = rules(misdeal=("no_face_cards",))
    h = Hand(r, 3, deal(r, s0=no_face))
    assert h.misdeal_reasons(0) == ["no_face_cards"]
    h.call_misdeal(0)
    assert h.phase == MISDEAL
    h2 = Hand(rules(), 3, deal(rules(), s0=no_face))
    assert h2.misdeal_reasons(0) == []
    with pytest.raises(IllegalAction):
        h2.call_misdeal(0)


@pytest.mark.parametrize(
    "cond,cards",
    [
        ("no_spades", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        ("few_spades", "2S 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD"),
        ("long_suit", "2H 3H 4H 5H 6H 7H 8H 9C TC JC QC KC AD"),
    ],
)
def test_misdeal_other_conditions(cond, cards):
    r = rules(misdeal=(cond,))
    assert cond in Hand(r, 3, deal(r, s0=cards)).misdeal_reasons(0)
    r2 = rules(misdeal=())
    assert Hand(r2, 3, deal(r2, s0=cards)).misdeal_reasons(0) == []


def test_misdeal_only_before_bidding():
    r = rules(misdeal=("no_spades",))
    h = Hand(r, 3, deal(r, s1="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"))
    h.bid(3)
    assert h.misdeal_reasons(1) == []


@pytest.mark.parametrize("redeal,expect", [("same", 2), ("next", 3)])
def test_misdeal_redeal(redeal, expect):
    r = rules(misdeal=("no_spades",), misdeal_redeal=redeal)
    g = Game(r)
    h = g.start_hand(2, deal(r, s0="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"))
    h.call_misdeal(0)
    assert g.finish_hand() is None
    assert g.next_dealer() == expect


# ----- bidding --------------------------------------------------------------------------------


def test_bidding_order():
    assert bidding_order(rules(bidding_order="teams"), 0) == (1, 3, 2, 0)
    assert bidding_order(rules(bidding_order="round"), 0) == (1, 2, 3, 0)
    h = Hand(rules(bidding_order="teams"), 0, deal(rules()))
    h.bid(3)
    assert h.turn == 3


def test_hint_style_second_partner_sets_total():
    r = rules("online")  # round the table, hint style
    h = Hand(r, 3, deal(r))
    h.bid(5)  # seat 0 hints 5
    h.bid(2)  # seat 1 hints 2
    assert -5 in h.legal_bids()  # seat 2 may set the team total to 0
    h.bid(-2)  # team total 3
    assert h.team_contract(0) == 3
    s = rules("online", bid_style="sum")
    h2 = Hand(s, 3, deal(s))
    h2.bid(5)
    h2.bid(2)
    assert min(b for b in h2.legal_bids() if b < 100) == 0


def test_a_recorded_zero_from_the_second_hint_partner_adds_nothing():
    r = rules("online", zero_is_nil=True)  # a 0 is nil, except as the second partner's number
    h = Hand(r, 3, deal(r))
    assert h.read_bid(0, 0) == NIL  # seat 0 bids first: its 0 is nil
    h.bid(4)  # seat 0 hints 4
    h.bid(2)  # seat 1 hints 2
    assert h.read_bid(0, 2) == 0 and h.read_bid("nil", 2) == NIL
    h.bid(h.read_bid(0, 2))
    assert h.team_contract(0) == 4
    s = rules("online", zero_is_nil=True, bid_style="sum")
    h2 = Hand(s, 3, deal(s))
    h2.bid(4)
    h2.bid(2)
    assert h2.read_bid(0, 2) == NIL  # partners' bids add up: a second partner's 0 is nil


def test_min_team_bid():
    r = rules(min_team_bid=4, bidding_order="teams")
    h = Hand(r, 3, deal(r))
    h.bid(1)  # seat 0; its partner, seat 2, bids next
    assert h.turn == 2
    assert min(b for b in h.legal_bids() if b < 100) == 3  # brings the team to 4
    assert NIL not in h.legal_bids()  # partner's 1 is below the minimum
    no_min = rules(bidding_order="teams")
    h2 = Hand(no_min, 3, deal(no_min))
    h2.bid(1)
    assert 1 in h2.legal_bids() and NIL in h2.legal_bids()


def test_min_team_bid_nil_partner_and_double_nil():
    r = rules(min_team_bid=4, bidding_order="teams")
    h = Hand(r, 3, deal(r))
    h.bid(NIL)  # seat 0; partner seat 2 next
    nums = [b for b in h.legal_bids() if b < 100]
    assert min(nums) == 4 and NIL in h.legal_bids()


def test_total_not_13():
    r = rules(total_not_13=True)
    h = Hand(r, 3, deal(r))
    for b in (3, 3, 3):
        h.bid(b)
    assert 4 not in h.legal_bids() and 5 in h.legal_bids()
    with pytest.raises(IllegalAction, match="13"):
        h.bid(4)
    h2 = Hand(rules(), 3, deal(rules()))
    for b in (3, 3, 3):
        h2.bid(b)
    assert 4 in h2.legal_bids()


def test_zero_is_nil():
    r = rules(zero_is_nil=True)
    h = Hand(r, 3, deal(r))
    assert 0 not in h.legal_bids() and NIL in h.legal_bids()
    z = rules(zero_is_nil=False)
    h2 = Hand(z, 3, deal(z))
    assert 0 in h2.legal_bids() and NIL in h2.legal_bids()


def test_nil_not_allowed():
    r = rules(nil_allowed=False, blind_nil=False)
    h = Hand(r, 3, deal(r))
    assert NIL not in h.legal_bids() and BLIND_NIL not in h.legal_bids()
    assert NIL in Hand(rules(), 3, deal(rules())).legal_bids()
    blind_only = rules(nil_allowed=False)
    assert BLIND_NIL in Hand(blind_only, 3, deal(blind_only)).legal_bids()


def test_blind_nil_allowed_and_deficit():
    r = rules(blind_nil_deficit=100)
    behind = Hand(r, 3, deal(r), scores=(0, 100))
    level = Hand(r, 3, deal(r), scores=(0, 90))
    assert BLIND_NIL in behind.legal_bids()  # seat 0's team trails by 100
    assert BLIND_NIL not in level.legal_bids()
    off = rules(blind_nil=False, blind_nil_pass=0)
    assert BLIND_NIL not in Hand(off, 3, deal(off), scores=(0, 500)).legal_bids()


def test_blind_nil_pass_exchange():
    r = rules(blind_nil_pass=2)
    h = Hand(r, 3, deal(r))
    h.bid(BLIND_NIL)
    for b in (3, 3, 3):
        h.bid(b)
    assert h.phase == PASS and h.turn == 0 and h.pass_count() == 2
    give = cards_of(h.hands[0])[:2]
    with pytest.raises(IllegalAction):
        h.pass_cards(1 << give[0])
    h.pass_cards((1 << give[0]) | (1 << give[1]))
    assert h.turn == 2 and h.hands[2] >> give[0] & 1
    back = [c for c in cards_of(h.hands[2]) if c not in give][:2]
    h.pass_cards((1 << back[0]) | (1 << back[1]))
    assert h.phase == PLAY and bin(h.hands[0]).count("1") == 13
    r0 = rules(blind_nil_pass=0)
    h0 = Hand(r0, 3, deal(r0))
    h0.bid(BLIND_NIL)
    for b in (3, 3, 3):
        h0.bid(b)
    assert h0.phase == PLAY


def test_blind_bids_offered_to_first_partner_and_shared():
    r = rules(blind_bids=("blind13",))
    h = Hand(r, 3, deal(r))
    assert BLIND + 13 in h.legal_bids()
    h.bid(BLIND + 13)  # seat 0
    h.bid(3)  # seat 1
    assert h.legal_bids() == [BLIND + 13]  # seat 2 shares the blind contract
    assert BLIND + 13 not in Hand(rules(), 3, deal(rules())).legal_bids()


def test_blind_7_plus_and_blind_6():
    r = rules(blind_bids=("blind6", "blind7plus"))
    h = Hand(r, 3, deal(r))
    lb = h.legal_bids()
    assert BLIND + 6 in lb and BLIND + 7 in lb and BLIND + 13 in lb and BLIND + 5 not in lb


# ----- play -----------------------------------------------------------------------------------


def test_first_lead_left_no_spade():
    r = rules(first_lead="left_no_spade", spades_lead="any")
    h = hand_at_play(r, dealer=3, s0="AS KS 2C")
    assert h.turn == 0
    assert not cs(h.legal_plays()) & {"AS", "KS"}
    r2 = rules(first_lead="left_any", spades_lead="any")
    assert {"AS", "KS"} <= cs(hand_at_play(r2, dealer=3, s0="AS KS 2C").legal_plays())


def test_first_lead_dealer():
    r = rules(first_lead="dealer_any")
    assert hand_at_play(r, dealer=2).turn == 2
    assert hand_at_play(rules(), dealer=2).turn == 3


def test_first_lead_two_clubs():
    r = rules("classic")
    h = hand_at_play(r, dealer=3, bids=(3, 3, 3, 3), s2="2C 9C KS", s3="5C 7C", s0="3C 4C")
    assert h.turn == 2 and cs(h.legal_plays()) == {"2C"}
    play_text(h, "2C")
    assert cs(h.legal_plays()) == {"5C"}  # seat 3 plays its lowest club
    # Without the option, seat 2 (dealer's partner) would not lead at all.
    h2 = hand_at_play(rules(), dealer=3, s2="2C 9C KS")
    assert h2.turn == 0


def test_two_clubs_with_jokers_lowest_club_in_play():
    r = rules("classic", jokers=True, jokers_replace="2C2H")
    h = hand_at_play(r, dealer=3, s1="3C 8C")
    assert h.turn == 1 and cs(h.legal_plays()) == {"3C"}


def test_no_spades_on_first_trick():
    r = rules(spades_first_trick=False)
    hearts_void = "AS KS QS 2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    h = hand_at_play(r, dealer=3, s0="2H", s1=hearts_void)
    play_text(h, "2H")
    assert not cs(h.legal_plays()) & {"AS", "KS", "QS"}
    h2 = hand_at_play(rules(), dealer=3, s0="2H", s1=hearts_void)
    play_text(h2, "2H")
    assert {"AS", "KS"} <= cs(h2.legal_plays())


def test_all_spades_hand_may_play_spades_on_first_trick():
    r = rules(spades_first_trick=False)
    all_sp = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    h = hand_at_play(r, dealer=3, s0="2H", s1=all_sp)
    play_text(h, "2H")
    assert bin(h.legal_plays()).count("1") == 13


@pytest.mark.parametrize("lead,spade_ok", [("broken", False), ("any", True)])
def test_spades_lead_broken_vs_any(lead, spade_ok):
    r = rules(spades_lead=lead)
    h = hand_at_play(r, dealer=3, s0="2H 3H", s1="4H", s2="5H", s3="AH 2S 3D")
    play_text(h, "2H", "4H", "5H", "AH")
    assert h.turn == 3 and not h.spades_broken
    assert ("2S" in cs(h.legal_plays())) is spade_ok


def test_leading_spades_when_hand_is_all_spades():
    r = rules(spades_lead="broken")
    h = hand_at_play(r, dealer=3, s0="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")
    assert bin(h.legal_plays()).count("1") == 13


def test_renege_enforced_or_allowed():
    h = hand_at_play(rules(), dealer=3, s0="2H 3H 4H", s1="5H 6H 2C", s2="7H 3C", s3="8H 4C")
    play_text(h, "2H", "5H", "7H", "8H")  # trick 1; seat 3 wins, leads
    assert h.turn == 3
    h.play(parse_card("4C"))
    with pytest.raises(IllegalAction, match="follow clubs"):
        h.play(parse_card("3H"))
    r = rules(renege="claim_000")
    h2 = hand_at_play(r, dealer=3, s0="2H 3H 4H 5C", s1="5H 6H 2C", s2="7H 3C", s3="8H 4C")
    play_text(h2, "2H", "5H", "7H", "8H", "4C")
    h2.play(parse_card("3H"))  # seat 0 holds 5♣ but reneges
    assert h2.reneges == [(0, 1)]


def test_illegal_card_reason():
    h = hand_at_play(rules(), dealer=3, s0="2H", s1="5H 2C")
    play_text(h, "2H")
    assert h.why_play_illegal(parse_card("2C")) == "you must follow hearts"
