"""The coach without a window: claims, review analysis, record files, the controller's intents."""

from __future__ import annotations

import json
import queue
import random
from pathlib import Path
from typing import Any

import pytest

from spades_gui.coach import (
    RecordFileError,
    analyse,
    claim_plays,
    decision_points,
    export_game,
    export_hand,
    read_record_file,
    verdict_label,
)
from spades_gui.coach.review import explain_job, position
from spades_gui.controller import (
    ClaimOffer,
    Controller,
    HintReady,
    Illegal,
    Rewound,
    Worker,
)
from spades_gui.controller.intents import Bid, Claim, Hint, Misdeal, PassCards, Play, Undo
from spades_gui.engine import Game, preset_rules
from spades_gui.engine.actions import PlayAction
from spades_gui.engine.bids import BLIND_NIL, NIL
from spades_gui.engine.cards import cards_of, natural_suit
from spades_gui.engine.claim import claim_is_sure
from spades_gui.engine.playout import random_card
from spades_gui.engine.record import load


def finished(seed: int = 4, hands: int = 1, rules: str = "classic") -> Controller:
    """An AI-only game played until `hands` hands are scored (seat 0 plays medium)."""
    ctl = Controller.new_game(
        preset_rules(rules), ("medium", "easy", "medium", "easy"), seed=seed, executor="inline"
    )
    while len(ctl.game.results) < hands:
        ctl.pump()
    return ctl


# ----------------------------------------------------------------------------- claims


@pytest.mark.parametrize("preset", ["classic", "pagat", "jokers350"])
def test_every_sure_claim_is_played_out_with_every_trick_to_the_claimant(preset: str) -> None:
    claims = 0
    for seed in range(25):
        g = Game(preset_rules(preset))
        rng = random.Random(seed)
        g.deal(rng)
        h = g.hand
        while h.phase == "bid":
            legal = [b for b in h.legal_bids() if b < NIL]
            h.bid(legal[min(2, len(legal) - 1)])
        while h.phase == "pass":
            h.pass_cards(sum(1 << c for c in cards_of(h.hands[h.turn])[: h.pass_count()]))
        while h.phase == "play":
            s = h.turn
            line = claim_plays(h, s)
            if claim_is_sure(h, s):
                claims += 1
                assert line is not None
                h2 = h.copy()
                k = len(h2.trick_winners)
                for c in line:
                    h2.play(c)
                assert h2.phase == "done" and set(h2.trick_winners[k:]) <= {s}
            else:
                assert line is None
            h.play(random_card(h.legal_plays(), rng.random()))
    assert claims >= 10


# ----------------------------------------------------------------------------- review


def test_decision_points_are_the_bid_and_every_card() -> None:
    ctl = finished()
    g = load(ctl.record())
    points = decision_points(g, 0)
    assert [p.kind for p in points] == ["bid"] + ["play"] * 13
    assert [p.step for p in points] == list(range(14))
    assert points[-1].forced  # the last card is always the only one
    for p in points[1:]:
        game = position(ctl.record(), p)
        hand = game.hand
        assert hand.turn == 0 and len(hand.plays) == p.plays
        assert hand.hands[0] >> p.action & 1


def test_a_hand_with_a_second_round_is_reviewed_from_the_bids_as_made() -> None:
    # 001's second round: the review replays each team's answer, and the player's bid is the
    # first round's (a raise of the team's total is no bid of the player's)
    from spades_gui.engine.game import deal_hand

    r = preset_rules("pagat").with_options(raise_round=True)
    for seed in range(40):
        game = Game(r)
        game.start_hand(3, deal_hand(r, 3, random.Random(seed))[0])  # seat 0 bids first
        seats = ("medium", "easy", "medium", "easy")
        ctl = Controller(game, seats, seed=seed, executor="inline")
        while len(ctl.game.results) < 1:
            ctl.pump()
        ctl.close(save=False)
        hand = ctl.game.hands[0]
        if hand.bids[0] != hand.first_bids[0]:
            break
    else:
        raise AssertionError("seat 0 never raised")
    rec = ctl.record()
    points = decision_points(load(rec), 0)
    assert [p.kind for p in points] == ["bid"] + ["play"] * 13
    assert points[0].action == hand.first_bids[0] != hand.bids[0]
    assert position(rec, points[0]).hand.turn == 0  # the bid's position loads
    game = position(rec, points[1])
    assert game.hand.phase == "play" and game.hand.raises == hand.raises
    assert analyse(rec, points[0], think_ms=5).best is not None


