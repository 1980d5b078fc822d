"""The player's records: decisions classified, hands kept and analysed in the background, the
file's damage refused like the save's, the drills' repetition, the Progress figures."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spades_gui import storage
from spades_gui.coach import history
from spades_gui.coach.drills import due_drills, from_decision, theme_of
from spades_gui.coach.history import DrillState, HandEntry, History, Judged, hand_entry
from spades_gui.coach.kinds import Kind, classify_bid, classify_play
from spades_gui.coach.progress import summarise
from spades_gui.coach.review import Point, decision_points
from spades_gui.controller import Controller, Notice
from spades_gui.engine import preset_rules
from spades_gui.engine.bids import BLIND, BLIND_NIL, NIL
from spades_gui.engine.cards import parse_card
from spades_gui.engine.record import load
from tests.players import answer_at_random

CLASSIC = preset_rules("classic")
JOKERS = preset_rules("jokers350")


def c(text: str) -> int:
    return parse_card(text)


# ----------------------------------------------------------------------------- classification


def test_bids_are_classified_as_numbers_nil_or_blind() -> None:
    assert classify_bid(4, 4) is Kind.BID_NUMBER
    assert classify_bid(4, 3) is Kind.BID_NUMBER
    assert classify_bid(NIL, 2) is Kind.BID_NIL  # bid nil where a number was better
    assert classify_bid(2, NIL) is Kind.BID_NIL  # a number where nil was better
    assert classify_bid(BLIND_NIL, 3) is Kind.BID_BLIND
    assert classify_bid(BLIND + 7) is Kind.BID_BLIND


@pytest.mark.parametrize(
    ("bids", "won", "trick", "card", "kind"),
    [
        ([NIL, 3, 4, 3], [1, 0, 0, 0], ["JH"], "TH", Kind.NIL_OWN),  # own nil, even once broken
        ([3, 3, NIL, 3], [0, 0, 0, 0], [], "AS", Kind.NIL_COVER),
        ([3, 3, NIL, 3], [0, 0, 1, 0], [], "AS", Kind.LEAD),  # partner's nil broken: a lead
        ([3, NIL, 4, 3], [0, 0, 0, 0], ["5D"], "2D", Kind.NIL_SET),
        ([3, 3, 4, BLIND_NIL], [0, 0, 0, 0], [], "2C", Kind.NIL_SET),
        ([3, 3, 4, 3], [0, 0, 0, 0], [], "KH", Kind.LEAD),
        ([3, 3, 4, 3], [0, 0, 0, 0], ["5D", "9D"], "QD", Kind.FOLLOW),
        ([3, 3, 4, 3], [0, 0, 0, 0], ["5D"], "2S", Kind.TRUMP),
        ([3, 3, 4, 3], [0, 0, 0, 0], ["5D"], "2C", Kind.DISCARD),
        ([3, 3, 4, 3], [0, 0, 0, 0], ["5S"], "9S", Kind.FOLLOW),  # spades led: following
    ],
)
def test_cards_are_classified_by_nils_then_what_they_did(
    bids: list[int], won: list[int], trick: list[str], card: str, kind: Kind
) -> None:
    assert classify_play(CLASSIC, 0, bids, won, [c(x) for x in trick], c(card)) is kind


def test_a_joker_on_a_side_suit_is_trumping() -> None:
    big = c("BJ")
    assert classify_play(JOKERS, 0, [3, 3, 4, 3], [0] * 4, [c("5D")], big) is Kind.TRUMP


# ----------------------------------------------------------------------------- the file


def _entry(i: int, game: str = "g1", **kw: Any) -> HandEntry:
    base: dict[str, Any] = {
        "id": f"{game}-{i}",
        "game": game,
        "hand": i,
        "time": 1000.0 + i,
        "day": "2026-01-01",
        "rules": "classic",
        "levels": ("hard", "hard", "hard"),
        "practice": False,
        "undone": False,
        "rev": 0,
        "record": {"rules": "classic", "hands": []},
    }
    base.update(kw)
    return HandEntry(**base)


def test_the_records_round_trip_and_stay_bounded(home: Path) -> None:
    h = History()
    point = Point(0, "play", 3, 4, 0, 9, c("QC"))
    judged = Judged(point, Kind.FOLLOW, 12.5, c("3C"), "Duck.", "expected", ((c("3C"), 4.0),))
    for i in range(history.KEEP + 7):
        h.upsert(_entry(i, analysed=True, decisions=(judged,)))
    assert len(h.hands) == history.KEEP and h.hands[0].hand == 7
    assert history.save(h) is None
    back, problem = history.load()
    assert problem is None and back.hands == h.hands and back.days == 1


def test_an_older_analysis_never_replaces_a_hand_played_again(home: Path) -> None:
    h = History()
    h.upsert(_entry(1))
    h.upsert(_entry(1, undone=True, rev=1))  # undone after the last card, played again
    assert h.upsert(_entry(1, analysed=True, rev=0)) is False
    assert h.hands[0].undone and not h.hands[0].analysed
    assert h.upsert(_entry(1, analysed=True, undone=True, rev=1))


def test_damaged_records_are_kept_aside_and_named_in_one_line(home: Path) -> None:
    history.save(History(hands=[_entry(1)]))
    history.save(History(hands=[_entry(1), _entry(2)]))  # the kept copy: this last good state
    path = storage.path_for(history.FILE)
    path.write_text('{"hands": [{"id": 3}', encoding="utf-8")
    back, problem = history.load()
    assert problem is not None and history.FILE in problem and "\n" not in problem
    assert [e.hand for e in back.hands] == [1, 2]  # the kept copy restored, nothing lost
    assert (home / f"{history.FILE}.bad").read_text(encoding="utf-8") == '{"hands": [{"id": 3}'
    # a shape that parses but is wrong is refused the same way, never overwritten
    path.write_text(json.dumps({"hands": [{"id": 1, "record": 5}]}), encoding="utf-8")
    back, problem = history.load()
    assert problem is not None and (home / f"{history.FILE}.2.bad").is_file()


def test_a_kept_decision_of_an_unknown_kind_is_refused_as_damage(home: Path) -> None:
    point = Point(0, "play", 3, 4, 0, 9, c("QC"))
    judged = Judged(point, Kind.FOLLOW, 12.5, c("3C"), "Duck.", "expected", ((c("3C"), 4.0),))
    history.save(History(hands=[_entry(1, analysed=True, decisions=(judged,))]))
    path = storage.path_for(history.FILE)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"][0]["decisions"][0]["point"]["kind"] = "dance"
    path.write_text(json.dumps(data), encoding="utf-8")
    back, problem = history.load()
    assert problem is not None and history.FILE in problem
    assert (home / f"{history.FILE}.bad").is_file()


def test_missed_drills_come_back_after_one_three_and_seven_days_of_play() -> None:
    h = History(days=10)
    st = h.answered("d", False)
    assert (st.due, st.retired) == (11, False)
    h.days = 11
    st = h.answered("d", True)
    assert (st.due, st.retired) == (14, False)
    h.days = 14
    st = h.answered("d", True)
    assert (st.due, st.retired) == (21, False)
    h.days = 21
    assert h.answered("d", True).retired
    assert History().answered("e", True).retired  # solved at first sight
    h.days = 30
    st = h.answered("f", False)
    h.drills["f"] = DrillState(2, 0)
    assert h.answered("f", False).due == 31  # a miss starts the intervals again


# ----------------------------------------------------------------------------- the controller


def test_a_finished_hand_is_analysed_in_the_background_and_kept(home: Path) -> None:
    ctl = Controller.new_game(
        CLASSIC, ("easy", "easy", "easy"), seed=11, executor="thread", keep_hands=True,
        coach_think_ms=5,
    )  # fmt: skip
    rng = random.Random(3)
    events: list[Any] = []
    try:
        for _ in range(200_000):
            events += ctl.pump(block=0.01)
            if ctl.keeper.kept >= 1 and not ctl.keeper.busy:
                break
            r = ctl.request
            if r is not None and r.human and not ctl.pending():
                answer_at_random(ctl, rng, nil=False)
        else:
            raise AssertionError("the hand was never kept")
    finally:
        ctl.close(save=False)
    kept, problem = history.load()
    assert problem is None and not any(isinstance(e, Notice) for e in events)
    first = kept.hands[0]
    assert first.analysed and first.hand == 1 and not first.practice and not first.undone
    assert first.game == f"{ctl.seed:x}" and first.levels == ("easy", "easy", "easy")
    assert len(first.decisions) == 14  # the bid and 13 cards
    assert first.decisions[0].kind in (Kind.BID_NUMBER, Kind.BID_NIL)
    assert all(d.kind not in (Kind.BID_NUMBER, Kind.BID_NIL) for d in first.decisions[1:])
    assert first.decisions[1].point.step == 1
    assert all(d.cost is not None for d in first.decisions if not d.point.forced)
    hand = ctl.game.hands[0]
    bid = hand.bids[0]
    assert bid is not None
    if bid != NIL and hand.bids[2] != NIL:
        assert first.accuracy == hand.tricks_won[0] + hand.tricks_won[2] - bid - hand.bids[2]


def test_the_analysis_waits_while_a_computer_seat_thinks(home: Path) -> None:
    ctl = Controller.new_game(
        CLASSIC, ("easy",) * 3, seed=2, executor="inline", keep_hands=True, coach_think_ms=5
    )
    try:
        g = ctl.game
        while len(g.results) < 1:
            ctl.pump()
            r = ctl.request
            if r is not None and r.human:
                answer_at_random(ctl, random.Random(1), nil=False)
        entry = hand_entry(
            g, 0, game_key="x", levels=("easy",) * 3, practice=False, undone=False, rev=0
        )
        assert entry is not None
        keeper = ctl.keeper
        keeper.started, keeper.jobs, keeper.queue = True, 0, [entry]
        keeper.tick(thinking=True)  # West thinking
        assert keeper.jobs == 0 and not keeper.points
        keeper.tick(thinking=False)  # the player's turn
        assert keeper.jobs == 1 and len(keeper.points) == 14  # the bid's analysis asked
    finally:
        ctl.close(save=False)


def test_practice_and_undone_hands_are_marked_and_left_out_of_the_figures() -> None:
    point = Point(0, "play", 1, 4, 0, 0, c("QC"))
    d = Judged(point, Kind.LEAD, 10.0, c("3C"), "", "expected")
    h = History()
    h.upsert(_entry(1, analysed=True, decisions=(d,)))
    h.upsert(_entry(2, analysed=True, practice=True, decisions=(d, d)))
    h.upsert(_entry(3, analysed=True, undone=True, decisions=(d, d)))
    s = summarise(h)
    assert s.hands == 1 and s.practice == 2
    assert s.by_kind[Kind.LEAD] == 10.0 and s.costliest is Kind.LEAD


def test_built_in_themes() -> None:
    assert theme_of("cover_keep_king", "play") == "Covering partner's nil"
    assert theme_of("set_nil_when_made", "play") == "Setting their nil"
    assert theme_of("clear_nil", "bid") == "Bidding nil"
    assert theme_of("bid_six_top_spades", "bid") == "Bidding with spades"
    assert theme_of("nil_stay_under", "play") == "Playing your nil"
    assert theme_of("tournament_duck_sixth_bag", "play") == "Bags"
    assert theme_of("third_hand_high", "play") == "Card play"


def test_a_kept_decision_becomes_a_drill_of_the_position_as_seen(home: Path) -> None:
    ctl = Controller.new_game(CLASSIC, ("easy",) * 3, seed=5, executor="inline")
    rng = random.Random(9)
    try:
        while len(ctl.game.results) < 1:
            ctl.pump()
            r = ctl.request
            if r is not None and r.human and not ctl.pending():
                answer_at_random(ctl, rng, nil=False)
    finally:
        ctl.close(save=False)
    entry = hand_entry(
        ctl.game, 0, game_key="k", levels=("easy",) * 3, practice=False, undone=False, rev=0
    )
    assert entry is not None
    points = decision_points(load(entry.record), 0, 0)
    p = next(x for x in points if x.kind == "play" and x.step >= 5 and not x.forced)
    d = Judged(p, Kind.FOLLOW, 15.0, p.action, "Keep it.", "expected")
    drill = from_decision(entry, 0, d)
    assert drill is not None
    assert drill.view.seat == 0 and drill.view.tricks_done == p.step - 1
    assert drill.view.hand.bit_count() == 14 - p.step
    assert drill.right(p.action) and p.action in drill.choices and drill.reason == "Keep it."
    kept = History(hands=[replace(entry, analysed=True, decisions=(d,))])
    assert [x.id for x in due_drills(kept)] == [f"{entry.id}#0"]
    kept.answered(f"{entry.id}#0", False)
    assert due_drills(kept) == []  # missed: back after a day of play
    kept.days += 1
    assert len(due_drills(kept)) == 1


def test_a_hand_with_an_undo_in_practice_mode_is_kept_marked(home: Path) -> None:
    from spades_gui.controller.intents import Undo

    ctl = Controller.new_game(
        CLASSIC, ("easy",) * 3, seed=6, executor="inline", keep_hands=True, coach_think_ms=5,
        practice=True,
    )  # fmt: skip
    rng = random.Random(4)
    undone = False
    try:
        for _ in range(20_000):
            ctl.pump()
            if ctl.keeper.kept >= 1 and not ctl.keeper.busy:
                break
            r = ctl.request
            if r is not None and r.human and not ctl.pending():
                if r.kind == "play" and not undone:
                    undone = True
                    ctl.send(Undo())
                    continue
                answer_at_random(ctl, rng, nil=False)
        else:
            raise AssertionError("the hand was never kept")
    finally:
        ctl.close(save=False)
    entry = history.load()[0].hands[0]
    assert entry.practice and entry.undone and entry.analysed and entry.rev == 1
    assert summarise(history.load()[0]).hands == 0  # kept, but not in the figures


def test_a_shared_blind_number_counts_once_in_the_bid_accuracy() -> None:
    from spades_gui.coach.history import _team_number
    from spades_gui.engine.bids import BLIND, NIL

    assert _team_number([BLIND + 6, 2, BLIND + 6, 3], 0) == 6  # partners hold one Blind 6
    assert _team_number([4, 2, 3, 3], 0) == 7
    assert _team_number([NIL, 2, 3, 3], 0) == 3
    assert _team_number([NIL, 2, NIL, 3], 0) is None
