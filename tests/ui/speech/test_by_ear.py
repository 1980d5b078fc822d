"""A whole hand played by ear: the test reads only the speech log (SPADES_SPEECH_LOG) and
presses only keys, as a blind player with a screen reader would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from tests.conftest import Pilot

TURN = re.compile(r"^(Your turn|Press Enter for the next hand)")
CARD = r"((?:\d+|jack|queen|king|ace) of (?:spades|hearts|diamonds|clubs)|big joker|little joker)"


class Ear:
    """The speech log, read as it grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.heard: list[str] = []

    def new(self) -> list[str]:
        """The lines said since the last call."""
        lines = self.path.read_text(encoding="utf-8").splitlines() if self.path.exists() else []
        fresh = lines[len(self.heard) :]
        self.heard = lines
        return fresh


def listen(pilot: Pilot, ear: Ear, until: re.Pattern[str], frames: int = 20_000) -> list[str]:
    """Frames until a line matching `until` is said; the lines said meanwhile."""
    said: list[str] = []
    for _ in range(frames):
        said += ear.new()
        if any(until.search(line) for line in said):
            return said
        pilot.step()
    raise AssertionError(f"never heard {until.pattern!r}; last heard: {said[-5:]}")


def press(pilot: Pilot, ear: Ear, key: int, mod: int = 0) -> list[str]:
    """A key, and what was said at once."""
    pilot.key(key, mod)
    return ear.new()


@pytest.fixture
def ear(home: Path, monkeypatch: pytest.MonkeyPatch) -> Ear:
    """Speech logged to a file in the data folder, no voice; the table without animation."""
    log = home / "speech.log"
    monkeypatch.setenv("SPADES_SPEECH_LOG", str(log))
    monkeypatch.setenv("SPADES_SPEECH_VOICE", "none")
    (home / "settings.json").write_text(json.dumps({"animation": "off"}))
    return Ear(log)


def test_a_whole_hand_played_by_ear(pilot: Pilot, ear: Ear) -> None:
    pilot.menu()
    said = ear.new()
    assert said[0] == "Main menu"
    # to New game with the arrow keys, hearing each button
    for _ in range(8):
        if said[-1:] == ["New game"]:
            break
        said = press(pilot, ear, pygame.K_DOWN)
    else:
        raise AssertionError("never heard New game")
    pilot.key(pygame.K_RETURN)
    said = listen(pilot, ear, TURN)
    assert "The table" in said
    assert any(re.fullmatch(r"Hand 1\. \w+ deals?\.", line) for line in said)

    played: list[str] = []
    heard_keys = False
    while True:
        prompt = said[-1] if TURN.search(said[-1]) else next(x for x in said if TURN.search(x))
        if prompt.startswith("Press Enter for the next hand"):
            break
        if prompt.startswith("Your turn to bid"):
            assert re.search(r"Your hand: spades: |Your hand: hearts: |Your hand: clubs: ", prompt)
            assert press(pilot, ear, pygame.K_3) == ["Bid 3", "Press Enter to bid 3"]
            said = press(pilot, ear, pygame.K_RETURN)
            assert "You bid 3" in said
            said = said[said.index("You bid 3") :]
        else:
            m = re.match(r"Your turn(?:, follow (\w+): (.*)| to lead: |, no \w+: )", prompt)
            assert m is not None, prompt
            if not heard_keys and played:
                heard_keys = True
                assert press(pilot, ear, pygame.K_m)[0].startswith("Your hand: ")
                assert press(pilot, ear, pygame.K_b)[0].startswith("You bid 3, ")
                assert press(pilot, ear, pygame.K_g) == [
                    "Score: we 0 points, they 0 points. Bags: we 0 bags, they 0 bags."
                ]
                assert press(pilot, ear, pygame.K_n)[0].startswith("We need ")
                assert press(pilot, ear, pygame.K_w)[0].startswith("Last trick: ")
                assert re.match(
                    r"\w+ played: |No \w+ played yet",
                    press(pilot, ear, pygame.K_h, pygame.KMOD_SHIFT)[0],
                )
                assert press(pilot, ear, pygame.K_r) == [prompt]
            # Right then Left: the focus is on a card I may play, said by name
            said += press(pilot, ear, pygame.K_RIGHT)
            said += press(pilot, ear, pygame.K_LEFT)
            focused = [x for x in said if re.fullmatch(CARD, x)][-1:]
            assert focused, said
            if m.group(1):  # following: the card said is of the suit led, named in the prompt
                assert focused[0].endswith(m.group(1))
            said = press(pilot, ear, pygame.K_RETURN)
            if not any(re.match(r"You (play|lead) ", x) for x in said):
                said += listen(pilot, ear, re.compile(r"^You (play|lead) "))
            mine = rf"You (play|lead) {focused[0]}(\. Spades are broken)?"
            assert any(re.fullmatch(mine, x) for x in said), said
            played.append(focused[0])
            said = said[[i for i, x in enumerate(said) if x.startswith("You ")][-1] :]
        if not any(TURN.search(x) for x in said):
            said += listen(pilot, ear, TURN)
    assert len(played) == 13
    log = ear.heard
    # every card of the hand was said with its player: 52 plays, 13 tricks won
    plays = [x for x in log if re.fullmatch(rf"(You|\w+) (play|plays|lead|leads) {CARD}\.?.*", x)]
    assert len(plays) == 52
    assert len([x for x in log if re.match(r"(You|\w+) wins? the trick with the ", x)]) == 13
    assert len([x for x in log if re.fullmatch(r"(You|\w+) bids? \w+", x)]) == 4
    over = next(x for x in log if x.startswith("Hand 1 over."))
    assert "Contract: we " in over and "Score: we " in over and "Bags: we " in over
    # the hand's summary: its buttons said as the focus moves; Review steps through the tricks
    for _ in range(6):
        said = press(pilot, ear, pygame.K_RIGHT)
        if said and said[-1].startswith("Review"):
            break
    else:
        raise AssertionError(f"never heard Review; last heard {ear.heard[-6:]}")
    said = press(pilot, ear, pygame.K_RETURN)
    assert said[:2] == ["Hand review", "Bidding: 4 bids"], said
    said = press(pilot, ear, pygame.K_RIGHT)
    assert re.fullmatch(rf"Trick 1 of 13: (\w+ {CARD}, ){{3}}\w+ {CARD}\. \w+ wins? it.*", said[0])
    assert f"You played the {played[0]}" in said[0]


def test_essentials_say_less(pilot: Pilot, ear: Ear, home: Path) -> None:
    (home / "settings.json").write_text(json.dumps({"animation": "off", "speech_detail": "brief"}))
    pilot.menu()
    said = ear.new()
    for _ in range(8):
        if said[-1:] == ["New game"]:
            break
        said = press(pilot, ear, pygame.K_DOWN)
    pilot.key(pygame.K_RETURN)
    said = listen(pilot, ear, TURN)
    assert "Hand 1." in said
    prompt = next(x for x in said if TURN.search(x))
    assert prompt == "Your turn to bid. Left and Right choose a bid, or type its number; Enter bids"
    press(pilot, ear, pygame.K_1)
    pilot.key(pygame.K_RETURN)
    said = listen(pilot, ear, re.compile(r"^Your turn[ ,]"))
    turn = next(x for x in said if x.startswith("Your turn"))
    assert "On the trick" not in turn and not turn.startswith("Your turn to lead:")
    assert not any("Tricks: " in x for x in ear.heard)
