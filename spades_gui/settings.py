"""The player's settings: rules (a preset plus changes), computer seats, names and the table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import storage
from .engine.game import DEFAULT_NAMES, SEAT_WORDS
from .engine.presets import PRESETS, preset_rules, rules_name
from .engine.rules import OPTION_BY_NAME, Rules, RulesError, from_dict

FILE = "settings.json"
DEFAULT_PRESET = "classic"

LEVELS: tuple[tuple[str, str], ...] = (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"))
COMPUTER_SEATS = tuple((seat, SEAT_WORDS[seat]) for seat in (1, 2, 3))
SEAT_KEYS = tuple(word.lower() for word in SEAT_WORDS)  # the levels' keys in settings.json
NAME_MAX = 16

ANIMATION_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}  # duration multipliers
ANIMATION_SPEEDS = tuple((speed, speed.capitalize()) for speed in ANIMATION_SCALE)
DEFAULT_ANIMATION = "normal"
# A new player's pace: each computer card about two thirds of a second after the last, and
# each finished trick left on the table for 2.5 seconds, long enough to see who won it and
# how (at "normal" a trick was gone in under a second, and new players missed whole tricks).
NEW_PLAYER_ANIMATION = "slow"
NEW_PLAYER_COLLECT = "long"

TRICK_COLLECT: tuple[tuple[str, str], ...] = (
    ("auto", "After a moment"),
    ("long", "After a long pause"),
    ("click", "When I click"),
)

CARD_BACKS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "blue": ("Blue", (30, 80, 160)),
    "red": ("Red", (168, 32, 44)),
    "green": ("Green", (22, 112, 70)),
    "purple": ("Purple", (96, 52, 150)),
    "black": ("Black", (36, 38, 46)),
}
DEFAULT_CARD_BACK = "blue"

FELTS: dict[str, tuple[str, tuple[int, int, int]]] = {  # the table's cloth
    "green": ("Green", (16, 92, 58)),
    "blue": ("Blue", (22, 72, 122)),
    "red": ("Red", (120, 34, 44)),
    "purple": ("Purple", (78, 46, 108)),
    "grey": ("Grey", (64, 72, 78)),
}
DEFAULT_FELT = "green"
DEFAULT_VOLUME = 80  # percent
TEXT_SIZES: tuple[tuple[int, str], ...] = ((100, "100%"), (125, "125%"), (150, "150%"))
# The played-cards panel (what of each suit is still out): on for learning, but not where a
# tournament is practised (the rules play with its clock), since there the count is the
# player's own work; the player's choice of On or Off wins either way.
PLAYED_CARDS: tuple[tuple[str, str], ...] = (
    ("auto", "Not in tournaments"),
    ("on", "Always"),
    ("off", "Never"),
)
SPEECH_MODES = ("auto", "on", "off")  # spoken: with a screen reader (found at start), or not
SPEECH_DETAILS = ("full", "brief")
WINDOW_LIMIT = 1 << 15  # window sizes and places are pixels, well inside +-32768 on any desktop


@dataclass(frozen=True)
class WindowPlace:
    """The window as the player left it: its size and place as a window (not maximised nor
    full screen; no place: where the system puts it), and whether it was maximised."""

    size: tuple[int, int]
    position: tuple[int, int] | None = None
    maximized: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The place as JSON values."""
        out: dict[str, Any] = {"size": list(self.size), "maximized": self.maximized}
        if self.position is not None:
            out["position"] = list(self.position)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> WindowPlace:
        """A place from JSON values; ValueError if they are not one."""
        if not isinstance(data, dict):
            raise ValueError('"window" must be an object')
        size = _pixels(data.get("size"), 1)
        position = None if data.get("position") is None else _pixels(data["position"])
        maximized = data.get("maximized", False)
        if not isinstance(maximized, bool):
            raise ValueError('"maximized" must be true or false')
        return cls(size, position, maximized)


