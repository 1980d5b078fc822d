"""The first window on a scaled Windows display: DPI aware (sharp) and as big as before."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest

from spades_gui.ui import window
from spades_gui.ui.window import MIN_SIZE, SMALLEST, App, first_window_size


@pytest.mark.parametrize(
    ("scale", "desktop", "size"),
    [
        (1.0, (1920, 1080), (1280, 720)),
        (1.25, (1920, 1080), (1600, 900)),
        (1.5, (2560, 1440), (1920, 1080)),
        (2.0, (3840, 2160), (2560, 1440)),
        (1.5, None, (1920, 1080)),
    ],
)
def test_the_first_window_is_the_old_size_times_the_scale(
    scale: float, desktop: tuple[int, int] | None, size: tuple[int, int]
) -> None:
    assert first_window_size(scale, desktop) == size


@pytest.mark.parametrize(
    ("scale", "desktop"), [(1.5, (1920, 1080)), (1.0, (1366, 768)), (2.0, (2560, 1600))]
)
def test_a_first_window_too_big_for_the_desktop_shrinks_to_fit_it(
    scale: float, desktop: tuple[int, int]
) -> None:
    w, h = first_window_size(scale, desktop)
    # the title bar and the taskbar stay on the screen, the proportions stay the game's
    room_w, room_h = desktop[0] - 40 * scale, desktop[1] - 100 * scale
    assert w <= room_w and h <= room_h
    assert w >= room_w - 1 or h >= room_h - 1  # as big as fits
    assert abs(w / h - MIN_SIZE[0] / MIN_SIZE[1]) < 0.01


@pytest.mark.parametrize("desktop", [(1024, 600), (1280, 720), (800, 600)])
def test_the_first_window_is_never_under_the_smallest_size(desktop: tuple[int, int]) -> None:
    w, h = first_window_size(2.0, desktop)
    assert w >= SMALLEST[0] and h >= SMALLEST[1]


def test_windows_is_asked_for_dpi_awareness_before_the_display_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(window.DPI_HINT, raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    seen: list[str | None] = []
    init = pygame.display.init

    def noting_init() -> None:
        seen.append(os.environ.get(window.DPI_HINT))
        init()

    monkeypatch.setattr(pygame.display, "init", noting_init)
    App((640, 360), headless=True)
    assert seen == ["permonitorv2"]


def test_a_players_own_dpi_hint_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(window.DPI_HINT, "unaware")
    monkeypatch.setattr(sys, "platform", "win32")
    window.declare_dpi_awareness()
    assert os.environ[window.DPI_HINT] == "unaware"


def test_other_systems_get_no_dpi_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(window.DPI_HINT, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    window.declare_dpi_awareness()
    assert window.DPI_HINT not in os.environ


def test_on_windows_the_window_opens_at_the_displays_scale(
    monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(window, "display_scale", lambda: 1.5)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    app = App(headless=True)
    assert app.size == (1920, 1080)


def test_elsewhere_the_window_opens_at_1280x720(
    monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(window, "display_scale", lambda: 1.5)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    assert App(headless=True).size == MIN_SIZE


def test_the_scale_is_1_where_windows_cannot_say(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")  # no user32 here: the fallback
    assert window.display_scale() == 1.0
