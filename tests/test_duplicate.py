"""A deal played again: the hand's deal as a record of its own, and the coach's job that plays
it through with a level in the player's seat."""

from __future__ import annotations

from typing import Any

import pytest

from spades_gui.controller import Controller, DealPlayed, PlayDeal
from spades_gui.controller.duplicate import deal_record, play_deal_job, played_facts, replayable
from spades_gui.engine import preset_rules


def _two_hands(seed: int = 5) -> dict[str, Any]:
    ctl = Controller.new_game(
        preset_rules("classic"), ("medium",) * 4, seed=seed, executor="inline"
    )
    try:
        while len(ctl.game.results) < 2:
            ctl.pump(limit=1)
        return ctl.record()
    finally:
        ctl.close(save=False)


def test_a_deal_record_starts_the_same_hand_with_the_score_before_it() -> None:
    rec = _two_hands()
    deal = deal_record(rec, 1).record()
    assert deal["hands"][0]["deal"] == rec["hands"][1]["deal"]
    assert deal["hands"][0]["dealer"] == rec["hands"][1]["dealer"]
    assert "plays" not in deal["hands"][0] and "bids" not in deal["hands"][0]
    first = played_facts(rec, 0)
    assert first.result is not None
    assert deal["scores"] == first.result.scores and deal["bags"] == first.result.bags
    assert deal["table"]["seed"] == rec["table"]["seed"] and deal["table"]["shown"] is False


def test_the_same_seats_play_the_deal_again_exactly_as_they_did() -> None:
    rec = _two_hands()
    for index in (0, 1):
        again = play_deal_job(deal_record(rec, index), "medium", None, Controller.from_record)
        was = played_facts(rec, index)
        assert again is not None and was.result is not None and again.result is not None
        assert again.bids == was.bids and again.tricks_won == was.tricks_won
        assert again.result.points == was.result.points


def test_a_hand_not_played_to_its_end_cannot_be_played_again() -> None:
    rec = _two_hands()
    rec["hands"] = rec["hands"][:2]
    rec["hands"][1]["plays"] = rec["hands"][1]["plays"][:7]
    assert replayable(rec, 0) and not replayable(rec, 1) and not replayable(rec, 5)
    with pytest.raises(ValueError, match="played to its end"):
        deal_record(rec, 1)


def test_the_controller_plays_the_deal_on_its_coach_and_answers_with_its_ref() -> None:
    rec = _two_hands()
    ctl = Controller.new_game(preset_rules("classic"), ("easy",) * 3, seed=1, executor="inline")
    try:
        ctl.send(PlayDeal(deal_record(rec, 1), "hard", 5, ref=7))
        got: list[DealPlayed] = []
        for _ in range(10):
            ctl.pump_control()
            got += [e for e in ctl.take(DealPlayed) if isinstance(e, DealPlayed)]
        assert len(got) == 1 and got[0].ref == 7 and not got[0].failed
        facts = got[0].facts
        assert facts is not None and facts.result is not None
        assert sum(facts.tricks_won) == 13
    finally:
        ctl.close(save=False)


def test_the_deal_crosses_to_the_coach_process_and_plays_as_inline() -> None:
    """In the game the coach is a second process: the deal and the table it is played at reach
    it, and its play is the inline one's."""
    rec = _two_hands()
    deal = deal_record(rec, 1)
    inline = play_deal_job(deal, "medium", None, Controller.from_record)
    ctl = Controller.new_game(preset_rules("classic"), ("easy",) * 3, seed=1, executor="process")
    try:
        ctl.send(PlayDeal(deal, "medium", None, ref=3))
        got: list[DealPlayed] = []
        for _ in range(4000):  # a bound only: the answer comes in a second or so
            ctl.pump_control()
            got += [e for e in ctl.take(DealPlayed) if isinstance(e, DealPlayed)]
            if got:
                break
            ctl.pump(block=0.05)
        assert got and not got[0].failed and got[0].facts == inline
    finally:
        ctl.close(save=False)
