"""Hands with a nil alone, any level against the baseline, paired between two versions.

    python -m lab.nil_hands play RULES GAMES SEED OUT.json [LEVEL]   # on each checkout
    python -m lab.nil_hands compare NEW.json OLD.json                 # the paired difference

Each game's first hand is played both ways round (LEVEL, by default hard, on one team and the
baseline on the other), as `python -m lab simulate --duplicate` deals it. Every fourth game starts
with LEVEL's team 100 short of the target and 250 ahead, where the baseline bids its
comeback blind nil. A hand is played on only when someone bid nil; the others stop once the
bidding is over, so a change to the play beside or against a nil is measured without the hands
it does not touch and without the rest of the game (which a change sends another way).
"""

from __future__ import annotations

import sys
from typing import Any

from lab.nil_bench import cli
from lab.paired import mean_half
from lab.seats import LabTable
from spades_gui.ai.arena import Timer
from spades_gui.ai.base import BasePolicy
from spades_gui.ai.view import SeatView
from spades_gui.engine.bids import is_nil
from spades_gui.engine.game import Game
from spades_gui.engine.presets import resolve
from spades_gui.engine.rules import Rules

Row = list[float]  # margin, our nils, made, their nils, made


class NoNil(Exception):
    """The bidding ended without a nil: the hand is not played."""


class Guard:
    """A seat that plays as its policy does, but stops a hand with no nil at its first card."""

    def __init__(self, pol: BasePolicy, table: LabTable) -> None:
        self.pol = pol
        self.table = table

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pol, name)

    def play(self, view: SeatView) -> int:
        hand = self.table.game.hand
        assert hand is not None
        if not any(b is not None and is_nil(b) for b in hand.bids):
            raise NoNil
        return self.pol.play(view)


def comeback(rules: Rules, team: int) -> Game:
    """A game where `team` is 100 short of the target and 250 ahead of the other."""
    scores = [0, 0]
    scores[team] = rules.target - 100
    scores[1 - team] = rules.target - 350
    return Game(rules, (scores[0], scores[1]))


def play(rules_name: str, games: int, seed: int, level: str = "hard") -> dict[str, Row]:
    """Per hand with a nil: LEVEL's team's points minus the other's, and each team's nils."""
    rules = resolve(rules_name)
    out: dict[str, Row] = {}
    for u in range(games):
        for swapped in (False, True):  # the twin tables of `python -m lab simulate --duplicate`
            tb = LabTable(rules, (level, "baseline", level, "baseline"), seed, None, swapped)
            tb.policies = [Guard(p, tb) for p in tb.policies]  # type: ignore[misc]
            team = tb.level_team()
            if u % 4 == 3 and rules.target:
                tb.game = comeback(rules, team)
            try:
                r = tb.play_next(seed, u, Timer())
            except NoNil:
                continue
            hand = tb.game.hand
            assert hand is not None
            ours = [s for s in (team, team + 2) if is_nil(hand.bids[s] or 0)]
            theirs = [s for s in (1 - team, 3 - team) if is_nil(hand.bids[s] or 0)]
            out[f"{u}/{int(swapped)}"] = [
                r.points[team] - r.points[1 - team],
                len(ours),
                sum(r.tricks[s] == 0 for s in ours),
                len(theirs),
                sum(r.tricks[s] == 0 for s in theirs),
            ]
    return out


def compare(new: dict[str, Row], old: dict[str, Row]) -> str:
    """The mean paired difference per hand, in all and by whose nil, with 95% intervals."""
    keys = sorted(set(new) & set(old))
    lines = [f"{len(keys)} hands with a nil in both runs ({len(new)} and {len(old)})"]
    kinds = [
        ("all", keys),
        ("our nil", [k for k in keys if new[k][1]]),
        ("their nil", [k for k in keys if new[k][3]]),
    ]
    for name, ks in kinds:
        if len(ks) < 2:
            lines.append(f"  {name}: only {len(ks)} hands")
            continue
        d = [new[k][0] - old[k][0] for k in ks]
        m, half = mean_half(d)

        def made(a: dict[str, Row], i: int, ks: list[str] = ks) -> str:
            return f"{sum(a[k][i + 1] for k in ks):.0f}/{sum(a[k][i] for k in ks):.0f}"

        changed = sum(1 for x in d if x)
        lines.append(
            f"  {name}: {len(d)} hands, {m:+.2f} ± {half:.2f} points a hand ({changed} changed);"
            f" our nils made {made(new, 1)} against {made(old, 1)}, theirs "
            f"{made(new, 3)} against {made(old, 3)}"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    level = argv.pop() if len(argv) == 6 and argv[0] == "play" else "hard"
    cli(argv, lambda r, g, s: play(r, g, s, level), compare, __doc__, "hands with a nil")


if __name__ == "__main__":
    main(sys.argv[1:])
