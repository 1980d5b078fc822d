"""Work away from the window, one job at a time: seat decisions and coach jobs alike."""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from collections.abc import Callable, Collection
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeVar, cast

from ..ai.base import decide
from ..ai.decision import Stop
from ..ai.view import SeatView
from ..engine.actions import Action, DecisionRequest

if TYPE_CHECKING:
    from ..ai.base import BasePolicy

log = logging.getLogger(__name__)

R = TypeVar("R")
Sink = Callable[[int, R | None, BaseException | None], None]  # a job's id, answer, failure


class Flag(Protocol):
    """The cancel flag a job's `stop` reads: a thread's Event, or a process's."""

    def is_set(self) -> bool: ...

    def set(self) -> None: ...

    def clear(self) -> None: ...


_child_stop: Flag | None = None


WorkerMode = Literal["process", "thread", "inline"]  # where a job runs
EXIT_GRACE = 3.0  # seconds a closed worker process has to leave before it is ended
PARENT_POLL = 1.0  # seconds between the worker's looks at its parent when it cannot wait on it
NICENESS = 10  # how much lower the worker process runs than the window (POSIX nice steps)
BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # Windows' counterpart


def _init(stop: Flag) -> None:
    global _child_stop
    _child_stop = stop
    _lower_priority()
    _watch_parent()


def _lower_priority() -> None:
    """In the worker: yield the CPU to the window, so a search never delays a frame.

    On a machine with a core to spare this changes nothing; on a busy one the window's
    frames run first and the search takes the time they leave.
    """
    try:
        if hasattr(os, "nice"):
            os.nice(NICENESS)
        elif sys.platform == "win32":
            # Prototyped calls: without them ctypes passes the 64-bit process handle as a
            # 32-bit int.
            from ..resources import kernel32

            k32 = kernel32()
            if not k32.SetPriorityClass(k32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS):
                log.info("worker priority unchanged: SetPriorityClass failed")
    except (OSError, AttributeError) as e:
        log.info("worker priority unchanged: %s", e)


def _watch_parent() -> None:
    """In the worker: leave at once when the game's process is gone (killed, crashed).

    A killed parent never closes the job queue (the worker holds both of its ends), so
    without this the worker would wait for jobs forever. The parent's sentinel (a pipe end
    on POSIX, the process handle on Windows) is ready the moment the parent dies; a changed
    parent pid is the fallback where there is no sentinel.
    """
    parent = multiprocessing.parent_process()
    ppid = os.getppid()

    def watch() -> None:
        while True:
            if parent is not None:
                parent.join(PARENT_POLL)
                if not parent.is_alive():
                    break
            else:
                threading.Event().wait(PARENT_POLL)
            if os.getppid() != ppid:
                break
        os._exit(0)

    threading.Thread(target=watch, name="spades-parent-watch", daemon=True).start()


def _call(fn: Callable[..., object], args: tuple[object, ...]) -> object:
    """Runs in the worker: the job with the shared cancel flag as its `stop`."""
    assert _child_stop is not None
    return fn(*args, stop=_child_stop.is_set)


def _ready() -> bool:
    return True


class _Job(Generic[R]):
    """One job and its sink, which hears exactly one answer however the job is run."""

    def __init__(
        self, jid: int, fn: Callable[..., R], args: tuple[object, ...], sink: Sink[R]
    ) -> None:
        self.id, self.fn, self.args, self.sink = jid, fn, args, sink
        self.attempt = 0  # one more each time it is sent again, after its process died or stuck
        self._answered = threading.Lock()
        self._done = False

    def answer(self, result: R | None, error: BaseException | None) -> None:
        """Give the sink the answer, the first time only."""
        with self._answered:
            if self._done:
                return
            self._done = True
        self.sink(self.id, result, error)


