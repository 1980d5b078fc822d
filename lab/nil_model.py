"""Medium's nil model: forced nils collected, a logistic model fitted to them, and checked.

    python -m lab.nil_model collect RULES GAMES SEED OUT.json   # forced nils, first hands
    python -m lab.nil_model fit DATA.json [DATA.json ...]      # weights for evaluate.py
    python -m lab.nil_model check DATA.json [DATA.json ...]    # log loss and AUC of nil_odds
    python -m lab.nil_model partner DATA.json [DATA.json ...]  # the nils by partner's bid

`collect` plays the first hand of GAMES games (the twin tables of `python -m lab simulate
--duplicate`, Medium with a Medium partner against the baseline) and has one Medium seat bid nil
whenever its hand could plausibly hold one (`nil_chance` at least 0.02); each row is the hand,
whether the nil made, and partner's bid when partner bid a number before it (null: no bid yet, or a
nil). `fit` prints NIL_CONST and NIL_WEIGHTS by Newton's method with a light L2 penalty and their
5-fold cross-validated log loss beside the table it replaced. `partner` lists the nils by partner's
bid (how many, made, what `nil_odds` says) and fits, over those beside a number, how far each trick
of partner's bid moves a nil's log-odds from what `nil_odds` says.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

from lab.seats import LabTable
from spades_gui.ai.arena import Timer
from spades_gui.ai.bits import Tables, tables_for
from spades_gui.ai.decision import Decision, Stop
from spades_gui.ai.evaluate import NIL_FEATURES, nil_chance, nil_features, nil_odds
from spades_gui.ai.view import SeatView
from spades_gui.engine.actions import BidAction
from spades_gui.engine.bids import NIL
from spades_gui.engine.cards import card_str, cards_of, mask_of, parse_card
from spades_gui.engine.presets import resolve

LEVELS = ("medium", "baseline", "medium", "baseline")
PLAUSIBLE = 0.02  # the rough score below which no hand is forced to nil
L2 = 1.0


def collect(rules_name: str, games: int, seed: int) -> dict[str, Any]:
    """Forced nils on the first hand of each game: the hand (cards) and whether it made."""
    rules = resolve(rules_name)
    t = tables_for(rules)
    rows = []
    for u in range(games):
        tb = LabTable(rules, LEVELS, seed, None, swapped=bool(u % 2))
        nil_seat = tb.level_team() + 2 * (u // 2 % 2)
        pol = tb.policies[nil_seat]
        hand: dict[str, Any] = {}

        def forced(
            view: SeatView, stop: Stop | None, orig: Any = pol.decide_bid, hand: Any = hand
        ) -> Decision[BidAction]:
            if NIL in view.legal_bids() and nil_chance(t, t.imask(view.hand)) >= PLAUSIBLE:
                hand["cards"] = view.hand
                pb = view.bids[view.partner]
                hand["partner"] = pb if pb is not None and pb < NIL else None
                return Decision(BidAction(NIL), "forced for the nil model")
            return orig(view, stop)

        pol.decide_bid = forced  # type: ignore[method-assign]
        tb.play_next(seed, u, Timer())
        played = tb.game.hand
        if "cards" in hand and played is not None:
            cards = " ".join(card_str(c) for c in cards_of(hand["cards"]))
            rows.append([cards, int(played.tricks_won[nil_seat] == 0), hand["partner"]])
    return {"rules": rules_name, "seed": seed, "games": games, "rows": rows}


def load(paths: list[str]) -> list[tuple[Tables, int, int]]:
    """(tables, index mask, value) for every row of the files: made for a nil, tricks taken."""
    out = []
    for p in paths:
        data = json.loads(Path(p).read_text(encoding="utf-8"))
        t = tables_for(resolve(data["rules"]))
        for cards, made, *_ in data["rows"]:
            out.append((t, t.imask(mask_of(parse_card(c) for c in cards.split())), made))
    return out


def partner_rows(paths: list[str]) -> list[tuple[float, int, int | None]]:
    """(nil_odds, made, partner's bid or None) for every row of the files."""
    out = []
    for p in paths:
        data = json.loads(Path(p).read_text(encoding="utf-8"))
        t = tables_for(resolve(data["rules"]))
        for row in data["rows"]:
            if len(row) < 3:
                sys.exit(f"{p}: its rows hold no partner's bid (collected before it was kept)")
            cards, made, pb = row
            im = t.imask(mask_of(parse_card(c) for c in cards.split()))
            out.append((nil_odds(t, im), made, pb))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b, by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(xs: list[list[float]], ys: list[int]) -> list[float]:
    """Logistic weights (the constant first) by Newton's method, L2 on all but the constant."""
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(25):
        g = [L2 * w[j] if j else 0.0 for j in range(n)]
        h = [[(L2 if i == j and i else 0.0) for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys):
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x))))
            d, q = p - y, p * (1 - p)
            for i in range(n):
                if x[i]:
                    g[i] += d * x[i]
                    qi = q * x[i]
                    row = h[i]
                    for j in range(n):
                        row[j] += qi * x[j]
        step = solve(h, g)
        w = [a - s for a, s in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def log_loss(ps: list[float], ys: list[int]) -> float:
    """Mean negative log likelihood."""
    eps = 1e-4
    return -sum(math.log(min(1 - eps, max(eps, p if y else 1 - p))) for p, y in zip(ps, ys)) / len(
        ys
    )


def auc(ps: list[float], ys: list[int]) -> float:
    """The chance that a made nil is rated above a failed one."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    rank = [0] * len(ps)
    for r, i in enumerate(order):
        rank[i] = r
    pos = [rank[i] for i in range(len(ys)) if ys[i]]
    neg = len(ys) - len(pos)
    return (sum(pos) - len(pos) * (len(pos) - 1) / 2) / (len(pos) * neg)


def features(t: Tables, im: int) -> list[float]:
    """The model's inputs, the constant first."""
    f = nil_features(t, im)
    return [1.0] + [f[k] for k in NIL_FEATURES]


def main(argv: list[str]) -> None:
    if len(argv) == 5 and argv[0] == "collect":
        data = collect(argv[1], int(argv[2]), int(argv[3]))
        Path(argv[4]).write_text(json.dumps(data), encoding="utf-8")
        made = sum(r[1] for r in data["rows"])
        print(f"{len(data['rows'])} forced nils, {made} made, written to {argv[4]}")
    elif len(argv) >= 2 and argv[0] == "fit":
        rows = load(argv[1:])
        xs = [features(t, im) for t, im, _ in rows]
        ys = [y for _, _, y in rows]
        cv = [0.0] * len(ys)
        for k in range(5):
            tr = [i for i in range(len(ys)) if i % 5 != k]
            w = fit([xs[i] for i in tr], [ys[i] for i in tr])
            for i in range(k, len(ys), 5):
                cv[i] = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, xs[i]))))
        w = fit(xs, ys)
        print(f"{len(ys)} nils, {sum(ys)} made; 5-fold log loss {log_loss(cv, ys):.4f}")
        print(f"NIL_CONST = {w[0]:.3f}")
        print("NIL_WEIGHTS = {")
        print(", ".join(f'"{k}": {v:.3f}' for k, v in zip(NIL_FEATURES, w[1:])))
        print("}")
    elif len(argv) >= 2 and argv[0] == "check":
        rows = load(argv[1:])
        ps = [nil_odds(t, im) for t, im, _ in rows]
        ys = [y for _, _, y in rows]
        print(
            f"{len(ys)} nils, {sum(ys) / len(ys):.1%} made, nil_odds says {sum(ps) / len(ps):.1%}:"
            f" log loss {log_loss(ps, ys):.4f}, AUC {auc(ps, ys):.3f}"
        )
    elif len(argv) >= 2 and argv[0] == "partner":
        prs = partner_rows(argv[1:])
        for pb in sorted({r[2] for r in prs}, key=lambda b: -1 if b is None else b):
            sub = [r for r in prs if r[2] == pb]
            said = sum(r[0] for r in sub) / len(sub)
            made = sum(r[1] for r in sub) / len(sub)
            who = "bid no number yet (or nil)" if pb is None else f"bid {pb}"
            print(f"partner {who}: {len(sub)} nils, {made:.1%} made, nil_odds says {said:.1%}")
        known = [(p, y, pb) for p, y, pb in prs if pb is not None]
        w = fit(
            [[1.0, math.log(p / (1 - p)), pb - 3.0] for p, _, pb in known], [y for _, y, _ in known]
        )
        print(
            f"beside a number: log-odds {w[0]:+.3f} + {w[1]:.3f} * nil_odds's + {w[2]:.3f} per"
            " trick of partner's bid over 3"
        )
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
