"""The hand review of a 54-card hand whose cards left over were played (001), opened from the
table's record field like a player: it agrees with `spades replay`; and a record whose review
cannot be made is one plain line, never a crash nor a Recent entry that crashes again."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.coach.record_files import recent_records
from spades_gui.commands import replay as replay_command
from spades_gui.engine.cards import cards_of
from spades_gui.engine.record import load
from spades_gui.ui.review import ReviewScene
from spades_gui.ui.review import scene as review_scene
from spades_gui.ui.table import record_actions

if TYPE_CHECKING:
    from tests.conftest import Pilot

DATA = Path(__file__).resolve().parent.parent / "data"


def _open(pilot: Pilot, home: Path) -> tuple[Any, Path]:
    """A table with the 54-card hand's record typed into the options' path field and opened."""
    scene = pilot.table("classic", seed=2, coach_level="easy", coach_think_ms=5)
    path = home / "leftover.json"
    path.write_text((DATA / "leftover_hand.json").read_text(), encoding="utf-8")
    pilot.key(pygame.K_o)
    scene.records.field.text = str(path)
    scene.records.open_record()
    pilot.step()
    return scene, path


def test_the_review_of_a_hand_with_cards_left_over_agrees_with_spades_replay(
    pilot: Pilot, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _table, path = _open(pilot, home)
    review = pilot.scene
    assert isinstance(review, ReviewScene) and review.problem is None
    hand = load(json.loads(path.read_text())).hands[0]
    assert len(review.points) == 14  # the bid and 13 cards, a card left over among them
    assert path.resolve() in [p.resolve() for p in recent_records()]
    held = review.holdings(0)  # the bidding: the dealer has taken two and discarded two
    assert [m.bit_count() for m in held] == [13, 13, 13, 13]
    assert held[hand.taker] & hand.extra & ~hand.discarded
    assert not held[hand.taker] & hand.discarded
    played: list[int] = []
    for step in range(1, 14):
        review.go(step)
        pilot.step()
        shown = review.render.shown
        assert sum(len(c) for c in shown.values()) == 52 - 4 * step
        played += review.render.trick_shown
    assert played == hand.plays
    capsys.readouterr()
    assert replay_command.run(argparse.Namespace(file=str(path), json=True)) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"][0]["tricks"] == review.tricks_won(13)
    assert set(cards_of(sum(review.holdings(0)) | hand.discarded)) == set(
        cards_of(sum(hand.dealt) | hand.extra)
    )


def test_a_review_whose_decisions_cannot_be_found_says_so_in_one_line(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def raising(*_args: Any) -> Any:
        raise RuntimeError("on purpose")

    monkeypatch.setattr(review_scene, "decision_points", raising)
    _table, _path = _open(pilot, home)
    review = pilot.scene
    assert isinstance(review, ReviewScene) and review.points == []
    lines = pilot.texts_drawn()
    said = "Your decisions in this hand could not be weighed: it is shown as played."
    at = next(i for i, line in enumerate(lines) if said.startswith(line) and len(line) > 20)
    # the panel wraps it, drawing its lines upward from the bottom: the end comes first
    assert f"{lines[at]} {lines[at - 1]}" == said, lines[at - 1 : at + 1]
    review.go(3)
    pilot.step()
    assert len(review.render.trick_shown) == 4  # the hand is still there to step through


def test_a_record_whose_review_cannot_be_made_is_one_line_and_not_kept_in_recent(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def raising(*_args: Any, **_kw: Any) -> Any:
        raise RuntimeError("on purpose")

    monkeypatch.setattr(record_actions, "ReviewScene", raising)
    table, path = _open(pilot, home)
    assert pilot.scene is table
    assert table.view.options_status == ("This hand could not be shown for review", "error")
    assert path.resolve() not in [p.resolve() for p in recent_records()]
    pilot.step(3)  # the table goes on
    assert pilot.scene is table


def test_a_review_whose_replay_fails_shows_the_hand_as_its_tricks_give_it(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def raising(*_args: Any) -> Any:
        raise RuntimeError("on purpose")

    monkeypatch.setattr(review_scene, "hand_steps", raising)
    _table, path = _open(pilot, home)
    review = pilot.scene
    assert isinstance(review, ReviewScene)
    hand = load(json.loads(path.read_text())).hands[0]
    played: list[int] = []
    for step in range(1, 14):
        review.go(step)
        pilot.step()
        assert sum(len(c) for c in review.render.shown.values()) == 52 - 4 * step
        played += review.render.trick_shown
    assert played == hand.plays


def test_progress_counts_a_hand_set_aside_as_no_longer_waiting(pilot: Pilot, home: Path) -> None:
    from dataclasses import replace

    from spades_gui.coach import history
    from spades_gui.coach.history import History, hand_entry
    from spades_gui.ui.progress_scene import ProgressScene

    game = load(json.loads((DATA / "leftover_hand.json").read_text()))
    entry = hand_entry(
        game, 0, game_key="g", levels=("easy",) * 3, practice=False, undone=False, rev=0
    )
    assert entry is not None
    waiting = replace(entry, id="g-2", hand=2)
    assert history.save(History([replace(entry, failed=True), waiting])) is None
    pilot.open((1280, 720))
    pilot.show(ProgressScene(pilot.app))
    pilot.step()
    words = " ".join(pilot.texts_drawn())
    assert "1 hand waiting to be weighed" in words
