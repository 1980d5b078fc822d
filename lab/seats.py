"""The yardsticks as levels beside the game's, and the match tables that seat them."""

from __future__ import annotations

from collections.abc import Callable

from spades_gui.ai import SEAT_LEVELS, make_policy
from spades_gui.ai.arena import Table
from spades_gui.ai.base import BasePolicy

YARDSTICKS = ("baseline", "oracle")  # measurement seats only, never offered in the window
LAB_LEVELS = SEAT_LEVELS + YARDSTICKS


def lab_policy(level: str, seed: int, think_ms: int | None = None) -> BasePolicy:
    """A seat policy of a level or a yardstick; its decisions depend only on the seed and view."""
    if level == "baseline":
        from .baseline.policy import BaselinePolicy

        return BaselinePolicy(seed)
    if level == "oracle":
        from .oracle import OraclePolicy

        return OraclePolicy(seed, think_ms=think_ms)
    if level not in SEAT_LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LAB_LEVELS)})")
    return make_policy(level, seed, think_ms)


class LabTable(Table):
    """A match table whose seats may also be the yardsticks."""

    seat_levels = LAB_LEVELS

    def make(self, level: str, seed: int, think_ms: int | None) -> BasePolicy:
        """The policy of a level or a yardstick at a seat with this seed."""
        return lab_policy(level, seed, think_ms)

    def reseat(self, level: str, make: Callable[[int], BasePolicy]) -> None:
        """Seat `make(seed)` wherever `level` sits, with that seat's seed (a measurement
        script's own form of a level)."""
        for s, lv in enumerate(self.levels):
            if lv == level:
                pol = make(self.seed * 8 + s)
                pol.label = lv
                self.policies[s] = pol
