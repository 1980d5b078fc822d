"""Settings in a player's words (issue 59, items 9 and 16): no document numbers or shorthand,
a sound volume and a felt colour kept in settings.json."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

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
