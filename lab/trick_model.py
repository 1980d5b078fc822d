"""Medium's trick model: tricks taken collected, a linear model fitted to them, and checked.

    python -m lab.trick_model collect RULES UNITS SEED OUT.json   # seats' hands and tricks
    python -m lab.trick_model fit DATA.json [DATA.json ...]      # weights for evaluate.py
    python -m lab.trick_model check DATA.json [DATA.json ...]    # errors of both estimates

`collect` plays whole games (UNITS deal sequences, both ways round, as `python -m lab simulate
--duplicate` does: Medium with a Medium partner against the baseline); each row is a Medium
seat's hand and the tricks it took, where neither it nor its partner bid nil. `fit` prints
TRICK_CONST and TRICK_WEIGHTS by least squares with a light ridge and their 5-fold
cross-validated root mean square error beside the hand-made estimate's.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

from lab.nil_model import load, solve
from lab.seats import LabTable
from spades_gui.ai.arena import Timer
from spades_gui.ai.bits import Tables
from spades_gui.ai.evaluate import TRICK_FEATURES, estimate_tricks, trick_features, trick_model
from spades_gui.engine.bids import NIL, is_nil
from spades_gui.engine.cards import card_str, cards_of
from spades_gui.engine.presets import resolve

LEVELS = ("medium", "baseline", "medium", "baseline")
RIDGE = 1.0
MAX_HANDS = 30


def collect(rules_name: str, units: int, seed: int) -> dict[str, Any]:
    """Each Medium seat's hand and tricks, in every hand of the games where neither partner
    bid nil."""
    rules = resolve(rules_name)
    rows = []
    for u in range(units):
        for swapped in (False, True):
            tb = LabTable(rules, LEVELS, seed, None, swapped)
            for _ in range(MAX_HANDS):
                if tb.game.over:
                    break
                tb.play_next(seed, u, Timer())
                h = tb.game.hand
                assert h is not None
                for s in (tb.level_team(), tb.level_team() + 2):
                    pair = (h.bids[s], h.bids[(s + 2) % 4])
                    if any(b is None or b >= NIL or is_nil(b) for b in pair):
                        continue
                    cards = " ".join(card_str(c) for c in cards_of(h.dealt[s]))
                    rows.append([cards, h.tricks_won[s]])
    return {"rules": rules_name, "seed": seed, "units": units, "rows": rows}


def features(t: Tables, im: int) -> list[float]:
    """The model's inputs, the constant first."""
    f = trick_features(t, im)
    return [1.0] + [f[k] for k in TRICK_FEATURES]


def fit(xs: list[list[float]], ys: list[int]) -> list[float]:
    """Least-squares weights (the constant first), a ridge on all but the constant."""
    n = len(xs[0])
    a = [[RIDGE if i == j and i else 0.0 for j in range(n)] for i in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys):
        for i in range(n):
            if x[i]:
                b[i] += x[i] * y
                row = a[i]
                for j in range(n):
                    row[j] += x[i] * x[j]
    return solve(a, b)


def rmse(ps: list[float], ys: list[int]) -> float:
    """Root mean square error."""
    return math.sqrt(sum((p - y) ** 2 for p, y in zip(ps, ys)) / len(ys))


def main(argv: list[str]) -> None:
    if len(argv) == 5 and argv[0] == "collect":
        data = collect(argv[1], int(argv[2]), int(argv[3]))
        Path(argv[4]).write_text(json.dumps(data), encoding="utf-8")
        print(f"{len(data['rows'])} hands written to {argv[4]}")
    elif len(argv) >= 2 and argv[0] in ("fit", "check"):
        rows = load(argv[1:])
        ys = [y for _, _, y in rows]
        old = rmse([estimate_tricks(t, im) for t, im, _ in rows], ys)
        if argv[0] == "check":
            new = rmse([trick_model(t, im) for t, im, _ in rows], ys)
            print(f"{len(ys)} hands: rmse {new:.4f} for trick_model, {old:.4f} for estimate_tricks")
            return
        xs = [features(t, im) for t, im, _ in rows]
        cv = [0.0] * len(ys)
        for k in range(5):
            tr = [i for i in range(len(ys)) if i % 5 != k]
            w = fit([xs[i] for i in tr], [ys[i] for i in tr])
            for i in range(k, len(ys), 5):
                cv[i] = sum(a * b for a, b in zip(w, xs[i]))
        w = fit(xs, ys)
        print(f"{len(ys)} hands; 5-fold rmse {rmse(cv, ys):.4f}, estimate_tricks {old:.4f}")
        print(f"TRICK_CONST = {w[0]:.3f}")
        print("TRICK_WEIGHTS = {")
        print(", ".join(f'"{k}": {v:+.3f}' for k, v in zip(TRICK_FEATURES, w[1:])))
        print("}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
