"""`spades replay`: check a game record against its rules and print each hand."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .common import Subparsers, add, fail

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.hand import Hand

NAME = "replay"


def add_parser(sub: Subparsers) -> None:
    """The command's flags."""
    p = add(
        sub,
        NAME,
        "Check a game record and print its hands and scores.",
        "Check a game record against its rules and print each hand's bids, tricks and scores. "
        "A bad record exits with code 2 and one line naming the hand and the problem.",
    )
    p.add_argument("file", help="The game record to check (JSON), as the game saves or exports it.")
    p.add_argument(
        "--json",
        action="store_true",
        help="Print each hand's tricks, points, scores and bags, and the winner, as one JSON "
        "object.",
    )


def run(args: argparse.Namespace) -> int:
    """Check a game record against its rules and print each hand; exit 2 on a bad record."""
    from ..engine.record import RecordError, loads, replay_summary

    file = args.file
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return fail(f"{file}: cannot read ({e.__class__.__name__}: {e})")
    try:
        game = loads(text)
    except RecordError as e:
        return fail(f"{file}: {e}")
    summary = replay_summary(game)
    if args.json:
        print(json.dumps(summary))
    else:
        _print_game(game, summary)
    return 0


def _print_game(game: Game, summary: dict[str, Any]) -> None:
    """Each hand's bids, tricks and scores in words, then the winner."""
    from ..engine import bid_words, card_str
    from ..engine.game import SEAT_WORDS

    names = [word[0] for word in SEAT_WORDS]  # S W N E
    for i, (hand, s) in enumerate(zip(game.hands, summary["hands"]), start=1):
        print(f"Hand {i}: dealer {names[hand.dealer]}")
        if "misdeal" in s:
            print(f"  misdeal called by {names[s['misdeal']]}")
            continue
        bids = ", ".join(
            f"{names[b]} {bid_words(cast(int, hand.bids[b]))}"
            for b in hand.order
            if hand.bids[b] is not None
        )
        moved = _cards_moved(hand)
        for line in moved[0]:
            print(f"  {line}")
        print(f"  bids: {bids}")
        for line in moved[1]:
            print(f"  {line}")
        for n, (leader, cards, winner) in enumerate(hand.tricks(), start=1):
            shown = " ".join(card_str(c) for c in cards)
            print(f"  trick {n:>2}: {names[leader]} leads {shown}  -> {names[winner]}")
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
            f"Winner: team {game.winner} "
            f"({SEAT_WORDS[game.winner]}-{SEAT_WORDS[game.winner + 2]}), "
            f"{game.end_words}"
        )


def _cards_moved(hand: Hand) -> tuple[list[str], list[str]]:
    """The cards that changed hands before the play, as the hand's replay takes them (those
    before the first bid, those after): the cards left over taken and discarded (001), and
    the exchanges."""
    from ..engine import card_str
    from ..engine.actions import DiscardAction, PassAction
    from ..engine.game import SEAT_WORDS
    from ..engine.replay import hand_steps

    def shown(mask: int) -> str:
        return " ".join(card_str(c) for c in hand.deck.cards if mask >> c & 1)

    before: list[str] = []
    after: list[str] = []
    for step in hand_steps(hand):
        out = before if step.hand.nbids == 0 else after
        who = SEAT_WORDS[step.seat][0]
        action = step.action
        if isinstance(action, DiscardAction):
            out.append(f"{who} takes {shown(hand.extra)} left over, discards {shown(action.cards)}")
        elif isinstance(action, PassAction) and action.cards:
            to = SEAT_WORDS[step.hand.pass_queue[0][1]][0]
            out.append(f"{who} passes {shown(action.cards)} to {to}")
    return before, after