def _pixels(value: Any, least: int = -WINDOW_LIMIT) -> tuple[int, int]:
    """Two whole numbers of pixels from least to WINDOW_LIMIT; ValueError otherwise."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and least <= v <= WINDOW_LIMIT for v in value)
    ):
        raise ValueError("a window size or place must be two whole numbers of pixels")
    return value[0], value[1]


def _rules_json(rules: Rules) -> dict[str, Any]:
    """Every option of a rules value as JSON values."""
    return rules.to_dict()


@dataclass
class Settings:
    """Everything the player chooses outside a game; changes are checked, then saved."""

    preset: str = DEFAULT_PRESET
    overrides: dict[str, Any] = field(default_factory=dict)
    levels: dict[str, str] = field(
        default_factory=lambda: {"west": "medium", "north": "medium", "east": "medium"}
    )
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    animation: str = NEW_PLAYER_ANIMATION
    four_color: bool = False
    card_back: str = DEFAULT_CARD_BACK
    volume: int = DEFAULT_VOLUME  # percent; 0 is no sound
    felt: str = DEFAULT_FELT
    practice: bool = False
    auto_play: bool = True  # play the player's only legal card for them
    collect: str = NEW_PLAYER_COLLECT  # when a finished trick leaves the table (TRICK_COLLECT)
    confirm_bid: bool = False  # ask "Bid 4?" before a bid is sent
    show_needs: bool = True  # what each side still needs, on the table during play
    played_cards: str = "auto"  # the cards still out, on the table during play (PLAYED_CARDS)
    text_size: int = 100  # percent, every screen's letters (TEXT_SIZES)
    large_cards: bool = False  # the table's cards a quarter larger
    high_contrast: bool = False  # black cloth, white letters, outlined panels
    suit_letters: bool = False  # S, H, D, C beside the suit symbols
    speech: str = "auto"  # SPEECH_MODES: "auto" speaks when a screen reader runs
    speech_detail: str = "full"  # SPEECH_DETAILS: everything, or the essentials
    fullscreen: bool = False  # the window fills the screen (F11 switches it too)
    # the guided first hand was offered (on the first start): a fact, not a choice
    guide_offered: bool = field(default=False, compare=False)
    # the first start asked which rules the player's table plays: a fact, not a choice
    rules_asked: bool = field(default=False, compare=False)
    # the window's size and place when the program last closed: a fact, not a choice
    window: WindowPlace | None = field(default=None, compare=False)
    # the file's "window" could not be read (set aside; the window opens at its usual size)
    window_unread: bool = field(default=False, compare=False, repr=False)

    # ----- rules ---------------------------------------------------------------------------

    def preset_rules(self) -> Rules:
        """The rules of the chosen preset, without the player's changes."""
        return preset_rules(self.preset)

    def rules(self) -> Rules:
        """The checked rules to play: the preset with the player's changes."""
        return from_dict(self.overrides, base=self.preset_rules())

    def rules_name(self) -> str:
        """The preset's name, with how many options were changed."""
        try:
            return rules_name(self.rules(), self.preset)
        except RulesError:  # changes that cannot be played: named by their count
            n = len(self.overrides)
            return f"{PRESETS[self.preset].name} with {n} change{'s' if n != 1 else ''}"

    def set_preset(self, preset_id: str) -> None:
        """Choose a preset; this drops the changes made to the previous one."""
        preset_rules(preset_id)
        self.preset = preset_id
        self.overrides = {}

    def set_option(self, name: str, value: Any) -> Rules:
        """Change one rule option; RulesError (nothing changed) if it is impossible."""
        if name not in OPTION_BY_NAME:
            raise RulesError(f"unknown option {name!r}")
        rules = self.rules().with_options(**{name: value})
        self._store(rules)
        return rules

    def reset_option(self, name: str) -> Rules:
        """Put one option back to the preset's value; RulesError if that is impossible."""
        return self.set_option(name, _rules_json(self.preset_rules())[name])

    def reset_rules(self) -> None:
        """Drop every change to the preset."""
        self.overrides = {}

    def _store(self, rules: Rules) -> None:
        """Keep as overrides exactly the options that differ from the preset."""
        base = _rules_json(self.preset_rules())
        self.overrides = {k: v for k, v in _rules_json(rules).items() if base[k] != v}

    def first_start(self) -> bool:
        """Whether neither the rules nor the guided hand was asked about yet."""
        # a settings file from before the rules question has the guided hand offered
        return not (self.rules_asked or self.guide_offered)

    # ----- seats and table -----------------------------------------------------------------

    def seat_levels(self) -> dict[int, str]:
        """AI level by seat number for the three computer seats: {1: .., 2: .., 3: ..}."""
        return {seat: self.levels[SEAT_KEYS[seat]] for seat, _ in COMPUTER_SEATS}

    def computer_levels(self) -> tuple[str, str, str]:
        """AI levels of seats 1, 2, 3 (west, north, east) in seat order, as the table takes them."""
        return (self.levels["west"], self.levels["north"], self.levels["east"])

    def seat_names(self) -> list[str]:
        """The four players' names by seat (0 = you, South)."""
        return [n.strip() or d for n, d in zip(self.names, DEFAULT_NAMES)]

    @property
    def sound(self) -> bool:
        """Whether the table makes sounds (a volume above none)."""
        return self.volume > 0

    @sound.setter
    def sound(self, on: bool) -> None:
        """Sound off (volume none), or on at the usual volume if it was off."""
        self.volume = (self.volume or DEFAULT_VOLUME) if on else 0

    def card_back_rgb(self) -> tuple[int, int, int]:
        """The card back colour as RGB."""
        return CARD_BACKS[self.card_back][1]

    def prefs(self) -> dict[str, Any]:
        """The table's display preferences as a plain dict (see the keys below)."""
        return {
            "animation": self.animation,
            "animation_scale": ANIMATION_SCALE[self.animation],
            "sound": self.sound,
            "four_color": self.four_color,
            "card_back": self.card_back,
            "card_back_rgb": self.card_back_rgb(),
            "volume": self.volume / 100,
            "felt_rgb": FELTS[self.felt][1],
            "practice": self.practice,
            "auto_play": self.auto_play,
            "collect": self.collect,
            "confirm_bid": self.confirm_bid,
            "show_needs": self.show_needs,
            "played_cards": self.played_cards,
            "text_size": self.text_size,
            "large_cards": self.large_cards,
            "high_contrast": self.high_contrast,
            "suit_letters": self.suit_letters,
        }

    # ----- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON values."""
        return {
            "version": 1,
            "preset": self.preset,
            "overrides": dict(self.overrides),
            "levels": dict(self.levels),
            "names": list(self.names),
            "animation": self.animation,
            "sound": self.sound,
            "four_color": self.four_color,
            "card_back": self.card_back,
            "volume": self.volume,
            "felt": self.felt,
            "practice": self.practice,
            "auto_play": self.auto_play,
            "collect": self.collect,
            "confirm_bid": self.confirm_bid,
            "show_needs": self.show_needs,
            "played_cards": self.played_cards,
            "text_size": self.text_size,
            "large_cards": self.large_cards,
            "high_contrast": self.high_contrast,
            "suit_letters": self.suit_letters,
            "speech": self.speech,
            "speech_detail": self.speech_detail,
            "fullscreen": self.fullscreen,
            "guide_offered": self.guide_offered,
            "rules_asked": self.rules_asked,
            **({"window": self.window.to_dict()} if self.window is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from JSON values; ValueError naming the first bad entry."""
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        s = cls()
        if "preset" in data:
            if data["preset"] not in PRESETS:
                raise ValueError(f"unknown preset {data['preset']!r}")
            s.preset = data["preset"]
        overrides = data.get("overrides", {})
        if not isinstance(overrides, dict):
            raise ValueError('"overrides" must be an object of rule options')
        try:
            s._store(from_dict(overrides, base=s.preset_rules()))
        except RulesError as e:
            raise ValueError(f"rules: {e}") from None
        levels = data.get("levels", {})
        if not isinstance(levels, dict):
            raise ValueError('"levels" must be an object')
        valid = {k for k, _ in LEVELS}
        for key, level in levels.items():
            if key not in s.levels or level not in valid:
                raise ValueError(f"bad AI level {key!r}: {level!r}")
            s.levels[key] = level
        names = data.get("names", s.names)
        if (
            not isinstance(names, list)
            or len(names) != 4
            or not all(isinstance(n, str) and len(n) <= 64 for n in names)
        ):
            raise ValueError('"names" must be a list of four short strings')
        s.names = [n[:NAME_MAX] for n in names]
        s.animation = _pick(data, "animation", [k for k, _ in ANIMATION_SPEEDS], s.animation)
        s.card_back = _pick(data, "card_back", list(CARD_BACKS), s.card_back)
        s.collect = _pick(data, "collect", [k for k, _ in TRICK_COLLECT], s.collect)
        s.felt = _pick(data, "felt", list(FELTS), s.felt)
        s.played_cards = _pick(data, "played_cards", [k for k, _ in PLAYED_CARDS], s.played_cards)
        s.speech = _pick(data, "speech", list(SPEECH_MODES), s.speech)
        s.speech_detail = _pick(data, "speech_detail", list(SPEECH_DETAILS), s.speech_detail)
        s.volume = _volume(data)
        if "text_size" in data:
            sizes = [n for n, _ in TEXT_SIZES]
            if isinstance(data["text_size"], bool) or data["text_size"] not in sizes:
                raise ValueError(f'"text_size" must be one of {", ".join(map(str, sizes))}')
            s.text_size = int(data["text_size"])
        for key in (
            "four_color",
            "practice",
            "auto_play",
            "confirm_bid",
            "show_needs",
            "large_cards",
            "high_contrast",
            "suit_letters",
            "fullscreen",
            "guide_offered",
            "rules_asked",
        ):
            if key in data:
                if not isinstance(data[key], bool):
                    raise ValueError(f'"{key}" must be true or false')
                setattr(s, key, data[key])
        # A window place that cannot be read costs only the place, not the player's settings.
        if data.get("window") is not None:
            try:
                s.window = WindowPlace.from_dict(data["window"])
            except ValueError:
                s.window_unread = True
        return s

    # ----- files ---------------------------------------------------------------------------

    def save(self) -> str | None:
        """Write settings.json; a one-line message if that failed, else None."""
        return storage.save_file(FILE, self.to_dict(), "Settings")


def _volume(data: dict[str, Any]) -> int:
    """The sound volume in percent; a file from before the volume has only "sound" on/off."""
    if "sound" in data and not isinstance(data["sound"], bool):
        raise ValueError('"sound" must be true or false')
    if "volume" not in data:
        return DEFAULT_VOLUME if data.get("sound", True) else 0
    v = data["volume"]
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100:
        raise ValueError('"volume" must be a whole number from 0 to 100')
    return v


def _pick(data: dict[str, Any], key: str, allowed: list[str], default: str) -> str:
    """data[key] if it is one of the allowed words, the default if absent, else ValueError."""
    if key not in data:
        return default
    if data[key] not in allowed:
        raise ValueError(f'"{key}" must be one of {", ".join(allowed)}')
    return str(data[key])


LOAD_WORDS = {
    storage.RESTORED: "Your settings file was damaged; your last saved settings were restored.",
    storage.RECOVERED: "Your settings file was missing; your last saved settings were restored.",
    storage.DAMAGED: "Your settings file was damaged, so the default settings are in use.",
    storage.UNREADABLE: (
        "Your settings file could not be opened, so the default settings are in use."
    ),
}


WINDOW_UNREAD = (
    "The window's saved size and place could not be read, so it opens at its usual size."
)


def load() -> tuple[Settings, str | None]:
    """The saved settings, or defaults; and one sentence for the player if the file was
    damaged or lost (its intact copy is used then, else the defaults), or only its window
    place could not be read."""
    loaded = storage.load_json(storage.path_for(FILE), dict, Settings.from_dict)
    data = loaded.data
    s = data if isinstance(data, Settings) else Settings()
    message = LOAD_WORDS.get(loaded.state)
    return s, message or (WINDOW_UNREAD if s.window_unread else None)
