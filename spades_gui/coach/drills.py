"""Drills: positions to choose in again, from the player's own costly decisions (brought back
by days of play until solved) and a built-in set from the project's scenario positions."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..ai import seat_view
from ..ai.base import plain_bids
from ..ai.view import SeatView, ViewError
from ..ai.view_json import view_from_json
from ..engine.bids import NIL
from ..engine.cards import cards_of, parse_card
from ..engine.record import RecordError
from .history import HandEntry, History, Judged
from .kinds import KIND_WORDS
from .review import MISTAKE, SLIP, _same_group, position

BUILTIN_FILE = "drills.json"  # in the program's assets
RECENT_GAMES = 10  # a player's drills come from their last games
MOST = 12  # drills offered at once

# The built-in set's themes, in the order the Drills screen lists them.
THEMES = (
    "Bidding nil",
    "Bidding with spades",
    "Bidding",
    "Playing your nil",
    "Covering partner's nil",
    "Setting their nil",
    "Bags",
    "Setting their contract",
    "Trumping",
    "Counting the cards",
    "Card play",
)


def theme_of(name: str, phase: str) -> str:
    """A scenario's theme from its name and phase (the built-in set's groups)."""
    if "cover" in name:
        return "Covering partner's nil"
    if "set_nil" in name:
        return "Setting their nil"
    if phase == "bid":
        if "nil" in name:
            return "Bidding nil"
        if "spades" in name or "trumps" in name:
            return "Bidding with spades"
        return "Bidding"
    if "count" in name:  # what a strong player knows from the cards gone (issue 69)
        return "Counting the cards"
    if "nil" in name:
        return "Playing your nil"
    if "bag" in name or "duck" in name:
        return "Bags"
    if "set_them" in name or "set_their" in name:
        return "Setting their contract"
    if "ruff" in name or "trump" in name:
        return "Trumping"
    return "Card play"


@dataclass(frozen=True)
class Drill:
    """One position to choose in again, with the answer and what each choice is worth."""

    id: str  # "builtin:NAME", or the kept hand's id and the decision's place
    theme: str
    view: SeatView
    kind: str  # "bid" or "play"
    choices: tuple[int, ...]  # the legal bids or cards
    accept: tuple[int, ...]  # the right answers
    best: int  # the answer shown first
    reason: str
    values: tuple[tuple[int, float | None], ...] = ()
    mine: int | None = None  # the player's choice in the game
    cost: float | None = None  # what it cost there
    entry_id: str = ""  # the kept hand it came from

    def right(self, action: int) -> bool:
        """Whether a choice is right (as good as the answer: the same value, or the same card
        in effect)."""
        if action in self.accept:
            return True
        return self.kind == "play" and any(_same_group(self.view, a, action) for a in self.accept)

    def value(self, action: int) -> float | None:
        """What a choice averages (points for the hand), where Hard weighed it."""
        for a, v in self.values:
            if a == action or (self.kind == "play" and _same_group(self.view, a, action)):
                return v
        return None


def _choices(view: SeatView, kind: str) -> tuple[int, ...]:
    if kind == "bid":
        return tuple(plain_bids(view))
    return tuple(cards_of(view.legal_plays()))


def from_decision(entry: HandEntry, index: int, d: Judged) -> Drill | None:
    """A kept decision as a drill: the position as the player saw it (None if it cannot be
    rebuilt, or has no answer)."""
    p = d.point
    try:
        game = position(entry.record, p)
    except (RecordError, ValueError, IndexError, KeyError):
        return None
    view = seat_view(game, p.seat)
    choices = _choices(view, p.kind)
    if len(choices) < 2 or d.best not in choices:
        return None
    vals = {a: v for a, v in d.values if v is not None}
    top = vals.get(d.best)
    if top is not None:
        accept = tuple(a for a in choices if a in vals and vals[a] >= top - SLIP + 0.5)
    else:
        accept = (d.best,)
    if d.best not in accept:
        accept = (d.best, *accept)
    return Drill(
        f"{entry.id}#{index}",
        KIND_WORDS[d.kind],
        view,
        p.kind,
        choices,
        accept,
        d.best,
        d.reason,
        d.values,
        p.action,
        d.cost,
        entry.id,
    )


def recent_games(history: History, n: int = RECENT_GAMES) -> list[str]:
    """The keys of the player's last n games with counted hands, oldest first."""
    seen: list[str] = []
    for h in history.hands:
        if h.counted and h.game not in seen:
            seen.append(h.game)
    return seen[-n:]


def due_drills(history: History, most: int = MOST) -> list[Drill]:
    """The player's own drills due now: the costliest mistakes of their recent games not yet
    retired, and the missed ones come back after their interval; costliest first."""
    games = set(recent_games(history))
    found: list[tuple[float, Drill]] = []
    for entry in history.hands:
        if not entry.counted:
            continue
        for i, d in enumerate(entry.decisions):
            did = f"{entry.id}#{i}"
            st = history.drills.get(did)
            if st is not None:
                if st.retired or st.due > history.days:
                    continue
            elif entry.game not in games or d.cost is None or d.cost < MISTAKE:
                continue
            drill = from_decision(entry, i, d)
            if drill is not None:
                found.append((d.cost or 0.0, drill))
    found.sort(key=lambda x: -x[0])
    return [d for _, d in found[:most]]


# --------------------------------------------------------------------------- the built-in set


def _action(kind: str, raw: Any) -> int:
    if kind == "play":
        return parse_card(str(raw))
    if raw == "nil":
        return NIL
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise ValueError(f"not a bid: {raw!r}")


def builtin_from(items: Iterable[Any]) -> list[Drill]:
    """The built-in drills from the shipped file's items (bad items raise ValueError)."""
    out = []
    for item in items:
        try:
            view = view_from_json(item["view"])
        except (ViewError, KeyError, TypeError) as e:
            raise ValueError(f"built-in drill {item.get('name')}: {e}") from None
        kind = view.phase
        choices = _choices(view, kind)
        accept = tuple(_action(kind, a) for a in item["accept"])
        values = tuple((_action(kind, a), v) for a, v in item.get("values", []))
        out.append(
            Drill(
                f"builtin:{item['name']}",
                str(item["theme"]),
                view,
                kind,
                choices,
                accept,
                accept[0],
                str(item["why"]),
                values,
            )
        )
    return out


def load_builtin() -> list[Drill]:
    """The built-in set shipped with the program (empty if its file is missing)."""
    from ..resources import asset_path

    try:
        data = json.loads(asset_path(BUILTIN_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return builtin_from(data.get("drills", []))


def by_theme(drills: Iterable[Drill]) -> dict[str, list[Drill]]:
    """Drills grouped by theme, in the themes' order."""
    out: dict[str, list[Drill]] = {t: [] for t in THEMES}
    for d in drills:
        out.setdefault(d.theme, []).append(d)
    return {t: ds for t, ds in out.items() if ds}
