"""The guided hand's coach: whether the player's choice is poor beside the coach's (Hard's
choice and its values, from a hint), and about what it costs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai import seat_view
from ..engine.bids import NIL
from ..engine.game import Game
from .review import SLIP, _same_group, _value_of

FAR_BID = 2  # tricks between a bid the coach did not weigh and its own: a poor bid


@dataclass(frozen=True)
class Judgement:
    """A choice against the coach's: poor or not, and its cost in points where weighed."""

    poor: bool
    cost: float | None


def judge(
    game: Game,
    seat: int,
    kind: str,
    action: int,
    best: int,
    candidates: Sequence[tuple[Any, float | None]],
) -> Judgement:
    """The player's bid or card against the coach's choice `best` and its candidate values:
    poor when it costs a small slip's points or more; a bid the coach did not weigh is poor
    when it is nil where the coach's is not, or two tricks or more from the coach's."""
    view = seat_view(game, seat)
    if action == best or (kind == "play" and _same_group(view, action, best)):
        return Judgement(False, 0.0)
    values = [(a, v) for a, v in candidates if v is not None]
    v_best = _value_of(view, kind, best, values)
    v_mine = _value_of(view, kind, action, values)
    if v_best is not None and v_mine is not None:
        cost = max(0.0, v_best - v_mine)
        return Judgement(round(cost) >= SLIP, cost)
    if kind == "bid":
        if (action == NIL) != (best == NIL):
            return Judgement(True, None)
        if action < NIL and best < NIL:
            return Judgement(abs(action - best) >= FAR_BID, None)
    return Judgement(False, None)
