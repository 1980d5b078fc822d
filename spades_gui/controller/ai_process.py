"""The AI in a second process, so a thinking seat never holds the window's interpreter lock."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..ai import make_policy

_stop: Any = None
_policies: dict[tuple[str, int], Any] = {}


def _init(stop: Any) -> None:
    global _stop
    _stop = stop


def _decide(level: str, seed: int, method: str, view: Any) -> Any:
    """Runs in the worker: the same policy (level, seed) answers as it would in-process."""
    policy = _policies.get((level, seed))
    if policy is None:
        policy = _policies[(level, seed)] = make_policy(level, seed)
    return getattr(policy, method)(view, stop=_stop.is_set)


def _ready() -> bool:
    return True


class ProcessAI:
    """One spawned worker process answering one decision at a time, cancellable."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._stop = ctx.Event()
        self._pool = ProcessPoolExecutor(
            max_workers=1, mp_context=ctx, initializer=_init, initargs=(self._stop,)
        )
        self._pool.submit(_ready)  # start the process now, not at the first decision

    def decide(self, level: str, seed: int, method: str, view: Any) -> Future:
        """Ask the worker; the future holds the action (or the policy's exception)."""
        self._stop.clear()
        return self._pool.submit(_decide, level, seed, method, view)

    def cancel(self) -> None:
        """Ask the running decision to return its best so far."""
        self._stop.set()

    def shutdown(self) -> None:
        """Stop the worker without waiting for it."""
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
