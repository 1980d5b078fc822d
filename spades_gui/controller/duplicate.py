"""A deal played again: one finished hand's deal as a record of its own (same dealer, same
cards, the score and bags before it, the same seats and seed), the facts of how it went, and
the coach's job that plays it through with a level in the player's seat."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ai import make_policy
from ..engine.hand import MISDEAL
from ..engine.record import DEAL_KEYS, JsonObject, JsonValue, RecordError, hand_to_record, load
from ..engine.replay import HandStart
from .events import HandFacts, hand_facts

if TYPE_CHECKING:
    from .core import Controller

# How a job makes its table from a record: the controller's `from_record`, handed in so that
# this module needs no controller of its own.
TableFrom = Callable[..., "Controller"]

MOST_MESSAGES = 20_000  # a hand is some 60 decisions: this bound only stops a runaway loop


def _levels(saved: list[JsonValue]) -> tuple[str | None, ...]:
    """A record's saved seats: each a level's name, or None for the player's."""
    return tuple(s if isinstance(s, str) else None for s in saved)


def replayable(record: JsonObject, index: int) -> bool:
    """Whether hand `index` (0-based) of a record was played to its end (not thrown in)."""
    try:
        game = load(record)
    except ValueError:
        return False
    if not 0 <= index < len(game.hands) or index >= len(game.results):
        return False
    return game.results[index] is not None and game.hands[index].phase != MISDEAL


@dataclass(frozen=True)
class DealAgain:
    """One finished hand's deal as a new game at its first decision: its dealer and cards, the
    scores, bags and clock before it, the record's seats, names and seed."""

    rules: str | JsonObject  # as the record gives them: a preset's name or every option
    scores: tuple[int, int]
    bags: tuple[int, int]
    entry: JsonObject  # the hand's entry in the record: dealer, deal (and 001's extras)
    seats: tuple[str | None, ...]
    names: tuple[str, ...]
    seed: int
    elapsed: float | None = None  # the game clock when the hand began, if it ran

    def record(self) -> JsonObject:
        """The deal as a game record that `Controller.from_record` resumes."""
        table: JsonObject = {"seats": list(self.seats), "seed": self.seed, "shown": False}
        if self.names:
            table["names"] = list(self.names)
        if self.elapsed is not None:
            table["elapsed"] = self.elapsed
        return {
            "rules": copy.deepcopy(self.rules),
            "scores": list(self.scores),
            "bags": list(self.bags),
            "hands": [copy.deepcopy(self.entry)],
            "table": table,
        }


def deal_record(
    record: JsonObject, index: int, seats: Sequence[str | None] | None = None
) -> DealAgain:
    """Hand `index` of a record as a new game at its first decision (the computer seats decide
    as they did). ValueError if that hand cannot be played again."""
    if not replayable(record, index):
        raise ValueError("only a hand played to its end can be played again")
    game = load(record)
    bags = game.bags_before(index)
    hand = game.hands[index]
    start = hand_to_record(HandStart.of(hand).hand())  # the deal, before its first action
    entry = {k: v for k, v in start.items() if k in DEAL_KEYS}
    table = record.get("table")
    meta: JsonObject = table if isinstance(table, dict) else {}
    rules = record["rules"]
    if not isinstance(rules, (str, dict)):
        raise RecordError("the record's rules are neither a preset's name nor options")
    saved_seats = meta.get("seats")
    saved_names = meta.get("names")
    clock = [t for t in game.clock[:index] if t is not None]
    seed = meta.get("seed")
    return DealAgain(
        rules=copy.deepcopy(rules),
        scores=(hand.scores_before[0], hand.scores_before[1]),
        bags=(bags[0], bags[1]),
        entry=entry,
        seats=tuple(
            seats
            or (_levels(saved_seats) if isinstance(saved_seats, list) else None)
            or (None, "medium", "medium", "medium")
        ),
        names=tuple(n for n in saved_names if isinstance(n, str))
        if isinstance(saved_names, list)
        else (),
        seed=seed if isinstance(seed, int) else 0,
        elapsed=clock[-1] if clock else None,
    )


def played_facts(record: JsonObject, index: int) -> HandFacts:
    """How hand `index` of a record went: its bids, tricks and score."""
    game = load(record)
    return hand_facts(game.hands[index], index + 1, game.results[index])


def play_deal_job(
    deal: DealAgain,
    level: str,
    think_ms: int | None,
    table: TableFrom,
    seat: int = 0,
    stop: Callable[[], bool] | None = None,
) -> HandFacts | None:
    """The deal played to its end with a level in `seat` and the record's computer seats
    elsewhere, on the coach's worker, at the table `table` makes from a record (the
    controller's `from_record`); its facts (None if stopped)."""
    seats = list(deal.seats)
    seats[seat] = level
    policy = make_policy(level, deal.seed * 4 + seat, think_ms)
    ctl = table(
        deal.record(), seats=tuple(seats), executor="inline", policies={seat: policy}, shown=True
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
