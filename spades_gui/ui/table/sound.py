"""The table's sounds, synthesised at start-up (no sound files): card snaps, chimes, a buzz."""

from __future__ import annotations

import logging
import math
import random
from array import array

import pygame

log = logging.getLogger(__name__)


def _noise_burst(
    rate: int, ms: float, decay: float, smooth: float, rng: random.Random
) -> list[float]:
    """Low-passed white noise with an exponential fade: the snap of a card on felt."""
    n = int(rate * ms / 1000)
    out, last = [], 0.0
    for i in range(n):
        last += (rng.uniform(-1, 1) - last) * smooth
        out.append(last * math.exp(-decay * i / n))
    return out


def _tones(rate: int, notes: list[tuple[float, float]], level: float = 0.5) -> list[float]:
    """Sine notes (Hz, ms) one after another, each with a soft attack and release."""
    out: list[float] = []
    for hz, ms in notes:
        n = int(rate * ms / 1000)
        for i in range(n):
            env = min(1.0, i / (0.01 * rate)) * math.exp(-3.0 * i / n)
            out.append(level * env * math.sin(2 * math.pi * hz * i / rate))
    return out


_MADE: dict[tuple[int, int], dict[str, pygame.mixer.Sound]] = {}
# Whether opening the audio device failed in this run: not tried again at every table. Under
# Wine with no sound card it fails after 8 s, holding the window's thread (docs/SOAK.md).
_no_device = False


def _make(rate: int, channels: int) -> dict[str, pygame.mixer.Sound]:
    """Synthesise every sound once per mixer format."""
    got = _MADE.get((rate, channels))
    if got is not None:
        return got
    rng = random.Random(5)
    shapes = {
        "card": _noise_burst(rate, 70, 9.0, 0.55, rng),
        "deal": [0.5 * v for v in _noise_burst(rate, 40, 8.0, 0.7, rng)],
        "trick": [0.6 * v for v in _noise_burst(rate, 180, 5.0, 0.18, rng)],
        "turn": _tones(rate, [(784, 90), (1046, 150)], 0.35),
        "error": _tones(rate, [(196, 160)], 0.45),
        "win": _tones(rate, [(523, 120), (659, 120), (784, 120), (1046, 320)], 0.4),
        "lose": _tones(rate, [(392, 160), (330, 160), (262, 360)], 0.4),
    }
    sounds = {}
    for name, wave in shapes.items():
        samples = array("h")
        for v in wave:
            samples.extend([int(max(-1.0, min(1.0, v)) * 30000)] * channels)
        sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
        sounds[name].set_volume(0.5)
    _MADE[(rate, channels)] = sounds
    return sounds


class TableSounds:
    """Named sounds; silent when sound is off or no audio device opens."""

    def __init__(self, enabled: bool, volume: float = 1.0) -> None:
        self.enabled = False
        self.volume = max(0.0, min(1.0, volume))  # the player's setting, 0 to 1
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        if not enabled:
            return
        global _no_device
        if _no_device:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            init = pygame.mixer.get_init()
            if not init:
                _no_device = True
                return
            rate, size, channels = init
            if abs(size) != 16:
                return
            self.sounds = _make(rate, channels)
            self.enabled = True
        except (pygame.error, ValueError) as e:
            _no_device = not pygame.mixer.get_init()
            log.info("no table sounds: %s", e)

    def play(self, name: str) -> None:
        """Play a sound by name (nothing when disabled)."""
        if self.enabled:
            snd = self.sounds.get(name)
            if snd is not None:
                channel = snd.play()
                if channel is not None:
                    channel.set_volume(self.volume)
