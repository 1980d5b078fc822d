"""`python -m lab`: `spades simulate` and `spades hint` with the yardsticks as seats, the same
flags and the same output, so every figure of docs/AI.md can be run again."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from spades_gui.commands import hint, simulate
from spades_gui.commands.common import HELP_FLAG, add

from .seats import LAB_LEVELS, LabTable, lab_policy


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m lab",
        description="The game's simulate and hint commands with the yardsticks (baseline, "
        "oracle) as levels beside the game's own.",
        add_help=False,
    )
    p.add_argument("-h", "--help", action="help", help=HELP_FLAG)
    sub = p.add_subparsers(dest="command", title="commands", metavar="COMMAND", required=True)
    s = add(
        sub,
        simulate.NAME,
        "Play AI-only games or hands, no window.",
        "Play games or hands with computer players or yardsticks in every seat, no window, and "
        "print the results, the bidding figures and each level's thinking time per decision.",
    )
    simulate.add_arguments(s, LAB_LEVELS, searching="hard, oracle")
    h = add(
        sub,
        hint.NAME,
        "The action a level or a yardstick would take from a seat view or record.",
        "Print the action a computer level or a yardstick would take, with its reason, from a "
        "seat view or from a game record (the seat to act in its last hand).",
    )
    hint.add_arguments(
        h, LAB_LEVELS, '; oracle needs all four hands (a record, or "all_hands" in the view).'
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run a lab command; returns the exit code."""
    args = _parser().parse_args(argv)
    if args.command == simulate.NAME:
        return simulate.play(args, LAB_LEVELS, LabTable)
    return hint.answer(args, lab_policy)
