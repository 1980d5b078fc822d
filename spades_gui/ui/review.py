"""Hand review: a finished hand trick by trick, all four hands face up, each decision weighed."""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ..coach.review import (
    COACH_SEED,
    Point,
    Verdict,
    analyse,
    decision_points,
    ruff_words,
    verdict_words,
)
from ..controller.worker import Worker
from ..engine.bids import BLIND, NIL, bid_words
from ..engine.cards import card_name, cards_of
from ..engine.hand import MISDEAL, Hand
from ..engine.record import load
from .cards import CardArt, card_size
from .coach_panels import _fit
from .main import App, Scene
from .table import back_color, pref, rules_title
from .table_panels import BAD, GOOD, RULE
from .widgets_basic import (
    ACCENT,
    FAINT,
    MUTED,
    TEXT,
    Button,
    draw_panel,
    draw_text,
    felt_background,
    text_width,
    wrap,
)

log = logging.getLogger(__name__)
WAKE = pygame.event.custom_type()
SEATS = ("South", "West", "North", "East")
DEFAULT_NAMES = ("You", "West", "Partner", "East")
PLATE_BG = (6, 34, 22, 214)
SLIP = (240, 184, 72)
VERDICT_FILL = {
    "mistake": (150, 44, 44),
    "slip": (150, 104, 24),
    "good": (30, 104, 64),
}
VERDICT_TEXT = {"mistake": BAD, "slip": SLIP, "good": GOOD}


def _bid_text(b: int | None) -> str:
    if b is None:
        return "no bid"
    if b >= BLIND:
        return f"blind {b - BLIND}"
    return bid_words(b).lower() if b >= NIL else str(b)


