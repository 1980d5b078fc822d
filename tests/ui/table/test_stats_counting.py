"""The statistics count every finished hand at once, through the real menu and table: a game
left unfinished keeps its hands, and nothing is counted twice (Continue, a restart, undo)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui import stats
from spades_gui.controller import Controller
from spades_gui.ui.stats_scene import tiles
from spades_gui.ui.table import scene as table_scene

from .test_coach import coach_table

if TYPE_CHECKING:
    from tests.conftest import Pilot


class InlineController(Controller):
    """The table's controller with the seats answering on the window's thread (no second
    process in a test)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["executor"] = "inline"
        super().__init__(*args, **kwargs)


@pytest.fixture
def inline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables started from the menu use InlineController."""
    monkeypatch.setattr(table_scene, "Controller", InlineController)


def _hands_done(pilot: Pilot) -> int:
    return len(pilot.scene.ctl.game.results)


def _settings(pilot: Pilot) -> None:
    s = pilot.app.services.settings
    s.set_preset("classic")
    s.animation = "off"
    s.levels.update(west="easy", north="medium", east="easy")


@pytest.mark.usefixtures("inline")
def test_every_finished_hand_counts_at_once_and_only_once(pilot: Pilot) -> None:
    pilot.menu()
    _settings(pilot)
    pilot.click_widget("New game")
    table = pilot.scene
    pilot.play_until(lambda: table.view.result is not None)
    st = stats.load()[0]
    assert (st.hands_played, st.bids_made + st.bids_set, st.games_played) == (1, 1, 0)
    assert st.by_rules["classic"].hands_played == 1
    assert st.by_levels["easy,medium,easy"].hands_played == 1
    # the menu (the game is saved), then Continue: the hand is not counted again
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("Continue")
    table = pilot.scene
    assert stats.load()[0].hands_played == 1
    pilot.play_until(lambda: _hands_done(pilot) == 2 and table.view.result is not None)
    assert stats.load()[0].hands_played == 2
    # the program killed and started again: the save replays, nothing is counted twice
    pilot.menu()
    pilot.click_widget("Continue")
    assert _hands_done(pilot) == 2 and stats.load()[0].hands_played == 2
    # a new game over the saved one: the abandoned game's hands stay counted
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("New game")
    pilot.click(pilot.scene.dialog.buttons[1].rect.center)
    assert _hands_done(pilot) == 0
    st = stats.load()[0]
    assert (st.hands_played, st.games_played, st.bids_made + st.bids_set) == (2, 0, 2)
    # and the Statistics screen says so
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("Statistics")
    assert tiles(pilot.scene.stats)[6][:2] == ("Hands played", "2")
    assert "2" in pilot.texts_drawn()


def test_an_undo_after_the_last_card_takes_the_hand_back(pilot: Pilot) -> None:
    """Practice mode: the hand counted at its end is taken back by the undo and counts
    again, as a practice hand, when it is played to its end again."""
    from spades_gui.ui.launch import install_services

    scene = coach_table(pilot, rules="classic", seed=4, prefs={"practice": True})
    install_services(pilot.app)
    v = scene.view
    pilot.play_until(lambda: v.result is not None)
    assert stats.load()[0].hands_played == 1
    pilot.key(pygame.K_u)
    pilot.until(lambda: pilot.human_turn("play"))
    st = stats.load()[0]
    assert (st.hands_played, st.practice_hands, st.bids_made + st.bids_set) == (0, 0, 0)
    assert st.by_rules["classic"].hands_played == 0
    pilot.play_until(lambda: v.result is not None)
    st = stats.load()[0]
    assert (st.hands_played, st.practice_hands) == (0, 1)
