"""The reading settings a screenshot run draws with: SPADES_SHOT_LOOK names one of LOOKS.

SPADES_SHOT_LOOK=text150 python tools/screenshots.py     (or: screenshots.py --look text150)
"""

from __future__ import annotations

import os
from typing import Any

LOOKS: dict[str, dict[str, Any]] = {
    "": {},
    "text125": {"text_size": 125},
    "text150": {"text_size": 150},
    "large": {"large_cards": True},
    "colourblind": {"four_color": True, "suit_letters": True},
    "contrast": {"high_contrast": True},
}


def fields() -> dict[str, Any]:
    """The settings' fields of the look asked for (none by default)."""
    return dict(LOOKS[os.environ.get("SPADES_SHOT_LOOK", "")])


def prefs(given: dict[str, Any]) -> dict[str, Any]:
    """A table's prefs with the look's fields."""
    return {**given, **fields()}


def apply(app: Any) -> None:
    """Give the window's settings the look's fields, and follow them."""
    from spades_gui.ui.prefs import Prefs
    from spades_gui.ui.theme import set_look

    settings = app.services.loaded_settings()
    for key, value in fields().items():
        setattr(settings, key, value)
    set_look(Prefs.read(settings.prefs()).look())
