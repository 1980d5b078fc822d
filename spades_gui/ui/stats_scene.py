"""Statistics: games, bids, nils, bags, hints and practice, in total and by rules and by
computer players, with a reset that asks first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import pygame

from .. import stats as stats_mod
from ..stats import GROUP_WORDS, Grouping, Stats, Tally
from .speech import figures as said
from .theme import ACCENT, FAINT, MIN_TEXT, MUTED, RULE, TEXT, text_scale
from .widgets import (
    Button,
    Figure,
    ScrollView,
    Widget,
    WidgetScene,
    draw_panel,
    draw_text,
    font,
    text_width,
    title_bar,
)
from .window import App
from .words import plural

Showing = Literal["all", "rules", "levels"]

# (what the page shows, its tab's words)
VIEWS: tuple[tuple[Showing, str], ...] = (
    ("all", "All games"),
    ("rules", "By rules"),
    ("levels", "By computer players"),
)

# The columns of a group's table: heading, share of the row's width.
COLUMNS: tuple[tuple[str, float], ...] = (
    ("", 0.29),
    ("Hands", 0.11),
    ("Bids made", 0.15),
    ("Your nils made", 0.16),
    ("Bags a hand", 0.13),
    ("Games won", 0.16),
)
FIRST_COLUMN = {"rules": "Rules", "levels": "Computer players"}
EARLIER = {
    "rules": ("Earlier hands", "counted before sorting by rules"),
    "levels": ("Earlier hands", "counted before sorting by players"),
}


def _pct(x: float | None) -> str:
    """A share as a whole percentage, or a dash."""
    return "—" if x is None else f"{round(100 * x)}%"


def tiles(st: Stats) -> list[tuple[str, str, str]]:
    """(title, big value, detail) for each statistic shown."""
    none = st.games_played == 0
    if st.streak > 0:
        streak = f"on a run of {plural(st.streak, 'win')}"
    elif st.streak < 0:
        streak = f"{plural(-st.streak, 'loss', 'losses')} in a row"
    else:
        streak = "no games yet"
    bph = st.bags_per_hand()
    best = "—" if st.best_score is None else str(st.best_score)
    return [
        ("Games played", str(st.games_played), f"{st.games_won} won · {st.games_lost} lost"),
        ("Games won", _pct(st.win_rate()), streak if not none else "no games yet"),
        (
            "Bids made",
            _pct(st.bid_rate()),
            f"{st.bids_made} made · {st.bids_set} set (your team)",
        ),
        ("Your nils made", _pct(st.nil_rate()), f"{st.nils_made} made · {st.nils_failed} failed"),
        (
            "Bags a hand",
            "—" if bph is None else f"{bph:.1f}",
            plural(st.bag_penalties, "bag penalty", "bag penalties"),
        ),
        ("Best streak", str(st.best_streak), f"best winning score {best}"),
        (
            "Hands played",
            str(st.hands_played),
            f"partner's nils {st.partner_nils_made} made · {st.partner_nils_failed} failed",
        ),
        (
            "Hints used",
            str(st.hints_used),
            f"practice: {plural(st.practice_games, 'game')} · {plural(st.practice_hands, 'hand')}",
        ),
    ]


def _share(part: int, whole: int, none: str = "none yet") -> tuple[str, str]:
    """A rate and its counts ("75%", "3 of 4"), or a dash and what there is none of."""
    if not whole:
        return "—", none
    return f"{round(100 * part / whole)}%", f"{part} of {whole}"


def table_rows(st: Stats, by: Grouping) -> list[tuple[tuple[str, str], ...]]:
    """One row of (main, detail) cells per group, most hands first, the hands counted before
    groups were kept last; each row follows COLUMNS."""
    words = GROUP_WORDS[by]
    named = sorted(
        ((words(key), t) for key, t in st.groups(by).items() if not t.empty()),
        key=lambda row: (-row[1].hands_played, -row[1].games_played, row[0]),
    )
    earlier = st.unsorted(by)
    if not earlier.empty():
        named.append((EARLIER[by], earlier))
    return [(name, *_cells(t)) for name, t in named]


def _cells(t: Tally) -> tuple[tuple[str, str], ...]:
    """A group's counts under COLUMNS after the first."""
    bph = t.bags_per_hand()
    return (
        (str(t.hands_played), ""),
        _share(t.bids_made, t.bids_made + t.bids_set),
        _share(t.nils_made, t.nils_made + t.nils_failed),
        ("—" if bph is None else f"{bph:.1f}", plural(t.bags, "bag")),
        _share(t.games_won, t.games_played, "none finished"),
    )


