"""Animation as views over controller events: flights of card images and timed holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

Point = tuple[float, float]


def ease_out(t: float) -> float:
    """Cubic ease-out on [0, 1]."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smoothstep on [0, 1]."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Flight:
    """An image moving from one centre point to another, after an optional delay."""

    image: pygame.Surface
    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    ease: Callable[[float], float] = ease_out
    t: float = 0.0
    done: bool = False

    def update(self, dt: float) -> None:
        """Advance the clock; fire on_done once on arrival."""
        if self.done:
            return
        self.t += dt
        if self.t >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()

    @property
    def started(self) -> bool:
        """Whether the delay is over (the image is visible)."""
        return self.t >= self.delay

    def pos(self) -> Point:
        """The image centre now."""
        if self.duration <= 0:
            return self.end
        k = self.ease((self.t - self.delay) / self.duration)
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
        )

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Blit the image at its current place (nothing while delayed); the area it covers."""
        if self.started and not self.done:
            x, y = self.pos()
            return surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))
        return None


class Animator:
    """Flights and holds; the table pumps the next controller event only when it is idle."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.hold = 0.0
        self.after_hold: list[Callable[[], None]] = []

    @property
    def busy(self) -> bool:
        """Whether anything is moving or being held on screen."""
        return bool(self.flights) or self.hold > 0

    def fly(self, flight: Flight) -> Flight:
        """Start a flight (a zero duration lands at once)."""
        if flight.duration <= 0 and flight.delay <= 0:
            flight.done = True
            if flight.on_done is not None:
                flight.on_done()
            return flight
        self.flights.append(flight)
        return flight

    def wait(self, seconds: float, then: Callable[[], None] | None = None) -> None:
        """Hold for a while (e.g. to show a finished trick), then run `then`."""
        if seconds <= 0:
            if then is not None:
                then()
            return
        self.hold = max(self.hold, seconds)
        if then is not None:
            self.after_hold.append(then)

    def update(self, dt: float) -> bool:
        """Advance everything; True if anything moved or a hold ended this frame."""
        changed = False
        if self.flights:
            for f in list(self.flights):
                f.update(dt)
            self.flights = [f for f in self.flights if not f.done]
            changed = True
        if self.hold > 0 and not self.flights:
            self.hold -= dt
            if self.hold <= 0:
                self.hold = 0.0
                todo, self.after_hold = self.after_hold, []
                for fn in todo:
                    fn()
                changed = True
        return changed

    def finish(self) -> None:
        """Land every flight and end the hold now, firing callbacks in order."""
        while self.flights or self.hold > 0:
            flights, self.flights = self.flights, []
            for f in flights:
                if not f.done:
                    f.done = True
                    if f.on_done is not None:
                        f.on_done()
            if self.hold > 0 and not self.flights:
                self.hold = 0.0
                todo, self.after_hold = self.after_hold, []
                for fn in todo:
                    fn()

    def stop(self) -> None:
        """Drop every flight and hold, their callbacks unrun (the position is rebuilt)."""
        self.flights = []
        self.hold = 0.0
        self.after_hold = []

    def draw(self, surface: pygame.Surface) -> list[tuple[Flight, pygame.Rect]]:
        """Draw the flying images, oldest first; each drawn one with the area it covers."""
        drawn = []
        for f in self.flights:
            r = f.draw(surface)
            if r is not None:
                drawn.append((f, r))
        return drawn
