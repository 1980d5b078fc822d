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
        assert ctl.computers.worker.mode == "thread"  # switched to thinking in-process
    finally:
        ctl.close(save=False)


def _block_in_the_process(parent_pid: int, pid_file: str, heed_stop=True, stop=None) -> str:
    """A job: in the worker process, say its pid and wait (for its stop, or for ever); on a
    thread, answer at once."""
    if os.getpid() == parent_pid:
        return "answered on a thread"
    Path(pid_file).write_text(str(os.getpid()))
    while not (heed_stop and stop and stop()):
        select.select([], [], [], 0.05)
    return "answered in the process"


def _wait_for_file(path: Path, seconds: float = 120.0) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and path.read_text():
            return path.read_text()
        select.select([], [], [], 0.02)
    raise AssertionError(f"{path} never appeared")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_worker_killed_mid_job_answers_it_again_on_a_thread(tmp_path):
    from spades_gui.controller.worker import Worker

    worker = Worker("process")
    answers: queue.Queue = queue.Queue()
    pid_file = tmp_path / "pid"
    try:
        jid = worker.submit(
            _block_in_the_process,
            (os.getpid(), str(pid_file)),
            lambda j, result, error: answers.put((j, result, error)),
        )
        os.kill(int(_wait_for_file(pid_file)), signal.SIGKILL)
        assert answers.get(timeout=120) == (jid, "answered on a thread", None)
        assert worker.mode == "thread"
    finally:
        worker.close()


def _ignore_stop(pid_file: str, stop=None) -> None:
    """A job that never returns: a worker that does not hear it should leave."""
    Path(pid_file).write_text(str(os.getpid()))
    while True:
        select.select([], [], [], 0.05)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_closed_worker_that_does_not_leave_is_ended(tmp_path, monkeypatch):
    from spades_gui.controller import worker as worker_module

    monkeypatch.setattr(worker_module, "EXIT_GRACE", 0.2)
    worker = worker_module.Worker("process")
    pid_file = tmp_path / "pid"
    worker.submit(_ignore_stop, (str(pid_file),), lambda *_: None)
    pid = int(_wait_for_file(pid_file))
    try:
        worker.close()
        end = time.monotonic() + 60
        while _alive(pid) and time.monotonic() < end:
            select.select([], [], [], 0.05)
        assert not _alive(pid), (
            "the closed worker was left running (the program's exit waits on it)"
        )
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def _leave() -> None:
    """A worker process that leaves at once."""


@pytest.mark.skipif(not hasattr(os, "waitpid") or os.name == "nt", reason="POSIX reaping")
def test_a_closed_worker_that_left_is_neither_reported_nor_killed(caplog):
    # The pool's own thread reaps its children too: one it reaped first must not look alive
    # (bench printed "did not leave" for a worker that had left, and killed its old pid).
    import multiprocessing

    from spades_gui.controller import worker as worker_module

    p = multiprocessing.get_context("spawn").Process(target=_leave)
    p.start()
    os.waitpid(p.pid, 0)  # reaped elsewhere, as the pool's thread does
    worker_module._end_late(None, [p], worker_module.EXIT_GRACE)
    assert "did not leave" not in caplog.text


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_worker_that_never_answers_is_ended_and_the_job_answered_on_a_thread(tmp_path):
    from spades_gui.controller.worker import Worker

    worker = Worker("process")
    answers: queue.Queue = queue.Queue()
    pid_file = tmp_path / "pid"
    try:
        jid = worker.submit(
            _block_in_the_process,
            (os.getpid(), str(pid_file), False),
            lambda j, result, error: answers.put((j, result, error)),
            patience=0.5,
        )
        assert answers.get(timeout=120) == (jid, "answered on a thread", None)
        assert worker.mode == "thread"
        if pid_file.exists():  # the process got to the job (on a loaded machine it may not)
            pid = int(pid_file.read_text())
            end = time.monotonic() + 60
            while _alive(pid) and time.monotonic() < end:
                select.select([], [], [], 0.05)
            assert not _alive(pid), "the stuck worker was left running"
        assert answers.empty()  # one answer only
    finally:
        worker.close()


def test_a_seat_whose_worker_dies_mid_decision_still_thinks():
    from spades_gui.controller import Notice

    ctl = Controller.new_game(
        preset_rules("tournament"), ("hard", "medium", "hard", "medium"), seed=3, executor="process"
    )
    try:
        for _ in range(20000):  # until a seat is thinking in the worker process
            ctl.pump(block=0.01)
            asking = ctl.computers.asking  # the seat's question handed to its worker
            if asking is not None and asking.job is None and ctl.game.hand.plays:
                break
        else:
            raise AssertionError("no seat ever thought in the worker")
        hands = ctl.game.hands_scored()
        for child in multiprocessing.active_children():
            child.kill()
        for _ in range(20000):  # the hand goes on to its end
            ctl.pump(block=0.05)
            if ctl.game.hands_scored() > hands:
                break
        else:
            raise AssertionError("the hand stopped when the worker died")
        assert ctl.computers.worker.mode == "thread"
        guessed = [n for n in ctl.take(Notice) if "hesitated" in str(n)]
        assert guessed == []  # each seat thought again; none fell back to a random legal card
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


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_closed_worker_with_jobs_dropped_leaves_no_error_in_a_thread(tmp_path, monkeypatch):
    # Python 3.11's pool thread drops the jobs cancelled before its shutdown only if the pool
    # is still there when it wakes; if not, ending its process after has it set an error on
    # each and stop on InvalidStateError (printed from the thread in the UI tests). So the
    # pool is held until its thread is done.
    import gc
    import threading
    import weakref

    from spades_gui.controller import worker as worker_module

    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    monkeypatch.setattr(worker_module, "EXIT_GRACE", 0.5)
    worker = worker_module.Worker("process")
    pid_file = tmp_path / "pid"
    worker.submit(_ignore_stop, (str(pid_file),), lambda *_: None)
    pid = int(_wait_for_file(pid_file))
    for _ in range(5):  # queued behind it, more than the pool hands its process at once
        worker.submit(_ignore_stop, (str(tmp_path / "never"),), lambda *_: None)
    try:
        pool = weakref.ref(worker._pool)
        manager = worker._pool._executor_manager_thread
        worker.close()
        gc.collect()
        assert pool() is not None or not manager.is_alive(), "the pool went before its thread"
        manager.join(60)
        assert not manager.is_alive()
        assert errors == []
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
