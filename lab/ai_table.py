"""Print the computer-player tables of docs/AI.md from the runs in lab/data/ (lab/ai_figures.sh)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lab.paired import compare, compare_all, mean_half

AI = Path(__file__).resolve().parent / "data"

SEED = 2026  # the seed of every run but those named with another (NAME_SEED)
# presets run on more seeds: hard_RULES_SEED, oracle_RULES_SEED
OTHER_SEEDS = {
    "pagat": (202, 303, 404, 505),
    "tournament": (202, 303),
    "championship": (202, 303),
}

PRESETS = ("pagat", "tournament", "classic", "online", "championship", "jokers350", "intramural")
HARD_TARGET = {"pagat": "≥ +45, interval > +30", "tournament": "≥ +45, interval > +30"}
SEED_WORDS = {3: "three", 5: "five"}


def _seeded(level: str, rules: str, target: str) -> dict[str, tuple[str, str, str]]:
    """A level's run against the baseline on one preset, and on that preset's other seeds."""
    seats = f"{level},baseline,{level},baseline"
    names = [f"{level}_{rules}", *(f"{level}_{rules}_{x}" for x in OTHER_SEEDS.get(rules, ()))]
    return {n: (rules, seats, target) for n in names}


# name: (rules, seats, target)
MATCHES = {
    **{
        k: v
        for r in PRESETS
        for k, v in _seeded("hard", r, HARD_TARGET.get(r, "≥ +45, interval > 0")).items()
    },
    "medium_pagat": ("pagat", "medium,baseline,medium,baseline", "≥ +15, interval > 0"),
    "medium_tournament": ("tournament", "medium,baseline,medium,baseline", "≥ +15, interval > 0"),
    **{k: v for r in PRESETS for k, v in _seeded("oracle", r, "(the limit)").items()},
    "medium_easy": ("pagat", "medium,easy,medium,easy", "interval > 0"),
    "easy_tournament": ("tournament", "easy,baseline,easy,baseline", "(a beginner)"),
}

# Hard's runs on several seeds of one preset, pooled pair by pair: (label, names, target)
POOLED = tuple(
    (
        f"Hard at {r.capitalize()}, {SEED_WORDS.get(len(xs) + 1, len(xs) + 1)} seeds",
        tuple(_seeded("hard", r, "")),
        HARD_TARGET.get(r, "≥ +45, interval > 0"),
    )
    for r, xs in OTHER_SEEDS.items()
)

# strength against thinking time: the same deals, by the clock (`hard@MS`) or by Hard's work bound
THINKING = {
    "hard_tournament_at25": "`hard@25`",
    "hard_tournament_at100": "`hard@100`",
    "hard_tournament_200": "`hard` (bounded by work, not the clock)",
    "hard_tournament_at400": "`hard@400`",
}


def load(name: str) -> dict | None:
    """One run's JSON, or None if it has not been made."""
    p = AI / f"{name}.json"
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else None


def margin(d: dict) -> str:
    """A run's margin per hand and its 95% interval, as two table cells."""
    m = d["margin_per_hand"]
    lo, hi = m["ci95"]
    return f"{m['mean']:+.1f} | [{lo:+.1f}, {hi:+.1f}]"


def interval(mean: float, half: float) -> str:
    """A mean and its 95% interval, as one table cell."""
    return f"{mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}]"


def pooled(runs: list[dict]) -> tuple[int, float, float]:
    """Deal pairs, mean margin and 95% half-width of several runs' pairs taken together."""
    xs = [float(m) for d in runs for _, _, m in d["pairs"]]
    return len(xs), *mean_half(xs)


def paired(a_name: str, b_name: str) -> tuple[dict, dict] | None:
    """Two runs on the same deals and what `lab/paired.py` makes of the pairs both played
    (None when either is missing, has no per-pair margins, is of other deals or shares none)."""
    a, b = load(a_name), load(b_name)
    if a is None or b is None or "pairs" not in a or "pairs" not in b:
        return None
    if a.get("seed") != b.get("seed"):
        return None  # other deals: no pair compares
    r = compare(a, b)
    return (a, r) if r["n"] else None


def header(*cells: str) -> None:
    """A table's header row and its rule."""
    print("| " + " | ".join(cells) + " |")
    print("|" + "---|" * len(cells))


def margins() -> None:
    """Every match's margin against its target."""
    header("match", "deal pairs", "margin per hand", "95% interval", "target")
    for name, (rules, seats, target) in MATCHES.items():
        d = load(name)
        if d is not None:
            n = d["margin_per_hand"]["n"]
            seed = "" if d.get("seed", SEED) == SEED else f"--seed {d['seed']} "
            print(
                f"| `{seed}--rules {rules} --hands {n} --seats {seats}` | {n} | {margin(d)} "
                f"| {target} |"
            )
        for label, names, ptarget in POOLED:
            if name != names[-1]:
                continue
            runs = [load(x) for x in names]
            if all(d is not None and "pairs" in d for d in runs):
                n, mean, half = pooled([d for d in runs if d is not None])
                print(
                    f"| {label}, pooled pair by pair | {n} | {mean:+.1f} | "
                    f"[{mean - half:+.1f}, {mean + half:+.1f}] | {ptarget} |"
                )
    print()