def test_analysis_weighs_the_player_against_hard() -> None:
    ctl = finished()
    rec = ctl.record()
    points = decision_points(load(rec), 0)
    forced = next(p for p in points if p.forced)
    v = analyse(rec, forced)
    assert v.cost == 0.0 and v.how == "forced" and v.label == "good"
    bid = points[0]
    v = analyse(rec, bid)  # the default budget: deterministic, unlike a time limit
    assert v.how in ("expected", "tricks") and v.cost is not None and v.cost >= 0
    assert v.reason and v.best is not None
    # Hard's own choice, played by the player, costs nothing
    same = type(bid)(**{**bid.__dict__, "action": v.best})
    assert analyse(rec, same).cost == 0.0
    assert verdict_label(None) is None
    labels = [verdict_label(c) for c in (0, 3.4, 4, 9.4, 9.6, 10)]
    assert labels == ["good", "good", "slip", "slip", "mistake", "mistake"]  # by the points told


def test_a_bid_hard_did_not_consider_is_scored_with_the_tricks_taken() -> None:
    ctl = finished()
    rec = ctl.record()
    bid = decision_points(load(rec), 0)[0]
    far = type(bid)(**{**bid.__dict__, "action": 13})
    v = analyse(rec, far, think_ms=5)
    assert v.how == "tricks" and v.cost is not None and v.cost > 0


def test_explain_job_is_the_levels_decision() -> None:
    ctl = finished()
    rec = ctl.record()
    game = position(rec, decision_points(load(rec), 0)[3])
    from spades_gui.ai import seat_view

    d = explain_job("medium", 0, None, seat_view(game, 0))
    assert isinstance(d.action, PlayAction) and game.hand.legal_plays() >> d.action.card & 1


# ----------------------------------------------------------------------------- records


def test_exports_land_in_the_exports_folder_and_load(tmp_path: Path) -> None:
    ctl = finished(hands=2)
    p1 = export_game(ctl.record(), tmp_path, now=0)
    p2 = export_game(ctl.record(), tmp_path, now=0)
    assert p1.name.startswith("game-") and p2.name.endswith("-2.json") and p1 != p2
    rec, game = read_record_file(p1)
    assert len(game.hands) == len(ctl.game.hands)
    ph = export_hand(ctl.game, 1, ctl.names, tmp_path)
    rec, game = read_record_file(ph)
    assert ph.name.startswith("hand-2-") and len(game.hands) == 1
    assert rec["scores"] == ctl.game.results[0].scores and rec["table"]["names"][0] == "You"
    assert game.results[0].scores == ctl.game.results[1].scores


@pytest.mark.parametrize(
    "content, problem",
    [
        (None, "no such file"),
        (b"\xff\xfe\x00", "not a text file"),
        (b"{", "not JSON (Expecting property name enclosed in double quotes at line 1)"),
        (b"[]", "not a playable game record (a game record must be a JSON object)"),
        (b'{"rules": "classic", "hands": []}', "the record has no hands to review"),
    ],
)
def test_a_bad_record_file_gives_one_line(tmp_path: Path, content: Any, problem: str) -> None:
    path = tmp_path / "rec.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(RecordFileError) as e:
        read_record_file(path)
    assert str(e.value) == f"rec.json: {problem}"
    with pytest.raises(RecordFileError, match="is a folder"):
        read_record_file(tmp_path)
    with pytest.raises(RecordFileError, match="Type the path"):
        read_record_file("  ")


# ----------------------------------------------------------------------------- controller


