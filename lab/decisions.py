"""Fingerprints of every computer decision on fixed seeds: a refactor proves them unchanged.

`python -m lab.decisions` prints one digest per run (every bid, card and other action of every
hand, and each hand's points); `--check` compares them with lab/decisions.json, `--write`
records them there (only when a change to the players is meant, with its measured match).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from spades_gui.ai.arena import Table, Timer, simulate
from spades_gui.engine.presets import preset_rules
from spades_gui.engine.rules import Rules
from spades_gui.engine.scoring import HandResult

from .seats import LabTable

PINNED = Path(__file__).with_name("decisions.json")


@dataclass(frozen=True)
class Run:
    """One duplicate match: a preset, the seats, deal pairs and a seed."""

    preset: str
    seats: str
    pairs: int
    seed: int

    @property
    def name(self) -> str:
        """The run's key in the pinned file."""
        return f"{self.preset}/{self.seats}/{self.pairs}x{self.seed}"


RUNS = (
    Run("tournament", "hard,medium,hard,medium", 6, 1),
    Run("pagat", "hard,easy,medium,hard", 6, 2),
    Run("classic", "medium,easy,medium,easy", 12, 3),
    Run("classic", "hard,medium,hard,medium", 4, 4),
    Run("online", "medium,hard,medium,hard", 4, 5),
    Run("jokers350", "hard,medium,easy,medium", 4, 6),
    Run("tournament", "hard,baseline,hard,baseline", 4, 7),
    Run("pagat", "medium,baseline,medium,baseline", 8, 8),
)


class _Logged(LabTable):
    """A lab table that writes down every action of every hand it plays, and its points."""

    def __init__(
        self, rules: Rules, levels: Sequence[str], seed: int, think: int | None, swapped: bool
    ) -> None:
        super().__init__(rules, levels, seed, think, swapped)
        self.log: list[str] = []

    def play_next(self, seed: int, unit: int, timer: Timer) -> HandResult:
        """Play the next scored hand as the arena does, then log what was done."""
        res = super().play_next(seed, unit, timer)
        for hand in self.game.hands[-1:]:
            self.log.append(";".join(f"{t.seat}:{t.action!r}" for t in hand.actions))
        self.log.append(f"points {res.points}")
        return res


def fingerprint(run: Run) -> str:
    """The digest of every decision and score of one run."""
    tables: list[_Logged] = []

    def make(
        rules: Rules, levels: Sequence[str], seed: int, think: int | None, swapped: bool
    ) -> Table:
        tables.append(_Logged(rules, levels, seed, think, swapped))
        return tables[-1]

    out = simulate(
        preset_rules(run.preset),
        run.seats.split(","),
        run.seed,
        hands=run.pairs,
        duplicate=True,
        table=make,
    )
    digest = hashlib.sha256()
    for tb in tables:
        digest.update("\n".join(tb.log).encode())
    digest.update(json.dumps(out["pairs"]).encode())
    return digest.hexdigest()[:16]


def main(argv: Sequence[str] | None = None) -> int:
    """Print, check or write the fingerprints; exit 1 when a check finds a change."""
    p = argparse.ArgumentParser(prog="python -m lab.decisions", description=__doc__)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true", help="compare with lab/decisions.json")
    g.add_argument("--write", action="store_true", help="record them in lab/decisions.json")
    args = p.parse_args(argv)
    got = {}
    for run in RUNS:
        got[run.name] = fingerprint(run)
        print(f"{got[run.name]}  {run.name}", flush=True)
    if args.write:
        PINNED.write_text(json.dumps(got, indent=1) + "\n", encoding="utf-8")
        return 0
    if args.check:
        pinned = json.loads(PINNED.read_text(encoding="utf-8"))
        changed = [k for k in got if pinned.get(k) != got[k]]
        for k in changed:
            print(f"changed: {k}", file=sys.stderr)
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
