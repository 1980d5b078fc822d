"""Document 001's last three variations (issue 10 B): the 54-card pack with two cards left
over, no-trump bids, Double Nil as a team bid. Each test is built from 001's words and fails
when its option is ignored."""

from __future__ import annotations

import random

import pytest

from spades_gui.engine import BID, BLIND, BLIND_NIL, NIL, PASS, PLAY, Game, Hand, RulesError
from spades_gui.engine.cards import card_str, cards_of, mask_of, parse_card
from spades_gui.engine.deck import deck_for
from spades_gui.engine.game import EndReason, deal_hand
from spades_gui.engine.hand import DISCARD, IllegalAction
from spades_gui.engine.record import RecordError, game_to_record, load

from .helpers import deal, rules
from .test_options_scoring import pts

PACK = dict(jokers=True, jokers_replace="")  # "the standard pack of 52 plus 2 jokers"


def _cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def _pack_deal(r, extra: str = "2C 3D", **seats: str) -> tuple[list[int], int]:
    """Four hands of 13 and the two cards left over."""
    x = _cards(extra)
    return deal(r, out=x, **seats), x


# ----- 1. 54 cards: two left over to the dealer (or the 2♣ holder), who discards two ---------


def test_54_cards_leave_two_over_for_the_dealer_to_discard():
    # 001: "there will be two cards left over at the end of the deal, and these are given to
    # the dealer. Having looked at all 15 cards, the dealer discards any two-card face down."
    r = rules(**PACK)
    assert len(deck_for(r).cards) == 54
    g = Game(r)
    h = g.deal(random.Random(1))
    assert h.extra.bit_count() == 2 and h.taker == h.dealer
    assert [m.bit_count() for m in h.hands].count(15) == 1 and h.hands[h.dealer].bit_count() == 15
    assert h.phase == DISCARD and h.turn == h.dealer
    with pytest.raises(IllegalAction, match="exactly two"):
        h.discard(1 << cards_of(h.hands[h.dealer])[0])
    gone = mask_of(cards_of(h.hands[h.dealer])[:2])
    h.discard(gone)
    assert h.phase == BID and h.turn == h.order[0] and h.discarded == gone
    assert all(m.bit_count() == 13 for m in h.hands)
    # without the option: 52 cards (two 2s out for the jokers), none left over, no discard
    plain = Game(rules(jokers=True)).deal(random.Random(1))
    assert plain.extra == 0 and plain.phase == BID and len(deck_for(plain.rules).cards) == 52


def test_deal_hand_keeps_the_old_deals_for_52_cards():
    for r in (rules(), rules(jokers=True)):
        hands, extra = deal_hand(r, 2, random.Random(7))
        assert extra == 0 and all(m.bit_count() == 13 for m in hands)


def test_the_two_clubs_holder_takes_them():
    # 001: "Some play that the two extra cards are given to the holder of the two of clubs"
    r = rules(**PACK, leftover_to="two_clubs")
    d, x = _pack_deal(r, "9D 3D", s1="2C")
    h = Hand(r, 3, d, extra=x)
    assert h.taker == 1 and h.turn == 1 and h.hands[1].bit_count() == 15
    assert Hand(rules(**PACK), 3, d, extra=x).taker == 3  # the dealer, without the option
    d2, x2 = _pack_deal(r, "2C 3D")  # the 2♣ is one of the two left over: the dealer
    assert Hand(r, 3, d2, extra=x2).taker == 3


def test_discard_after_the_bidding():
    # 001: "Some play that the discard takes place after the bidding."
    r = rules(**PACK, leftover_discard="after")
    d, x = _pack_deal(r)
    h = Hand(r, 3, d, extra=x)
    assert h.phase == BID and h.hands[3].bit_count() == 15
    for b in (3, 3, 3, 3):
        h.bid(b)
    assert h.phase == DISCARD and h.turn == 3
    h.discard(mask_of(cards_of(h.hands[3])[-2:]))
    assert h.phase == PLAY and h.hands[3].bit_count() == 13
    before = Hand(rules(**PACK), 3, d, extra=x)
    assert before.phase == DISCARD  # the default discards before the bidding


