"""Entry point: the window with no arguments, or one of the headless commands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import __version__
from .ai import ALL_LEVELS


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="spades", description="Offline Spades under your table's rules."
    )
    p.add_argument("--version", action="version", version=f"spades {__version__}")
    sub = p.add_subparsers(dest="command")

    r = sub.add_parser("rules", help="list the presets, or print one preset's options")
    r.add_argument("preset", nargs="?", help="a preset name: print every option of it")
    r.add_argument("--json", action="store_true", help="print the options as one JSON object")

    rp = sub.add_parser("replay", help="check a game record and print its hands and scores")
    rp.add_argument("file", help="a game record (JSON), as saved or exported")
    rp.add_argument("--json", action="store_true", help="print each hand's result as JSON")

    s = sub.add_parser("simulate", help="play AI-only games or hands, no window")
    s.add_argument("--rules", default="pagat", help="a preset name or a rules JSON file")
    n = s.add_mutually_exclusive_group()
    n.add_argument("--games", type=int, help="play this many whole games")
    n.add_argument("--hands", type=int, help="play this many hands (deal pairs with --duplicate)")
    s.add_argument("--seed", type=int, default=1, help="the seed of the deals and the seats")
    s.add_argument(
        "--seats",
        default="hard,medium,hard,medium",
        help="four levels for South, West, North, East; LEVEL@MS gives one seat its own "
        f"thinking time (levels: {', '.join(ALL_LEVELS)})",
    )
    s.add_argument(
        "--duplicate", action="store_true", help="play every deal twice with the teams swapped"
    )
    s.add_argument(
        "--think-ms", type=int, default=None, help="thinking time per decision for searching seats"
    )
    s.add_argument("--json", action="store_true", help="print the results as one JSON document")

    h = sub.add_parser("hint", help="the action a level would take from a seat view or record")
    h.add_argument("view", nargs="?", help="a seat-view JSON file or a game record")
    h.add_argument(
        "--level",
        default="hard",
        choices=list(ALL_LEVELS),
        help='the level asked; oracle needs all four hands (a record, or "all_hands")',
    )
    h.add_argument("--json", action="store_true", help="print the decision as JSON")
    h.add_argument("--serve", action="store_true", help="answer one JSON view per input line")

    b = sub.add_parser("bench", help="engine playouts per second and table frame times")
    b.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    b.add_argument(
        "--seconds", type=float, default=3.0, help="how long each measurement runs (default 3)"
    )

    sub.add_parser("selftest", help="play a short AI-only game through the real UI, headless")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; returns the exit code."""
    args = _parser().parse_args(argv)
    cmd = args.command
    if cmd is None:
        from .ui.main import run_window

        return run_window()
    if cmd == "rules":
        from .commands import rules_command

        return rules_command(args.preset, args.json)
    if cmd == "replay":
        from .commands import replay_command

        return replay_command(args.file, args.json)
    if cmd == "bench":
        from .benchmark import bench_command

        return bench_command(args.json, args.seconds)
    if cmd == "simulate":
        from .ai.arena import simulate_command

        return simulate_command(args)
    if cmd == "hint":
        from .ai.hint import hint_command

        return hint_command(args)
    if cmd == "selftest":
        from .ui.selftest import selftest_command

        return selftest_command()
    return 2


def _utf8_output() -> None:
    """Card suits and dashes print on every system: a Windows pipe is cp1252 by default."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="replace")


def run() -> None:
    """Console-script entry: exit with main's code, no traceback for a closed pipe."""
    _utf8_output()
    try:
        code = main()
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        code = 130
    sys.stdout.flush()
    sys.exit(code)


def print_json(data: object) -> None:
    """Print one JSON document."""
    print(json.dumps(data, ensure_ascii=False))
