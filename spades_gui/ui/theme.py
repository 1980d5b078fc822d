"""The look shared by every screen: the felt's colours, the table's marks, the layout unit."""

from __future__ import annotations

Color = tuple[int, ...]

_FOUR_COLOR = [False]  # suits in text follow the cards' four colours (the player's setting)


def set_four_color(on: bool) -> None:
    """Suit symbols in text in the cards' four colours (clubs green, diamonds blue) or two."""
    _FOUR_COLOR[0] = bool(on)


def four_color() -> bool:
    """Whether suit symbols in text are drawn in four colours."""
    return _FOUR_COLOR[0]


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
SUIT_BLUE = (116, 172, 255)  # diamonds in text with four-colour suits
SUIT_GREEN = (118, 218, 112)  # clubs in text with four-colour suits

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