class ReviewLayout:
    """Where the review's parts go for a window size (1280×720 is the unit)."""

    def __init__(self, size: tuple[int, int]) -> None:
        W, H = size
        self.size = size
        self.u = u = min(W / 1280, H / 720)
        m = self.margin = self.px(16)
        self.f_title = 32 * u
        self.f_body = 22 * u
        self.f_small = 18 * u
        self.f_big = 28 * u
        self.top = pygame.Rect(m, m, W - 2 * m, self.px(48))
        self.timeline = pygame.Rect(m, H - m - self.px(52), W - 2 * m, self.px(52))
        pw = self.px(430)
        body_top = self.top.bottom + self.px(12)
        body_bottom = self.timeline.top - self.px(12)
        self.panel = pygame.Rect(W - m - pw, body_top, pw, body_bottom - body_top)
        self.table = pygame.Rect(m, body_top, self.panel.left - m - self.px(16), self.panel.height)
        t = self.table
        # cards: as large as four rows of 13 and the trick allow
        self.label_h = round(self.f_small * 1.35)
        self.cw = self.px(54)
        self.step = round(self.cw * 0.36)
        while self.cw > self.px(36):
            row = self.cw + 12 * self.step
            ch = card_size(self.cw)[1]
            dx = round(self.cw * 1.3)
            fits_w = 2 * row + 2 * dx + self.cw + self.px(36) <= t.width
            fits_h = 2 * (ch + self.label_h) + 2 * ch + self.px(40) <= t.height
            if fits_w and fits_h:
                break
            self.cw -= 2
            self.step = round(self.cw * 0.36)
        if 72 <= self.cw < 110:
            # below 110 px a full card's corner index is smaller than a compact card's
            self.cw = 70
            self.step = round(self.cw * 0.36)
        self.ch = card_size(self.cw)[1]
        self.row_w = self.cw + 12 * self.step
        cx, cy = t.centerx, t.centery + self.px(4)
        self.center = (cx, cy)
        self.rows = {
            2: pygame.Rect(cx - self.row_w // 2, t.top + self.label_h, self.row_w, self.ch),
            0: pygame.Rect(cx - self.row_w // 2, t.bottom - self.ch, self.row_w, self.ch),
            1: pygame.Rect(t.left, cy - self.ch // 2, self.row_w, self.ch),
            3: pygame.Rect(t.right - self.row_w, cy - self.ch // 2, self.row_w, self.ch),
        }
        dx = round(self.cw * 1.3)
        dy = round(self.ch * 0.7)
        self.slots = {0: (cx, cy + dy), 1: (cx - dx, cy), 2: (cx, cy - dy), 3: (cx + dx, cy)}

    def px(self, v: float) -> int:
        """A length at 1280×720 scaled to this window."""
        return max(1, round(v * self.u))


class ReviewScene(Scene):
    """Step through one hand of a record; the player's decisions against Hard's, off-thread."""

    def __init__(
        self,
        app: App,
        record: dict[str, Any],
        index: int = 0,
        back: Callable[[], None] | None = None,
        worker: Worker | None = None,
        names: Sequence[str] | None = None,
        level: str = "hard",
        think_ms: int | None = None,
        prefs: Any = None,
        seat: int = 0,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.game = load(record)
        self.back_fn = back
        self._own_worker = worker is None
        self.worker = worker if worker is not None else Worker("process")
        names = list(names) if names else []
        self.names = [
            (names[i] if i < len(names) and isinstance(names[i], str) and names[i] else d)
            for i, d in enumerate(DEFAULT_NAMES)
        ]
        self.level = level
        self.think_ms = think_ms
        self.seat = seat
        self.art = CardArt(bool(pref(prefs, "four_color", False)), back_color(prefs))
        self.R = ReviewLayout(app.size)
        self.buttons: list[Button] = []
        self.cells: list[tuple[int, pygame.Rect]] = []
        self.verdicts: dict[Point, Verdict] = {}
        self.failed: set[Point] = set()
        self._results: queue.SimpleQueue[tuple[int, Any, BaseException | None]] = (
            queue.SimpleQueue()
        )
        self._job: tuple[int, Point] | None = None
        self._wake_posted = False
        self.hand_index = 0
        self.step = 0
        self.points: list[Point] = []
        self.shown: dict[int, list[int]] = {}  # the faces drawn last frame, by seat
        self.trick_shown: list[int] = []
        self.load_hand(max(0, min(index, len(self.game.hands) - 1)))

    # ----- the hand -------------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand under review."""
        return self.game.hands[self.hand_index]

    @property
    def n_steps(self) -> int:
        """Steps: the bidding, then one per trick (a last unfinished trick included)."""
        if self.hand.phase == MISDEAL:
            return 1
        return 1 + (len(self.hand.plays) + 3) // 4

    def load_hand(self, index: int) -> None:
        """Show another hand of the record, from its bidding; analysis starts over."""
        self._cancel()
        self.hand_index = index
        self.step = 0
        self.points = decision_points(self.game, index, self.seat)
        self._next_job()
        self._rebuild()

    def point_at(self, step: int) -> Point | None:
        """The player's decision shown at a step."""
        for p in self.points:
            if p.step == step:
                return p
        return None

    def go(self, step: int) -> None:
        """Show a step (clamped); its decision is analysed next if it is not yet."""
        step = max(0, min(self.n_steps - 1, step))
        if step != self.step:
            self.step = step
            self._rebuild()

    # ----- analysis off the window's thread --------------------------------------------------

    def _sink(self, jid: int, result: Any, error: BaseException | None) -> None:
        """Called on the worker's thread: queue the answer and wake the frame loop."""
        self._results.put((jid, result, error))
        if not self._wake_posted:
            self._wake_posted = True
            try:
                pygame.event.post(pygame.event.Event(WAKE))
            except pygame.error:
                self._wake_posted = False

    def _next_job(self) -> None:
        if self._job is not None:
            return
        todo = [p for p in self.points if p not in self.verdicts and p not in self.failed]
        if not todo:
            return
        here = self.point_at(self.step)
        point = here if here in todo else todo[0]
        args = (self.record, point, self.level, COACH_SEED, self.think_ms)
        self._job = (-1, point)
        jid = self.worker.submit(analyse, args, self._sink)
        if self._job is not None and self._job[0] == -1:
            self._job = (jid, point)

    def _take_results(self) -> bool:
        got = False
        while True:
            try:
                jid, result, error = self._results.get_nowait()
            except queue.Empty:
                break
            job = self._job
            if job is None or job[0] not in (jid, -1):
                continue
            point = job[1]
            self._job = None
            got = True
            if error is not None or not isinstance(result, Verdict):
                log.error("reviewing a decision failed: %s", error)
                self.failed.add(point)
            else:
                self.verdicts[point] = result
        if got:
            self._next_job()
        return got

    def _cancel(self) -> None:
        if self._job is not None:
            self.worker.cancel({self._job[0]})
            self._job = None

    def analysing(self) -> bool:
        """Whether decisions are still being analysed."""
        return self._job is not None

    # ----- scene hooks -----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute positions for the window size."""
        self.R = ReviewLayout(size)
        self._rebuild()

    def busy(self) -> bool:
        """Keep the loop awake while answers wait to be taken."""
        return not self._results.empty()

    def update(self, dt: float) -> bool:
        """Take analysis answers as they arrive."""
        if self._take_results():
            self._rebuild()
        return False

    def leave(self) -> None:
        """Back to where the review was opened from (the table, or the menu)."""
        self._cancel()
        if self._own_worker:
            self.worker.close()
        if self.back_fn is not None:
            self.back_fn()
        else:
            fn = self.app.services.get("to_menu")
            if fn is not None:
                fn()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, timeline clicks, arrow keys, Page Up/Down for hands, Escape to go back."""
        if event.type == WAKE:
            self._wake_posted = False
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for b in self.buttons:
                was = b.hover
                used = b.handle(event)
                if used or b.hover != was:
                    self.app.invalidate()
                if used:
                    return
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                for step, r in self.cells:
                    if r.collidepoint(event.pos):
                        self.go(step)
                        return

    def _key(self, k: int) -> None:
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.leave()
        elif k == pygame.K_RIGHT:
            self.go(self.step + 1)
        elif k == pygame.K_LEFT:
            self.go(self.step - 1)
        elif k == pygame.K_HOME:
            self.go(0)
        elif k == pygame.K_END:
            self.go(self.n_steps - 1)
        elif k == pygame.K_PAGEDOWN and self.hand_index + 1 < len(self.game.hands):
            self.load_hand(self.hand_index + 1)
        elif k == pygame.K_PAGEUP and self.hand_index > 0:
            self.load_hand(self.hand_index - 1)

    # ----- buttons ---------------------------------------------------------------------------

    def _rebuild(self) -> None:
        R = self.R
        self.buttons = []
        bh = R.px(40)

        def add(text: str, name: str, fn: Callable[[], None], rect: pygame.Rect, style: str):
            b = Button(text, fn, style, 20, name)
            b.place(rect, R.u)
            self.buttons.append(b)
            return b

        top = R.top
        w = text_width("Back  (Esc)", 20 * R.u) + R.px(44)
        back = pygame.Rect(0, 0, w, bh)
        back.midright = (top.right, top.centery)
        add("Back  (Esc)", "back", self.leave, back, "secondary")
        if len(self.game.hands) > 1:
            nw = text_width("Next hand", 20 * R.u) + R.px(40)
            nr = pygame.Rect(0, 0, nw, bh)
            nr.midright = (back.left - R.px(12), top.centery)
            pr = pygame.Rect(0, 0, nw, bh)
            pr.midright = (nr.left - R.px(10), top.centery)
            b = add(
                "Previous hand",
                "prev_hand",
                lambda: self.load_hand(self.hand_index - 1),
                pr,
                "secondary",
            )
            b.enabled = self.hand_index > 0
            b = add(
                "Next hand",
                "next_hand",
                lambda: self.load_hand(self.hand_index + 1),
                nr,
                "secondary",
            )
            b.enabled = self.hand_index + 1 < len(self.game.hands)
        tl = R.timeline
        sw = R.px(130)
        prev_r = pygame.Rect(tl.left, tl.top + (tl.height - bh) // 2, sw, bh)
        next_r = pygame.Rect(tl.right - sw, prev_r.top, sw, bh)
        b = add("Previous", "prev", lambda: self.go(self.step - 1), prev_r, "secondary")
        b.enabled = self.step > 0
        b = add("Next", "next", lambda: self.go(self.step + 1), next_r, "primary")
        b.enabled = self.step < self.n_steps - 1
        # timeline cells between the step buttons
        n = 14
        gap = R.px(6)
        room = next_r.left - prev_r.right - 2 * R.px(20)
        cw = min(R.px(54), (room - gap * (n - 1)) // n)
        total = n * cw + gap * (n - 1)
        x = tl.centerx - total // 2
        self.cells = []
        for step in range(n):
            self.cells.append((step, pygame.Rect(x, tl.top + R.px(4), cw, tl.height - R.px(8))))
            x += cw + gap
        self.app.invalidate()

    def button(self, name: str) -> Button | None:
        """A button by name (tests and tools)."""
        for b in self.buttons:
            if b.name == name:
                return b
        return None

    # ----- what is on the table at a step ----------------------------------------------------

    def holdings(self, step: int) -> list[int]:
        """Each seat's cards at a step: as dealt for the bidding, else after that trick."""
        hand = self.hand
        held = list(hand.dealt)
        if step == 0:
            return held
        for g, t, m in hand.passes:
            held[g] &= ~m
            held[t] |= m
        for card, seat in self._plays()[: 4 * step]:
            held[seat] &= ~(1 << card)
        return held

    def _plays(self) -> list[tuple[int, int]]:
        """(card, seat) of every card played, in order."""
        hand = self.hand
        out = []
        leader = hand.first_leader
        for i, card in enumerate(hand.plays):
            t = i // 4
            if i % 4 == 0 and t > 0:
                leader = hand.trick_winners[t - 1]
            out.append((card, (leader + i % 4) % 4))
        return out

    def trick(self, step: int) -> tuple[list[tuple[int, int]], int | None]:
        """The cards (card, seat) of a step's trick in play order, and its winner."""
        if step == 0:
            return [], None
        cards = self._plays()[4 * (step - 1) : 4 * step]
        winners = self.hand.trick_winners
        return cards, (winners[step - 1] if step - 1 < len(winners) else None)

    def tricks_won(self, step: int) -> list[int]:
        """Tricks each seat had won after a step."""
        won = [0, 0, 0, 0]
        for w in self.hand.trick_winners[: max(0, step)]:
            won[w] += 1
        return won

    def cell_label(self, step: int) -> str | None:
        """A timeline cell's state: mistake, slip, good, pending, failed, or None (no step)."""
        if step >= self.n_steps:
            return None
        p = self.point_at(step)
        if p is None:
            return "none"
        v = self.verdicts.get(p)
        if v is None:
            return "failed" if p in self.failed else "pending"
        return v.label or "none"

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The whole review."""
        R = self.R
        surface.blit(felt_background(R.size), (0, 0))
        self._draw_top(surface)
        if self.hand.phase == MISDEAL:
            who = self.names[self.hand.misdeal_by or 0]
            draw_text(
                surface,
                f"{who} threw this hand in (a misdeal): there is nothing to review.",
                R.f_body,
                MUTED,
                R.table.center,
                "center",
            )
        else:
            self._draw_table(surface)
            self._draw_panel(surface)
        self._draw_timeline(surface)
        for b in self.buttons:
            b.draw(surface, False)

    def _draw_top(self, surface: pygame.Surface) -> None:
        R = self.R
        r = draw_text(
            surface, "Hand review", R.f_title, ACCENT, (R.top.left, R.top.centery), "midleft"
        )
        n = len(self.game.hands)
        sub = f"Hand {self.hand_index + 1} of {n}  ·  {rules_title(self.game.rules)}"
        draw_text(surface, sub, R.f_small, MUTED, (r.right + R.px(18), R.top.centery), "midleft")

    def _draw_row(self, surface: pygame.Surface, seat: int, held: int, step: int) -> None:
        R = self.R
        box = R.rows[seat]
        deck = self.hand.deck
        cards = sorted(cards_of(held), key=deck.sort_key)
        n = len(cards)
        row_w = R.cw + max(0, n - 1) * R.step
        x = (
            box.centerx - row_w // 2
            if seat in (0, 2)
            else (box.left if seat == 1 else box.right - row_w)
        )
        hard_card = self._hard_card(step) if seat == self.seat else None
        self.shown[seat] = cards
        hard_rect = None
        for i, card in enumerate(cards):
            r = pygame.Rect(x + i * R.step, box.top, R.cw, R.ch)
            surface.blit(self.art.face(card, R.cw), r)
            if card == hard_card:
                hard_rect = r
        if hard_rect is not None:  # on top of its neighbours: the whole card is outlined
            pygame.draw.rect(
                surface,
                GOOD,
                hard_rect.inflate(R.px(6), R.px(6)),
                max(2, R.px(3)),
                border_radius=R.px(8),
            )
        if not n:
            draw_text(surface, "no cards left", R.f_small, FAINT, box.center, "center")
        # the seat's label above its row
        b = self.hand.bids[seat]
        won = self.tricks_won(step)[seat]
        label = f"{self.names[seat]}  ·  bid {_bid_text(b)}"
        if step:
            label += f"  ·  won {won}"
        lx = box.centerx if seat in (0, 2) else (box.left if seat == 1 else box.right)
        anchor = {0: "midbottom", 2: "midbottom", 1: "bottomleft", 3: "bottomright"}[seat]
        if seat == self.hand.dealer:
            label += "  ·  dealer"
        draw_text(
            surface,
            label,
            R.f_small,
            TEXT if seat == self.seat else MUTED,
            (lx, box.top - R.px(4)),
            anchor,
        )

    def _hard_card(self, step: int) -> int | None:
        """Hard's card at the player's decision of this step, when it differs from the player's."""
        p = self.point_at(step)
        v = self.verdicts.get(p) if p is not None else None
        if p is None or v is None or p.kind != "play" or v.best == p.action:
            return None
        return v.best

    def _draw_table(self, surface: pygame.Surface) -> None:
        R = self.R
        step = self.step
        held = self.holdings(step)
        for seat in range(4):
            self._draw_row(surface, seat, held[seat], step)
        cards, winner = self.trick(step)
        self.trick_shown = [c for c, _s in cards]
        ring = pygame.Rect(0, 0, 2 * (R.slots[3][0] - R.center[0]) + R.cw + R.px(40), 0)
        ring.height = 2 * (R.slots[0][1] - R.center[1]) + R.ch + R.px(24)
        ring.center = R.center
        draw_panel(surface, ring, (0, 0, 0, 30), ring.height // 2)
        if step == 0:
            self._draw_bids(surface)
            return
        p = self.point_at(step)
        v = self.verdicts.get(p) if p is not None else None
        for i, (card, seat) in enumerate(cards):
            r = pygame.Rect(0, 0, R.cw, R.ch)
            r.center = R.slots[seat]
            surface.blit(self.art.face(card, R.cw), r)
            if seat == winner:
                pygame.draw.rect(
                    surface,
                    ACCENT,
                    r.inflate(R.px(8), R.px(8)),
                    max(2, R.px(3)),
                    border_radius=R.px(9),
                )
            elif seat == self.seat and v is not None and v.label in ("mistake", "slip"):
                pygame.draw.rect(
                    surface,
                    VERDICT_TEXT[v.label],
                    r.inflate(R.px(8), R.px(8)),
                    max(2, R.px(3)),
                    border_radius=R.px(9),
                )
            # play order badge
            rad = R.px(10)
            c = (r.right - R.px(2), r.top + R.px(2))
            pygame.draw.circle(surface, (20, 40, 30), c, rad)
            pygame.draw.circle(surface, ACCENT if i == 0 else MUTED, c, rad, max(1, R.px(2)))
            draw_text(surface, str(i + 1), R.f_small * 0.8, TEXT, c, "center")

    def _draw_bids(self, surface: pygame.Surface) -> None:
        R = self.R
        hand = self.hand
        cx, cy = R.center
        lines = []
        for s in hand.order[: hand.nbids]:
            lines.append((self.names[s], _bid_text(hand.bids[s]).capitalize(), s == self.seat))
        h = round(R.f_body * 1.4)
        y = cy - (len(lines) + 1) * h // 2
        draw_text(surface, "Bidding", R.f_body, ACCENT, (cx, y), "midtop")
        y += h
        for name, bid, mine in lines:
            color = TEXT if mine else MUTED
            draw_text(surface, name, R.f_body, color, (cx - R.px(8), y), "topright")
            draw_text(surface, bid, R.f_body, color, (cx + R.px(8), y), "topleft")
            y += h

    def _draw_panel(self, surface: pygame.Surface) -> None:
        R = self.R
        box = R.panel
        draw_panel(surface, box, (6, 34, 22, 226), R.px(16), (255, 255, 255, 50), 1)
        pad = R.px(22)
        x = box.left + pad
        inner = box.width - 2 * pad
        y = box.top + pad
        step = self.step
        title = "Bidding" if step == 0 else f"Trick {step} of 13"
        draw_text(surface, title, R.f_big, ACCENT, (x, y))
        y += round(R.f_big * 1.3)
        cards, winner = self.trick(step)
        if step and winner is not None:
            wcard = next(c for c, s in cards if s == winner)
            who = "You" if winner == self.seat else self.names[winner]
            draw_text(
                surface, f"{who} won it with the {card_name(wcard)}.", R.f_small, MUTED, (x, y)
            )
        elif step:
            draw_text(surface, "The record stops during this trick.", R.f_small, MUTED, (x, y))
        else:
            made = sum(b is not None for b in self.hand.bids)
            draw_text(surface, f"{made} bids, in the order made.", R.f_small, MUTED, (x, y))
        y += round(R.f_small * 1.3) + R.px(12)
        pygame.draw.line(surface, RULE, (x, y), (box.right - pad, y))
        y += R.px(14)
        p = self.point_at(step)
        if p is None:
            draw_text(surface, "No decision of yours here.", R.f_body, MUTED, (x, y))
        else:
            y = self._draw_decision(surface, p, x, y, inner)
        # the summary and a legend at the bottom of the panel
        yb = box.bottom - pad
        text, color = self._summary()
        for line in reversed(wrap(text, R.f_small, inner)):
            draw_text(surface, line, R.f_small, color, (x, yb), "bottomleft")
            yb -= round(R.f_small * 1.3)
        yb -= R.px(10)
        lx = x
        sw = R.px(14)
        for label, words in (("mistake", "Mistake"), ("slip", "Small slip"), ("good", "Good")):
            sq = pygame.Rect(lx, yb - sw, sw, sw)
            draw_panel(surface, sq, VERDICT_FILL[label], R.px(3))
            tr = draw_text(
                surface, words, R.f_small * 0.9, MUTED, (sq.right + R.px(6), sq.centery), "midleft"
            )
            lx = tr.right + R.px(16)
        keys = "Left/Right: step through the hand  ·  Page Up/Down: other hands"
        yk = sq.top - R.px(10)
        for line in reversed(wrap(keys, R.f_small * 0.9, inner)):
            draw_text(surface, line, R.f_small * 0.9, FAINT, (x, yk), "bottomleft")
            yk -= round(R.f_small * 1.2)

    def _draw_decision(self, surface: pygame.Surface, p: Point, x: int, y: int, inner: int) -> int:
        R = self.R
        v = self.verdicts.get(p)
        level = self.level.capitalize()
        if p.kind == "play":
            cw = R.px(74)
            ch = card_size(cw)[1]
            cols = [(x, "You played", p.action)]
            if v is not None:
                cols.append((x + cw + R.px(56), f"{level} would play", v.best))
            for cx, caption, card in cols:
                draw_text(surface, caption, R.f_small, MUTED, (cx, y))
                r = pygame.Rect(cx, y + round(R.f_small * 1.3) + R.px(4), cw, ch)
                surface.blit(self.art.face(card, cw), r)
                if caption != "You played":
                    pygame.draw.rect(
                        surface,
                        GOOD,
                        r.inflate(R.px(6), R.px(6)),
                        max(2, R.px(3)),
                        border_radius=R.px(9),
                    )
            y += round(R.f_small * 1.3) + R.px(4) + ch + R.px(16)
        else:
            draw_text(surface, f"You bid {_bid_text(p.action)}", R.f_big, TEXT, (x, y))
            y += round(R.f_big * 1.3)
            if v is not None and not p.blind:
                draw_text(surface, f"{level} would bid {_bid_text(v.best)}", R.f_big, GOOD, (x, y))
                y += round(R.f_big * 1.3)
            y += R.px(10)
        # the verdict pill
        text, label = self._verdict_words(p, v)
        fill = VERDICT_FILL.get(label or "", (40, 60, 50))
        pill = pygame.Rect(
            x, y, min(inner, text_width(text, R.f_body) + R.px(32)), round(R.f_body * 1.7)
        )
        draw_panel(surface, pill, fill, pill.height // 2)
        draw_text(surface, text, R.f_body, TEXT, pill.center, "center")
        y = pill.bottom + R.px(12)
        if v is not None:
            lh = round(R.f_small * 1.3)
            warning = ruff_words(v.ruffers, v.best, self.hand.rules, self.names)
            reason = wrap(f"{warning} {v.reason}" if warning else v.reason, R.f_small, inner)
            if len(reason) > 3:
                reason = reason[:2] + [_fit(" ".join(reason[2:]), R.f_small, inner)]
            for line in reason:
                draw_text(surface, line, R.f_small, MUTED, (x, y))
                y += lh
            values = self._values_line(p, v)
            if values:
                y += R.px(6)
                for line in wrap(values, R.f_small, inner)[:3]:
                    draw_text(surface, line, R.f_small, TEXT, (x, y))
                    y += lh
            note = {
                "expected": f"Approximate: {level}'s expected points over sampled deals.",
                "tricks": "Approximate: both bids scored with the tricks your team took.",
            }.get(v.how)
            if note and v.cost:
                y += R.px(6)
                for line in wrap(note, R.f_small * 0.9, inner):
                    draw_text(surface, line, R.f_small * 0.9, FAINT, (x, y))
                    y += round(R.f_small * 1.2)
        return y

    def _values_line(self, p: Point, v: Verdict) -> str:
        """Hard's expected points for its choice and the player's, in words."""
        vals = {a: val for a, val in v.values if val is not None}
        if v.how != "expected" or not vals or v.best == p.action:
            return ""

        def words(a: int) -> str:
            return card_name(a) if p.kind == "play" else _bid_text(a)

        mine = vals.get(p.action)
        if mine is None and p.kind == "play":  # an equal card Hard did not list separately
            mine = vals.get(v.best, 0.0) - (v.cost or 0.0)
        best = vals.get(v.best)
        if best is None or mine is None:
            return ""
        return (
            f"Expected points: {words(v.best)} {best:+.0f}, yours ({words(p.action)}) {mine:+.0f}."
        )

    def _verdict_words(self, p: Point, v: Verdict | None) -> tuple[str, str | None]:
        if v is None:
            if p in self.failed:
                return ("Could not be analysed", None)
            return ("Analysing...", None)
        return verdict_words(p.kind, v.cost, v.how, v.best == p.action, self.level)

    def _summary(self) -> tuple[str, tuple[int, int, int]]:
        done = [self.verdicts[p] for p in self.points if p in self.verdicts]
        left = len(self.points) - len(done) - len(self.failed & set(self.points))
        if left > 0:
            return (f"Analysing your decisions: {len(done)} of {len(self.points)} done...", MUTED)
        mistakes = sum(v.label == "mistake" for v in done)
        slips = sum(v.label == "slip" for v in done)
        if not self.points:
            return ("No decisions of yours in this hand.", MUTED)
        if not mistakes and not slips:
            return ("Every decision as good as Hard's. Well played.", GOOD)
        parts = []
        if mistakes:
            parts.append(f"{mistakes} mistake{'s' if mistakes != 1 else ''}")
        if slips:
            parts.append(f"{slips} small slip{'s' if slips != 1 else ''}")
        return (" and ".join(parts) + " in this hand: marked on the timeline.", SLIP)

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        R = self.R
        for step, r in self.cells:
            label = self.cell_label(step)
            current = step == self.step
            if label is None:
                draw_panel(surface, r, (255, 255, 255, 10), R.px(10))
                draw_text(
                    surface, "Bid" if step == 0 else str(step), R.f_small, FAINT, r.center, "center"
                )
                continue
            fill = VERDICT_FILL.get(label, (255, 255, 255, 24))
            border = ACCENT if current else (255, 255, 255, 40)
            draw_panel(surface, r, fill, R.px(10), border, max(2, R.px(3)) if current else 1)
            text = "Bid" if step == 0 else str(step)
            color = TEXT if label in VERDICT_FILL or current else MUTED
            draw_text(surface, text, R.f_small, color, (r.centerx, r.centery), "center")
            if label == "pending":
                dot = (r.centerx, r.bottom - R.px(7))
                pygame.draw.circle(surface, MUTED, dot, max(2, R.px(2)))
