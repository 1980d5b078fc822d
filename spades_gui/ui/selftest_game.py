"""One short AI-only game through the controller and the real table, headless (selftest)."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass

LIMIT_S = 55.0
# On Windows the program leaves by os._exit right after (app.py): SDL is not shut down first,
# since under Wine its threads crash the process after SDL_Quit (docs/BUILD.md).
LEAVES_WITHOUT_QUIT = sys.platform == "win32"
POLL_S = 0.05  # the longest idle wait: the time limit is looked at between waits


@dataclass(frozen=True)
class SelftestResult:
    """How the game went: whether it reached game over, in how many hands, frames and seconds."""

    over: bool
    hands: int
    scores: tuple[int, int]
    frames: int
    seconds: float


def play_selftest(limit_s: float = LIMIT_S) -> SelftestResult:
    """Play an AI-only intramural game on SDL's dummy drivers through the table scene."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t0 = time.perf_counter()
    import pygame

    from ..controller import Controller
    from ..engine import preset_rules
    from .table import TableScene
    from .window import App

    app = App((1280, 720), headless=True)
    ctl = Controller.new_game(
        preset_rules("intramural"),
        ("medium", "easy", "medium", "easy"),
        seed=2024,
        executor="process",  # the frozen program's worker process is checked too
    )
    scene = TableScene(app, ctl, {"animation": "fast"})
    app.switch(scene)
    frames = 0
    waited: list[pygame.event.Event] = []
    while time.perf_counter() - t0 < limit_s:
        moving = app.step(1 / 30, waited + pygame.event.get())
        waited = []
        frames += 1
        if scene.view.over is not None and scene.view.result is None and not scene.anim.busy:
            break
        if not (moving or app.dirty or scene.busy()):
            # Idle while an AI thinks on the worker: sleep until it wakes the loop.
            waited = app.wait_idle(POLL_S)
    ctl.close(save=False)
    game = ctl.game
    over = scene.view.over is not None and game.over
    result = SelftestResult(
        over,
        game.hands_scored(),
        (game.scores[0], game.scores[1]),
        frames,
        time.perf_counter() - t0,
    )
    if not LEAVES_WITHOUT_QUIT:
        pygame.quit()
    return result
