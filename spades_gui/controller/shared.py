"""What every part of the controller shares: the game and its table, the request waiting,
the events out, the game clock and the save."""

from __future__ import annotations

import logging
import queue
from collections import deque
from collections.abc import Callable
from typing import Any

from ..engine import Game, Rules
from ..engine.hand import Hand
from ..engine.record import game_to_record
from ..engine.sequence import Progress
from .decisions import Request
from .events import Event, Illegal, hand_facts
from .keeper import HandKeeper

log = logging.getLogger(__name__)

SaveFn = Callable[[dict[str, Any]], None]


class Shared:
    """The controller's state that its parts (turns, applying, coach jobs, undo) all read, and
    the small steps they all take; Controller.__init__ sets it."""

    game: Game
    game_id: str
    seats: tuple[str | None, ...]
    names: tuple[str, ...]
    seed: int
    save_fn: SaveFn | None
    human: frozenset[int]
    auto_continue: bool
    hidden: bool
    request: Request | None
    undos: int
    practice_hands: set[int]
    coach_level: str
    coach_think_ms: int | None
    keeper: HandKeeper
    _practice: bool
    _progress: Progress
    _wake: Callable[[], None] | None
    _clock: Callable[[], float]
    _elapsed_base: float
    _t0: float | None
    _closed: bool
    _urgent: bool
    _inbox: queue.SimpleQueue[Any]
    _control: queue.SimpleQueue[Any]
    _out: deque[Event]

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.game.rules

    def elapsed(self) -> float:
        """Seconds of play so far (the game clock fed to the rules' time limit)."""
        if self._t0 is None:
            return self._elapsed_base
        return self._elapsed_base + self._clock() - self._t0

    def record(self) -> dict[str, Any]:
        """The game record now, with the table's seats, names and seed beside it."""
        rec = game_to_record(self.game)
        rec["table"] = {
            "seats": list(self.seats),
            "names": list(self.names),
            "seed": self.seed,
            "elapsed": round(self.elapsed(), 1),
            "shown": not self.hidden,
            "id": self.game_id,
        }
        if self.undos:
            rec["table"]["undos"] = self.undos
            rec["table"]["practice_hands"] = sorted(self.practice_hands)
        return rec

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    def _wake_ui(self) -> None:
        if self._wake is not None:
            self._wake()

    def _save(self) -> None:
        if self.save_fn is None:
            return
        try:
            self.save_fn(self.record())
        except Exception:
            log.exception("saving the game failed")

    def _pause_clock(self) -> None:
        if self._t0 is not None:
            self._elapsed_base = self.elapsed()
            self._t0 = None

    def _resume_clock(self) -> None:
        if self._t0 is None and not self._closed:
            self._t0 = self._clock()

    def _refuse(self, refused: type, reason: str, value: object = None) -> None:
        self._emit(Illegal(0, refused, reason, value))

    @property
    def _hand(self) -> Hand:
        hand = self.game.hand
        assert hand is not None
        return hand

    def _facts(self) -> Any:
        return hand_facts(self._hand, len(self.game.hands))