def human(seed: int = 3, **kw: Any) -> Controller:
    """A game with the player at seat 0 and fast AI seats, everything inline."""
    kw.setdefault("coach_level", "medium")
    return Controller.new_game(
        preset_rules("classic"), ("medium", "easy", "medium"), seed=seed, executor="inline", **kw
    )


def to_turn(ctl: Controller, kind: str | None = None, block: float = 0.0) -> list[Any]:
    events: list[Any] = []
    for _ in range(2000):
        events += ctl.pump(block=block)
        if ctl.human_turn(kind) and not ctl.pending():
            return events
    raise AssertionError("no turn")


def test_a_hint_for_a_decision_already_made_is_dropped() -> None:
    ctl = Controller.new_game(
        preset_rules("classic"),
        ("medium", "easy", "medium"),
        seed=3,
        executor="thread",
        coach_level="hard",
        coach_think_ms=5000,
    )
    try:
        to_turn(ctl, "bid")
        ctl.send(Bid(ctl.request.options[2]))
        to_turn(ctl, "play", block=1.0)  # the other seats think on their threads
        while len({natural_suit(c) for c in cards_of(ctl.request.options)}) < 2:
            ctl.send(Play(cards_of(ctl.request.options)[0]))  # a choice Hard searches over
            to_turn(ctl, "play", block=1.0)
        ctl.send(Hint())
        ctl.pump()  # the hint is asked (on the coach's thread), and will think a while
        ctl.send(Play(cards_of(ctl.request.options)[0]))
        events = ctl.pump()  # the play cancels the hint: it returns early
        assert ctl.coach().wait(timeout=30)
        events += ctl.pump()
        assert not [e for e in events if isinstance(e, HintReady)]
    finally:
        ctl.close(save=False)


def test_hints_are_refused_when_it_is_not_the_players_turn_to_choose() -> None:
    ctl = human()
    to_turn(ctl, "bid")
    assert ctl.game.hand.order[-1] != 0  # someone bids after the player
    ctl.send(Bid(ctl.request.options[2]))
    ctl.send(Hint())  # handled right after the bid, while the next seat is asked
    events = ctl.pump()
    refused = [e for e in events if isinstance(e, Illegal) and e.refused is Hint]
    assert refused and refused[0].reason.startswith("hints are for your bids")
    assert not any(isinstance(e, HintReady) for e in events)


def test_undo_rewinds_to_the_players_last_decision_even_after_the_hand_ended() -> None:
    ctl = human(seed=8, practice=True)
    to_turn(ctl, "bid")
    assert not ctl.can_undo()
    ctl.send(Undo())
    assert any(isinstance(e, Illegal) and e.refused is Undo for e in ctl.pump())
    while True:
        to_turn(ctl)
        if ctl.request.kind == "continue":
            break
        if ctl.request.kind == "play" and ctl.game.hand.hands[0].bit_count() == 1:
            before = ctl.record()
        if ctl.request.kind == "bid":
            ctl.send(Bid(ctl.request.options[2]))
        else:
            ctl.send(Play(cards_of(ctl.request.options)[0]))
    assert len(ctl.game.results) == 1
    ctl.send(Undo())
    events = ctl.pump()
    assert isinstance(events[0], Rewound) and events[0].undone >= 1
    assert ctl.record()["hands"] == before["hands"] and len(ctl.game.results) == 0
    assert ctl.human_turn("play")


def test_claims_are_checked_off_the_window_and_again_when_made() -> None:
    ctl = human(seed=10)
    offers: list[ClaimOffer] = []
    for _ in range(60):
        events = to_turn(ctl)
        offers += [e for e in events if isinstance(e, ClaimOffer)]
        if offers or ctl.request.kind == "continue":
            break
        if ctl.request.kind == "play":
            sure = claim_is_sure(ctl.game.hand, 0)
            if not sure:
                ctl.send(Claim())
                assert any(isinstance(e, Illegal) for e in ctl.pump())
        if ctl.request.kind == "bid":
            ctl.send(Bid(ctl.request.options[2]))
        else:
            ctl.send(Play(cards_of(ctl.request.options)[0]))
    assert offers and offers[-1].seat == 0
    ctl.send(Claim())
    ctl.pump()
    assert ctl.game.hands[0].phase == "done"