def test_lowest_club_in_play_leads_when_the_two_is_discarded():
    # 001: "the holder of the lowest club in play if you are playing with jokers and the two
    # of clubs was discarded"
    r = rules(**PACK, first_lead="two_clubs")
    d, x = _pack_deal(r, "2C 9D", s1="3C")
    h = Hand(r, 3, d, extra=x)
    h.discard(_cards("2C 9D"))
    for b in (3, 3, 3, 3):
        h.bid(b)
    assert h.phase == PLAY and h.turn == 1
    assert [card_str(c) for c in cards_of(h.legal_plays())] == ["3C"]


def test_the_dealer_who_looked_to_discard_bids_nothing_blind():
    # a blind bid is made "before a player looks at his cards"; blind 7 "provided neither of
    # them has yet looked": the dealer looked at all 15 cards to discard
    r = rules(**PACK, blind_bids=("blind7plus",))
    d, x = _pack_deal(r)
    h = Hand(r, 0, d, extra=x)  # dealer 0: seat 1 bids first, then 2, 3, 0
    h.discard(mask_of(cards_of(h.hands[0])[:2]))
    assert BLIND + 7 in h.legal_bids()  # seat 1: the other team may
    h.bid(3)
    # seat 2, the dealer's partner: a blind nil of its own, but no blind number for the team
    assert BLIND_NIL in h.legal_bids() and BLIND + 7 not in h.legal_bids()
    h.bid(3)
    h.bid(3)
    assert BLIND_NIL not in h.legal_bids()  # the dealer
    with pytest.raises(IllegalAction, match="looks"):
        h.bid(BLIND_NIL)
    after = Hand(r.with_options(leftover_discard="after"), 0, d, extra=x)
    for b in (3, 3, 3):
        after.bid(b)
    assert BLIND_NIL in after.legal_bids()  # it has not looked yet


def test_leftover_options_need_the_54_card_pack():
    with pytest.raises(RulesError, match="54-card pack"):
        rules(leftover_to="two_clubs")
    with pytest.raises(RulesError, match="54-card pack"):
        rules(jokers=True, leftover_discard="after")
    with pytest.raises(RulesError, match="at most one 2 besides"):
        rules(**PACK, high_twos="CDS")
    assert rules(**PACK, high_twos="CS").high_twos == "CS"


def _play_out(g: Game, rng: random.Random, bid=lambda h, rng: None) -> None:
    h = g.hands[-1]
    while not h.done:
        if h.phase == DISCARD:
            h.discard(mask_of(rng.sample(cards_of(h.hands[h.turn]), 2)))
        elif h.phase == BID:
            b = bid(h, rng)
            if b is None:
                nums = [x for x in h.legal_bids() if 1 <= x <= 4]
                b = rng.choice(nums) if nums else h.legal_bids()[0]
            h.bid(b)
        elif h.phase == PASS:
            h.pass_cards(mask_of(rng.sample(cards_of(h.hands[h.turn]), h.pass_count())))
        else:
            h.play(rng.choice(cards_of(h.legal_plays())))
    g.finish_hand()


def test_pack_record_round_trip_and_refused_without_it():
    r = rules(**PACK, leftover_to="two_clubs", leftover_discard="after")
    rng = random.Random(4)
    g = Game(r)
    for _ in range(3):
        g.deal(rng)
        _play_out(g, rng)
    rec = game_to_record(g)
    assert all(len(h["extra"]) == 2 and len(h["discard"]) == 2 for h in rec["hands"])
    again = load(rec)
    assert game_to_record(again) == rec and again.scores == g.scores
    with pytest.raises(RecordError):  # without the pack: the 2♥ and 2♦ are not in the deck
        plain = dict(rec["rules"], jokers_replace="2H2D", leftover_to="dealer")
        load(dict(rec, rules=dict(plain, leftover_discard="before")))
    no_extra = [{k: v for k, v in h.items() if k != "extra"} for h in rec["hands"]]
    with pytest.raises(RecordError, match="the cards left over"):
        load(dict(rec, hands=no_extra))
    no_discard = [{k: v for k, v in h.items() if k != "discard"} for h in rec["hands"]]
    with pytest.raises(RecordError, match="the discard is missing"):
        load(dict(rec, hands=no_discard))


