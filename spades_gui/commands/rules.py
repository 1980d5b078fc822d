"""`spades rules`: list the presets, or print every option of one."""

from __future__ import annotations

import argparse
import json

from .common import Subparsers, add, fail

NAME = "rules"


def add_parser(sub: Subparsers) -> None:
    """The command's flags."""
    p = add(
        sub,
        NAME,
        "List the presets, or print one preset's options.",
        "List the rule presets with a line about each, or print every option of one preset.",
    )
    p.add_argument(
        "preset",
        nargs="?",
        help="A preset's id, as the list shows it (classic, pagat, ...): print every option "
        "it sets.",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="Print one JSON object: each preset's summary by id, or the preset's options.",
    )


def run(args: argparse.Namespace) -> int:
    """List the presets, or print every option of one; 2 for an unknown preset."""
    from ..engine import PRESETS
    from ..engine.presets import preset_rules
    from ..engine.rules import RulesError

    if args.preset is None:
        if args.json:
            print(json.dumps({p.id: p.summary for p in PRESETS.values()}, ensure_ascii=False))
        else:
            for p in PRESETS.values():
                print(f"{p.id:<13}{p.name} — {p.tagline}: {p.summary}")
        return 0
    try:
        rules = preset_rules(args.preset)
    except RulesError as e:
        return fail(str(e))
    if args.json:
        print(json.dumps(rules.to_dict(), ensure_ascii=False, indent=1))
    else:
        for k, v in rules.to_dict().items():
            print(f"{k:<20}{v}")
    return 0
