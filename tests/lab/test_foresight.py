"""lab/foresight.py: the oracle choosing each bid by playing the hand out with it first."""

from __future__ import annotations

import random
from typing import Any

import pytest

import lab.foresight
from lab.oracle import OraclePolicy
from spades_gui.ai.arena import Timer
from spades_gui.ai.view import SeatView
from spades_gui.engine.presets import preset_rules

LEVELS = ["oracle", "baseline", "oracle", "baseline"]


def foresight() -> Any:
    """The tool as a module."""
    return lab.foresight


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


def test_redeal_keeps_the_kept_hands_and_deals_the_rest_among_the_others() -> None:
    tool = foresight()
    hands = [0x1FFF << (13 * s) for s in range(4)]
    rng = random.Random(1)
    for keep in ({0}, {1, 3}):
        out = tool.redeal(hands, keep, rng)
        assert all(out[s] == hands[s] for s in keep)
        others = [s for s in range(4) if s not in keep]
        assert [out[s].bit_count() for s in others] == [13] * len(others)
        # disjoint hands holding the same cards between them
        assert sum(out[s] for s in others) == sum(hands[s] for s in others)
        assert any(out[s] != hands[s] for s in others)


def deals_valued(tool: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, list[int] | None]]:
    """A list that gets (bidder, deal) for every look ahead the tool values from now on."""
    seen: list[tuple[int, list[int] | None]] = []
    value_of = tool.value_of

    def spy(table: Any, bid: int, view: SeatView, deal: list[int] | None = None) -> float:
        seen.append((view.seat, deal))
        return float(value_of(table, bid, view, deal))

    monkeypatch.setattr(tool, "value_of", spy)
    return seen


@pytest.mark.parametrize("partner", [False, True])
def test_a_simulating_oracle_values_its_bids_on_other_deals_only(
    monkeypatch: pytest.MonkeyPatch, partner: bool
) -> None:
    """Every look ahead is on a deal of the cards the bidder cannot see, never the true one."""
    tool = foresight()
    tb = tool.foresight_table(1, 3, partner)(preset_rules("tournament"), LEVELS, 3, None, False)
    seen = deals_valued(tool, monkeypatch)
    for _ in range(2):
        tb.play_next(3, 0, Timer())
        hand = tb.game.hand
        assert len(seen) >= 2 * 3  # both oracles, three deals each, at least one bid apiece
        for seat, deal in seen:
            assert deal is not None
            kept = {seat, seat ^ 2} if partner else {seat}
            assert all(deal[s] == hand.dealt[s] for s in kept)
            assert any(deal[s] != hand.dealt[s] for s in range(4) if s not in kept)
        seen.clear()


def test_partner_needs_deals(capsys: Any) -> None:
    assert foresight().main(["tournament", "1", "1", "--partner"]) == 2
    assert foresight().main(["tournament", "1", "1", "--deals", "0"]) == 2


def test_weigh_draws_the_deals_by_the_bids_made_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """With --weigh the deals come from Hard's sampler, which reads the bids already made."""
    tool = foresight()
    tb = tool.foresight_table(1, 3, False, True)(preset_rules("tournament"), LEVELS, 3, None, False)
    read: list[int] = []
    samples = tool.Sampler.samples

    def spy(self: Any, rng: random.Random, k: int, oversample: int = 3) -> list[list[int]]:
        read.append(len(self.bid_seats))
        return list(samples(self, rng, k, oversample))

    monkeypatch.setattr(tool.Sampler, "samples", spy)
    seen = deals_valued(tool, monkeypatch)
    tb.play_next(3, 0, Timer())
    hand = tb.game.hand
    assert read and max(read) >= 1  # a later oracle's deals read the bids before it
    for seat, deal in seen:
        assert deal is not None and deal[seat] == hand.dealt[seat]
        assert sum(deal) == sum(hand.dealt) and all(d.bit_count() == 13 for d in deal)


def test_weigh_needs_deals_and_no_partner() -> None:
    assert foresight().main(["tournament", "1", "1", "--weigh"]) == 2
    assert foresight().main(["tournament", "1", "1", "--deals", "2", "--partner", "--weigh"]) == 2
