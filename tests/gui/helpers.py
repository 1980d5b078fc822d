"""Driving the real frame loop (App.run) rather than App.step, for input that depends on it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spades_gui.ui.main import App


def tap_in_run_loop(
    app: App, pos: tuple[int, int], done: Callable[[], bool], max_frames: int = 300
) -> bool:
    """Run App.run; once it is about to idle with an empty queue, post a press and its
    release together (a touchpad tap: both arrive before the next frame), then run until
    done() holds or max_frames pass. Whether done() held. The pygame.quit() at the end of
    App.run is skipped so that later tests keep their fonts and display.
    """
    pos = (int(pos[0]), int(pos[1]))
    real_step = app.step
    state = {"frames": 0, "posted": False, "done": False}

    def step(dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        moving = real_step(dt, events)
        state["frames"] += 1
        if state["posted"] and done():
            state["done"] = True
            app.quit()
        elif state["frames"] >= max_frames:
            app.quit()
        elif (
            not state["posted"]
            and not (moving or app.dirty or app._busy())
            and not pygame.event.peek()
        ):
            # The loop is about to wait for an event: the tap arrives now, both halves.
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            state["posted"] = True
        return moving

    app.step = step  # type: ignore[method-assign]
    real_quit = pygame.quit
    pygame.quit = lambda: None
    try:
        app.run()
    finally:
        pygame.quit = real_quit
        del app.step
    return state["done"]
