"""`spades hint`: the action a level would take from a seat view or a game record, and why."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from . import make_policy
from .base import Decision, action_words
from .view import ViewError, view_or_record

HINT_SEED = 0  # hints are the same every time for the same view


def hint_for(data: Any, level: str) -> Decision:
    """The decision of a level for a parsed seat view or game record; ViewError if it is bad."""
    policy = make_policy(level, HINT_SEED)
    return policy.explain(view_or_record(data, peek=policy.peeks))


def _words(d: Decision, level: str) -> str:
    verb = {"play": "plays", "bid": "bids", "pass": "passes"}.get(d.kind, "chooses")
    lines = [f"{level.capitalize()} {verb} {action_words(d.kind, d.action)}.", d.reason]
    shown = [(a, v) for a, v in d.candidates if v is not None]
    if len(shown) > 1:
        parts = ", ".join(f"{action_words(d.kind, a)} {v:+.1f}" for a, v in shown[:5])
        lines.append(f"Expected points: {parts}")
    return "\n".join(lines)


def _err(msg: str) -> int:
    print(f"spades: {msg}", file=sys.stderr)
    return 2


def hint_command(args: Any) -> int:
    """Run `spades hint` from parsed arguments: 0 on success, 2 on a bad view."""
    level = getattr(args, "level", "hard") or "hard"
    if getattr(args, "serve", False):
        return serve(level, sys.stdin, sys.stdout)
    if not args.view:
        return _err("hint needs a VIEW file (a seat view or a game record), or --serve")
    try:
        text = Path(args.view).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return _err(f"{args.view}: cannot read ({e.__class__.__name__})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return _err(f"{args.view}: not JSON ({e.msg} at line {e.lineno})")
    try:
        d = hint_for(data, level)
    except ViewError as e:
        return _err(f"{args.view}: {e}")
    except ValueError as e:
        return _err(f"{args.view}: {e}")
    if args.json:
        print(json.dumps(d.to_json(), ensure_ascii=False))
    else:
        print(_words(d, level))
    return 0


def serve(level: str, inp: TextIO, out: TextIO) -> int:
    """Answer one JSON view per input line with one JSON line, until the input ends."""
    for line in inp:
        line = line.strip()
        if not line:
            continue
        try:
            data = json.loads(line)
            d = hint_for(data, level)
            reply: dict[str, Any] = d.to_json()
        except json.JSONDecodeError as e:
            reply = {"error": f"not JSON ({e.msg} at column {e.colno})"}
        except ValueError as e:
            reply = {"error": str(e)}
        except Exception as e:  # the server must outlive any one bad view
            reply = {"error": f"internal error: {e.__class__.__name__}: {e}"}
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
    return 0
