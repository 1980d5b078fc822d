"""What the table sends to the window: only the moving cards' areas while only they move, the
whole picture when the table changes, and never a stale picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pytest

from spades_gui.engine.cards import cards_of
from spades_gui.ui.table.anim import Flight

if TYPE_CHECKING:
    from tests.conftest import Pilot


class Window:
    """The window's picture as the app sends it: the screen whole on a flip, areas on an update."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.picture: pygame.Surface | None = None
        self.frames: list[list[pygame.Rect] | None] = []  # each frame's areas; None: a flip
        monkeypatch.setattr(pygame.display, "flip", self.flip)
        monkeypatch.setattr(pygame.display, "update", self.update)

    def flip(self) -> None:
        self.picture = screen().copy()
        self.frames.append(None)

    def update(self, rects: Sequence[pygame.Rect]) -> None:
        assert self.picture is not None, "an update before any whole picture"
        for r in rects:
            self.picture.blit(screen(), r, r)
        self.frames.append([pygame.Rect(r) for r in rects])

    def shows_the_screen(self) -> bool:
        """Whether the window shows exactly what was drawn (no stale card left behind)."""
        assert self.picture is not None
        return pygame.image.tobytes(self.picture, "RGB") == pygame.image.tobytes(screen(), "RGB")


def screen() -> pygame.Surface:
    s = pygame.display.get_surface()
    assert s is not None
    return s


def flight_rect(f: Flight) -> pygame.Rect:
    x, y = f.pos()
    return f.image.get_rect(center=(round(x), round(y)))


def check_partial(window: Window, covers: Sequence[pygame.Rect]) -> None:
    """The last frame sent only areas, small beside the window, covering every given rect."""
    areas = window.frames[-1]
    assert areas is not None, "the whole window was sent while only a card moved"
    w, h = screen().get_size()
    assert sum(a.width * a.height for a in areas) < w * h / 10
    for r in covers:
        assert any(a.contains(r.clip(screen().get_rect())) for a in areas), (r, areas)
    assert window.shows_the_screen()


def test_a_flying_card_sends_only_its_areas_and_a_table_change_the_whole(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = pilot.table("classic", seed=2, speed="slow")
    window = Window(monkeypatch)
    pilot.play_until(lambda: pilot.human_turn("play") and not scene.anim.busy)
    pilot.click(scene.card_point(cards_of(scene.view.prompt.request.options)[0]))
    assert window.frames[-1] is None  # the hand changed
    flight = scene.anim.flights[0]
    assert flight.started

    def fly(frames: int) -> None:
        for _ in range(frames):
            was = flight_rect(flight)
            pilot.step()
            assert any(f is flight for f in scene.anim.flights), "the card landed already"
            check_partial(window, [was, flight_rect(flight)])

    fly(5)
    pilot.key(pygame.K_s)  # the score pad opens over the flying card
    assert scene.view.overlay == "scores"
    assert window.frames[-1] is None and window.shows_the_screen()
    fly(5)
    pad = next(p.rect for p in scene.input.panels if p.name == "scores")
    assert pad.colliderect(flight_rect(flight))  # the areas sent carry the pad over the card
    pilot.send(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert window.frames[-1] is None and window.shows_the_screen()
    fly(2)
    while any(f is flight for f in scene.anim.flights):
        pilot.step()
        assert window.shows_the_screen()
    assert window.frames[-1] is None  # the card landed in the trick: the table changed


def test_a_dragged_card_sends_only_its_areas(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = pilot.table("jokers350", seed=8, size=(1920, 1080))
    window = Window(monkeypatch)
    v = scene.view
    pilot.play_until(lambda: pilot.human_turn("play"))
    card = cards_of(v.prompt.request.options)[-1]
    start = scene.card_point(card)
    pilot.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pos = (start[0], start[1] - 40)
    pilot.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    d = v.drag
    assert d is not None and d.active
    assert window.frames[-1] is None  # the card left the hand
    size = scene.art.face(card, scene.L.hand_w).get_size()

    def at(p: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect((p[0] - d.offset[0], p[1] - d.offset[1]), size)

    for i in range(1, 8):
        new = (start[0] + 30 * i, start[1] - 40 - 35 * i)
        was = at(pos)
        pilot.send(pygame.event.Event(pygame.MOUSEMOTION, pos=new, rel=(0, 0), buttons=(1, 0, 0)))
        check_partial(window, [was, at(new)])
        pos = new
    pilot.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert card in scene.ctl.game.hand.plays
    assert window.frames[-1] is None and window.shows_the_screen()
