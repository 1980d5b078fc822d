"""Settings in a player's words (issue 59, items 9 and 16): no document numbers or shorthand,
a sound volume and a felt colour kept in settings.json."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui import settings as settings_mod
from spades_gui.engine.presets import PRESETS
from spades_gui.ui.settings_scene import TABS
from spades_gui.ui.widgets import Label, Row, Selector, Stepper, Toggle

if TYPE_CHECKING:
    from tests.conftest import Pilot

# What a player cannot read: a source document's number ("(001)", "001's example"), the rule
# books' shorthand ("+V / 0 / −V", "BJ > LJ > 2♠ > A♠", "Blind 13 = 350", "±60").
JARGON = re.compile(r"\b00\d\b|[+−-]V\b|\bV\b|\bBJ\b|\bLJ\b| > |±| = ")


def page_words(pilot: Pilot) -> list[str]:
    """Every label, note and choice of the settings page shown, and the text it draws."""
    out = list(pilot.texts_drawn())
    for row in pilot.scene.view.rows:
        if isinstance(row, Label):
            out.append(row.text)
        if isinstance(row, Row):
            out += [row.label, row.note]
        if isinstance(row, Selector):
            out += [words for _, words in row.choices]
        if isinstance(row, Toggle):
            out += list(row.words)
        if isinstance(row, Stepper):
            out += [w for w in (row.zero_word, row.none_word, row.unit) if w]
    return out


def test_every_setting_reads_as_plain_english_under_every_preset(pilot: Pilot) -> None:
    """Issue 59 (9): "discards two (001)", "001 recommends double.", "+V / 0 / −V" and the
    Tournament's "BJ > LJ > 2♠ > A♠" were in Settings; no page under any preset has such."""
    pilot.menu()
    pilot.click_widget("Settings")
    found: dict[str, set[str]] = {}
    for pid, preset in PRESETS.items():
        pilot.click_widget("tab:preset")
        pilot.click_widget(f"preset:{pid}")
        assert pilot.app is not None and pilot.app.services.settings.preset == pid
        words = [preset.name, preset.tagline, preset.summary]
        for key, _ in TABS:
            pilot.click_widget(f"tab:{key}")
            words += page_words(pilot)
        for text in words:
            if text and JARGON.search(text):
                found.setdefault(text, set()).add(pid)
    assert not found, "\n".join(f"{t!r} ({', '.join(sorted(p))})" for t, p in found.items())


@pytest.mark.parametrize(
    "text",
    [
        "discards two (001)",
        "team scores +V / 0 / −V",
        "BJ > LJ > 2♠ > A♠",
        "001's example",
        "Blind 13 = 350",
        "Double nil value V",
        "±60",
    ],
)
def test_the_jargon_pattern_catches_what_the_issue_names(text: str) -> None:
    """The scan above would fail on each phrase the issue quotes."""
    assert JARGON.search(text)


def inks(surface: pygame.Surface, rect: pygame.Rect) -> dict[str, int]:
    """How many pixels in a rect are clearly blue, green, amber or red (a suit symbol's ink)."""
    out = {"blue": 0, "green": 0, "amber": 0, "red": 0}
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, g, b = surface.get_at((x, y))[:3]
            if b > 200 and b > r + 80:
                out["blue"] += 1
            elif g > 180 and g > r + 60 and g > b + 60:
                out["green"] += 1
            elif r > 200 and g > 200 and b < 70:  # not the gold (244, 198, 88) of focus
                out["amber"] += 1
            elif r > 200 and r > g + 80 and r > b + 80:
                out["red"] += 1
    return out


