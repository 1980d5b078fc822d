"""Undo in practice games: the controller takes actions back through the engine's Hand.pop()."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades_gui.controller import Controller, Illegal, Rewound
from spades_gui.controller.intents import Undo
from spades_gui.engine import Rules, preset_rules
from tests.players import answer_at_random


def _to_human(ctl: Controller) -> list[Any]:
    """Pump until the player is asked something (or the game is over); the events."""
    events: list[Any] = []
    for _ in range(5000):
        events += ctl.pump()
        if (ctl.request is not None and ctl.request.human and not ctl.pending()) or ctl.game.over:
            return events
    raise AssertionError("the player was never asked")


def _position(ctl: Controller) -> dict[str, Any]:
    """The game as its record has it, with the scores, bags and hands scored."""
    g = ctl.game
    return {
        "hands": ctl.record()["hands"],
        "scores": list(g.scores),
        "bags": list(g.bags),
        "results": len(g.results),
        "clock": list(g.clock),
        "sudden_death": g.sudden_death,
    }


@pytest.mark.parametrize(
    "rules",
    [
        preset_rules("classic"),
        preset_rules("classic").with_options(raise_round=True, nil_exchange=True),
        preset_rules("tournament"),
    ],
    ids=["classic", "raise-round-nil-exchange", "tournament"],
)
def test_undo_returns_to_the_position_before_the_players_last_decision(rules: Rules) -> None:
    rng = random.Random(5)
    ctl = Controller.new_game(
        rules, ("easy", "easy", "easy"), seed=4, executor="inline", practice=True
    )
    game = ctl.game
    undone = scored_undone = 0
    before: dict[str, Any] | None = None
    _to_human(ctl)
    for _ in range(400):
        if ctl.game.over:
            break
        req = ctl.request
        assert req is not None
        at_continue = req.kind == "continue"
        if before is not None and ctl.can_undo() and (rng.random() < 0.3 or at_continue):
            ctl.send(Undo())
            events = _to_human(ctl)
            assert isinstance(events[0], Rewound) and events[0].undone >= 1
            assert _position(ctl) == before
            undone += 1
            scored_undone += at_continue
            before = None
            continue
        before = None if at_continue else _position(ctl)
        answer_at_random(ctl, rng)
        _to_human(ctl)
    assert ctl.game is game  # taken back in place, not reloaded
    assert undone >= 5 and scored_undone >= 1
    assert ctl.undos == undone


def test_undo_is_refused_outside_practice() -> None:
    ctl = Controller.new_game(preset_rules("classic"), ("easy",) * 3, seed=2, executor="inline")
    _to_human(ctl)
    answer_at_random(ctl, random.Random(1))
    _to_human(ctl)
    assert not ctl.can_undo()
    ctl.send(Undo())
    assert any(isinstance(e, Illegal) and e.refused is Undo for e in _to_human(ctl))
