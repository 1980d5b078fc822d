"""`spades bench`: engine playouts per second, table frame times and idle CPU."""

from __future__ import annotations

import argparse
import json

from .common import Subparsers, add

NAME = "bench"


def add_parser(sub: Subparsers) -> None:
    """The command's flags."""
    b = add(sub, NAME, "engine playouts per second and table frame times")
    b.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    b.add_argument(
        "--seconds", type=float, default=3.0, help="how long each measurement runs (default 3)"
    )


def run(args: argparse.Namespace) -> int:
    """Measure and print the figures, one per line or as one JSON object."""
    from ..benchmark import measure

    out = measure(args.seconds)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0