# ----- 2. no-trump bids ----------------------------------------------------------------------

NT = dict(no_trump=True)
NT_HAND = "AS AC KC QC AD KD QD AH KH QH 2C 3C 4C"  # one spade, side-suit tricks


def _nt_hand(r, agree: bool = True, s0: str = NT_HAND) -> Hand:
    """Seat 0 (first to bid, dealer 3) asks partner to cover a no trump."""
    h = Hand(r, 3, deal(r, s0=s0))
    h.ask("no_trump")
    assert h.turn == 2 and h.legal_bids() == []  # partner answers first
    h.answer(agree)
    assert h.turn == 0
    return h


def test_no_trump_needs_partner_consent_and_a_spade():
    # 001: "A bid of No Trump requires agreement from partner ... 'Can you cover a no
    # trump?' and partner replies yes or no"; "only allowed to bid No Trump if you hold at
    # least one spade"
    r = rules(**NT)
    h = _nt_hand(r)
    # partner (to bid after) covers it with a number: 12 at most
    assert h.legal_bids() == list(range(1, 13)) and h.legal_asks() == []
    h.bid(6)
    assert h.no_trump == [True, False, False, False] and h.team_no_trump(0)
    no = _nt_hand(r, agree=False)
    assert "no_trump" not in no.legal_asks() and NIL in no.legal_bids()
    no.bid(6)
    assert not any(no.no_trump)
    spadeless = Hand(r, 3, deal(r, s0="AC KC QC JC AD KD QD JD AH KH QH JH TH"))
    assert spadeless.legal_asks() == []
    with pytest.raises(IllegalAction):
        spadeless.ask("no_trump")
    assert Hand(rules(), 3, deal(r, s0=NT_HAND)).legal_asks() == []  # without the option


def test_no_trump_partner_covers_no_nil():
    r = rules(**NT)
    h = _nt_hand(r)
    h.bid(5)
    h.bid(3)
    legal = h.legal_bids()  # seat 2, partner of the no trump
    assert NIL not in legal and BLIND_NIL not in legal and 1 in legal
    assert "no_trump" not in h.legal_asks()  # one no trump a team
    with pytest.raises(IllegalAction, match="cover"):
        h.bid(NIL)


def test_no_trump_scores_double_and_loses_double_or_single():
    # 001: "The value of the bid is double that of a normal bid for that number of tricks if
    # won; the penalty if you lose is double the penalty for a normal bid (some people play
    # with only a single penalty)"
    bids = [4, 3, 3, 3]  # team 0: 7
    made, set_ = [5, 3, 3, 2], [3, 3, 3, 4]
    r = rules(**NT)
    assert pts(r, bids, made, no_trump=(True, False)).points[0] == 140 + 1
    assert pts(r, bids, made).points[0] == 70 + 1
    assert pts(r, bids, set_, no_trump=(True, False)).points[0] == -140
    single = rules(**NT, no_trump_penalty="single")
    assert pts(single, bids, set_, no_trump=(True, False)).points[0] == -70
    assert pts(single, bids, made, no_trump=(True, False)).points[0] == 141


