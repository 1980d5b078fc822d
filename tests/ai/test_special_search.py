"""Hard's special bids by its search (ai/special_search.py), judged as a strong player would,
and the playouts that keep a no trump's promise."""

from __future__ import annotations

import pytest

from spades_gui.ai import make_policy, seat_view
from spades_gui.ai.bits import tables_for
from spades_gui.ai.rollout import Playout
from spades_gui.engine import BLIND, Game
from spades_gui.engine.cards import mask_of, parse_card

from ..engine.helpers import deal, rules

NT_TOPS = "AS AC KC QC AD KD QD AH KH 2C 3C 4C 5D"  # eight side-suit tops, one spade
SURE_NIL = "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H"
TOP_HAND = "AS KS QS JS TS 9S 8S AH KH QH AD KD AC"  # twelve tricks from the top


def _view(r, seat: int = 0, **hands: str):
    g = Game(r)
    g.start_hand(3, deal(r, **hands))
    return g, seat_view(g, seat)


def test_hard_asks_for_a_no_trump_with_side_suit_tops():
    """Its tricks come from side-suit tops, none from trumping: a no trump doubles them."""
    _, v = _view(rules(no_trump=True), s0=NT_TOPS)
    assert make_policy("hard", 1).ask_partner(v) == "no_trump"


def test_hard_covers_a_no_trump_with_six_top_spades():
    """Partner promises not to trump; six top spades are six tricks for the team."""
    r = rules(no_trump=True)
    g = Game(r)
    asker = "2S AC KC QC AD KD QD AH KH 2C 3C 4C 5D"
    h = g.start_hand(3, deal(r, s0=asker, s2="AS KS QS JS TS 9S 3H 4H 5H 6H 7H 8H 9H"))
    h.ask("no_trump")
    assert make_policy("hard", 1).answer(seat_view(g, 2)) is True


def test_hard_refuses_double_nil_holding_top_spades():
    """A hand of top spades and aces takes tricks whatever it does: no Double Nil."""
    r = rules(double_nil_bid=True, double_nil_deficit=0)
    g = Game(r)
    h = g.start_hand(3, deal(r, s0=SURE_NIL, s2="AS KS QS JS AH AD AC 2S 3S 4S 5S 6S 7S"))
    h.ask("double_nil")
    assert make_policy("hard", 1).answer(seat_view(g, 2)) is False


def test_hard_does_not_ask_for_double_nil_holding_the_lowest_cards():
    """Holding the thirteen lowest cards, partner holds high ones and cannot go nil: asking
    for Double Nil only tells the other team, even where a made one wins the game."""
    r = rules(double_nil_bid=True, double_nil_deficit=0, double_nil_wins=True)
    _, v = _view(r, s0=SURE_NIL)
    assert "double_nil" in v.legal_asks()
    assert make_policy("hard", 1).ask_partner(v) is None


def test_hard_declares_a_bemo_with_twelve_top_tricks():
    """Twelve tricks from the top win the first nine: Big Bemo adds 90."""
    _, v = _view(rules(bemo=("little", "big")), s0=TOP_HAND)
    assert make_policy("hard", 1).bemo(v, 12) == 9


def test_hard_declares_no_bemo_with_an_ordinary_hand():
    """Three or four tricks cannot promise the first six: no Bemo."""
    _, v = _view(rules(bemo=("little", "big")), s0="AS 4S 3S KH 7H 5H QD 8D 4D 9C 6C 3C 2C")
    assert make_policy("hard", 1).bemo(v, 3) == 0


@pytest.mark.parametrize("scores", [(0, 0), (420, 0)])
def test_hard_looks_before_bidding_when_not_behind(scores):
    """Level or ahead, a blind 7 gambles for nothing: look at the cards and bid them."""
    r = rules(blind_bids=("blind7plus",), blind_nil=False, target=500)
    g = Game(r, scores)
    g.start_hand(3, deal(r))
    v = seat_view(g, 0, hide_hand=True)
    assert BLIND + 7 in v.legal_bids()
    assert make_policy("hard", 1).bid_blind(v) is None


def test_playouts_keep_a_no_trumps_promise_and_see_it_broken():
    """A no-trump seat void in the suit led discards rather than trump; holding only a spade
    it must win with it, and the promise is broken."""
    r = rules()
    t = tables_for(r)

    def im(text: str) -> int:
        return t.imask(mask_of(parse_card(c) for c in text.split()))

    hands = [im("AH KH"), im("2S 3C"), im("5H 6H"), im("7H 8H")]
    po = Playout(r, (2, 2, 2, 2), no_trump=0b0010)
    log: list[int] = []
    po.run(hands, [], 0, [0, 0, 0, 0], True, 4, log)
    assert log == [0, 1]  # the 3♣ under the A♥, then the 2♠ alone left
    assert po.nt_broken == [False, True]
