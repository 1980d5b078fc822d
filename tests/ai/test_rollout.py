"""Hard's playouts: the heuristic cards of its perfect-information seats."""

from __future__ import annotations

from spades_gui.ai.bits import tables_for
from spades_gui.ai.rollout import Playout
from spades_gui.engine import preset_rules
from spades_gui.engine.bids import BLIND_NIL
from spades_gui.engine.cards import card_str, parse_card


def _shed(preset: str) -> str:
    """The card a live blind nil (South) sheds on a heart ruffed by the Q♠, void in hearts."""
    rules = preset_rules(preset)
    t = tables_for(rules)
    idx = [t.to_i[parse_card(x)] for x in "9S 7S 4S 2S AD 3D 9C 8C 6C 4C 2C".split()]
    hand = sum(1 << i for i in idx)
    trick = [t.to_i[parse_card(x)] for x in ("4H", "3H", "QS")]
    po = Playout(rules, (BLIND_NIL, 4, 5, 3))
    hands = [hand, 0, 0, 0]
    c = po._pick(0, hand, hands, trick, 1, [0, 1, 0, 1], po.isnil, po.contract, False, True, 11)
    return card_str(t.to_c[c])


def test_a_blind_nil_that_exchanged_sheds_a_spade_under_the_ruff() -> None:
    """After an exchange (Pagat) the playouts' blind nil sheds its top spade under the ruff, as
    Medium does (scenario 99); the oracle gained +1.13 [+0.39, +1.87] a hand at Pagat by it."""
    assert _shed("pagat") == "9S"


def test_a_blind_nil_without_an_exchange_sheds_its_strongest_side_card() -> None:
    """Without an exchange (Tournament) the playouts keep shedding the strongest side card."""
    assert _shed("tournament") == "AD"