def test_winning_a_trick_by_trumping_loses_the_no_trump():
    # 001: the bidder "promises not to win any tricks with spades, except when spades are led"
    r = rules(**NT, first_lead="dealer_any", spades_lead="any")
    s0 = "AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"  # no hearts
    for lead, broken in (("AH", True), ("2S", False)):
        g = Game(r)
        h = g.start_hand(3, deal(r, s0=s0, s3=f"{lead} 3H 4H"))
        h.ask("no_trump")
        h.answer(True)
        for b in (1, 3, 3, 3):
            h.bid(b)
        assert h.turn == 3
        h.play(parse_card(lead))
        h.play(parse_card("AS"))
        while h.phase == PLAY:
            h.play(cards_of(h.legal_plays())[0])
        assert h.trick_winners[0] == 0 and h.no_trump_broken(0) is broken
        res = g.finish_hand()
        assert res is not None and res.teams[0].no_trump_broken is broken
        if broken:  # taken tricks or not, the bid is lost
            assert not res.teams[0].made and res.teams[0].contract_points == -80
    bids, tricks = [1, 3, 3, 3], [5, 3, 3, 2]
    assert (
        pts(r, bids, tricks, no_trump=(True, False), no_trump_broken=(True, False)).points[0] == -80
    )
    assert pts(r, bids, tricks, no_trump=(True, False)).points[0] == 80 + 4


BNT = dict(no_trump=True, no_trump_blind=True, blind_bids=("blind6",))


def test_blind_no_trump_from_one_below_the_lowest_blind_bid_triple():
    # 001: "A No Trump bid can be made blind, increasing its value to triple the basic
    # amount. The minimum ... is usually set at one less than the required minimum number for
    # a normal blind bid ... only be allowed when the team is a long way behind - for example
    # more than 400 behind ... Failing in a Blind No Trump should cost the same as you win"
    r = rules(**BNT)
    h = Hand(r, 3, deal(r), scores=(0, 401))
    assert "blind_no_trump" in h.legal_asks()
    h.ask("blind_no_trump")
    h.answer(True)
    assert h.legal_bids() == [BLIND + n for n in range(5, 14)]
    h.bid(BLIND + 5)
    h.bid(3)
    assert h.legal_bids() == [BLIND + 5]  # partner shares the team's blind contract
    assert "blind_no_trump" not in Hand(r, 3, deal(r), scores=(0, 400)).legal_asks()
    b5 = [BLIND + 5, 3, BLIND + 5, 3]
    assert pts(r, b5, [3, 3, 3, 4], no_trump=(True, False)).points[0] == 150 + 1
    assert pts(r, b5, [2, 4, 2, 5], no_trump=(True, False)).points[0] == -150
    dbl = rules(**BNT, no_trump_blind_penalty="double")
    assert pts(dbl, b5, [2, 4, 2, 5], no_trump=(True, False)).points[0] == -100
    # blind 6 itself, as a blind no trump, is worth 180 (120 as a plain blind 6)
    b6 = [BLIND + 6, 3, BLIND + 6, 3]
    assert pts(r, b6, [3, 3, 3, 4], no_trump=(True, False)).points[0] == 180
    assert pts(r, b6, [3, 3, 3, 4]).points[0] == 120


def test_no_trump_validation():
    with pytest.raises(RulesError, match="needs no-trump bids"):
        rules(no_trump_blind=True, blind_bids=("blind6",))
    with pytest.raises(RulesError, match="needs blind bids"):
        rules(no_trump=True, no_trump_blind=True)


def test_no_trump_record_round_trip_and_refused_without_it():
    r = rules(**NT, first_lead="left_any")
    g = Game(r)
    h = g.start_hand(3, deal(r, s0=NT_HAND, s1="KS QS 5C 6C 7C 8C 9C TC JC 2D 3D 4D 5D"))
    h.ask("no_trump")
    h.answer(False)
    assert h.refused[0] == ("no_trump",) and "no_trump" not in h.legal_asks()
    h.bid(4)
    h.ask("no_trump")  # seat 1
    h.answer(True)
    for b in (3, 3, 3):
        h.bid(b)
    _play_out(g, random.Random(2))
    rec = game_to_record(g)
    assert rec["hands"][0]["asks"] == [
        {"seat": 0, "ask": "no_trump", "answer": False},
        {"seat": 1, "ask": "no_trump", "answer": True},
    ]
    again = load(rec)
    assert game_to_record(again) == rec and again.hands[0].no_trump == [False, True, False, False]
    assert again.scores == g.scores
    with pytest.raises(RecordError, match="may not ask for a no trump"):
        load(dict(rec, rules=dict(rec["rules"], no_trump=False)))


