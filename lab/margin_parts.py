"""Where a duplicate margin comes from: its points by part and by the score before each hand.

    python -m lab.margin_parts play RULES PAIRS SEED SEATS > OUT.json
    python -m lab.margin_parts show OUT.json [MORE.json ...]

`play` is `python -m lab simulate --duplicate --json --rules RULES --hands PAIRS --seed SEED --seats
SEATS` (the same deals, choices and JSON) with one more entry, "hand_parts": per scored hand, the
score before it and each team's points by part, the levels listed first as "us". `show` splits
the margin per hand into contracts, nils, bags and bag penalties, and by our lead before the
hand, with the other team's nils in each (and how many were blind).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lab.seats import LabTable
from spades_gui.ai.arena import Timer, simulate
from spades_gui.engine.presets import resolve
from spades_gui.engine.rules import Rules
from spades_gui.engine.scoring import HandResult, TeamHand

PARTS = ("contract", "nil", "bags", "penalty", "other")
LEADS = (
    (-99999, -101, "behind by over 100"),
    (-100, 100, "within 100"),
    (101, 250, "ahead by 101 to 250"),
    (251, 99999, "ahead by over 250"),
)


def parts(th: TeamHand) -> dict[str, int]:
    """A team's points in a hand by part; "other" is what the four named parts leave."""
    p = {
        "contract": th.contract_points,
        "nil": th.nil_points,
        "bags": th.bag_points,
        "penalty": -th.bag_penalty,
    }
    p["other"] = th.points - sum(p.values())
    return p


class PartsTable(LabTable):
    """A table that keeps every scored hand's parts and the score before it."""

    log: list[dict[str, Any]]

    def play_next(self, seed: int, unit: int, timer: Timer) -> HandResult:
        us = self.level_team()
        before = self.game.scores[us] - self.game.scores[1 - us]
        res = super().play_next(seed, unit, timer)
        self.log.append(
            {
                "game": unit,
                "lead_before": before,
                "us": parts(res.teams[us]),
                "them": parts(res.teams[1 - us]),
                "their_nils": [[int(n.blind), int(n.made)] for n in res.teams[1 - us].nils],
            }
        )
        return res


def play(rules_name: str, pairs: int, seed: int, levels: Sequence[str]) -> dict[str, Any]:
    """The duplicate match, with every scored hand's parts."""
    log: list[dict[str, Any]] = []

    def make(
        rules: Rules, levels: Sequence[str], seed: int, think_ms: int | None, swapped: bool
    ) -> LabTable:
        tb = PartsTable(rules, levels, seed, think_ms, swapped)
        tb.log = log
        return tb

    out = simulate(resolve(rules_name), levels, seed, hands=pairs, duplicate=True, table=make)
    out.update(rules=rules_name, seed=seed, seats=list(levels), duplicate=True)
    out["hand_parts"] = log
    return out


def split(out: dict[str, Any]) -> list[str]:
    """The margin per hand by part and by lead before the hand, as lines of text."""
    hands = out["hand_parts"]
    n = len(hands)
    head = f"{out['rules']}, seed {out['seed']}, {out['seats'][0]} against {out['seats'][1]}"
    lines = [f"{head}: {out['margin_per_hand']['mean']:+.2f} a deal pair, {n} hands"]
    lines.append("  part       us       them     margin")
    for p in PARTS:
        a = sum(h["us"][p] for h in hands) / n
        b = sum(h["them"][p] for h in hands) / n
        lines.append(f"  {p:9s} {a:+8.2f} {b:+8.2f} {a - b:+8.2f}")
    lines.append(
        "  our lead before the hand    hands    margin a hand   of the margin"
        "   their nils (made), blind (made)"
    )
    for lo, hi, name in LEADS:
        rows = [h for h in hands if lo <= h["lead_before"] <= hi]
        if not rows:
            continue
        m = [sum(h["us"].values()) - sum(h["them"].values()) for h in rows]
        nils = [x for h in rows for x in h["their_nils"]]
        blind = [made for b, made in nils if b]
        lines.append(
            f"  {name:26s} {len(rows):6d} ({len(rows) / n:4.0%}) {sum(m) / len(m):+9.1f}"
            f" {sum(m) / n:+14.2f}   {len(nils):5d} ({sum(x[1] for x in nils)}),"
            f" {len(blind)} ({sum(blind)})"
        )
    return lines


def main(argv: list[str]) -> int:
    if len(argv) == 5 and argv[0] == "play":
        out = play(argv[1], int(argv[2]), int(argv[3]), argv[4].split(","))
        print(json.dumps(out))
        return 0
    if len(argv) >= 2 and argv[0] == "show":
        for path in argv[1:]:
            try:
                out = json.loads(Path(path).read_text(encoding="utf-8"))
                lines = split(out)
            except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError) as e:
                print(f"{path}: not a margin_parts.py play output ({e})", file=sys.stderr)
                return 1
            print("\n".join(lines))
        return 0
    usage = __doc__.strip().splitlines()[2:4]
    print("\n".join(u.strip() for u in usage), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
