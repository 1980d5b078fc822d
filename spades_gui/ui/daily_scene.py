"""The deal of the day's screen: today's deal under the player's rules, the same for everyone who
plays that day, played once at a table that counts nowhere and set beside Hard's play of it in
the player's seat; the streak of days, and the last 30 days."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pygame

from .. import daily
from ..controller import Controller
from ..controller.events import HandFacts
from ..controller.worker import WorkerMode
from ..engine.presets import rules_name
from ..engine.rules import Rules
from ..stats import rules_key
from .practice_words import DUPLICATE_NOTE, margin
from .replay import ReplaySession
from .theme import ACCENT, BAD, FAINT, GOOD, MIN_TEXT, MUTED, TEXT
from .wake import waker
from .widgets import (
    Button,
    Widget,
    WidgetScene,
    draw_text,
    line_height,
    text_width,
    title_bar,
    wrap,
)
from .window import App
from .words import plural, signed

Clock = Callable[[], dt.date]


def duplicate_words(you: int | None, hard: int | None) -> str:
    """Today's result beside Hard's, in a sentence."""
    if you is None:
        return "You left today's deal before its end, so it has no score."
    if hard is None:
        return f"You scored {signed(you)}. Hard is still playing the deal in your seat..."
    gap = you - hard
    if gap > 0:
        return f"You scored {signed(you)}: {plural(gap, 'point')} better than Hard in your seat."
    if gap < 0:
        return f"You scored {signed(you)}: {plural(-gap, 'point')} behind Hard in your seat."
    return f"You scored {signed(you)}, as well as Hard in your seat."


def short_day(iso: str) -> str:
    """'Mon 7 Dec' for an ISO date."""
    d = dt.date.fromisoformat(iso)
    return f"{d:%a} {d.day} {d:%b}"


class DailySession(ReplaySession):
    """Today's deal: one try; its result kept in daily.json as it ends (or as it is left)."""

    def __init__(self, app: App, scene: DailyScene, coach: Controller, prefs: Any) -> None:
        super().__init__(app, scene.deal, 1, None, coach, scene.back_here, prefs=prefs)
        self.scene = scene

    def play(self) -> None:
        """Play today's deal, once: it counts as played from its first card dealt."""
        if self.scene.result is not None:
            return
        self.scene.keep(daily.DailyResult(self.scene.iso, self.scene.key, None, self.hard_margin()))
        super().play()

    def finished(self, facts: HandFacts | None) -> None:
        """The hand is over: its score kept beside Hard's, back to the screen."""
        self.tries.append(facts)
        you = margin(facts) if facts is not None else None
        self.scene.keep(daily.DailyResult(self.scene.iso, self.scene.key, you, self.hard_margin()))
        self.back_fn()

    def hard_margin(self) -> int | None:
        """Hard's points minus theirs in the player's seat, once it has played the deal."""
        return margin(self.hard) if self.hard is not None else None