class Worker:
    """Runs module-level jobs `fn(*args, stop=...)` in a second process, a thread or inline.

    Each job's answer goes to the sink given with it, from whatever thread finished it; the
    sink must only queue it. `cancel()` asks the running job to return early and drops the
    queued ones. A dead process falls back to a thread.
    """

    def __init__(self, mode: WorkerMode = "process") -> None:
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"unknown worker mode {mode!r}")
        self.mode: WorkerMode = mode
        self._ids = itertools.count(1)
        self._pool: Executor | None = None
        self._stop: Flag = threading.Event()
        self._futures: dict[int, Future[object]] = {}
        self._closed = False
        self._lock = threading.RLock()  # the pool changes from the pool's own thread too

    def start(self) -> None:
        """Start the worker now (a process takes a moment to import the AI)."""
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self._pool is not None or self._closed or self.mode == "inline":
            return
        if self.mode == "process":
            try:
                ctx = multiprocessing.get_context("spawn")
                self._stop = ctx.Event()
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=ctx, initializer=_init, initargs=(self._stop,)
                )
                self._pool.submit(_ready)
                return
            except (OSError, ImportError) as e:
                log.warning("worker process unavailable (%s); using a thread", e)
                self.mode = "thread"
                self._stop = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spades-worker")

    def submit(
        self,
        fn: Callable[..., R],
        args: tuple[object, ...],
        sink: Sink[R],
        patience: float | None = None,
    ) -> int:
        """Queue a job; its id, which the sink receives with the answer or the error.

        With `patience`, a worker process that has not answered in that many seconds is taken
        for stuck: it is ended and the job runs again on a thread.
        """
        jid = next(self._ids)
        if self._closed:
            sink(jid, None, RuntimeError("the worker is closed"))
            return jid
        self._stop.clear()
        if self.mode == "inline":
            try:
                result = fn(*args, stop=self._stop.is_set)
            except Exception as e:  # noqa: BLE001 - the job's failure goes to its sink
                sink(jid, None, e)
            else:
                sink(jid, result, None)
            return jid
        self._run(_Job(jid, fn, args, sink), patience)
        return jid

    def _run(self, job: _Job[R], patience: float | None = None) -> None:
        """Send the job to the pool; a process that dies or sticks runs it again on a thread."""
        self.start()
        assert self._pool is not None
        stop = self._stop
        on_process = self.mode == "process"
        fn, args = job.fn, job.args
        attempt = job.attempt
        try:
            fut: Future[object]
            if on_process:
                fut = self._pool.submit(_call, fn, args)
            else:
                fut = self._pool.submit(lambda: fn(*args, stop=stop.is_set))
        except RuntimeError as e:  # broken or shut down
            if on_process and not self._closed:
                self._fall_back()
                self._run(job)
            else:
                job.answer(None, e)
            return
        timer: threading.Timer | None = None
        if on_process and patience is not None:
            timer = threading.Timer(patience, self._unstick, (job, attempt, fut, patience))
            timer.daemon = True
            timer.start()

        def done(f: Future[object]) -> None:
            if timer is not None:
                timer.cancel()
            if f.cancelled() or job.attempt != attempt:
                return  # cancelled, or already sent again
            try:
                result = f.result()
            except BrokenExecutor as e:
                if on_process and not self._closed:
                    # The process died (killed, or crashed under it): the same question is
                    # answered on a thread, so the seat still thinks instead of guessing.
                    log.error(
                        "the worker process died during job %d (%s); running it again", job.id, e
                    )
                    job.attempt += 1
                    self._fall_back()
                    self._run(job)
                else:
                    job.answer(None, e)
            except BaseException as e:  # noqa: BLE001 - the job's failure goes to its sink
                job.answer(None, e)
            else:
                job.answer(cast(R, result), None)

        self._futures = {j: f for j, f in self._futures.items() if not f.done()}
        self._futures[job.id] = fut
        fut.add_done_callback(done)

    def _unstick(self, job: _Job[R], attempt: int, fut: Future[object], patience: float) -> None:
        """The job had no answer in time from the worker process: end it, answer on a thread.

        Under Wine an answer was seen never to come back (selftest: no card played for 55 s).
        """
        with self._lock:
            if fut.done() or job.attempt != attempt or self._closed or self.mode != "process":
                return
            job.attempt += 1
            log.error(
                "the worker process gave no answer to job %d in %.0f s; running it again",
                job.id,
                patience,
            )
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            old = self._to_thread()
        if old is not None:
            _retire(old, processes, 0.0)
        self._run(job)

    def _fall_back(self) -> None:
        """The process died: think on a thread from now on."""
        with self._lock:
            self._to_thread()

    def _to_thread(self) -> Executor | None:
        """Think on a thread from now on; the process pool, shut down (None if none)."""
        if self.mode != "process":
            return None
        log.warning("the worker process stopped; using a thread")
        old = self._pool
        self.mode = "thread"
        self._stop = threading.Event()
        self._pool = None
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)
        return old

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the submitted jobs are done (tests and tools); whether they are."""
        futures = list(self._futures.values())
        done, pending = concurrent.futures.wait(futures, timeout=timeout)
        return not pending

    def cancel(self, jobs: Collection[int] | None = None) -> None:
        """Ask these jobs (all if None) to finish early if running, or drop them if queued."""
        for jid, f in list(self._futures.items()):
            if jobs is not None and jid not in jobs:
                continue
            if not f.cancel() and f.running():
                self._stop.set()  # a running job returns its best so far when it sees this
        self._futures = {j: f for j, f in self._futures.items() if not f.done()}
        if jobs is None:
            self._stop.set()

    def close(self) -> None:
        """Stop the worker without waiting for it."""
        if self._closed:
            return
        self._closed = True
        self.cancel()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes: list[BaseProcess] = []
        if isinstance(pool, ProcessPoolExecutor):
            processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        if processes:
            # The program's exit waits for the worker to leave. Under Wine it was seen never
            # to hear that it should (bench printed its figures, then hung at exit), so a
            # worker still there after EXIT_GRACE seconds is ended.
            _retire(pool, processes, EXIT_GRACE)


def _retire(pool: Executor, processes: list[BaseProcess], grace: float) -> None:
    """On a thread of its own: end a shut-down pool's processes after `grace` seconds."""
    threading.Thread(
        target=_end_late, args=(pool, processes, grace), name="spades-worker-end", daemon=True
    ).start()


