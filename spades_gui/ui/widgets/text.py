"""Text on the felt: the game's typeface, suit symbols drawn as shapes, wrapping and cutting."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine.cards import SUIT_SYMBOLS
from ..card_art import draw_suit, get_font
from ..theme import (
    ACCENT_TEXT,
    FOUR_SUIT_TEXT,
    SUIT_LETTERS,
    SUIT_RED,
    TEXT,
    Color,
    four_color,
    ink,
    look,
    text_scale,
)
from ..typeface import Face

SUIT_CHARS = {symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)}

_TEXT_CACHE: dict[tuple[object, ...], pygame.Surface] = {}
_CAP: dict[tuple[int, float], tuple[int, int]] = {}


def suit_ink(suit: int, color: Color) -> tuple[int, ...]:
    """The colour of a suit symbol inside text of this colour (dark text keeps its own)."""
    if color[:3] == ACCENT_TEXT:
        return color[:3]
    if four_color():
        return (*FOUR_SUIT_TEXT, color[:3])[suit]
    return SUIT_RED if suit in (1, 2) else color[:3]


# The text size setting enlarges lines up to this size fully and larger ones (titles, big
# figures, already large) only by as much.
SCALED_UP_TO = 40


def scaled(size: float) -> float:
    """A text size with the text size setting applied."""
    size = max(6, round(size))
    return size + (text_scale() - 1) * min(size, SCALED_UP_TO)


def font(size: float) -> Face:
    """The typeface at a size, with the text size setting (cached, shared with the card art)."""
    return get_font(scaled(size))


def cap_box(size: int) -> tuple[int, int]:
    """(top, height) of a capital letter within a line of this font size."""
    key = (size, text_scale())
    box = _CAP.get(key)
    if box is None:
        r = font(size).render("H", True, (0, 0, 0)).get_bounding_rect()
        box = _CAP[key] = (r.top, r.height)
    return box


def _runs(text: str) -> list[str]:
    """Text split into plain runs and single suit symbols."""
    out: list[str] = []
    buf = ""
    for ch in text:
        if ch in SUIT_CHARS:
            if buf:
                out.append(buf)
                buf = ""
            out.append(ch)
        else:
            buf += ch
    if buf:
        out.append(buf)
    return out


def _suit_size(size: int) -> int:
    """Height of a suit symbol drawn inside text: a little over a capital letter's."""
    return round(cap_box(size)[1] * 1.18)


def _suit_w(size: int) -> int:
    """Advance width of a suit symbol inside text, with space either side (without it small
    text reads "3♠:" as one blot)."""
    g = _suit_size(size)
    return max(4, g + 2 * max(1, round(g * 0.08)))


def _letter_w(size: int) -> int:
    """Width of the suit letter after a symbol (nothing without the suit letters setting)."""
    if not look().suit_letters:
        return 0
    return font(size * 0.8).size("W")[0] + max(1, round(size * 0.06))


def _symbol_w(size: int) -> int:
    """Advance of a suit symbol and its letter."""
    return _suit_w(size) + _letter_w(size)


def text_width(text: str, size: float) -> int:
    """Width in pixels of one line of text (suit symbols included)."""
    size = max(6, round(size))
    f = font(size)
    return sum(_symbol_w(size) if r in SUIT_CHARS else f.size(r)[0] for r in _runs(text))


def render_text(text: str, size: float, color: Color = TEXT) -> pygame.Surface:
    """One line of antialiased text; ♠♥♦♣ are drawn as shapes (the font lacks them)."""
    size = max(6, round(size))
    key = (text, size, tuple(color), look())
    surf = _TEXT_CACHE.get(key)
    if surf is not None:
        return surf
    color = ink(color)
    f = font(size)
    runs = _runs(text)
    if not any(r in SUIT_CHARS for r in runs):
        surf = f.render(text or " ", True, color[:3])
    else:
        h = f.get_height()
        surf = pygame.Surface((max(1, text_width(text, size)), h), pygame.SRCALPHA)
        top, cap = cap_box(size)
        x = 0
        for r in runs:
            if r in SUIT_CHARS:
                w = _suit_w(size)
                suit = SUIT_CHARS[r]
                tint = suit_ink(suit, color)
                draw_suit(surf, suit, (x + w // 2, top + cap // 2), _suit_size(size), tint)
                x += w
                if _letter_w(size):
                    letter = font(size * 0.8).render(SUIT_LETTERS[suit], True, tint[:3])
                    # the letter's baseline on the line's
                    surf.blit(letter, (x, f.get_ascent() - font(size * 0.8).get_ascent()))
                    x += _letter_w(size)
            else:
                piece = f.render(r, True, color[:3])
                surf.blit(piece, (x, 0))
                x += piece.get_width()
    if len(color) == 4 and color[3] < 255:
        surf = surf.copy()
        surf.set_alpha(color[3])
    if len(_TEXT_CACHE) > 3000:
        _TEXT_CACHE.clear()
    _TEXT_CACHE[key] = surf
    return surf


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: float,
    color: Color,
    pos: tuple[float, float],
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text with its rect's `anchor` at pos; returns the rect drawn."""
    surf = render_text(text, size, color)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    return rect


def ellipsize(text: str, size: float, width: float) -> str:
    """One line cut with an ellipsis to fit a width (whole when it fits)."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: float, width: float) -> list[str]:
    """Text broken into lines no wider than width (words longer than a line stay whole)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words: list[str] = []
        for word in para.split(" "):
            if words and (word == "/" or words[-1].endswith(" /")):
                words[-1] += " " + word  # "5 / +49" is one figure pair: never broken
            else:
                words.append(word)
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def line_height(size: float) -> int:
    """Distance between lines of wrapped text at this size."""
    return round(font(size).get_height() * 1.22)


def draw_lines(
    surface: pygame.Surface,
    lines: Sequence[str],
    size: float,
    color: Color,
    pos: tuple[float, float],
    align: str = "left",
    width: float = 0,
) -> int:
    """Draw wrapped lines from the top-left pos; returns the height used."""
    x, y = pos
    lh = line_height(size)
    for i, line in enumerate(lines):
        if align == "center":
            draw_text(surface, line, size, color, (x + width / 2, y + i * lh), "midtop")
        elif align == "right":
            draw_text(surface, line, size, color, (x + width, y + i * lh), "topright")
        else:
            draw_text(surface, line, size, color, (x, y + i * lh))
    return lh * len(lines)
