"""The deal of the day: one deal a date and a rule set, the same for every player who opens the
game that day, played once and set beside Hard's play of it in the same seat; the results kept
in daily.json (a streak of days, the last 30)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from . import storage
from .controller.duplicate import DealAgain
from .engine.game import Game
from .engine.record import DEAL_KEYS, hand_to_record, rules_spec
from .engine.rules import Rules
from .stats import rules_key

FILE = "daily.json"
SEATS: tuple[str | None, ...] = (None, "medium", "medium", "medium")  # the same table for all
SHOWN_DAYS = 30

LOAD_WORDS = {
    storage.RESTORED: "The deals of the day's results were damaged; their backup copy is used.",
    storage.DAMAGED: "The deals of the day's results were damaged and could not be recovered.",
    storage.UNREADABLE: "The deals of the day's results could not be opened.",
}


@dataclass(frozen=True)
class DailyResult:
    """One day's deal as played: the points our side made minus theirs, the player's and
    Hard's in the player's seat (None until Hard has played it, or if the hand was thrown in)."""

    day: str  # ISO date
    rules: str  # the rules' key (a preset's id, or "custom")
    you: int | None
    hard: int | None = None


def daily_seed(day: dt.date, rules: Rules) -> int:
    """The seed of a date's deal under these rules: the same on every machine."""
    return random.Random(f"spades-daily:{day.isoformat()}:{rules_key(rules)}").randrange(1, 2**31)


def deal_of_the_day(day: dt.date, rules: Rules, names: Sequence[str] = ()) -> DealAgain:
    """A date's deal as a new game at its first decision: the cards, the dealer, the seats."""
    seed = daily_seed(day, rules)
    hand = Game(rules).deal(random.Random(seed))
    entry = {k: v for k, v in hand_to_record(hand).items() if k in DEAL_KEYS}
    return DealAgain(rules_spec(rules), (0, 0), (0, 0), entry, SEATS, tuple(names), seed)


def _results(data: Any) -> list[DailyResult]:
    """The results of daily.json (ValueError if it is not such a file)."""
    days = data.get("days") if isinstance(data, dict) else None
    if not isinstance(days, list):
        raise ValueError('"days" must be a list')
    out = []
    for d in days:
        if not (isinstance(d, dict) and isinstance(d.get("day"), str)):
            raise ValueError("every day needs its date")
        dt.date.fromisoformat(d["day"])  # ValueError if it is not a date
        score = [d.get(k) for k in ("you", "hard")]
        if not all(s is None or (type(s) is int) for s in score):
            raise ValueError(f"the scores of {d['day']} must be whole numbers")
        out.append(DailyResult(d["day"], str(d.get("rules", "")), score[0], score[1]))
    return out


def load() -> tuple[list[DailyResult], str | None]:
    """Every result kept, oldest first; one sentence for the player if the file was damaged."""
    loaded = storage.load_json(storage.path_for(FILE), dict, _results)
    data = loaded.data
    return (list(data) if isinstance(data, list) else []), LOAD_WORDS.get(loaded.state)


def save(results: Sequence[DailyResult]) -> str | None:
    """Write daily.json; a one-line message if that failed."""
    data = {"days": [asdict(r) for r in results]}
    return storage.save_file(FILE, data, "The deal of the day's result")


def result_for(results: Sequence[DailyResult], day: dt.date, rules: Rules) -> DailyResult | None:
    """The result of a date's deal under these rules, if it was played."""
    key, iso = rules_key(rules), day.isoformat()
    return next((r for r in results if r.day == iso and r.rules == key), None)


def recorded(results: Sequence[DailyResult], result: DailyResult) -> list[DailyResult]:
    """The results with this one put in (in place of the same date and rules)."""
    rest = [r for r in results if (r.day, r.rules) != (result.day, result.rules)]
    return sorted([*rest, result], key=lambda r: r.day)


def streak(results: Sequence[DailyResult], today: dt.date) -> int:
    """Days in a row with a deal played, up to today (or up to yesterday, today still to play)."""
    played = {dt.date.fromisoformat(r.day) for r in results}
    day = today if today in played else today - dt.timedelta(days=1)
    n = 0
    while day in played:
        n += 1
        day -= dt.timedelta(days=1)
    return n


def recent(results: Sequence[DailyResult], today: dt.date) -> list[DailyResult]:
    """The results of the last SHOWN_DAYS days, newest first."""
    first = today - dt.timedelta(days=SHOWN_DAYS - 1)
    kept = [r for r in results if first <= dt.date.fromisoformat(r.day) <= today]
    return sorted(kept, key=lambda r: r.day, reverse=True)
