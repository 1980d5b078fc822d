"""The quiet loop: App.run sleeps until an event, a scene's timer or the AI worker's wake."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pygame
import pytest

from spades_gui.ui.eventwait import wait_for_event
from spades_gui.ui.main import App, Scene

NUDGE = pygame.event.custom_type()


class Recorder(Scene):
    """A scene that notes the events it gets and the frames it updates."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.events: list[int] = []
        self.updates = 0
        self.due: float | None = None  # perf_counter time of a timed change
        self.changed = False

    def handle(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)

    def update(self, dt: float) -> bool:
        self.updates += 1
        if self.due is not None and time.perf_counter() >= self.due:
            self.due = None
            self.changed = True
            self.app.invalidate()
        return False

    def wake_in(self) -> float | None:
        return None if self.due is None else max(0.0, self.due - time.perf_counter())


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    a = App((640, 360), headless=True)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # later tests keep the display
    a.switch(Recorder(a))
    pygame.event.clear()
    yield a


def later(seconds: float, *events: pygame.event.Event) -> threading.Thread:
    """Post events from another thread after a while (as the AI worker wakes the loop)."""

    def post() -> None:
        time.sleep(seconds)
        for e in events:
            pygame.event.post(e)

    t = threading.Thread(target=post, daemon=True)
    t.start()
    return t


def test_an_idle_loop_sleeps_until_another_thread_posts(app: App) -> None:
    later(0.3, pygame.event.Event(NUDGE))
    later(0.6, pygame.event.Event(pygame.QUIT))
    app.run()
    scene = app.scene
    assert isinstance(scene, Recorder)
    assert scene.events == [NUDGE, pygame.QUIT]
    assert app.idle_waits <= 3  # woke for the two events, never to poll
    assert scene.updates <= 4


def test_a_press_and_release_in_one_wait_arrive_in_order(app: App) -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    later(0.2, down, up, pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.scene.events == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.QUIT]


def test_a_scene_timer_wakes_the_loop_without_an_event(app: App) -> None:
    scene = app.scene
    assert isinstance(scene, Recorder)
    scene.due = time.perf_counter() + 0.1
    watchdog = later(3.0, pygame.event.Event(pygame.QUIT))
    app.dirty = False
    while not scene.changed and watchdog.is_alive():
        app.step(0.0, app.wait_idle())
    assert scene.changed and watchdog.is_alive()  # the timer, not the watchdog's QUIT
    assert pygame.QUIT not in scene.events


def test_quitting_in_a_frame_leaves_at_once(app: App) -> None:
    scene = app.scene
    assert isinstance(scene, Recorder)
    scene.update = lambda dt: app.quit() or False  # type: ignore[method-assign]
    watchdog = later(3.0, pygame.event.Event(NUDGE))
    app.dirty = False
    app.run()
    assert watchdog.is_alive()  # left without waiting for an event


def test_wait_for_event_gives_up_after_its_timeout() -> None:
    pygame.event.clear()
    assert wait_for_event(0.01) == []
