"""Medium's nil hands alone, paired deal by deal between two versions of the code.

    python -m lab.nil_bench play RULES GAMES SEED OUT.json   # run on each checkout
    python -m lab.nil_bench compare NEW.json OLD.json        # the paired difference

Each game's first hand is played both ways round (Medium on one team, the baseline on the other);
a hand is kept when a Medium seat bid nil. A play change near a nil shows here with about a sixth
of a full match's noise, since the other 94% of the hands are left out.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from lab.paired import mean_half
from lab.seats import LabTable
from spades_gui.ai.arena import Timer
from spades_gui.engine.bids import is_nil
from spades_gui.engine.presets import resolve

LEVELS = ("medium", "baseline", "medium", "baseline")


def play(rules_name: str, games: int, seed: int) -> dict[str, list[float]]:
    """Per kept hand: [Medium team's points minus the other's, nil made, contract made]."""
    rules = resolve(rules_name)
    out: dict[str, list[float]] = {}
    for u in range(games):
        for swapped in (False, True):  # the twin tables of `python -m lab simulate --duplicate`
            tb = LabTable(rules, LEVELS, seed, None, swapped)
            r = tb.play_next(seed, u, Timer())
            hand = tb.game.hand
            team = tb.level_team()
            if hand is None:
                continue
            nils = [s for s in (team, team + 2) if is_nil(hand.bids[s] or 0)]  # None: no bid
            if not nils:
                continue
            made = all(r.tricks[s] == 0 for s in nils)
            margin = r.points[team] - r.points[1 - team]
            out[f"{u}/{team}"] = [margin, float(made), float(r.teams[team].made)]
    return out


def compare(new: dict[str, list[float]], old: dict[str, list[float]]) -> str:
    """The mean paired difference per nil hand with its 95% interval, and the rates beside it."""
    keys = sorted(set(new) & set(old))
    d = [new[k][0] - old[k][0] for k in keys]
    n = len(d)
    if n < 2:
        return f"only {n} nil hands in common"
    m, half = mean_half(d)

    def rate(a: dict[str, list[float]], i: int) -> str:
        return f"{100 * sum(a[k][i] for k in keys) / n:.1f}%"

    return (
        f"{n} nil hands: {m:+.2f} ± {half:.2f} points a nil hand; nils made "
        f"{rate(new, 1)} against {rate(old, 1)}, contracts made {rate(new, 2)} against "
        f"{rate(old, 2)}"
    )


def cli(
    argv: list[str],
    play_fn: Callable[[str, int, int], dict[str, list[float]]],
    compare_fn: Callable[[dict[str, list[float]], dict[str, list[float]]], str],
    doc: str | None,
    what: str,
) -> None:
    """The command line of this tool and of nil_hands.py: `play …` or `compare …`."""
    if len(argv) == 5 and argv[0] == "play":
        res = play_fn(argv[1], int(argv[2]), int(argv[3]))
        Path(argv[4]).write_text(json.dumps(res), encoding="utf-8")
        print(f"{len(res)} {what} written to {argv[4]}")
    elif len(argv) == 3 and argv[0] == "compare":
        new, old = (json.loads(Path(p).read_text(encoding="utf-8")) for p in argv[1:])
        print(compare_fn(new, old))
    else:
        sys.exit(doc)


def main(argv: list[str]) -> None:
    cli(argv, play, compare, __doc__, "nil hands")


if __name__ == "__main__":
    main(sys.argv[1:])
