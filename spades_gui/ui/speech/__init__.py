"""Play by ear: the window's speech (hub.py), its voices (voices.py), the game in spoken
words (spoken.py), the screens told (screens.py) and
the table told (table.py, loaded by the table itself); the window takes the screens' hook
from ui/launch.py, which sits above every screen."""

from .hub import DETAILS, MODES, SWITCH_KEY, Detail, Mode, Speech, Told, as_detail, as_mode

__all__ = [
    "DETAILS",
    "MODES",
    "SWITCH_KEY",
    "Detail",
    "Mode",
    "Speech",
    "Told",
    "as_detail",
    "as_mode",
]
