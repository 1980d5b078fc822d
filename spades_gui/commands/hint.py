"""`spades hint`: the action a level would take from a seat view or a game record, and why."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..ai import LEVELS
from .common import Subparsers, add, fail

if TYPE_CHECKING:
    from ..ai.consult import PolicyMaker
    from ..ai.decision import Decision, DecisionJson
    from ..engine.actions import Action

NAME = "hint"


def add_parser(sub: Subparsers) -> None:
    """The command's flags."""
    h = add(
        sub,
        NAME,
        "The action a level would take from a seat view or record.",
        "Print the action a computer level would take, with its reason, from a seat view or "
        "from a game record (the seat to act in its last hand).",
    )
    add_arguments(h, LEVELS)


def add_arguments(h: argparse.ArgumentParser, levels: Sequence[str], level_help: str = ".") -> None:
    """The flags, with the levels that may be asked (`level_help` ends --level's help)."""
    h.add_argument(
        "view",
        nargs="?",
        help="A seat-view JSON file or a game record (not needed with --serve).",
    )
    h.add_argument(
        "--level",
        default="hard",
        choices=list(levels),
        help=f"The level asked (default: hard){level_help}",
    )
    h.add_argument(
        "--json",
        action="store_true",
        help="Print the decision as one JSON object: the action, its reason and the candidates.",
    )
    h.add_argument(
        "--serve",
        action="store_true",
        help="Answer one JSON view per line read from standard input with one JSON line each, "
        "until the input ends.",
    )


def words(d: Decision[Action], level: str) -> str:
    """A decision in words: the action, its reason and the best candidates' expected points."""
    from ..ai.decision import action_verb, action_words

    lines = [f"{level.capitalize()} {action_verb(d.action)} {action_words(d.action)}.", d.reason]
    shown = [(a, v) for a, v in d.candidates if v is not None]
    if len(shown) > 1:
        parts = ", ".join(f"{action_words(a)} {v:+.1f}" for a, v in shown[:5])
        lines.append(f"Expected points: {parts}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the decision for one view file, or serve views from stdin; 2 on a bad view."""
    from ..ai import make_policy

    return answer(args, make_policy)


def answer(args: argparse.Namespace, make: PolicyMaker) -> int:
    """`run` with the levels' policies made by `make` (the lab's also makes its yardsticks)."""
    from ..ai.consult import hint_for
    from ..ai.view import ViewError

    level = getattr(args, "level", "hard") or "hard"
    if getattr(args, "serve", False):
        return serve(level, sys.stdin, sys.stdout, make)
    if not args.view:
        return fail("hint needs a VIEW file (a seat view or a game record), or --serve")
    try:
        text = Path(args.view).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return fail(f"{args.view}: cannot read ({e.__class__.__name__})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return fail(f"{args.view}: not JSON ({e.msg} at line {e.lineno})")
    try:
        d = hint_for(data, level, make)
    except ViewError as e:
        return fail(f"{args.view}: {e}")
    except ValueError as e:
        return fail(f"{args.view}: {e}")
    if args.json:
        print(json.dumps(d.to_json(), ensure_ascii=False))
    else:
        print(words(d, level))
    return 0


def serve(level: str, inp: TextIO, out: TextIO, make: PolicyMaker | None = None) -> int:
    """Answer one JSON view per input line with one JSON line, until the input ends."""
    from ..ai import make_policy
    from ..ai.consult import hint_for

    make = make or make_policy

    for line in inp:
        line = line.strip()
        if not line:
            continue
        try:
            data = json.loads(line)
            d = hint_for(data, level, make)
            reply: DecisionJson | dict[str, str] = d.to_json()
        except json.JSONDecodeError as e:
            reply = {"error": f"not JSON ({e.msg} at column {e.colno})"}
        except ValueError as e:
            reply = {"error": str(e)}
        except Exception as e:  # the server must outlive any one bad view
            reply = {"error": f"internal error: {e.__class__.__name__}: {e}"}
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
    return 0
