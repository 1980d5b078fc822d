"""Decisions run away from the caller, on a thread or in a second process, and can be cancelled."""

from __future__ import annotations

import random
import time

import pytest

from spades_gui.ai import make_policy, seat_view
from spades_gui.ai.worker import DecisionWorker
from spades_gui.engine import Game, preset_rules


def _view() -> object:
    game = Game(preset_rules("pagat"))
    hand = game.deal(random.Random(4))
    for b in (3, 3, 3, 3):
        hand.bid(b)
    return seat_view(game, hand.turn)


@pytest.mark.parametrize("process", [False, True])
def test_worker_matches_direct_call(process: bool) -> None:
    v = _view()
    w = DecisionWorker(process=process)
    try:
        card = w.submit("medium", 7, "play", v).result(timeout=60)
    finally:
        w.close()
    assert card == make_policy("medium", 7).play(v)


def test_cancel_ends_a_long_search() -> None:
    v = _view()
    w = DecisionWorker()
    try:
        fut = w.submit("hard", 1, "play", v, think_ms=60_000)
        time.sleep(0.05)
        t0 = time.perf_counter()
        w.cancel()
        card = fut.result(timeout=10)
        assert time.perf_counter() - t0 < 2
        assert v.legal_plays() >> card & 1
    finally:
        w.close()
