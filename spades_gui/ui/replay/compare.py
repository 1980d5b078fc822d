"""The deal's tries side by side: the first, the one just played, and Hard in the player's
seat on the same cards (a duplicate comparison), in plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...controller.events import HandFacts
from ...engine.presets import rules_name
from ..practice_words import (
    DUPLICATE_NOTE,
    compare_words,
    margin,
    margin_words,
    score_before,
    try_lines,
)
from ..theme import ACCENT, BAD, FAINT, GOOD, MODAL_BG, MUTED, RULE, TEXT
from ..wake import waker
from ..widgets import Button, draw_panel, draw_text, felt_background, text_width, wrap
from ..window import Scene

if TYPE_CHECKING:
    from ..window import App
    from .session import ReplaySession

MIN_TEXT = 18  # font size in pixels: lines 12 px tall (as the hint and the review), the least


class CompareLayout:
    """Where the comparison's parts go for a window size (1280×720 is the unit)."""

    def __init__(self, size: tuple[int, int]) -> None:
        W, H = size
        self.size = size
        self.u = min(W / 1280, H / 720)
        self.m = self.px(28)
        self.f_title = max(MIN_TEXT, 34 * self.u)
        self.f_head = max(MIN_TEXT, 26 * self.u)
        self.f_body = max(MIN_TEXT + 1, 23 * self.u)
        self.f_small = max(MIN_TEXT, 19 * self.u)
        self.f_big = max(MIN_TEXT, 54 * self.u)
        top = self.m + round(self.f_title * 1.2) + round(self.f_small * 1.4) + self.px(16)
        self.bar = pygame.Rect(self.m, H - self.m - self.px(46), W - 2 * self.m, self.px(46))
        gap = self.px(18)
        col_w = (W - 2 * self.m - 2 * gap) // 3
        col_h = min(self.px(380), (H - top - self.px(190)))
        self.columns = [
            pygame.Rect(self.m + i * (col_w + gap), top, col_w, col_h) for i in range(3)
        ]
        self.text_top = top + col_h + self.px(18)

    def px(self, v: float) -> int:
        """A length at 1280×720 scaled to this window."""
        return max(1, round(v * self.u))


class CompareScene(Scene):
    """The first try, the latest and Hard's on the same deal; play again, or back."""

    def __init__(self, app: App, session: ReplaySession) -> None:
        super().__init__(app)
        self.session = session
        self.L = CompareLayout(app.size)
        self.buttons: list[Button] = []

    def layout(self, size: tuple[int, int]) -> None:
        """Positions for the window size, and the buttons at them."""
        L = self.L = CompareLayout(size)
        self.buttons = []
        specs = [
            ("Back to the review  (Esc)", "back", self.session.leave, "secondary"),
            ("Play it again", "again", self.session.play, "accent"),
        ]
        x = L.bar.right
        for text, name, fn, style in reversed(specs):
            w = text_width(text, L.f_body) + L.px(48)
            b = Button(text, fn, style, L.f_body / L.u, name)  # drawn at f_body, as measured
            b.place(pygame.Rect(x - w, L.bar.top, w, L.bar.height), L.u)
            self.buttons.insert(0, b)
            x -= w + L.px(14)
        self.app.invalidate()

    def button(self, name: str) -> Button | None:
        """A button by name (tests and tools)."""
        return next((b for b in self.buttons if b.name == name), None)

    def busy(self) -> bool:
        """Awake while Hard's play of the deal is on its way."""
        return self.session.waiting() and self.session.coach.control_pending()

    def update(self, dt: float) -> bool:
        """Hard's result, when it comes."""
        if self.session.poll():
            self.app.invalidate()
        return False

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Escape or Backspace back to the review, Enter plays again."""
        if waker.taken(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.session.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.session.play()
            return
        for b in self.buttons:
            was = b.hover
            used = b.handle(event)
            if used or b.hover != was:
                self.app.invalidate()
            if used:
                return

    # ----- drawing -------------------------------------------------------------------------

    def columns(self) -> list[tuple[str, HandFacts | None, str]]:
        """(heading, facts, what to say when there are none) of each column."""
        s = self.session
        n = len(s.tries)
        which = "Your second try" if n <= 1 else f"Your try number {n + 1}"
        hard = "Hard could not play the deal" if s.hard_failed else "Hard is playing the deal..."
        latest = s.tries[-1] if s.tries else None
        return [
            ("Your first try", s.first, ""),
            (which, latest, "The hand was thrown in"),
            (f"{s.level.capitalize()} in your seat", s.hard, hard),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the three tries, the comparison in words, the buttons."""
        L, s = self.L, self.session
        surface.blit(felt_background(L.size), (0, 0))
        r = draw_text(surface, "The same deal, played again", L.f_title, ACCENT, (L.m, L.m))
        sub = (
            f"Hand {s.hand_no}  ·  {rules_name(s.rules)}  ·  the same cards in every seat  ·  "
            + score_before(s.scores_before)
        )
        draw_text(surface, sub, L.f_small, MUTED, (L.m, r.bottom + L.px(6)))
        for rect, (head, facts, none) in zip(L.columns, self.columns()):
            self._column(surface, rect, head, facts, none)
        first = margin(s.first) if s.first is not None else None
        latest = s.tries[-1] if s.tries else None
        again = margin(latest) if latest is not None else None
        hard = margin(s.hard) if s.hard is not None else None
        y = L.text_top
        width = L.size[0] - 2 * L.m
        for line in wrap(compare_words(first, again, hard, len(s.tries) + 1), L.f_body, width):
            draw_text(surface, line, L.f_body, TEXT, (L.m, y))
            y += round(L.f_body * 1.3)
        y += L.px(4)
        for line in wrap(DUPLICATE_NOTE, L.f_small, width):
            draw_text(surface, line, L.f_small, FAINT, (L.m, y))
            y += round(L.f_small * 1.3)
        for b in self.buttons:
            b.draw(surface, False)

    def _column(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        head: str,
        facts: HandFacts | None,
        none: str,
    ) -> None:
        L, s = self.L, self.session
        draw_panel(surface, rect, MODAL_BG, L.px(16), RULE, max(1, L.px(1)))
        pad = L.px(20)
        x, y = rect.left + pad, rect.top + pad
        draw_text(surface, head, L.f_head, ACCENT, (x, y))
        y += round(L.f_head * 1.35)
        if facts is None:
            draw_text(surface, none, L.f_body, MUTED, (x, y + L.px(10)))
            return
        lines = try_lines(facts, s.names, s.rules)
        inner = rect.width - 2 * pad
        for text in (lines.bids, lines.partner, lines.tricks, lines.points, lines.outcome):
            for line in wrap(text, L.f_body, inner) if text else []:
                draw_text(surface, line, L.f_body, TEXT, (x, y))
                y += round(L.f_body * 1.3)
            y += L.px(4)
        m = lines.margin
        color = TEXT if m is None or m == 0 else (GOOD if m > 0 else BAD)
        big = pygame.Rect(rect.left, 0, rect.width, 0)
        big.bottom = rect.bottom - pad - round(L.f_small * 1.3)
        draw_text(surface, margin_words(m), L.f_big, color, (rect.centerx, big.bottom), "midbottom")
        draw_text(
            surface,
            "your points minus theirs",
            L.f_small,
            MUTED,
            (rect.centerx, rect.bottom - pad),
            "midbottom",
        )
