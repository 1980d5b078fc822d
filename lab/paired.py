"""Two duplicate runs on one seed compared deal pair by deal pair: B's margin minus A's.

    python -m lab.paired A.json B.json

A and B are `python -m lab simulate --duplicate --json` outputs with the same rules and seed (say
the same match before and after a change). Each deal pair's margin is matched by its place (game,
hand in the game), which is the same deal in both runs unless a seat threw a hand in differently;
a run's games can end at different hands, so the first line counts only the places both runs
played. Most of a margin's spread is the cards, which both runs share, so the difference is
known far more closely than either margin: on 1,000 Tournament pairs, oracle against the
baseline, a margin's spread per pair is about 37 points and the difference's about 19 to 30.
The second line is the whole difference of the two margins, the shared places paired and the
places one run alone played counted as they are: a change that makes games longer or shorter
moves the margin there too (at Championship a far lead meets the baseline's blind nils).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any


class RunError(ValueError):
    """A run file that cannot be compared: the message names the file and the problem."""


def load(path: Path) -> dict[str, Any]:
    """A simulate JSON with per-pair margins."""
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RunError(f"{path}: not a readable JSON file ({e})") from None
    if not isinstance(d, dict) or not isinstance(d.get("pairs"), list):
        raise RunError(
            f"{path}: no per-pair margins (run `python -m lab simulate --duplicate --json`)"
        )
    return d


def margins(d: dict[str, Any]) -> dict[tuple[int, int], float]:
    """Each deal pair's margin by its place."""
    return {(int(g), int(h)): float(m) for g, h, m in d["pairs"]}


def _var(xs: list[float]) -> float:
    """A sample's variance (0 for fewer than two values)."""
    if len(xs) < 2:
        return 0.0
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def mean_half(xs: list[float]) -> tuple[float, float]:
    """A sample's mean and the half-width of its 95% interval (0 for fewer than two values)."""
    n = len(xs)
    if not n:
        return 0.0, 0.0
    return sum(xs) / n, 1.96 * math.sqrt(_var(xs) / n)


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, float]:
    """B's margin minus A's over the deal pairs both played: mean, 95% half-width, count, and
    each run's own margin over those pairs (mean_a, mean_b)."""
    ma, mb = margins(a), margins(b)
    both = sorted(set(ma) & set(mb))
    d = [mb[k] - ma[k] for k in both]
    n = len(d)
    mean, half = mean_half(d)
    return {
        "mean": mean,
        "half": half,
        "sd": math.sqrt(_var(d)),
        "n": n,
        "mean_a": sum(ma[k] for k in both) / n if n else 0.0,
        "mean_b": sum(mb[k] for k in both) / n if n else 0.0,
    }


def compare_all(a: dict[str, Any], b: dict[str, Any]) -> dict[str, float]:
    """B's whole margin minus A's, its spread known from the pairs both played (paired) and
    the rest (each run's own): when a change makes games longer or shorter, the places one run
    alone played carry part of the difference, which `compare` leaves out."""
    ma, mb = margins(a), margins(b)
    na, nb = len(ma), len(mb)
    if not na or not nb:
        return {"mean": 0.0, "half": 0.0, "n_a": na, "n_b": nb, "only_a": na, "only_b": nb}
    both = set(ma) & set(mb)
    terms = [mb[k] / nb - ma[k] / na for k in both]
    only_a = [ma[k] for k in ma if k not in both]
    only_b = [mb[k] for k in mb if k not in both]
    mean = sum(mb.values()) / nb - sum(ma.values()) / na
    var = len(terms) * _var(terms)
    # a lone place of a run's own has no spread of its own: take its whole run's
    var += len(only_a) * _var(only_a if len(only_a) > 1 else list(ma.values())) / na**2
    var += len(only_b) * _var(only_b if len(only_b) > 1 else list(mb.values())) / nb**2
    return {
        "mean": mean,
        "half": 1.96 * math.sqrt(var),
        "n_a": na,
        "n_b": nb,
        "only_a": len(only_a),
        "only_b": len(only_b),
    }


def _per_hand(r: dict[str, float]) -> str:
    """A difference and its 95% interval, as printed."""
    lo, hi = r["mean"] - r["half"], r["mean"] + r["half"]
    return f"{r['mean']:+.2f} per hand, 95% interval [{lo:+.2f}, {hi:+.2f}]"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        a, b = (load(Path(p)) for p in argv)
        for key in ("rules", "seed"):
            if a.get(key) != b.get(key):
                raise RunError(
                    f"{argv[1]}: {key} {b.get(key)!r}, but {argv[0]} has {a.get(key)!r}: "
                    "only runs on the same deals compare"
                )
    except RunError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    r, w = compare(a, b), compare_all(a, b)
    print(
        f"{argv[1]} minus {argv[0]}: {_per_hand(r)}, over {r['n']} deal pairs both played "
        f"(margins {a['margin_per_hand']['mean']:+.2f} and {b['margin_per_hand']['mean']:+.2f})"
    )
    print(
        f"over every deal pair of both runs: {_per_hand(w)} ({w['only_a']} and {w['only_b']} "
        f"of the {w['n_a']} and {w['n_b']} pairs played by one run alone)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
