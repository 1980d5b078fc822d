"""The AI worker process: same decisions as in-process, and a dead worker never stalls a game."""

import multiprocessing

from spades_gui.controller import Controller
from spades_gui.engine import preset_rules


def run_to_end(ctl: Controller, rounds: int = 20000) -> None:
    for _ in range(rounds):
        ctl.pump(block=0.05)
        if ctl.game.over:
            return
    raise AssertionError("the game did not finish")


def without_clock(record: dict) -> list:
    """The hands of a record without the wall-clock time each one ended at."""
    return [{k: v for k, v in h.items() if k != "elapsed"} for h in record["hands"]]


def test_process_worker_plays_the_same_game_as_inline():
    rules = preset_rules("intramural")
    levels = ("medium", "easy", "medium", "easy")
    inline = Controller.new_game(rules, levels, seed=77, executor="inline")
    run_to_end(inline)
    proc = Controller.new_game(rules, levels, seed=77, executor="process")
    try:
        run_to_end(proc)
    finally:
        proc.close(save=False)
    assert without_clock(proc.record()) == without_clock(inline.record())


def test_dead_worker_falls_back_and_the_game_goes_on():
    ctl = Controller.new_game(
        preset_rules("intramural"), ("easy", "easy", "easy", "easy"), seed=5, executor="process"
    )
    try:
        for child in multiprocessing.active_children():
            child.kill()
        run_to_end(ctl)
        assert ctl._seat_worker.mode == "thread"  # switched to thinking in-process
    finally:
        ctl.close(save=False)
