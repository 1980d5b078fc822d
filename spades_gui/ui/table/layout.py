"""Where everything on the table goes for a window size: one source of positions."""

from __future__ import annotations

import math

import pygame

from ..card_art import card_size
from ..theme import MIN_TEXT, look, text_scale
from ..widgets.text import font

BASE = (1280, 720)
SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
FAN_DEG = 1.7  # rotation between neighbouring cards of an opponent's fan
FAN_BOW = 0.45  # how far (in units per step²) the fan's ends bend back toward the player
MIN_FONT = MIN_TEXT  # the smallest text on the table, in pixels (lines 12 px tall)
READ_FONT = MIN_TEXT  # sentences a player reads (the hint, the review)


class TableLayout:
    """Rects, points and sizes for a window; all derived from the scale unit `u`."""

    def __init__(self, size: tuple[int, int]) -> None:
        W, H = size
        self.size = (W, H)
        u = self.u = min(W / BASE[0], H / BASE[1])
        m = self.margin = self.px(14)
        self.gap = self.px(8)
        self.radius = self.px(12)

        # text sizes (in pygame's default font's measure: ui/typeface.py); none below MIN_FONT,
        # so that even the smallest window's small print is drawn 13 px
        self.f_name = max(MIN_FONT, 24 * u)
        self.f_info = max(MIN_FONT, 20 * u)
        self.f_small = max(MIN_FONT, 18 * u)
        self.f_score = max(MIN_FONT, 36 * u)
        self.f_title = max(MIN_FONT, 34 * u)
        self.f_body = max(MIN_FONT, 23 * u)
        self.f_button = max(MIN_FONT, 22 * u)
        self.f_read = max(READ_FONT, 18 * u)  # the hint's reason

        # cards (a quarter larger with the large cards setting: the player's hand and the trick)
        big = self.big = 1.25 if look().large_cards else 1.0
        self.hand_w = self.px(100 * big)
        self.hand_h = card_size(self.hand_w)[1]
        self.back_w = self.px(56)
        self.back_h = card_size(self.back_w)[1]
        self.trick_w = self.px(88 * big)
        self.trick_h = card_size(self.trick_w)[1]
        self.lift = self.px(24)
        self.fan_step = self.px(15)

        cx = W // 2
        self.cx = cx

        # panels in the corners
        # a plate's name over its bid and tricks, wider and taller with a larger text size
        self.plate_w = self.px(200) + round((text_scale() - 1) * self.px(110))
        self.plate_info_y = max(self.px(32), self.px(10) + font(self.f_name).get_height())
        info_h = font(self.f_info).get_height()
        self.plate_h = max(self.px(56), self.plate_info_y + info_h + self.px(6))
        self.score_rect = pygame.Rect(m, m, self.px(262), self.px(116))
        self.info_rect = pygame.Rect(W - m - self.px(262), m, self.px(262), self.px(94))
        # 001's special card, under the rules' box, where the rules have one
        self.special_rect = pygame.Rect(
            self.info_rect.left, self.info_rect.bottom + self.gap, self.px(262), self.px(34)
        )
        bw, bh = self.px(176), self.px(38)
        self.button_rects: dict[str, pygame.Rect] = {}
        for i, name in enumerate(("menu", "scores", "last")):
            r = pygame.Rect(0, 0, bw, bh)
            r.bottomright = (W - m, H - m - i * (bh + self.gap))
            self.button_rects[name] = r

        # the hand (south) along the bottom
        self.hand_bottom = H - self.px(12)
        self.hand_top = self.hand_bottom - self.hand_h
        left_limit = m + self.plate_w + self.px(16)
        right_limit = W - m - bw - self.px(16)
        half = min(cx - left_limit, right_limit - cx)
        self.hand_max_w = max(self.hand_w * 3, 2 * half)
        self.hand_step_max = self.px(58 * big)

        # north: an arc of backs at the top, plate to its right; west/east: arcs in a column
        nb = self.fan_bounds(NORTH, 13)
        self.north_fan = pygame.Rect(0, m, nb.width, nb.height)
        self.north_fan.centerx = cx
        wb = self.fan_bounds(WEST, 13)
        fan_cy = round(H * 0.41)
        self.west_fan = pygame.Rect(m, 0, wb.width, wb.height)
        self.west_fan.centery = fan_cy
        self.east_fan = pygame.Rect(0, 0, wb.width, wb.height)
        self.east_fan.right, self.east_fan.centery = W - m, fan_cy

        pw, ph = self.plate_w, self.plate_h
        self.plates = {
            SOUTH: pygame.Rect(m, self.hand_bottom - ph, pw, ph),
            WEST: pygame.Rect(m, self.west_fan.bottom + self.gap, pw, ph),
            NORTH: pygame.Rect(self.north_fan.right + self.px(14), m, pw, ph),
            EAST: pygame.Rect(W - m - pw, self.east_fan.bottom + self.gap, pw, ph),
        }
        self.plates[NORTH].centery = self.north_fan.centery
        # never under the rules' box (a larger text size widens the plates)
        north = self.plates[NORTH]
        north.width = min(north.width, self.info_rect.left - self.gap - north.left)

        # the trick in the middle
        top = self.north_fan.bottom
        bottom = self.hand_top - self.lift - self.px(58)
        self.trick_center = (cx, (top + bottom) // 2 + self.px(4))
        tx, ty = self.trick_center
        dx, dy = self.px(92 * big), self.px(66 * big)
        self.trick_slots = {
            SOUTH: (tx, ty + dy),
            WEST: (tx - dx, ty),
            NORTH: (tx, ty - dy),
            EAST: (tx + dx, ty),
        }
        self.trick_area = pygame.Rect(0, 0, 2 * dx + self.trick_w, 2 * dy + self.trick_h)
        self.trick_area.center = self.trick_center
        # where a seat's played cards come from and won tricks go to
        hand_mid = (cx, self.hand_top + self.hand_h // 2)
        self.seat_points = {
            SOUTH: hand_mid,
            WEST: self.west_fan.center,
            NORTH: self.north_fan.center,
            EAST: self.east_fan.center,
        }
        # messages between the trick and the hand
        self.toast_center = (cx, self.hand_top - self.lift - self.px(34))
        # the middle region panels may use (bidding, passing, prompts)
        self.middle = pygame.Rect(
            self.west_fan.right + self.px(24),
            self.north_fan.bottom + self.px(12),
            self.east_fan.left - self.west_fan.right - self.px(48),
            self.hand_top - self.lift - self.north_fan.bottom - self.px(24),
        )

    def px(self, v: float) -> int:
        """A length at 1280×720 scaled to this window."""
        return max(1, round(v * self.u))

    def hand_rects(self, n: int) -> list[pygame.Rect]:
        """Resting rects of n cards fanned along the bottom, left to right."""
        if n <= 0:
            return []
        step = (
            self.hand_step_max
            if n == 1
            else min(self.hand_step_max, (self.hand_max_w - self.hand_w) / (n - 1))
        )
        total = self.hand_w + step * (n - 1)
        x0 = self.cx - total / 2
        return [
            pygame.Rect(round(x0 + i * step), self.hand_top, self.hand_w, self.hand_h)
            for i in range(n)
        ]

    def fan_cards(self, seat: int, n: int) -> list[tuple[tuple[float, float], float]]:
        """(centre, rotation in degrees) of n backs in a seat's fan, relative to the fan centre.

        The fan bends back toward its holder: north's ends rise, west's and east's ends move
        toward their edge of the window; each card turns a little more than its neighbour.
        """
        out = []
        bow = FAN_BOW * self.u
        squeeze = 12 / (n - 1) if n > 13 else 1.0  # 15 cards (001) keep 13 cards' room
        for i in range(n):
            t = (i - (n - 1) / 2) * squeeze
            along = t * self.fan_step
            back = bow * t * t
            if seat == NORTH:
                out.append(((along, -back), t * FAN_DEG))
            elif seat == WEST:
                out.append(((-back, along), -t * FAN_DEG))
            else:
                out.append(((back, along), t * FAN_DEG))
        return out

    def fan_bounds(self, seat: int, n: int) -> pygame.Rect:
        """The box around a fan of n backs, relative to the fan centre."""
        w, h = (self.back_w, self.back_h) if seat in (NORTH, SOUTH) else (self.back_h, self.back_w)
        box: pygame.Rect | None = None
        for (x, y), deg in self.fan_cards(seat, n):
            a = math.radians(abs(deg))
            rw = w * math.cos(a) + h * math.sin(a)
            rh = w * math.sin(a) + h * math.cos(a)
            r = pygame.Rect(0, 0, math.ceil(rw) + 2, math.ceil(rh) + 2)
            r.center = (round(x), round(y))
            box = r if box is None else box.union(r)
        return box if box is not None else pygame.Rect(0, 0, 0, 0)

    def fan_center(self, seat: int) -> tuple[int, int]:
        """Where a seat's fan is centred (its 13-card box centre)."""
        fan = {NORTH: self.north_fan, WEST: self.west_fan, EAST: self.east_fan}[seat]
        b = self.fan_bounds(seat, 13)
        return (fan.left - b.left, fan.top - b.top)