def test_asking_for_a_no_trump_commits_no_one_a_yes_still_allows_a_plain_bid():
    # 001: "A bid of 'No Trump' requires agreement from partner. The person who wants to bid
    # 'No Trump' asks partner": the yes permits the no trump; nothing binds the asker to it
    r = rules(**NT, first_lead="left_any")
    g = Game(r)
    h = g.start_hand(3, deal(r, s0=NT_HAND))
    h.ask("no_trump")
    h.answer(True)
    assert h.legal_bids() == list(range(1, 13))  # the no-trump numbers, partner to cover
    assert h.plain_bids() == [*range(1, 14), NIL]  # and every bid it had without asking
    with pytest.raises(IllegalAction, match="looking"):
        h.bid(BLIND_NIL, plain=True)
    h.bid(4, plain=True)
    assert h.bids[0] == 4 and not any(h.no_trump)
    assert h.plain_bids() == []  # seat 1 was agreed nothing
    with pytest.raises(IllegalAction, match="only a bidder whose partner agreed"):
        h.bid(3, plain=True)
    assert NIL in h.legal_bids()  # no no trump to cover: seat 2 may bid nil later
    for b in (3, 3, 3):
        h.bid(b)
    _play_out(g, random.Random(2))
    rec = game_to_record(g)
    assert rec["hands"][0]["bids"][0] == {"seat": 0, "bid": 4, "no_trump": False}
    again = load(rec)
    assert game_to_record(again) == rec and not any(again.hands[0].no_trump)
    assert again.scores == g.scores
    h2 = Hand(r, 3, deal(r, s0=NT_HAND))  # undo replays the plain bid exactly
    h2.ask("no_trump")
    h2.answer(True)
    h2.bid(4, plain=True)
    h2.bid(3)
    h2.pop()
    assert h2.bids[0] == 4 and not h2.no_trump[0] and h2.turn == 1
    bad = dict(rec["hands"][0], bids=[{"seat": 0, "bid": 4, "no_trump": "no"}, 3, 3, 3])
    with pytest.raises(RecordError, match="must be true or false"):
        load(dict(rec, hands=[bad]))
    bad = dict(rec["hands"][0], asks=[], bids=[{"seat": 0, "bid": 4, "no_trump": False}, 3, 3, 3])
    with pytest.raises(RecordError, match="none was agreed"):
        load(dict(rec, hands=[bad]))


# ----- 3. Double Nil as a team bid -----------------------------------------------------------

DN = dict(double_nil_bid=True)


def _dn_hand(r, scores=(0, 401), agree: bool = True, what: str = "double_nil") -> Hand:
    h = Hand(r, 3, deal(r), scores=scores)
    h.ask(what)
    h.answer(agree)
    return h


def test_double_nil_asked_agreed_and_only_far_behind():
    # 001: "One partner may suggest this and if the other agrees it is played ... only
    # allowed for a team who are far behind - for example more than 400 behind"
    r = rules(**DN)
    assert "double_nil" not in Hand(r, 3, deal(r), scores=(0, 400)).legal_asks()
    h = _dn_hand(r)
    assert h.legal_bids() == [NIL]
    h.bid(NIL)
    h.bid(3)
    assert h.legal_bids() == [NIL]  # seat 2: the team's Double Nil binds partner
    h.bid(NIL)
    h.bid(3)
    assert h.double_nil_team == [True, False] and h.phase == PLAY
    no = _dn_hand(r, agree=False)
    assert "double_nil" not in no.legal_asks() and 3 in no.legal_bids()
    assert (
        rules(**DN, double_nil_deficit=0)
        and "double_nil" in Hand(rules(**DN, double_nil_deficit=0), 3, deal(r)).legal_asks()
    )
    assert Hand(rules(), 3, deal(r), scores=(0, 401)).legal_asks() == []


