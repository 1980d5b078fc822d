"""The controller's parts built and driven alone: the game clock, the computer seats, the
hand keeper."""

from __future__ import annotations

import random
from typing import Any

from spades_gui.controller.clock import GameClock
from spades_gui.controller.decisions import Request
from spades_gui.controller.keeper import HandKeeper
from spades_gui.controller.seats import ComputerSeats, SeatAnswer
from spades_gui.engine import Game, preset_rules
from spades_gui.engine.actions import BidAction, BidRequest


def test_the_clock_counts_while_it_runs_and_never_after_it_stops() -> None:
    now = [100.0]
    clock = GameClock(lambda: now[0], before=30.0)
    assert clock.elapsed() == 30.0 and not clock.running
    clock.resume()
    now[0] = 110.0
    assert clock.elapsed() == 40.0
    clock.pause()
    now[0] = 200.0
    assert clock.elapsed() == 40.0
    clock.resume()
    now[0] = 205.0
    clock.stop()
    clock.resume()  # stopped for good: the game is closed
    now[0] = 300.0
    assert clock.elapsed() == 45.0 and not clock.running


def _seats(timeout_s: float, now: list[float], posted: list[SeatAnswer]) -> ComputerSeats:
    return ComputerSeats(
        (None, "easy", "easy", "easy"),
        seed=4,
        executor="inline",
        post=posted.append,
        wake=lambda: None,
        now=lambda: now[0],
        timeout_s=timeout_s,
    )


def _bid_request() -> tuple[Game, Request]:
    game = Game(preset_rules("classic"))
    game.deal(random.Random(1))
    hand = game.hand
    assert hand is not None
    return game, Request(7, hand.turn, False, BidRequest(tuple(hand.legal_bids())))


def test_a_seats_question_waits_for_the_next_pump_and_its_answer_is_posted() -> None:
    now, posted = [0.0], []
    seats = _seats(60.0, now, posted)
    game, req = _bid_request()
    seats.ask(req, game)
    assert posted == [] and seats.asking is not None and seats.asking.job is not None
    seats.submit_pending()  # inline: the seat answers at once, onto the table's queue
    assert len(posted) == 1 and posted[0].request == 7 and posted[0].error is None
    assert isinstance(posted[0].action, BidAction)
    seats.close()


def test_a_seat_thinking_too_long_is_stopped_and_its_failure_posted() -> None:
    now, posted = [0.0], []
    seats = _seats(5.0, now, posted)
    game, req = _bid_request()
    seats.ask(req, game)
    asking = seats.asking
    assert asking is not None
    asking.job = None  # as if handed to a worker that has not answered
    seats.check_timeout()
    assert posted == []
    now[0] = 6.0
    seats.check_timeout()
    assert asking.stop.is_set() and len(posted) == 1
    assert posted[0].action is None and isinstance(posted[0].error, TimeoutError)
    seats.close()


def test_the_keeper_asks_nothing_while_a_seat_thinks_and_keeps_through_its_submit() -> None:
    jobs: list[tuple[str, Any]] = []
    keeper = HandKeeper(lambda what, key, fn, args: jobs.append((what, key)), 5, enabled=True)
    keeper.tick(thinking=True)  # first: the hands an earlier session left
    assert jobs == [("keep", None)] and keeper.busy
    keeper.on_kept(None, None, RuntimeError("no records"))
    assert not keeper.busy
    off = HandKeeper(lambda what, key, fn, args: jobs.append((what, key)), 5, enabled=False)
    off.tick(thinking=False)
    assert len(jobs) == 1
