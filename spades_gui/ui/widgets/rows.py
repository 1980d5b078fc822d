"""Settings rows: a label on the left and a control on the right (toggle, selector, stepper,
checkbox, text field), and the heading over a group of checkboxes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ..theme import ACCENT, ACCENT_SELECT, ACCENT_TEXT, FAINT, FIELD, MUTED, TEXT, TRACK_OFF
from .basic import Widget
from .shapes import draw_check, draw_panel, draw_triangle
from .text import draw_lines, draw_text, font, line_height, text_width, wrap


class Row(Widget):
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


class GroupHeading(Row):
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


class YesNo(Row):
    """A row that is yes or no: a click anywhere on it, Enter or Space flips it."""

    def __init__(
        self, label: str, get: Callable[[], bool], set: Callable[[bool], Any], **kw: Any
    ) -> None:
        super().__init__(label, **kw)
        self.get = get
        self.set = set

    def click(self, pos: tuple[int, int]) -> bool:
        """A click anywhere on the row flips it."""
        self.set(not self.get())
        return True

    def activate(self) -> bool:
        """Enter or Space flips it."""
        self.set(not self.get())
        return True


class Toggle(YesNo):
    """A yes/no switch."""

    def __init__(
        self,
        label: str,
        get: Callable[[], bool],
        set: Callable[[bool], Any],
        words: tuple[str, str] = ("Yes", "No"),
        **kw: Any,
    ) -> None:
        super().__init__(label, get, set, **kw)
        self.words = words

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


class Selector(Row):
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


class Stepper(Row):
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


class Checkbox(YesNo):
    """A box that is ticked or not (one choice of a multi-select)."""

    label_share = 0.88

    def label_width(self, width: int) -> int:
        """Leave room for the box on the left."""
        return round(width * self.label_share) - self.pad() * 2 - round(60 * self.s)

    def measure(self, width: int, s: float) -> int:
        """A compact row: the wrapped label beside the box."""
        self.s = s
        self.label_lines = wrap(self.label, self.body(), self.label_width(width))
        text_h = line_height(self.body()) * len(self.label_lines)
        return max(text_h, round(34 * s)) + round(14 * s)

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


class TextField(Row):
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
