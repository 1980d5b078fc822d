"""Frame times of the table at 1920×1080 (cards moving; Hard thinking; a finished hand analysed
in the background) and CPU use at rest.

At rest the loop sleeps in SDL's wait (ui/eventwait.py). A desktop video driver (x11, wayland,
windows, cocoa) blocks there until an event; the dummy driver `bench` uses by default has no
event source, so SDL's wait polls every millisecond inside the library: `idle_wait_cpu_pct` is
that part, `idle_cpu_pct` the whole process (every thread), `idle_wakeups_per_s` the times the
loop came back from the wait with nothing to do, `idle_frames` the frames it drew. Run under
a real display (`SDL_VIDEODRIVER=x11`) for the window's own figure.

A frame's wall time includes any time the system gave the core to another process;
`thinking_frame_cpu_ms_max` is the window thread's own CPU time in its costliest frame. A new
table's first frame (card art, the fans, the cached table made at this size) is reported as
`table_first_frame_ms`, not as a thinking frame.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def frame_times(seconds: float = 3.0) -> dict[str, Any]:
    """Frames moving cards, frames while Hard thinks in its worker, and idle CPU % of the loop."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ..controller import Controller
    from ..engine import preset_rules
    from .table import TableScene
    from .window import App

    app = App((1920, 1080), headless=True)
    idle = _idle(app, max(1.0, seconds / 2))  # first: no earlier table's threads still winding down
    # AI-only game on the worker thread: deals, flights and trick collections keep coming.
    ctl = Controller.new_game(preset_rules("pagat"), ("easy",) * 4, seed=7)
    scene = TableScene(app, ctl, {"animation": "normal"})
    app.switch(scene)
    times: list[float] = []
    waited: list[pygame.event.Event] = []
    end = time.perf_counter() + max(1.0, seconds / 2)
    while time.perf_counter() < end:
        t0 = time.perf_counter()
        moving = app.step(1 / 60, waited + pygame.event.get())
        took = time.perf_counter() - t0
        waited = []
        if moving:
            times.append(took * 1000)
        elif not scene.busy():
            waited = app.wait_idle(0.005)
    ctl.close(save=False)

    # Hard seats thinking in the worker process while the table redraws every frame.
    ctl = Controller.new_game(preset_rules("pagat"), ("hard",) * 4, seed=7, executor="process")
    scene = TableScene(app, ctl, {"animation": "off"})
    app.switch(scene)
    t0 = time.perf_counter()
    app.step(1 / 60)
    first = time.perf_counter() - t0
    thinking: list[float] = []
    thinking_cpu: list[float] = []
    end = time.perf_counter() + max(1.0, seconds / 2)
    while time.perf_counter() < end:
        app.invalidate()
        c0, t0 = time.thread_time(), time.perf_counter()
        app.step(1 / 60)
        took, cpu = time.perf_counter() - t0, time.thread_time() - c0
        if ctl.thinking is not None:
            thinking.append(took * 1000)
            thinking_cpu.append(cpu * 1000)
        time.sleep(max(0.0, 1 / 60 - took))
    ctl.close(save=False)
    analysing = _analysing(app, max(1.0, seconds / 2))
    return {
        **analysing,
        "frame_ms_p50": round(statistics.median(times), 2) if times else 0.0,
        "frame_ms_p95": round(_percentile(times, 0.95), 2) if times else 0.0,
        **idle,
        "table_first_frame_ms": round(first * 1000, 1),
        "thinking_frame_ms_p95": round(_percentile(thinking, 0.95), 2) if thinking else 0.0,
        "thinking_frame_ms_max": round(max(thinking), 2) if thinking else 0.0,
        "thinking_frame_cpu_ms_max": round(max(thinking_cpu), 2) if thinking_cpu else 0.0,
    }


