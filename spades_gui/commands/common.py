"""What every command shares: the one-line error with exit code 2, and the subparser type."""

from __future__ import annotations

import argparse
import sys
from typing import Any

Subparsers = Any  # argparse's _SubParsersAction, which has no public name

USAGE_ERROR = 2


def fail(msg: str) -> int:
    """Print `spades: msg` on stderr; the exit code of a bad input (2)."""
    print(f"spades: {msg}", file=sys.stderr)
    return USAGE_ERROR


HELP_FLAG = "Show this help and exit."


def add(sub: Subparsers, name: str, help_text: str, description: str) -> argparse.ArgumentParser:
    """A command's parser: listed in `spades --help` with its short help, and its own --help
    opening with the description (a sentence or two)."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=description, add_help=False
    )
    parser.add_argument("-h", "--help", action="help", help=HELP_FLAG)
    return parser
