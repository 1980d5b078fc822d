"""The guided first hand, driven like a player: offered once on the first start, every lesson
as its moment comes, the coach's nudge, the end; and skipped midway from How to play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from spades_gui import storage
from spades_gui.engine.bids import NIL
from spades_gui.engine.cards import cards_of
from spades_gui.ui.guide import GuidedTable
from spades_gui.ui.guide import deal as guide_deal
from spades_gui.ui.guide.scene import Box
from spades_gui.ui.help_scene import HelpScene
from spades_gui.ui.menu import Menu
from tests.ui.practice.keeping import KeepingController

if TYPE_CHECKING:
    from tests.conftest import Pilot


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats and coach on the window's thread, the coach thinking briefly; a controller that
    would keep its hands in the player's records."""
    monkeypatch.setattr(guide_deal, "EXECUTOR", "inline")
    monkeypatch.setattr(guide_deal, "THINK_MS", 5)
    monkeypatch.setattr(guide_deal, "Controller", KeepingController)


def _guide(pilot: Pilot) -> GuidedTable:
    scene = pilot.scene
    assert isinstance(scene, GuidedTable)
    if scene.ctl not in pilot.controllers:
        pilot.controllers.append(scene.ctl)
    return scene


def _box(scene: GuidedTable) -> str | None:
    return None if scene.box is None else scene.box.key


def test_the_guided_hand_from_the_first_start_to_its_end(pilot: Pilot, home: Path) -> None:
    choice = pilot.menu(first_start=True)  # the rules first (issue 69), then the guide
    pilot.click(choice.find("rules:standard").rect.center)
    menu = pilot.scene
    assert isinstance(menu, Menu) and menu.dialog is not None
    assert menu.dialog.title == "New to Spades?"
    assert json.loads((home / "settings.json").read_text())["guide_offered"] is True
    pilot.click(menu.dialog.buttons[1].rect.center)  # Play a guided hand
    scene = _guide(pilot)
    assert _box(scene) == "welcome" and scene.input.modal()
    assert [b.text for b in scene.input.corner if b.name == "menu"] == ["Skip guide  (Esc)"]
    texts = " ".join(pilot.texts_drawn())
    assert "Your first hand, with a guide" in texts
    seen: list[str] = []
    nudged = False
    kept = 0  # cards kept after the coach's nudge
    for _ in range(20_000):
        key = _box(scene)
        if key is not None and key not in seen:
            seen.append(key)
        if scene.box is not None and scene.box.kind is Box.END:
            break
        if scene.box is not None and scene.box.kind is Box.LESSON and scene.box.place == "center":
            pilot.click_button("guide:next")
        elif scene.box is not None and scene.box.kind is Box.NUDGE:
            text = " ".join(pilot.texts_drawn())
            assert "Think again about" in text and "Hard would" in text
            if not nudged:
                nudged = True
                assert scene.box.place == "center"  # the bid's nudge
                pilot.click_button("guide:again")
            else:
                kept += 1
                pilot.click_button("guide:keep")
        elif scene.view.result is not None:
            pilot.click_button("continue")
        elif pilot.human_turn("bid"):
            # a poor bid first (the coach would bid more), then the coach's own
            hint = scene.hints.get(scene.rid or -1)
            if not nudged:
                pilot.click_button("bid:3")
            elif hint is not None:
                pilot.click_button(f"bid:{hint.action.bid}")
            else:
                pilot.step()
        elif pilot.human_turn("play"):
            p = scene.view.prompt
            pilot.click(scene.card_point(cards_of(p.request.options)[0]))
        else:
            pilot.step()
    else:
        raise AssertionError(f"the guided hand never ended; lessons {seen}")
    assert nudged and scene.ctl.game.hands[0].bids[0] != 3
    assert scene.ctl.game.hands[0].bids[2] == NIL
    for lesson in ("welcome", "bidding", "nil", "first", "trump", "broken", "cover", "follow"):
        assert lesson in seen, f"{lesson} not taught; {seen}"
    assert seen.index("welcome") < seen.index("bidding") < seen.index("nil")
    text = " ".join(pilot.texts_drawn())
    assert "Bags and the score" in text
    assert kept >= 1  # the lowest card is not always the one to play: nudged, and kept
    pilot.click_button("guide:done")
    assert isinstance(pilot.scene, Menu)
    assert not (home / storage.SAVED_GAME).exists() and not (home / "stats.json").exists()
    assert not (home / "progress.json").exists()  # not kept in the player's records either
    pilot.menu(first_start=True)  # offered once: not again
    assert pilot.scene.dialog is None


