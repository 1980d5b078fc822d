"""Computer seats and 001's special bids and actions (ai/special_bids.py): the discard from 15
cards, no trump, Double Nil, Bemo, the suit a blind nil asks back, and the views they read."""

from __future__ import annotations

import random

import pytest

from spades_gui.ai import make_policy, seat_view
from spades_gui.ai.arena import play_hand, simulate
from spades_gui.ai.special_bids import decide_ask_suit, decide_discard, keep_no_trump
from spades_gui.ai.view_json import view_from_json
from spades_gui.engine import BID, BLIND_NIL, NIL, PASS, Game, preset_rules
from spades_gui.engine.actions import AnswerAction, PartnerAsk, PassAction, PlayAction
from spades_gui.engine.cards import card_str, cards_of, mask_of, parse_card
from spades_gui.engine.deck import deck_for
from spades_gui.engine.game import deal_hand
from spades_gui.engine.hand import DISCARD

from .engine.helpers import deal, low_bidder, rules

PACK = dict(jokers=True, jokers_replace="")


def _cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


# ----- leftovers of the issue: the nil exchange in a JSON view, Bemo and the suit asked ----


def _nil_exchange_game() -> Game:
    r = rules(nil_exchange=True)
    g = Game(r)
    h = g.start_hand(3, deal(r))
    h.bid(NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    assert h.phase == PASS and h.pass_count() == 1
    return g


def test_view_json_accepts_a_nil_exchange_pass_of_one_card():
    g = _nil_exchange_game()
    data = seat_view(g, 0).to_json()
    assert data["pass_count"] == 1
    v = view_from_json(data)
    assert v.pass_count == 1 and not v.may_skip_pass
    mask = make_policy("medium", 1).pass_cards(v)
    assert mask.bit_count() == 1
    g.hand.pass_cards(mask)
    back = view_from_json(seat_view(g, 2).to_json())  # partner passes one back
    assert back.pass_count == 1 and back.hand.bit_count() == 14
    with pytest.raises(ValueError, match="pass 1 cards here, not 2"):
        view_from_json(dict(data, pass_count=2))


def test_arena_passes_a_bemo_with_very_strong_top_cards():
    r = rules("classic", bemo=("little", "big"), target=500)
    strong = "AS KS QS JS TS 9S 8S AC KC AD KD AH KH"
    g = Game(r)
    play_hand(g, [make_policy("medium", s) for s in range(4)], 3, deal(r, s0=strong))
    assert g.hands[-1].bemo[0] == 9  # 13 sure tricks: Big Bemo
    weak = Game(r)
    d, _ = deal_hand(r, 3, random.Random(1))  # an ordinary deal: no Bemo
    play_hand(weak, [make_policy("medium", s) for s in range(4)], 3, d)
    assert not any(weak.hands[-1].bemo)


def test_arena_passes_the_suit_a_blind_nil_asks_back():
    r = rules("classic", blind_nil_ask_suit=True, blind_nil_pass=1, blind_nil_exchange="compulsory")
    g = Game(r.with_options(target=500), (0, 420))  # far behind: Medium bids blind nil
    d, _ = deal_hand(g.rules, 3, random.Random(1))
    play_hand(g, [make_policy("medium", s) for s in range(4)], 3, d)
    h = g.hands[-1]
    assert BLIND_NIL in h.bids and h.pass_asks[0] is not None


def test_the_suit_asked_is_a_side_suit_whose_lowest_card_is_highest():
    r = rules(blind_nil_ask_suit=True, blind_nil_pass=1)
    g = Game(r)
    h = g.start_hand(3, deal(r, s0="AS KH 2C 3C 4C 5C 6C 9D TD JD QH JH 7S"))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    v = seat_view(g, 0)
    assert v.may_ask_suit
    # after passing the A♠: clubs run from the 2, diamonds from the 9, hearts from the J
    assert decide_ask_suit(v, _cards("AS")) == 2
    assert decide_ask_suit(v, _cards("QH")) == 2  # J♥ K♥ are still the highest lows
    assert decide_ask_suit(v, _cards("KH")) == 2


def test_partner_heeds_the_suit_asked_with_a_low_card():
    r = rules(blind_nil_ask_suit=True, blind_nil_pass=1)
    g = Game(r)
    h = g.start_hand(3, deal(r, s2="3H AS KS QS AC KC QC AD KD 9H TH JH QH"))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    h.pass_cards(1 << cards_of(h.hands[0])[0], ask=2)
    v = seat_view(g, 2)
    assert v.asked_suit == 2
    d = make_policy("medium", 1).explain(v)
    assert d.action == PassAction(_cards("3H")) and "asked for hearts" in d.reason
    assert view_from_json(v.to_json()).asked_suit == 2


# ----- the 54-card pack: the discard ------------------------------------------------------


def test_discard_keeps_the_tricks_or_the_nil():
    r = rules(**PACK)
    g = Game(r)
    dealt = deal(r, s0="AS KS QS AC KC 2C 3C AD KD 4D AH KH 2H")
    extra = _cards("5H 9S")
    dealt = [m & ~extra for m in dealt]
    rest = deck_for(r).full & ~(dealt[0] | dealt[1] | dealt[2] | dealt[3] | extra)
    moved = cards_of(dealt[1] | dealt[2] | dealt[3] | rest)
    hands = [dealt[0]] + [mask_of(moved[13 * i : 13 * i + 13]) for i in range(3)]
    g.start_hand(0, hands, extra=extra)
    v = seat_view(g, 0)
    assert v.phase == DISCARD and v.hand.bit_count() == 15
    d = decide_discard(v)
    kept = v.hand & ~d.action.cards
    assert kept & _cards("AS KS QS AC KC AD KD AH KH") == _cards("AS KS QS AC KC AD KD AH KH")
    assert all(deck_for(r).suit[c] != 3 for c in cards_of(d.action.cards))  # low side cards go


def test_54_card_views_count_the_two_cards_out_of_play():
    r = rules("classic", **PACK, leftover_discard="after")
    g = Game(r)
    dealt, extra = deal_hand(r, 3, random.Random(3))
    play_hand(g, [make_policy("medium", s) for s in range(4)], 3, dealt, None, extra)
    h = g.hands[-1]
    assert h.discarded.bit_count() == 2 and h.done
    # a hand in play: each seat's view holds the right number of unseen cards
    g2 = Game(r)
    h2 = g2.start_hand(3, dealt, extra=extra)
    for b in (3, 3, 3, 3):
        h2.bid(b)
    h2.discard(h.discarded)
    for seat in range(4):
        assert seat_view(g2, seat).unseen().bit_count() == 39
    for _ in range(4):  # each seat to act in turn, read back from its JSON view
        v = seat_view(g2, h2.turn)
        again = view_from_json(v.to_json())
        n = 39 - len(v.trick)
        assert v.unseen().bit_count() == again.unseen().bit_count() == n and again.taker == 3
        if h2.turn == 3:
            assert again.out_of_play == v.out_of_play == h.discarded
        h2.play(make_policy("medium", 1).play(again))


# ----- no trump ----------------------------------------------------------------------------


NT_HAND = "AS AC KC QC AD KD QD AH KH 2C 3C 4C 5D"


def _asking_view(r):
    g = Game(r)
    g.start_hand(3, deal(r, s0=NT_HAND))
    return g, seat_view(g, 0)


def test_every_level_asks_for_a_no_trump_with_side_suit_tops():
    """Eight side-suit tops and one spade: doubled for a promise that costs nothing."""
    r = rules(no_trump=True)
    g, v = _asking_view(r)
    assert "no_trump" in v.legal_asks()
    for level in ("easy", "medium", "hard"):
        assert make_policy(level, 1).ask_partner(v) == "no_trump"
    assert make_policy("medium", 1).ask_partner(seat_view(g, 0, hide_hand=True)) is None


def test_partner_answers_can_you_cover_a_no_trump():
    r = rules(no_trump=True)
    g = Game(r)
    h = g.start_hand(3, deal(r, s0=NT_HAND, s2="KS QS JS TS 2H 3H 4H 5H 6H 7H 8H 9H TH"))
    h.ask("no_trump")
    v = seat_view(g, 2)
    assert v.asked == "no_trump" and v.legal_bids() == []
    assert make_policy("medium", 1).answer(v) is True  # four spades: I can trump for us
    again = view_from_json(v.to_json())
    assert again.asked == "no_trump" and make_policy("medium", 1).answer(again) is True


def test_a_no_trump_bidder_discards_rather_than_trump():
    r = rules(no_trump=True, first_lead="dealer_any")
    g = Game(r)
    h = g.start_hand(3, deal(r, s0="AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", s3="AH KH"))
    h.ask("no_trump")
    h.answer(True)
    for b in (2, 3, 3, 3):
        h.bid(b)
    h.play(parse_card("AH"))
    v = seat_view(g, 0)
    assert v.no_trump[0]
    for level in ("easy", "medium", "hard"):
        c = make_policy(level, 2).play(v)
        assert card_str(c) != "AS"
    from spades_gui.ai.decision import Decision

    played = keep_no_trump(v, Decision(PlayAction(parse_card("AS")), "ruff")).action
    assert played == PlayAction(parse_card("2C"))


@pytest.mark.parametrize(
    "options,scores",
    [
        (PACK, (0, 0)),
        (dict(PACK, leftover_to="two_clubs", leftover_discard="after"), (0, 0)),
        (dict(no_trump=True), (0, 0)),
        (dict(no_trump=True, no_trump_blind=True, blind_bids=("blind6",)), (0, 420)),
        (dict(double_nil_bid=True, double_nil_exchange=True, double_nil_deficit=0), (0, 0)),
        (dict(double_nil_bid=True, double_nil_blind=True), (0, 420)),
    ],
)
def test_every_level_plays_the_last_variations(options, scores):
    """`spades simulate` drives every new decision; the engine checks each action."""
    r = preset_rules("classic").with_options(target=500, **options)
    out = simulate(r, ["hard", "medium", "easy", "random"], seed=5, hands=1)
    assert out["hands"] == 1
    g = Game(r, scores)
    seats = [make_policy(lv, s) for s, lv in enumerate(("medium", "easy", "random", "medium"))]
    for k in range(4):
        if g.over:
            break
        d, x = deal_hand(r, k % 4, random.Random(k))
        play_hand(g, seats, (g.hands[-1].dealer + 1) % 4 if g.hands else 0, d, None, x)
    assert g.hands and all(h.done for h in g.hands)


def test_desperate_team_asks_for_blind_double_nil_and_partner_agrees():
    r = rules("classic", double_nil_bid=True, double_nil_blind=True, target=500)
    g = Game(r, (0, 420))
    d, _ = deal_hand(r, 3, random.Random(2))
    play_hand(g, [make_policy("medium", s) for s in range(4)], 3, d)
    h = g.hands[-1]
    assert h.asks[0] == PartnerAsk(0, "blind_double_nil", True)
    assert h.double_nil_team[0] and h.bids[0] == h.bids[2] == BLIND_NIL
    assert g.over  # a blind Double Nil wins or loses the game
    calm = Game(r, (0, 0))
    play_hand(calm, [make_policy("medium", s) for s in range(4)], 3, d)
    assert calm.hands[-1].asks == [] and not calm.over


def test_medium_suggests_double_nil_with_a_nil_hand():
    r = rules(double_nil_bid=True, double_nil_deficit=0)
    g = Game(r)
    g.start_hand(3, deal(r, s0="2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H"))
    v = seat_view(g, 0)
    assert make_policy("medium", 1).ask_partner(v) == "double_nil"
    h = g.hand
    assert h is not None
    h.ask("double_nil")
    v2 = seat_view(g, 2)
    assert v2.asked == "double_nil" and isinstance(make_policy("medium", 1).answer(v2), bool)


@pytest.mark.parametrize("when", ["before", "after"])
def test_hint_from_a_record_stopped_at_the_discard(when):
    from spades_gui.ai import view_or_record
    from spades_gui.engine.record import game_to_record

    r = rules("classic", **PACK, leftover_discard=when)
    g = Game(r)
    d, x = deal_hand(r, 2, random.Random(1))
    h = g.start_hand(2, d, extra=x)
    if when == "after":
        while h.turn != 2:
            h.bid(3)
        v = view_or_record(game_to_record(g))  # the dealer bids holding 15 cards
        assert v.seat == 2 and v.hand.bit_count() == 15
        assert view_from_json(v.to_json()).taker == 2
        h.bid(make_policy("hard", 1).bid(v))
    v = view_or_record(game_to_record(g))
    assert v.phase == DISCARD and v.seat == 2 and v.hand.bit_count() == 15
    for level in ("easy", "medium", "hard", "random"):
        mask = make_policy(level, 1).explain(view_from_json(v.to_json())).action.cards
        assert mask.bit_count() == 2 and not mask & ~v.hand


def test_hint_from_a_record_awaiting_partner_answer():
    from spades_gui.ai import view_or_record
    from spades_gui.engine.record import game_to_record

    r = rules(double_nil_bid=True, double_nil_deficit=0)
    g = Game(r)
    h = g.start_hand(3, deal(r, s0="2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H"))
    h.ask("double_nil")
    rec = game_to_record(g)
    assert rec["hands"][0]["asks"] == [{"seat": 0, "ask": "double_nil"}]
    v = view_or_record(rec)
    assert v.seat == 2 and v.asked == "double_nil"
    d = make_policy("medium", 1).explain(v)
    assert isinstance(d.action, AnswerAction) and d.action_json() in (True, False)


def test_double_nil_exchange_views():
    r = rules(double_nil_bid=True, double_nil_deficit=0, double_nil_exchange=True)
    g = Game(r)
    h = g.start_hand(3, deal(r))
    h.ask("double_nil")
    h.answer(True)
    for b in (NIL, 3, NIL, 3):
        h.bid(b)
    for seat in (0, 2):  # each passes two, the second before it sees the first's
        v = view_from_json(seat_view(g, seat).to_json())
        assert v.pass_count == 2 and v.double_nil_team == (True, False) and not v.received
        h.pass_cards(make_policy("medium", 1).pass_cards(v))
    assert h.phase == "play" and all(m.bit_count() == 13 for m in h.hands)