def test_coach_worker_modes_give_the_same_answers() -> None:
    ctl = finished()
    rec = ctl.record()
    point = decision_points(load(rec), 0)[2]
    answers = []
    for mode in ("inline", "thread", "process"):
        w = Worker(mode)
        q: queue.SimpleQueue = queue.SimpleQueue()
        try:
            w.submit(analyse, (rec, point, "medium"), lambda *a, q=q: q.put(a))
            jid, result, error = q.get(timeout=30)
        finally:
            w.close()
        assert error is None
        answers.append((result.best, result.reason))
    assert answers[0] == answers[1] == answers[2]


def test_a_closed_worker_answers_with_an_error() -> None:
    w = Worker("thread")
    w.close()
    got: list[Any] = []
    w.submit(analyse, (), lambda *a: got.append(a))
    assert got and isinstance(got[0][2], RuntimeError)
    with pytest.raises(ValueError):
        Worker("nowhere")


def test_records_written_by_the_controller_keep_the_undo_count(tmp_path: Path) -> None:
    ctl = human(practice=True)
    to_turn(ctl, "bid")
    ctl.send(Bid(ctl.request.options[2]))
    to_turn(ctl)
    ctl.send(Undo())
    ctl.pump()
    path = export_game(ctl.record(), tmp_path)
    again = Controller.from_record(json.loads(path.read_text()), executor="inline")
    assert again.undos == 1 and again.used_practice and not again.practice


def test_positions_after_a_blind_nil_exchange_are_in_play() -> None:
    ctl = Controller.new_game(
        preset_rules("pagat"), ("medium", "easy", "medium"), seed=1, executor="inline"
    )
    while True:
        to_turn(ctl)
        kind = ctl.request.kind
        if kind == "continue":
            break
        if kind == "blind":
            ctl.send(Bid(BLIND_NIL))
        elif kind == "pass":
            ctl.send(PassCards(sum(1 << c for c in cards_of(ctl.game.hand.hands[0])[:2])))
        elif kind == "bid":
            ctl.send(Bid(ctl.request.options[2]))
        elif kind == "misdeal":
            ctl.send(Misdeal(False))
        else:
            ctl.send(Play(cards_of(ctl.request.options)[0]))
    rec = ctl.record()
    game = load(rec)
    assert game.hands[0].passes and game.hands[0].bids[0] == BLIND_NIL
    points = decision_points(game, 0)
    assert points[0].blind and analyse(rec, points[0]).how == "blind"
    for p in points[1:]:
        hand = position(rec, p).hand
        # every exchange of the hand (003's computer players may blind nil too) is kept
        assert hand.phase == "play" and hand.turn == 0
        assert hand.passes == game.hands[0].passes


# ----------------------------------------------------------------------------- the coach's words


def test_the_verdict_says_what_a_choice_cost_and_its_label_follows_the_points() -> None:
    """Issue 11 (22): the label follows the cost in points, and the words say the cost."""
    from spades_gui.coach import verdict_words

    assert verdict_words("play", 12.3, "expected") == ("Mistake: costs about 12 points", "mistake")
    assert verdict_words("play", 4.6, "expected") == ("Small slip: costs about 5 points", "slip")
    # 9.6 is told as "about 10 points", which is a mistake, not a small slip
    assert verdict_words("play", 9.6, "expected") == ("Mistake: costs about 10 points", "mistake")
    # an ace on a king that the analysis shows costing next to nothing is not a slip
    assert verdict_words("play", 0.4, "expected") == ("Good: as good as Hard's", "good")
    assert verdict_words("play", 1.2, "expected") == (
        "Good: within about 1 point of Hard's",
        "good",
    )
    assert verdict_words("play", 3.4, "expected") == (
        "Good: within about 3 points of Hard's",
        "good",
    )
    assert verdict_words("play", 0.0, "expected", same=True) == ("Good: same as Hard", "good")
    assert verdict_words("bid", 15, "tricks", level="medium")[0] == "Mistake: costs about 15 points"
    assert verdict_words("bid", None, "none") == ("Not judged", None)
    assert verdict_words("bid", None, "blind") == ("Blind bid: not judged", None)
    assert verdict_words("card", 0.0, "forced") == ("The only legal card", "good")
    for cost in (0, 0.5, 2, 3.5, 4, 7.7, 9.5, 10, 25):
        words, label = verdict_words("play", cost, "expected")
        assert label == verdict_label(cost)
        if round(cost):
            assert f"about {round(cost)} point" in words


