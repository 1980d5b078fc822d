"""Issue 70 (4): every screen says its name and its focus, by keys alone, read from the speech
log: the menu, the rules question, Settings (every page), How to play (its sections), Drills,
the deal of the day, a confirmation dialog and the crash dialog; no internal name is said."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from spades_gui.ui.menu import Menu
from spades_gui.ui.settings_scene import TABS
from tests.conftest import Pilot
from tests.tools import tool
from tests.ui.speech.heard import go_round, lines, open_from_menu

INTERNAL = re.compile(r"\b[a-z]+:[a-z_]+\b|_")  # "preset:classic", "bid_nil"


def plain_words(heard: list[str]) -> None:
    """No line empty, none with an internal name."""
    assert all(x.strip() for x in heard)
    assert not [x for x in heard if INTERNAL.search(x)], heard


def test_the_menu_and_its_screens_say_their_focus(pilot: Pilot, said: Path) -> None:
    tool("menu_screenshots")._sample_data()
    pilot.menu()
    assert lines(said)[0] == "Main menu"
    menu = go_round(pilot, said, pygame.K_DOWN)
    plain_words(menu)
    assert {"New game", "Settings", "How to play", "Statistics", "Drills"} <= set(menu)
    for name in ("Drills", "Deal of the day"):
        n = open_from_menu(pilot, said, name)
        assert lines(said)[n] == name
        plain_words(go_round(pilot, said))
        pilot.key(pygame.K_ESCAPE)
        assert lines(said)[-2] == "Main menu"


def test_the_rules_question_says_each_preset(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    rules = next(x for x in go_round(pilot, said, pygame.K_DOWN) if x.startswith("Rules"))
    n = open_from_menu(pilot, said, rules)
    assert lines(said)[n].startswith("Your table's rules. Which rules do you play?")
    heard = go_round(pilot, said)
    plain_words(heard)
    cards = [x for x in heard if x.startswith(("Classic", "Pagat", "Tournament"))]
    assert len(cards) >= 3 and all(", " in x and len(x) > 40 for x in cards)
    assert sum(", chosen." in x for x in heard) == 1


def test_settings_say_every_page_and_row(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    open_from_menu(pilot, said, "Settings")
    pilot.key(pygame.K_DOWN)  # the first page has no focus yet: Down starts on its first row
    pages = []
    for _ in TABS:
        page = lines(said)[-2]  # each page's name, then its first row
        assert page.endswith(" settings; Tab for the next page"), page
        pages.append(page)
        heard = go_round(pilot, said, pygame.K_DOWN, stops=60)
        plain_words(heard)
        assert len(set(heard)) >= 2, (page, heard)
        pilot.key(pygame.K_TAB)
    assert len(set(pages)) == len(TABS)


def test_how_to_play_says_each_section(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    n = open_from_menu(pilot, said, "How to play")
    opened = lines(said)[n:]
    assert opened[0] == "How to play" and opened[1].startswith("Spades in a minute. Spades is")
    heard = go_round(pilot, said, start="Back") if lines(said)[-1] == "Back" else []
    if not heard:  # nothing focused yet: Right starts on Back
        pilot.key(pygame.K_RIGHT)
        heard = go_round(pilot, said)
    plain_words(heard)
    assert {"Back", "Play a guided hand", "Controls", "Practice"} <= set(heard)
    while lines(said)[-1] != "Controls":
        pilot.key(pygame.K_RIGHT)
    pilot.key(pygame.K_RETURN)
    assert lines(said)[-1].startswith("Playing at the table. Play a card by clicking it")
    for _ in range(8):  # scrolling on says the next section as it comes up
        pilot.key(pygame.K_PAGEDOWN)
    assert any(x.startswith("Practice. New to Spades?") for x in lines(said))


def test_dialogs_say_their_question_and_buttons(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    open_from_menu(pilot, said, "Statistics")
    while lines(said)[-1] != "Reset statistics":
        pilot.key(pygame.K_RIGHT)
    pilot.key(pygame.K_RETURN)
    assert lines(said)[-1] == (
        "Reset statistics?. Every count goes back to zero. This cannot be undone.. Reset"
    )
    pilot.key(pygame.K_RIGHT)
    assert lines(said)[-1] == "Cancel"
    pilot.key(pygame.K_LEFT)
    assert lines(said)[-1] == "Reset"
    pilot.key(pygame.K_RETURN)
    assert "Statistics reset." in lines(said)


def test_the_crash_dialog_is_said(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    assert pilot.app is not None
    pilot.show(Menu(pilot.app, crashed="Spades met an error it did not expect."))
    pilot.step()
    assert lines(said)[-2] == "Main menu"
    assert lines(said)[-1].startswith("Something went wrong. Spades met an error")
