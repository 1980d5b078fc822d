"""Play by ear: the window's speech (hub.py), its voices (voices.py), the game in spoken
words (spoken.py), the screens told (screens.py, which the window loads when it opens) and
the table told (table.py, loaded by the table itself)."""

from .hub import DETAILS, MODES, SWITCH_KEY, Detail, Mode, Speech, as_detail, as_mode

__all__ = [
    "DETAILS",
    "MODES",
    "SWITCH_KEY",
    "Detail",
    "Mode",
    "Speech",
    "as_detail",
    "as_mode",
]
