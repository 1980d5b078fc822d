"""Computer seats: Easy, Medium and Hard policies over what one seat can see."""

from __future__ import annotations

from .base import BasePolicy, Decision, Policy, legal_fallback
from .view import SeatView, ViewError, seat_view, view_from_json, view_or_record

LEVELS = ("easy", "medium", "hard", "random")  # offered in the window
MEASURE_LEVELS = ("baseline", "oracle")  # yardsticks for `spades simulate` and `spades hint`
ALL_LEVELS = LEVELS + MEASURE_LEVELS


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
    if level == "baseline":
        from .baseline.policy import BaselinePolicy

        return BaselinePolicy(seed)
    if level == "oracle":
        from .oracle import OraclePolicy

        return OraclePolicy(seed, think_ms=think_ms)
    raise ValueError(f"unknown level {level!r} (levels: {', '.join(ALL_LEVELS)})")


__all__ = [
    "ALL_LEVELS",
    "LEVELS",
    "MEASURE_LEVELS",
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