def test_the_guided_hand_is_skipped_midway_from_how_to_play(pilot: Pilot, home: Path) -> None:
    pilot.menu()
    pilot.click(pilot.scene.buttons[2].rect.center)  # How to play
    help_scene = pilot.scene
    assert isinstance(help_scene, HelpScene)
    pilot.click(help_scene.guide_button.rect.center)
    scene = _guide(pilot)
    pilot.click_button("guide:next")
    pilot.click_button("guide:skip")  # the Skip on a lesson in the middle: asked first
    assert scene.leaving and [p.name for p in scene.input.panels] == ["leave"]
    pilot.click_button("guide:leave")
    assert pilot.scene is help_scene
    pilot.click(help_scene.guide_button.rect.center)
    scene = _guide(pilot)
    for _ in range(5000):  # read the lessons, bid, then leave with Escape in the play
        if scene.box is not None and scene.box.kind is Box.LESSON and scene.box.place == "center":
            pilot.click_button("guide:next")
        elif scene.box is not None and scene.box.kind is Box.NUDGE:
            pilot.click_button("guide:keep")
        elif pilot.human_turn("bid"):
            pilot.click_button("bid:7")
        elif pilot.human_turn("play") and scene.view.tricks_done >= 2:
            pilot.key(pygame.K_h)  # a hint here is not one of the player's games' hints
            pilot.until(lambda: scene.view.hint is not None)
            break
        elif pilot.human_turn("play"):
            pilot.click(scene.card_point(cards_of(scene.view.prompt.request.options)[0]))
        else:
            pilot.step()
    assert scene.ctl.game.hands[0].plays and not scene.ctl.game.hands[0].done
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is scene and scene.leaving  # asked, not gone
    pilot.click_button("guide:leave")
    assert pilot.scene is help_scene and scene.ctl.closed
    assert not (home / storage.SAVED_GAME).exists() and not (home / "stats.json").exists()


def _mid_play(pilot: Pilot, scene: GuidedTable) -> None:
    """Read the lessons and bid, then play until two tricks are done and it is the player's
    turn to play, nothing in the middle."""
    for _ in range(5000):
        box = scene.box
        if box is not None and box.kind is Box.LESSON and box.place == "center":
            pilot.click_button("guide:next")
        elif box is not None and box.kind is Box.NUDGE:
            pilot.click_button("guide:keep")
        elif pilot.human_turn("bid"):
            pilot.click_button("bid:7")
        elif pilot.human_turn("play") and scene.view.tricks_done >= 2:
            return
        elif pilot.human_turn("play"):
            pilot.click(scene.card_point(cards_of(scene.view.prompt.request.options)[0]))
        else:
            pilot.step()
    raise AssertionError("the guided hand never reached its third trick")


def test_escape_mid_hand_asks_before_leaving_the_guided_hand(pilot: Pilot, home: Path) -> None:
    from spades_gui.ui.guide import open_guided_hand

    menu = pilot.menu()
    open_guided_hand(pilot.app)
    scene = _guide(pilot)
    _mid_play(pilot, scene)
    plays = len(scene.ctl.game.hands[0].plays)
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is scene and scene.leaving and not scene.ctl.closed
    assert "Leave the guided hand?" in " ".join(pilot.texts_drawn())
    assert scene.input.button("guide:stay") is not None  # the keyboard starts on Stay
    assert scene.input.active_buttons()[scene.view.focus_button].name == "guide:stay"
    pilot.key(pygame.K_RETURN)  # Enter takes the safe choice
    assert not scene.leaving and pilot.scene is scene
    pilot.key(pygame.K_ESCAPE)
    pilot.key(pygame.K_ESCAPE)  # a second Escape stays too
    assert not scene.leaving and pilot.scene is scene
    pilot.key(pygame.K_ESCAPE)
    pilot.click_button("guide:stay")  # and so does the mouse's Stay
    assert not scene.leaving and pilot.human_turn("play")
    assert len(scene.ctl.game.hands[0].plays) == plays  # the hand is where it was
    pilot.click(scene.card_point(cards_of(scene.view.prompt.request.options)[0]))
    pilot.until(lambda: len(scene.ctl.game.hands[0].plays) > plays)  # and plays on
    pilot.key(pygame.K_ESCAPE)
    pilot.key(pygame.K_LEFT)  # the keyboard's way out: to Leave, then Enter
    pilot.key(pygame.K_RETURN)
    assert pilot.scene is not scene and type(pilot.scene) is type(menu) and scene.ctl.closed
    assert not (home / storage.SAVED_GAME).exists()


