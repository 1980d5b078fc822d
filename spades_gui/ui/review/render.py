"""What the hand review draws: the four hands and the trick at a step, the bidding, the
decision panel with its verdict, and the timeline."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from ...coach.review import Decided, Point, Verdict, ruff_words, verdict_words
from ...engine.cards import card_name, cards_of
from ...engine.hand import MISDEAL
from ...engine.presets import rules_name
from ..card_art import card_size
from ..theme import ACCENT, BAD, FAINT, GOOD, MUTED, RULE, SLIP, TEXT
from ..widgets import (
    draw_outline,
    draw_panel,
    draw_text,
    ellipsize,
    felt_background,
    text_width,
    wrap,
)
from ..words import bid_text, capital, raise_words

if TYPE_CHECKING:
    from .scene import ReviewScene

VERDICT_FILL = {
    "mistake": (150, 44, 44),
    "slip": (150, 104, 24),
    "good": (30, 104, 64),
}
VERDICT_TEXT = {"mistake": BAD, "slip": SLIP, "good": GOOD}


class ReviewRenderer:
    """Draws a ReviewScene's step; notes the faces shown (tests check every card is there)."""

    def __init__(self, scene: ReviewScene) -> None:
        self.scene = scene
        self.shown: dict[int, list[int]] = {}  # the faces drawn last frame, by seat
        self.trick_shown: list[int] = []

    def draw(self, surface: pygame.Surface) -> None:
        """The whole review."""
        R = self.scene.R
        surface.blit(felt_background(R.size, self.scene.felt), (0, 0))
        self._draw_top(surface)
        if self.scene.hand.phase == MISDEAL:
            who = self.scene.names[self.scene.hand.misdeal_by or 0]
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
        for b in self.scene.buttons:
            b.draw(surface, False)

    def _draw_top(self, surface: pygame.Surface) -> None:
        R = self.scene.R
        r = draw_text(
            surface, "Hand review", R.f_title, ACCENT, (R.top.left, R.top.centery), "midleft"
        )
        n = len(self.scene.game.hands)
        no = self.scene.hand_no
        which = f"Hand {no}" if no is not None else f"Hand {self.scene.hand_index + 1} of {n}"
        sub = f"{which}  ·  {rules_name(self.scene.game.rules)}"
        draw_text(surface, sub, R.f_small, MUTED, (r.right + R.px(18), R.top.centery), "midleft")

    def _draw_row(self, surface: pygame.Surface, seat: int, held: int, step: int) -> None:
        R = self.scene.R
        box = R.rows[seat]
        deck = self.scene.hand.deck
        cards = sorted(cards_of(held), key=deck.sort_key)
        n = len(cards)
        row_w = R.cw + max(0, n - 1) * R.step
        x = (
            box.centerx - row_w // 2
            if seat in (0, 2)
            else (box.left if seat == 1 else box.right - row_w)
        )
        hard_card = self._hard_card(step) if seat == self.scene.seat else None
        self.shown[seat] = cards
        hard_rect = None
        for i, card in enumerate(cards):
            r = pygame.Rect(x + i * R.step, box.top, R.cw, R.ch)
            surface.blit(self.scene.art.face(card, R.cw), r)
            if card == hard_card:
                hard_rect = r
        if hard_rect is not None:  # on top of its neighbours: the whole card is outlined
            draw_outline(surface, hard_rect, GOOD, R.px(6), max(2, R.px(3)), R.px(8))
        if not n:
            draw_text(surface, "no cards left", R.f_small, FAINT, box.center, "center")
        # the seat's label above its row
        b = (self.scene.hand.first_bids or self.scene.hand.bids)[seat]
        won = self.scene.tricks_won(step)[seat]
        label = f"{self.scene.names[seat]}  ·  bid {bid_text(b)}"
        if step:
            label += f"  ·  won {won}"
        lx = box.centerx if seat in (0, 2) else (box.left if seat == 1 else box.right)
        anchor = {0: "midbottom", 2: "midbottom", 1: "bottomleft", 3: "bottomright"}[seat]
        if seat == self.scene.hand.dealer:
            label += "  ·  dealer"
        draw_text(
            surface,
            label,
            R.f_small,
            TEXT if seat == self.scene.seat else MUTED,
            (lx, box.top - R.px(4)),
            anchor,
        )

    def _hard_card(self, step: int) -> int | None:
        """Hard's card at the player's decision of this step, when it differs from the player's."""
        p = self.scene.point_at(step)
        v = self.scene.verdicts.get(p) if p is not None else None
        if p is None or v is None or p.kind is not Decided.PLAY or v.best == p.action:
            return None
        return cast("int | None", v.best)

    def _draw_table(self, surface: pygame.Surface) -> None:
        R = self.scene.R
        step = self.scene.step
        held = self.scene.holdings(step)
        for seat in range(4):
            self._draw_row(surface, seat, held[seat], step)
        cards, winner = self.scene.trick(step)
        self.trick_shown = [c for c, _s in cards]
        ring = pygame.Rect(0, 0, 2 * (R.slots[3][0] - R.center[0]) + R.cw + R.px(40), 0)
        ring.height = 2 * (R.slots[0][1] - R.center[1]) + R.ch + R.px(24)
        ring.center = R.center
        draw_panel(surface, ring, (0, 0, 0, 30), ring.height // 2)
        if step == 0:
            self._draw_bids(surface)
            return
        p = self.scene.point_at(step)
        v = self.scene.verdicts.get(p) if p is not None else None
        for i, (card, seat) in enumerate(cards):
            r = pygame.Rect(0, 0, R.cw, R.ch)
            r.center = R.slots[seat]
            surface.blit(self.scene.art.face(card, R.cw), r)
            if seat == winner:
                draw_outline(surface, r, ACCENT, R.px(8), max(2, R.px(3)), R.px(9))
            elif seat == self.scene.seat and v is not None and v.label in ("mistake", "slip"):
                draw_outline(surface, r, VERDICT_TEXT[v.label], R.px(8), max(2, R.px(3)), R.px(9))
            # play order badge
            rad = max(10, R.px(11))  # room for a readable digit
            c = (r.right - R.px(2), r.top + R.px(2))
            pygame.draw.circle(surface, (20, 40, 30), c, rad)
            pygame.draw.circle(surface, ACCENT if i == 0 else MUTED, c, rad, max(1, R.px(2)))
            draw_text(surface, str(i + 1), R.f_note, TEXT, c, "center")

    def _draw_bids(self, surface: pygame.Surface) -> None:
        R = self.scene.R
        hand = self.scene.hand
        cx, cy = R.center
        lines = []
        names, bids = self.scene.names, hand.first_bids or hand.bids
        for s in hand.order[: hand.nbids]:
            lines.append((names[s], bid_text(bids[s]).capitalize(), s == self.scene.seat))
        for r in hand.raise_steps():  # 001's second round: each team's answer, in order
            if r.proposed is not None:
                p = (r.seat + 2) % 4
                lines.append((names[p], f"Would make it {r.proposed}", p == self.scene.seat))
            lines.append((names[r.seat], capital(raise_words(r)), r.seat == self.scene.seat))
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
        R = self.scene.R
        box = R.panel
        draw_panel(surface, box, (6, 34, 22, 226), R.px(16), (255, 255, 255, 50), 1)
        pad = R.px(22)
        x = box.left + pad
        inner = box.width - 2 * pad
        y = box.top + pad
        step = self.scene.step
        title = "Bidding" if step == 0 else f"Trick {step} of 13"
        draw_text(surface, title, R.f_big, ACCENT, (x, y))
        y += round(R.f_big * 1.3)
        cards, winner = self.scene.trick(step)
        if step and winner is not None:
            wcard = next(c for c, s in cards if s == winner)
            who = "You" if winner == self.scene.seat else self.scene.names[winner]
            draw_text(
                surface, f"{who} won it with the {card_name(wcard)}.", R.f_small, MUTED, (x, y)
            )
        elif step:
            draw_text(surface, "The record stops during this trick.", R.f_small, MUTED, (x, y))
        else:
            made = sum(b is not None for b in self.scene.hand.bids)
            then = ", then the second round" if self.scene.hand.raises else ""
            draw_text(surface, f"{made} bids{then}, in the order made.", R.f_small, MUTED, (x, y))
        y += round(R.f_small * 1.3) + R.px(12)
        pygame.draw.line(surface, RULE, (x, y), (box.right - pad, y))
        y += R.px(14)
        p = self.scene.point_at(step)
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
                surface, words, R.f_note, MUTED, (sq.right + R.px(6), sq.centery), "midleft"
            )
            lx = tr.right + R.px(16)
        yk = sq.top - R.px(10)
        for line in reversed(self._key_lines(inner)):
            draw_text(surface, line, R.f_note, FAINT, (x, yk), "bottomleft")
            yk -= round(R.f_small * 1.2)

    def _key_lines(self, width: int) -> list[str]:
        """The keys that do something here, on one line, or one key a line where they do not
        fit (a key's name is never split)."""
        f = self.scene.R.f_note
        keys = ["Left/Right: step through the hand"]
        if len(self.scene.game.hands) > 1:
            keys.append("Page Up/Down: other hands")
        line = "  ·  ".join(keys)
        if text_width(line, f) <= width:
            return [line]
        return [part for k in keys for part in wrap(k, f, width)]

    def _draw_decision(self, surface: pygame.Surface, p: Point, x: int, y: int, inner: int) -> int:
        R = self.scene.R
        v = self.scene.verdicts.get(p)
        level = self.scene.level.capitalize()
        if p.kind is Decided.PLAY:
            cw = R.px(74)
            ch = card_size(cw)[1]
            cols = [(x, "You played", p.action)]
            if v is not None:
                cols.append((x + cw + R.px(56), f"{level} would play", v.best))
            for cx, caption, card in cols:
                draw_text(surface, caption, R.f_small, MUTED, (cx, y))
                r = pygame.Rect(cx, y + round(R.f_small * 1.3) + R.px(4), cw, ch)
                surface.blit(self.scene.art.face(card, cw), r)
                if caption != "You played":
                    draw_outline(surface, r, GOOD, R.px(6), max(2, R.px(3)), R.px(9))
            y += round(R.f_small * 1.3) + R.px(4) + ch + R.px(16)
        else:
            draw_text(surface, f"You bid {bid_text(p.action)}", R.f_big, TEXT, (x, y))
            y += round(R.f_big * 1.3)
            if v is not None and not p.blind:
                draw_text(surface, f"{level} would bid {bid_text(v.best)}", R.f_big, GOOD, (x, y))
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
            warning = ruff_words(v.ruffers, v.best, self.scene.hand.rules, self.scene.names)
            said = v.reason if v.how != "forced" else ""  # the pill says "The only legal card"
            reason = wrap(f"{warning} {said}".strip(), R.f_small, inner) if warning or said else []
            if len(reason) > 3:
                reason = reason[:2] + [ellipsize(" ".join(reason[2:]), R.f_small, inner)]
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
                for line in wrap(note, R.f_note, inner):
                    draw_text(surface, line, R.f_note, FAINT, (x, y))
                    y += round(R.f_small * 1.2)
        return y

    def _values_line(self, p: Point, v: Verdict) -> str:
        """Hard's expected points for its choice and the player's, in words."""
        vals = {a: val for a, val in v.values if val is not None}
        if v.how != "expected" or not vals or v.best == p.action:
            return ""

        def words(a: int) -> str:
            return card_name(a) if p.kind is Decided.PLAY else bid_text(a)

        mine = vals.get(p.action)
        if mine is None and p.kind is Decided.PLAY:  # an equal card Hard did not list separately
            mine = vals.get(v.best, 0.0) - (v.cost or 0.0)
        best = vals.get(v.best)
        if best is None or mine is None:
            return ""
        return (
            f"Expected points: {words(v.best)} {best:+.0f}, yours ({words(p.action)}) {mine:+.0f}."
        )

    def _verdict_words(self, p: Point, v: Verdict | None) -> tuple[str, str | None]:
        if v is None:
            if p in self.scene.failed:
                return ("Could not be analysed", None)
            return ("Analysing...", None)
        return verdict_words(p.kind, v.cost, v.how, v.best == p.action, self.scene.level)

    def _summary(self) -> tuple[str, tuple[int, int, int]]:
        if self.scene.problem is not None:
            return (self.scene.problem, BAD)
        done = [self.scene.verdicts[p] for p in self.scene.points if p in self.scene.verdicts]
        left = len(self.scene.points) - len(done) - len(self.scene.failed & set(self.scene.points))
        if left > 0:
            return (
                f"Analysing your decisions: {len(done)} of {len(self.scene.points)} done...",
                MUTED,
            )
        mistakes = sum(v.label == "mistake" for v in done)
        slips = sum(v.label == "slip" for v in done)
        if not self.scene.points:
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
        R = self.scene.R
        for step, r in self.scene.cells:
            label = self.scene.cell_label(step)
            current = step == self.scene.step
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
