"""Typed intents: one handler a message type; anything else is refused clearly; the
immediate intents (practice, clock, exports, the review's analysis) do not wait for events."""

from __future__ import annotations

import ast
import inspect
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from spades_gui.coach.review import decision_points
from spades_gui.controller import Controller, Illegal, intents
from spades_gui.controller.events import Analysed, Exported
from spades_gui.controller.intents import (
    Analyse,
    ExportGame,
    ExportHand,
    Intent,
    KeepHand,
    KeepHands,
    RunClock,
    SetPractice,
    SetWake,
    StopAnalysis,
)
from spades_gui.engine import preset_rules


def table(**kw: Any) -> Controller:
    """A game with the player at seat 0, its first events taken."""
    ctl = Controller.new_game(
        preset_rules("classic"), ("easy",) * 3, seed=5, executor="inline", **kw
    )
    ctl.pump()
    return ctl


def test_every_intent_type_has_one_handler() -> None:
    ctl = table()
    kinds = [
        c
        for _, c in inspect.getmembers(intents, inspect.isclass)
        if issubclass(c, Intent) and c is not Intent
    ]
    assert len(kinds) >= 19
    assert all(ctl.handles(k) for k in kinds), [k for k in kinds if not ctl.handles(k)]
    ctl.close(save=False)


def test_something_that_is_not_an_intent_is_refused_at_once() -> None:
    ctl = table()
    with pytest.raises(TypeError, match="is not an intent"):
        ctl.send(("intent", "bid", 4))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is not an intent"):
        ctl.send("bid")  # type: ignore[arg-type]
    ctl.close(save=False)


@dataclass(frozen=True)
class Dance(Intent):
    """An intent the controller has no handler for."""

    name: ClassVar[str] = "dance"


