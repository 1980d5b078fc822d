"""Settings in a player's words (issue 59, items 9 and 16): no document numbers or shorthand,
a sound volume and a felt colour kept in settings.json."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame
import pytest

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
        assert pilot.app is not None and pilot.app.services["settings"].preset == pid
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
    """How many pixels in a rect are clearly blue, green or red (a suit symbol's ink)."""
    out = {"blue": 0, "green": 0, "red": 0}
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, g, b = surface.get_at((x, y))[:3]
            if b > 200 and b > r + 80:
                out["blue"] += 1
            elif g > 180 and g > r + 60 and g > b + 60:
                out["green"] += 1
            elif r > 200 and r > g + 80 and r > b + 80:
                out["red"] += 1
    return out


def test_four_colour_suits_colour_the_suits_in_text_too(pilot: Pilot) -> None:
    """Issue 59 (10): with four colours on, the Deck page's "2♥ and 2♦" drew the diamond red
    while the cards draw it blue; the clubs in "2♣ and 2♥" were white, the cards' green."""
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    pilot.click_widget("four_color")
    assert pilot.app is not None and pilot.app.services["settings"].four_color
    pilot.click_widget("tab:deck")
    row = pilot.widget("jokers_replace")
    pilot.step()
    assert pilot.scene.rules.jokers_replace == "2H2D"
    seen = inks(pilot.app.screen, row.control_rect())
    assert seen["blue"] > 10 and seen["red"] > 10, seen  # ♦ blue, ♥ red
    pilot.click_widget("jokers_replace")  # "2♣ and 2♥"
    pilot.step()
    seen = inks(pilot.app.screen, row.control_rect())
    assert seen["green"] > 10 and seen["blue"] == 0, seen
    pilot.click_widget("tab:table")
    pilot.click_widget("four_color")  # off again: two colours, diamonds red
    pilot.click_widget("tab:deck")
    pilot.step()
    seen = inks(pilot.app.screen, pilot.widget("jokers_replace").control_rect())
    assert seen["green"] == 0 and seen["blue"] == 0 and seen["red"] > 10, seen
