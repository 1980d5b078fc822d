"""The window's speech: on or off, how much it says, the voice and the log; the screens'
focus and titles told, and the key that switches speech on and off on every screen."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Protocol

import pygame

from .voices import LOG_ENV, LogFile, Voice, screen_reader_running, system_voice

log = logging.getLogger(__name__)

Mode = Literal["auto", "on", "off"]
Detail = Literal["full", "brief"]
MODES: tuple[tuple[Mode, str], ...] = (
    ("auto", "With a screen reader"),
    ("on", "On"),
    ("off", "Off"),
)
DETAILS: tuple[tuple[Detail, str], ...] = (("full", "Everything"), ("brief", "Essentials"))
SWITCH_KEY = pygame.K_F2  # speech on and off, on every screen

# What speech says for the signs the screens write.
PLAIN = {"−": "minus ", "&": "and", " ·": ",", "·": ",", "±": "plus or minus "}
PLAIN |= {"“": "", "”": "", "…": "."}
PLAIN |= {"♠": " spades", "♥": " hearts", "♦": " diamonds", "♣": " clubs"}


CARD_SIGN = re.compile(r"\b(10|[2-9JQKA])([♠♥♦♣])")
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def _card(m: re.Match[str]) -> str:
    """A card written "Q♥" in words: "queen of hearts"."""
    return f"{RANK_WORDS.get(m.group(1), m.group(1))} of {SUIT_WORDS[m.group(2)]}"


def plain(text: str) -> str:
    """Text as it is to be spoken: cards and signs in words ("Q♥": "queen of hearts")."""
    text = CARD_SIGN.sub(_card, text)
    for sign, words in PLAIN.items():
        text = text.replace(sign, words)
    return " ".join(text.split())


def as_mode(value: object) -> Mode:
    """A settings value as a speech mode ("auto" for anything unknown)."""
    return "on" if value == "on" else "off" if value == "off" else "auto"


def as_detail(value: object) -> Detail:
    """A settings value as a detail ("full" for anything unknown)."""
    return "brief" if value == "brief" else "full"


class Narrated(Protocol):
    """A screen that tells itself (the table): its hearing keys, its focus, its messages."""

    def key(self, event: pygame.event.Event) -> bool: ...

    def focus_words(self) -> str: ...

    def toasts(self) -> None: ...


class Told(Protocol):
    """The window's hook around each event a screen takes (speech/screens.py)."""

    def before(self, scene: Any, event: pygame.event.Event) -> bool: ...

    def after(self, scene: Any) -> None: ...


class Speech:
    """Speech for one window: off unless asked, a screen reader found or a log wanted."""

    def __init__(self, env: Mapping[str, str] = os.environ) -> None:
        path = env.get(LOG_ENV, "")
        self.log = LogFile(Path(path)) if path else None
        self.on = self.log is not None
        self.detail: Detail = "full"
        self.mode: Mode = "auto"
        self._voice: Voice | None = None
        self.last = ""  # the last line said
        self.focus_seen: tuple[int, str] = (0, "")  # the screen and its focus, last told

    @property
    def voice(self) -> Voice:
        """The voice, found the first time speech is used."""
        if self._voice is None:
            self._voice = system_voice()
            log.info("speech through %s", self._voice.name)
        return self._voice

    def configure(self, mode: Mode, detail: Detail, reader: bool | None = None) -> None:
        """Apply the settings: on, off, or on when a screen reader runs (or a log is wanted)."""
        self.mode, self.detail = mode, detail
        if reader is None and mode == "auto" and self.log is None:
            reader = screen_reader_running()
        self.on = self.log is not None or mode == "on" or (mode == "auto" and bool(reader))

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say a line (interrupting: what is being said is cut first)."""
        text = plain(text)
        if not self.on or not text:
            return
        self.last = text
        if self.log is not None:
            self.log.write(text)
        self.voice.speak(text, interrupt)

    def switch(self) -> bool:
        """Speech on if it was off, else off; whether it is on now."""
        if self.on:
            self.say("Speech off", interrupt=True)
            self.on = False
        else:
            self.on = True
            self.say("Speech on", interrupt=True)
        return self.on
