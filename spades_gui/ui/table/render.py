"""What the table draws: a TableView on the felt (seats, cards, trick, scores, messages) and
the open panels over it. Reads the view only, never the engine or the controller."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine.bids import is_nil
from ...engine.cards import SPADES, SUIT_NAMES
from ...engine.hand import BID, DISCARD, DONE, PLAY
from ...engine.presets import rules_name
from ...engine.scoring import display_score, team_need
from ..card_art import CardArt, draw_suit
from ..theme import (
    ACCENT,
    ACCENT_TEXT,
    FELT,
    GOOD,
    MUTED,
    PLATE_BG,
    RECEIVED,
    TEAM_COLORS,
    TEXT,
    TURN_GLOW,
)
from ..widgets import (
    Button,
    draw_outline,
    draw_panel,
    draw_text,
    ellipsize,
    felt_background,
    render_text,
    text_width,
    wrap,
)
from ..words import capital, card_words, needs_lines, number, raise_words, seat_bid, seat_raise
from .anim import Animator
from .coach_panels import ring
from .layout import EAST, NORTH, SOUTH, WEST, TableLayout
from .panels import Panel, focus_order
from .played_panel import draw_played, is_shown
from .table_view import TableView

# a seat's plate while it decides something other than its bid or its card
TURN_WORDS = {
    "misdeal": "Deciding...",
    "discard": "Discarding...",
    "answer": "Answering...",
    "ask": "Bidding...",
    "ask_blind": "Bidding...",
}


def changed_areas(
    before: list[tuple[object, pygame.Rect]], now: list[tuple[object, pygame.Rect]]
) -> list[pygame.Rect]:
    """Each moving image's area last frame joined to its area now (alone if it came or went)."""
    # the ids are safe as keys: `before` holds its objects, so no new one reuses an id
    old = {id(m): r for m, r in before}
    areas = []
    for m, r in now:
        was = old.pop(id(m), None)
        areas.append(r if was is None else r.union(was))
    return areas + list(old.values())


