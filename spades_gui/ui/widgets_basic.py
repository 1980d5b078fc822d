"""Reusable pygame widgets on a dark felt theme: text, buttons, toggles, selectors, steppers,
checkboxes, text fields, a scroll view, toasts, a message line, a dialog and a scene base."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .cards import get_font
from .main import App, Scene

Color = tuple[int, ...]

# --------------------------------------------------------------------------- theme

FELT = (16, 92, 58)
FELT_DARK = (5, 38, 24)
PANEL = (4, 30, 19, 200)
PANEL_SOFT = (255, 255, 255, 14)
ROW_HOVER = (255, 255, 255, 22)
LINE = (255, 255, 255, 40)
TEXT = (238, 243, 238)
MUTED = (168, 198, 180)
FAINT = (120, 156, 136)
ACCENT = (244, 198, 88)
ACCENT_TEXT = (30, 24, 8)
BUTTON = (30, 118, 76)
BUTTON_HOVER = (40, 142, 93)
BUTTON_DOWN = (22, 96, 61)
BUTTON_SECONDARY = (255, 255, 255, 26)
BUTTON_SECONDARY_HOVER = (255, 255, 255, 48)
DANGER = (186, 58, 58)
DANGER_HOVER = (210, 74, 74)
TRACK_OFF = (70, 96, 84)
FIELD = (2, 22, 14)
ACCENT_SELECT = (46, 92, 150)  # selected text in a field
ERROR = (255, 120, 110)
ERROR_BG = (92, 22, 22, 230)
INFO_BG = (10, 58, 38, 230)
WARN_BG = (96, 64, 8, 235)
SUIT_RED = (255, 112, 112)

SUIT_CHARS = {"♣": 0, "♦": 1, "♥": 2, "♠": 3}
BASE_SIZE = (1280, 720)


def ui_scale(size: tuple[int, int]) -> float:
    """The layout unit: 1.0 at 1280×720, growing with the window's smaller proportion."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


# --------------------------------------------------------------------------- text

_TEXT_CACHE: dict[tuple, pygame.Surface] = {}
_CAP: dict[int, tuple[int, int]] = {}


def font(size: float) -> pygame.font.Font:
    """pygame's default font at a size (cached, shared with the card art)."""
    return get_font(max(6, round(size)))


def _cap_box(size: int) -> tuple[int, int]:
    """(top, height) of a capital letter within a line of this font size."""
    box = _CAP.get(size)
    if box is None:
        r = font(size).render("H", True, (0, 0, 0)).get_bounding_rect()
        box = _CAP[size] = (r.top, r.height)
    return box


def _runs(text: str) -> list[str]:
    """Text split into plain runs and single suit symbols."""
    out: list[str] = []
    buf = ""
    for ch in text:
        if ch in SUIT_CHARS:
            if buf:
                out.append(buf)
                buf = ""
            out.append(ch)
        else:
            buf += ch
    if buf:
        out.append(buf)
    return out


def _suit_w(size: int) -> int:
    """Advance width of a suit symbol drawn inside text."""
    return max(4, round(font(size).get_height() * 0.86))


def text_width(text: str, size: float) -> int:
    """Width in pixels of one line of text (suit symbols included)."""
    size = max(6, round(size))
    f = font(size)
    return sum(_suit_w(size) if r in SUIT_CHARS else f.size(r)[0] for r in _runs(text))


