"""The computer seats: their policies, the workers they think on, and the one question put to
them at a time, handed to a worker on the next pump and given up on when it takes too long."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from ..ai import Policy, make_policy, seat_view
from ..engine import Game
from ..engine.actions import Action
from ..engine.sequence import asked_blind
from .decisions import Request
from .worker import Worker, WorkerMode, decide, decide_job

log = logging.getLogger(__name__)

# A seat's question unanswered this long by the worker process is asked again on a thread
# (a search stops itself well within a second or two; under Wine an answer was seen never to come).
SEAT_PATIENCE_S = 15.0


@dataclass(frozen=True)
class SeatAnswer:
    """A seat's decision (or its failure) for the request `request`, from its worker."""

    request: int
    action: Action | None
    error: BaseException | None


@dataclass
class Asking:
    """The question put to a computer seat, while it thinks."""

    request: Request
    job: Callable[[], None] | None  # the work not yet handed to the worker
    started: float = 0.0  # when it was handed over
    stop: threading.Event = field(default_factory=threading.Event)
    # set by the worker's thread when the seat's answer is queued: an answer that waits while
    # a modal dialog holds the window is not late
    answered: threading.Event = field(default_factory=threading.Event)


class ComputerSeats:
    """The computer seats of a table and the question one of them is thinking about."""

    def __init__(
        self,
        seats: Sequence[str | None],
        seed: int,
        executor: WorkerMode,
        *,
        post: Callable[[SeatAnswer], None],
        wake: Callable[[], None],
        now: Callable[[], float],
        timeout_s: float,
        policies: dict[int, Policy] | None = None,
    ) -> None:
        self.post = post  # an answer onto the table's queue (any thread)
        self.wake = wake  # the window's loop nudged when an answer comes
        self.now = now
        self.timeout_s = timeout_s
        self.policies = dict(policies or {})
        for s in range(4):
            if seats[s] is not None and s not in self.policies:
                self.policies[s] = make_policy(cast(str, seats[s]), seed * 4 + s)
        # Seats whose policy a worker process can rebuild from (level, seed).
        self._levels = {
            s: (seats[s], seed * 4 + s)
            for s in range(4)
            if seats[s] is not None and not (policies and s in policies)
        }
        # Seat decisions: policies made from (level, seed) run in this worker (a second process
        # in the game, so thinking never holds the window's interpreter lock); policy objects
        # handed in (tests) run on a local thread.
        self.worker = Worker(executor)
        self.worker.start()
        self._local_worker = Worker("inline" if executor == "inline" else "thread")
        self.asking: Asking | None = None

    def ask(self, req: Request, game: Game) -> None:
        """Put a computer seat's question (the game's request `req`) to it: its work waits for
        the next pump (submit_pending)."""
        seat, ask = req.seat, req.ask
        view = seat_view(game, seat, hide_hand=asked_blind(ask))
        asking = self.asking = Asking(req, None)
        stop = asking.stop
        post = self.post
        args: tuple[object, ...]
        fn: Callable[..., Action]
        if seat in self._levels:
            level, seed = self._levels[seat]
            worker, fn, args = self.worker, decide_job, (level, seed, ask, view)
        else:
            worker, fn, args = self._local_worker, decide, (self.policies[seat], ask, view)

        def answered(_job: int, action: Action | None, error: BaseException | None) -> None:
            asking.answered.set()
            post(SeatAnswer(req.id, action, error))
            self.wake()

        def work() -> None:
            if not stop.is_set():
                worker.submit(fn, args, answered, patience=SEAT_PATIENCE_S)

        asking.job = work

    def forget(self) -> None:
        """The question was answered (or is gone with its answer on the way): no longer asked."""
        self.asking = None

    def stop(self) -> None:
        """Take the question back: its work is not handed over, or is asked to stop."""
        a, self.asking = self.asking, None
        if a is not None:
            a.stop.set()
            self.worker.cancel()

    def submit_pending(self) -> None:
        """Hand the pending question to the worker.

        This happens on the next pump, not when the question is asked: the table pumps only
        when its animations are done, so a thinking AI never competes with moving cards for
        the interpreter lock.
        """
        a = self.asking
        if a is None or a.job is None:
            return
        job, a.job = a.job, None
        a.started = self.now()
        job()

    def check_timeout(self) -> None:
        """A question the seat has thought about too long: stopped, and a failure posted in
        its answer's place (the table plays a legal fallback)."""
        a = self.asking
        if a is None or a.job is not None or a.answered.is_set():
            return
        if self.now() - a.started < self.timeout_s:
            return
        a.stop.set()
        self.worker.cancel()
        r = a.request
        log.warning("seat %d took too long to %s; playing a legal fallback", r.seat, r.kind)
        self.post(SeatAnswer(r.id, None, TimeoutError(f"no answer in {self.timeout_s} s")))

    def close(self) -> None:
        """Stop thinking and release the workers."""
        if self.asking is not None:
            self.asking.stop.set()
        self.worker.close()
        self._local_worker.close()
