"""`spades bench`: engine playouts per second, table frame times and idle CPU."""

from __future__ import annotations

import argparse
import json

from .common import Subparsers, add

NAME = "bench"


def add_parser(sub: Subparsers) -> None:
    """The command's flags."""
    b = add(
        sub,
        NAME,
        "Engine playouts per second, table frame times, CPU at rest.",
        "Measure the engine's random playouts per second, the table's frame times at "
        "1920x1080 (cards moving; Hard seats thinking in their worker process; a finished hand "
        "weighed against Hard's in the background) and the "
        "window's CPU use with nothing moving, on SDL's dummy video driver unless "
        "SDL_VIDEODRIVER names another.",
    )
    b.add_argument("--json", action="store_true", help="Print the figures as one JSON object.")
    b.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="How long the playouts run, in seconds; each table measure runs half as long, "
        "at least 1 s (default: 3).",
    )


def run(args: argparse.Namespace) -> int:
    """Measure and print the figures, one per line or as one JSON object."""
    from ..bench_figures import measure

    out = measure(args.seconds)
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0
