"""Decisions off the UI thread: a background thread, or a second process for Hard, cancellable."""

from __future__ import annotations

import multiprocessing as mp
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from . import make_policy
from .view import SeatView

METHODS = ("call_misdeal", "bid_blind", "bid", "pass_cards", "play", "explain")

_child_stop: Any = None  # the cancel flag, inside the worker process


def _init_child(flag: Any) -> None:
    global _child_stop
    _child_stop = flag


def _decide_in_child(
    level: str, seed: int, think_ms: int | None, method: str, view: SeatView
) -> Any:
    policy = make_policy(level, seed, think_ms)
    return getattr(policy, method)(view, _child_stop.is_set)


class DecisionWorker:
    """Runs one seat decision at a time away from the caller; `cancel()` makes it finish early.

    With `process=True` the decision runs in a second process, so a long Hard search does not
    hold the UI thread's interpreter lock. Results are the same either way for the same seed.
    """

    def __init__(self, process: bool = False) -> None:
        self.process = process
        if process:
            ctx = mp.get_context("spawn")
            self._flag: Any = ctx.Event()
            self._pool: Any = ProcessPoolExecutor(
                max_workers=1, mp_context=ctx, initializer=_init_child, initargs=(self._flag,)
            )
        else:
            self._flag = threading.Event()
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spades-ai")

    def submit(
        self, level: str, seed: int, method: str, view: SeatView, think_ms: int | None = None
    ) -> Future:
        """Start a decision (`method` is a Policy method name); the future holds its result."""
        if method not in METHODS:
            raise ValueError(f"no policy method {method!r}")
        self._flag.clear()
        if self.process:
            return self._pool.submit(_decide_in_child, level, seed, think_ms, method, view)
        policy = make_policy(level, seed, think_ms)
        return self._pool.submit(getattr(policy, method), view, self._flag.is_set)

    def cancel(self) -> None:
        """Ask the running decision to return its best answer so far, quickly."""
        self._flag.set()

    def close(self) -> None:
        """Stop the worker (cancelling what runs)."""
        self.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)
