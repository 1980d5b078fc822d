"""The window thread's own CPU time a frame (time.thread_time) at 1920x1080 on SDL's dummy
driver, with the program's services (and its speech hook) installed: frames while cards move
in an AI game, then frames with the whole table redrawn each time. Less moved by other
processes than the wall-clock figures of `spades bench`, so two commits can be compared on a
busy machine (docs/BENCH.md). Prints one JSON object.

    PYTHONPATH=TREE python tools/frame_cpu.py [SECONDS]     # each part runs SECONDS (4)
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time


def percentile(values: list[float], q: float) -> float:
    """The value below which a share `q` of them lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(seconds: float) -> dict[str, float]:
    """The two parts' frames: how many, and the thread's CPU ms at the median and p95."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from spades_gui.controller import Controller
    from spades_gui.engine import preset_rules
    from spades_gui.ui.launch import install_services
    from spades_gui.ui.table import TableScene
    from spades_gui.ui.window import App

    app = App((1920, 1080), headless=True)
    install_services(app)
    ctl = Controller.new_game(preset_rules("pagat"), ("easy",) * 4, seed=7)
    scene = TableScene(app, ctl, {"animation": "normal"})
    app.switch(scene)
    moving: list[float] = []
    whole: list[float] = []
    waited: list[pygame.event.Event] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        c0 = time.thread_time()
        busy = app.step(1 / 60, waited + pygame.event.get())
        cpu = time.thread_time() - c0
        waited = []
        if busy:
            moving.append(cpu * 1000)
        elif not scene.busy():
            waited = app.wait_idle(0.005)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.invalidate()
        c0 = time.thread_time()
        app.step(1 / 60, pygame.event.get())
        whole.append((time.thread_time() - c0) * 1000)
    ctl.close(save=False)
    return {
        "moving_frames": len(moving),
        "moving_cpu_ms_p50": round(statistics.median(moving), 3),
        "moving_cpu_ms_p95": round(percentile(moving, 0.95), 3),
        "whole_frames": len(whole),
        "whole_cpu_ms_p50": round(statistics.median(whole), 3),
        "whole_cpu_ms_p95": round(percentile(whole, 0.95), 3),
    }


if __name__ == "__main__":
    print(json.dumps(main(float(sys.argv[1]) if len(sys.argv) > 1 else 4.0)))
