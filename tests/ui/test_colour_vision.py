"""Issue 70 (3): the four-colour deck's suits stay apart for colour-blind players.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes,
"A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Transactions on
Visualization and Computer Graphics 15(6), 2009, pp. 1291-1298, at severity 1.0 (protanopia,
deuteranopia, tritanopia). They act on linear RGB: each colour is decoded from sRGB, multiplied,
clipped, then taken to CIELAB (D65) and compared by CIEDE2000 (Sharma, Wu and Dalal 2005).
"""

from __future__ import annotations

import math
from itertools import combinations

import pygame
import pytest

from spades_gui.ui import theme
from spades_gui.ui.card_art import CardArt, suit_color
from spades_gui.ui.theme import FELT, HC_FELT, MUTED, TEXT, Look, ink, set_look
from spades_gui.ui.widgets.text import render_text, suit_ink

Rgb = tuple[int, ...]
Lab = tuple[float, float, float]

MACHADO_2009 = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = (None, *MACHADO_2009)  # normal vision too
APART = 20.0  # least CIEDE2000 between two suits (about 2.3 is a just-noticeable difference)
WHITE = (255, 255, 255)
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def linear(rgb: Rgb) -> tuple[float, float, float]:
    """sRGB (0-255) decoded to linear light (0-1)."""

    def one(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (one(c) for c in rgb[:3])
    return r, g, b


def seen(rgb: Rgb, vision: str | None) -> tuple[float, float, float]:
    """Linear RGB as a player with this deficiency sees it (None: normal vision)."""
    lin = linear(rgb)
    if vision is None:
        return lin
    m = MACHADO_2009[vision]
    r, g, b = (min(1.0, max(0.0, sum(k * v for k, v in zip(row, lin)))) for row in m)
    return r, g, b


def lab(lin: tuple[float, float, float]) -> Lab:
    """Linear sRGB to CIELAB under D65."""
    r, g, b = lin
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(p: Lab, q: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = p, q
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1 = math.degrees(math.atan2(b1, a1p)) % 360
    h2 = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2 - h1) <= 180:
        dh = h2 - h1
    else:
        dh = h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    d_big_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_bar = (h1 + h2) / 2
    else:
        h_bar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2
        + (dc / s_c) ** 2
        + (d_big_h / s_h) ** 2
        + r_t * (dc / s_c) * (d_big_h / s_h)
    )


def closest_pair(colours: dict[str, Rgb]) -> tuple[float, str, str, str]:
    """The least difference between two of the colours under any vision, and where."""
    found = []
    for vision in VISIONS:
        for (a, ca), (b, cb) in combinations(colours.items(), 2):
            d = ciede2000(lab(seen(ca, vision)), lab(seen(cb, vision)))
            found.append((d, str(vision or "normal"), a, b))
    return min(found)


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG 2 contrast ratio."""

    def lum(c: Rgb) -> float:
        r, g, bl = linear(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_differences_are_measured_right() -> None:
    """Sharma, Wu and Dalal's first test pair (ΔE00 2.0425); protanopia keeps grey grey and
    takes pure red and pure green close; normal vision changes nothing."""
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, 1e-4)
    grey = seen((128, 128, 128), "protanopia")
    assert max(grey) - min(grey) < 0.002
    red, green = lab(seen((255, 0, 0), "deuteranopia")), lab(seen((0, 160, 0), "deuteranopia"))
    assert ciede2000(red, green) < 12
    assert seen((10, 200, 30), None) == linear((10, 200, 30))


def test_the_usual_green_clubs_deck_fails_red_green_players() -> None:
    """Why the deck changed: the old four-colour inks, green clubs beside red hearts."""
    old = {"clubs": (18, 132, 52), "diamonds": (22, 84, 196), "hearts": (204, 22, 36)}
    d, vision, a, b = closest_pair({**old, "spades": (22, 22, 26)})
    assert d < APART and vision in ("protanopia", "deuteranopia") and {a, b} == {"clubs", "hearts"}


def test_the_four_colour_cards_are_told_apart_with_any_colour_blindness() -> None:
    inks = {name: suit_color(suit, True) for suit, name in enumerate(("C", "D", "H", "S"))}
    d, vision, a, b = closest_pair(inks)
    assert d >= APART, f"{a} and {b} are {d:.1f} apart under {vision}"
    for name, rgb in inks.items():
        assert contrast(rgb, WHITE) >= 3.0, name  # on the white face


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_four_colour_suits_in_text_are_told_apart_too(high_contrast: bool) -> None:
    set_look(Look(four_color=True, high_contrast=high_contrast))
    try:
        felt = HC_FELT if high_contrast else FELT
        text = ink(TEXT)
        suits = {name: suit_ink(suit, text) for suit, name in enumerate(("C", "D", "H", "S"))}
        d, vision, a, b = closest_pair(suits)
        assert d >= APART, f"{a} and {b} are {d:.1f} apart under {vision}"
        for name, rgb in suits.items():
            assert contrast(rgb, felt) >= 3.0, name
    finally:
        set_look(Look())


def test_high_contrast_makes_every_grey_text_read_at_aaa() -> None:
    """WCAG's 7:1 for the muted and faint words too, on the black table."""
    greys = [getattr(theme, n) for n in ("TEXT", "MUTED", "FAINT")]
    assert min(contrast(c, FELT) for c in greys) < 7  # the green felt's faint words
    set_look(Look(high_contrast=True))
    try:
        assert all(contrast(ink(c), HC_FELT) >= 7 for c in greys)
        assert ink(MUTED) != MUTED and ink(theme.ACCENT_TEXT) == theme.ACCENT_TEXT
    finally:
        set_look(Look())


def test_suit_letters_stand_beside_the_symbols_on_cards_and_in_text() -> None:
    pygame.font.init()
    plain = render_text("the 2♦", 24)
    set_look(Look(suit_letters=True))
    try:
        lettered = render_text("the 2♦", 24)
    finally:
        set_look(Look())
    assert lettered.get_width() > plain.get_width()
    for card, width in ((9, 100), (9, 60)):
        a = CardArt().face(card, width)
        b = CardArt(letters=True).face(card, width)
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