def render_text(text: str, size: float, color: Color = TEXT) -> pygame.Surface:
    """One line of antialiased text; ♠♥♦♣ are drawn as shapes (the font lacks them)."""
    size = max(6, round(size))
    key = (text, size, tuple(color))
    surf = _TEXT_CACHE.get(key)
    if surf is not None:
        return surf
    f = font(size)
    runs = _runs(text)
    if not any(r in SUIT_CHARS for r in runs):
        surf = f.render(text or " ", True, color[:3])
    else:
        from .cards import draw_suit

        h = f.get_height()
        surf = pygame.Surface((max(1, text_width(text, size)), h), pygame.SRCALPHA)
        top, cap = _cap_box(size)
        x = 0
        for r in runs:
            if r in SUIT_CHARS:
                w = _suit_w(size)
                suit = SUIT_CHARS[r]
                col = SUIT_RED if suit in (1, 2) and color[:3] != ACCENT_TEXT else color[:3]
                draw_suit(surf, suit, (x + w // 2, top + cap // 2), round(cap * 1.18), col)
                x += w
            else:
                piece = f.render(r, True, color[:3])
                surf.blit(piece, (x, 0))
                x += piece.get_width()
    if len(color) == 4 and color[3] < 255:
        surf = surf.copy()
        surf.set_alpha(color[3])
    if len(_TEXT_CACHE) > 3000:
        _TEXT_CACHE.clear()
    _TEXT_CACHE[key] = surf
    return surf


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: float,
    color: Color,
    pos: tuple[float, float],
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text with its rect's `anchor` at pos; returns the rect drawn."""
    surf = render_text(text, size, color)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    return rect


def ellipsize(text: str, size: float, width: float) -> str:
    """One line cut with an ellipsis to fit a width (whole when it fits)."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: float, width: float) -> list[str]:
    """Text broken into lines no wider than width (words longer than a line stay whole)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def line_height(size: float) -> int:
    """Distance between lines of wrapped text at this size."""
    return round(font(size).get_height() * 1.22)


def draw_lines(
    surface: pygame.Surface,
    lines: Sequence[str],
    size: float,
    color: Color,
    pos: tuple[float, float],
    align: str = "left",
    width: float = 0,
) -> int:
    """Draw wrapped lines from the top-left pos; returns the height used."""
    x, y = pos
    lh = line_height(size)
    for i, line in enumerate(lines):
        if align == "center":
            draw_text(surface, line, size, color, (x + width / 2, y + i * lh), "midtop")
        elif align == "right":
            draw_text(surface, line, size, color, (x + width, y + i * lh), "topright")
        else:
            draw_text(surface, line, size, color, (x, y + i * lh))
    return lh * len(lines)


# --------------------------------------------------------------------------- shapes

_PANELS: dict[tuple, pygame.Surface] = {}
_BACKGROUNDS: dict[tuple[int, int], pygame.Surface] = {}


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


def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The green felt: a soft radial light over dark edges, cached per window size."""
    bg = _BACKGROUNDS.get(size)
    if bg is None:
        w, h = 96, 54
        small = pygame.Surface((w, h))
        for y in range(h):
            for x in range(w):
                dx = (x - w / 2) / (w / 2)
                dy = (y - h * 0.42) / (h / 2)
                t = min(1.0, (dx * dx * 0.8 + dy * dy) ** 0.5 / 1.25)
                t = t * t * (3 - 2 * t)
                small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK)))
        bg = pygame.transform.smoothscale(small, size)
        if len(_BACKGROUNDS) > 4:
            _BACKGROUNDS.clear()
        _BACKGROUNDS[size] = bg
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


# --------------------------------------------------------------------------- widgets


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
            _, cap = _cap_box(round(size))
            cy = top + _cap_box(round(size))[0] + cap / 2
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


class _Row(Widget):
    """A settings row: a wrapped label on the left, a control on the right."""

    label_share = 0.5

    def __init__(
        self, label: str, note: str = "", modified: Callable[[], bool] | None = None, name: str = ""
    ) -> None:
        super().__init__()
        self.label = label
        self.note = note
        self.modified = modified
        self.name = name or label
        self.label_lines: list[str] = []
        self.note_lines: list[str] = []

    def pad(self) -> int:
        """Inner padding."""
        return round(16 * self.s)

    def label_width(self, width: int) -> int:
        """Width of the label column."""
        return round(width * self.label_share) - self.pad() * 2

    def control_rect(self) -> pygame.Rect:
        """Where the control is drawn."""
        p = self.pad()
        x = self.rect.left + round(self.rect.width * self.label_share)
        return pygame.Rect(x, self.rect.top + p // 2, self.rect.right - p - x, self.rect.height - p)

    def control_height(self, width: int) -> int:
        """Height the control needs."""
        return round(44 * self.s)

    def measure(self, width: int, s: float) -> int:
        """Height: the taller of the wrapped label and the control."""
        self.s = s
        self.label_lines = wrap(self.label, self.body(), self.label_width(width))
        self.note_lines = wrap(self.note, 23 * s, self.label_width(width)) if self.note else []
        text_h = line_height(self.body()) * len(self.label_lines)
        text_h += line_height(23 * s) * len(self.note_lines)
        ctrl_w = width - round(width * self.label_share) - self.pad()
        return max(text_h, self.control_height(ctrl_w)) + self.pad() * 2 - self.pad() // 2

    def draw_label(self, surface: pygame.Surface) -> None:
        """The label, a gold dot when changed from the preset, and the note."""
        p = self.pad()
        lh = line_height(self.body())
        nh = line_height(23 * self.s)
        n = (len(self.label_lines) - 1) * lh + font(self.body()).get_height()
        if self.note_lines:
            n += len(self.note_lines) * nh + round(2 * self.s)
        top = self.rect.centery - n // 2
        color = TEXT if self.enabled else FAINT
        if self.modified and self.modified():
            dot_y = top + font(self.body()).get_height() * 0.45
            pygame.draw.circle(surface, ACCENT, (self.rect.left + p * 0.5, dot_y), 4.5 * self.s)
        h = draw_lines(surface, self.label_lines, self.body(), color, (self.rect.left + p, top))
        y = top + h - lh + font(self.body()).get_height() + round(2 * self.s)
        draw_lines(surface, self.note_lines, 23 * self.s, MUTED, (self.rect.left + p, y))

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Row background, label and control."""
        if not (focused or self.hover):
            y = self.rect.bottom + max(1, round(2 * self.s))
            p = self.pad()
            thick = max(1, round(self.s))
            line = pygame.Rect(self.rect.left + p, y, self.rect.width - 2 * p, thick)
            draw_panel(surface, line, (255, 255, 255, 16))
        self.draw_row_back(surface, focused)
        self.draw_label(surface)
        self.draw_control(surface, self.control_rect(), focused)

    def draw_control(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """Draw the control part."""


class GroupHeading(_Row):
    """The title over a set of checkboxes, aligned with row labels; not focusable."""

    focusable = False
    label_share = 1.0

    def measure(self, width: int, s: float) -> int:
        """The wrapped title with a little room above."""
        self.s = s
        self.label_lines = wrap(self.label, self.body(), width - 2 * self.pad())
        self.note_lines = []
        return line_height(self.body()) * len(self.label_lines) + round(18 * s)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Only the label (and its changed dot)."""
        self.draw_label(surface)


class Toggle(_Row):
    """A yes/no switch."""

    def __init__(
        self,
        label: str,
        get: Callable[[], bool],
        set: Callable[[bool], Any],
        words: tuple[str, str] = ("Yes", "No"),
        **kw: Any,
    ) -> None:
        super().__init__(label, **kw)
        self.get = get
        self.set = set
        self.words = words

    def click(self, pos: tuple[int, int]) -> bool:
        """Clicking anywhere on the row flips it."""
        self.set(not self.get())
        return True

    def activate(self) -> bool:
        """Enter or Space flips it."""
        self.set(not self.get())
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """Left turns it off, Right on; Enter/Space flips."""
        if event.key == pygame.K_LEFT and self.get():
            self.set(False)
            return True
        if event.key == pygame.K_RIGHT and not self.get():
            self.set(True)
            return True
        return super().key(event)

    def switch_rect(self) -> pygame.Rect:
        """The switch track."""
        c = self.control_rect()
        h = round(34 * self.s)
        w = round(h * 1.85)
        return pygame.Rect(c.right - w, c.centery - h // 2, w, h)

    def draw_control(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """Track, knob and the word for the state."""
        on = bool(self.get())
        t = self.switch_rect()
        draw_panel(surface, t, ACCENT if on else TRACK_OFF, t.height // 2)
        knob_r = t.height // 2 - max(2, round(3 * self.s))
        kx = t.right - t.height // 2 if on else t.left + t.height // 2
        pygame.draw.circle(surface, (250, 250, 246), (kx, t.centery), knob_r)
        word = self.words[0] if on else self.words[1]
        draw_text(
            surface,
            word,
            self.body(),
            TEXT if on else MUTED,
            (t.left - 14 * self.s, t.centery),
            "midright",
        )


class Selector(_Row):
    """One of several choices, stepped with arrow buttons (or Left/Right)."""

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[Any, str]],
        get: Callable[[], Any],
        set: Callable[[Any], Any],
        **kw: Any,
    ) -> None:
        super().__init__(label, **kw)
        self.choices = list(choices)
        self.get = get
        self.set = set
        self.value_lines: dict[Any, list[str]] = {}

    def index(self) -> int:
        """Position of the current value among the choices."""
        v = self.get()
        for i, (c, _) in enumerate(self.choices):
            if c == v and type(c) is type(v):
                return i
        return 0

    def step(self, d: int) -> None:
        """Choose the next (d=1) or previous (d=-1) value, wrapping round."""
        i = (self.index() + d) % len(self.choices)
        self.set(self.choices[i][0])

    def _arrow_w(self) -> int:
        return round(40 * self.s)

    def _value_width(self, ctrl_w: int) -> int:
        return ctrl_w - 2 * self._arrow_w() - round(16 * self.s)

    def control_height(self, width: int) -> int:
        """Tall enough for the longest choice's wrapped words."""
        vw = self._value_width(width)
        most = 1
        for c, words in self.choices:
            lines = wrap(words, self.body(), vw)
            self.value_lines[c] = lines
            most = max(most, len(lines))
        return max(round(44 * self.s), most * line_height(self.body()) + round(14 * self.s))

    def click(self, pos: tuple[int, int]) -> bool:
        """Left arrow: previous; anywhere else: next."""
        c = self.control_rect()
        self.step(-1 if c.left <= pos[0] < c.left + self._arrow_w() else 1)
        return True

    def activate(self) -> bool:
        """Enter or Space: the next choice."""
        self.step(1)
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """Left and Right step through the choices."""
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return super().key(event)

    def draw_control(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """◀ value ▶ in a pill."""
        s = self.s
        draw_panel(surface, rect, FIELD + (150,), round(12 * s), (255, 255, 255, 30))
        aw = self._arrow_w()
        for side, x in (("left", rect.left + aw / 2), ("right", rect.right - aw / 2)):
            draw_triangle(surface, ACCENT, (x, rect.centery), 18 * s, side)
        v = self.get()
        words = next((w for c, w in self.choices if c == v and type(c) is type(v)), str(v))
        lines = self.value_lines.get(v) or wrap(words, self.body(), self._value_width(rect.width))
        lh = line_height(self.body())
        top = rect.centery - lh * len(lines) / 2 + (lh - font(self.body()).get_height()) / 2
        draw_lines(
            surface, lines, self.body(), TEXT, (rect.left + aw, top), "center", rect.width - 2 * aw
        )


class Stepper(_Row):
    """A whole number with − and + buttons inside a range; optionally a 'none' value."""

    def __init__(
        self,
        label: str,
        get: Callable[[], int | None],
        set: Callable[[int | None], Any],
        low: int,
        high: int,
        step: int = 1,
        none_word: str | None = None,
        zero_word: str | None = None,
        unit: str = "",
        **kw: Any,
    ) -> None:
        super().__init__(label, **kw)
        self.get = get
        self.set = set
        self.low = low
        self.high = high
        self.step_by = step
        self.none_word = none_word
        self.zero_word = zero_word
        self.unit = unit
        self.held = 0
        self.hold_t = 0.0

    def next_value(self, d: int) -> int | None:
        """The value one step up (d=1) or down (d=-1), snapped to the step and clamped."""
        v = self.get()
        k = self.step_by
        if v is None:
            if d > 0:
                return None
            top = self.high // k * k
            return top if top >= self.low else self.high
        n = (v // k + 1) * k if d > 0 else (v - 1) // k * k
        if n > self.high:
            return None if self.none_word is not None else self.high
        return max(self.low, n)

    def bump(self, d: int) -> None:
        """Step the value once."""
        n = self.next_value(d)
        if n != self.get():
            self.set(n)

    def text(self) -> str:
        """The value in words."""
        v = self.get()
        if v is None:
            return self.none_word or "—"
        if v == 0 and self.zero_word:
            return self.zero_word
        neg = "−" if v < 0 else ""
        return f"{neg}{abs(v)}{self.unit}"

    def _button_w(self) -> int:
        return round(48 * self.s)

    def _box(self) -> pygame.Rect:
        c = self.control_rect()
        w = min(c.width, round(250 * self.s))
        return pygame.Rect(c.right - w, c.centery - round(22 * self.s), w, round(44 * self.s))

    def click(self, pos: tuple[int, int]) -> bool:
        """− or + by where the click lands; holding repeats."""
        box = self._box()
        if not box.left <= pos[0] <= box.right:
            return True
        if pos[0] < box.left + self._button_w():
            d = -1
        elif pos[0] > box.right - self._button_w():
            d = 1
        else:
            return True
        self.bump(d)
        self.held, self.hold_t = d, -0.45
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse up ends a hold."""
        if event.type == pygame.MOUSEBUTTONUP:
            self.held = 0
        return super().handle(event)

    def update(self, dt: float) -> bool:
        """Repeat while a button is held."""
        if not self.held:
            return False
        if not pygame.mouse.get_pressed()[0]:
            self.held = 0
            return False
        self.hold_t += dt
        while self.hold_t > 0.07:
            self.hold_t -= 0.07
            self.bump(self.held)
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """Left/Right (or −/+) step; Shift steps ten times."""
        d = {pygame.K_LEFT: -1, pygame.K_MINUS: -1, pygame.K_RIGHT: 1, pygame.K_PLUS: 1}.get(
            event.key, 0
        )
        if event.key == pygame.K_EQUALS:
            d = 1
        if d:
            for _ in range(10 if event.mod & pygame.KMOD_SHIFT else 1):
                self.bump(d)
            return True
        return super().key(event)

    def draw_control(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """[−] value [+]."""
        s = self.s
        box = self._box()
        draw_panel(surface, box, FIELD + (150,), round(12 * s), (255, 255, 255, 30))
        bw = self._button_w()
        v = self.get()
        for d in (-1, 1):
            x = box.left + bw / 2 if d < 0 else box.right - bw / 2
            can = self.next_value(d) != v
            col = ACCENT if can else FAINT
            half = 9 * s
            th = max(2, round(3 * s))
            pygame.draw.rect(
                surface, col, pygame.Rect(x - half, box.centery - th / 2, 2 * half, th)
            )
            if d > 0:
                pygame.draw.rect(
                    surface, col, pygame.Rect(x - th / 2, box.centery - half, th, 2 * half)
                )
        draw_text(surface, self.text(), self.body(), TEXT, box.center, "center")


class Checkbox(_Row):
    """A box that is ticked or not (one choice of a multi-select)."""

    label_share = 0.88

    def __init__(
        self, label: str, get: Callable[[], bool], set: Callable[[bool], Any], **kw: Any
    ) -> None:
        super().__init__(label, **kw)
        self.get = get
        self.set = set

    def label_width(self, width: int) -> int:
        """Leave room for the box on the left."""
        return round(width * self.label_share) - self.pad() * 2 - round(60 * self.s)

    def measure(self, width: int, s: float) -> int:
        """A compact row: the wrapped label beside the box."""
        self.s = s
        self.label_lines = wrap(self.label, self.body(), self.label_width(width))
        text_h = line_height(self.body()) * len(self.label_lines)
        return max(text_h, round(34 * s)) + round(14 * s)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click anywhere on the row ticks or unticks."""
        self.set(not self.get())
        return True

    def activate(self) -> bool:
        """Enter or Space ticks or unticks."""
        self.set(not self.get())
        return True

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Box on the left, label beside it."""
        self.draw_row_back(surface, focused)
        s = self.s
        p = self.pad()
        size = round(28 * s)
        box = pygame.Rect(self.rect.left + p + round(16 * s), 0, size, size)
        box.centery = self.rect.centery
        on = bool(self.get())
        draw_panel(
            surface, box, ACCENT if on else FIELD, round(6 * s), ACCENT, max(2, round(2 * s))
        )
        if on:
            draw_check(surface, ACCENT_TEXT, box)
        lh = line_height(self.body())
        n = (len(self.label_lines) - 1) * lh + font(self.body()).get_height()
        top = self.rect.centery - n // 2
        draw_lines(surface, self.label_lines, self.body(), TEXT, (box.right + round(16 * s), top))


class TextField(_Row):
    """A short line of text typed by the player (names)."""

    def __init__(
        self,
        label: str,
        get: Callable[[], str],
        set: Callable[[str], Any],
        max_len: int = 16,
        placeholder: str = "",
        **kw: Any,
    ) -> None:
        super().__init__(label, **kw)
        self.get = get
        self.set = set
        self.max_len = max_len
        self.placeholder = placeholder
        self.editing = False
        self.all_selected = False  # Ctrl+A: the next key replaces (or deletes) the whole text
        self.cut = False  # typing went past max_len: say so

    def click(self, pos: tuple[int, int]) -> bool:
        """A click starts editing."""
        self.editing = True
        self.all_selected = self.cut = False
        pygame.key.start_text_input()
        return True

    def activate(self) -> bool:
        """Enter starts or ends editing."""
        self.editing = not self.editing
        if self.editing:
            pygame.key.start_text_input()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Typed text goes in while editing; a click elsewhere ends editing."""
        if event.type == pygame.TEXTINPUT and self.editing:
            typed = ("" if self.all_selected else self.get()) + event.text
            self.all_selected = False
            text = typed[: self.max_len]
            self.cut = len(typed) > self.max_len
            if text != self.get():
                self.set(text)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.hit(event.pos):
            self.editing = self.all_selected = self.cut = False
        return super().handle(event)

    def key(self, event: pygame.event.Event) -> bool:
        """Backspace deletes while editing; Enter toggles editing."""
        ctrl = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if self.editing and ctrl and event.key == pygame.K_a:
            self.all_selected = bool(self.get())
            return True
        if self.editing and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            text = self.get()
            if text:
                self.set("" if self.all_selected else text[:-1])
            self.all_selected = self.cut = False
            return True
        if self.editing and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.editing = self.all_selected = self.cut = False
            return True
        if self.editing and event.key in (
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_HOME,
            pygame.K_END,
        ):
            self.all_selected = False  # the caret stays at the end; the selection goes
            return True
        if self.editing and event.key == pygame.K_SPACE:
            return False  # a space arrives as TEXTINPUT
        return super().key(event)

    def draw_control(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """The input box with the text and, while editing, a caret."""
        s = self.s
        box = pygame.Rect(rect.left, rect.centery - round(22 * s), rect.width, round(44 * s))
        border = ACCENT if self.editing else (255, 255, 255, 50)
        draw_panel(surface, box, FIELD + (200,), round(10 * s), border, max(1, round(2 * s)))
        text = self.get()
        x = box.left + round(14 * s)
        if self.editing:  # how many characters are left; plainly, once the limit cut typing
            words = (
                f"{self.max_len} characters at most"
                if self.cut
                else (f"{len(text)}/{self.max_len}")
            )
            color = ACCENT if self.cut else FAINT
            draw_text(
                surface,
                words,
                self.body() * 0.8,
                color,
                (box.right - round(14 * s), box.centery),
                "midright",
            )
        if text:
            if self.all_selected and self.editing:
                w = text_width(text, self.body())
                sel = pygame.Rect(
                    x - round(2 * s), box.centery - round(15 * s), w + round(4 * s), round(30 * s)
                )
                pygame.draw.rect(surface, ACCENT_SELECT, sel, border_radius=round(4 * s))
            r = draw_text(surface, text, self.body(), TEXT, (x, box.centery), "midleft")
            x = r.right + round(3 * s)
        elif self.placeholder and not self.editing:
            draw_text(surface, self.placeholder, self.body(), FAINT, (x, box.centery), "midleft")
        if self.editing:
            h = round(26 * s)
            pygame.draw.rect(
                surface, ACCENT, pygame.Rect(x, box.centery - h // 2, max(2, s * 2), h)
            )


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


# --------------------------------------------------------------------------- containers


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


# --------------------------------------------------------------------------- messages


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


class MessageLine:
    """One line (wrapping if need be) for warnings and refusals, until replaced or cleared."""

    def __init__(self) -> None:
        self.text = ""
        self.kind = "info"

    def set(self, text: str, kind: str = "info") -> None:
        """Show text; kind is 'info', 'warn' or 'error'."""
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
        bg = {"error": ERROR_BG, "warn": WARN_BG}.get(self.kind, INFO_BG)
        edge = {"error": ERROR, "warn": ACCENT}.get(self.kind, (140, 220, 170))
        draw_panel(surface, rect, bg, round(12 * s), edge, max(1, round(2 * s)))
        r = round(12 * s)
        cx, cy = rect.left + round(26 * s), rect.centery
        pygame.draw.circle(surface, edge, (cx, cy), r)
        mark = "!" if self.kind in ("error", "warn") else "i"
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


# --------------------------------------------------------------------------- scene base


class WidgetScene(Scene):
    """A scene of widgets with focus (Up/Down, Enter), hover, scrolling, toasts and dialogs."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.s = 1.0
        self.size = app.size
        self.focus: Widget | None = None
        self.keyboard = False
        self.toast = Toast()
        self.message = MessageLine()
        self.dialog: Dialog | None = None
        self.view: ScrollView | None = None

    # to override ---------------------------------------------------------------------------

    def widgets(self) -> list[Widget]:
        """Every interactive widget, in focus order."""
        return []

    def back(self) -> None:
        """Escape: leave the scene."""

    def arrange(self, size: tuple[int, int]) -> None:
        """Place the widgets for a window size (self.s is set)."""

    def paint(self, surface: pygame.Surface) -> None:
        """Draw the scene's own content over the felt."""

    # machinery -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute the scale and place everything."""
        self.size = size
        self.s = ui_scale(size)
        self.arrange(size)
        if self.dialog:
            self.dialog.layout(size, self.s)

    def relayout(self) -> None:
        """Place everything again (after content changed), keeping the scroll position."""
        scroll = self.view.scroll if self.view else 0
        self.layout(self.size)
        if self.view:
            self.view.scroll = scroll
            self.view.clamp()
            self.view.place()
        self.app.invalidate()

    def focusables(self) -> list[Widget]:
        """Widgets that can take the focus now."""
        return [w for w in self.widgets() if w.focusable and w.enabled]

    def set_focus(self, widget: Widget | None) -> None:
        """Move the focus (scrolling it into view)."""
        if isinstance(self.focus, TextField) and self.focus is not widget:
            self.focus.editing = False
        self.focus = widget
        if widget is not None and self.view is not None and widget in self.view.rows:
            self.view.scroll_to(widget)

    def move_focus(self, d: int) -> None:
        """Focus the next (d=1) or previous (d=-1) widget."""
        items = self.focusables()
        if not items:
            return
        if self.focus not in items:
            self.set_focus(items[0] if d > 0 else items[-1])
            return
        i = (items.index(self.focus) + d) % len(items)
        self.set_focus(items[i])

    def open_dialog(self, dialog: Dialog) -> None:
        """Show a modal dialog."""
        self.dialog = dialog
        dialog.layout(self.size, self.s)
        self.app.invalidate()

    def close_dialog(self) -> None:
        """Remove the dialog."""
        self.dialog = None
        self.app.invalidate()

    def handle(self, event: pygame.event.Event) -> None:
        """Dialog first; then keys for focus and the focused widget; then the mouse."""
        if self.dialog is not None:
            self.dialog.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            self.keyboard = True
            self.on_key(event)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.keyboard = False
        if event.type == pygame.MOUSEBUTTONDOWN:
            for w in self.widgets():
                if isinstance(w, TextField) and not w.hit(event.pos):
                    w.editing = False
        if event.type == pygame.TEXTINPUT:
            if self.focus is not None:
                self.focus.handle(event)
            return
        if self.view is not None and self.view.handle(event):
            return
        for w in self.widgets():
            if w.handle(event):
                if event.type == pygame.MOUSEBUTTONDOWN and w.focusable:
                    self.focus = w
                return

    def on_key(self, event: pygame.event.Event) -> None:
        """Escape goes back; Up/Down move the focus; other keys go to the focused widget."""
        k = event.key
        if isinstance(self.focus, TextField) and self.focus.editing and self.focus.key(event):
            return
        if k == pygame.K_ESCAPE:
            self.back()
            return
        if self.focus is not None and self.focus.key(event):
            return
        if k == pygame.K_DOWN:
            self.move_focus(1)
        elif k == pygame.K_UP:
            self.move_focus(-1)
        elif k == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is None:
            self.move_focus(1)
        elif self.view is not None and k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = self.view.viewport.height * 0.85
            self.view.scroll_by(page if k == pygame.K_PAGEDOWN else -page)

    def update(self, dt: float) -> bool:
        """Toasts and held buttons."""
        moving = self.toast.update(dt)
        for w in self.widgets():
            moving = w.update(dt) or moving
        return moving

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the scene, the toast and any dialog."""
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.paint(surface)
        self.toast.draw(surface, self.s)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def shown_focus(self) -> Widget | None:
        """The focused widget if the focus ring should show (keyboard in use)."""
        return self.focus if self.keyboard else None

    def find(self, name: str) -> Widget:
        """The widget with this name or label (for tests and tools)."""
        for w in self.widgets():
            if getattr(w, "name", None) == name or getattr(w, "label", None) == name:
                return w
        raise KeyError(name)


def title_bar(
    surface: pygame.Surface, title: str, subtitle: str, s: float, left: int, top: int
) -> int:
    """A scene title with a small spade and an optional subtitle; returns the bottom y."""
    from .cards import draw_suit

    size = 58 * s
    h = font(size).get_height()
    _, cap = _cap_box(round(size))
    draw_suit(surface, 3, (left + round(cap * 0.6), top + h // 2), round(cap * 1.25), ACCENT)
    r = draw_text(surface, title, size, TEXT, (left + round(cap * 1.5), top))
    bottom = r.bottom
    if subtitle:
        sub = 27 * s
        baseline = r.top + font(size).get_ascent()
        y = baseline - font(sub).get_ascent()
        r2 = draw_text(surface, subtitle, sub, MUTED, (r.right + round(22 * s), y))
        bottom = max(bottom, r2.bottom)
    return bottom


def sidebar_page(
    size: tuple[int, int], s: float, n_rows: int, row_h: float
) -> tuple[int, int, list[pygame.Rect], pygame.Rect, int]:
    """Margin, title top, side-column rows, main panel and bottom-bar height of a page with a
    contents column on the left (How to play, Settings), centred on very wide windows."""
    w, h = size
    side_w = round(200 * s)
    m = max(round(40 * s), (w - side_w - round(24 * s) - round(1000 * s)) // 2)
    title_top = round(26 * s)
    top = title_top + round(76 * s)
    bar_h = round(78 * s)
    bottom = h - bar_h
    gap = round(5 * s)
    rh = min(
        round(row_h * s), (bottom - top - round(10 * s) - gap * (n_rows - 1)) // max(1, n_rows)
    )
    rows = [pygame.Rect(m, top + i * (rh + gap), side_w, rh) for i in range(n_rows)]
    px = m + side_w + round(24 * s)
    panel = pygame.Rect(px, top, min(w - m - px, round(1000 * s)), bottom - top - round(8 * s))
    return m, title_top, rows, panel, bar_h
