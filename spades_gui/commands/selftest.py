"""`spades selftest`: one short AI-only game through the controller and the real table."""

from __future__ import annotations

import argparse
import sys
import traceback

from .common import Subparsers, add

NAME = "selftest"


def add_parser(sub: Subparsers) -> None:
    """The command's flags (none)."""
    add(
        sub,
        NAME,
        "Play a short AI-only game through the real UI, headless.",
        "Start the UI on SDL's dummy drivers, play one short AI-only game through the "
        "controller and the table, and exit 0 when it reaches game over (1 otherwise).",
    )


def run(args: argparse.Namespace) -> int:
    """Play the game on SDL's dummy drivers; 0 when it reaches game over, else 1."""
    try:
        from ..ui.selftest_game import play_selftest

        r = play_selftest()
    except Exception:
        traceback.print_exc(file=sys.stderr)
        print("selftest FAILED: the table raised an exception")
        return 1
    if not r.over:
        print(f"selftest FAILED: no game over after {r.seconds:.1f} s ({r.frames} frames)")
        return 1
    print(
        f"selftest ok: intramural AI game over in {r.hands} hands, "
        f"{r.scores[0]}-{r.scores[1]}, {r.frames} frames, {r.seconds:.1f} s"
    )
    return 0
