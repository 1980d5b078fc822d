"""Hard: placeholder."""

from __future__ import annotations

from .medium import MediumPolicy


class HardPolicy(MediumPolicy):
    """Placeholder."""

    level = "hard"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed)
        self.think_ms = think_ms
