"""Drills: a position to choose in again (the player's own costly choices, or the built-in set
by theme), shown as the player saw it; then the answer, Hard's reason and what each choice
averages. Answers go to the records' spaced repetition."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal

import pygame

from ..ai.view import SeatView
from ..coach import history as history_mod
from ..coach.drills import Drill, by_theme, due_drills, load_builtin
from ..coach.history import History
from ..engine.cards import SUIT_SYMBOLS, card_name, cards_of
from ..engine.counting import suit_counts
from ..engine.deck import deck_for
from ..engine.presets import name_of
from .coach_pages import EDGE, MIN_FONT, PANEL, page_frame, rules_label
from .prefs import Prefs
from .theme import ACCENT, BAD, FAINT, GOOD, MUTED, TEXT
from .widgets import (
    Button,
    Widget,
    WidgetScene,
    draw_panel,
    draw_text,
    line_height,
    title_bar,
    wrap,
)
from .window import App
from .words import bid_text, plural, rank_in_suit

SEAT_WORDS = ("You", "West", "Partner", "East")  # by place from the player, clockwise
DrillsPage = Literal["list", "ask", "answer"]  # the themes, a drill asked, a drill answered


def place_of(view_seat: int, seat: int) -> int:
    """Where a seat sits from the drill's player: 0 you, 1 on your left (West), 2 partner, 3
    East (a built-in position may be seen from any seat)."""
    return (seat - view_seat) % 4


def choice_words(kind: str, action: int) -> str:
    """A bid or a card in words."""
    return bid_text(action).capitalize() if kind == "bid" else card_name(action)


class DrillsScene(WidgetScene):
    """The drills' list, and a session of drills one position at a time."""

    def __init__(
        self,
        app: App,
        back: Callable[[], None] | None = None,
        history: History | None = None,
    ) -> None:
        super().__init__(app, back)
        if history is None:
            history, problem = history_mod.load()
            if problem:
                self.message.set(problem, "warn")
        self.history = history
        self.builtin = load_builtin()
        self.themes = by_theme(self.builtin)
        self.mine = due_drills(self.history)
        settings = app.services.settings
        self.art = Prefs.read(settings.prefs() if settings is not None else None).card_art()
        self.mode: DrillsPage = "list"
        self.session: list[Drill] = []
        self.at = 0
        self.chosen: int | None = None
        self.right = 0
        self.buttons: list[Button] = []
        self.cards: list[tuple[int, pygame.Rect]] = []
        self.rects: dict[str, pygame.Rect] = {}
        self.trick_places: dict[int, str] = {}  # the trick's cards drawn, by who played them
        self.key_card: int | None = None  # the card Left/Right put the keyboard on (a play drill)
        self._build()

    # ----- state ----------------------------------------------------------------------------

    @property
    def drill(self) -> Drill | None:
        """The drill shown."""
        return self.session[self.at] if self.mode != "list" and self.session else None

    def start(self, drills: list[Drill]) -> None:
        """A session of these drills, from the first."""
        if not drills:
            return
        self.session, self.at, self.right, self.chosen = list(drills), 0, 0, None
        self.mode = "ask"
        self.message.clear()
        self._build()

    def choose(self, action: int) -> None:
        """The player's choice: judged, kept in the repetition, the answer shown."""
        d = self.drill
        if d is None or self.mode != "ask" or action not in d.choices:
            return
        self.chosen = action
        right = d.right(action)
        self.right += right
        history, problem = history_mod.load()  # fresh: the worker may have kept a hand since
        history.answered(d.id, right)
        problem = history_mod.save(history) or problem
        self.history = history
        if problem:
            self.message.set(problem, "warn")
        self.mode = "answer"
        self._build()

    def next(self) -> None:
        """The next drill, or back to the list with the session's score."""
        if self.at + 1 < len(self.session):
            self.at += 1
            self.chosen = None
            self.mode = "ask"
        else:
            n = len(self.session)
            self.message.set(f"Done: {self.right} of {plural(n, 'drill')} right.", "info")
            self.to_list()
            return
        self._build()

    def to_list(self) -> None:
        """Back to the list of drills."""
        self.mode = "list"
        self.mine = due_drills(self.history)
        self._build()

    def back(self) -> None:
        """Escape: from a drill to the list, from the list to where the screen was opened."""
        if self.mode != "list":
            self.message.clear()
            self.to_list()
            return
        super().back()

    # ----- widgets --------------------------------------------------------------------------

    def _build(self) -> None:
        """The buttons for the mode."""
        b: list[Button] = []
        if self.mode == "list":
            mine = Button(
                f"Start ({len(self.mine)})", lambda: self.start(self.mine), "accent", 27, "mine"
            )
            mine.enabled = bool(self.mine)
            b.append(mine)
            mine.said = f"Start your own drills: {plural(len(self.mine), 'drill')}"
            for theme, drills in self.themes.items():
                button = Button(
                    f"{theme} · {len(drills)}",
                    partial(self.start, drills),
                    "secondary",
                    24,
                    f"theme:{theme}",
                )
                button.said = f"{theme}: {plural(len(drills), 'drill')}"
                b.append(button)
            b.append(Button("Back", self.back, "accent", 27, "back"))
        else:
            d = self.drill
            assert d is not None
            if self.mode == "ask" and d.kind == "bid":
                for x in d.choices:
                    b.append(
                        Button(
                            choice_words("bid", x),
                            partial(self.choose, x),
                            "primary",
                            24,
                            f"bid:{x}",
                        )
                    )
            if self.mode == "answer":
                last = self.at + 1 >= len(self.session)
                b.append(Button("Done" if last else "Next", self.next, "accent", 27, "next"))
            b.append(Button("Back to drills", self.back, "secondary", 24, "back"))
        self.buttons = b
        self.key_card = None
        self.focus = next((x for x in b if x.enabled), None) if self.mode != "ask" else None
        self.relayout()

    def widgets(self) -> list[Widget]:
        """The buttons of the mode."""
        return list(self.buttons)

    def button(self, name: str) -> Button | None:
        """A button by name (tests and tools)."""
        return next((x for x in self.buttons if x.name == name), None)

    def card_point(self, card: int) -> tuple[int, int]:
        """Where to click a card of the hand (tests and tools)."""
        for c, r in self.cards:
            if c == card:
                return r.centerx, r.top + round(12 * self.s)
        raise KeyError(card)

    def handle(self, event: pygame.event.Event) -> None:
        """A click on a legal card chooses it; the rest as any widget scene."""
        d = self.drill
        if (
            self.mode == "ask"
            and d is not None
            and d.kind == "play"
            and self.dialog is None
            and event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
        ):
            for card, r in reversed(self.cards):
                if r.collidepoint(event.pos):
                    if card in d.choices:
                        self.choose(card)
                    return
        if self._card_key(event):
            return
        super().handle(event)

    def _card_key(self, event: pygame.event.Event) -> bool:
        """A play drill by keys: Left/Right move among the cards that may be played, Enter
        (or Space) chooses the one the keyboard is on; True if the key was used."""
        d = self.drill
        if event.type != pygame.KEYDOWN or self.mode != "ask" or d is None or d.kind != "play":
            return False
        if self.dialog is not None:
            return False
        legal = [c for c, _ in self.cards if c in d.choices]
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and legal:
            self.keyboard = True
            self.focus = None  # Enter now chooses the card
            step = 1 if event.key == pygame.K_RIGHT else -1
            if self.key_card in legal:
                self.key_card = legal[(legal.index(self.key_card) + step) % len(legal)]
            else:
                self.key_card = legal[0] if step > 0 else legal[-1]
            self.app.invalidate()
            return True
        confirm = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if event.key in confirm and self.key_card in legal and self.focus is None:
            self.choose(self.key_card)
            return True
        return False

    # ----- layout ---------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        """The list: your drills on the left, the themes in two columns on the right. A
        drill: the table's facts, the trick, the answer panel and the hand below."""
        s = self.s
        h = size[1]
        frame = page_frame(size, s, title_room=80, bar=80)
        self.left, self.title_top = frame.left, frame.title_top
        left, gw, top, bar_h, gap = frame.left, frame.width, frame.top, frame.bar_h, frame.gap
        bh = round(24 * 1.75 * s)
        self.msg_rect = pygame.Rect(left, h - bar_h + (bar_h - bh) // 2, gw // 2, bh)
        if self.mode == "list":
            lw = round(gw * 0.36)
            self.rects = {
                "mine": pygame.Rect(left, top, lw, h - bar_h - top),
                "themes": pygame.Rect(left + lw + gap, top, gw - lw - gap, h - bar_h - top),
            }
            mine = self.rects["mine"]
            by = self.button("mine")
            if by is not None:
                by.place(
                    pygame.Rect(
                        mine.left + round(20 * s),
                        mine.bottom - bh * 5 // 4 - round(16 * s),
                        mine.width - round(40 * s),
                        bh * 5 // 4,
                    ),
                    s,
                )
            th = self.rects["themes"]
            tbs = [x for x in self.buttons if x.name.startswith("theme:")]
            rows = (len(tbs) + 1) // 2
            cw = (th.width - round(3 * 20 * s)) // 2
            inner_top = th.top + round(52 * s)
            rh = min(round(56 * s), (th.bottom - inner_top - round(16 * s)) // max(1, rows))
            for i, x in enumerate(tbs):
                col, row = i // rows, i % rows
                x.place(
                    pygame.Rect(
                        th.left + round(20 * s) + col * (cw + round(20 * s)),
                        inner_top + row * rh,
                        cw,
                        rh - round(10 * s),
                    ),
                    s,
                )
            back = self.button("back")
            if back is not None:
                bw = max(round(140 * s), back.natural_width(s))
                back.place(pygame.Rect(left + gw - bw, self.msg_rect.top, bw, bh), s)
            return
        # a drill
        hand_h = round(min(104 * s, gw / 11) * 1.4) + round(34 * s)
        mid = pygame.Rect(left, top, gw, h - top - hand_h - round(14 * s))
        iw = round(gw * 0.24)
        aw = round(gw * 0.40)
        self.rects = {
            "info": pygame.Rect(mid.left, mid.top, iw, mid.height),
            "trick": pygame.Rect(mid.left + iw + gap, mid.top, gw - iw - aw - 2 * gap, mid.height),
            "answer": pygame.Rect(mid.right - aw, mid.top, aw, mid.height),
            "hand": pygame.Rect(left, mid.bottom + round(10 * s), gw, hand_h),
        }
        back = self.button("back")
        if back is not None:
            bw = back.natural_width(s)
            back.place(pygame.Rect(left + gw - bw, self.title_top + round(6 * s), bw, bh), s)
        nxt = self.button("next")
        ans = self.rects["answer"]
        if nxt is not None:
            bw = max(round(160 * s), nxt.natural_width(s))
            nxt.place(
                pygame.Rect(
                    ans.right - bw - round(16 * s),
                    ans.bottom - bh - round(16 * s),
                    bw,
                    round(27 * 1.75 * s),
                ),
                s,
            )
        bids = [x for x in self.buttons if x.name.startswith("bid:")]
        if bids:
            cols = 5
            bw = (ans.width - round(32 * s) - (cols - 1) * round(8 * s)) // cols
            y0 = ans.top + round(96 * s)
            for i, x in enumerate(bids):
                r, c = divmod(i, cols)
                x.place(
                    pygame.Rect(
                        ans.left + round(16 * s) + c * (bw + round(8 * s)),
                        y0 + r * (bh + round(8 * s)),
                        bw,
                        bh,
                    ),
                    s,
                )
        self._place_cards()

    def _place_cards(self) -> None:
        d = self.drill
        self.cards = []
        if d is None:
            return
        s = self.s
        r = self.rects["hand"]
        deck = deck_for(d.view.rules)
        cards = sorted(cards_of(d.view.hand), key=deck.sort_key)
        n = len(cards)
        cw = round(min(104 * s, r.width / 11))
        step = min(round(cw * 0.78), (r.width - cw) // max(1, n - 1)) if n > 1 else 0
        total = cw + step * (n - 1)
        x = r.centerx - total // 2
        raise_by = round(20 * s)
        for c in cards:
            lifted = self.mode == "ask" and d.kind == "play" and c in d.choices
            y = r.top + (0 if lifted else raise_by)
            self.cards.append((c, pygame.Rect(x, y, cw, round(cw * 1.4))))
            x += step

    # ----- drawing --------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        """The list or the drill, buttons and any message."""
        s = self.s
        if self.mode == "list":
            self._paint_list(surface)
        else:
            self._paint_drill(surface)
        for b in self.widgets():
            b.draw(surface, b is self.shown_focus())
        if self.message.text:
            self.message.draw(surface, self.msg_rect, s)

    def _text(
        self, surface: pygame.Surface, text: str, size: float, color: Any, r: pygame.Rect, y: int
    ) -> int:
        lh = line_height(size)
        for line in wrap(text, size, r.width):
            if y + lh > r.bottom:
                break
            draw_text(surface, line, size, color, (r.left, y))
            y += lh
        return y

    def _paint_list(self, surface: pygame.Surface) -> None:
        s = self.s
        title_bar(
            surface, "Drills", "choose again where a choice mattered", s, self.left, self.title_top
        )
        mine = self.rects["mine"]
        draw_panel(surface, mine, PANEL, round(14 * s), EDGE)
        pad = round(20 * s)
        inner = mine.inflate(-2 * pad, -2 * pad)
        draw_text(surface, "From your games", 28 * s, TEXT, (inner.left, inner.top))
        n = len(self.mine)
        if n:
            text = (
                f"{plural(n, 'position')} from your recent games where your choice cost the "
                "most. Choose again: right the first time, it is done; a miss comes back after "
                "1 day of play, then after 3 and 7 more as long as you get it right."
            )
        else:
            text = (
                "Nothing to try yet. After each hand you finish, your choices are weighed "
                "against Hard's in the background; the costliest ones of your recent games "
                "come here as positions to choose in again. Start with the built-in set."
            )
        self._text(surface, text, 22 * s, MUTED, inner, inner.top + round(46 * s))
        th = self.rects["themes"]
        draw_panel(surface, th, PANEL, round(14 * s), EDGE)
        draw_text(
            surface,
            "Built-in positions, by theme",
            28 * s,
            TEXT,
            (th.left + pad, th.top + round(14 * s)),
        )

    def _paint_drill(self, surface: pygame.Surface) -> None:
        d = self.drill
        assert d is not None
        s = self.s
        v = d.view
        title_bar(
            surface,
            f"Drill {self.at + 1} of {len(self.session)}",
            d.theme,
            s,
            self.left,
            self.title_top,
        )
        # the table's facts
        info = self.rects["info"]
        draw_panel(surface, info, PANEL, round(14 * s), EDGE)
        pad = round(16 * s)
        inner = info.inflate(-2 * pad, -2 * pad)
        size = 26 * s
        lh = line_height(size)
        y = inner.top
        preset = name_of(v.rules)
        draw_text(surface, rules_label(preset or "custom"), size, MUTED, (inner.left, y))
        y += lh
        us, them = v.team, 1 - v.team
        draw_text(
            surface, f"Score: us {v.scores[us]}, them {v.scores[them]}", size, TEXT, (inner.left, y)
        )
        y += lh
        draw_text(
            surface, f"Bags: us {v.bags[us]}, them {v.bags[them]}", size, TEXT, (inner.left, y)
        )
        y += lh + round(8 * s)
        playing = v.phase == "play"
        draw_text(
            surface, "Bid · tricks" if playing else "Bids so far", size, MUTED, (inner.left, y)
        )
        y += lh
        for place in (0, 1, 2, 3):
            seat = (v.seat + place) % 4
            b = v.bids[seat] if seat < len(v.bids) else None
            said = "—" if b is None else bid_text(b)
            col = ACCENT if place == 0 else TEXT
            draw_text(surface, SEAT_WORDS[place], size, col, (inner.left, y))
            right = f"{said} · {v.tricks_won[seat]}" if playing else said
            draw_text(surface, right, size, col, (inner.right, y), "topright")
            y += lh
        y += round(6 * s)
        if playing:
            self._text(surface, f"Trick {v.tricks_done + 1} of 13", size, MUTED, inner, y)
        # the trick so far
        tr = self.rects["trick"]
        draw_panel(surface, tr, (0, 0, 0, 40), round(14 * s))
        cw = round(min(76 * s, tr.width / 3.4, tr.height / 4.2))
        ch = round(cw * 1.4)
        spots = {
            0: (tr.centerx, tr.centery + ch * 0.55),
            1: (tr.centerx - cw * 1.05, tr.centery),
            2: (tr.centerx, tr.centery - ch * 0.55),
            3: (tr.centerx + cw * 1.05, tr.centery),
        }
        self.trick_places = {}
        if v.phase == "play":
            for i, card in enumerate(v.trick):
                place = place_of(v.seat, (v.leader + i) % 4)
                self.trick_places[card] = SEAT_WORDS[place]
                face = self.art.face(card, cw)
                surface.blit(face, face.get_rect(center=spots[place]))
            if not v.trick:
                draw_text(surface, "Your lead", 22 * s, FAINT, tr.center, "center")
            for seat, word in ((1, "West"), (2, "Partner"), (3, "East")):
                x, yy = spots[seat]
                off = {1: (-cw * 0.95, 0), 2: (0, -ch * 0.62), 3: (cw * 0.95, 0)}[seat]
                anchor = {1: "midright", 2: "midbottom", 3: "midleft"}[seat]
                draw_text(
                    surface, word, max(MIN_FONT, 19 * s), FAINT, (x + off[0], yy + off[1]), anchor
                )
        else:
            draw_text(surface, "Bidding", 24 * s, FAINT, tr.center, "center")
        # the question or the answer
        ans = self.rects["answer"]
        draw_panel(surface, ans, PANEL, round(14 * s), EDGE)
        inner = ans.inflate(-2 * pad, -2 * pad)
        if self.mode == "ask":
            ask = (
                "Your bid: choose it"
                if d.kind == "bid"
                else ("Your lead: choose a card" if not v.trick else "Your turn: choose a card")
            )
            draw_text(surface, ask, 30 * s, TEXT, (inner.left, inner.top))
            if d.kind == "play":
                y = self._text(
                    surface,
                    "The raised cards are the ones you may play:"
                    " click one, or Left/Right and Enter.",
                    22 * s,
                    MUTED,
                    inner,
                    inner.top + round(50 * s),
                )
                self._paint_played(surface, v, inner, y + round(16 * s))
        else:
            self._paint_answer(surface, d, inner)
        # the hand
        for card, r in self.cards:
            face = self.art.face(card, r.width)
            if d.kind == "play" and card not in d.choices:
                face = face.copy()
                face.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(face, r)
            radius = round(r.width * 0.08)
            if self.mode == "ask" and card == self.key_card and self.keyboard:
                width = max(2, round(3 * s))
                pygame.draw.rect(surface, ACCENT, r.inflate(6, 6), width, border_radius=radius)
            if self.mode == "answer":
                ring = GOOD if card == d.best else None
                if card == self.chosen and not d.right(card):
                    ring = BAD
                if ring is not None:
                    width = max(2, round(3 * s))
                    pygame.draw.rect(surface, ring, r.inflate(6, 6), width, border_radius=radius)

    def _paint_played(self, surface: pygame.Surface, v: SeatView, r: pygame.Rect, y: int) -> None:
        """The cards played so far, suit by suit, highest first: what the player saw fall at the
        table, to count from (the table's panel counts for a learner; a drill asks the player)."""
        played = v.gone | v.trick_mask()
        if not played:
            return
        size = 22 * self.s
        draw_text(surface, "Cards played so far", size, MUTED, (r.left, y))
        y += line_height(size)
        for c in suit_counts(deck_for(v.rules), played, v.hand):
            ranks = "  ".join(rank_in_suit(card, c.suit) for card in c.played) or "none"
            y = self._text(surface, f"{SUIT_SYMBOLS[c.suit]}  {ranks}", size, TEXT, r, y)

    def _paint_answer(self, surface: pygame.Surface, d: Drill, inner: pygame.Rect) -> None:
        s = self.s
        chosen = self.chosen
        assert chosen is not None
        right = d.right(chosen)
        y = inner.top
        draw_text(
            surface,
            "Right" if right else "Not this time",
            32 * s,
            GOOD if right else BAD,
            (inner.left, y),
        )
        y += line_height(32 * s)
        size = 25 * s
        answer = choice_words(d.kind, d.best)
        others = [choice_words(d.kind, a) for a in d.accept if a != d.best]
        line = f"The answer: {answer}" + (f" (or {', '.join(others)})" if others else "")
        y = self._text(surface, line, 27 * s, ACCENT, inner, y)
        y = self._text(surface, d.reason, size, TEXT, inner, y + round(4 * s))
        if d.mine is not None and d.cost is not None:
            y = self._text(
                surface,
                f"In the game you chose {choice_words(d.kind, d.mine)}: "
                f"about {round(d.cost)} points lost.",
                size,
                MUTED,
                inner,
                y + round(4 * s),
            )
        vals = sorted(((a, v) for a, v in d.values if v is not None), key=lambda x: -x[1])
        if vals:
            y += round(8 * s)
            y = self._text(
                surface, "What each choice averages (points for the hand):", size, MUTED, inner, y
            )
            lh = line_height(size)
            room = max(1, (inner.bottom - round(64 * s) - y) // lh)
            shown = vals[:room]
            if chosen not in [a for a, _ in shown] and d.value(chosen) is not None and room > 1:
                shown = shown[: room - 1] + [(chosen, d.value(chosen) or 0.0)]
            for a, val in shown:
                mark = "  (yours)" if a == chosen else ""
                col = ACCENT if a in d.accept else TEXT
                x = inner.left + round(10 * s)
                draw_text(surface, f"{choice_words(d.kind, a)}{mark}", size, col, (x, y))
                draw_text(surface, f"{val:+.1f}", size, col, (inner.right, y), "topright")
                y += lh
