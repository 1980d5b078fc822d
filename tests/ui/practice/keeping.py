"""A controller that keeps the player's hands, as the game's own does."""

from __future__ import annotations

from typing import Any

from spades_gui.controller import Controller


class KeepingController(Controller):
    """As in the game, where the seats think in a process: the keeper of the player's records
    is on unless the table says otherwise."""

    @classmethod
    def from_record(cls, record: dict[str, Any], **kwargs: Any) -> Controller:
        kwargs.setdefault("keep_hands", True)
        return super().from_record(record, **kwargs)
