"""tools/foresight.py: the oracle choosing each bid by playing the hand out with it first."""

from __future__ import annotations

from typing import Any

import pytest

from spades_gui.ai.arena import Timer
from spades_gui.ai.oracle import OraclePolicy
from spades_gui.ai.view import SeatView
from spades_gui.engine.presets import preset_rules

from ..tools import tool

LEVELS = ["oracle", "baseline", "oracle", "baseline"]


def foresight() -> Any:
    """The tool as a module."""
    return tool("foresight")


def test_a_foresight_bid_scores_at_least_the_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = foresight()
    tb = tool.foresight_table(2)(preset_rules("tournament"), LEVELS, 3, None, False)
    made: list[tuple[int, float, int, float]] = []
    bid = tool.ForesightOracle.bid

    def spy(self: Any, view: SeatView, stop: Any = None) -> int:
        if tool.ForesightOracle.busy:  # a bid inside a look ahead
            return int(bid(self, view, stop))
        hand = tb.game.hand
        bids = list(hand.bids)
        b = bid(self, view, stop)
        assert list(hand.bids) == bids and hand.turn == view.seat  # looked ahead on a copy
        base = OraclePolicy.bid(self, view, stop)
        made.append((b, tool.value_of(tb, b, view), base, tool.value_of(tb, base, view)))
        return b

    monkeypatch.setattr(tool.ForesightOracle, "bid", spy)
    for _ in range(4):
        tb.play_next(3, 0, Timer())
    assert len(made) == 8
    assert all(v >= v0 for _, v, _, v0 in made)
    # foresight changes some bids, and each change scores more in the hand that follows
    assert any(b != base and v > v0 for b, v, base, v0 in made)