def test_an_intent_without_a_handler_is_refused_with_its_name(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ctl = table()
    before = ctl.game.hand.bids[:]
    with caplog.at_level(logging.ERROR, logger="spades_gui.controller"):
        ctl.send(Dance())
        events = ctl.pump()
    refused = [e for e in events if isinstance(e, Illegal)]
    assert len(refused) == 1
    assert refused[0].action == "Dance"
    assert refused[0].reason == "the controller does not know the message Dance"
    assert ctl.game.hand.bids == before and any("no handler" in r.message for r in caplog.records)
    ctl.close(save=False)


def test_a_decision_intent_at_the_wrong_time_names_the_intent() -> None:
    ctl = table()
    assert ctl.human_turn("bid")  # classic: no blind bid, the player sees the cards
    held = ctl.game.hand.hands[0]
    ctl.send(intents.Play(held.bit_length() - 1))
    refused = [e for e in ctl.pump() if isinstance(e, Illegal)]
    assert [(e.action, e.reason) for e in refused] == [("play", "it is not time to play a card")]
    assert ctl.human_turn("bid") and ctl.game.hand.hands[0] == held
    ctl.close(save=False)


def test_immediate_intents_are_handled_without_taking_an_event() -> None:
    now = [10.0]
    ctl = table(clock=lambda: now[0])
    waiting = ctl.pending()
    woken: list[int] = []
    ctl.send(SetPractice(True))
    ctl.send(SetWake(lambda: woken.append(1)))
    ctl.send(RunClock(False))
    ctl.pump_control()
    assert ctl.practice and ctl.pending() == waiting  # no event was taken or added
    now[0] = 70.0
    assert ctl.elapsed() == pytest.approx(0.0, abs=1e-6)  # the clock is stopped
    ctl.send(RunClock(True))
    ctl.pump_control()
    now[0] = 100.0
    assert ctl.elapsed() == pytest.approx(30.0)
    ctl.send(SetPractice(False))
    ctl.pump_control()
    assert not ctl.practice
    ctl.close(save=False)


def test_the_hands_kept_are_changed_by_intents() -> None:
    ctl = table(keep_hands=True)
    assert ctl.keeper.enabled
    ctl.send(KeepHands(False))
    ctl.pump_control()
    assert not ctl.keeper.enabled
    assert KeepHand.immediate and ctl.handles(KeepHand)
    ctl.close(save=False)


UI = Path(__file__).resolve().parent.parent / "spades_gui" / "ui"
CONTROLLER_NAMES = {"ctl", "controller"}


def _dotted(node: ast.expr) -> list[str]:
    """`self.ctl.keeper.enabled` as its names, ["self", "ctl", "keeper", "enabled"]."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.insert(0, node.attr)
        node = node.value
    return [node.id, *names] if isinstance(node, ast.Name) else names


def _reaching_in(tree: ast.AST) -> list[str]:
    """What a module of the UI changes or reads of a controller other than by its face: an
    attribute set below it, a private name read, a part's method called."""
    found: list[str] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            names = _dotted(t)
            if any(n in CONTROLLER_NAMES for n in names[:-1]):
                found.append(f"{'.'.join(names)} = (line {node.lineno})")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            names = _dotted(node.value)
            if names and names[-1] in CONTROLLER_NAMES:
                found.append(f"{'.'.join(names)}.{node.attr} (line {node.lineno})")
        if isinstance(node, ast.Call):
            names = _dotted(node.func)
            if len(names) >= 3 and names[-3] in CONTROLLER_NAMES and names[-2] == "keeper":
                found.append(f"{'.'.join(names)}() (line {node.lineno})")
    return found


def test_the_ui_changes_the_controller_only_by_intents() -> None:
    reached = {
        str(p.relative_to(UI)): hits
        for p in sorted(UI.rglob("*.py"))
        if (hits := _reaching_in(ast.parse(p.read_text(encoding="utf-8"))))
    }
    assert reached == {}
    # the check sees what it looks for
    assert _reaching_in(ast.parse("controller.keeper.enabled = False"))
    assert _reaching_in(ast.parse("self.ctl.keeper.keep(entry)"))
    assert _reaching_in(ast.parse("x = self.ctl._out"))
    assert not _reaching_in(ast.parse("self.ctl = controller; self.ctl.send(Undo())"))


def test_exports_are_intents_answered_by_exported(home: Path) -> None:
    ctl = table()
    ctl.send(ExportGame())
    ctl.send(ExportHand(0))
    ctl.send(ExportHand(7))  # no such hand
    ctl.pump_control()
    done = ctl.take(Exported)
    assert [e.what for e in done] == ["game", "hand"]
    assert all(isinstance(e, Exported) and not e.error and Path(e.path).is_file() for e in done)
    assert json.loads(Path(done[0].path).read_text())["rules"]
    refused = [e for e in ctl.take(Illegal) if isinstance(e, Illegal)]
    assert refused and refused[0].action == "export"
    ctl.close(save=False)


def test_the_review_asks_the_controllers_coach_and_can_stop() -> None:
    ai = Controller.new_game(preset_rules("classic"), ("easy",) * 4, seed=3, executor="inline")
    while not ai.game.results:
        ai.pump()
    record = ai.record()
    ai.close(save=False)
    point = decision_points(ai.game, 0, 0)[0]
    ctl = table(coach_think_ms=5)
    ctl.send(Analyse(record, point, "easy", 5, ref=1))
    ctl.pump_control()  # asked (an inline coach answers at once, onto the queue)
    assert ctl.control_pending()
    ctl.pump_control()
    got = ctl.take(Analysed)
    assert len(got) == 1 and isinstance(got[0], Analysed)
    assert got[0].ref == 1 and got[0].point == point and not got[0].failed
    ctl.send(Analyse(record, point, "easy", 5, ref=2))
    ctl.send(StopAnalysis())  # the review moved on before the answer was taken
    ctl.pump_control()
    ctl.pump_control()
    assert ctl.take(Analysed) == []
    ctl.close(save=False)
