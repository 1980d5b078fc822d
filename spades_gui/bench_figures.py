"""The figures `spades bench` prints: engine playouts per second, the table's frame times and
the window's CPU use at rest (ui/frame_times.py)."""

from __future__ import annotations

import platform
import random
import time
from typing import Any

from .engine import Game, preset_rules
from .engine.playout import random_playout


def playouts_per_second(seconds: float, seed: int = 1) -> float:
    """Uniformly random legal playouts per second from the first lead of a dealt pagat hand."""
    rng = random.Random(seed)
    rules = preset_rules("pagat")
    done = 0
    spent = 0.0
    while spent < seconds:
        hand = Game(rules).deal(rng)
        for _ in range(4):
            hand.bid(3)
        t0 = time.perf_counter()
        for _ in range(200):
            random_playout(hand.copy(), rng)
        spent += time.perf_counter() - t0
        done += 200
    return done / spent


def measure(seconds: float) -> dict[str, Any]:
    """Every figure of `spades bench`: playouts per second, then the table's frame times."""
    out: dict[str, Any] = {
        "playouts_per_s": round(playouts_per_second(seconds)),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    try:
        from .ui.frame_times import frame_times
    except ImportError:
        pass
    else:
        out.update(frame_times(seconds))
    return out
