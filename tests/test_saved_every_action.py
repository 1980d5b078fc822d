"""The game is saved as of its last completed action at every moment: after each action the
table takes (a bid, a blind choice, a question and its answer, the discard, each pass of an
exchange, the second round, each card), the file on disk is that position, and it continues
there. A crash at any moment loses at most the action under way."""

from __future__ import annotations

from typing import Any

import pytest

from spades_gui.controller import Controller
from spades_gui.engine import preset_rules
from spades_gui.engine.presets import PRESETS
from spades_gui.engine.record import game_to_record, load
from spades_gui.engine.rules import Rules
from tests.test_controller_variations import everything


def hands_of(record: dict[str, Any]) -> list[Any]:
    """A record's hands without the clock (a hand's elapsed time is not its position)."""
    return [{k: v for k, v in h.items() if k != "elapsed"} for h in record["hands"]]


def check_every_action_saved(rules: Rules, seed: int, hands: int = 2) -> int:
    """Computer seats play `hands` hands; after each action the save is the position, and it
    loads and continues there. The number of actions checked."""
    saves: list[dict[str, Any]] = []
    ctl = Controller.new_game(
        rules, ("easy",) * 4, seed=seed, executor="inline", save_fn=saves.append
    )
    checked = 0
    try:
        for _ in range(100_000):
            if not ctl.pump(limit=1) and not ctl.pending():
                break
            game = ctl.game
            if len(game.hands) > hands or game.over:
                break
            now = hands_of(game_to_record(game))
            assert saves, "nothing saved after the deal"
            assert hands_of(saves[-1]) == now, f"the save is behind the game after {checked}"
            checked += 1
        last = saves[-1]
        load(last)  # replays under its rules
        again = Controller.from_record(last, executor="inline")
        try:
            assert hands_of(again.record()) == hands_of(last)
        finally:
            again.close(save=False)
    finally:
        ctl.close(save=False)
    return checked


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_action_of_every_preset_is_saved_as_it_is_taken(preset: str) -> None:
    assert check_every_action_saved(preset_rules(preset), seed=2) > 50


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_action_of_document_001s_variations_is_saved_as_it_is_taken(seed: int) -> None:
    """The discard, questions, Bemo, the cut card, no trump, Double Nil and its exchange,
    blind nil passes with a suit asked back, and the second round: each saved as taken."""
    assert check_every_action_saved(everything(), seed=seed) > 50
