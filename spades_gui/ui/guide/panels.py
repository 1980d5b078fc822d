"""The guide's box on the table: in the middle over everything (before a bid, at the end), or
beside the trick while the cards are played, so the trick stays in view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import pygame

from ..practice_words import Lesson
from ..table.layout import EAST, TableLayout
from ..table.panels import ButtonSpec, Panel, box, button_row, make_button, question_panel
from ..theme import ACCENT, MUTED, TEXT
from ..widgets import draw_text, wrap

Place = Literal["center", "side"]


def side_rect(L: TableLayout) -> pygame.Rect:
    """The room between the trick and East's cards, above East's name."""
    left = L.trick_area.right + L.px(18)
    right = L.east_fan.left - L.px(18)
    bottom = min(L.middle.bottom, L.plates[EAST].top - L.px(10))
    return pygame.Rect(left, L.middle.top, right - left, bottom - L.middle.top)


def guide_panel(
    L: TableLayout, lesson: Lesson, place: Place, specs: Sequence[ButtonSpec], note: str = ""
) -> Panel:
    """A lesson (or the coach's nudge) with its buttons: side by side in the middle, one
    under another beside the trick."""
    side = place == "side"
    room = side_rect(L) if side else L.middle
    w = room.width if side else min(L.middle.width, L.px(700))
    pad = L.px(16 if side else 24)
    inner = w - 2 * pad
    f_title = L.f_body if side else L.f_title * 0.85
    f_text = L.f_read if side else max(L.f_read, L.f_body)  # sentences, read like the hint
    titles = wrap(lesson.title, f_title, inner)
    lines = wrap(lesson.text, f_text, inner)
    notes = wrap(note, L.f_read, inner) if note else []
    bh = L.px(40)
    gap = L.px(10)
    h = pad + round(len(titles) * f_title * 1.2) + gap + round(len(lines) * f_text * 1.3)
    if notes:
        h += gap + round(len(notes) * L.f_read * 1.3)
    stacked = side
    if specs:
        h += L.px(18) + (len(specs) * (bh + gap) - gap if side else bh)
        if side and h + pad > room.height and len(specs) > 1:
            stacked = False
            h -= (len(specs) - 1) * (bh + gap)
    h += pad
    rect = pygame.Rect(0, 0, w, min(h, room.height))
    if side:
        rect.topleft = room.topleft
    else:
        rect.center = L.trick_center
        rect.clamp_ip(L.middle)
    buttons = []
    if stacked:
        y = rect.bottom - pad - len(specs) * (bh + gap) + gap
        for text, name, fn, style in specs:
            r = pygame.Rect(rect.left + pad, y, inner, bh)
            buttons.append(make_button(text, name, fn, r, L, style))
            y += bh + gap
    elif specs:
        min_w = L.px(150) if not side else (inner - L.px(14)) // len(specs)
        buttons = button_row(specs, L, rect.centerx, rect.bottom - pad - bh, min_w, bh)

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal=not side)
        y = rect.top + pad
        for t in titles:
            draw_text(surface, t, f_title, ACCENT, (rect.left + pad, y))
            y += round(f_title * 1.2)
        y += gap
        for line in lines:
            draw_text(surface, line, f_text, TEXT, (rect.left + pad, y))
            y += round(f_text * 1.3)
        if notes:
            y += gap
            for line in notes:
                draw_text(surface, line, L.f_read, MUTED, (rect.left + pad, y))
                y += round(L.f_read * 1.3)

    return Panel(rect, paint, buttons, modal=not side, name="guide")


def leave_panel(L: TableLayout, on_leave: Callable[[], None], on_stay: Callable[[], None]) -> Panel:
    """ "Leave the guided hand?" over the table, the keyboard on Stay (Escape's choice too)."""
    p = question_panel(
        L,
        "Leave the guided hand?",
        "Nothing of this hand is kept: next time, the guided hand starts from the beginning.",
        [
            ("Leave", "guide:leave", on_leave, "secondary"),
            ("Stay", "guide:stay", on_stay, "accent"),
        ],
        "leave",
        modal=True,
    )
    p.default = "guide:stay"
    return p
