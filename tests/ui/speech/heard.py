"""Hearing a screen by keys alone: the lines said, a menu entry opened, the focus taken
round."""

from __future__ import annotations

from pathlib import Path

import pygame

from tests.conftest import Pilot


def lines(path: Path) -> list[str]:
    """The lines said so far."""
    return path.read_text(encoding="utf-8").splitlines()


def open_from_menu(pilot: Pilot, log: Path, name: str) -> int:
    """Down (then Right) through the menu until `name` is said, then Enter; the log's length
    before."""
    for key in [pygame.K_DOWN] * 12 + [pygame.K_RIGHT] * 3:  # the column, then the side
        if lines(log)[-1] == name:
            break
        pilot.key(key)
    assert lines(log)[-1] == name
    n = len(lines(log))
    pilot.key(pygame.K_RETURN)
    return n


def go_round(
    pilot: Pilot, log: Path, key: int = pygame.K_RIGHT, start: str = "", stops: int = 40
) -> list[str]:
    """Press a key until the focus comes back to `start` (the last line said if none); each
    line said meanwhile."""
    heard: list[str] = []
    start = start or lines(log)[-1]
    for _ in range(stops):
        n = len(lines(log))
        pilot.key(key)
        new = lines(log)[n:]
        assert new, "a key that moved the focus said nothing"
        heard += new
        if new[-1] == start:
            return heard
    raise AssertionError(f"the focus never came round: {heard}")
