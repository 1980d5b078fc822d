"""Containers and messages: a scrolled list of widgets, a toast, a message line, a dialog."""

from __future__ import annotations

from typing import Literal

import pygame

from ..theme import ACCENT, ERROR, ERROR_BG, INFO_BG, MUTED, TEXT, WARN_BG, Color
from .basic import Button, Widget
from .shapes import draw_panel
from .text import draw_lines, draw_text, font, line_height, text_width, wrap


class ScrollView:
    """A vertical list of widgets in a clipped viewport, scrolled by wheel, keys or drag."""

    def __init__(self, gap: float = 6) -> None:
        self.rows: list[Widget] = []
        self.viewport = pygame.Rect(0, 0, 0, 0)
        self.gap = gap
        self.scroll = 0.0
        self.content_h = 0
        self.s = 1.0
        self.dragging = False
        self._offsets: list[tuple[int, int]] = []

    def set_rows(self, rows: list[Widget]) -> None:
        """Replace the rows (call layout afterwards)."""
        self.rows = rows
        self.scroll = 0.0

    def layout(self, viewport: pygame.Rect, s: float) -> None:
        """Measure rows for the viewport width and place them."""
        self.viewport = pygame.Rect(viewport)
        self.s = s
        width = self.viewport.width - round(22 * s)
        y = 0
        self._offsets = []
        for w in self.rows:
            h = w.measure(width, s)
            self._offsets.append((y, h))
            y += h + round(self.gap * s)
        self.content_h = max(0, y - round(self.gap * s))
        self.clamp()
        self.place()

    def max_scroll(self) -> int:
        """How far the content can scroll."""
        return max(0, self.content_h - self.viewport.height)

    def clamp(self) -> None:
        """Keep the scroll position inside the content."""
        self.scroll = max(0.0, min(float(self.max_scroll()), self.scroll))

    def place(self) -> None:
        """Move every row to its screen position for the current scroll."""
        width = self.viewport.width - round(22 * self.s)
        for w, (y, h) in zip(self.rows, self._offsets):
            top = self.viewport.top + y - round(self.scroll)
            w.place(pygame.Rect(self.viewport.left, top, width, h), self.s)
            w.clip = self.viewport

    def scroll_by(self, dy: float) -> None:
        """Scroll by pixels (positive = down)."""
        self.scroll += dy
        self.clamp()
        self.place()

    def scroll_to(self, widget: Widget) -> None:
        """Scroll just enough to show a row."""
        if widget not in self.rows:
            return
        y, h = self._offsets[self.rows.index(widget)]
        margin = round(12 * self.s)
        if y - margin < self.scroll:
            self.scroll = y - margin
        elif y + h + margin > self.scroll + self.viewport.height:
            self.scroll = y + h + margin - self.viewport.height
        self.clamp()
        self.place()

    def offset_of(self, widget: Widget) -> int:
        """A row's top within the content."""
        return self._offsets[self.rows.index(widget)][0]

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(track, thumb) of the scroll bar, or None when everything fits."""
        if self.max_scroll() <= 0:
            return None
        v = self.viewport
        w = round(8 * self.s)
        track = pygame.Rect(v.right - w, v.top, w, v.height)
        th = max(round(40 * self.s), round(v.height * v.height / self.content_h))
        ty = v.top + round((v.height - th) * self.scroll / self.max_scroll())
        return track, pygame.Rect(track.left, ty, w, th)

    def handle(self, event: pygame.event.Event) -> bool:
        """Wheel scrolls; the bar can be dragged; other mouse events go to visible rows."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60 * self.s)
            return True
        bar = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar:
            grab = bar[0].inflate(round(16 * self.s), 0)
            if grab.collidepoint(event.pos):
                self.dragging = True
                self._drag_to(event.pos[1], bar)
                return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging and bar:
            self._drag_to(event.pos[1], bar)
            return True
        return False

    def _drag_to(self, y: int, bar: tuple[pygame.Rect, pygame.Rect]) -> None:
        track, thumb = bar
        span = max(1, track.height - thumb.height)
        self.scroll = (y - track.top - thumb.height / 2) / span * self.max_scroll()
        self.clamp()
        self.place()

    def visible(self, widget: Widget) -> bool:
        """Whether any of a row shows in the viewport."""
        return widget.rect.colliderect(self.viewport)

    def draw(self, surface: pygame.Surface, focused: Widget | None = None) -> None:
        """Draw visible rows clipped to the viewport, then the scroll bar."""
        old = surface.get_clip()
        surface.set_clip(self.viewport.clip(old) if old else self.viewport)
        for w in self.rows:
            if w.rect.colliderect(self.viewport):
                w.draw(surface, w is focused)
        surface.set_clip(old)
        bar = self._bar()
        if bar:
            track, thumb = bar
            draw_panel(surface, track, (255, 255, 255, 18), track.width // 2)
            draw_panel(surface, thumb, (255, 255, 255, 110), thumb.width // 2)


class Toast:
    """A short message that appears near the bottom and fades away."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        self.total = 0.0

    def show(self, text: str, seconds: float = 2.6) -> None:
        """Show a message for a few seconds."""
        self.text = text
        self.left = self.total = seconds

    @property
    def active(self) -> bool:
        """Whether a toast is showing."""
        return self.left > 0

    def update(self, dt: float) -> bool:
        """Count down; True while showing."""
        if self.left <= 0:
            return False
        self.left = max(0.0, self.left - dt)
        return True

    def draw(self, surface: pygame.Surface, s: float) -> None:
        """A pill at the bottom centre, fading out in its last half second."""
        if self.left <= 0:
            return
        alpha = min(1.0, self.left / 0.5, (self.total - self.left) / 0.15 + 0.2)
        size = 28 * s
        w = text_width(self.text, size) + round(60 * s)
        h = round(56 * s)
        sw, sh = surface.get_size()
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (sw // 2, sh - round(96 * s))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = layer.get_rect()
        draw_panel(layer, local, (20, 24, 22, 236), h // 2, ACCENT, max(1, round(2 * s)))
        draw_text(layer, self.text, size, TEXT, local.center, "center")
        layer.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(layer, rect)


MessageKind = Literal["info", "warn", "error"]
# each kind's background, edge and badge
_MESSAGE_STYLE: dict[MessageKind, tuple[Color, Color, str]] = {
    "info": (INFO_BG, (140, 220, 170), "i"),
    "warn": (WARN_BG, ACCENT, "!"),
    "error": (ERROR_BG, ERROR, "!"),
}


class MessageLine:
    """One line (wrapping if need be) for warnings and refusals, until replaced or cleared."""

    def __init__(self) -> None:
        self.text = ""
        self.kind: MessageKind = "info"

    def set(self, text: str, kind: MessageKind = "info") -> None:
        """Show text of a kind: information, a warning or an error."""
        self.text = text
        self.kind = kind

    def clear(self) -> None:
        """Show nothing."""
        self.text = ""

    def height(self, width: int, s: float) -> int:
        """Height the message needs at a width."""
        if not self.text:
            return 0
        lines = wrap(self.text, 26 * s, width - round(70 * s))
        return len(lines) * line_height(26 * s) + round(20 * s)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """Draw inside rect (vertically centred) with a coloured badge."""
        if not self.text:
            return
        bg, edge, mark = _MESSAGE_STYLE[self.kind]
        draw_panel(surface, rect, bg, round(12 * s), edge, max(1, round(2 * s)))
        r = round(12 * s)
        cx, cy = rect.left + round(26 * s), rect.centery
        pygame.draw.circle(surface, edge, (cx, cy), r)
        draw_text(surface, mark, 26 * s, (20, 20, 20), (cx, cy + round(s)), "center")
        lines = wrap(self.text, 26 * s, rect.width - round(70 * s))
        lh = line_height(26 * s)
        top = rect.centery - lh * len(lines) / 2 + (lh - font(26 * s).get_height()) / 2
        draw_lines(surface, lines, 26 * s, TEXT, (rect.left + round(50 * s), top))


class Dialog:
    """A modal question with buttons; Escape picks the first (cancel) button."""

    def __init__(self, title: str, text: str, buttons: list[Button]) -> None:
        self.title = title
        self.text = text
        self.buttons = buttons
        self.focus = len(buttons) - 1
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0

    def layout(self, size: tuple[int, int], s: float) -> None:
        """Centre the box and its buttons."""
        self.s = s
        w = min(size[0] - round(80 * s), round(640 * s))
        self.lines = wrap(self.text, 28 * s, w - round(80 * s))
        bh = round(30 * 1.75 * s)
        h = (
            round(40 * s)
            + line_height(44 * s)
            + round(12 * s)
            + len(self.lines) * line_height(28 * s)
            + round(36 * s)
            + bh
            + round(36 * s)
        )
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        gap = round(20 * s)
        widths = [max(round(160 * s), b.natural_width(s)) for b in self.buttons]
        x = self.rect.right - round(40 * s) - sum(widths) - gap * (len(widths) - 1)
        for b, bw in zip(self.buttons, widths):
            b.measure(bw, s)
            b.place(pygame.Rect(x, self.rect.bottom - round(36 * s) - bh, bw, bh), s)
            x += bw + gap

    def handle(self, event: pygame.event.Event) -> None:
        """Keys move between the buttons; everything else goes to the buttons only."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.buttons[0].on_click()
            elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB) and (
                event.key != pygame.K_TAB or event.mod & pygame.KMOD_SHIFT
            ):
                self.focus = (self.focus - 1) % len(self.buttons)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].activate()
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the scene and draw the box."""
        s = self.s
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.rect, (12, 52, 34), round(18 * s), ACCENT, max(2, round(2 * s)))
        x = self.rect.left + round(40 * s)
        y = self.rect.top + round(40 * s)
        draw_text(surface, self.title, 44 * s, TEXT, (x, y))
        y += line_height(44 * s) + round(12 * s)
        draw_lines(surface, self.lines, 28 * s, MUTED, (x, y))
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)
