"""Playing cards drawn entirely in code: crisp faces and backs at any size."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import pygame

from ..engine.cards import (
    BIG_JOKER,
    DIAMONDS,
    HEARTS,
    LITTLE_JOKER,
    RANK_NAMES,
    SPADES,
    natural_suit,
    parse_card,
    rank_of,
)
from ..settings import CARD_BACKS, DEFAULT_CARD_BACK
from .typeface import CAP_MATCH, Face

Color = tuple[int, int, int]
Point = tuple[float, float]

DEFAULT_BACK = CARD_BACKS[DEFAULT_CARD_BACK][1]

# four court cards fanned on the menu and in the settings' preview
SHOWCASE = tuple(parse_card(c) for c in ("AS", "KH", "QD", "JC"))

_INK = (22, 22, 26)
_RED = (204, 22, 36)
# The four-colour deck's inks (clubs amber, diamonds blue, hearts deep red; spades _INK), chosen so
# that players with protanopia, deuteranopia or tritanopia tell all four apart on the white face,
# each at least 3:1 against it: tests/ui/test_colour_vision.py. The usual green clubs are the red
# hearts' colour to a red-green colour-blind player.
FOUR_INKS: tuple[Color, Color, Color] = ((210, 130, 0), (30, 90, 220), (160, 30, 20))
SUIT_LETTERS = "CDHS"
_GOLD = (226, 168, 28)
_FACE = (255, 255, 255)
_EDGE = (128, 128, 136)
_GREY = (112, 112, 120)

_COMPACT_BELOW = 72  # cards narrower than this get the simplified, big-index layout
_CACHE_BUDGET = 96 * 1024 * 1024  # bytes of cached surfaces kept (LRU)


# --------------------------------------------------------------------------- card helpers


def _is_joker(card: int) -> bool:
    """True for the Little or Big Joker."""
    return card in (LITTLE_JOKER, BIG_JOKER)


def card_size(width: int) -> tuple[int, int]:
    """Pixel size (width, height) of a card of the given width, aspect 5:7."""
    width = max(1, int(width))
    return width, round(width * 1.4)


def suit_color(suit: int, four_color: bool = False) -> Color:
    """Ink colour of a suit in two- or four-colour style."""
    if four_color:
        return (*FOUR_INKS, _INK)[suit]
    return _RED if suit in (DIAMONDS, HEARTS) else _INK


# --------------------------------------------------------------------------- caches


class _LRU:
    """Tiny byte-budgeted LRU cache of surfaces."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.items: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        """Return a cached surface (and mark it recently used) or None."""
        surf = self.items.get(key)
        if surf is not None:
            self.items.move_to_end(key)
        return surf

    def put(self, key: tuple[object, ...], surf: pygame.Surface) -> pygame.Surface:
        """Store a surface, evicting the least recently used ones over budget."""
        self.items[key] = surf
        self.used += surf.get_width() * surf.get_height() * 4
        while self.used > self.budget and len(self.items) > 1:
            _, old = self.items.popitem(last=False)
            self.used -= old.get_width() * old.get_height() * 4
        return surf


_SURFACES = _LRU(_CACHE_BUDGET)
_FONTS: dict[tuple[int, str], Face] = {}
_FONT_HOOK: list[bool] = []  # non-empty while _forget_fonts is registered with pygame
_SHAPES: dict[int, list[tuple[Any, ...]]] = {}
_CAP_RATIO: list[float] = []


def _forget_fonts() -> None:
    """Called by pygame.quit(): its fonts die with it, so a later init makes new ones."""
    _FONTS.clear()
    _FONT_HOOK.clear()


def get_font(size: float, weight: str = "regular") -> Face:
    """The typeface at a size in the default font's measure (capitals 0.49 of it), in a weight
    ("regular" or "bold"), cached (the one font cache)."""
    if not pygame.font.get_init():
        pygame.font.init()
    if not _FONT_HOOK:
        pygame.register_quit(_forget_fonts)
        _FONT_HOOK.append(True)
    key = (max(3, round(size * CAP_MATCH)), weight)
    font = _FONTS.get(key)
    if font is None:
        if len(_FONTS) > 64:
            _FONTS.clear()
        font = _FONTS[key] = Face(*key)
    return font


def _cap_metrics(font: Face) -> tuple[int, int]:
    """(top, height) of the capital-letter box inside a rendered line of this font."""
    box = font.render("H", True, (0, 0, 0)).get_bounding_rect()
    return box.top, box.height


def _text(text: str, cap: float, color: Color, max_w: float | None = None) -> pygame.Surface:
    """Text cropped to its ink, with capitals `cap` px tall; condensed to fit max_w."""
    if not _CAP_RATIO:
        _CAP_RATIO.append(_cap_metrics(get_font(200, "bold"))[1] / 200)
    font = get_font(round(cap / _CAP_RATIO[0]), "bold")  # printed indices are bold
    top, cap_h = _cap_metrics(font)
    line = font.render(text, True, color)
    ink = line.get_bounding_rect()
    bottom = max(ink.bottom, top + cap_h)
    crop = line.subsurface(pygame.Rect(ink.left, top, max(1, ink.width), max(1, bottom - top)))
    scale = cap / max(1, cap_h)
    w = crop.get_width() * scale
    h = crop.get_height() * scale
    if max_w is not None and w > max_w:
        w = max_w
    return pygame.transform.smoothscale(crop, (max(1, round(w)), max(1, round(h))))


# --------------------------------------------------------------------------- suit geometry


def _bezier(p0: Point, c: Point, p1: Point, steps: int = 12) -> list[Point]:
    """Points along a quadratic Bezier curve (excluding the start point)."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _heart_outline(n: int = 96) -> list[Point]:
    """Classic parametric heart, tip down, normalised to width 1 and centred."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    span = max(xs) - min(xs)
    cy = (max(ys) + min(ys)) / 2
    return [(x / span, (y - cy) / span) for x, y in pts]


def _stem(top_y: float, half_top: float, half_base: float) -> list[Point]:
    """Flared stem polygon (for spade and club) from top_y down to the base at y=0.5."""
    left = [(-half_top, top_y), *_bezier((-half_top, top_y), (-half_top, 0.42), (-half_base, 0.5))]
    right = [(half_base, 0.5), *_bezier((half_base, 0.5), (half_top, 0.42), (half_top, top_y))]
    return left + right


def _suit_shape(suit: int) -> list[tuple[Any, ...]]:
    """Primitives ('poly', pts) / ('circle', centre, r) of a suit in a unit box, y down."""
    shape = _SHAPES.get(suit)
    if shape is not None:
        return shape
    if suit == HEARTS:
        heart = _heart_outline()
        h = max(p[1] for p in heart) - min(p[1] for p in heart)
        shape = [("poly", [(x, y * 1.0 / h * 0.98) for x, y in heart])]
    elif suit == SPADES:
        body = [(x * 0.98, -y * 0.80 - 0.11) for x, y in _heart_outline()]
        shape = [("poly", body), ("poly", _stem(0.05, 0.035, 0.2))]
    elif suit == DIAMONDS:
        top, right, bottom, left = (0.0, -0.5), (0.39, 0.0), (0.0, 0.5), (-0.39, 0.0)
        pts: list[Point] = [top]
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            mid = ((a[0] + b[0]) / 2 * 0.86, (a[1] + b[1]) / 2 * 0.86)
            pts += _bezier(a, mid, b)
        shape = [("poly", pts)]
    else:
        r = 0.235
        lobes = [(0.0, -0.262), (-0.262, 0.085), (0.262, 0.085)]
        shape = [("circle", c, r) for c in lobes]
        shape.append(("poly", [(0.0, -0.2), (-0.2, 0.1), (0.0, 0.22), (0.2, 0.1)]))
        shape.append(("poly", _stem(0.1, 0.04, 0.2)))
    _SHAPES[suit] = shape
    return shape


def _paint_suit(
    surf: pygame.Surface,
    suit: int,
    center: Point,
    size: float,
    color: Sequence[int],
    flip: bool = False,
) -> None:
    """Draw a suit (aliased) on a supersampled surface; size is its full height in px."""
    cx, cy = center
    sy = -size if flip else size
    for prim in _suit_shape(suit):
        if prim[0] == "poly":
            pygame.draw.polygon(surf, color, [(cx + x * size, cy + y * sy) for x, y in prim[1]])
        else:
            (x, y), r = prim[1], prim[2]
            pygame.draw.circle(surf, color, (cx + x * size, cy + y * sy), r * size)


def draw_suit(
    surface: pygame.Surface,
    suit: int,
    center: tuple[int, int],
    size: int,
    color: Sequence[int],
) -> None:
    """Draw an antialiased spade/heart/diamond/club of height `size` centred on `center`."""
    size = max(2, int(size))
    key = ("suit", suit, size, tuple(color))
    stamp = _SURFACES.get(key)
    if stamp is None:
        ss = 4 if size < 100 else 2
        box = size * ss + 2 * ss
        big = pygame.Surface((box, box), pygame.SRCALPHA)
        big.fill((*color[:3], 0))
        _paint_suit(big, suit, (box / 2, box / 2), size * ss, color)
        stamp = _SURFACES.put(key, pygame.transform.smoothscale(big, (size + 2, size + 2)))
    surface.blit(stamp, stamp.get_rect(center=center))


# --------------------------------------------------------------------------- drawing utilities


def _supersample(width: int) -> int:
    """Supersampling factor used to antialias a card of this width."""
    return 4 if width <= 160 else 2


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    """Linear blend from colour a to colour b by t in 0..1."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def _court_tint(color: Sequence[int]) -> Color:
    """Warm cream panel colour for court cards, faintly tinted by the suit ink."""
    return _mix((252, 244, 222), color, 0.05)


