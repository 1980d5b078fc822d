"""Where Medium's card play loses points by Hard's judgement, summed by the rule behind each card.

    python -m lab.play_losses RULES DEALS SEED

The first hand of DEALS games, both ways round (Medium with a Medium partner against the
baseline). At each of Medium's plays with a real choice, Hard's search picks its best card on
one set of sampled deals and scores every card on another, so the loss (the best card's points
less Medium's card's) is not inflated by picking the luckiest mean; it can be negative. Hard's
playouts see every card, so they misjudge some plays (leading a top trump to draw the others'
trumps, which they rate poorly, wins in real matches): a rule high on this list is a place to
look, not a verdict.
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict

from lab.bag_tricks import LEVELS, fold
from lab.seats import LabTable
from spades_gui.ai import medium
from spades_gui.ai.arena import Timer
from spades_gui.ai.hard import HardPolicy, rep_index
from spades_gui.ai.solve import candidates
from spades_gui.engine.presets import resolve


def main(argv: list[str]) -> None:
    if len(argv) != 3:
        sys.exit(__doc__)
    rules, deals, seed = resolve(argv[0]), int(argv[1]), int(argv[2])
    pick, judge = HardPolicy(99), HardPolicy(12345)
    losses: dict[str, list[float]] = defaultdict(list)
    choose = medium.choose_card

    def judged(ps: medium.PlayState, read_cover: bool = False) -> tuple[int, str]:
        i, why = choose(ps, read_cover)
        cands = candidates(ps)
        if len(cands) < 2:
            return i, why
        first = {a.card: v for a, v in pick.decide_play(ps.v, None).candidates}
        second = {a.card: v for a, v in judge.decide_play(ps.v, None).candidates}
        best = max(first, key=lambda c: first[c] or 0.0)
        rep = rep_index(cands, i, ps)
        mine = ps.t.to_c[cands[rep]] if rep is not None else None
        if best in second and mine in second:
            losses[fold(why)].append((second[best] or 0.0) - (second[mine] or 0.0))
        return i, why

    medium.choose_card = judged
    for deal in range(deals):
        for swapped in (False, True):
            LabTable(rules, LEVELS, seed, None, swapped).play_next(seed, deal, Timer())
    rows = []
    for why, xs in losses.items():
        n = len(xs)
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
        rows.append((sum(xs), n, mean, sd / math.sqrt(n), why))
    total = sum(r[0] for r in rows)
    print(f"{sum(r[1] for r in rows)} plays judged, {total:.0f} points lost in all")
    print("   lost  plays  per play  rule")
    for lost, n, mean, se, why in sorted(rows, reverse=True)[:30]:
        print(f"{lost:7.0f} {n:6d} {mean:6.2f}±{se:4.2f}  {why}")


if __name__ == "__main__":
    main(sys.argv[1:])
