"""Issue 70 (4): Progress's and Statistics' figures by ear. With speech on, each screen says its
summary as it opens and every figure in words as Left/Right (and Tab) stop at it; read only from
the speech log, driven only by keys from the menu."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from spades_gui.coach import history as history_mod
from spades_gui.coach.kinds import KIND_WORDS, Kind
from spades_gui.ui.speech import figures
from tests.conftest import Pilot
from tests.tools import tool
from tests.ui.speech.heard import go_round, lines, open_from_menu


def test_progress_says_its_summary_and_every_figure(pilot: Pilot, said: Path) -> None:
    history_mod.save(tool("progress_screenshots").synthetic_history(20))
    pilot.menu()
    n = open_from_menu(pilot, said, "Progress")
    opened = lines(said)[n:]
    assert opened[0] == "Progress"
    assert opened[1].startswith("20 hands weighed against Hard's play. ")
    assert "Points your choices cost a hand: " in opened[1]
    assert re.search(r", last \d+ games", opened[1])
    heard = go_round(pilot, said)
    chart = next(x for x in heard if x.startswith("Points your choices cost a hand: "))
    assert "Game by game, games 1 to " in chart
    for k in Kind:
        assert any(x.startswith(f"{KIND_WORDS[k]}: ") and " points a hand" in x for x in heard), k
    assert any(x.startswith("Costliest: ") and "Hard chose" in x for x in heard)
    assert any(x.startswith("By rules: ") and " points a hand" in x for x in heard)
    assert any(x.startswith("By computer level: ") for x in heard)
    assert any(x.startswith("Our tricks against our bid: ") and " in " in x for x in heard)
    assert {"Review that hand", "Drills", "Back"} <= set(heard)
    back = go_round(pilot, said, pygame.K_LEFT)  # the other way, the same stops
    assert sorted(back) == sorted(heard)
    assert go_round(pilot, said, pygame.K_TAB) == heard


def test_an_empty_progress_says_so(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    n = open_from_menu(pilot, said, "Progress")
    assert lines(said)[n + 1].startswith("Nothing to show yet: play a hand")


def test_statistics_says_every_tile_and_every_row(pilot: Pilot, said: Path) -> None:
    tool("menu_screenshots")._sample_data()  # statistics by rules and by players
    pilot.menu()
    n = open_from_menu(pilot, said, "Statistics")
    opened = lines(said)[n:]
    assert opened[0] == "Statistics"
    assert " games played, " in opened[1] and "% won, " in opened[1]
    heard = go_round(pilot, said)
    for title in ("Games played: ", "Games won: ", "Bids made: ", "Bags a hand: "):
        assert any(x.startswith(title) for x in heard), title
    assert not any("—" in x or "·" in x for x in heard)  # signs in words
    # Enter on the "By rules" tab: the view's summary, then each row by name and figures.
    while lines(said)[-1] != "By rules":
        pilot.key(pygame.K_RIGHT)
    n = len(lines(said))
    pilot.key(pygame.K_RETURN)
    assert lines(said)[n].startswith("By rules: ") and " rows. " in lines(said)[n]
    heard = go_round(pilot, said, start="By rules")
    rows = [x for x in heard if "; Bids made: " in x]
    assert rows and all(" hand" in x and "; Games won: " in x for x in rows)
    assert any(x.startswith("Earlier hands, counted before sorting by rules") for x in rows)


def test_the_words_of_a_few_figures() -> None:
    assert figures.tile_words("Bags a hand", "—", "no bag penalties") == (
        "Bags a hand: none yet, no bag penalties"
    )
    assert figures.accuracy_figure({0: 7, 1: 3, -6: 1, 5: 1}) == (
        "Our tricks against our bid: exactly the bid in 7 hands; 1 over in 3 hands; "
        "4 or more under in 1 hand; 4 or more over in 1 hand"
    )
    assert figures.shares_figure("By rules", [("Classic", 12, 3.14)]) == (
        "By rules: Classic, 12 hands, 3.1 points a hand"
    )
