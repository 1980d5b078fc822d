"""The AI worker process: same decisions as in-process, and a dead worker never stalls a game."""

import multiprocessing
import os
import queue
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spades_gui.controller import Controller
from spades_gui.engine import preset_rules


def run_to_end(ctl: Controller, rounds: int = 20000) -> None:
    for _ in range(rounds):
        ctl.pump(block=0.05)
        if ctl.game.over:
            return
    raise AssertionError("the game did not finish")


def without_clock(record: dict) -> list:
    """The hands of a record without the wall-clock time each one ended at."""
    return [{k: v for k, v in h.items() if k != "elapsed"} for h in record["hands"]]


def test_process_worker_plays_the_same_game_as_inline():
    rules = preset_rules("intramural")
    levels = ("medium", "easy", "medium", "easy")
    inline = Controller.new_game(rules, levels, seed=77, executor="inline")
    run_to_end(inline)
    proc = Controller.new_game(rules, levels, seed=77, executor="process")
    try:
        run_to_end(proc)
    finally:
        proc.close(save=False)
    assert without_clock(proc.record()) == without_clock(inline.record())


def test_dead_worker_falls_back_and_the_game_goes_on():
    ctl = Controller.new_game(
        preset_rules("intramural"), ("easy", "easy", "easy", "easy"), seed=5, executor="process"
    )
    try:
        for child in multiprocessing.active_children():
            child.kill()
        run_to_end(ctl)
        assert ctl._seat_worker.mode == "thread"  # switched to thinking in-process
    finally:
        ctl.close(save=False)


# The stand-in for the game's process: it starts the seat worker the way the controller does
# (Worker("process"), spawn), waits until the worker has booted, prints its pid and idles.
_STAND_IN_PARENT = """
import os, sys, threading
from spades_gui.controller.worker import Worker
w = Worker("process")
w.start()
print(w._pool.submit(os.getpid).result(timeout=120), flush=True)
threading.Event().wait()
"""


def _alive(pid: int) -> bool:
    """Whether a process is running (a zombie waiting to be reaped counts as gone)."""
    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc/self/stat").exists():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
        except (OSError, IndexError):
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_worker_exits_when_its_parent_is_killed():
    root = Path(__file__).resolve().parents[1]
    parent = subprocess.Popen(
        [sys.executable, "-c", _STAND_IN_PARENT],
        cwd=root,
        stdout=subprocess.PIPE,
        text=True,
    )
    worker_pid = None
    try:
        line = parent.stdout.readline()
        assert line.strip().isdigit(), f"the stand-in parent said {line!r}"
        worker_pid = int(line)
        assert worker_pid != parent.pid and _alive(worker_pid)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=30)
        _wait_gone(worker_pid, 30)
        assert not _alive(worker_pid), "the worker outlived its killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if worker_pid is not None and _alive(worker_pid):
            os.kill(worker_pid, signal.SIGKILL)


def _niceness(stop: object = None) -> int:
    """A worker job: the niceness its process runs at."""
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="POSIX niceness")
def test_the_worker_process_runs_below_the_window():
    from spades_gui.controller.worker import NICENESS, Worker

    worker = Worker("process")
    got: queue.SimpleQueue[object] = queue.SimpleQueue()
    try:
        worker.submit(_niceness, (), lambda _job, result, error: got.put(error or result))
        answer = got.get(timeout=60)
    finally:
        worker.close()
    assert answer == min(19, os.nice(0) + NICENESS)


def _wait_gone(pid: int, timeout: float) -> None:
    """Wait until a process that is not our child exits: on Linux its pidfd turns readable;
    elsewhere (no pidfd) by looking again until the deadline."""
    if hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            return  # already gone
        try:
            select.select([fd], [], [], timeout)
        finally:
            os.close(fd)
        return
    deadline = time.monotonic() + timeout
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
