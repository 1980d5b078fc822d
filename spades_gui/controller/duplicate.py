"""A deal played again: one finished hand's deal as a record of its own (same dealer, same
cards, the score and bags before it, the same seats and seed), the facts of how it went, and
the coach's job that plays it through with a level in the player's seat."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, cast

from ..ai import make_policy
from ..engine.hand import MISDEAL
from ..engine.record import load
from .events import HandFacts, hand_facts

DEAL_KEYS = ("dealer", "deal", "extra", "special")  # what a hand's entry keeps of its deal
MOST_MESSAGES = 20_000  # a hand is some 60 decisions: this bound only stops a runaway loop


def replayable(record: dict[str, Any], index: int) -> bool:
    """Whether hand `index` (0-based) of a record was played to its end (not thrown in)."""
    try:
        game = load(record)
    except ValueError:
        return False
    if not 0 <= index < len(game.hands) or index >= len(game.results):
        return False
    return game.results[index] is not None and game.hands[index].phase != MISDEAL


def deal_record(
    record: dict[str, Any], index: int, seats: Sequence[str | None] | None = None
) -> dict[str, Any]:
    """Hand `index` of a record as a new game's record at its first decision: its dealer and
    cards, the scores, bags and clock before it, the record's seats, names and seed (the
    computer seats decide as they did). ValueError if that hand cannot be played again."""
    if not replayable(record, index):
        raise ValueError("only a hand played to its end can be played again")
    game = load(record)
    bags = game.start_bags
    for res in game.results[:index]:
        if res is not None:
            bags = (res.bags[0], res.bags[1])
    hand = game.hands[index]
    entry = {k: copy.deepcopy(v) for k, v in record["hands"][index].items() if k in DEAL_KEYS}
    meta = record.get("table") if isinstance(record.get("table"), dict) else {}
    meta = cast("dict[str, Any]", meta)
    table: dict[str, Any] = {
        "seats": list(seats or meta.get("seats") or (None, "medium", "medium", "medium")),
        "names": list(meta.get("names") or ()),
        "seed": meta.get("seed") if isinstance(meta.get("seed"), int) else 0,
        "shown": False,
    }
    clock = [t for t in game.clock[:index] if t is not None]
    if clock:
        table["elapsed"] = clock[-1]
    if not table["names"]:
        del table["names"]
    return {
        "rules": record["rules"],
        "scores": list(hand.scores_before),
        "bags": list(bags),
        "hands": [entry],
        "table": table,
    }


def played_facts(record: dict[str, Any], index: int) -> HandFacts:
    """How hand `index` of a record went: its bids, tricks and score."""
    game = load(record)
    return hand_facts(game.hands[index], index + 1, game.results[index])


def play_deal_job(
    deal: dict[str, Any],
    level: str,
    think_ms: int | None,
    seat: int = 0,
    stop: Callable[[], bool] | None = None,
) -> HandFacts | None:
    """The deal of `deal_record` played to its end with a level in `seat` and the record's
    computer seats elsewhere, on the coach's worker; its facts (None if stopped)."""
    from .core import Controller  # the controller plays it, as it plays any hand

    meta = cast("dict[str, Any]", deal["table"])
    seats = list(meta["seats"])
    seats[seat] = level
    seed = int(meta.get("seed") or 0)
    policy = make_policy(level, seed * 4 + seat, think_ms)
    ctl = Controller.from_record(
        deal, seats=tuple(seats), executor="inline", policies={seat: policy}, shown=True
    )
    try:
        for _ in range(MOST_MESSAGES):
            if stop is not None and stop():
                return None
            game = ctl.game
            if game.results:
                return hand_facts(game.hands[0], 1, game.results[0])
            ctl.pump(limit=1)  # not past the hand's end into a deal of its own
        raise RuntimeError("the deal did not finish")
    finally:
        ctl.close(save=False)