def test_escape_before_the_guided_hand_begins_leaves_at_once(pilot: Pilot) -> None:
    from spades_gui.ui.guide import open_guided_hand

    pilot.menu()
    open_guided_hand(pilot.app)
    scene = _guide(pilot)
    assert _box(scene) == "welcome"
    pilot.key(pygame.K_ESCAPE)  # nothing to lose yet
    assert isinstance(pilot.scene, Menu) and scene.ctl.closed


def test_the_guides_words_read_at_12_px_in_the_smallest_window(pilot: Pilot) -> None:
    """Every line of a lesson, in the middle and beside the trick, at the hint's least size
    (font 18: lines 12 px tall), as the table's hint and review are since issue 59."""
    from tests.ui.table.test_readable import READABLE, SMALL, text_sizes

    pilot.menu(SMALL)
    from spades_gui.ui.guide import open_guided_hand

    open_guided_hand(pilot.app)
    scene = _guide(pilot)
    places: set[str] = set()
    for _ in range(5000):
        box = scene.box
        if box is not None and box.kind is Box.LESSON and box.place not in places:
            places.add(box.place)
            panel = next(p for p in scene.input.panels if p.name == "guide")
            with text_sizes() as seen:
                panel.paint(pilot.app.screen)
            words = " ".join(t for t, _ in seen)
            assert box.lesson.text.split()[0] in words, seen
            small = [(t, s) for t, s in seen if s < READABLE]
            assert not small, (box.key, small)
        if places == {"center", "side"}:
            break
        if box is not None and box.kind is Box.LESSON and box.place == "center":
            pilot.click_button("guide:next")
        elif box is not None and box.kind is Box.NUDGE:
            pilot.click_button("guide:keep")
        elif pilot.human_turn("bid"):
            pilot.click_button("bid:4")
        elif pilot.human_turn("play"):
            pilot.click(scene.card_point(cards_of(scene.view.prompt.request.options)[0]))
        else:
            pilot.step()
    assert places == {"center", "side"}


def test_a_nudge_gives_a_reason_even_when_the_coachs_was_only_its_figures() -> None:
    """Hard's reason for a card in a nil hand is 'Partner bid nil.' and its figures: without
    the figures, the nudge still says why, not the bare fact (and the player's nil is theirs)."""
    from spades_gui.ui.practice_words import nudge_lesson

    partner = nudge_lesson(
        "the 6♠",
        "play the Q♠",
        "Partner bid nil. Over 352 sampled deals the Q♠ averages +14 points, the 6♠ +9.",
        48.0,
    )
    assert partner.text == (
        "Hard would play the Q♠: Partner bid nil, and it comes out best over the many ways the "
        "unseen cards may lie. Yours costs about 48 points on average."
    )
    own = nudge_lesson("the 3♠", "play the 8♠", "I bid nil. Over 152 sampled deals the 8♠ "
                       "averages -27 points, the 3♠ -44.", 17.0)  # fmt: skip
    assert own.text.startswith("Hard would play the 8♠: You bid nil, and it comes out best")
    ruled = nudge_lesson(
        "the K♣",
        "play the K♥",
        "Partner bid nil: lead the K♥, which no other player can beat, so partner can throw "
        "under it; over 280 sampled deals the K♥ averages +225 points and the Q♥ +225, a gap "
        "within the samples' noise.",
        18.0,
    )
    assert ruled.text == (
        "Hard would play the K♥: Partner bid nil: lead the K♥, which no other player can beat, "
        "so partner can throw under it. Yours costs about 18 points on average."
    )