class StatsScene(WidgetScene):
    """The player's record across games: every total, or one table by rules or by players."""

    row_h = 66  # a table row's height at scale 1

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, back)
        self.stats, problem = stats_mod.load()
        if problem:
            self.message.set(problem, "warn")
        self.showing: Showing = "all"
        self.tabs = [
            Button(words, self._shower(key), "secondary", 24, name=f"view:{key}")
            for key, words in VIEWS
        ]
        self.reset_button = Button("Reset statistics", self.ask_reset, "danger", 27)
        self.back_button = Button("Back", self.back, "accent", 27)
        self.progress_button = Button("Progress", self.open_progress, "secondary", 27)
        self.focus = self.back_button
        self.cells: list[pygame.Rect] = []
        self.table = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[tuple[str, str], ...]] = []
        self.scroll = ScrollView(gap=0)
        self.tiles: list[Figure] = []
        self._restyle()

    def widgets(self) -> list[Widget]:
        """The view's tabs, its figures (the tiles or the table's rows) and the buttons."""
        shown: list[Widget] = list(self.tiles) if self.showing == "all" else self.scroll.rows
        return [*self.tabs, *shown, self.progress_button, self.reset_button, self.back_button]

    def summary_words(self) -> str:
        """What the screen says as it opens, or as a tab shows another view."""
        st = self.stats
        view = dict(VIEWS)[self.showing]
        won = _pct(st.win_rate())
        rows = None if self.showing == "all" else len(self.rows)
        return said.stats_summary(st.games_played, won, st.hands_played, view, rows)

    def open_progress(self) -> None:
        """The Progress screen; Back returns here."""
        opener = self.app.services.open_progress
        if opener is not None:
            opener(lambda: self.app.switch(self))

    def _shower(self, key: Showing) -> Callable[[], None]:
        def show() -> None:
            self.show(key)

        return show

    def show(self, key: Showing) -> None:
        """Show every total ("all"), or the table by rules or by computer players."""
        self.showing = key
        self._restyle()
        self.relayout()

    def _restyle(self) -> None:
        """The current view's tab in gold; the table's rows for the current view."""
        for tab, (key, _) in zip(self.tabs, VIEWS):
            tab.style = "accent" if key == self.showing else "secondary"
        self.tiles = [Figure(said.tile_words(*tile)) for tile in tiles(self.stats)]
        if self.showing == "all":
            self.rows = []
            self.scroll.set_rows([])
            self.view = None
            return
        self.rows = table_rows(self.stats, self.showing)
        headings = [h or FIRST_COLUMN[self.showing] for h, _ in COLUMNS]
        self.scroll.set_rows(
            [
                Figure(said.row_words(headings, row), self.row_height(), self._row_painter(i))
                for i, row in enumerate(self.rows)
            ]
        )
        self.view = self.scroll

    def row_height(self) -> int:
        """A table row's height at scale 1: taller with a larger text size (two lines)."""
        return round(self.row_h * (1 + (text_scale() - 1) * 0.5))

    def _row_painter(self, i: int) -> Callable[[pygame.Surface, pygame.Rect, float], None]:
        def paint(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
            self.paint_row(surface, rect, s, i)

        return paint

    def ask_reset(self) -> None:
        """Confirm, then zero every counter."""

        def do() -> None:
            self.stats, problem = stats_mod.reset()
            self.message.set(problem or "Statistics reset.", "error" if problem else "info")
            self._restyle()
            self.relayout()

        self.confirm(
            "Reset statistics?",
            "Every count goes back to zero. This cannot be undone.",
            ("Reset", do),
        )

    def on_key(self, event: pygame.event.Event) -> None:
        """Left/Right also move between the tabs and buttons."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return
        super().on_key(event)

    def arrange(self, size: tuple[int, int]) -> None:
        """The tabs on the title's line; a 4 × 2 grid of tiles, or the table; a bar of
        buttons."""
        s = self.s
        w, h = size
        m = round(40 * s)
        self.title_top = round(26 * s)
        top = self.title_top + round(96 * s)
        bar_h = round(96 * s)
        gw = min(w - 2 * m, round(1200 * s))
        left = (w - gw) // 2
        gap = round(20 * s)
        tab_h = round(24 * 1.75 * s)
        tab_y = self.title_top + (font(58 * s).get_height() - tab_h) // 2
        right = left + gw
        for tab in reversed(self.tabs):
            tw = tab.natural_width(s)
            tab.place(pygame.Rect(right - tw, tab_y, tw, tab_h), s)
            right -= tw + round(12 * s)
        cols, rows = 4, 2
        cw = (gw - gap * (cols - 1)) // cols
        avail = h - bar_h - top - round(10 * s)
        ch = min(round(190 * s), (avail - gap * (rows - 1)) // rows)
        grid_top = top + max(0, (avail - rows * ch - gap * (rows - 1)) // 2 - round(20 * s))
        self.cells = [
            pygame.Rect(left + c * (cw + gap), grid_top + r * (ch + gap), cw, ch)
            for r in range(rows)
            for c in range(cols)
        ]
        for tile, cell in zip(self.tiles, self.cells):
            tile.place(cell, s)
        self.table = pygame.Rect(left, top - round(16 * s), gw, avail + round(16 * s))
        pad = round(18 * s)
        head_h = round(40 * s)
        body = pygame.Rect(
            self.table.left + pad,
            self.table.top + pad + head_h,
            self.table.width - pad - round(8 * s),  # the scroll bar sits in the right pad
            self.table.height - 2 * pad - head_h,
        )
        self.scroll.layout(body, s)
        bh = round(27 * 1.75 * s)
        y = h - bar_h // 2 - bh // 2
        right = left + gw
        for b in (self.back_button, self.reset_button, self.progress_button):
            bw = max(round(150 * s), b.natural_width(s))
            b.place(pygame.Rect(right - bw, y, bw, bh), s)
            right -= bw + round(16 * s)
        self.msg_rect = pygame.Rect(left, y, right - left - round(8 * s), bh)
        self.left = left

    def columns(self, left: int, width: int) -> list[tuple[int, int]]:
        """(x, width) of each column across a row."""
        out = []
        x = left
        for _, share in COLUMNS:
            cw = round(width * share)
            out.append((x, cw))
            x += cw
        return out

    def paint(self, surface: pygame.Surface) -> None:
        """Title, tabs, the tiles or the table, buttons and any message."""
        s = self.s
        title_bar(surface, "Statistics", "", s, self.left, self.title_top)
        if self.showing == "all":
            self.paint_tiles(surface)
        else:
            self.paint_table(surface)
        focus = self.shown_focus()
        shown = set(self.scroll.rows)  # drawn by the scroll view, clipped
        for b in self.widgets():
            if b not in shown:
                b.draw(surface, b is focus)
        if self.message.text:
            self.message.draw(surface, self.msg_rect, s)
        elif self.stats.hands_played == 0 and self.stats.practice_hands == 0:
            draw_text(
                surface,
                "Every hand you finish counts at once. Practice hands are counted apart.",
                22 * s,
                FAINT,
                (self.msg_rect.left, self.msg_rect.centery),
                "midleft",
            )

    def paint_tiles(self, surface: pygame.Surface) -> None:
        """The eight totals."""
        s = self.s
        for cell, (title, value, detail) in zip(self.cells, tiles(self.stats)):
            draw_panel(surface, cell, (3, 26, 16, 160), round(16 * s), (255, 255, 255, 28))
            pad = round(20 * s)
            draw_text(surface, title, 26 * s, MUTED, (cell.left + pad, cell.top + pad))
            vs = 84 * s
            while text_width(value, vs) > cell.width - 2 * pad and vs > 20:
                vs *= 0.9
            mid = cell.top + pad + font(26 * s).get_height() + round(6 * s)
            draw_text(surface, value, vs, ACCENT if value != "—" else FAINT, (cell.left + pad, mid))
            ds = 23 * s
            while text_width(detail, ds) > cell.width - 2 * pad and ds > 15:
                ds *= 0.94
            draw_text(surface, detail, ds, TEXT, (cell.left + pad, cell.bottom - pad), "bottomleft")

    def paint_table(self, surface: pygame.Surface) -> None:
        """The panel, the column headings and the rows (scrolled), or a line when empty."""
        s = self.s
        t = self.table
        draw_panel(surface, t, (3, 26, 16, 160), round(16 * s), (255, 255, 255, 28))
        if not self.rows:
            draw_text(
                surface,
                "No hands counted yet: every hand you finish is counted here.",
                26 * s,
                MUTED,
                t.center,
                "center",
            )
            return
        view = self.scroll.viewport
        width = view.width - round(22 * s)
        y = view.top - round(20 * s)
        for (x, _), (heading, _) in zip(self.columns(view.left, width), COLUMNS):
            words = heading or FIRST_COLUMN[self.showing]
            draw_text(
                surface, words, max(MIN_TEXT, 20 * s), MUTED, (x + round(10 * s), y), "midleft"
            )
        pygame.draw.line(
            surface, RULE, (view.left, view.top - 2), (view.left + width, view.top - 2), 1
        )
        self.scroll.draw(surface, self.shown_focus())

    def paint_row(self, surface: pygame.Surface, rect: pygame.Rect, s: float, i: int) -> None:
        """One group's row: its name and a few words, then each count with its detail."""
        if i % 2:
            draw_panel(surface, rect, (255, 255, 255, 12), round(8 * s))
        row = self.rows[i]
        pad = round(10 * s)
        main_y = rect.top + round(rect.height * 0.36)
        detail_y = rect.top + round(rect.height * 0.74)
        for n, ((x, cw), (main, detail)) in enumerate(
            zip(self.columns(rect.left, rect.width), row)
        ):
            room = cw - 2 * pad
            size = max(MIN_TEXT, 26 * s)
            while text_width(main, size) > room and size > max(MIN_TEXT, 16 * s):
                size *= 0.94
            color = TEXT if n == 0 else (ACCENT if main != "—" else FAINT)
            draw_text(surface, main, size, color, (x + pad, main_y), "midleft")
            if detail:
                ds = max(MIN_TEXT, 19 * s)
                while text_width(detail, ds) > room and ds > max(MIN_TEXT, 15 * s):
                    ds *= 0.94
                draw_text(surface, detail, ds, MUTED, (x + pad, detail_y), "midleft")
