"""The program's own loop under test: `App.run`, its idle waits included, on the main thread,
while the test's body runs on a driver thread, the two taking turns (never both at once).

The body is written as for the frame-stepping pilot: it posts events and asks for frames. Here
a frame is one turn of the real loop: `step()` queues a nudge (an event no scene reacts to) and
lets the loop run until it has drawn that frame; on its way the loop decides, as in play, whether
to tick or to sleep, asks the scene for its next timed change (`wake_in`) and waits with it
(`wait_for_event`), woken at once by the nudge. `settle()` asks for no frame: it lets the loop run
by itself until it is about to sleep with nothing queued, as it does while a player thinks.
A deadline bounds the whole: past it the driver is told to stop, and the loop is woken to leave.

The loop's clock is the one thing not real: a frame the loop ticks at the display rate counts a
sixtieth of a second without waiting for it (the test need not take the seconds a player's eye
does), while a tick after an idle wait counts the time really waited.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Literal

import pygame

from spades_gui.ui import window
from spades_gui.ui.window import App

NUDGE = pygame.event.custom_type()  # a frame asked for by the test; no scene reacts to it
DEADLINE = pygame.event.custom_type()  # the deadline passed: the loop leaves

Point = Literal["frame", "idle"]


class LoopTimeout(AssertionError):
    """The body did not finish before the deadline."""


class FrameClock:
    """pygame's Clock as the loop uses it: a capped tick is one frame at that rate, at once; a
    tick with no cap is the real time since the last tick."""

    def __init__(self) -> None:
        self.last = time.perf_counter()

    def tick(self, framerate: float = 0) -> int:
        """Milliseconds this frame counts for."""
        now = time.perf_counter()
        real_ms = round((now - self.last) * 1000)
        self.last = now
        return round(1000 / framerate) if framerate else real_ms


class RealLoop:
    """Runs a test body on a driver thread beside `App.run` on this one, in turns."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.turn = threading.Condition()
        self.driver_turn = False  # whose turn it is: the driver's, else the loop's
        self.want: Point = "frame"  # where the loop hands over next
        self.app: App | None = None  # the window the body opened last
        self.finished = False
        self.error: BaseException | None = None
        self.expired = False
        self.frames = 0
        self.waits: list[float | None] = []  # every timeout the loop's idle waits asked for

    # ----- the driver's side -----------------------------------------------------------------

    def opened(self, app: App) -> None:
        """The body opened a window: the loop runs it from the next turn on."""
        self.app = app

    def step(self, n: int = 1) -> None:
        """n frames of the real loop, each with the events posted before it."""
        for _ in range(n):
            pygame.event.post(pygame.event.Event(NUDGE))
            self._hand_over("frame")

    def settle(self) -> None:
        """The real loop left alone until it is about to sleep with an empty queue."""
        self._hand_over("idle")

    def _hand_over(self, point: Point) -> None:
        if self.expired:
            raise LoopTimeout(f"the real loop's test ran past {self.seconds} s")
        with self.turn:
            self.want = point
            self.driver_turn = False
            self.turn.notify_all()
            self.turn.wait_for(lambda: self.driver_turn)
        if self.expired:
            raise LoopTimeout(f"the real loop's test ran past {self.seconds} s")

    # ----- the loop's side -------------------------------------------------------------------

    def _yield_to_driver(self) -> None:
        with self.turn:
            self.driver_turn = True
            self.turn.notify_all()
            self.turn.wait_for(lambda: not self.driver_turn or self.finished)

    def run(self, body: Callable[[], None]) -> None:
        """Run body on the driver thread and the real loop here until body returns."""

        def drive() -> None:
            with self.turn:
                self.turn.wait_for(lambda: self.driver_turn)
            try:
                body()
            except BaseException as e:  # re-raised on the test's thread
                self.error = e
            finally:
                with self.turn:
                    self.finished = True
                    self.driver_turn = False
                    self.turn.notify_all()
                app = self.app
                if app is not None:
                    app.quit()
                    pygame.event.post(pygame.event.Event(NUDGE))

        real_wait = window.wait_for_event
        driver = threading.Thread(target=drive, name="test driver", daemon=True)
        timer = threading.Timer(self.seconds, self._expire)
        timer.daemon = True

        def wait(timeout_s: float | None) -> list[pygame.event.Event]:
            self.waits.append(timeout_s)
            if self.want == "idle" and not self.finished and not pygame.event.peek():
                self._yield_to_driver()  # about to sleep: the player may act now
            return real_wait(timeout_s)

        window.wait_for_event = wait  # type: ignore[assignment]
        try:
            driver.start()
            timer.start()
            self._yield_to_driver()  # the body runs until it opens a window and asks for frames
            while not self.finished:
                app = self.app
                assert app is not None, "the body asked for frames before opening a window"
                self._run_app(app)
        finally:
            timer.cancel()
            window.wait_for_event = real_wait  # type: ignore[assignment]
            driver.join(timeout=10)
        if self.error is not None:
            raise self.error

    def _run_app(self, app: App) -> None:
        """App.run on this window, handing over to the driver after each frame it asked for,
        until the body finishes or opens another window."""
        real_step = app.step

        def step(dt: float, events: list[pygame.event.Event] | None = None) -> bool:
            if events is not None and any(e.type == DEADLINE for e in events):
                app.quit()
            if self.app is not app:  # the body opened another window: its events are for it
                for e in events or ():
                    pygame.event.post(e)
                app.quit()
                return False
            try:
                moving = real_step(dt, events)
            except Exception:
                # The frame failed (App.run recovers): the driver's frame is the next one.
                if any(e.type == NUDGE for e in events or ()):
                    pygame.event.post(pygame.event.Event(NUDGE))
                raise
            self.frames += 1
            if self.finished or self.app is not app:
                app.quit()
            elif self.want == "frame" and any(e.type == NUDGE for e in events or ()):
                self._yield_to_driver()  # the frame the driver asked for is drawn
                if self.finished or self.app is not app:
                    app.quit()
            return moving

        app.step = step  # type: ignore[method-assign]
        app.clock = FrameClock()  # type: ignore[assignment]
        app.running = True
        try:
            app.run()
        finally:
            del app.step

    def _expire(self) -> None:
        self.expired = True
        with self.turn:
            self.driver_turn = True
            self.turn.notify_all()
        pygame.event.post(pygame.event.Event(DEADLINE))
