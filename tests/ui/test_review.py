"""The hand review, opened from the table's summary and driven like a player."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spades_gui.engine.cards import cards_of
from spades_gui.ui.review import ReviewScene

if TYPE_CHECKING:
    from tests.conftest import Pilot


def test_the_review_steps_through_a_hand_with_every_card_face_up(pilot: Pilot) -> None:
    scene = pilot.table(seed=4, coach_level="hard", coach_think_ms=5)
    ctl = scene.ctl
    pilot.play_until(lambda: scene.view.result is not None)
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")
    review = pilot.scene
    assert isinstance(review, ReviewScene) and review.hand_index == 0
    pilot.step()
    shown = review.render.shown
    assert review.step == 0 and review.analysing()  # usable while the analysis fills in
    assert [len(shown[s]) for s in range(4)] == [13, 13, 13, 13]
    faces = set().union(*map(set, shown.values()))
    assert faces == set(cards_of(sum(ctl.game.hands[0].dealt)))
    seen_in_tricks: list[int] = []
    for k in range(1, 14):
        pilot.key(pygame.K_RIGHT)
        assert review.step == k
        trick = review.render.trick_shown
        assert len(trick) == 4 and sum(len(c) for c in shown.values()) == 52 - 4 * k
        seen_in_tricks += trick
    assert sorted(seen_in_tricks) == sorted(ctl.game.hands[0].plays)
    pilot.key(pygame.K_RIGHT)
    assert review.step == 13
    pilot.until(lambda: not review.analysing())
    assert len(review.verdicts) == len(review.points) == 14  # the bid and 13 cards
    labels = [review.cell_label(s) for s in range(14)]
    assert all(lab in ("good", "slip", "mistake", "none") for lab in labels)
    pilot.click(review.cells[2][1].center)
    assert review.step == 2
    pilot.click(review.button("back").rect.center)
    assert pilot.scene is scene and scene.view.result is not None


def test_the_review_imports_on_its_own() -> None:
    """tools/practice_screenshots.py imports the review before the table: no import loop."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", "import spades_gui.ui.review"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-500:]


def test_the_review_names_only_keys_that_work_and_never_splits_one(pilot: Pilot) -> None:
    """Page Up/Down is offered once there is another hand to go to, and its name stays whole
    in the smallest window."""
    scene = pilot.table(seed=4, size=(1024, 640), coach_level="hard", coach_think_ms=5)
    ctl = scene.ctl
    pilot.play_until(lambda: scene.view.result is not None)
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")
    review = pilot.scene
    assert isinstance(review, ReviewScene) and len(review.game.hands) == 1
    texts = pilot.texts_drawn()
    assert any("Left/Right: step through the hand" in t for t in texts)
    assert not any("Page" in t for t in texts)  # no other hand to page to
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is scene
    pilot.play_until(lambda: len(ctl.game.results) == 2 and scene.view.result is not None)
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")
    review = pilot.scene
    assert isinstance(review, ReviewScene) and review.hand_index == 1
    texts = pilot.texts_drawn()
    paging = [t for t in texts if "Page" in t or "Up/Down" in t]
    assert paging and all("Page Up/Down: other hands" in t for t in paging)
    pilot.key(pygame.K_PAGEUP)
    assert review.hand_index == 0
