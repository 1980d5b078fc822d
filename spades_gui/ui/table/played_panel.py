"""The played-cards panel beside the trick: for each suit, how many cards are still out and
which, the count a strong player keeps in their head. It lists the cards still out rather than
those played, as they answer the counting player's questions at a glance (is my card the
highest left? how many can still follow, or trump?) without subtracting their own hand. Shown
or hidden by its setting (Settings → Table, "Show played cards") and by K at the table."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from ...engine import Rules
from ...engine.cards import SUIT_SYMBOLS
from ...engine.hand import PLAY
from ..theme import ACCENT, MUTED, PLATE_BG, TEXT
from ..widgets import draw_panel, draw_text, ellipsize, line_height, text_width
from ..words import rank_in_suit
from .layout import WEST, TableLayout
from .pace import remember
from .table_view import TableView

if TYPE_CHECKING:
    from .scene import TableScene

PLAYED_KEY = pygame.K_k  # shows or hides it (free: the speech's hearing keys are others)
TITLE = "Cards still out  (K)"


def shown_by(choice: str, rules: Rules) -> bool:
    """Whether the panel shows under this setting: "on", "off", or "auto", on except in a
    tournament's game (its rules play with the tournament clock), where counting is the
    player's own work."""
    if choice in ("on", "off"):
        return choice == "on"
    return not rules.time_limit_min


@dataclass(frozen=True)
class CountRow:
    """One suit's line: its symbol, how many cards are still out, and which (highest first)."""

    suit: int
    count: int
    cards: tuple[str, ...]


def count_rows(view: TableView) -> list[CountRow]:
    """Each suit's row, from the engine's count of the cards played and the player's hand."""
    return [
        CountRow(c.suit, len(c.out), tuple(rank_in_suit(card, c.suit) for card in c.out))
        for c in view.suit_counts()
    ]


def is_shown(view: TableView, on: bool) -> bool:
    """Whether the panel is on the table now: set on, while the cards are played (not while a
    bid's bubble stands beside West's cards, where the panel goes)."""
    facts = view.facts
    return (
        on
        and view.on_table
        and facts is not None
        and facts.phase == PLAY
        and not view.hidden
        and WEST not in view.bubbles
    )


def room(L: TableLayout, floor: int | None = None) -> pygame.Rect:
    """The felt between West's cards and the trick, below the scores (taller at a large text
    size than the north fan), above West's name and the message line (its top less a gap:
    `floor`)."""
    left = L.west_fan.right + L.px(18)
    right = L.trick_area.left - L.px(18)
    top = max(L.middle.top, L.score_rect.bottom + L.px(10))
    bottom = min(L.middle.bottom, L.plates[WEST].top - L.px(10))
    if floor is not None:
        bottom = min(bottom, floor)
    return pygame.Rect(left, top, right - left, bottom - top)


def _lines(tokens: tuple[str, ...], size: float, width: int, sep: str) -> list[str]:
    """A row's cards in lines no wider than width, a card never split."""
    gap = text_width(sep, size)
    lines: list[list[str]] = [[]]
    used = 0
    for t in tokens:
        w = text_width(t, size)
        if lines[-1] and used + gap + w > width:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(t)
    return [sep.join(line) for line in lines]


@dataclass(frozen=True)
class Laid:
    """The rows laid out at one text size: each suit's lines, and the columns."""

    size: float
    lines: tuple[tuple[str, ...], ...]
    sym_w: int  # the suit symbol's column
    num_w: int  # the count's column
    cards_x: int  # where the cards start, from the panel's inner left

    def height(self, L: TableLayout) -> int:
        """The rows' height."""
        return sum(len(x) for x in self.lines) * (line_height(self.size) + L.px(2))


def lay_out(rows: list[CountRow], L: TableLayout, space: pygame.Rect, head: int) -> Laid:
    """The rows at the larger text if they fit the room, else closer at the table's small
    print, else (a large text size in a small window) one line a suit, cut short."""
    gap, pad = L.px(10), L.px(12)
    laid: Laid | None = None
    for size, sep in ((L.f_info, "   "), (L.f_small, "  ")):
        sym_w = max(text_width(SUIT_SYMBOLS[r.suit], size) for r in rows)
        num_w = text_width("13", size)
        cards_x = sym_w + gap + num_w + gap
        fit = space.width - 2 * pad - cards_x
        lines = tuple(
            tuple(_lines(r.cards, size, fit, sep)) if r.cards else ("none",) for r in rows
        )
        laid = Laid(size, lines, sym_w, num_w, cards_x)
        if head + laid.height(L) + 2 * pad <= space.height:
            return laid
    assert laid is not None
    fit = space.width - 2 * pad - laid.cards_x
    cut = tuple((ellipsize(sep.join(r.cards) or "none", laid.size, fit),) for r in rows)
    return replace(laid, lines=cut)


def draw_played(
    surf: pygame.Surface, L: TableLayout, view: TableView, floor: int | None = None
) -> pygame.Rect:
    """The panel in its room, sized to what it holds; the rect it covers."""
    space = room(L, floor)
    small = L.f_small  # the title; the suits' rows a little larger where there is room
    pad, gap = L.px(12), L.px(10)
    title_h = line_height(small)
    rows = count_rows(view)
    note = f"{view.aside_unseen} of them set aside, unseen" if view.aside_unseen else ""
    head = title_h * (2 if note else 1) + L.px(4)
    laid = lay_out(rows, L, space, head)
    size = laid.size
    widest = max(text_width(line, size) for x in laid.lines for line in x)
    title_w = max(text_width(TITLE, small), text_width(note, small))
    w = min(space.width, 2 * pad + max(title_w, laid.cards_x + widest))
    h = 2 * pad + head + laid.height(L)
    rect = pygame.Rect(space.left, 0, w, min(h, space.height))
    rect.centery = L.trick_center[1]
    rect.clamp_ip(space)
    draw_panel(surf, rect, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
    x, y = rect.left + pad, rect.top + pad
    for line in (TITLE, note) if note else (TITLE,):
        draw_text(surf, ellipsize(line, small, w - 2 * pad), small, MUTED, (x, y))
        y += title_h
    y += L.px(4)
    line_h = line_height(size) + L.px(2)
    count_x = x + laid.sym_w + gap + laid.num_w
    for row, lines in zip(rows, laid.lines):
        draw_text(surf, SUIT_SYMBOLS[row.suit], size, TEXT, (x, y))
        draw_text(surf, str(row.count), size, ACCENT, (count_x, y), "topright")
        for line in lines:
            draw_text(surf, line, size, TEXT if row.cards else MUTED, (x + laid.cards_x, y))
            y += line_h
    return rect


def toggle_played(scene: TableScene) -> None:
    """K: the panel shown or hidden from now on, here and in the settings."""
    on = not scene.render.show_played
    scene.render.show_played = on
    choice = "on" if on else "off"
    scene.prefs = replace(scene.prefs, played_cards=choice)
    words = "shown beside the trick (K hides them)" if on else "hidden (K shows them)"
    scene.toast(f"Cards still out {words}", 2.0)
    remember(scene, "played_cards", choice, {})
