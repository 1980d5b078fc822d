"""What a bid is worth when the hand's play is known in advance: the oracle bidding by foresight.

    python -m lab.foresight RULES PAIRS SEED [SPREAD] [--deals K [--partner | --weigh]]

A duplicate match, the oracle against the baseline (`python -m lab simulate --duplicate --json
--seats oracle,baseline,oracle,baseline`, the same deals and the same JSON), except for the oracle's
bids. For each, every legal bid within SPREAD (default 3) of the one it would make, and nil, is
tried on a copy of the game: the later bids are made by the seats' own rules and the hand is
played out by the same seats, exactly as the match would go on (every choice depends only on the
seed and what the seat sees). The bid whose hand is worth most to the team against the other, as
the levels value a hand (bags at their steady cost, the game's end weighed), is made. No seat
can bid so: it sees the deal and the play to come. The margin says how much better bids could be
worth, not what a level can reach.

With --deals K the oracle bids by simulation instead, as a seat that knows only its own cards
could: each candidate is played out on the same K deals of the cards it cannot see, dealt at
random (with --partner, its partner's cards stay as they are: a partnership that sees both its
hands; with --weigh, the deals are drawn as Hard's play draws them, weighed by how well they
explain the bids made before it), the later bids and the play by the seats' own rules, and the
bid of highest mean value is made; the play that values it is still the oracle's, which sees
every card.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from collections.abc import Callable, Sequence

from lab.oracle import OraclePolicy
from lab.seats import LabTable
from spades_gui.ai.arena import play_rest, simulate
from spades_gui.ai.bits import tables_for
from spades_gui.ai.decision import Stop
from spades_gui.ai.evaluate import Outcome
from spades_gui.ai.sample import Sampler
from spades_gui.ai.view import SeatView
from spades_gui.engine.bids import BLIND, BLIND_NIL, NIL
from spades_gui.engine.cards import cards_of, mask_of
from spades_gui.engine.presets import resolve
from spades_gui.engine.rules import Rules


class ForesightOracle(OraclePolicy):
    """The oracle, choosing each bid by playing the hand out with it first."""

    busy = False  # inside a look ahead: every seat bids by its own rule

    def __init__(self, table: LabTable, seed: int, spread: int) -> None:
        super().__init__(seed)
        self.table = table
        self.spread = spread

    def candidates(self, base: int) -> list[int]:
        """The bids tried: every number within the spread of the oracle's own, and nil."""
        hand = self.table.game.hand
        assert hand is not None
        legal = [b for b in hand.legal_bids() if b < BLIND and b != BLIND_NIL]
        return [b for b in legal if (b < NIL and abs(b - base) <= self.spread) or b >= NIL]

    def bid(self, view: SeatView, stop: Stop | None = None) -> int:
        base = super().bid(view, stop)
        if ForesightOracle.busy:
            return base
        cands = self.candidates(base)
        best, best_v = base, value_of(self.table, base, view)
        for b in cands:
            if b != base and (v := value_of(self.table, b, view)) > best_v:
                best, best_v = b, v
        return best


class SimulatingOracle(ForesightOracle):
    """The oracle, choosing each bid by playing it out on deals of the cards it cannot see."""

    def __init__(
        self,
        table: LabTable,
        seed: int,
        spread: int,
        deals: int,
        partner: bool,
        weigh: bool = False,
    ) -> None:
        super().__init__(table, seed, spread)
        self.deals, self.partner, self.weigh = deals, partner, weigh
        self.asked = 0  # bids chosen so far: each draws its own deals

    def bid(self, view: SeatView, stop: Stop | None = None) -> int:
        base = OraclePolicy.bid(self, view, stop)
        if ForesightOracle.busy:
            return base
        cands = self.candidates(base)
        if len(cands) <= 1:
            return base
        hand = self.table.game.hand
        assert hand is not None
        keep = {view.seat, view.partner} if self.partner else {view.seat}
        # a hash of ints only, so the same in every run (PYTHONHASHSEED moves only strings')
        rng = random.Random(hash((self.asked, view.seat, hand.dealt)) & 0xFFFFFFFF)
        self.asked += 1
        if self.weigh:
            t = tables_for(view.rules)
            deals = [[t.cmask(h) for h in d] for d in Sampler(view).samples(rng, self.deals)]
        else:
            deals = [redeal(hand.hands, keep, rng) for _ in range(self.deals)]
        best, best_v = base, None
        for b in cands:
            v = sum(value_of(self.table, b, view, d) for d in deals) / len(deals)
            if best_v is None or v > best_v or (b == base and v >= best_v):
                best, best_v = b, v
        return best


