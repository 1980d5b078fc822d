"""The player's records: every finished hand with what each of their decisions cost against
Hard's (the review's analysis, made in the background), and the drills' repetition state.

One JSON file in the data folder (storage: written atomically, its previous copy kept, a
damaged file moved aside as .bad). Only the controller's worker writes it during play (so a
large file never costs the window a frame); the Progress and Drills screens read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .. import storage
from ..engine.bids import is_nil, team_contract
from ..engine.game import Game
from ..engine.hand import MISDEAL
from ..engine.presets import name_of
from .kinds import Kind, classify_bid, classify_play
from .record_files import hand_record
from .review import Decided, Point, Verdict, position

FILE = "progress.json"
KEEP = 500  # hands kept; the oldest go first
PENDING = 5  # unanalysed hands handed back to the controller at once
INTERVALS = (1, 3, 7)  # days of play before a missed drill comes back


@dataclass(frozen=True)
class Judged:
    """One of the player's decisions in a kept hand, with Hard's verdict on it."""

    point: Point
    kind: Kind
    cost: float | None  # points, approximate; None when not judged
    best: int
    reason: str
    how: str
    values: tuple[tuple[int, float | None], ...] = ()
    ruffers: tuple[int, ...] = ()

    def verdict(self) -> Verdict:
        """The review's form of it."""
        return Verdict(
            self.point, self.best, self.reason, self.cost, self.how, self.values, self.ruffers
        )


@dataclass(frozen=True)
class HandEntry:
    """A finished hand of the player's, its record and (once analysed) its decisions judged."""

    id: str  # game key and hand number: a hand finished again after an undo replaces it
    game: str
    hand: int  # numbered from 1 in its game
    time: float
    day: str  # the local date it was played (days of play count drills' intervals)
    rules: str  # a preset's name, or "custom"
    levels: tuple[str, ...]  # the computer seats' levels, West, North, East
    practice: bool  # played in practice mode (undo on)
    undone: bool  # something was undone in it
    rev: int  # the game's undo count when it finished: an older analysis is dropped
    record: dict[str, Any]  # the hand as a record of its own (scores before it included)
    accuracy: int | None = None  # our tricks minus our number bid; None with no number bid
    analysed: bool = False
    decisions: tuple[Judged, ...] = ()
    failed: bool = False  # its analysis failed: set aside, not tried again

    @property
    def counted(self) -> bool:
        """Whether it counts in the figures: analysed, not practice, nothing undone."""
        return self.analysed and not self.practice and not self.undone

    def cost(self) -> float:
        """Points the player's decisions cost in this hand."""
        return sum(d.cost or 0.0 for d in self.decisions)


@dataclass
class DrillState:
    """One drill's place in the repetition: the interval step reached and when it is due."""

    step: int = 0  # index into INTERVALS of the next wait
    due: int = 0  # the day of play from which it is offered again
    retired: bool = False
    tries: int = 0
    right: int = 0