def _idle(app: Any, seconds: float) -> dict[str, Any]:
    """A table waiting for the player, nothing moving or timed, in the App's real loop."""
    import pygame

    from ..controller import Controller
    from ..engine import preset_rules
    from .table import TableScene

    ctl = Controller.new_game(preset_rules("pagat"), ("easy",) * 3, seed=7, executor="inline")
    scene = TableScene(app, ctl, {"animation": "off"})
    app.switch(scene)
    waited: list[pygame.event.Event] = []
    last = time.perf_counter()
    settle = last + 10.0
    while last < settle:  # the player's turn shown, every bubble gone
        now = time.perf_counter()
        moving = app.step(now - last, waited + pygame.event.get())
        waited, last = [], now
        quiet = not (moving or app.dirty or scene.busy() or pygame.event.peek())
        if quiet and ctl.human_turn() and scene.wake_in() is None:
            break
        if quiet:
            waited = app.wait_idle(0.1)
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), round(seconds * 1000), loops=1)
    waits, frames = app.idle_waits, app.frames
    wait_cpu = [0.0]
    marks: list[tuple[float, float]] = []  # (process CPU, wall clock) as each wait starts, ends

    def timed_wait(most: float | None = None) -> list[pygame.event.Event]:
        if not marks:
            marks.append((time.process_time(), time.perf_counter()))
        c0 = time.thread_time()
        try:
            waited: list[pygame.event.Event] = loop_wait(most)
            return waited
        finally:
            wait_cpu[0] += time.thread_time() - c0
            marks[1:] = [(time.process_time(), time.perf_counter())]

    loop_wait = app.wait_idle
    app.wait_idle = timed_wait
    driver = pygame.display.get_driver()
    start = (time.process_time(), time.perf_counter())
    app.run()  # from its first sleep until the QUIT wakes it: entering and leaving not counted
    if len(marks) < 2:  # it never slept: the whole run counts
        marks[:] = [start, (time.process_time(), time.perf_counter())]
    (c0, w0), (c1, w1) = marks[0], marks[-1]
    wall, cpu = w1 - w0, c1 - c0
    del app.wait_idle
    app.running = True  # the same window measures the frames next
    ctl.close(save=False)
    return {
        "idle_video_driver": driver,
        "idle_cpu_pct": round(cpu / wall * 100, 1),
        "idle_wait_cpu_pct": round(wait_cpu[0] / wall * 100, 1),
        "idle_wakeups_per_s": round(max(0, app.idle_waits - waits - 1) / wall, 1),
        "idle_frames": app.frames - frames,
    }


def _analysing(app: Any, seconds: float) -> dict[str, Any]:
    """Frames at the player's turn while a finished hand is weighed against Hard's in the
    background (the coach's worker process), with its records in a throwaway folder."""
    import tempfile

    from ..coach.history import hand_entry
    from ..controller import Controller, KeepHand
    from ..engine import preset_rules
    from ..storage import ENV_HOME
    from .table import TableScene

    played = Controller.new_game(preset_rules("pagat"), ("medium",) * 4, seed=3, executor="inline")
    while not played.game.results:
        played.pump(limit=1)
    played.close(save=False)
    levels = ("medium",) * 3
    entry = hand_entry(
        played.game, 0, game_key="bench", levels=levels, practice=False, undone=False, rev=0
    )
    before = os.environ.get(ENV_HOME)
    times: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        os.environ[ENV_HOME] = home
        try:
            ctl = Controller.new_game(
                preset_rules("pagat"), levels, seed=7, executor="process", keep_hands=True
            )
            scene = TableScene(app, ctl, {"animation": "off"})
            app.switch(scene)
            app.step(1 / 60)  # the table's first frame: measured above, not here
            assert entry is not None
            ctl.send(KeepHand(entry))
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                app.invalidate()
                c0, t0 = time.thread_time(), time.perf_counter()
                app.step(1 / 60)
                took, cpu = time.perf_counter() - t0, time.thread_time() - c0
                if ctl.keeper.busy:
                    times.append(took * 1000)
                    cpus.append(cpu * 1000)
                time.sleep(max(0.0, 1 / 60 - took))
            weighed = len(ctl.keeper.done) + 14 * ctl.keeper.kept
            ctl.close(save=False)
        finally:
            if before is None:
                os.environ.pop(ENV_HOME, None)
            else:
                os.environ[ENV_HOME] = before
    return {
        "analysing_frame_ms_p95": round(_percentile(times, 0.95), 2) if times else 0.0,
        "analysing_frame_ms_max": round(max(times), 2) if times else 0.0,
        "analysing_frame_cpu_ms_max": round(max(cpus), 2) if cpus else 0.0,
        "analysing_decisions_weighed": weighed,
    }