def redeal(hands: Sequence[int], keep: set[int], rng: random.Random) -> list[int]:
    """The hands with the cards of the seats not kept dealt again among those seats."""
    pool = [c for s in range(4) if s not in keep for c in cards_of(hands[s])]
    rng.shuffle(pool)
    out = list(hands)
    i = 0
    for s in range(4):
        if s not in keep:
            n = hands[s].bit_count()
            out[s] = mask_of(pool[i : i + n])
            i += n
    return out


def value_of(table: LabTable, bid: int, view: SeatView, deal: list[int] | None = None) -> float:
    """The bidder's team's value of the hand, against the other's, as the levels value a hand,
    when it bids `bid` and play goes on (on another deal of the cards, if one is given)."""
    game = copy.deepcopy(table.game)
    assert game.hand is not None
    if deal is not None:
        game.hand.hands, game.hand.dealt = list(deal), tuple(deal)
    game.hand.bid(bid, 0)
    ForesightOracle.busy = True
    try:
        res = play_rest(game, table.policies)
    finally:
        ForesightOracle.busy = False
    assert res is not None  # a hand that was bid is played, never thrown in
    out = Outcome(view.rules, view.team, view.scores, view.bags, view.hands_scored)
    return out.result_value(res)


def foresight_table(
    spread: int, deals: int = 0, partner: bool = False, weigh: bool = False
) -> Callable[[Rules, Sequence[str], int, int | None, bool], LabTable]:
    """A table maker that seats foresight oracles (simulating ones, given deals) where the levels
    say oracle."""

    def make(
        rules: Rules, levels: Sequence[str], seed: int, think_ms: int | None, swapped: bool
    ) -> LabTable:
        tb = LabTable(rules, levels, seed, think_ms, swapped)
        tb.reseat(
            "oracle",
            lambda sd: (
                SimulatingOracle(tb, sd, spread, deals, partner, weigh)
                if deals
                else ForesightOracle(tb, sd, spread)
            ),
        )
        return tb

    return make


def _parse(argv: list[str]) -> argparse.Namespace:
    """The command line (argparse exits 2 on a usage error)."""
    p = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[2].strip())
    p.add_argument("rules")
    p.add_argument("pairs", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("spread", type=int, nargs="?", default=3)
    p.add_argument("--deals", type=int)
    p.add_argument("--partner", action="store_true")
    p.add_argument("--weigh", action="store_true")
    a = p.parse_args(argv)
    if a.deals is not None and a.deals < 1:
        p.error("--deals needs a number of deals, 1 or more")
    if a.partner and not a.deals:
        p.error("--partner needs --deals")
    if a.weigh and (a.partner or not a.deals):
        p.error("--weigh needs --deals, without --partner")
    return a


def main(argv: list[str]) -> int:
    try:
        a = _parse(argv)
    except SystemExit as e:
        return int(e.code or 0)
    levels = ["oracle", "baseline", "oracle", "baseline"]
    table = foresight_table(a.spread, a.deals or 0, a.partner, a.weigh)
    out = simulate(resolve(a.rules), levels, a.seed, hands=a.pairs, duplicate=True, table=table)
    out.update(rules=a.rules, seed=a.seed, seats=levels, duplicate=True, spread=a.spread)
    if a.deals:
        out.update(deals=a.deals, partner=a.partner, weigh=a.weigh)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
