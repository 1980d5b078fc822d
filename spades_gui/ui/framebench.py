"""Frame times of the table at 1920×1080 (cards moving; Hard thinking) and CPU use at rest.

At rest the loop sleeps in SDL's wait: under SDL's dummy video driver that wait still polls
every millisecond (a floor of a few percent here), under a real one it does not; the number of
times it woke with nothing to do is counted too.
"""

from __future__ import annotations

import os
import statistics
import time


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def frame_times(seconds: float = 3.0) -> dict[str, float]:
    """Frames moving cards, frames while Hard thinks in its worker, and idle CPU % of the loop."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ..controller import Controller
    from ..engine import preset_rules
    from .main import App
    from .table import TableScene

    app = App((1920, 1080), headless=True)
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
    thinking: list[float] = []
    end = time.perf_counter() + max(1.0, seconds / 2)
    while time.perf_counter() < end:
        app.invalidate()
        t0 = time.perf_counter()
        app.step(1 / 60)
        took = time.perf_counter() - t0
        if ctl.thinking is not None:
            thinking.append(took * 1000)
        time.sleep(max(0.0, 1 / 60 - took))
    ctl.close(save=False)

    # Idle: a table waiting for the player, in the App's real loop, for a while.
    ctl = Controller.new_game(preset_rules("pagat"), ("easy",) * 3, seed=7, executor="inline")
    scene = TableScene(app, ctl, {"animation": "off"})
    app.switch(scene)
    for _ in range(200):  # until the player's turn is shown and nothing is left to draw
        moving = app.step(1 / 60)
        quiet = not (moving or app.dirty or scene.busy() or pygame.event.peek())
        if ctl.human_turn() and quiet:
            break
    idle_s = max(1.0, seconds / 2)
    quit_event = pygame.event.Event(pygame.QUIT)
    pygame.time.set_timer(quit_event, round(idle_s * 1000), loops=1)
    waits = app.idle_waits
    c0, w0 = time.process_time(), time.perf_counter()
    app.run()
    wall = time.perf_counter() - w0
    cpu = (time.process_time() - c0) / wall * 100
    return {
        "frame_ms_p50": round(statistics.median(times), 2) if times else 0.0,
        "frame_ms_p95": round(_percentile(times, 0.95), 2) if times else 0.0,
        "idle_cpu_pct": round(cpu, 1),
        "idle_wakeups_per_s": round(max(0, app.idle_waits - waits - 1) / wall, 1),
        "thinking_frame_ms_p95": round(_percentile(thinking, 0.95), 2) if thinking else 0.0,
        "thinking_frame_ms_max": round(max(thinking), 2) if thinking else 0.0,
    }
