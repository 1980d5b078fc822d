"""Computer seats: Easy, Medium and Hard policies over what one seat can see."""

from __future__ import annotations

from .base import BasePolicy, Policy, legal_fallback
from .decision import Decision
from .view import SeatView, ViewError, seat_view
from .view_json import view_from_json, view_or_record

LEVELS = ("easy", "medium", "hard")  # what a player meets: the window, `simulate`, `hint`
SEAT_LEVELS = LEVELS + ("random",)  # every level make_policy makes: random plays any legal card


def make_policy(level: str, seed: int, think_ms: int | None = None) -> BasePolicy:
    """A seat policy of a level; its decisions depend only on the seed and the view."""
    if level == "random":
        from .simple import RandomPolicy

        return RandomPolicy(seed)
    if level == "easy":
        from .simple import EasyPolicy

        return EasyPolicy(seed)
    if level == "medium":
        from .medium import MediumPolicy

        return MediumPolicy(seed)
    if level == "hard":
        from .hard import HardPolicy

        return HardPolicy(seed, think_ms=think_ms)
    raise ValueError(f"unknown level {level!r} (levels: {', '.join(SEAT_LEVELS)})")


__all__ = [
    "LEVELS",
    "SEAT_LEVELS",
    "Decision",
    "Policy",
    "SeatView",
    "ViewError",
    "legal_fallback",
    "make_policy",
    "seat_view",
    "view_from_json",
    "view_or_record",
]
