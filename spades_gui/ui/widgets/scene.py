"""A scene of widgets (focus, hover, scrolling, toasts, dialogs, confirmations) and the page
frames built on it: the title bar, and the page with a contents column (SidebarScene)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine.cards import SPADES
from ..card_art import draw_suit
from ..theme import ACCENT, ACCENT_TEXT, MUTED, TEXT, ui_scale
from ..window import App, Scene
from .basic import Button, Widget
from .containers import Dialog, MessageLine, ScrollView, Toast
from .rows import TextField
from .shapes import draw_panel, felt_background
from .text import cap_box, draw_text, font


class WidgetScene(Scene):
    """A scene of widgets with focus (Up/Down, Enter), hover, scrolling, toasts and dialogs."""

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.back_to = back  # where Escape and Back lead (the menu when None)
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
        """Escape or Back: return to where the scene was opened from (the menu by default)."""
        if self.back_to is not None:
            self.back_to()
            return
        to_menu = self.app.services.to_menu
        if to_menu is not None:
            to_menu()

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

    def confirm(
        self,
        title: str,
        text: str,
        yes: tuple[str, Callable[[], object]],
        style: str = "danger",
        no: tuple[str, Callable[[], object] | None] = ("Cancel", None),
        names: tuple[str, str] = ("", ""),
    ) -> None:
        """Ask before doing something: a dialog with `no` (Escape's choice) and `yes`, each a
        label and what it does after the dialog closes; `names` name the two buttons."""

        def closing(fn: Callable[[], object] | None) -> Callable[[], None]:
            def act() -> None:
                self.close_dialog()
                if fn is not None:
                    fn()

            return act

        buttons = [
            Button(no[0], closing(no[1]), "secondary", name=names[0]),
            Button(yes[0], closing(yes[1]), style, name=names[1]),
        ]
        self.open_dialog(Dialog(title, text, buttons))

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
        """Escape goes back; Up/Down (Left/Right) move the focus; other keys go to the focused
        widget first."""
        k = event.key
        if isinstance(self.focus, TextField) and self.focus.editing and self.focus.key(event):
            return
        if k == pygame.K_ESCAPE:
            self.back()
            return
        if self.focus is not None and self.focus.key(event):
            return
        if k in (pygame.K_DOWN, pygame.K_RIGHT):  # Left/Right too, as at the table
            self.move_focus(1)
        elif k in (pygame.K_UP, pygame.K_LEFT):
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
    size = 58 * s
    h = font(size).get_height()
    _, cap = cap_box(round(size))
    draw_suit(surface, SPADES, (left + round(cap * 0.6), top + h // 2), round(cap * 1.25), ACCENT)
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


class SidePill(Widget):
    """An entry of a page's contents column: a pill, gold when current, lit on hover."""

    focusable = False
    text_size = 27.0  # at scale 1
    indent = 18.0

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def current(self) -> bool:
        """Whether the entry stands for what the page shows now."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """The pill and its words."""
        s, r = self.s, self.rect
        current = self.current()
        if current:
            draw_panel(surface, r, ACCENT, round(12 * s))
        elif self.hover:
            draw_panel(surface, r, (255, 255, 255, 30), round(12 * s))
        if focused:  # the ring in gold, or white round the gold of the current entry
            ring = r.inflate(round(6 * s), round(6 * s))
            edge = TEXT if current else ACCENT
            pygame.draw.rect(surface, edge, ring, max(2, round(3 * s)), round(14 * s))
        color = ACCENT_TEXT if current else TEXT
        at = (r.left + self.indent * s, r.centery)
        draw_text(surface, self.text, self.text_size * s, color, at, "midleft")


class SidebarScene(WidgetScene):
    """A page with a contents column (How to play, Settings): the title, the column on the
    left, a panel with a scroll view on the right, and a bar of buttons at the bottom right."""

    view: ScrollView  # made by the subclass, never None here
    side_row_h = 46  # a column entry's height at scale 1
    panel_pad = 26  # the scroll view's inset in the panel at scale 1

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, back)
        self.m = 0
        self.title_top = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)  # the bottom bar left of its buttons

    def side(self) -> Sequence[SidePill]:
        """The column's entries, top first."""
        return []

    def bar_buttons(self) -> Sequence[Button]:
        """The bottom bar's buttons, rightmost first."""
        return []

    def arrange(self, size: tuple[int, int]) -> None:
        """The column, the panel and its view, and the bar's buttons right-aligned."""
        s = self.s
        h = size[1]
        side = self.side()
        m, self.title_top, rows, self.panel, bar_h = sidebar_page(
            size, s, len(side), self.side_row_h
        )
        self.m = m
        for item, r in zip(side, rows):
            item.place(r, s)
        pad = round(self.panel_pad * s)
        self.view.layout(self.panel.inflate(-2 * pad, -2 * pad), s)
        bh = round(27 * 1.75 * s)
        y = h - bar_h // 2 - bh // 2 - round(4 * s)
        right = self.panel.right
        for b in self.bar_buttons():
            bw = max(round(150 * s), b.natural_width(s))
            b.place(pygame.Rect(right - bw, y, bw, bh), s)
            right -= bw + round(16 * s)
        self.bar = pygame.Rect(m, h - bar_h, right - m, bar_h)

    def paint_page(self, surface: pygame.Surface, title: str, subtitle: str) -> None:
        """The title, the column, the panel with its view, and the bar's buttons."""
        s = self.s
        title_bar(surface, title, subtitle, s, self.m, self.title_top)
        focus = self.shown_focus()
        for item in self.side():
            item.draw(surface, item is focus)
        draw_panel(surface, self.panel, (3, 26, 16, 150), round(18 * s), (255, 255, 255, 26))
        self.view.draw(surface, focus)
        for b in self.bar_buttons():
            b.draw(surface, b is focus)
