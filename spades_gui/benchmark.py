"""`spades bench`: engine playouts per second (and table frame times once the table exists)."""

from __future__ import annotations

import json
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


def bench_command(as_json: bool, seconds: float) -> int:
    """Measure and print the figures."""
    out: dict[str, Any] = {
        "playouts_per_s": round(playouts_per_second(seconds)),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    try:
        from .ui.framebench import frame_times
    except ImportError:
        pass
    else:
        out.update(frame_times(seconds))
    if as_json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0
