"""The table's display preferences (speed, cards, sound, play) read from the settings' prefs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..settings import (
    ANIMATION_SCALE,
    CARD_BACKS,
    DEFAULT_ANIMATION,
    DEFAULT_CARD_BACK,
    DEFAULT_VOLUME,
    FELTS,
    PLAYED_CARDS,
    TEXT_SIZES,
)
from .card_art import DEFAULT_BACK, CardArt
from .theme import FELT, HC_FELT, Look

Rgb = tuple[int, int, int]


def pref(prefs: Any, name: str, default: Any) -> Any:
    """One preference from a dict, a namespace or None."""
    if prefs is None:
        return default
    if isinstance(prefs, dict):
        return prefs.get(name, default)
    return getattr(prefs, name, default)


def animation_scale(prefs: Any) -> float:
    """Duration multiplier: 0 = no animation, 1 = normal, larger = slower."""
    v = pref(prefs, "animation_scale", None)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return max(0.0, float(v))
    v = pref(prefs, "animation", DEFAULT_ANIMATION) if v is None else v
    return ANIMATION_SCALE.get(v, 1.0) if isinstance(v, str) else 1.0


def back_color(prefs: Any) -> Rgb:
    """The card back colour from `card_back_rgb`, or the one a named `card_back` stands for."""
    v = pref(prefs, "card_back_rgb", None)
    if isinstance(v, (tuple, list)) and len(v) >= 3:
        return (int(v[0]), int(v[1]), int(v[2]))
    named = CARD_BACKS.get(str(pref(prefs, "card_back", DEFAULT_CARD_BACK)))
    return named[1] if named is not None else DEFAULT_BACK


def felt_color(prefs: Any) -> Rgb:
    """The table's cloth from `felt_rgb`, or the one a named `felt` stands for."""
    v = pref(prefs, "felt_rgb", None)
    if isinstance(v, (tuple, list)) and len(v) >= 3:
        return (int(v[0]), int(v[1]), int(v[2]))
    named = FELTS.get(str(pref(prefs, "felt", "")))
    return named[1] if named is not None else FELT


def volume(prefs: Any) -> float:
    """The sounds' loudness, 0 to 1 (a whole-number percent is read as one)."""
    v = pref(prefs, "volume", DEFAULT_VOLUME / 100)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return DEFAULT_VOLUME / 100
    return max(0.0, min(1.0, v / 100 if v > 1 else float(v)))


def played_choice(prefs: Any) -> str:
    """The played-cards panel's setting: "auto", "on" or "off" ("auto" for anything else)."""
    v = pref(prefs, "played_cards", "auto")
    return v if v in [k for k, _ in PLAYED_CARDS] else "auto"


def text_size(prefs: Any) -> int:
    """The text size in percent, one of TEXT_SIZES (100 for anything else)."""
    v = pref(prefs, "text_size", 100)
    return v if v in [n for n, _ in TEXT_SIZES] and not isinstance(v, bool) else 100


@dataclass(frozen=True)
class Prefs:
    """What the table takes from the settings, read once."""

    speed: float = 1.0
    four_color: bool = False
    back: Rgb = DEFAULT_BACK
    sound: bool = True
    auto_play: bool = False
    collect: str = "auto"
    practice: bool = False
    confirm_bid: bool = False  # ask "Bid 4?" before a bid is sent
    show_needs: bool = True  # what each side still needs, under the scores
    played_cards: str = "auto"  # the cards still out beside the trick (settings.PLAYED_CARDS)
    volume: float = DEFAULT_VOLUME / 100
    felt: Rgb = FELT
    suit_letters: bool = False
    high_contrast: bool = False
    text_size: int = 100
    large_cards: bool = False

    @classmethod
    def read(cls, prefs: Any) -> Prefs:
        """From the settings' prefs dict (`Settings.prefs()`), a namespace or None."""
        return cls(
            animation_scale(prefs),
            bool(pref(prefs, "four_color", False)),
            back_color(prefs),
            bool(pref(prefs, "sound", True)),
            bool(pref(prefs, "auto_play", False)),
            str(pref(prefs, "collect", "auto")),
            bool(pref(prefs, "practice", False)),
            confirm_bid=bool(pref(prefs, "confirm_bid", False)),
            show_needs=bool(pref(prefs, "show_needs", True)),
            played_cards=played_choice(prefs),
            volume=volume(prefs),
            felt=HC_FELT if pref(prefs, "high_contrast", False) else felt_color(prefs),
            suit_letters=bool(pref(prefs, "suit_letters", False)),
            high_contrast=bool(pref(prefs, "high_contrast", False)),
            text_size=text_size(prefs),
            large_cards=bool(pref(prefs, "large_cards", False)),
        )

    def look(self) -> Look:
        """The reading settings among these."""
        return Look(
            self.four_color, self.suit_letters, self.high_contrast, self.text_size, self.large_cards
        )

    def card_art(self) -> CardArt:
        """Card faces and backs in these colours."""
        return CardArt(self.four_color, self.back, self.suit_letters)