def bid_accuracy() -> None:
    """Each level's bid accuracy beside the baseline, at Pagat and Tournament."""
    for rules in ("pagat", "tournament"):
        header(
            f"level ({rules}, beside the baseline)",
            "hands",
            "mean abs(tricks − bid)",
            "set rate",
            "bags per hand",
            "nils made",
        )
        for label in ("hard", "medium", "easy", "oracle"):
            d = load(f"{label}_{rules}")
            if d is None:
                continue
            for side, lv in ((0, label), (1, "baseline")):
                if side == 1 and label != "hard":
                    continue
                b = d["bidding"][side]
                print(
                    f"| {lv} | {b['hands']} | {b['mean_abs_tricks_minus_bid']:.2f} | "
                    f"{b['set_rate']:.1%} | {b['bags_per_hand']:.2f} | "
                    f"{b['nils_made']} of {b['nils']} |"
                )
        print()


def shares() -> None:
    """Hard against the oracle on each preset, over the deal pairs both played."""
    header(
        "preset",
        "deal pairs both played",
        "Hard",
        "oracle",
        "the oracle's lead over Hard (95% interval)",
        "share of the oracle's margin Hard reaches",
    )
    runs = [(r, f"_{x}") for r in PRESETS for x in OTHER_SEEDS.get(r, ())]
    for rules, suffix in [(r, "") for r in PRESETS] + runs:
        both = paired(f"hard_{rules}{suffix}", f"oracle_{rules}{suffix}")
        if both is None:
            continue
        h, r = both
        hm, om = r["mean_a"], r["mean_b"]
        seed = "" if h.get("seed", SEED) == SEED else f" (seed {h['seed']})"
        print(
            f"| {rules}{seed} | {r['n']} | {hm:+.1f} | {om:+.1f} | "
            f"{interval(r['mean'], r['half'])} | {hm / om:.0%} |"
        )
    print()


# the oracle bidding by simulation (lab/foresight.py --deals): foresight_RULES_NAME, by NAME
CEILING = ("deals", "partner")  # the seat alone; the partnership, which sees both its hands


def ceiling() -> None:
    """What an honest bid could reach with the oracle's play, beside Hard and the oracle."""
    header(
        "preset",
        "Hard",
        "oracle (Hard's bid)",
        "the seat alone, bidding by simulation",
        "its lead over the oracle",
        "the partnership, bidding by simulation",
        "its lead over the oracle",
    )
    for rules in PRESETS:
        h, o = load(f"hard_{rules}"), load(f"oracle_{rules}")
        sims = [load(f"foresight_{rules}_{name}") for name in CEILING]
        if o is None or "pairs" not in o or all(d is None for d in sims):
            continue
        cells = [f"{d['margin_per_hand']['mean']:+.1f}" if d else "—" for d in (h, o)]
        for d in sims:
            if d is None or d.get("seed") != o.get("seed"):
                cells += ["—", "—"]
                continue
            m = d["margin_per_hand"]
            lo, hi = m["ci95"]
            w = compare_all(o, d)
            cells += [interval(m["mean"], (hi - lo) / 2), interval(w["mean"], w["half"])]
        print(f"| {rules} | " + " | ".join(cells) + " |")
    print()


def deeper() -> None:
    """The oracle solving exactly from 28 cards left (lab/deep_oracle.py) against its own
    oracle, over the deal pairs both played."""
    header(
        "preset",
        "deal pairs both played",
        "oracle (exact from 20 cards left)",
        "the oracle exact from 28 cards left",
        "its lead over the oracle (95% interval)",
    )
    for rules in PRESETS:
        both = paired(f"oracle_{rules}", f"deep_oracle_{rules}")
        if both is None:
            continue
        r = both[1]
        print(
            f"| {rules} | {r['n']} | {r['mean_a']:+.1f} | {r['mean_b']:+.1f} | "
            f"{interval(r['mean'], r['half'])} |"
        )
    print()


def thinking() -> None:
    """Hard's strength against its thinking time, on the same deals."""
    header(
        "Hard's thinking time (tournament, 200 deal pairs)",
        "decisions",
        "p50",
        "p95",
        "margin per hand",
        "95% interval",
    )
    for name, label in THINKING.items():
        d = load(name)
        if d is None:
            continue
        t = next(v for k, v in d["decisions"].items() if k != "baseline")
        print(
            f"| {label} | {t['count']} | {t['p50_ms']:.0f} ms | {t['p95_ms']:.0f} ms | "
            f"{margin(d)} |"
        )
    print()


def decision_times() -> None:
    """Thinking time per decision, by level."""
    header("level", "run", "decisions", "p50", "p95", "max")
    for name in (*(f"hard_{r}" for r in PRESETS), "medium_pagat", "medium_tournament"):
        d = load(name)
        if d is None:
            continue
        for lv, t in d["decisions"].items():
            if lv == "baseline" and name != "medium_pagat":
                continue
            print(
                f"| {lv} | {name} | {t['count']} | {t['p50_ms']:.1f} ms | {t['p95_ms']:.1f} ms "
                f"| {t['max_ms']:.0f} ms |"
            )


def main() -> int:
    """Print the margin, bid accuracy, share, ceiling, deeper-oracle, thinking-time and
    decision-time tables."""
    margins()
    bid_accuracy()
    shares()
    ceiling()
    deeper()
    thinking()
    decision_times()
    return 0


if __name__ == "__main__":
    sys.exit(main())
