"""Statistics: games, bids, nils, bags, hints and practice, with a reset that asks first."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import stats as stats_mod
from ..stats import Stats
from .main import App
from .theme import ACCENT, FAINT, MUTED, TEXT
from .widgets import (
    Button,
    Widget,
    WidgetScene,
    draw_panel,
    draw_text,
    font,
    text_width,
    title_bar,
)
from .words import plural


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
    bpg = st.bags_per_game()
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
            "Bags per game",
            "—" if bpg is None else f"{bpg:.1f}",
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


class StatsScene(WidgetScene):
    """The player's record across games."""

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, back)
        self.stats, problem = stats_mod.load()
        if problem:
            self.message.set(problem, "warn")
        self.reset_button = Button("Reset statistics", self.ask_reset, "danger", 27)
        self.back_button = Button("Back", self.back, "accent", 27)
        self.progress_button = Button("Progress", self.open_progress, "secondary", 27)
        self.focus = self.back_button
        self.cells: list[pygame.Rect] = []

    def widgets(self) -> list[Widget]:
        """The buttons."""
        return [self.progress_button, self.reset_button, self.back_button]

    def open_progress(self) -> None:
        """The Progress screen; Back returns here."""
        self.app.services["open_progress"](lambda: self.app.switch(self))

    def ask_reset(self) -> None:
        """Confirm, then zero every counter."""

        def do() -> None:
            fresh = Stats()
            problem = fresh.save()
            self.stats = fresh
            self.message.set(problem or "Statistics reset.", "error" if problem else "info")

        self.confirm(
            "Reset statistics?",
            "Every count goes back to zero. This cannot be undone.",
            ("Reset", do),
        )

    def on_key(self, event: pygame.event.Event) -> None:
        """Left/Right also move between the buttons."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return
        super().on_key(event)

    def arrange(self, size: tuple[int, int]) -> None:
        """A 4 × 2 grid of tiles and a bar of buttons."""
        s = self.s
        w, h = size
        m = round(40 * s)
        self.title_top = round(26 * s)
        top = self.title_top + round(96 * s)
        bar_h = round(96 * s)
        gw = min(w - 2 * m, round(1200 * s))
        left = (w - gw) // 2
        gap = round(20 * s)
        cols, rows = 4, 2
        cw = (gw - gap * (cols - 1)) // cols
        avail = h - bar_h - top - round(10 * s)
        ch = min(round(190 * s), (avail - gap * (rows - 1)) // rows)
        top += max(0, (avail - rows * ch - gap * (rows - 1)) // 2 - round(20 * s))
        self.cells = [
            pygame.Rect(left + c * (cw + gap), top + r * (ch + gap), cw, ch)
            for r in range(rows)
            for c in range(cols)
        ]
        self.grid = pygame.Rect(left, top, gw, rows * ch + gap)
        bh = round(27 * 1.75 * s)
        y = h - bar_h // 2 - bh // 2
        right = left + gw
        for b in (self.back_button, self.reset_button, self.progress_button):
            bw = max(round(150 * s), b.natural_width(s))
            b.place(pygame.Rect(right - bw, y, bw, bh), s)
            right -= bw + round(16 * s)
        self.msg_rect = pygame.Rect(left, y, right - left - round(8 * s), bh)
        self.left = left

    def paint(self, surface: pygame.Surface) -> None:
        """Title, tiles, buttons and any message."""
        s = self.s
        title_bar(surface, "Statistics", "", s, self.left, self.title_top)
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
            while text_width(detail, ds) > cell.width - 2 * pad and ds > 12:
                ds *= 0.94
            draw_text(surface, detail, ds, TEXT, (cell.left + pad, cell.bottom - pad), "bottomleft")
        if self.stats.games_played == 0 and not self.message.text:
            draw_text(
                surface,
                "Finish a game to start your record. Practice games are counted apart.",
                24 * s,
                FAINT,
                (self.msg_rect.left, self.msg_rect.centery),
                "midleft",
            )
        for b in self.widgets():
            b.draw(surface, b is self.shown_focus())
        if self.message.text:
            self.message.draw(surface, self.msg_rect, s)