def test_double_nil_scoring():
    # 001: "The score if successful is 500 points ... If either partner wins a trick the bid
    # fails. The penalty is variously set at 250, 500 ... if both partners win a trick, their
    # opponents get a bonus of 100 points"
    r = rules(**DN, failed_nil_tricks="ignored")
    bids = [NIL, 4, NIL, 4]
    dn = (True, False)
    assert pts(r, bids, [0, 6, 0, 7], double_nil=dn).points == [500, 80 + 5]
    assert pts(r, bids, [1, 6, 0, 6], double_nil=dn).points == [-250, 80 + 4]
    both = pts(r, bids, [1, 5, 1, 6], double_nil=dn)
    assert both.points == [-250, 80 + 3 + 100] and both.teams[1].opp_bonus == 100
    # without the team bid, two separate nils: +100 +100, or -100 -100
    assert pts(r, bids, [0, 6, 0, 7]).points[0] == 200
    assert pts(r, bids, [1, 5, 1, 6]).points == [-200, 83]
    five = rules(**DN, double_nil_penalty=500, double_nil_opp_bonus=0, failed_nil_tricks="ignored")
    assert pts(five, bids, [1, 5, 1, 6], double_nil=dn).points == [-500, 83]


def _dn_game(r, tricks_each: int, scores=(0, 401), what="double_nil") -> Game:
    """Team 0 bids (blind) Double Nil; seat 0 takes the first `tricks_each` tricks."""
    g = Game(r, scores)
    hand = g.start_hand(3, deal(r, s0="AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    hand.ask(what)
    hand.answer(True)
    b = NIL if what == "double_nil" else BLIND_NIL
    for x in (b, 3, b, 3):
        hand.bid(x)
    while hand.phase == PLAY:
        legal = cards_of(hand.legal_plays())
        hand.play(legal[-1] if hand.turn == 0 and tricks_each else legal[0])
    g.finish_hand()
    return g


def test_double_nil_wins_or_loses_the_game():
    # 001: "500 points (or for some people an automatic win) ... 250, 500 or automatic loss"
    r = rules(**DN, spades_lead="any", first_lead="left_any", target=1000)
    lost = _dn_game(r.with_options(double_nil_loses=True), 1)
    assert lost.over and lost.winner == 1 and lost.end_reason is EndReason.DOUBLE_NIL_FAILED
    assert not _dn_game(r, 1).over
    # blind: "If successful, the bidders win the whole game; if not their opponents win"
    blind = r.with_options(double_nil_blind=True)
    g = _dn_game(blind, 1, what="blind_double_nil")
    assert g.over and g.winner == 1 and g.end_reason is EndReason.BLIND_DOUBLE_NIL_FAILED
    assert g.end_words == "the other team failed its Blind Double Nil"


def test_made_double_nil_wins_the_game():
    r = rules(**DN, double_nil_wins=True, target=1000)
    g = Game(r, (0, 401))
    low = "2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H"
    hand = g.start_hand(3, deal(r, s0=low, s2="6D 7D 8D 6H 7H 8H 9H 7C 8C 9C TC 2S 3S"))
    hand.ask("double_nil")
    hand.answer(True)
    for x in (NIL, 3, NIL, 3):
        hand.bid(x)
    while hand.phase == PLAY:  # every seat plays its lowest card: the nils duck
        hand.play(min(cards_of(hand.legal_plays()), key=lambda c: deck_for(r).strength[c]))
    res = g.finish_hand()
    assert hand.tricks_won[0] == hand.tricks_won[2] == 0
    assert res is not None and res.teams[0].double_nil_made and res.points[0] == 500
    assert g.over and g.winner == 0 and g.end_reason is EndReason.DOUBLE_NIL
    assert g.end_words == "made a Double Nil"
    assert not _made_without_wins(r)


def _made_without_wins(r) -> bool:
    """The same deal without "a made Double Nil wins": whether the game is over."""
    g = Game(r.with_options(double_nil_wins=False), (0, 401))
    low = "2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H"
    hand = g.start_hand(3, deal(r, s0=low, s2="6D 7D 8D 6H 7H 8H 9H 7C 8C 9C TC 2S 3S"))
    hand.ask("double_nil")
    hand.answer(True)
    for x in (NIL, 3, NIL, 3):
        hand.bid(x)
    while hand.phase == PLAY:
        hand.play(min(cards_of(hand.legal_plays()), key=lambda c: deck_for(r).strength[c]))
    g.finish_hand()
    return g.over


def test_double_nil_partners_pass_two_cards_at_once():
    # 001: "each player of the team simultaneously passes two cards face down to partner"
    r = rules(**DN, double_nil_exchange=True)
    h = _dn_hand(r)
    for x in (NIL, 3, NIL, 3):
        h.bid(x)
    assert h.phase == PASS and h.turn == 0 and h.pass_count() == 2 and not h.may_skip_pass()
    first = mask_of(cards_of(h.hands[0])[-2:])
    h.pass_cards(first)
    assert h.turn == 2 and not h.hands[2] & first  # face down until partner has passed too
    with pytest.raises(IllegalAction):
        h.pass_cards(first)
    back = mask_of(cards_of(h.hands[2])[:2])
    h.pass_cards(back)
    assert h.phase == PLAY and h.hands[2] & first == first and h.hands[0] & back == back
    plain = _dn_hand(rules(**DN))
    for x in (NIL, 3, NIL, 3):
        plain.bid(x)
    assert plain.phase == PLAY  # no exchange without the option


def test_double_nil_validation():
    with pytest.raises(RulesError, match="needs nil bids"):
        rules(**DN, nil_allowed=False)
    for extra in ("double_nil_wins", "double_nil_loses", "double_nil_exchange", "double_nil_blind"):
        with pytest.raises(RulesError, match="need the Double Nil bid"):
            rules(**{extra: True})


def test_double_nil_record_round_trip_and_refused_without_it():
    r = rules(**DN, double_nil_exchange=True, double_nil_blind=True)
    g = Game(r, (0, 401))
    rng = random.Random(5)
    h = g.start_hand(3, deal_hand(r, 3, rng)[0])  # seat 0 bids first: its team is behind
    h.ask("blind_double_nil")
    h.answer(True)
    _play_out(g, rng)
    rec = game_to_record(g)
    entry = rec["hands"][0]
    assert entry["asks"] == [{"seat": h.order[0], "ask": "blind_double_nil", "answer": True}]
    assert len(entry["passes"]) == 2
    again = load(rec)
    assert game_to_record(again) == rec and again.winner == g.winner
    assert again.hands[0].double_nil_team == h.double_nil_team
    with pytest.raises(RecordError, match="may not ask"):
        load(dict(rec, rules=dict(rec["rules"], double_nil_blind=False)))


def test_a_no_trump_leaves_a_partner_still_to_bid_a_number_to_cover_it() -> None:
    """001: partner is asked "Can you cover a no trump?" and may not bid nil beside it, so a
    no trump bid before partner's bid leaves room for partner's least number: 12 at most (13
    left partner no legal bid, and the computer partner's fallback failed). Every bid the
    asker may make leaves partner a legal bid when its turn comes."""
    import random

    from spades_gui.engine.bids import is_number
    from spades_gui.engine.game import Game
    from tests.test_controller_variations import everything

    checked = 0
    for seed in range(200):
        hand = Game(everything()).deal(random.Random(seed))
        if hand.phase != "bid" or "no_trump" not in hand.legal_asks():
            continue
        hand.ask("no_trump")
        hand.answer(True)
        asker = hand.turn
        numbers = [b for b in hand.legal_bids() if is_number(b)]
        assert max(numbers) == 12
        for b in numbers:
            h = hand.copy()
            h.bid(b)
            while h.phase == "bid" and h.turn != (asker + 2) % 4:
                h.bid(h.legal_bids()[0])
            if h.phase == "bid" and h.turn == (asker + 2) % 4:
                assert h.legal_bids(), f"seed {seed}: partner has no bid after no trump {b}"
                checked += 1
    assert checked > 50