class TableRenderer:
    """Draws the view, the table cached until it changes; notes where the cards went."""

    def __init__(
        self, view: TableView, art: CardArt, L: TableLayout, felt: tuple[int, int, int] = FELT
    ) -> None:
        self.view = view
        self.felt = felt  # the table's cloth (Settings → Table)
        self.art = art
        self.L = L
        self.show_needs = True  # what each side still needs, under the scores
        self.show_played = False  # the cards still out, beside the trick (played_panel.py)
        self.dirty = True  # the cached table is out of date
        self.hand_rects: dict[int, pygame.Rect] = {}  # the player's cards, for clicks
        self.drawn: list[tuple[str, str, pygame.Rect]] = []  # (kind, name, rect) drawn
        self._base: pygame.Surface | None = None  # the table without its panels
        self._full: pygame.Surface | None = None  # the table with its panels
        self._rot_backs: dict[int, pygame.Surface] = {}
        self._fans: dict[tuple[int, int], tuple[pygame.Surface, pygame.Rect]] = {}
        self._shade: pygame.Surface | None = None
        # what moved in the last frame (a flight or the drag, and where it was drawn); None:
        # the display is to get the whole picture next
        self.shown: list[tuple[object, pygame.Rect]] | None = None

    def resize(self, L: TableLayout) -> None:
        """A new window size: every cached picture is made again."""
        self.L = L
        self._rot_backs.clear()
        self._fans.clear()
        self._base = None
        self.dirty = True

    # ----- the frame -----------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        panels: Sequence[Panel],
        corner: Sequence[Button],
        anim: Animator,
    ) -> list[pygame.Rect] | None:
        """Blit the cached table, whatever moves, then the panels; what changed (None: all)."""
        whole = False
        if self._base is None or self._base.get_size() != surface.get_size():
            # made in the window's own pixel format (a tenth of the time of convert())
            self._base = pygame.Surface(surface.get_size(), 0, surface)
            self._full = pygame.Surface(surface.get_size(), 0, surface)
            self.dirty = True
        assert self._full is not None  # made with self._base
        if self.dirty:
            self.draw_table(self._base, panels, corner)
            self._full.blit(self._base, (0, 0))
            self.draw_panels(self._full, panels)
            self.dirty = False
            whole = True
        moved: list[tuple[object, pygame.Rect]] = []
        if anim.flights:
            # a card in flight goes under any open panel: table, flights, then the panels
            surface.blit(self._base, (0, 0))
            moved += anim.draw(surface)
            self.draw_panels(surface, panels, note=False)
        else:
            surface.blit(self._full, (0, 0))
        d = self.view.drag
        if d is not None and d.active:
            img = self.art.face(d.card, self.L.hand_w)
            moved.append((d, surface.blit(img, (d.pos[0] - d.offset[0], d.pos[1] - d.offset[1]))))
        # an image wholly off the window covers nothing (and an empty rect would widen a union)
        before, self.shown = self.shown, [(m, r) for m, r in moved if r.width and r.height]
        if whole or before is None:
            return None
        return changed_areas(before, self.shown)

    def note(self, kind: str, name: str, rect: pygame.Rect) -> None:
        """Remember something drawn (tests check that nothing overlaps)."""
        self.drawn.append((kind, name, pygame.Rect(rect)))

    def draw_table(
        self, surf: pygame.Surface, panels: Sequence[Panel], corner: Sequence[Button]
    ) -> None:
        """The felt and everything on it, below the panels."""
        self.drawn = []
        surf.blit(felt_background(self.L.size, self.felt), (0, 0))
        self.draw_trick_ring(surf)
        self.draw_scoreboard(surf)
        self.draw_needs(surf)
        self.draw_info(surf)
        self.draw_special(surf)
        for seat in (WEST, NORTH, EAST):
            self.draw_fan(surf, seat)
        self.draw_trick(surf)
        if is_shown(self.view, self.show_played):
            floor = self.message_top(panels) - self.L.px(10)
            self.note("label", "played", draw_played(surf, self.L, self.view, floor))
        self.draw_hand(surf)
        for seat in range(4):
            self.draw_plate(surf, seat)
        self.draw_bubbles(surf)
        if not any(p.modal for p in panels):
            self.draw_message(surf, panels)
            self.draw_received_note(surf, panels)
        for b in corner:
            b.draw(surf, False)
            self.note("label", b.name, b.rect)

    def draw_panels(self, surf: pygame.Surface, panels: Sequence[Panel], note: bool = True) -> None:
        """The panels over the table and anything flying (a modal one shades the rest)."""
        L = self.L
        noted = len(self.drawn)
        focus_list = focus_order(panels)
        hinted_bid = self.hinted_bid()
        for p in panels:
            if p.modal:
                if self._shade is None or self._shade.get_size() != L.size:
                    self._shade = pygame.Surface(L.size, pygame.SRCALPHA)
                    self._shade.fill((0, 0, 0, 140))
                surf.blit(self._shade, (0, 0))
            p.paint(surf)
            self.note("panel", p.name, p.rect)
            for b in p.buttons:
                idx = focus_list.index(b) if b in focus_list else -2
                b.draw(surf, idx == self.view.focus_button)
                if b.name == hinted_bid and not self.view.keyboard:  # else the focus is on it
                    ring(surf, b.rect, L)
        if any(p.modal for p in panels):
            self.draw_message(surf, panels)
        if not note:  # a repaint over flights: the cached frame's notes stand
            del self.drawn[noted:]

    # ----- cards ---------------------------------------------------------------------------

    def back_for(self, seat: int) -> pygame.Surface:
        """The back a seat's cards show (turned sideways for west and east)."""
        L = self.L
        if seat in (WEST, EAST):
            img = self._rot_backs.get(L.back_w)
            if img is None:
                img = self._rot_backs[L.back_w] = pygame.transform.rotate(
                    self.art.back(L.back_w), 90
                )
            return img
        if seat == SOUTH:
            return self.art.back(L.hand_w)
        return self.art.back(L.back_w)

    def slot_center(self, seat: int, k: int, n: int) -> tuple[int, int]:
        """Where the k-th of n cards of a seat sits (for dealing)."""
        if seat == SOUTH:
            return self.L.hand_rects(n)[k].center
        (dx, dy), _ = self.L.fan_cards(seat, n)[k]
        cx, cy = self.L.fan_center(seat)
        return (round(cx + dx), round(cy + dy))

    def fan_image(self, seat: int, n: int) -> tuple[pygame.Surface, pygame.Rect]:
        """An opponent's fan of n backs, drawn once per size and count; (image, box)."""
        key = (seat, n)
        got = self._fans.get(key)
        if got is not None:
            return got
        L = self.L
        box = L.fan_bounds(seat, n)
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        back = self.back_for(seat)
        for (x, y), deg in L.fan_cards(seat, n):
            card = pygame.transform.rotozoom(back, deg, 1.0) if abs(deg) > 0.01 else back
            r = card.get_rect(center=(round(x - box.left), round(y - box.top)))
            img.blit(card, r)
        cx, cy = L.fan_center(seat)
        rect = box.move(cx, cy)
        self._fans[key] = (img, rect)
        return img, rect

    def fan_count(self, seat: int) -> int:
        """Cards shown in a seat's hand (those dealt so far, while the deal flies)."""
        v = self.view
        if v.dealing is not None:
            return v.dealing[seat]
        return v.counts[seat] if v.on_table else 0

    def draw_fan(self, surf: pygame.Surface, seat: int) -> None:
        """An opponent's cards, face down."""
        n = self.fan_count(seat)
        if n <= 0:
            return
        img, rect = self.fan_image(seat, n)
        surf.blit(img, rect)
        self.note("cards", f"fan{seat}", rect)

    def draw_trick(self, surf: pygame.Surface) -> None:
        """The cards on the table, the winner's ringed once the trick is complete."""
        L = self.L
        for seat, card in self.view.trick:
            img = self.art.face(card, L.trick_w)
            r = img.get_rect(center=L.trick_slots[seat])
            surf.blit(img, r)
            if seat == self.view.trick_winner:
                draw_outline(surf, r, ACCENT, L.px(8), max(2, L.px(3)), L.px(10))
            self.note("cards", f"trick{seat}", r)

    def draw_hand(self, surf: pygame.Surface) -> None:
        """The player's cards: lifted when playable, dimmed when not, marked when chosen,
        hinted, just received or under the keyboard."""
        L, v = self.L, self.view
        self.hand_rects = {}
        if not v.on_table:
            return
        if v.dealing is not None:
            rects = L.hand_rects(13)[: v.dealing[SOUTH]]
            for r in rects:
                surf.blit(self.art.back(L.hand_w), r)
            if rects:
                self.note("cards", "hand", rects[0].unionall(rects))
            return
        cards = v.south_cards()
        d = v.drag
        if d is not None and d.active:
            cards = [c for c in cards if c != d.card]
        rects = L.hand_rects(len(cards))
        p = v.prompt
        playing = p is not None and p.kind == "play" and not v.hidden
        passing = p is not None and p.kind in ("pass", "discard")
        legal = p.legal if p is not None and playing else 0
        hinted = self.hinted_cards()
        for card, r in zip(cards, rects):
            r = pygame.Rect(r)
            if v.hidden:
                surf.blit(self.art.back(L.hand_w), r)
                self.hand_rects[card] = r
                continue
            if playing:
                if legal >> card & 1:
                    r.y -= L.lift
                    img = self.art.face(card, L.hand_w)
                else:
                    img = self.art.dimmed(card, L.hand_w)
            else:
                img = self.art.face(card, L.hand_w)
                if passing and card in v.selected:
                    r.y -= L.lift
            surf.blit(img, r)
            self.hand_rects[card] = r
        # marks go on top, each around the part of its card that shows (never over the next)
        focus = v.focus_card if v.keyboard else None  # shown once the keys are in use
        if focus is not None and playing:
            hinted = 0  # one ring: the keyboard's moved onto the hint's card when it came
        for card in self.hand_rects:
            seen = self.visible(card)
            if hinted >> card & 1:
                ring(surf, seen, L)
            elif card == v.hover_card and card != focus and (playing or passing):
                pygame.draw.rect(surf, (255, 255, 255), seen, max(2, L.px(2)), L.px(8))
            if v.received >> card & 1:
                self.draw_received(surf, seen)
                self.note("mark", f"received{card}", seen)
        if focus in self.hand_rects:
            self.draw_focus(surf, self.visible(focus))
        if self.hand_rects:
            rs = list(self.hand_rects.values())
            self.note("cards", "hand", rs[0].unionall(rs))

    def visible(self, card: int) -> pygame.Rect:
        """The part of a card in the hand that its right-hand neighbour leaves showing."""
        cards = list(self.hand_rects)
        r = self.hand_rects[card]
        i = cards.index(card)
        if i + 1 == len(cards):
            return pygame.Rect(r)
        nxt = self.hand_rects[cards[i + 1]]
        return pygame.Rect(r.left, r.top, max(nxt.left - r.left, 1), r.height)

    def draw_received(self, surf: pygame.Surface, seen: pygame.Rect) -> None:
        """A card just passed to the player: a blue frame and a "New" tag at its top."""
        L = self.L
        pygame.draw.rect(surf, RECEIVED, seen, max(2, L.px(3)), border_radius=L.px(8))
        img = render_text("New", L.f_small, (8, 24, 40))
        tag = pygame.Rect(0, 0, img.get_width() + L.px(10), img.get_height() + L.px(2))
        tag.midbottom = (seen.centerx, seen.bottom - L.px(6))
        draw_panel(surf, tag, RECEIVED, tag.height // 2)
        surf.blit(img, img.get_rect(center=tag.center))

    def draw_focus(self, surf: pygame.Surface, seen: pygame.Rect) -> None:
        """The keyboard's card: a thick gold frame and a gold pointer above it."""
        L = self.L
        w = max(3, L.px(4))
        pygame.draw.rect(surf, ACCENT, seen.inflate(w, w), w, border_radius=L.px(9))
        tip = L.px(8)
        cx, top = seen.centerx, seen.top - L.px(4)
        pts = [(cx - tip, top - tip), (cx + tip, top - tip), (cx, top)]
        pygame.draw.polygon(surf, ACCENT, pts)
        pygame.draw.polygon(surf, (30, 24, 8), pts, max(1, L.px(1)))

    def hinted_cards(self) -> int:
        """The mask of the cards the shown hint suggests (0 when none is shown)."""
        v = self.view
        h = v.hint
        if h is None or v.hint_hidden or v.prompt is None:
            return 0
        if not isinstance(h.action, int):
            return 0
        if h.kind == "play":
            return 1 << int(h.action)
        if h.kind in ("pass", "discard"):
            return h.action
        return 0

    def hinted_bid(self) -> str:
        """The name of the bid button the shown hint suggests, if any."""
        h = self.view.hint
        if h is None or self.view.hint_hidden or h.kind != "bid":
            return ""
        return f"bid:{h.action}"

    # ----- the corners: scores, rules, seats -------------------------------------------------

    def draw_trick_ring(self, surf: pygame.Surface) -> None:
        """A faint oval on the felt where the trick is played."""
        L = self.L
        r = L.trick_area.inflate(L.px(36), L.px(20))
        draw_panel(surf, r, (0, 0, 0, 26), r.height // 2)

    def draw_scoreboard(self, surf: pygame.Surface) -> None:
        """Us and them: the score, the bags where they count, and the tricks against the bid."""
        L, v = self.L, self.view
        r = L.score_rect
        rules = v.rules
        draw_panel(surf, r, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
        self.note("label", "scores", r)
        col = [r.left + L.px(16), r.left + r.width // 2 + L.px(12)]
        facts = v.facts
        won = v.tricks_won
        for t, head in enumerate(("Us", "Them")):
            x = col[t]
            pygame.draw.circle(
                surf, TEAM_COLORS[t], (x + L.px(5), r.top + L.px(17)), max(3, L.px(5))
            )
            draw_text(surf, head, L.f_small, MUTED, (x + L.px(16), r.top + L.px(10)))
            score = display_score(rules, v.scores[t], v.bags[t])
            draw_text(surf, number(score), L.f_score, TEXT, (x, r.top + L.px(34)))
            parts = []
            if rules.bags_display == "counter" and (rules.bag_limit or rules.bag_value):
                parts.append(f"Bags {v.bags[t]}")
            if v.on_table and facts is not None and facts.phase in (PLAY, DONE):
                parts.append(f"Won {won[t] + won[t + 2]} of {facts.contracts[t]}")
            for i, part in enumerate(parts):
                y = r.top + L.px(70) + i * round(L.f_small * 1.15)
                draw_text(surf, part, L.f_small, MUTED, (x, y))
        pygame.draw.line(
            surf, (60, 100, 78), (r.centerx, r.top + L.px(12)), (r.centerx, r.bottom - L.px(12))
        )

    def draw_needs(self, surf: pygame.Surface) -> None:
        """Beside the scores while the cards are played (Settings, "Show what each side
        needs"): "We need 2 more", "They need 1 to set us", and the same for them."""
        L, v = self.L, self.view
        facts = v.facts
        if not (self.show_needs and v.on_table and facts is not None and facts.phase == PLAY):
            return
        bids = [b for b in facts.bids if b is not None]
        if len(bids) < 4:
            return
        sides = needs_lines(
            *(team_need(v.rules, t, bids, facts.tricks_won, facts.no_trump[t]) for t in (0, 1))
        )
        parts = [(part, i == 0) for side in sides for i, part in enumerate(side.split(" · "))]
        score = L.score_rect
        pad = L.px(14)
        room = L.north_fan.left - L.gap - score.right - L.gap
        w = min(room, max(text_width(t, L.f_small) for t, _ in parts) + 2 * pad)
        # a side's one sentence ("They have made their bid") takes the two lines its side
        # would otherwise fill, rather than losing words where partner's fan narrows the box
        lines = [(line, first) for t, first in parts for line in wrap(t, L.f_small, w - 2 * pad)]
        # four lines within the score box's height, whatever the window (at 1024×640 the
        # 12 px lines stand closer together)
        line_h = min(round(L.f_small * 1.2), (score.height - L.px(12)) // len(lines))
        r = pygame.Rect(score.right + L.gap, score.top, w, score.height)
        draw_panel(surf, r, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
        self.note("label", "needs", r)
        top = r.centery - len(lines) * line_h // 2
        for i, (line, first) in enumerate(lines):
            text = ellipsize(line, L.f_small, r.width - 2 * pad)
            color = TEXT if first else MUTED
            draw_text(surf, text, L.f_small, color, (r.left + pad, top + i * line_h))

    def draw_info(self, surf: pygame.Surface) -> None:
        """The rules' name; the target and hand number (and the clock of a timed game); and
        whether spades are broken, where that decides when spades may be led."""
        L, v = self.L, self.view
        r = L.info_rect
        rules = v.rules
        draw_panel(surf, r, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
        self.note("label", "info", r)
        x = r.left + L.px(14)
        inner = r.width - L.px(28)
        name = ellipsize(rules_name(rules), L.f_small, inner)
        draw_text(surf, name, L.f_small, TEXT, (x, r.top + L.px(10)))
        n = len(v.hands)
        m = rules.match_hands
        parts = []
        if rules.target:
            parts.append(f"To {rules.target}")
        elif m:
            parts.append(f"{m}-hand match")
        if n:
            parts.append(f"Hand {n}" + (f" of {m}" if m and not rules.target and n <= m else ""))
        y2 = r.top + L.px(34)
        if rules.time_limit_min:
            clock = f"{v.minutes} of {rules.time_limit_min} min"
            cr = draw_text(surf, clock, L.f_small, MUTED, (r.right - L.px(14), y2), "topright")
            room = cr.left - L.px(10) - x
        else:
            room = inner
        draw_text(surf, ellipsize("  ·  ".join(parts), L.f_small, room), L.f_small, MUTED, (x, y2))
        c = (x + L.px(11), r.top + L.px(72))
        if rules.spades_lead == "any":
            words = "Spades may lead any time"
            draw_text(surf, words, L.f_small, MUTED, (x, c[1]), "midleft")
            return
        # the spades-broken badge: a spade in a ring, lit once spades are broken
        lit = v.spades_broken
        rad = L.px(11)
        pygame.draw.circle(surf, ACCENT if lit else (30, 62, 46), c, rad)
        pygame.draw.circle(surf, ACCENT if lit else (74, 110, 90), c, rad, max(1, L.px(1)))
        draw_suit(surf, SPADES, c, round(rad * 1.2), (30, 24, 8) if lit else (100, 136, 116))
        words = "Spades broken" if lit else "Spades not broken"
        draw_text(
            surf,
            words,
            L.f_small,
            ACCENT if lit else MUTED,
            (c[0] + rad + L.px(8), c[1]),
            "midleft",
        )

    def draw_special(self, surf: pygame.Surface) -> None:
        """The hand's special card (001: it cancels a bag for the team that takes it), under
        the rules' box; once taken, which team has it."""
        L, v = self.L, self.view
        facts = v.facts
        if not v.on_table or facts is None or facts.special is None:
            return
        r = L.special_rect
        draw_panel(surf, r, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
        self.note("label", "special", r)
        name = card_words(facts.special)
        if facts.special_team is None:
            text, color = f"Special card: {name}", MUTED
        else:
            who = "us" if facts.special_team == 0 else "them"
            text, color = f"Special card: {name}, taken by {who}", ACCENT
        text = ellipsize(text, L.f_small, r.width - L.px(28))
        draw_text(surf, text, L.f_small, color, (r.left + L.px(14), r.centery), "midleft")

    def plate_info(self, seat: int) -> str:
        """The line under a seat's name: its bid (or that it is bidding) and tricks won."""
        v = self.view
        facts = v.facts
        if not v.on_table or facts is None:
            return ""
        if v.turn_seat == seat and v.turn_kind in TURN_WORDS:
            return TURN_WORDS[v.turn_kind]
        if facts.phase in (BID, DISCARD):
            step = seat_raise(facts, seat)
            if step is not None:  # 001's second round: the team's answer beside the bid
                return f"{seat_bid(facts, seat, v.rules)}  ·  {capital(raise_words(step))}"
            if facts.bids[seat] is not None:
                return seat_bid(facts, seat, v.rules)
            return "Bidding..." if v.turn_seat == seat else "Waiting to bid"
        return f"{seat_bid(facts, seat, v.rules)}  ·  Won {facts.tricks_won[seat]}"

    def draw_plate(self, surf: pygame.Surface, seat: int) -> None:
        """A seat's name plate: avatar, name, dealer chip, bid and tricks; gold on its turn."""
        L, v = self.L, self.view
        r = L.plates[seat]
        turn = v.turn_seat == seat and v.result is None and v.over is None
        border = TURN_GLOW if turn else (255, 255, 255, 40)
        draw_panel(surf, r, PLATE_BG, L.radius, border, max(2, L.px(3)) if turn else 1)
        self.note("label", f"plate{seat}", r)
        rad = L.px(17)
        ac = (r.left + L.px(12) + rad, r.centery)
        pygame.draw.circle(surf, TEAM_COLORS[seat % 2], ac, rad)
        name = v.names[seat]
        draw_text(surf, (name[:1] or "?").upper(), L.f_name, (255, 255, 255), ac, "center")
        x = ac[0] + rad + L.px(10)
        facts = v.facts if v.on_table else None
        dealer = facts is not None and facts.dealer == seat
        room = r.right - L.px(10) - x - (L.px(30) if dealer else 0)
        shown = ellipsize(name, L.f_name, room)
        nr = draw_text(surf, shown, L.f_name, TURN_GLOW if turn else TEXT, (x, r.top + L.px(8)))
        if dealer:
            cr = pygame.Rect(0, 0, L.px(22), L.px(22))
            cr.midleft = (nr.right + L.px(8), nr.centery)
            if cr.right < r.right - L.px(4):
                pygame.draw.circle(surf, (236, 236, 228), cr.center, cr.width // 2)
                draw_text(surf, "D", L.f_small * 0.9, (20, 40, 30), cr.center, "center")
        color = MUTED
        b = facts.bids[seat] if facts is not None and facts.phase in (PLAY, DONE) else None
        if b is not None and is_nil(b) and v.tricks_won[seat] == 0:
            color = GOOD
        info = ellipsize(self.plate_info(seat), L.f_info, r.right - L.px(10) - x)
        draw_text(surf, info, L.f_info, color, (x, r.top + L.plate_info_y))

    def draw_bubbles(self, surf: pygame.Surface) -> None:
        """Each fresh bid in a speech bubble beside the seat's cards."""
        L = self.L
        for seat, bubble in self.view.bubbles.items():
            img = render_text(bubble.text, L.f_body, ACCENT_TEXT)
            r = pygame.Rect(0, 0, img.get_width() + L.px(30), L.px(38))
            tip = L.px(9)
            if seat == WEST:  # to the right of west's cards, pointing back at them
                r.midleft = (L.west_fan.right + L.px(6) + tip, L.west_fan.centery)
                x, d = r.left, -tip
            elif seat in (NORTH, EAST):  # to the left of the cards, pointing right
                fan = L.north_fan if seat == NORTH else L.east_fan
                r.midright = (fan.left - L.px(6) - tip, fan.centery)
                x, d = r.right, tip
            else:
                continue
            pts = [(x, r.centery - tip), (x, r.centery + tip), (x + d, r.centery)]
            pygame.draw.polygon(surf, ACCENT, pts)
            draw_panel(surf, r, ACCENT, r.height // 2)
            surf.blit(img, img.get_rect(center=r.center))
            self.note("label", f"bubble{seat}", r.union(pygame.Rect(pts[2], (1, 1))))

    # ----- the message line ------------------------------------------------------------------

    def draw_message(self, surf: pygame.Surface, panels: Sequence[Panel]) -> None:
        """The toast, or a one-line prompt for the player, between the trick and the hand."""
        L, v = self.L, self.view
        text = v.toast_text if v.toast_left > 0 else ""
        strong = bool(text)
        modal_open = any(p.modal for p in panels)
        hint = next((p.rect for p in panels if p.name == "hint"), None)
        if not text and not modal_open and hint is None:
            text = self.prompt_line()
        if not text:
            return
        size = L.f_body
        w = text_width(text, size) + L.px(48)
        w = min(w, L.size[0] - 2 * L.margin)
        rect = pygame.Rect(0, 0, w, L.px(42))
        rect.center = (L.toast_center[0], self.message_y(panels if not modal_open else ()))
        modal = next((p.rect for p in reversed(panels) if p.modal), None)
        if modal is not None and rect.colliderect(modal):  # beside the open panel, not over it
            rect.top = modal.bottom + L.px(10)
            if rect.bottom > L.size[1] - L.margin:
                rect.bottom = modal.top - L.px(10)
        if strong:
            draw_panel(surf, rect, (20, 24, 22, 236), rect.height // 2, ACCENT, max(1, L.px(2)))
            img = render_text(text, size, TEXT)
        else:
            draw_panel(surf, rect, (0, 0, 0, 70), rect.height // 2)
            img = render_text(text, size, ACCENT)
        if img.get_width() > rect.width - L.px(24):
            img = pygame.transform.smoothscale(img, (rect.width - L.px(24), img.get_height()))
        surf.blit(img, img.get_rect(center=rect.center))
        self.note("label", "message", rect)

    def draw_received_note(self, surf: pygame.Surface, panels: Sequence[Panel]) -> None:
        """The cards partner passed, named in their blue, above the message line."""
        L, text = self.L, self.view.received_note
        if not text:
            return
        size = L.f_body
        rect = pygame.Rect(0, 0, min(text_width(text, size) + L.px(48), L.size[0]), L.px(42))
        rect.center = (L.toast_center[0], self.message_y(panels))
        rect.bottom = rect.top - L.px(8)  # one line above the message's place
        draw_panel(surf, rect, (6, 30, 44, 236), rect.height // 2, RECEIVED, max(2, L.px(2)))
        draw_text(surf, text, size, TEXT, rect.center, "center")
        self.note("label", "received_note", rect)

    def message_y(self, panels: Sequence[Panel]) -> int:
        """The middle of the message line: between the trick and the hand, or above the hint
        box (over the empty south slot) while it is open."""
        L = self.L
        hint = next((p.rect for p in panels if p.name == "hint"), None)
        if hint is None:
            return L.toast_center[1]
        h = L.px(42)
        return hint.top - L.px(8) - h + h // 2

    def message_top(self, panels: Sequence[Panel]) -> int:
        """The top of the message line, or of the note of passed cards above it."""
        L = self.L
        top = self.message_y(panels) - L.px(42) // 2
        return top - (L.px(8) + L.px(42) if self.view.received_note else 0)

    def prompt_line(self) -> str:
        """What the player is to do now, in one line ("" when a panel says it)."""
        v = self.view
        if v.collect_wait:
            return "Click or press Space to collect the trick"
        p = v.prompt
        if p is None or v.facts is None:
            return ""
        if p.kind == "play" and v.claim_offer is not None:
            return "Your cards win every trick from here: claim the rest (C), or play on"
        if p.kind == "play":
            if not v.trick:
                return "Your lead: click a card, or drag it to the table"
            led = v.deck.suit[v.trick[0][1]]
            if p.legal & v.deck.suit_masks[led]:
                return f"Your turn: follow {SUIT_NAMES[led]}"
            return "Your turn: you cannot follow suit"
        return ""
