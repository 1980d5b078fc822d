"""Waking the frame loop from a worker thread: one custom event, posted until a scene takes it."""

from __future__ import annotations

import pygame

WAKE = pygame.event.custom_type()


class Waker:
    """Posts WAKE from any thread, one at a time; whichever scene takes it allows the next."""

    def __init__(self) -> None:
        self.posted = False

    def __call__(self) -> None:
        """Called on a worker thread: nudge the frame loop (nothing if a nudge is waiting)."""
        if self.posted:
            return
        self.posted = True
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            self.posted = False

    def taken(self, event: pygame.event.Event) -> bool:
        """Whether the event is the nudge (then the next one may be posted)."""
        if event.type != WAKE:
            return False
        self.posted = False
        return True


waker = Waker()  # the one the table's controller and the review's analysis both use
