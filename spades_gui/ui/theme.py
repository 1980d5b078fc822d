"""The look shared by every screen: the felt's colours, the table's marks, the layout unit."""

from __future__ import annotations

from dataclasses import dataclass, replace

Color = tuple[int, ...]


@dataclass(frozen=True)
class Look:
    """The player's reading settings every screen follows."""

    four_color: bool = False  # suits in four colours, on the cards and in text
    suit_letters: bool = False  # a suit's letter (S, H, D, C) beside its symbol
    high_contrast: bool = False  # black cloth, white letters, outlined panels
    text_size: int = 100  # percent (settings.TEXT_SIZES)
    large_cards: bool = False  # the table's cards a quarter larger


_LOOK = [Look()]


def set_look(look: Look) -> None:
    """Follow these reading settings from now on."""
    _LOOK[0] = look


def look() -> Look:
    """The reading settings in force."""
    return _LOOK[0]


def set_four_color(on: bool) -> None:
    """Suit symbols in text in the cards' four colours or two (the rest of the look kept)."""
    _LOOK[0] = replace(_LOOK[0], four_color=bool(on))


def four_color() -> bool:
    """Whether suit symbols in text are drawn in four colours."""
    return _LOOK[0].four_color


def text_scale() -> float:
    """Every text size's multiplier: 1.0, 1.25 or 1.5."""
    return _LOOK[0].text_size / 100


# --------------------------------------------------------------------------- felt and widgets

FELT = (16, 92, 58)
FELT_DARK = (5, 38, 24)
ROW_HOVER = (255, 255, 255, 22)
TEXT = (238, 243, 238)
MUTED = (168, 198, 180)
FAINT = (120, 156, 136)
ACCENT = (244, 198, 88)
ACCENT_TEXT = (30, 24, 8)
BUTTON = (30, 118, 76)
BUTTON_HOVER = (40, 142, 93)
BUTTON_DOWN = (22, 96, 61)
BUTTON_SECONDARY = (255, 255, 255, 26)
BUTTON_SECONDARY_HOVER = (255, 255, 255, 48)
DANGER = (186, 58, 58)
DANGER_HOVER = (210, 74, 74)
TRACK_OFF = (70, 96, 84)
FIELD = (2, 22, 14)
ACCENT_SELECT = (46, 92, 150)  # selected text in a field
ERROR = (255, 120, 110)
ERROR_BG = (92, 22, 22, 230)
INFO_BG = (10, 58, 38, 230)
WARN_BG = (96, 64, 8, 235)
SUIT_RED = (255, 112, 112)
# Four-colour suits in text (clubs, diamonds, hearts; spades take the text's colour), on the felt.
# Chosen, like the cards' (card_art.FOUR_INKS), so that players with any of the three kinds of
# dichromacy tell all four apart: tests/ui/test_colour_vision.py. The usual green clubs beside red
# hearts are one colour to a red-green colour-blind player.
FOUR_SUIT_TEXT = ((235, 210, 40), (140, 200, 250), (244, 120, 140))
SUIT_LETTERS = "CDHS"  # beside the symbols, with the suit letters setting

# --------------------------------------------------------------------------- high contrast

HC_FELT = (0, 0, 0)
HC_PANEL = (0, 0, 0)
HC_EDGE = (235, 235, 235)  # the outline of every panel


def ink(color: Color) -> Color:
    """A text colour as the look draws it: with high contrast, light greys go near white and
    nothing is translucent (dark letters, on gold, and colours that carry a meaning stay)."""
    if not _LOOK[0].high_contrast or sum(color[:3]) < 300:
        return color
    rgb = tuple(color[:3])
    if max(rgb) - min(rgb) < 60:
        rgb = tuple(255 - (255 - c) // 4 for c in rgb)
    return rgb


# --------------------------------------------------------------------------- the table's marks

PLATE_BG = (6, 34, 22, 214)  # seat plates, the scoreboard, the rules box
PANEL_BG = (8, 40, 26, 236)  # a decision panel on the table
MODAL_BG = (10, 46, 30)  # a panel that covers the table (summary, score pad, options)
GOOD = (126, 226, 150)  # made, good, the coach's suggestion
BAD = (255, 128, 118)  # set, failed, a mistake
SLIP = (240, 184, 72)  # a small slip (hand review)
RULE = (62, 104, 82)  # a dividing line inside a panel
HINT_RING = GOOD  # the suggested card and bid are ringed in this colour
TEAM_COLORS = ((64, 156, 226), (226, 96, 84))
TURN_GLOW = (244, 198, 88)
RECEIVED = (120, 196, 255)  # the cards a partner just passed to the player

# --------------------------------------------------------------------------- scale

BASE_SIZE = (1280, 720)
MIN_TEXT = 18  # the typeface at 13 px (capitals 9 px tall): the least a player must read


def ui_scale(size: tuple[int, int]) -> float:
    """The layout unit: 1.0 at 1280×720, growing with the window's smaller proportion."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))