def test_four_colour_suits_colour_the_suits_in_text_too(pilot: Pilot) -> None:
    """Issue 59 (10): with four colours on, the Deck page's "2♥ and 2♦" drew the diamond red
    while the cards draw it blue; the clubs in "2♣ and 2♥" were white, the cards' colour (amber
    since issue 70: green clubs and red hearts look alike to red-green colour-blind players)."""
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    pilot.click_widget("four_color")
    assert pilot.app is not None and pilot.app.services.settings.four_color
    pilot.click_widget("tab:deck")
    row = pilot.widget("jokers_replace")
    pilot.step()
    assert pilot.scene.rules.jokers_replace == "2H2D"
    seen = inks(pilot.app.screen, row.control_rect())
    assert seen["blue"] > 10 and seen["red"] > 10, seen  # ♦ blue, ♥ red
    pilot.click_widget("jokers_replace")  # "2♣ and 2♥"
    pilot.step()
    seen = inks(pilot.app.screen, row.control_rect())
    assert seen["amber"] > 10 and seen["green"] == seen["blue"] == 0, seen
    pilot.click_widget("tab:table")
    pilot.click_widget("four_color")  # off again: two colours, diamonds red
    pilot.click_widget("tab:deck")
    pilot.step()
    seen = inks(pilot.app.screen, pilot.widget("jokers_replace").control_rect())
    assert seen["amber"] == seen["blue"] == 0 and seen["red"] > 10, seen


def test_sound_volume_and_table_colour_are_kept_and_reach_the_table(
    pilot: Pilot, home: Path
) -> None:
    """Issue 59 (16): sound was on or off, the felt always green; now a volume and a cloth
    chosen beside the card backs, written to settings.json and used by the table."""
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    box = pilot.widget("volume")._box()  # type: ignore[attr-defined]
    for _ in range(3):
        pilot.click((box.left + 8, box.centery))  # − three times: 80% to 50%
    assert pilot.widget("volume").text() == "50%"  # type: ignore[attr-defined]
    pilot.click_widget("felt")  # Green to Blue
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert (saved["volume"], saved["sound"], saved["felt"]) == (50, True, "blue")
    s = settings_mod.load()[0]
    assert (s.volume, s.felt) == (50, "blue")
    scene = pilot.table("classic", seed=3, speed="normal", prefs=s.prefs())
    assert scene.sound.volume == 0.5 and scene.render.felt == settings_mod.FELTS["blue"][1]
    scene.render.dirty = True
    scene.draw(pilot.app.screen)
    r, g, b = pilot.app.screen.get_at((pilot.app.size[0] // 3, 5))[:3]
    assert b > g and b > r, (r, g, b)  # the blue cloth, not the green
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    box = pilot.widget("volume")._box()  # type: ignore[attr-defined]
    for _ in range(5):
        pilot.click((box.left + 8, box.centery))
    assert pilot.widget("volume").text() == "off"  # type: ignore[attr-defined]
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert (saved["volume"], saved["sound"]) == (0, False)
    assert not settings_mod.load()[0].prefs()["sound"]


@pytest.mark.parametrize(
    ("data", "volume", "felt"),
    [
        ({}, 80, "green"),
        ({"sound": False}, 0, "green"),
        ({"sound": True}, 80, "green"),
        ({"sound": True, "volume": 30, "felt": "red"}, 30, "red"),
    ],
)
def test_settings_files_from_before_the_volume_still_load(
    data: dict[str, Any], volume: int, felt: str
) -> None:
    """A settings.json with only "sound" on or off keeps its choice as a volume."""
    s = settings_mod.Settings.from_dict({"preset": "classic", **data})
    assert (s.volume, s.felt, s.sound) == (volume, felt, volume > 0)
    assert settings_mod.Settings.from_dict(s.to_dict()) == s


@pytest.mark.parametrize(
    "data", [{"volume": 150}, {"volume": "loud"}, {"volume": True}, {"felt": "pink"}]
)
def test_a_bad_volume_or_cloth_is_named(data: dict[str, Any]) -> None:
    """Bad values are refused with the entry's name (the file is then kept as .bad)."""
    with pytest.raises(ValueError, match="volume|felt"):
        settings_mod.Settings.from_dict(data)
