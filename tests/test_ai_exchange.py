"""AI seats and the optional blind nil exchange (001, 003: "the bidder may exchange")."""

from __future__ import annotations

import pytest

from spades_gui.ai import make_policy, seat_view
from spades_gui.ai.exchange import decide_exchange
from spades_gui.ai.view_json import view_from_json
from spades_gui.engine import BID, BLIND_NIL, PASS, PLAY, Game, preset_rules
from spades_gui.engine.actions import PassAction

from .engine.helpers import deal, low_bidder


def _game_at_exchange(preset: str, **seats: str) -> Game:
    r = preset_rules(preset)
    g = Game(r, (0, 100))
    h = g.start_hand(3, deal(r, **seats))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    assert h.phase == PASS and h.turn == 0
    return g


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_ai_takes_the_optional_exchange(level: str) -> None:
    g = _game_at_exchange("pagat", s0="AS KH QD 5C 4C 3C 2C 5D 4D 3D 2D 4H 3H")
    v = seat_view(g, 0)
    assert v.may_skip_pass and v.pass_count == 2
    take, why = decide_exchange(v)
    assert take and "Exchange 2 cards" in why
    mask = make_policy(level, 1).pass_cards(v)
    assert mask.bit_count() == 2
    g.hand.pass_cards(mask)
    assert g.hand.phase == PASS and g.hand.turn == 2 and not seat_view(g, 2).may_skip_pass


def test_ai_declines_when_nothing_could_win() -> None:
    g = _game_at_exchange("pagat", s0="2S 3S 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H")
    v = seat_view(g, 0)
    d = make_policy("medium", 1).explain(v)
    assert d.action == PassAction(0) and d.reason.startswith("No exchange")
    g.hand.pass_cards(d.action.cards)
    assert g.hand.phase == PLAY


def test_compulsory_exchange_view_may_not_skip() -> None:
    g = _game_at_exchange("online")
    assert not seat_view(g, 0).may_skip_pass


def test_view_json_keeps_the_choice() -> None:
    g = _game_at_exchange("pagat")
    data = seat_view(g, 0).to_json()
    assert data["may_skip_pass"] is True
    assert view_from_json(data).may_skip_pass
