"""The oracle solving exactly from more cards left: how far play that sees every card can go.

    python -m lab.deep_oracle RULES PAIRS SEED CARDS > OUT.json

A duplicate match, the oracle against the baseline (`python -m lab simulate --duplicate --json
--seats oracle,baseline,oracle,baseline`, the same deals and the same JSON), except that the
oracle's exact solve of the true deal starts with CARDS cards left to play instead of its own 20:
fewer of its plays are left to the heuristic playouts, and its play comes nearer the best there is
for a seat that sees every card (28 cards: the last seven tricks, some decisions taking seconds).
Its bids stay Hard's. `python -m lab.paired` compares the run with the oracle's own.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from lab.oracle import OraclePolicy
from lab.seats import LabTable
from spades_gui.ai.arena import simulate
from spades_gui.engine.presets import resolve
from spades_gui.engine.rules import Rules


def deep(seed: int, cards: int) -> OraclePolicy:
    """The oracle, its exact solve starting with `cards` cards left."""
    pol = OraclePolicy(seed)
    pol.solve_cards = cards
    return pol


def deep_table(cards: int) -> Callable[[Rules, Sequence[str], int, int | None, bool], LabTable]:
    """Tables whose oracle seats solve exactly from `cards` cards left."""

    def make(
        rules: Rules, levels: Sequence[str], seed: int, think_ms: int | None, swapped: bool
    ) -> LabTable:
        tb = LabTable(rules, levels, seed, think_ms, swapped)
        tb.reseat("oracle", lambda sd: deep(sd, cards))
        return tb

    return make


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(usage=(__doc__ or "").strip().splitlines()[2].strip())
    p.add_argument("rules")
    p.add_argument("pairs", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("cards", type=int)
    try:
        a = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if not 4 <= a.cards <= 52:
        print("error: CARDS is the number of cards left to play, 4 to 52", file=sys.stderr)
        return 2
    levels = ["oracle", "baseline", "oracle", "baseline"]
    rules = resolve(a.rules)
    out = simulate(rules, levels, a.seed, hands=a.pairs, duplicate=True, table=deep_table(a.cards))
    out.update(rules=a.rules, seed=a.seed, seats=levels, duplicate=True, solve_cards=a.cards)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
