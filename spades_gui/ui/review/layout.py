"""Where the hand review's parts go for a window size (1280×720 is the unit)."""

from __future__ import annotations

import pygame

from ..card_art import card_size
from ..theme import MIN_TEXT as READ_FONT  # not via ..table: that package imports this one


class ReviewLayout:
    """Where the review's parts go for a window size (1280×720 is the unit)."""

    def __init__(self, size: tuple[int, int]) -> None:
        W, H = size
        self.size = size
        self.u = u = min(W / 1280, H / 720)
        m = self.margin = self.px(16)
        self.f_title = 32 * u
        # no sentence smaller than the table's hint: lines at least 12 px tall at 1024×640
        self.f_body = max(READ_FONT + 2, 22 * u)
        self.f_small = max(READ_FONT, 18 * u)
        self.f_note = max(READ_FONT, 16 * u)  # the keys, the legend, the notes
        self.f_button = max(READ_FONT, 20 * u)
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
