"""A deal played again from the hand review, driven like a player: the same cards in every
seat, the tries compared with Hard's, nothing saved or counted, and the real game after."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from spades_gui import storage
from spades_gui.controller import Controller
from spades_gui.engine import preset_rules
from spades_gui.engine.bids import NIL
from spades_gui.ui.launch import install_services
from spades_gui.ui.menu import Menu
from spades_gui.ui.replay import session as replay_session
from spades_gui.ui.replay.compare import CompareScene
from spades_gui.ui.replay.table import ReplayTable
from spades_gui.ui.review import ReviewScene
from spades_gui.ui.table import TableScene
from tests.ui.practice.keeping import KeepingController

if TYPE_CHECKING:
    from tests.conftest import Pilot


@pytest.fixture(autouse=True)
def keeping(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal played again gets a controller that would keep its hand in the records."""
    monkeypatch.setattr(replay_session, "Controller", KeepingController)


def _saved(home: Path) -> str:
    return (home / storage.SAVED_GAME).read_text()


def _table_with_save(pilot: Pilot, size: tuple[int, int] = (1280, 720)) -> TableScene:
    app = pilot.open(size)
    install_services(app)
    app.services.settings.guide_offered = True  # not the first start
    ctl = Controller.new_game(
        preset_rules("classic"),
        ("random", "easy", "random"),
        seed=4,
        executor="inline",
        save_fn=storage.save_game,
        coach_level="hard",
        coach_think_ms=5,
    )
    return pilot.show(TableScene(app, ctl, {"animation": "off"}))


def _to_review(pilot: Pilot, scene: TableScene) -> ReviewScene:
    pilot.play_until(lambda: scene.view.result is not None)
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")
    review = pilot.scene
    assert isinstance(review, ReviewScene)
    return review


def test_a_deal_played_again_the_same_way_comes_out_the_same_and_is_compared_with_hard(
    pilot: Pilot, home: Path
) -> None:
    scene = _table_with_save(pilot)
    review = _to_review(pilot, scene)
    saved = _saved(home)
    counted = (home / "stats.json").read_text()  # the real hand counted as it ended
    assert json.loads(counted)["hands_played"] == 1
    first = scene.ctl.game.hands[0]
    pilot.click(review.button("play_again").rect.center)
    replay = pilot.scene
    assert isinstance(replay, ReplayTable) and replay.ctl is not scene.ctl
    hand = replay.ctl.game.hands[0]
    assert hand.dealt == first.dealt and hand.dealer == first.dealer
    assert replay.ctl.save_fn is None
    pilot.until(lambda: pilot.human_turn())
    pilot.key(pygame.K_h)  # a hint at the replay's table is not one of the player's games'
    pilot.until(lambda: replay.view.hint is not None)
    # the player makes the same choices (the pilot's are fixed): the same hand again
    pilot.play_until(lambda: replay.view.result is not None)
    assert replay.ctl.game.hands[0].plays == first.plays
    assert pilot.button("continue").text == "Compare the tries"
    pilot.click_button("continue")
    compare = pilot.scene
    assert isinstance(compare, CompareScene)
    session = compare.session
    pilot.until(lambda: session.hard is not None)
    assert session.tries[0] is not None and session.tries[0].result is not None
    assert session.first.result is not None
    assert session.tries[0].result.points == session.first.result.points
    assert session.hard.result is not None and sum(session.hard.tricks_won) == 13
    texts = " ".join(pilot.texts_drawn())
    assert "Your first try" in texts and "Your second try" in texts
    assert "Hard in your seat" in texts and "came out the same as your first" in texts
    assert _saved(home) == saved  # the saved game is the real one, untouched
    assert (home / "stats.json").read_text() == counted  # nothing counted: hand nor hint
    assert not (home / "progress.json").exists()  # nor kept in the player's records
    # another try, left midway with Escape: back to the review, then the real table
    pilot.click(compare.button("again").rect.center)
    assert isinstance(pilot.scene, ReplayTable) and pilot.scene is not replay
    pilot.until(lambda: pilot.human_turn())
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is review
    pilot.click(review.button("back").rect.center)
    assert pilot.scene is scene and scene.view.result is not None
    assert _saved(home) == saved
    # the real game goes on, and Continue on the menu returns to it
    pilot.click_button("continue")
    pilot.until(lambda: len(scene.ctl.game.hands) == 2 and pilot.human_turn())
    position = json.loads(_saved(home))
    assert len(position["hands"]) == 2 and position["hands"][0] == json.loads(saved)["hands"][0]
    pilot.key(pygame.K_ESCAPE)
    menu = pilot.scene
    assert isinstance(menu, Menu)
    pilot.click(menu.buttons[0].rect.center)
    resumed = pilot.scene
    assert isinstance(resumed, TableScene)
    pilot.controllers.append(resumed.ctl)
    assert len(resumed.ctl.game.hands) == 2
    assert resumed.ctl.game.hands[1].dealt == scene.ctl.game.hands[1].dealt


def test_a_different_line_is_compared_in_plain_words(pilot: Pilot, home: Path) -> None:
    scene = _table_with_save(pilot)
    review = _to_review(pilot, scene)
    pilot.click(review.button("play_again").rect.center)
    replay = pilot.scene
    assert isinstance(replay, ReplayTable)
    while replay.view.result is None:  # bid nil this time, then play the last legal card
        if pilot.human_turn("bid"):
            pilot.click_button(f"bid:{NIL}")
        elif pilot.human_turn("play"):
            p = replay.view.prompt
            pilot.click(replay.card_point(p.request.options.bit_length() - 1))
        else:
            pilot.step()
    pilot.click_button("continue")
    compare = pilot.scene
    assert isinstance(compare, CompareScene)
    pilot.until(lambda: compare.session.hard is not None)
    second = compare.session.tries[0]
    assert second is not None and second.bids[0] != compare.session.first.bids[0]
    texts = " ".join(pilot.texts_drawn())
    assert "better than your first" in texts or "worse than your first" in texts
    assert not (home / "progress.json").exists()  # the other line is not the player's record
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is review


def test_the_comparison_reads_at_12_px_in_the_smallest_window(pilot: Pilot) -> None:
    """The comparison's sentences at the review's least size (font 18: lines 12 px tall)."""
    from tests.ui.table.test_readable import READABLE, SMALL, text_sizes

    scene = _table_with_save(pilot, SMALL)
    review = _to_review(pilot, scene)
    pilot.click(review.button("play_again").rect.center)
    replay = pilot.scene
    assert isinstance(replay, ReplayTable)
    pilot.play_until(lambda: replay.view.result is not None)
    pilot.click_button("continue")
    compare = pilot.scene
    assert isinstance(compare, CompareScene)
    pilot.until(lambda: compare.session.hard is not None)
    with text_sizes() as seen:
        compare.draw(pilot.app.screen)
    assert any("same cards" in t for t, _ in seen), seen
    small = [(t, s) for t, s in seen if s < READABLE]
    assert not small, small
