"""The quiet loop: App.run sleeps until an event, a scene's timer or the AI worker's wake, and
draws only when something changed."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pytest

from spades_gui.ui import window
from spades_gui.ui.eventwait import wait_for_event
from spades_gui.ui.wake import WAKE
from spades_gui.ui.window import App, Scene

if TYPE_CHECKING:
    from tests.conftest import Pilot

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
def app() -> Iterator[App]:
    a = App((640, 360), headless=True)
    a.switch(Recorder(a))
    pygame.event.clear()
    yield a


def waits_recorded(
    monkeypatch: pytest.MonkeyPatch, *batches: tuple[pygame.event.Event, ...]
) -> list[float | None]:
    """The loop's waits from now on: each time it goes to sleep, another thread posts the next
    batch of events (as the AI worker's wake does); the timeouts it slept with, returned."""
    timeouts: list[float | None] = []
    pending = list(batches)

    def wait(timeout: float | None) -> list[pygame.event.Event]:
        timeouts.append(timeout)
        if pending:
            batch = pending.pop(0)
            threading.Thread(target=lambda: [pygame.event.post(e) for e in batch]).start()
        elif timeout is None:  # nothing left to post: leave rather than sleep for ever
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return wait_for_event(timeout)

    monkeypatch.setattr(window, "wait_for_event", wait)
    return timeouts


def test_an_idle_loop_sleeps_until_another_thread_posts(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    quit_event = pygame.event.Event(pygame.QUIT)
    timeouts = waits_recorded(monkeypatch, (pygame.event.Event(NUDGE),), (quit_event,))
    app.run()
    scene = app.scene
    assert isinstance(scene, Recorder)
    assert scene.events == [NUDGE, pygame.QUIT]
    assert timeouts == [None, None]  # no time limit: woke for the two events, never to poll
    assert app.idle_waits == 2 and scene.updates == 3


def test_a_press_and_release_in_one_wait_arrive_in_order(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    waits_recorded(monkeypatch, (down, up, pygame.event.Event(pygame.QUIT)))
    app.run()
    assert app.scene.events == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.QUIT]


def test_a_scene_timer_wakes_the_loop_without_an_event(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = app.scene
    assert isinstance(scene, Recorder)
    timeouts = waits_recorded(monkeypatch)
    scene.due = time.perf_counter() + 0.1
    app.dirty = False
    for _ in range(5):  # the timer's wait, and a millisecond or two more if it woke early
        if scene.changed:
            break
        app.step(0.0, app.wait_idle(most=2.0))
    assert scene.changed and scene.events == []  # the timer, not an event
    assert timeouts and all(t is not None and t <= 0.1 for t in timeouts)


def test_quitting_in_a_frame_leaves_at_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = app.scene
    assert isinstance(scene, Recorder)
    scene.update = lambda dt: app.quit() or False  # type: ignore[method-assign]
    timeouts = waits_recorded(monkeypatch)
    app.dirty = False
    app.run()
    assert timeouts == []  # left without waiting for an event


def test_leaving_the_loop_leaves_pygame_to_the_caller(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits_recorded(monkeypatch, (pygame.event.Event(pygame.QUIT),))
    app.run()
    assert pygame.display.get_init() and pygame.display.get_surface() is app.screen


def test_the_frame_that_quits_draws_nothing(app: App) -> None:
    frames = app.frames
    app.invalidate()
    app.step(0.0, [pygame.event.Event(pygame.QUIT)])
    assert not app.running and app.frames == frames
    app.running = True
    app.step(0.0, [pygame.event.Event(NUDGE)])
    assert app.frames == frames + 1  # a scene that does not track its changes: every event


def test_wait_for_event_gives_up_after_its_timeout() -> None:
    pygame.event.clear()
    assert wait_for_event(0.01) == []


def test_the_window_opens_neither_joysticks_nor_the_audio_device() -> None:
    pygame.joystick.quit()  # an earlier test's table may have played a sound
    pygame.mixer.quit()
    App((640, 360), headless=True)
    assert not pygame.joystick.get_init()  # SDL's wait would poll while one is open
    assert not pygame.mixer.get_init()  # its thread would run for ever


# ----- the table -------------------------------------------------------------------------------


def quiet_table(pilot: Pilot) -> App:
    """A table waiting for the player's bid, nothing moving and nothing timed."""
    scene = pilot.table()
    pilot.until(lambda: pilot.human_turn() and scene.wake_in() is None and not scene.busy())
    pilot.step()
    app = pilot.app
    assert app is not None and not app.dirty
    return app


def empty_felt(pilot: Pilot) -> tuple[int, int]:
    """A point of the table with nothing drawn on it."""
    scene = pilot.scene
    rects = [r for _, _, r in scene.render.drawn]
    w, h = scene.L.size
    for y in range(h // 20, h, h // 10):
        for x in range(w // 20, w, w // 10):
            if not any(r.inflate(20, 20).collidepoint(x, y) for r in rects):
                return (x, y)
    raise AssertionError("the table has no empty felt")


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))


def test_a_quiet_table_is_not_drawn_again_for_events_that_change_nothing(pilot: Pilot) -> None:
    app = quiet_table(pilot)
    frames = app.frames
    pilot.send(motion(empty_felt(pilot)), pygame.event.Event(WAKE))
    pilot.send(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert app.frames == frames
    pilot.send(motion(pilot.button("bid:3").rect.center))  # the button lights up
    assert app.frames == frames + 1
    pilot.send(pygame.event.Event(pygame.WINDOWEXPOSED))  # the system lost the picture
    assert app.frames == frames + 2


def test_a_quiet_table_waits_with_no_time_limit_and_draws_nothing(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = quiet_table(pilot)
    frames = app.frames
    timeouts = waits_recorded(monkeypatch, (motion(empty_felt(pilot)),))
    app.run()
    assert timeouts == [None, None]  # slept until the motion, then until the end
    assert app.frames == frames