def _view(voids: tuple[int, ...], trick: tuple[str, ...] = (), gone: str = "", **kw: Any) -> Any:
    """A seat view at South's turn to play, built by hand."""
    from spades_gui.ai.view import SeatView
    from spades_gui.engine.cards import mask_of, parse_card
    from spades_gui.engine.hand import PLAY

    hand = mask_of(parse_card(c) for c in ("KH", "4H", "QC", "7D", "3S"))
    return SeatView(
        rules=preset_rules("classic"),
        seat=0,
        phase=PLAY,
        hand=hand,
        dealer=3,
        bids=(3, 3, 3, 3),
        trick=tuple(parse_card(c) for c in trick),
        leader=(4 - len(trick)) % 4,
        gone=mask_of(parse_card(c) for c in gone.split()),
        voids=voids,
        **kw,
    )


def test_a_lead_an_opponent_void_may_trump_is_said_in_the_hint() -> None:
    """Issue 11 (22): a suggested lead into a known void says so."""
    from spades_gui.coach import ruff_seats, ruff_words
    from spades_gui.engine.cards import CLUBS, HEARTS, SPADES, parse_card
    from spades_gui.ui.words import hint_reason

    kh = parse_card("KH")
    rules = preset_rules("classic")
    hearts, spades = 1 << HEARTS, 1 << SPADES
    view = _view((0, hearts, 0, 0))  # West has shown out of hearts
    assert ruff_seats(view, kh) == (1,)
    words = ruff_words((1,), kh, rules)
    assert words == "West is out of hearts and may trump it, but it is still the best card here."
    assert ruff_words((1,), kh, rules, ["Ann", "Bo", "Cy", "Di"]).startswith("Bo is out of hearts")
    both = ruff_words(ruff_seats(_view((0, hearts, 0, hearts)), kh), kh, rules)
    assert both.startswith("West and East are out of hearts and may trump it")
    reason = hint_reason("The king should win the trick.", words)
    assert reason.startswith(words) and reason.endswith("The king should win the trick.")
    assert hint_reason("The king should win the trick.", "") == "The king should win the trick."
    # nothing to say: the partner is the void one, the void opponent has no trumps either,
    # the card is a trump, another suit, or no spade is left outside the hand
    assert ruff_seats(_view((0, 0, hearts, 0)), kh) == ()
    assert ruff_seats(_view((0, hearts | spades, 0, 0)), kh) == ()
    assert ruff_seats(view, parse_card("3S")) == ()
    assert ruff_seats(view, parse_card("QC")) == ()
    all_spades = " ".join(
        f"{r}S" for r in ("2", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
    )
    assert ruff_seats(_view((0, hearts, 0, 0), gone=all_spades), kh) == ()
    assert ruff_words((), kh, rules) == ""
    # third to play: only West is still to come; not when East already trumped
    assert ruff_seats(_view((0, hearts, 0, 0), trick=("2H", "9H")), kh) == (1,)
    assert ruff_seats(_view((0, hearts, 0, 0), trick=("2H", "2S")), kh) == ()
    assert ruff_seats(_view((0, 1 << CLUBS, 0, 0), trick=("2H", "9H")), kh) == ()
    # second to play (East led): West is still to come, East has played already
    assert ruff_seats(_view((0, hearts, 0, 0), trick=("5H",)), kh) == (1,)
    assert ruff_seats(_view((0, 0, 0, hearts), trick=("5H",)), kh) == ()
