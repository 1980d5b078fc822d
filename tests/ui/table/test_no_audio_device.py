"""No audio device: the table is silent, and the device is not tried again at every table."""

import pygame
import pytest

from spades_gui.ui.table import sound


def test_a_failed_audio_device_is_tried_once_a_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under Wine with no sound card pygame.mixer.init() fails after 8 s, holding the window's
    # thread: every table entry (New game, Continue) paid it again.
    tries: list[int] = []

    def fail() -> None:
        tries.append(1)
        raise pygame.error("WASAPI can't find requested audio endpoint: Element not found.")

    monkeypatch.setattr(sound, "_no_device", False, raising=False)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    first = sound.TableSounds(True)
    second = sound.TableSounds(True)
    assert not first.enabled and not second.enabled
    assert len(tries) == 1
    second.play("card")  # silent, no error
