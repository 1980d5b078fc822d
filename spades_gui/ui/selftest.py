"""`spades selftest`: one short AI-only game through the controller and the real table, headless."""

from __future__ import annotations

import os
import sys
import time
import traceback

LIMIT_S = 55.0


def selftest_command() -> int:
    """Play an AI-only intramural game on SDL's dummy drivers; 0 when it reaches game over."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t0 = time.perf_counter()
    try:
        import pygame

        from ..controller import Controller
        from ..engine import preset_rules
        from .main import App
        from .table import TableScene

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
        while time.perf_counter() - t0 < LIMIT_S:
            moving = app.step(1 / 30)
            frames += 1
            if scene.over is not None and scene.result is None and not scene.anim.busy:
                break
            if not (moving or app.dirty or scene.busy()):
                # Idle while an AI thinks on the worker: sleep until it wakes the loop.
                event = pygame.event.wait(20)
                if event.type != pygame.NOEVENT:
                    pygame.event.post(event)
        ctl.close(save=False)
        game = ctl.game
        took = time.perf_counter() - t0
        if scene.over is None or not game.over:
            print(f"selftest FAILED: no game over after {took:.1f} s ({frames} frames)")
            return 1
        print(
            f"selftest ok: intramural AI game over in {game.hands_scored()} hands, "
            f"{game.scores[0]}-{game.scores[1]}, {frames} frames, {took:.1f} s"
        )
        pygame.quit()
        return 0
    except Exception:
        traceback.print_exc(file=sys.stderr)
        print("selftest FAILED: the table raised an exception")
        return 1
