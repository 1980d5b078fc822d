"""`spades simulate`: AI-only games or hands with no window; results and decision times."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..ai import LEVELS
from ..engine.rules import Rules, RulesError
from .common import Subparsers, add, fail

if TYPE_CHECKING:
    from ..ai.arena import Table

NAME = "simulate"


def add_parser(sub: Subparsers) -> None:
    """The command's flags."""
    s = add(
        sub,
        NAME,
        "Play AI-only games or hands, no window.",
        "Play games or hands with computer players in every seat, no window, and print the "
        "results, the bidding figures and each level's thinking time per decision.",
    )
    add_arguments(s, LEVELS)


def add_arguments(
    s: argparse.ArgumentParser, levels: Sequence[str], searching: str = "hard"
) -> None:
    """The flags, with the levels a seat may be given (`searching`: those that search)."""
    s.add_argument(
        "--rules",
        default="pagat",
        help="The rules: a preset's id or a rules JSON file (default: pagat).",
    )
    n = s.add_mutually_exclusive_group()
    n.add_argument("--games", type=int, help="Play this many whole games (the default: one).")
    n.add_argument(
        "--hands",
        type=int,
        help="Play this many hands instead of whole games (with --duplicate, this many deal "
        "pairs).",
    )
    s.add_argument(
        "--seed",
        type=int,
        default=1,
        help="The seed of the deals and the seats' choices: the same seed plays the same "
        "games (default: 1).",
    )
    s.add_argument(
        "--seats",
        default="hard,medium,hard,medium",
        help="Four levels, comma-separated, for South, West, North and East; LEVEL@MS gives "
        f"one seat its own thinking time in milliseconds (levels: {', '.join(levels)}; "
        "default: hard,medium,hard,medium).",
    )
    s.add_argument(
        "--duplicate",
        action="store_true",
        help="Play every deal twice, the second time with the teams' seats swapped, so the "
        "cards' luck cancels.",
    )
    s.add_argument(
        "--think-ms",
        type=int,
        default=None,
        help=f"Thinking time in milliseconds per decision for the searching seats ({searching}); "
        "without it they search a fixed amount of work, the same on any machine.",
    )
    s.add_argument("--json", action="store_true", help="Print the results as one JSON document.")


def _check(args: argparse.Namespace, levels: list[str], known: Sequence[str]) -> str | None:
    """What is wrong with the arguments besides the rules, or None."""
    from ..ai.arena import parse_seat

    if len(levels) != 4:
        return f"--seats needs four levels (LEVEL or LEVEL@MS) from {', '.join(known)}"
    try:
        for spec in levels:
            parse_seat(spec, known)
    except ValueError as e:
        return f"--seats: {e}"
    if (args.games is not None and args.games < 1) or (args.hands is not None and args.hands < 1):
        return "--games and --hands must be at least 1"
    if args.think_ms is not None and args.think_ms < 1:
        return "--think-ms must be at least 1"
    return None


def _rules(spec: str) -> Rules:
    """Rules from a preset name or a rules JSON file (RulesError naming the file if bad)."""
    from ..engine.presets import resolve

    path = Path(spec)
    if not (spec.endswith(".json") or path.is_file()):
        return resolve(spec)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return resolve(data)
    except OSError as e:
        raise RulesError(f"{spec}: cannot read the rules file ({e.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RulesError(f"{spec}: the rules file is not JSON ({e})") from None
    except RulesError as e:
        raise RulesError(f"{spec}: {e}") from None


def run(args: argparse.Namespace) -> int:
    """Play the games or hands and print the results; 2 on bad arguments."""
    from ..ai.arena import Table

    return play(args, LEVELS, Table)


def play(args: argparse.Namespace, known: Sequence[str], table: type[Table]) -> int:
    """Play with seats of the `known` levels at tables of this kind; 2 on bad arguments."""
    from ..ai.arena import simulate

    try:
        rules = _rules(args.rules)
    except RulesError as e:
        return fail(str(e))
    levels = [s.strip() for s in args.seats.split(",")]
    problem = _check(args, levels, known)
    if problem is not None:
        return fail(problem)
    games, hands = args.games, args.hands
    if games is None and hands is None:
        games = 1
    out = simulate(
        rules, levels, args.seed, games, hands, args.duplicate, args.think_ms, table=table
    )
    out["rules"] = args.rules
    out["seed"] = args.seed
    out["seats"] = levels
    out["duplicate"] = bool(args.duplicate)
    if args.json:
        print(json.dumps(out))
    else:
        _print_results(args, levels, out)
    return 0


def _print_results(args: argparse.Namespace, levels: list[str], out: dict[str, Any]) -> None:
    """The margin, the wins, the bidding figures and the decision times, in words."""
    m = out["margin_per_hand"]
    unit = "deal pair (mean of its two hands)" if args.duplicate else "hand"
    print(
        f"{args.rules}: seats {','.join(levels)}, seed {args.seed}"
        f"{', duplicate' if args.duplicate else ''}"
    )
    print(f"hands played: {out['hands']}   games finished: {out['games']}")
    print(
        f"margin per {unit}, team {levels[0]}/{levels[2]} minus team {levels[1]}/{levels[3]}: "
        f"{m['mean']:+.1f}  (95% interval {m['ci95'][0]:+.1f} to {m['ci95'][1]:+.1f}, n={m['n']})"
    )
    print(
        f"games won: {levels[0]}/{levels[2]} {out['wins'][0]}, "
        f"{levels[1]}/{levels[3]} {out['wins'][1]}"
    )
    for side, b in zip(((0, 2), (1, 3)), out["bidding"]):
        print(
            f"bidding {levels[side[0]]}/{levels[side[1]]}: |tricks - bid| "
            f"{b['mean_abs_tricks_minus_bid']:.2f}, set {b['set_rate']:.1%}, "
            f"bags {b['bags_per_hand']:.2f}/hand, nils {b['nils_made']}/{b['nils']} made"
        )
    print("decision time per level:")
    for level, d in out["decisions"].items():
        print(
            f"  {level:<7} {d['count']:>7} decisions   median {d['p50_ms']:.2f} ms   "
            f"95% {d['p95_ms']:.2f} ms   max {d['max_ms']:.2f} ms"
        )