class DailyScene(WidgetScene):
    """Today's deal: play it, or its result; the streak and the last 30 days."""

    def __init__(
        self,
        app: App,
        back: Callable[[], None] | None = None,
        today: Clock = dt.date.today,
        executor: WorkerMode = "process",
    ) -> None:
        super().__init__(app, back)
        settings = app.services.loaded_settings()
        self.rules: Rules = settings.rules()
        self.day = today()
        self.iso = self.day.isoformat()
        self.key = rules_key(self.rules)
        self.deal = daily.deal_of_the_day(self.day, self.rules, settings.seat_names())
        self.results, problem = daily.load()
        if problem:
            self.message.set(problem, "warn")
        self.result = daily.result_for(self.results, self.day, self.rules)
        self.prefs = settings.prefs()
        self.executor = executor
        self.session: DailySession | None = None
        self.play_button = Button("Play today's deal", self.play, "accent", name="play")
        self.back_button = Button("Back  (Esc)", self.back, "secondary", name="back")
        self.text_left = 0
        self.text_top = 0
        self.text_w = 0

    # ----- the deal and Hard's play of it ----------------------------------------------------

    def enter(self) -> None:
        """Hard starts on today's deal in the background unless its score is already kept."""
        if self.session is None and (self.result is None or self.result.hard is None):
            coach = Controller.from_record(self.deal.record(), executor=self.executor)
            self.session = DailySession(self.app, self, coach, self.prefs)
        self.focus = self.play_button if self.result is None else self.back_button

    def back_here(self) -> None:
        """From the table back to this screen."""
        self.app.switch(self)

    def play(self) -> None:
        """Today's deal at the table (once)."""
        if self.session is not None and self.result is None:
            self.session.play()

    def back(self) -> None:
        """Leave: Hard's play of the deal stops; the menu."""
        if self.session is not None:
            self.session.coach.close(save=False)
            self.session = None
        super().back()

    def keep(self, result: daily.DailyResult) -> None:
        """Keep today's result (daily.json) and show it."""
        self.result = result
        self.results = daily.recorded(self.results, result)
        problem = daily.save(self.results)
        if problem:
            self.message.set(problem, "error")

    def busy(self) -> bool:
        """Awake while Hard's play of the deal is on its way."""
        s = self.session
        return s is not None and s.waiting() and s.coach.control_pending()

    def update(self, dt_s: float) -> bool:
        """Hard's result, when it comes: kept beside the player's."""
        s = self.session
        if s is not None:
            came = s.poll()  # the table may have taken it while the deal was played
            r = self.result
            if r is not None and r.hard is None and s.hard is not None:
                self.keep(daily.DailyResult(r.day, r.rules, r.you, s.hard_margin()))
                came = True
            if came:
                self.app.invalidate()
        return super().update(dt_s)

    def handle(self, event: pygame.event.Event) -> None:
        """The coach's wake-up; everything else as on every screen."""
        if not waker.taken(event):
            super().handle(event)

    # ----- layout and drawing -----------------------------------------------------------------

    def widgets(self) -> list[Widget]:
        """Play (until played) and Back."""
        return [self.play_button, self.back_button] if self.result is None else [self.back_button]

    def arrange(self, size: tuple[int, int]) -> None:
        """The title, the text column, the buttons along the bottom."""
        s = self.s
        w, h = size
        self.text_left = round(max(60 * s, w * 0.08))
        self.text_w = w - 2 * self.text_left
        self.text_top = round(150 * s)
        bh = round(27 * 1.75 * s)
        y = h - round(40 * s) - bh
        right = w - self.text_left
        for b in (self.back_button, self.play_button):
            bw = max(round(170 * s), b.natural_width(s))
            b.place(pygame.Rect(right - bw, y, bw, bh), s)
            right -= bw + round(16 * s)

    def intro(self) -> str:
        """What the deal is, before it is played."""
        return (
            "Everyone who opens Spades today is dealt these cards under "
            f"{rules_name(self.rules)} rules, with Medium partners and opponents. Play it "
            "once, then see your score beside Hard's in your seat on the same cards."
        )

    def streak_words(self) -> str:
        """The days played in a row, up to today."""
        days = daily.streak(self.results, self.day)
        return f"Streak: {plural(days, 'day')} in a row" if days else "No streak yet"

    def summary_words(self) -> str:
        """What the screen says as it opens, and again when the result comes."""
        r = self.result
        text = self.intro() if r is None else duplicate_words(r.you, r.hard)
        return f"{short_day(self.iso)}. {text} {self.streak_words()}"

    def paint(self, surface: pygame.Surface) -> None:
        """Title, today's deal or its result, the streak, the last 30 days."""
        s, x, width = self.s, self.text_left, self.text_w
        title_bar(surface, "Deal of the day", short_day(self.iso), s, x, round(48 * s))
        y = self.text_top
        body, small = max(MIN_TEXT, 26 * s), max(MIN_TEXT, 22 * s)
        r = self.result
        if r is None:
            lines, color = wrap(self.intro(), body, width), TEXT
        else:
            lines = wrap(duplicate_words(r.you, r.hard), body, width)
            better = r.you is not None and r.hard is not None and r.you >= r.hard
            color = GOOD if better else (BAD if r.you is not None and r.hard is not None else TEXT)
        for line in lines:
            draw_text(surface, line, body, color, (x, y))
            y += line_height(body)
        if r is not None:
            y += round(8 * s)
            for line in wrap(DUPLICATE_NOTE + " A new deal comes tomorrow.", small, width):
                draw_text(surface, line, small, FAINT, (x, y))
                y += line_height(small)
        y += round(18 * s)
        draw_text(surface, self.streak_words(), body, ACCENT, (x, y))
        y += line_height(body) + round(6 * s)
        self.paint_recent(surface, y)
        focus = self.shown_focus()
        for b in self.widgets():
            b.draw(surface, b is focus)
        if self.message.text:
            rect = pygame.Rect(x, self.back_button.rect.top, width // 2, self.back_button.rect.h)
            self.message.draw(surface, rect, s)

    def paint_recent(self, surface: pygame.Surface, top: int) -> None:
        """The last 30 days, newest first, in as many columns as the room below allows."""
        s, x = self.s, self.text_left
        size = max(MIN_TEXT, 21 * s)
        recent = daily.recent(self.results, self.day)
        if not recent:
            return
        draw_text(surface, "The last 30 days", size, MUTED, (x, top))
        top += line_height(size) + round(4 * s)
        row_h = line_height(size)
        rows = max(1, (self.back_button.rect.top - round(16 * s) - top - row_h) // row_h)
        pad = round(12 * s)  # the columns fit their words at any text size
        day_w = max(round(150 * s), text_width("Wed 30 Sep", size) + pad)
        num_w = max(round(80 * s), text_width("unfinished", size) + pad)
        gap = round(60 * s)
        col_w = day_w + 2 * num_w + gap
        for col in range(0, (len(recent) + rows - 1) // rows):
            cx = x + col * col_w
            if cx + col_w - gap > x + self.text_w:
                break
            draw_text(surface, "you", size, FAINT, (cx + day_w + num_w, top), "topright")
            draw_text(surface, "Hard", size, FAINT, (cx + day_w + 2 * num_w, top), "topright")
            for row, r in enumerate(recent[col * rows : (col + 1) * rows], start=1):
                y = top + row * row_h
                you = "unfinished" if r.you is None else signed(r.you)
                hard = "…" if r.hard is None else signed(r.hard)
                draw_text(surface, short_day(r.day), size, TEXT, (cx, y))
                draw_text(surface, you, size, TEXT, (cx + day_w + num_w, y), "topright")
                draw_text(surface, hard, size, MUTED, (cx + day_w + 2 * num_w, y), "topright")
