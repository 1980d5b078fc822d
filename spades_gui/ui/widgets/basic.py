"""The basic widgets: the base class, a wrapped label, a push button and a painted row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..theme import (
    ACCENT,
    ACCENT_TEXT,
    BUTTON,
    BUTTON_DOWN,
    BUTTON_HOVER,
    BUTTON_SECONDARY,
    BUTTON_SECONDARY_HOVER,
    DANGER,
    DANGER_HOVER,
    FAINT,
    ROW_HOVER,
    TEXT,
    Color,
)
from .shapes import draw_panel
from .text import cap_box, draw_lines, draw_text, line_height, text_width, wrap


class Widget:
    """A rectangle that can be drawn, hovered, clicked and (if focusable) driven by keys."""

    focusable = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.clip: pygame.Rect | None = None
        self.hover = False
        self.enabled = True
        self.s = 1.0

    # sizes ------------------------------------------------------------------------------

    def body(self) -> float:
        """Body text size for the current scale."""
        return 29 * self.s

    def measure(self, width: int, s: float) -> int:
        """Height this widget wants at a width and scale."""
        self.s = s
        return round(52 * s)

    def place(self, rect: pygame.Rect, s: float) -> None:
        """Put the widget at a screen rect."""
        self.rect = pygame.Rect(rect)
        self.s = s

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a screen point is on the visible part of the widget."""
        return self.rect.collidepoint(pos) and (self.clip is None or self.clip.collidepoint(pos))

    # input ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a mouse event; True if it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            return self.click(event.pos)
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click at pos on the widget."""
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key pressed while focused (other than Up/Down/Escape); True if used."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.activate()
        return False

    def activate(self) -> bool:
        """Enter or Space on the focused widget."""
        return False

    def update(self, dt: float) -> bool:
        """Advance timers; True while something changes by itself."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Draw the widget."""

    def draw_row_back(self, surface: pygame.Surface, focused: bool) -> None:
        """The highlight behind a settings row when hovered or focused."""
        r = round(10 * self.s)
        if focused:
            draw_panel(
                surface, self.rect, (255, 255, 255, 30), r, ACCENT, max(2, round(2 * self.s))
            )
        elif self.hover and self.enabled:
            draw_panel(surface, self.rect, ROW_HOVER, r)


class Label(Widget):
    """Text that wraps: a heading, a paragraph or a bullet; not focusable."""

    focusable = False

    def __init__(
        self,
        text: str,
        size: float = 29,
        color: Color = TEXT,
        bullet: bool = False,
        gap_above: float = 0,
        align: str = "left",
    ) -> None:
        super().__init__()
        self.text = text
        self.size = size
        self.color = color
        self.bullet = bullet
        self.gap_above = gap_above
        self.align = align
        self.lines: list[str] = []

    def _indent(self) -> int:
        return round(26 * self.s) if self.bullet else 0

    def measure(self, width: int, s: float) -> int:
        """Height of the wrapped text plus the gap above."""
        self.s = s
        self.lines = wrap(self.text, self.size * s, width - self._indent())
        return round(self.gap_above * s) + line_height(self.size * s) * len(self.lines)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Draw the text (and its bullet)."""
        size = self.size * self.s
        top = self.rect.top + round(self.gap_above * self.s)
        if self.bullet:
            _, cap = cap_box(round(size))
            cy = top + cap_box(round(size))[0] + cap / 2
            pygame.draw.circle(surface, ACCENT, (self.rect.left + 8 * self.s, cy), 4 * self.s)
        draw_lines(
            surface,
            self.lines,
            size,
            self.color,
            (self.rect.left + self._indent(), top),
            self.align,
            self.rect.width - self._indent(),
        )


class Button(Widget):
    """A push button: click, Enter or Space calls on_click."""

    said = ""  # what speech says for it, when its text is too terse ("" for its text)

    def __init__(
        self,
        text: str,
        on_click: Callable[[], Any],
        style: str = "primary",
        size: float = 30,
        name: str = "",
    ) -> None:
        super().__init__()
        self.text = text
        self.on_click = on_click
        self.style = style
        self.size = size
        self.name = name or text
        self.pressed = False

    def measure(self, width: int, s: float) -> int:
        """A button's height."""
        self.s = s
        return round(self.size * 1.75 * s)

    def natural_width(self, s: float) -> int:
        """Width that fits the label with padding."""
        return text_width(self.text, self.size * s) + round(56 * s)

    def handle(self, event: pygame.event.Event) -> bool:
        """Press on mouse down, fire on mouse up over the button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.hit(event.pos):
                self.on_click()
            return True
        return False

    def activate(self) -> bool:
        """Enter or Space presses the button."""
        if self.enabled:
            self.on_click()
        return True

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """A rounded button, gold-ringed when focused."""
        s = self.s
        r = self.rect
        radius = round(r.height * 0.5)
        hot = self.hover or focused
        color, text_color = {
            "primary": (BUTTON_DOWN if self.pressed else BUTTON_HOVER if hot else BUTTON, TEXT),
            "secondary": (BUTTON_SECONDARY_HOVER if hot else BUTTON_SECONDARY, TEXT),
            "danger": (DANGER_HOVER if hot else DANGER, TEXT),
            "accent": ((255, 214, 120) if hot else ACCENT, ACCENT_TEXT),
        }[self.style]
        if not self.enabled:
            color, text_color = (255, 255, 255, 16), FAINT
        border = ACCENT if focused else (255, 255, 255, 34)
        bw = max(2, round(3 * s)) if focused else max(1, round(s))
        draw_panel(surface, r, color, radius, border, bw)
        size = self.size * s
        if text_width(self.text, size) > r.width - 20 * s:
            size *= (r.width - 20 * s) / max(1, text_width(self.text, size))
        draw_text(surface, self.text, size, text_color, r.center, "center")


class Custom(Widget):
    """A non-focusable row drawn by a function (previews, pictures)."""

    focusable = False

    def __init__(
        self, height: float, paint: Callable[[pygame.Surface, pygame.Rect, float], None]
    ) -> None:
        super().__init__()
        self.height = height
        self.paint = paint

    def measure(self, width: int, s: float) -> int:
        """The fixed height, scaled."""
        self.s = s
        return round(self.height * s)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Call the painter."""
        self.paint(surface, self.rect, self.s)


class Figure(Widget):
    """A figure on a page the keyboard stops at: its words are spoken, a ring is drawn round it
    when focused, and a painter (if any) draws it, as a table's row."""

    def __init__(
        self,
        words: str,
        height: float = 0,
        paint: Callable[[pygame.Surface, pygame.Rect, float], None] | None = None,
    ) -> None:
        super().__init__()
        self.text = words
        self.height = height
        self.paint = paint

    def measure(self, width: int, s: float) -> int:
        """The fixed height, scaled."""
        self.s = s
        return round(self.height * s)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """The painter, then the focus ring."""
        if self.paint is not None:
            self.paint(surface, self.rect, self.s)
        if focused and self.rect.width and self.rect.height:
            ring = self.rect.inflate(round(6 * self.s), round(6 * self.s))
            width = max(2, round(3 * self.s))
            pygame.draw.rect(surface, ACCENT, ring, width, border_radius=round(12 * self.s))
