"""The hand review: a finished hand trick by trick, all four hands face up, the player's
decisions weighed against a level's by the table's controller (its coach, off the window's
thread: Analyse intents out, Analysed events back); keys and buttons to step."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...coach.review import Point, Verdict, decision_points
from ...controller import Analyse, Analysed, Controller, StopAnalysis
from ...controller.duplicate import replayable
from ...engine.actions import PlayAction
from ...engine.game import DEFAULT_NAMES
from ...engine.hand import BID, MISDEAL, Hand
from ...engine.record import load
from ...engine.replay import HandStart, hand_steps
from ..prefs import Prefs
from ..wake import waker
from ..widgets import Button, text_width
from ..window import App, Scene
from .layout import ReviewLayout
from .render import ReviewRenderer

log = logging.getLogger(__name__)


class ReviewScene(Scene):
    """Step through one hand of a record; the player's decisions against Hard's, off-thread."""

    def __init__(
        self,
        app: App,
        record: dict[str, Any],
        index: int,
        ctl: Controller,
        back: Callable[[], None] | None = None,
        names: Sequence[str] | None = None,
        level: str = "hard",
        think_ms: int | None = None,
        prefs: Any = None,
        seat: int = 0,
        known: dict[Point, Verdict] | None = None,
        step: int = 0,
        hand_no: int | None = None,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.game = load(record)
        self.back_fn = back
        self.ctl = ctl  # the table's: its coach weighs the decisions
        names = list(names) if names else []
        self.names = [
            (names[i] if i < len(names) and isinstance(names[i], str) and names[i] else d)
            for i, d in enumerate(DEFAULT_NAMES)
        ]
        self.level = level
        self.think_ms = think_ms
        self.seat = seat
        # a record of one hand kept from a game: that hand's number in the game
        self.hand_no = hand_no if len(self.game.hands) == 1 else None
        self.prefs = prefs  # passed on to a deal played again
        self.art = Prefs.read(prefs).card_art()
        self.felt = Prefs.read(prefs).felt
        self.R = ReviewLayout(app.size)
        self.buttons: list[Button] = []
        self.cells: list[tuple[int, pygame.Rect]] = []
        self.verdicts: dict[Point, Verdict] = dict(known or {})  # weighed before (records)
        self.failed: set[Point] = set()
        self._refs = itertools.count(1)
        self._job: tuple[int, Point] | None = None  # (ref, point) of the question open
        self.hand_index = 0
        self.step = 0
        self.points: list[Point] = []
        self.problem: str | None = None  # why the decisions could not be weighed, if so
        self._bidding_held: list[int] = []
        self._held: list[list[int]] = []
        self._played: list[tuple[int, int]] = []
        self.render = ReviewRenderer(self)
        self.load_hand(max(0, min(index, len(self.game.hands) - 1)))
        self.go(step)

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
        # a window without the replay's service (tests, tools) cannot play the deal again
        self.can_replay = (
            replayable(self.record, index) and self.app.services.play_again is not None
        )
        self.step = 0
        try:
            self._replay_hand()
        except Exception:  # the hand stays on screen as its tricks give it
            log.exception("hand %d could not be replayed for its review", index + 1)
            self._as_recorded()
        try:
            self.points = decision_points(self.game, index, self.seat)
            self.problem = None
        except Exception:  # the review goes on without the player's decisions weighed
            log.exception("the decisions in hand %d could not be found", index + 1)
            self.points = []
            self.problem = (
                "Your decisions in this hand could not be weighed: it is shown as played."
            )
        self._next_job()
        self._rebuild()

    def _replay_hand(self) -> None:
        """The hand replayed once: each seat's cards when the bidding began and after each
        card played, and every card with the seat that played it."""
        hand = self.hand
        bidding: list[int] | None = None
        held: list[list[int]] = []  # each seat's cards after n cards played
        played: list[tuple[int, int]] = []
        for step in hand_steps(hand):
            h, action = step.hand, step.action
            if bidding is None and h.phase == BID:
                bidding = list(h.hands)  # after a discard made before the bidding (001)
            if isinstance(action, PlayAction):
                if not held:
                    held.append(list(h.hands))  # after every pass and discard
                after = held[-1][:]
                after[step.seat] &= ~(1 << action.card)
                held.append(after)
                played.append((action.card, step.seat))
        start = HandStart.of(hand).hand().hands
        self._bidding_held = bidding if bidding is not None else list(start)
        self._held = held or [list(hand.hands)]
        self._played = played

    def _as_recorded(self) -> None:
        """Without a replay: the cards played as the tricks give them, each seat's cards
        worked back from what it holds at the end."""
        hand = self.hand
        played = [
            ((leader + i) % 4, c)
            for leader, cards, _w in hand.tricks()
            for i, c in enumerate(cards)
        ]
        played += [((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick)]
        held = [list(hand.hands)]
        for seat, card in reversed(played):
            before = held[0][:]
            before[seat] |= 1 << card
            held.insert(0, before)
        self._bidding_held, self._held = held[0], held
        self._played = [(c, s) for s, c in played]

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

    # ----- analysis by the controller's coach -------------------------------------------------

    def _next_job(self) -> None:
        """Ask about the next decision not yet weighed (the one shown first)."""
        if self._job is not None:
            return
        todo = [p for p in self.points if p not in self.verdicts and p not in self.failed]
        if not todo:
            return
        here = self.point_at(self.step)
        point = here if here in todo else todo[0]
        ref = next(self._refs)
        self._job = (ref, point)
        self.ctl.send(Analyse(self.record, point, self.level, self.think_ms, ref))

    def _take_results(self) -> bool:
        """The controller's answers to the question open; whether one came."""
        self.ctl.pump_control()
        got = False
        for e in self.ctl.take(Analysed):
            assert isinstance(e, Analysed)
            job = self._job
            if job is None or e.ref != job[0]:
                continue  # a question dropped when the hand changed
            point = job[1]
            self._job = None
            got = True
            if e.failed or not isinstance(e.verdict, Verdict):
                log.error("reviewing a decision failed at %s", point)
                self.failed.add(point)
            else:
                self.verdicts[point] = e.verdict
        if got:
            self._next_job()
        return got

    def _cancel(self) -> None:
        if self._job is not None:
            self.ctl.send(StopAnalysis())
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
        """Keep the loop awake while the controller has answers (or questions) to handle."""
        return self.ctl.control_pending()

    def update(self, dt: float) -> bool:
        """Take analysis answers as they arrive."""
        if self._take_results():
            self._rebuild()
        return False

    def leave(self) -> None:
        """Back to where the review was opened from (the table, or the menu)."""
        self._cancel()
        self.ctl.pump_control()  # the review's questions forgotten before the table goes on
        if self.back_fn is not None:
            self.back_fn()
        else:
            fn = self.app.services.to_menu
            if fn is not None:
                fn()

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons, timeline clicks, arrow keys, Page Up/Down for hands, Escape to go back."""
        if waker.taken(event):
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

        def add(
            text: str, name: str, fn: Callable[[], None], rect: pygame.Rect, style: str
        ) -> Button:
            b = Button(text, fn, style, R.f_button / R.u, name)
            b.place(rect, R.u)
            self.buttons.append(b)
            return b

        top = R.top
        w = text_width("Back  (Esc)", R.f_button) + R.px(44)
        back = pygame.Rect(0, 0, w, bh)
        back.midright = (top.right, top.centery)
        add("Back  (Esc)", "back", self.leave, back, "secondary")
        if len(self.game.hands) > 1:
            nw = text_width("Previous hand", R.f_button) + R.px(40)
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
        left = min((b.rect.left for b in self.buttons), default=back.left)
        again = "Play this deal again"
        rw = text_width(again, 20 * R.u) + R.px(40)
        rr = pygame.Rect(0, 0, rw, bh)
        rr.midright = (left - R.px(12), top.centery)
        add(again, "play_again", self.play_again, rr, "primary").enabled = self.can_replay
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

    def play_again(self) -> None:
        """Play this hand's deal again: the same cards in every seat, then a comparison."""
        fn = self.app.services.play_again
        if fn is not None:
            fn(self)  # the analysis under way goes on: it is there on coming back

    def button(self, name: str) -> Button | None:
        """A button by name (tests and tools)."""
        for b in self.buttons:
            if b.name == name:
                return b
        return None

    # ----- what is on the table at a step ----------------------------------------------------

    def holdings(self, step: int) -> list[int]:
        """Each seat's cards at a step: as held when the bidding began (the cards left over
        with their taker, less a discard made before it), else after that trick."""
        if step == 0:
            return list(self._bidding_held)
        return list(self._held[min(4 * step, len(self._held) - 1)])

    def _plays(self) -> list[tuple[int, int]]:
        """(card, seat) of every card played, in order."""
        return self._played

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

    def draw(self, surface: pygame.Surface) -> None:
        """The whole review."""
        self.render.draw(surface)
