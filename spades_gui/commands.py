"""The headless `rules` and `replay` commands: read files, print results, exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import cast

from .engine import PRESETS, bid_words, card_str
from .engine.presets import preset_rules
from .engine.record import RecordError, loads, replay_summary
from .engine.rules import RulesError


def _err(msg: str) -> int:
    print(f"spades: {msg}", file=sys.stderr)
    return 2


def rules_command(preset: str | None, as_json: bool) -> int:
    """List the presets, or print every option of one."""
    if preset is None:
        if as_json:
            print(json.dumps({p.id: p.summary for p in PRESETS.values()}, ensure_ascii=False))
        else:
            for p in PRESETS.values():
                print(f"{p.id:<13}{p.name} — {p.tagline}: {p.summary}")
        return 0
    try:
        rules = preset_rules(preset)
    except RulesError as e:
        return _err(str(e))
    if as_json:
        print(json.dumps(rules.to_dict(), ensure_ascii=False, indent=1))
    else:
        for k, v in rules.to_dict().items():
            print(f"{k:<20}{v}")
    return 0


def replay_command(file: str, as_json: bool) -> int:
    """Check a game record against its rules and print each hand; exit 2 on a bad record."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return _err(f"{file}: cannot read ({e.__class__.__name__}: {e})")
    try:
        game = loads(text)
    except RecordError as e:
        return _err(f"{file}: {e}")
    summary = replay_summary(game)
    if as_json:
        print(json.dumps(summary))
        return 0
    seat_names = ("S", "W", "N", "E")
    for i, (hand, s) in enumerate(zip(game.hands, summary["hands"]), start=1):
        print(f"Hand {i}: dealer {seat_names[hand.dealer]}")
        if "misdeal" in s:
            print(f"  misdeal called by {seat_names[s['misdeal']]}")
            continue
        bids = ", ".join(
            f"{seat_names[b]} {bid_words(cast(int, hand.bids[b]))}"
            for b in hand.order
            if hand.bids[b] is not None
        )
        print(f"  bids: {bids}")
        for n, (leader, cards, winner) in enumerate(hand.tricks(), start=1):
            shown = " ".join(card_str(c) for c in cards)
            print(f"  trick {n:>2}: {seat_names[leader]} leads {shown}  -> {seat_names[winner]}")
        print(f"  tricks S/W/N/E: {s['tricks']}")
        if s.get("unfinished"):
            print("  (unfinished)")
            continue
        print(
            f"  points {s['points'][0]:+d} / {s['points'][1]:+d}   "
            f"scores {s['scores'][0]} / {s['scores'][1]}   bags {s['bags'][0]} / {s['bags'][1]}"
        )
    if game.winner is not None:
        print(
            f"Winner: team {game.winner} ({'South-North' if game.winner == 0 else 'West-East'}), "
            f"{game.end_reason}"
        )
    return 0
