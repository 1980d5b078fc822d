"""A 54-card hand whose two cards left over are played (001) is weighed like any other, and
an analysis that fails anyway is contained: logged, its hand set aside in the records and
not tried again at the next start, the table going on."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from spades_gui.coach import history
from spades_gui.coach.history import History, hand_entry
from spades_gui.coach.review import decision_points
from spades_gui.controller import (
    Analyse,
    Analysed,
    Controller,
    HintReady,
    Notice,
    coach_jobs,
    keeper,
)
from spades_gui.controller.intents import Hint, Play
from spades_gui.engine import Game, preset_rules
from spades_gui.engine.cards import cards_of
from spades_gui.engine.record import load
from tests.players import answer_at_random

DATA = Path(__file__).resolve().parent.parent / "data"


def leftover_record() -> dict[str, Any]:
    """One Classic hand of 54 cards (jokers, no 2s out): the dealer, seat 0, took the two
    cards left over, kept one of them and played it."""
    record: dict[str, Any] = json.loads((DATA / "leftover_hand.json").read_text())
    return record


def test_the_decisions_of_a_hand_where_a_card_left_over_is_played():
    game = load(leftover_record())
    hand = game.hands[0]
    assert hand.taker == 0 and hand.extra & ~hand.discarded & sum(1 << c for c in hand.plays)
    points = decision_points(game, 0, 0)  # on 211fa54: IllegalAction, "not in the hand"
    assert [p.kind for p in points] == ["bid"] + ["play"] * 13
    assert [p.action for p in points[1:]] == [
        c for i, c in enumerate(hand.plays) if (hand.tricks()[i // 4][0] + i % 4) % 4 == 0
    ]


def _keeping(seed: int = 2) -> Controller:
    return Controller.new_game(
        preset_rules("classic"),
        ("easy",) * 3,
        seed=seed,
        executor="inline",
        keep_hands=True,
        coach_think_ms=5,
    )


def _unanalysed(home: Path) -> str:
    """progress.json with the 54-card hand kept and not yet analysed; its id."""
    game = load(leftover_record())
    entry = hand_entry(
        game, 0, game_key="old", levels=("easy",) * 3, practice=False, undone=False, rev=0
    )
    assert entry is not None
    assert history.save(History([entry])) is None
    return entry.id


def _pump_a_while(ctl: Controller, rng: random.Random, n: int = 400) -> None:
    for _ in range(n):
        ctl.pump()
        r = ctl.request
        if r is not None and r.human and not ctl.pending():
            answer_at_random(ctl, rng, nil=False)


def test_a_kept_hand_whose_analysis_raises_is_set_aside_and_not_tried_again(
    home: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    hid = _unanalysed(home)
    old = load(leftover_record()).hands[0].dealt
    calls: list[int] = []  # the kept hand's analyses begun (the table's own hands fail too)

    def raising(game: Game, *_args: Any) -> Any:
        if game.hands[0].dealt == old:
            calls.append(1)
        raise RuntimeError("on purpose")

    monkeypatch.setattr(keeper, "decision_points", raising)
    rng = random.Random(1)
    ctl = _keeping()
    try:
        with caplog.at_level(logging.ERROR, logger=keeper.__name__):
            _pump_a_while(ctl, rng)  # the pump survives the job that raises
        assert calls == [1]
        assert any("on purpose" in (r.exc_text or "") for r in caplog.records)
        assert len(ctl.game.hands[0].actions) > 10  # and the table went on
    finally:
        ctl.close(save=False)
    kept, problem = history.load()
    assert problem is None
    (entry,) = [h for h in kept.hands if h.id == hid]
    assert entry.failed and not entry.analysed and kept.pending() == ()
    # the next start: the hand is not tried again
    again = _keeping(seed=3)
    try:
        _pump_a_while(again, rng, 50)
        assert calls == [1] and not again.keeper.busy
    finally:
        again.close(save=False)


def test_the_failed_mark_is_written_only_when_set_and_files_before_it_load(home: Path) -> None:
    hid = _unanalysed(home)
    raw = json.loads((home / history.FILE).read_text())
    assert "failed" not in raw["hands"][0]  # as a file written before the mark existed
    kept, _ = history.load()
    assert not kept.hands[0].failed and [h.id for h in kept.pending()] == [hid]


def test_the_54_card_hand_left_unanalysed_is_analysed_at_the_next_start(home: Path) -> None:
    """On 211fa54 this hand closed the program at every start until progress.json was gone."""
    hid = _unanalysed(home)
    ctl = _keeping()
    try:
        for _ in range(2_000):
            ctl.pump()
            if ctl.keeper.kept:
                break
        else:
            raise AssertionError("the kept hand was never analysed")
        for _ in range(50):
            if not ctl.keeper.busy:
                break
            ctl.pump()
    finally:
        ctl.close(save=False)
    kept, _ = history.load()
    (entry,) = [h for h in kept.hands if h.id == hid]
    assert entry.analysed and not entry.failed and len(entry.decisions) == 14


def _players_turn(ctl: Controller, kind: str) -> None:
    rng = random.Random(4)
    for _ in range(5_000):
        ctl.pump()
        r = ctl.request
        if r is not None and r.human and r.kind == kind:
            return
        if r is not None and r.human and not ctl.pending():
            answer_at_random(ctl, rng, nil=False)
    raise AssertionError(f"never the player's turn to {kind}")


@pytest.mark.parametrize("where", ["job", "answer"])
def test_a_hint_that_raises_is_one_notice_and_the_table_goes_on(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    def raising(*_args: Any) -> Any:
        raise RuntimeError("on purpose")

    # the job itself (on the coach's worker), or the taking of its answer (on the pump)
    monkeypatch.setattr(coach_jobs, "explain_job" if where == "job" else "ruff_seats", raising)
    ctl = Controller.new_game(preset_rules("classic"), ("easy",) * 3, seed=5, executor="inline")
    try:
        _players_turn(ctl, "play")
        ctl.send(Hint())
        events = ctl.pump() + ctl.pump()
        notices = [e for e in events if isinstance(e, Notice) and e.details.get("coach")]
        assert [n.text for n in notices] == ["No hint this time: the coach could not work it out"]
        assert not any(isinstance(e, HintReady) for e in events)
        card = cards_of(ctl.request.options)[0]
        ctl.send(Play(card))
        ctl.pump()
        assert card in ctl.game.hand.plays  # the table goes on
    finally:
        ctl.close(save=False)


def test_a_review_weighing_that_raises_is_answered_as_failed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def raising(*_args: Any) -> Any:
        raise RuntimeError("on purpose")

    monkeypatch.setattr(coach_jobs, "analyse", raising)
    record = leftover_record()
    point = decision_points(load(record), 0, 0)[1]
    ctl = Controller.new_game(preset_rules("classic"), ("easy",) * 3, seed=5, executor="inline")
    try:
        ctl.send(Analyse(record, point, "hard", 5, ref=7))
        ctl.pump_control()
        ctl.pump_control()
        (got,) = ctl.take(Analysed)
        assert isinstance(got, Analysed) and got.ref == 7 and got.failed and got.verdict is None
    finally:
        ctl.close(save=False)