@dataclass
class History:
    """The whole records file."""

    hands: list[HandEntry] = field(default_factory=list)
    drills: dict[str, DrillState] = field(default_factory=dict)
    days: int = 0  # days of play so far
    last_day: str = ""

    def upsert(self, entry: HandEntry) -> bool:
        """Add a hand, or replace the one with its id; an analysis of an older revision (a
        hand played again after an undo) is refused. Whether it was kept."""
        for i, old in enumerate(self.hands):
            if old.id == entry.id:
                if entry.analysed and old.rev != entry.rev:
                    return False
                self.hands[i] = entry
                return True
        if entry.day and entry.day != self.last_day:
            self.days += 1
            self.last_day = entry.day
        self.hands.append(entry)
        if len(self.hands) > KEEP:
            del self.hands[: len(self.hands) - KEEP]
            ids = {h.id for h in self.hands}
            self.drills = {
                k: v for k, v in self.drills.items() if k.startswith("builtin:") or _of(k) in ids
            }
        return True

    def pending(self) -> tuple[HandEntry, ...]:
        """Hands still to analyse, newest first (not those whose analysis failed)."""
        return tuple(h for h in reversed(self.hands) if not h.analysed and not h.failed)[:PENDING]

    def state(self, drill_id: str) -> DrillState:
        """A drill's repetition state (new: due now)."""
        return self.drills.get(drill_id) or DrillState()

    def answered(self, drill_id: str, right: bool) -> DrillState:
        """Record an answer: right retires a drill at its first sight or after the last
        interval, else moves it one interval on; wrong brings it back after the first."""
        st = replace(self.state(drill_id))
        st.tries += 1
        if right:
            st.right += 1
            if st.tries == 1 or st.step >= len(INTERVALS) - 1:
                st.retired = True
            else:
                st.step += 1
                st.due = self.days + INTERVALS[st.step]
        else:
            st.step = 0
            st.due = self.days + INTERVALS[0]
        self.drills[drill_id] = st
        return st

    def to_json(self) -> dict[str, Any]:
        """The file's contents."""
        return {
            "version": 1,
            "days": self.days,
            "last_day": self.last_day,
            "hands": [_entry_json(h) for h in self.hands],
            "drills": {k: asdict(v) for k, v in self.drills.items()},
        }

    @classmethod
    def from_json(cls, data: Any) -> History:
        """The file read back; ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        hands = data.get("hands", [])
        drills = data.get("drills", {})
        if not isinstance(hands, list) or not isinstance(drills, dict):
            raise ValueError('"hands" must be a list and "drills" an object')
        out = cls(
            [_entry_from(h, i) for i, h in enumerate(hands)],
            {str(k): _drill_from(k, v) for k, v in drills.items()},
            _int(data.get("days", 0), "days"),
            str(data.get("last_day", "")),
        )
        return out


def _of(drill_id: str) -> str:
    """The hand id in a drill id ("hand id#decision")."""
    return drill_id.split("#", 1)[0]


def _int(v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ValueError(f'"{what}" must be a whole number')
    return v


def _drill_from(key: Any, v: Any) -> DrillState:
    if not isinstance(v, dict):
        raise ValueError(f"drill {key}: expected an object")
    return DrillState(
        _int(v.get("step", 0), "step") % len(INTERVALS),
        _int(v.get("due", 0), "due"),
        bool(v.get("retired", False)),
        _int(v.get("tries", 0), "tries"),
        _int(v.get("right", 0), "right"),
    )


def _num(v: Any) -> float | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ValueError("a value must be a number")
    return float(v)


def _judged_json(d: Judged) -> dict[str, Any]:
    return {
        "point": asdict(d.point),
        "kind": d.kind.value,
        "cost": None if d.cost is None else round(d.cost, 2),
        "best": d.best,
        "reason": d.reason,
        "how": d.how,
        "values": [[a, None if v is None else round(v, 2)] for a, v in d.values],
        "ruffers": list(d.ruffers),
    }


def _judged_from(d: Any) -> Judged:
    if not isinstance(d, dict) or not isinstance(d.get("point"), dict):
        raise ValueError("a decision must be an object with its point")
    p = d["point"]
    try:
        kind = Decided(p.get("kind"))
    except ValueError:
        raise ValueError("a decision's kind must be bid or play") from None
    point = Point(
        int(p["hand"]),
        kind,
        int(p["step"]),
        int(p["bids"]),
        int(p["passes"]),
        int(p["plays"]),
        int(p["action"]),
        bool(p.get("forced", False)),
        bool(p.get("blind", False)),
        int(p.get("seat", 0)),
    )
    values = tuple((int(a), _num(v)) for a, v in d.get("values", []))
    return Judged(
        point,
        Kind(d["kind"]),
        _num(d.get("cost")),
        int(d["best"]),
        str(d.get("reason", "")),
        str(d.get("how", "none")),
        values,
        tuple(int(s) for s in d.get("ruffers", [])),
    )


def _entry_json(h: HandEntry) -> dict[str, Any]:
    out = {
        "id": h.id,
        "game": h.game,
        "hand": h.hand,
        "time": round(h.time, 1),
        "day": h.day,
        "rules": h.rules,
        "levels": list(h.levels),
        "practice": h.practice,
        "undone": h.undone,
        "rev": h.rev,
        "accuracy": h.accuracy,
        "analysed": h.analysed,
        "record": h.record,
        "decisions": [_judged_json(d) for d in h.decisions],
    }
    if h.failed:  # only then: a file without the key reads as before
        out["failed"] = True
    return out


def _entry_from(h: Any, i: int) -> HandEntry:
    try:
        if not isinstance(h, dict) or not isinstance(h.get("record"), dict):
            raise ValueError("expected an object with the hand's record")
        acc = h.get("accuracy")
        return HandEntry(
            str(h["id"]),
            str(h["game"]),
            _int(h["hand"], "hand"),
            float(h["time"]),
            str(h.get("day", "")),
            str(h.get("rules", "custom")),
            tuple(str(x) for x in h.get("levels", [])),
            bool(h.get("practice", False)),
            bool(h.get("undone", False)),
            _int(h.get("rev", 0), "rev"),
            h["record"],
            None if acc is None else int(acc),
            bool(h.get("analysed", False)),
            tuple(_judged_from(d) for d in h.get("decisions", [])),
            bool(h.get("failed", False)),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"hand {i + 1} of the records: {e}") from None


# --------------------------------------------------------------------------- the file

LOAD_WORDS = {
    storage.RESTORED: f"Your progress records ({FILE}) were damaged and kept aside as a .bad "
    "file; their backup copy was restored.",
    storage.RECOVERED: f"Your progress records ({FILE}) were missing; their backup copy "
    "was restored.",
    storage.DAMAGED: f"Your progress records ({FILE}) were damaged and kept aside as a .bad "
    "file, so they start again.",
    storage.UNREADABLE: f"Your progress records ({FILE}) could not be opened.",
}


def load() -> tuple[History, str | None]:
    """The records (empty if there are none) and one line for the player if the file was
    damaged or lost."""
    loaded = storage.load_json(storage.path_for(FILE), dict, History.from_json)
    data = loaded.data
    return (data if isinstance(data, History) else History()), LOAD_WORDS.get(loaded.state)


def save(history: History) -> str | None:
    """Write the records; a one-line message if that failed, else None."""
    return storage.save_file(FILE, history.to_json(), "Your progress records")


@dataclass(frozen=True)
class KeepAnswer:
    """What keep_job did: the hands still to analyse, and a line for the player if the file
    was damaged or could not be written."""

    pending: tuple[HandEntry, ...]
    problem: str | None = None


def keep_job(entry: HandEntry | None, stop: Callable[[], bool] | None = None) -> KeepAnswer:
    """In the worker: keep a hand (new, or its analysis) in the records; the hands left to
    analyse. Nothing is written when there is nothing new."""
    history, problem = load()
    if problem is not None and problem == LOAD_WORDS.get(storage.UNREADABLE):
        return KeepAnswer((), problem)
    if entry is not None and history.upsert(entry):
        problem = save(history) or problem
    return KeepAnswer(history.pending(), problem)


# --------------------------------------------------------------------------- making entries


def _team_number(bids: Sequence[int | None], team: int) -> int | None:
    """The team's contract (a shared blind number once), or None if both bid nil."""
    seats = (team, team + 2)
    if all(bids[s] is None or is_nil(bids[s] or 0) for s in seats):
        return None
    return team_contract(bids, team)


