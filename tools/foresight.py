"""What a bid is worth when the hand's play is known in advance: the oracle bidding by foresight.

    python tools/foresight.py RULES PAIRS SEED [SPREAD]

A duplicate match, the oracle against the baseline (`spades simulate --duplicate --json --seats
oracle,baseline,oracle,baseline`, the same deals and the same JSON), except for the oracle's
bids. For each, every legal bid within SPREAD (default 3) of the one it would make, and nil, is
tried on a copy of the game: the later bids are made by the seats' own rules and the hand is
played out by the same seats, exactly as the match would go on (every choice depends only on the
seed and what the seat sees). The bid whose hand is worth most to the team against the other, as
the levels value a hand (bags at their steady cost, the game's end weighed), is made. No seat
can bid so: it sees the deal and the play to come. The margin says how much better bids could be
worth, not what a level can reach.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Sequence

from spades_gui.ai.arena import Table, play_rest, simulate
from spades_gui.ai.base import Stop
from spades_gui.ai.evaluate import Outcome
from spades_gui.ai.oracle import OraclePolicy
from spades_gui.ai.view import SeatView
from spades_gui.engine.bids import BLIND, BLIND_NIL, NIL
from spades_gui.engine.presets import resolve
from spades_gui.engine.rules import Rules


class ForesightOracle(OraclePolicy):
    """The oracle, choosing each bid by playing the hand out with it first."""

    busy = False  # inside a look ahead: every seat bids by its own rule

    def __init__(self, table: Table, seed: int, spread: int) -> None:
        super().__init__(seed)
        self.table = table
        self.spread = spread

    def bid(self, view: SeatView, stop: Stop | None = None) -> int:
        base = super().bid(view, stop)
        if ForesightOracle.busy:
            return base
        game = self.table.game
        assert game.hand is not None
        legal = [b for b in game.hand.legal_bids() if b < BLIND and b != BLIND_NIL]
        cands = [b for b in legal if (b < NIL and abs(b - base) <= self.spread) or b >= NIL]
        best, best_v = base, value_of(self.table, base, view)
        for b in cands:
            if b != base and (v := value_of(self.table, b, view)) > best_v:
                best, best_v = b, v
        return best


def value_of(table: Table, bid: int, view: SeatView) -> float:
    """The bidder's team's value of the hand, against the other's, as the levels value a hand,
    when it bids `bid` and play goes on."""
    game = copy.deepcopy(table.game)
    assert game.hand is not None
    game.hand.bid(bid, 0)
    ForesightOracle.busy = True
    try:
        res = play_rest(game, table.policies)
    finally:
        ForesightOracle.busy = False
    assert res is not None  # a hand that was bid is played, never thrown in
    out = Outcome(view.rules, view.team, view.scores, view.bags, view.hands_scored)
    return out.result_value(res)


def foresight_table(spread: int) -> Callable[[Rules, Sequence[str], int, int | None, bool], Table]:
    """A table maker that seats foresight oracles where the levels say oracle."""

    def make(
        rules: Rules, levels: Sequence[str], seed: int, think_ms: int | None, swapped: bool
    ) -> Table:
        tb = Table(rules, levels, seed, think_ms, swapped)
        for s, lv in enumerate(tb.levels):
            if lv == "oracle":
                pol = ForesightOracle(tb, seed * 8 + s, spread)
                pol.label = lv
                tb.policies[s] = pol
        return tb

    return make


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rules = resolve(argv[0])
    pairs, seed = int(argv[1]), int(argv[2])
    spread = int(argv[3]) if len(argv) == 4 else 3
    levels = ["oracle", "baseline", "oracle", "baseline"]
    out = simulate(rules, levels, seed, hands=pairs, duplicate=True, table=foresight_table(spread))
    out.update(rules=argv[0], seed=seed, seats=levels, duplicate=True, spread=spread)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
