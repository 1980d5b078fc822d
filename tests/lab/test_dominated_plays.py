"""lab/dominated_plays.py: a play another card beats in every lie of the unseen cards."""

from __future__ import annotations

import json
from pathlib import Path

import lab.dominated_plays
from spades_gui.ai.state import PlayState
from spades_gui.ai.view import SeatView
from spades_gui.ai.view_json import view_from_json
from spades_gui.engine.cards import parse_card

SCENARIO = Path(__file__).parent.parent / "scenarios"


def _view(given: list[str] | None = None) -> SeatView:
    """Scenario 101: our bid a trick short with the A♠ (the top trump) and the A♦, theirs made,
    the Q♣ winning, last to play and out of clubs (`given`: cards I passed partner)."""
    path = next(SCENARIO.glob("101_*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    if given:
        data["given"] = given
    return view_from_json(data)


def test_every_lie_is_one_the_seat_cannot_rule_out() -> None:
    """Three cards unseen, one to each other seat: 3! lies, each within what each seat may
    hold."""
    view = _view()
    ps = PlayState(view)
    lies = lab.dominated_plays.lies(ps)
    assert len(lies) == 6
    for lie in lies:
        assert lie[0] == 0 and sum(h.bit_count() for h in lie) == 3
        assert all(lie[s] & ~ps.poss[s] == 0 for s in (1, 2, 3))
    # a card I passed partner stays with partner: the other two cards share the opponents
    ps = PlayState(_view(["KC"]))
    lies = lab.dominated_plays.lies(ps)
    assert len(lies) == 2 and all(lie[2] == ps.known_i[2] for lie in lies)


def test_trumping_a_trick_the_bid_does_not_need_is_dominated() -> None:
    """Trumping and cashing the A♦ gives us a bag and spares them one, whatever they hold:
    throwing the A♦ beats it in every lie, and nothing beats throwing it."""
    dom = lab.dominated_plays.dominated
    view = _view()
    found = dom(view, parse_card("AS"))
    assert found is not None and "better in" in found, found
    assert dom(view, parse_card("AD")) is None
    assert dom(view, parse_card("AS"), cards_left=4) is None  # five cards left: not checked