def _end_late(pool: Executor | None, processes: list[BaseProcess], grace: float) -> None:
    """Give a shut-down pool's processes `grace` seconds to leave, kill the rest, and hold
    the pool until its own thread is done."""
    # A process's sentinel is ready once it has ended. Not join/is_alive: the pool's own
    # thread reaps the same children, and a child reaped there looks alive here for ever.
    deadline = time.monotonic() + grace
    waiting = {p.sentinel: p for p in processes}
    while waiting and (left := deadline - time.monotonic()) > 0:
        for ended in multiprocessing.connection.wait(list(waiting), left):
            waiting.pop(cast(int, ended))  # the sentinels waited on are ints
    for p in waiting.values():
        if grace:
            log.warning("the worker process did not leave when closed; ending it")
        with contextlib.suppress(OSError, ValueError):
            p.kill()
    # Python 3.11's pool thread drops the jobs cancelled before a shutdown only if the pool
    # is still there when it wakes; if not, a process ended after has it set an error on each
    # of them, and it stops on InvalidStateError (3.12 ignores it). So the pool is held here.
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(EXIT_GRACE)


_policies: dict[tuple[str, int], BasePolicy] = {}

__all__ = ["Worker", "decide", "decide_job"]


def decide_job(
    level: str, seed: int, request: DecisionRequest, view: SeatView, stop: Stop | None = None
) -> Action:
    """A seat's decision by the policy (level, seed): the same answer in any worker."""
    from ..ai import make_policy

    policy = _policies.get((level, seed))
    if policy is None:
        policy = _policies[(level, seed)] = make_policy(level, seed)
    return decide(policy, request, view, stop)