def _blit_center(dst: pygame.Surface, src: pygame.Surface, center: Point) -> None:
    """Blit src centred on a (float) point."""
    dst.blit(src, src.get_rect(center=(round(center[0]), round(center[1]))))


def _star(center: Point, r_out: float, r_in: float, points: int = 5) -> list[Point]:
    """Polygon of a star with the first point straight up."""
    cx, cy = center
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _blank(width: int, ss: int) -> pygame.Surface:
    """Supersampled white card blank with rounded corners and a thin grey border."""
    w, h = card_size(width)
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    big.fill((*_EDGE, 0))
    radius = max(3, round(width * 0.065)) * ss
    border = max(1, round(width / 140)) * ss
    pygame.draw.rect(big, _EDGE, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-2 * border, -2 * border)
    pygame.draw.rect(big, _FACE, inner, border_radius=radius - border)
    return big


def _rounded_mask(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Return surf clipped to a rounded rectangle of the given corner radius."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    mask.blit(surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return mask


def _finish(big: pygame.Surface, width: int) -> pygame.Surface:
    """Downsample a supersampled card to its final crisp size."""
    card = pygame.transform.smoothscale(big, card_size(width))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        card = card.convert_alpha()
    return card


# --------------------------------------------------------------------------- card art


class CardArt:
    """Renders and caches card faces and backs in a given style."""

    def __init__(
        self,
        four_color: bool = False,
        back_color: tuple[int, int, int] = DEFAULT_BACK,
        letters: bool = False,
    ) -> None:
        """Create a renderer; four_color gives each suit its own ink, letters puts the suit's
        letter beside the corner's symbol."""
        self.four_color = bool(four_color)
        self.back_color: Color = tuple(int(c) for c in back_color[:3])  # type: ignore[assignment]
        self.letters = bool(letters)

    # ---------------------------------------------------------------- public API

    def face(self, card: int, width: int) -> pygame.Surface:
        """Card face of the given width (height = round(width*1.4)), cached."""
        width = max(8, int(width))
        key = ("face", card, width, self.four_color, self.letters)
        surf = _SURFACES.get(key)
        if surf is None:
            surf = _SURFACES.put(key, self._render_face(card, width))
        return surf

    def back(self, width: int) -> pygame.Surface:
        """Card back of the given width in back_color, cached."""
        width = max(8, int(width))
        key = ("back", width, self.back_color)
        surf = _SURFACES.get(key)
        if surf is None:
            surf = _SURFACES.put(key, self._render_back(width))
        return surf

    def dimmed(self, card: int, width: int) -> pygame.Surface:
        """Card face under a grey translucent veil (for cards that may not be played)."""
        width = max(8, int(width))
        key = ("dim", card, width, self.four_color, self.letters)
        surf = _SURFACES.get(key)
        if surf is None:
            surf = self.face(card, width).copy()
            surf.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
            surf.fill((34, 34, 38), special_flags=pygame.BLEND_RGB_ADD)
            surf = _SURFACES.put(key, surf)
        return surf

    def color_of(self, card: int) -> Color:
        """Ink colour used for a card's indices and pips."""
        if _is_joker(card):
            return _RED if card == BIG_JOKER else _INK
        return suit_color(natural_suit(card), self.four_color)

    # ---------------------------------------------------------------- faces

    def _render_face(self, card: int, width: int) -> pygame.Surface:
        """Draw a face at supersampled resolution and downsample it."""
        if not 0 <= card <= BIG_JOKER:
            raise ValueError(f"not a card: {card!r}")
        ss = _supersample(width)
        big = _blank(width, ss)
        compact = width < _COMPACT_BELOW
        if _is_joker(card):
            self._joker(big, card, width * ss, compact)
        else:
            self._indices(big, card, width * ss, compact, ss)
            if compact:
                self._compact_centre(big, card, width * ss)
            else:
                self._centre(big, card, width * ss)
        return _finish(big, width)

    def _index_block(self, card: int, W: float, compact: bool, ss: int) -> pygame.Surface:
        """Rank over small suit, as one surface for the top-left corner."""
        color = self.color_of(card)
        rank, suit = rank_of(card), natural_suit(card)
        if compact:
            cap, pip, gap, max_w = 0.28 * W, 0.21 * W, 0.04 * W, 0.30 * W
        else:
            # Never let a full-layout index drop below ~12 px: it is what a fanned hand shows.
            cap, pip = max(0.15 * W, 12 * ss), max(0.115 * W, 9 * ss)
            gap, max_w = 0.035 * W, cap * 1.07
        label = _text(RANK_NAMES[rank], cap, color, max_w)
        letter = _text(SUIT_LETTERS[suit], pip * 0.72, color) if self.letters else None
        beside = letter.get_width() + pip * 0.12 if letter is not None else 0.0
        bw = max(label.get_width(), pip * 1.05 + beside)
        bh = cap + gap + pip + 2
        block = pygame.Surface((math.ceil(bw), math.ceil(bh)), pygame.SRCALPHA)
        block.fill((*color, 0))
        block.blit(label, label.get_rect(midtop=(bw / 2, 0)))
        px = bw / 2 - beside / 2
        _paint_suit(block, suit, (px, cap + gap + pip / 2), pip, color)
        if letter is not None:
            # beside the symbol, its foot on the symbol's foot
            block.blit(letter, letter.get_rect(bottomleft=(round(px + pip * 0.6), round(bh - 2))))
        return block

    def _indices(self, big: pygame.Surface, card: int, W: float, compact: bool, ss: int) -> None:
        """Corner indices: top-left upright, bottom-right rotated 180 degrees."""
        block = self._index_block(card, W, compact, ss)
        cx = (0.16 if compact else 0.1) * W
        top = (0.06 if compact else 0.07) * W
        rect = block.get_rect(midtop=(round(cx), round(top)))
        rect.left = max(rect.left, round(0.04 * W))  # a block widened by the suit's letter
        big.blit(block, rect)
        flipped = pygame.transform.flip(block, True, True)
        bw, bh = big.get_size()
        big.blit(flipped, flipped.get_rect(midbottom=(bw - rect.centerx, bh - rect.top)))

    def _compact_centre(self, big: pygame.Surface, card: int, W: float) -> None:
        """Simplified centre for small cards: one mid-size suit; a court's letter over its suit
        in a frame (a suit alone would make J, Q and K look the same)."""
        H = W * 1.4
        color = self.color_of(card)
        rank, suit = rank_of(card), natural_suit(card)
        c = (W * 0.5, H * 0.5)
        if rank in (9, 10, 11):
            frame = pygame.Rect(0, 0, round(W * 0.34), round(W * 0.64))
            frame.center = (round(c[0]), round(c[1]))
            pygame.draw.rect(big, _court_tint(color), frame, border_radius=round(W * 0.05))
            pygame.draw.rect(
                big, color, frame, width=max(1, round(W * 0.02)), border_radius=round(W * 0.05)
            )
            letter = _text(RANK_NAMES[rank], W * 0.24, color, W * 0.28)
            _blit_center(big, letter, (c[0], c[1] - W * 0.1))
            _paint_suit(big, suit, (c[0], c[1] + W * 0.17), W * 0.15, color)
        else:
            _paint_suit(big, suit, c, W * (0.38 if rank == 12 else 0.3), color)

    def _centre(self, big: pygame.Surface, card: int, W: float) -> None:
        """Full centre design: pips, court frame or ace."""
        rank = rank_of(card)
        if rank <= 8:
            self._pips(big, card, W)
        elif rank <= 11:
            self._court(big, card, W)
        else:
            self._ace(big, card, W)

    def _pips(self, big: pygame.Surface, card: int, W: float) -> None:
        """Classic pip layouts for 2..10; lower pips point downwards."""
        H = W * 1.4
        n = rank_of(card) + 2
        color = self.color_of(card)
        L, M, R = 0.0, 0.5, 1.0
        col2 = [(L, 0.0), (R, 0.0), (L, 1.0), (R, 1.0)]
        col3 = [*col2, (L, 0.5), (R, 0.5)]
        col4 = [(x, y) for x in (L, R) for y in (0.0, 1 / 3, 2 / 3, 1.0)]
        layouts = {
            2: [(M, 0.0), (M, 1.0)],
            3: [(M, 0.0), (M, 0.5), (M, 1.0)],
            4: col2,
            5: [*col2, (M, 0.5)],
            6: col3,
            7: [*col3, (M, 0.25)],
            8: [*col3, (M, 0.25), (M, 0.75)],
            9: [*col4, (M, 0.5)],
            10: [*col4, (M, 1 / 6), (M, 5 / 6)],
        }
        size = W * (0.17 if n < 9 else 0.155)
        x0, x1 = W * 0.33, W * 0.67
        y0, y1 = H * 0.2, H * 0.8
        for fx, fy in layouts[n]:
            x = x0 + (x1 - x0) * fx
            y = y0 + (y1 - y0) * fy
            _paint_suit(big, natural_suit(card), (x, y), size, color, flip=fy > 0.5)

    def _court(self, big: pygame.Surface, card: int, W: float) -> None:
        """Jack/Queen/King: double-ended framed panel with headwear, big letter and suit."""
        H = W * 1.4
        rank, suit = rank_of(card), natural_suit(card)
        color = self.color_of(card)
        frame = pygame.Rect(0, 0, round(W * 0.54), round(H - W * 0.2))
        frame.center = (round(W / 2), round(H / 2))
        rad = round(W * 0.04)
        line = max(1, round(W * 0.012))
        pygame.draw.rect(big, _court_tint(color), frame, border_radius=rad)
        pygame.draw.rect(big, color, frame, width=line, border_radius=rad)
        inner = frame.inflate(-round(W * 0.05), -round(W * 0.05))
        pygame.draw.rect(big, _GOLD, inner, width=line, border_radius=max(1, rad - line))

        half = pygame.Surface((inner.width, inner.height // 2), pygame.SRCALPHA)
        half.fill((*color, 0))
        hw = half.get_width()
        crown_w = W * 0.2
        crown_base = W * 0.14
        self._headwear(half, rank, (hw / 2, crown_base), crown_w, _GOLD, color)
        letter = _text(RANK_NAMES[rank], W * 0.22, color)
        half.blit(letter, letter.get_rect(midtop=(round(hw / 2), round(crown_base + W * 0.025))))
        _paint_suit(half, suit, (hw / 2, crown_base + W * 0.345), W * 0.12, color)
        for sx in (hw * 0.15, hw * 0.85):
            _paint_suit(half, suit, (sx, W * 0.07), W * 0.065, color)
        big.blit(half, inner.topleft)
        big.blit(
            pygame.transform.flip(half, True, True), (inner.left, inner.bottom - half.get_height())
        )
        midy = inner.centery
        pygame.draw.line(
            big, _GOLD, (inner.left + W * 0.04, midy), (inner.right - W * 0.04, midy), line
        )

    @staticmethod
    def _headwear(
        surf: pygame.Surface, rank: int, base: Point, w: float, gold: Color, ink: Color
    ) -> None:
        """Small crown (K), tiara (Q) or cap (J) whose base sits on `base`."""
        bx, by = base
        h = w * 0.45
        if rank == 11:  # King: five-pointed crown
            pts = [(bx - w / 2, by), (bx - w / 2, by - h * 0.55)]
            for i in range(1, 5):
                x = bx - w / 2 + w * i / 4
                dip = by - h * 0.25 if i % 2 else by - h * 0.55
                pts.append((x - w / 8, by - h))
                pts.append((x, dip))
            pts[-1] = (bx + w / 2, by - h * 0.55)
            pts.append((bx + w / 2, by))
            pygame.draw.polygon(surf, gold, pts)
            pygame.draw.polygon(surf, ink, pts, max(1, round(w * 0.04)))
        elif rank == 10:  # Queen: rounded tiara with a jewel
            pts = [
                (bx - w / 2, by),
                *_bezier((bx - w / 2, by), (bx, by - h * 2.0), (bx + w / 2, by)),
            ]
            pygame.draw.polygon(surf, gold, pts)
            pygame.draw.polygon(surf, ink, pts, max(1, round(w * 0.04)))
            pygame.draw.circle(surf, ink, (bx, by - h * 0.45), w * 0.09)
        else:  # Jack: feathered cap
            pts = [
                (bx - w / 2, by),
                *_bezier((bx - w / 2, by), (bx - w * 0.1, by - h * 1.4), (bx + w / 2, by)),
            ]
            pygame.draw.polygon(surf, gold, pts)
            pygame.draw.polygon(surf, ink, pts, max(1, round(w * 0.04)))
            feather = [
                (bx + w * 0.1, by - h * 0.55),
                (bx + w * 0.55, by - h * 1.2),
                (bx + w * 0.25, by - h * 0.35),
            ]
            pygame.draw.polygon(surf, ink, feather)

    def _ace(self, big: pygame.Surface, card: int, W: float) -> None:
        """One large suit in the middle; the Ace of Spades is extra large and ornate."""
        H = W * 1.4
        suit = natural_suit(card)
        color = self.color_of(card)
        c = (W / 2, H / 2)
        if suit == SPADES:
            size = W * 0.56
            _paint_suit(big, suit, c, size * 1.1, color)
            _paint_suit(big, suit, (c[0], c[1] - size * 0.025), size * 1.03, _FACE)
            _paint_suit(big, suit, c, size * 0.93, color)
            pygame.draw.circle(big, _FACE, (c[0], c[1] - size * 0.12), size * 0.1)
            _paint_suit(big, suit, (c[0], c[1] - size * 0.12), size * 0.12, color)
        else:
            _paint_suit(big, suit, c, W * 0.38, color)

    # ---------------------------------------------------------------- jokers

    def _joker(self, big: pygame.Surface, card: int, W: float, compact: bool) -> None:
        """Joker face: JOKER down the corners, a crowned star and a BIG/LITTLE label."""
        H = W * 1.4
        is_big = card == BIG_JOKER
        ink = _RED if is_big else _INK
        accent = _GOLD if is_big else (150, 150, 158)
        # Vertical JOKER in the corners.
        cap = W * (0.15 if compact else 0.1)
        step = cap * (1.2 if compact else 1.28)
        col = pygame.Surface((math.ceil(cap * 1.2), math.ceil(step * 4 + cap)), pygame.SRCALPHA)
        col.fill((*ink, 0))
        for i, ch in enumerate("JOKER"):
            glyph = _text(ch, cap, ink)
            col.blit(glyph, glyph.get_rect(midtop=(col.get_width() / 2, i * step)))
        cx = W * (0.12 if compact else 0.105)
        rect = col.get_rect(midtop=(round(cx), round(W * 0.07)))
        big.blit(col, rect)
        bw, bh = big.get_size()
        flipped = pygame.transform.flip(col, True, True)
        big.blit(flipped, flipped.get_rect(midbottom=(bw - rect.centerx, bh - rect.top)))

        # Centre medallion.
        c = (W * 0.5, H * 0.5)
        if compact:
            r = W * 0.27
            pygame.draw.circle(big, ink, c, r * 1.0)
            pygame.draw.polygon(big, accent if is_big else _FACE, _star(c, r * 0.82, r * 0.36))
            return
        r = W * 0.27
        tint = _mix(ink, _FACE, 0.88 if is_big else 0.9)
        pygame.draw.circle(big, tint, c, r * 1.12)
        pygame.draw.circle(big, ink, c, r * 1.12, max(1, round(W * 0.014)))
        pygame.draw.polygon(big, ink, _star(c, r, r * 0.42))
        pygame.draw.polygon(big, accent, _star(c, r * 0.55, r * 0.23))
        # Jester crown above the medallion.
        cw = W * 0.36
        base_y = c[1] - r * 1.12 - W * 0.02
        tips = [(-0.5, -0.95), (-0.22, -0.6), (0.0, -1.15), (0.22, -0.6), (0.5, -0.95)]
        pts = [(c[0] - cw * 0.4, base_y)]
        for i, (tx, ty) in enumerate(tips):
            pts.append((c[0] + tx * cw, base_y + ty * cw * 0.5))
            if i < len(tips) - 1:
                nx = (tx + tips[i + 1][0]) / 2
                pts.append((c[0] + nx * cw, base_y - cw * 0.2))
        pts.append((c[0] + cw * 0.4, base_y))
        pygame.draw.polygon(big, ink, pts)
        for tx, ty in tips:
            pygame.draw.circle(big, accent, (c[0] + tx * cw, base_y + ty * cw * 0.5), W * 0.028)
        label = _text("BIG" if is_big else "LITTLE", W * 0.085, ink)
        _blit_center(big, label, (c[0], c[1] + r * 1.12 + W * 0.1))

    # ---------------------------------------------------------------- back

    def _render_back(self, width: int) -> pygame.Surface:
        """Draw the back: white rim, lattice of diamonds and a central medallion."""
        ss = _supersample(width)
        big = _blank(width, ss)
        W, H = big.get_size()
        rim = round(W * 0.06)
        panel = big.get_rect().inflate(-2 * rim, -2 * rim)
        base = self.back_color
        light = _mix(base, _FACE, 0.28)
        dark = _mix(base, (0, 0, 0), 0.3)
        pat = pygame.Surface(panel.size, pygame.SRCALPHA)
        pat.fill((*base, 255))
        step = max(4 * ss, W * 0.1)
        line = max(1, round(W * 0.008))
        pw, ph = panel.size
        n = int((pw + ph) / step) + 2
        # Alternate diamond cells get a small dot; lines form the lattice.
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x = pw / 2 + (i - j) * step / 2
                y = ph / 2 + (i + j) * step / 2 * 1.4
                if -step < x < pw + step and -step < y < ph + step:
                    cell = [
                        (x, y - step * 0.7),
                        (x + step / 2, y),
                        (x, y + step * 0.7),
                        (x - step / 2, y),
                    ]
                    if (i + j) % 2 == 0:
                        pygame.draw.polygon(pat, dark, cell)
                    pygame.draw.polygon(pat, light, cell, line)
        # Central medallion with a spade.
        mc = (pw / 2, ph / 2)
        mr = pw * 0.3
        pygame.draw.ellipse(
            pat, base, pygame.Rect(0, 0, mr * 2, mr * 2.5).move(mc[0] - mr, mc[1] - mr * 1.25)
        )
        oval = pygame.Rect(0, 0, mr * 2, mr * 2.5)
        oval.center = (round(mc[0]), round(mc[1]))
        pygame.draw.ellipse(pat, _FACE, oval, max(1, round(W * 0.012)))
        pygame.draw.ellipse(pat, light, oval.inflate(-W * 0.06, -W * 0.06), line)
        _paint_suit(pat, SPADES, mc, mr * 1.05, _FACE)
        _paint_suit(pat, SPADES, mc, mr * 0.7, base)
        _paint_suit(pat, SPADES, mc, mr * 0.45, _FACE)
        inner_r = max(1, round(W * 0.035))
        pat = _rounded_mask(pat, inner_r)
        big.blit(pat, panel)
        pygame.draw.rect(
            big,
            _mix(base, _FACE, 0.6),
            panel.inflate(line * 2, line * 2),
            line,
            border_radius=inner_r + line,
        )
        return _finish(big, width)
