"""The guided hand's coach: whether the player's choice is poor beside the coach's (Hard's
choice and its values, from a hint), and about what it costs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..ai import seat_view
from ..ai.view import SeatView
from ..engine.actions import Action, BidAction, PlayAction
from ..engine.bids import NIL
from ..engine.game import Game
from .review import SLIP, _same_group

FAR_BID = 2  # tricks between a bid the coach did not weigh and its own: a poor bid


@dataclass(frozen=True)
class Judgement:
    """A choice against the coach's: poor or not, and its cost in points where weighed."""

    poor: bool
    cost: float | None


def judge(
    game: Game,
    seat: int,
    action: BidAction | PlayAction,
    best: BidAction | PlayAction,
    candidates: Sequence[tuple[Action, float | None]],
) -> Judgement:
    """The player's bid or card against the coach's choice `best` and its candidate values:
    poor when it costs a small slip's points or more; a bid the coach did not weigh is poor
    when it is nil where the coach's is not, or two tricks or more from the coach's."""
    view = seat_view(game, seat)
    if action == best or _alike(view, action, best):
        return Judgement(False, 0.0)
    values = [(a, v) for a, v in candidates if v is not None]
    v_best = _value(view, best, values)
    v_mine = _value(view, action, values)
    if v_best is not None and v_mine is not None:
        cost = max(0.0, v_best - v_mine)
        return Judgement(round(cost) >= SLIP, cost)
    if isinstance(action, BidAction) and isinstance(best, BidAction):
        mine, hers = action.bid, best.bid
        if (mine == NIL) != (hers == NIL):
            return Judgement(True, None)
        if mine < NIL and hers < NIL:
            return Judgement(abs(mine - hers) >= FAR_BID, None)
    return Judgement(False, None)


def _alike(view: SeatView, a: Action, b: Action) -> bool:
    """Two cards as good as each other (no live card between)."""
    return (
        isinstance(a, PlayAction)
        and isinstance(b, PlayAction)
        and _same_group(view, a.card, b.card)
    )


def _value(view: SeatView, action: Action, values: list[tuple[Action, float]]) -> float | None:
    """The value of the action among the candidates', or of a card as good as it."""
    return next((v for a, v in values if a == action or _alike(view, a, action)), None)