def hand_entry(
    game: Game,
    index: int,
    *,
    game_key: str,
    levels: Sequence[str | None],
    practice: bool,
    undone: bool,
    rev: int,
    names: Sequence[str] | None = None,
    now: float | None = None,
) -> HandEntry | None:
    """A finished hand of a game (0-based index) as a records entry, not yet analysed; None
    for a hand thrown in."""
    hand = game.hands[index]
    if hand.phase == MISDEAL or not hand.done:
        return None
    now = time.time() if now is None else now
    bids = list(hand.bids)
    number = _team_number(bids, 0)
    accuracy = None
    if number is not None:
        tricks = sum(hand.tricks_won[s] for s in (0, 2) if not is_nil(bids[s] or 0))
        accuracy = tricks - number
    preset = name_of(game.rules)
    return HandEntry(
        id=f"{game_key}-{index + 1}",
        game=game_key,
        hand=index + 1,
        time=now,
        day=time.strftime("%Y-%m-%d", time.localtime(now)),
        rules=preset or "custom",
        levels=tuple(str(lv) for lv in levels if lv is not None),
        practice=practice,
        undone=undone,
        rev=rev,
        record=hand_record(game, index, names),
        accuracy=accuracy,
    )


def judged(record: dict[str, Any], verdict: Verdict) -> Judged:
    """A verdict on a decision of a kept hand's record, classified."""
    p = verdict.point
    best = verdict.best if isinstance(verdict.best, int) else p.action
    if p.kind is Decided.BID:
        kind = classify_bid(p.action, best)
    else:
        game = position(record, p)
        h = game.hands[-1]
        kind = classify_play(game.rules, p.seat, h.bids, h.tricks_won, tuple(h.trick), p.action)
    values = tuple(
        (int(a), None if v is None else float(v))
        for a, v in verdict.values
        if isinstance(a, int) and not isinstance(a, bool)
    )
    return Judged(p, kind, verdict.cost, best, verdict.reason, verdict.how, values, verdict.ruffers)


def unjudged(record: dict[str, Any], point: Point) -> Judged:
    """A decision whose analysis failed: kept, not judged."""
    return judged(record, Verdict(point, point.action, "", None, "none"))
