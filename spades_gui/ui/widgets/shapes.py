"""Shapes on the felt: translucent rounded panels, the felt background, arrows and checks."""

from __future__ import annotations

import pygame

from ..theme import FELT, FELT_DARK, HC_EDGE, HC_FELT, HC_PANEL, Color, look

_PANELS: dict[tuple[object, ...], pygame.Surface] = {}
_BACKGROUNDS: dict[tuple[tuple[int, int], Color], pygame.Surface] = {}  # by size and felt


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color,
    radius: int = 0,
    border: Color | None = None,
    border_width: int = 1,
) -> None:
    """A filled rounded rectangle, translucent when color has alpha, with an optional border."""
    if rect.width <= 0 or rect.height <= 0:
        return
    if look().high_contrast and sum(color[:3]) < 200:  # a dark panel: black, outlined
        color, border = HC_PANEL, border if border is not None else HC_EDGE
        if len(border) == 4:
            border = HC_EDGE
    elif look().high_contrast and len(color) == 4 and color[3] < 100:  # a faint light button
        border = HC_EDGE
    radius = max(0, min(radius, rect.height // 2, rect.width // 2))
    if len(color) == 4 and color[3] < 255 or border is not None and len(border) == 4:
        key = (rect.size, tuple(color), radius, border and tuple(border), border_width)
        surf = _PANELS.get(key)
        if surf is None:
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, color, surf.get_rect(), border_radius=radius)
            if border is not None:
                pygame.draw.rect(surf, border, surf.get_rect(), border_width, border_radius=radius)
            if len(_PANELS) > 400:
                _PANELS.clear()
            _PANELS[key] = surf
        surface.blit(surf, rect)
        return
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


def draw_outline(
    surface: pygame.Surface, rect: pygame.Rect, color: Color, grow: int, width: int, radius: int
) -> None:
    """A rounded frame `grow` pixels wider and taller than rect: a card or button marked."""
    pygame.draw.rect(surface, color, rect.inflate(grow, grow), width, border_radius=radius)


def felt_background(size: tuple[int, int], felt: Color = FELT) -> pygame.Surface:
    """The felt (green unless the player chose another cloth): a soft radial light over dark
    edges, cached per window size and colour."""
    felt = HC_FELT if look().high_contrast else tuple(felt[:3])
    dark = FELT_DARK if felt == FELT else tuple(round(c * 0.36) for c in felt)
    bg = _BACKGROUNDS.get((size, felt))
    if bg is None:
        w, h = 96, 54
        small = pygame.Surface((w, h))
        for y in range(h):
            for x in range(w):
                dx = (x - w / 2) / (w / 2)
                dy = (y - h * 0.42) / (h / 2)
                t = min(1.0, (dx * dx * 0.8 + dy * dy) ** 0.5 / 1.25)
                t = t * t * (3 - 2 * t)
                small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(felt, dark)))
        bg = pygame.transform.smoothscale(small, size)
        if len(_BACKGROUNDS) > 4:
            _BACKGROUNDS.clear()
        _BACKGROUNDS[(size, felt)] = bg
    return bg


def draw_triangle(
    surface: pygame.Surface, color: Color, center: tuple[float, float], size: float, direction: str
) -> None:
    """A solid arrow head pointing left, right, up or down."""
    cx, cy = center
    h = size / 2
    pts = {
        "left": [(cx - h * 0.8, cy), (cx + h * 0.6, cy - h), (cx + h * 0.6, cy + h)],
        "right": [(cx + h * 0.8, cy), (cx - h * 0.6, cy - h), (cx - h * 0.6, cy + h)],
        "up": [(cx, cy - h * 0.8), (cx - h, cy + h * 0.6), (cx + h, cy + h * 0.6)],
        "down": [(cx, cy + h * 0.8), (cx - h, cy - h * 0.6), (cx + h, cy - h * 0.6)],
    }[direction]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.aalines(surface, color, True, pts)


def draw_check(surface: pygame.Surface, color: Color, rect: pygame.Rect) -> None:
    """A check mark inside rect."""
    w = max(2, round(rect.width * 0.14))
    pts = [
        (rect.left + rect.width * 0.2, rect.top + rect.height * 0.52),
        (rect.left + rect.width * 0.42, rect.top + rect.height * 0.74),
        (rect.left + rect.width * 0.8, rect.top + rect.height * 0.28),
    ]
    pygame.draw.lines(surface, color, False, pts, w)
    for p in pts:
        pygame.draw.circle(surface, color, p, w / 2)
