"""The game controller headless: whole games, resume, AI failures, intents, cancellation."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import pytest

from spades_gui.ai import make_policy
from spades_gui.controller import (
    BidMade,
    CardPlayed,
    CardsShown,
    Controller,
    GameOver,
    HandDealt,
    HandScored,
    Illegal,
    MisdealCalled,
    Notice,
    TrickWon,
    Turn,
)
from spades_gui.controller.intents import Bid, Misdeal, NextHand, PassCards, Play, ShowCards
from spades_gui.engine import BLIND_NIL, PLAY, PRESETS, Game, preset_rules
from spades_gui.engine.cards import SPADES, cards_of, mask_of, parse_card
from spades_gui.engine.deck import deck_for
from spades_gui.engine.record import load


def run_ai_game(ctl: Controller, max_pumps: int = 100_000) -> list[Any]:
    """Pump an AI-only game to its end; every event emitted."""
    events: list[Any] = []
    for _ in range(max_pumps):
        events += ctl.pump(block=0.05)
        if ctl.game.over and not ctl.pending() and any(isinstance(e, GameOver) for e in events):
            return events
    raise AssertionError("the game did not finish")


def state_of(ctl: Controller) -> dict[str, Any]:
    """Everything that defines the position of the current hand."""
    g = ctl.game
    h = g.hand
    assert h is not None
    return {
        "scores": list(g.scores),
        "bags": list(g.bags),
        "hands_played": len(g.hands),
        "dealer": h.dealer,
        "hands": list(h.hands),
        "bids": list(h.bids),
        "phase": h.phase,
        "turn": h.turn,
        "trick": list(h.trick),
        "plays": list(h.plays),
        "tricks_won": list(h.tricks_won),
        "spades_broken": h.spades_broken,
    }


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_ai_game_under_every_preset_reaches_game_over(preset: str) -> None:
    ctl = Controller.new_game(preset_rules(preset), ("easy",) * 4, seed=11, executor="inline")
    events = run_ai_game(ctl)
    g = ctl.game
    over = [e for e in events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].winner == g.winner and g.winner in (0, 1)
    scored = [e for e in events if isinstance(e, HandScored)]
    assert len(scored) == g.hands_scored() >= 1
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert len(dealt) == len(g.hands)
    plays = [e for e in events if isinstance(e, CardPlayed)]
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert len(plays) == 52 * len(scored) and len(tricks) == 13 * len(scored)
    assert scored[-1].result is not None and list(over[0].scores) == scored[-1].result.scores


def test_ai_game_on_the_worker_thread() -> None:
    ctl = Controller.new_game(preset_rules("intramural"), ("easy",) * 4, seed=5)
    try:
        events = run_ai_game(ctl)
    finally:
        ctl.close(save=False)
    assert any(isinstance(e, GameOver) for e in events)
    assert ctl.game.over


def _play_until(ctl: Controller, stop_after_plays: int) -> None:
    n = 0
    while True:
        for e in ctl.pump(limit=1):
            n += isinstance(e, CardPlayed)
            if n == stop_after_plays:
                return


def test_resume_mid_trick_gives_the_same_position_and_the_same_game() -> None:
    rules = preset_rules("classic")
    a = Controller.new_game(rules, ("easy",) * 4, seed=21, executor="inline")
    _play_until(a, 13 * 4 + 22)  # hand 2, trick 6, two cards down
    assert len(a.game.hands) == 2 and len(a.game.hand.trick) == 2
    record = json.loads(json.dumps(a.record()))
    b = Controller.from_record(record, executor="inline")
    assert state_of(b) == state_of(a)
    assert b.seats == a.seats and b.names == a.names and b.seed == a.seed
    ea = [e for e in run_ai_game(a) if not isinstance(e, Turn)]
    eb = [e for e in run_ai_game(b) if not isinstance(e, Turn)]
    assert eb == ea  # the same seeds and views: the rest of the game replays identically
    assert a.game.scores == b.game.scores and a.game.winner == b.game.winner


def test_save_fn_gets_a_loadable_record_after_every_bid_pass_and_trick() -> None:
    saved: list[dict[str, Any]] = []
    ctl = Controller.new_game(
        preset_rules("pagat"), ("easy",) * 4, seed=3, executor="inline", save_fn=saved.append
    )
    events = []
    while not any(isinstance(e, HandScored) for e in events):
        events += ctl.pump(limit=1)
    bids = sum(isinstance(e, BidMade) for e in events)
    tricks = sum(isinstance(e, TrickWon) for e in events)
    assert len(saved) >= bids + tricks
    mid = saved[bids + 3]
    game = load(mid)
    assert game.hand is not None and game.hand.phase == PLAY
    assert mid["table"]["seed"] == 3


def test_a_game_keeps_one_id_across_saves_and_an_older_save_gets_a_steady_one() -> None:
    """The statistics count each hand of a game once by this id."""
    rules = preset_rules("classic")
    a = Controller.new_game(rules, ("easy",) * 4, seed=21, executor="inline")
    other = Controller.new_game(rules, ("easy",) * 4, seed=21, executor="inline")
    assert a.game_id != other.game_id  # the same seed is not the same game
    _play_until(a, 13 * 4 + 5)
    record = json.loads(json.dumps(a.record()))
    assert record["table"]["id"] == a.game_id
    assert Controller.from_record(record, executor="inline").game_id == a.game_id
    del record["table"]["id"]  # saved before games had ids
    older = {Controller.from_record(record, executor="inline").game_id for _ in range(2)}
    _play_until(a, 3)  # the same game further on
    later = json.loads(json.dumps(a.record()))
    del later["table"]["id"]
    older.add(Controller.from_record(later, executor="inline").game_id)
    assert len(older) == 1 and a.game_id not in older


class Exploding:
    """A policy that fails at every decision."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def call_misdeal(self, view: Any, stop: Any = None) -> bool:
        raise RuntimeError("boom")

    def bid_blind(self, view: Any, stop: Any = None) -> int | None:
        raise RuntimeError("boom")

    def bid(self, view: Any, stop: Any = None) -> int:
        raise RuntimeError("boom")

    def pass_cards(self, view: Any, stop: Any = None) -> int:
        raise RuntimeError("boom")

    def play(self, view: Any, stop: Any = None) -> int:
        return 999  # not even a card


def test_an_ai_that_raises_still_lets_the_game_finish(caplog: pytest.LogCaptureFixture) -> None:
    ctl = Controller.new_game(
        preset_rules("intramural"),
        ("easy",) * 4,
        seed=2,
        executor="inline",
        policies={1: Exploding(1), 3: Exploding(3)},
    )
    with caplog.at_level(logging.ERROR, logger="spades_gui.controller"):
        events = run_ai_game(ctl)
    assert ctl.game.over
    assert any(isinstance(e, Notice) and e.details["seat"] in (1, 3) for e in events)
    assert any("failed to" in r.getMessage() for r in caplog.records)


def test_an_ai_that_raises_on_the_worker_thread_too() -> None:
    ctl = Controller.new_game(
        preset_rules("intramural"), ("easy",) * 4, seed=4, policies={2: Exploding(2)}
    )
    try:
        run_ai_game(ctl)
    finally:
        ctl.close(save=False)
    assert ctl.game.over


def _human(rules_name: str = "classic", seed: int = 8, **kw: Any) -> Controller:
    return Controller.new_game(
        preset_rules(rules_name), ("easy", "easy", "easy"), seed=seed, executor="inline", **kw
    )


def _until_human(ctl: Controller) -> list[Any]:
    events: list[Any] = []
    for _ in range(10_000):
        events += ctl.pump()
        if ctl.human_turn() or ctl.game.over:
            return events
    raise AssertionError("the human was never asked")


def test_human_plays_a_whole_hand_and_illegal_cards_are_refused_with_reason() -> None:
    ctl = _human()
    refused = 0
    events = _until_human(ctl)
    while not any(isinstance(e, HandScored) for e in events):
        req = ctl.request
        assert req is not None and req.human and req.seat == 0
        hand = ctl.game.hand
        if req.kind == "bid":
            ctl.send(Bid(req.options[len(req.options) // 3]))
        elif req.kind == "blind":
            ctl.send(ShowCards())
        elif req.kind == "play":
            illegal = hand.hands[0] & ~req.options
            if illegal and not refused:
                card = cards_of(illegal)[0]
                ctl.send(Play(card))
                out = ctl.pump()
                assert len(out) == 1 and isinstance(out[0], Illegal)
                assert out[0].reason == hand.why_play_illegal(card)
                assert out[0].reason.startswith(("you must", "everyone", "the first", "spades"))
                refused += 1
            ctl.send(Play(cards_of(req.options)[0]))
        else:
            raise AssertionError(req.kind)
        events += _until_human(ctl)
    assert refused == 1
    assert ctl.request is not None and ctl.request.kind == "continue"
    ctl.send(NextHand())
    assert any(isinstance(e, HandDealt) for e in ctl.pump())


def test_intents_out_of_turn_are_refused() -> None:
    ctl = _human()
    _until_human(ctl)
    assert ctl.request.kind == "bid"
    ctl.send(Play(0))
    ctl.send(NextHand())
    ctl.send(Bid(99))
    out = ctl.pump()
    assert [type(e) for e in out] == [Illegal, Illegal, Illegal]
    assert out[0].reason == "it is not time to play a card"


def test_blind_nil_is_offered_before_the_cards_are_shown() -> None:
    # Pagat: blind nil any time, so the human's cards start face down.
    ctl = _human("pagat", seed=1)
    events = _until_human(ctl)
    dealt = next(e for e in events if isinstance(e, HandDealt))
    assert dealt.hidden and ctl.hidden
    assert ctl.request.kind == "blind" and BLIND_NIL in ctl.request.options
    ctl.send(Bid(5))  # a plain bid needs the cards shown first
    assert isinstance(ctl.pump()[0], Illegal)
    ctl.send(Bid(BLIND_NIL))
    out = ctl.pump()
    assert BidMade(0, BLIND_NIL) in out and not ctl.hidden


def test_show_cards_gives_up_the_blind_bid() -> None:
    ctl = _human("pagat", seed=1)
    _until_human(ctl)
    ctl.send(ShowCards())
    out = ctl.pump()
    assert isinstance(out[0], CardsShown)
    assert ctl.request.kind == "bid" and BLIND_NIL not in ctl.request.options
    ctl.send(Bid(BLIND_NIL))
    out = ctl.pump()
    assert isinstance(out[0], Illegal) and "before you look" in out[0].reason


def test_blind_nil_exchange_asks_the_human_to_pass() -> None:
    ctl = _human("pagat", seed=1)
    _until_human(ctl)
    ctl.send(Bid(BLIND_NIL))
    events = _until_human(ctl)
    assert ctl.request.kind == "pass" and ctl.request.options == 2
    ctl.send(PassCards(mask_of(cards_of(ctl.game.hand.hands[0])[:3])))
    assert isinstance(ctl.pump()[0], Illegal)
    mine = ctl.game.hand.hands[0]
    ctl.send(PassCards(mask_of(cards_of(mine)[:2])))
    events = _until_human(ctl)
    assert ctl.game.hand.hands[0] != mine
    assert ctl.game.hand.phase == PLAY or ctl.request.kind == "play"
    del events


def _misdeal_game() -> Game:
    """A game whose first hand gives seat 0 no spades, under a no-spades misdeal rule."""
    rules = preset_rules("classic").with_options(misdeal=["no_spades"])
    deck = deck_for(rules)
    spades = [c for c in deck.cards if deck.suit[c] == SPADES]
    others = [c for c in deck.cards if deck.suit[c] != SPADES]
    seat0 = others[:13]
    rest = others[13:] + spades
    deal = [mask_of(seat0)] + [mask_of(rest[i::3]) for i in range(3)]
    game = Game(rules)
    game.start_hand(3, deal)
    return game


def test_human_may_call_a_misdeal_and_the_hand_is_dealt_again() -> None:
    ctl = Controller(_misdeal_game(), (None, "easy", "easy", "easy"), seed=1, executor="inline")
    _until_human(ctl)
    assert ctl.request.kind == "misdeal" and "no_spades" in ctl.request.options
    ctl.send(Misdeal(True))
    out = ctl.pump(limit=2)
    assert out[0] == MisdealCalled(0, ("no_spades",))
    assert isinstance(out[1], HandDealt) and len(ctl.game.hands) == 2


def test_human_may_decline_a_misdeal() -> None:
    ctl = Controller(_misdeal_game(), (None, "easy", "easy", "easy"), seed=1, executor="inline")
    _until_human(ctl)
    ctl.send(Misdeal(False))
    _until_human(ctl)
    assert ctl.request.kind == "bid" and len(ctl.game.hands) == 1


class Slow:
    """A policy that thinks until told to stop."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()

    def _think(self, stop: Any) -> None:
        self.started.set()
        while not stop():
            threading.Event().wait(0.001)
        self.stopped.set()

    def call_misdeal(self, view: Any, stop: Any = None) -> bool:
        return False

    def bid_blind(self, view: Any, stop: Any = None) -> int | None:
        return None

    def bid(self, view: Any, stop: Any = None) -> int:
        self._think(stop)
        return 3

    def pass_cards(self, view: Any, stop: Any = None) -> int:
        self._think(stop)
        return 0

    def play(self, view: Any, stop: Any = None) -> int:
        self._think(stop)
        return 0


def test_close_cancels_an_ai_that_is_thinking() -> None:
    slow = Slow()
    policies = {s: slow for s in range(4)}
    ctl = Controller.new_game(preset_rules("classic"), ("easy",) * 4, seed=1, policies=policies)
    ctl.pump()
    assert slow.started.wait(5) and ctl.thinking is not None
    ctl.close(save=False)
    assert slow.stopped.wait(5)
    assert ctl.pump() == [] or all(not isinstance(e, BidMade) for e in ctl.pump())


def test_an_ai_that_never_answers_times_out_to_a_fallback() -> None:
    now = [0.0]
    slow = Slow()
    ctl = Controller.new_game(
        preset_rules("classic"),
        ("easy",) * 4,
        seed=1,
        policies={s: slow for s in range(4)},
        clock=lambda: now[0],
        ai_timeout_s=5.0,
    )
    try:
        ctl.pump()
        assert slow.started.wait(5)
        now[0] = 6.0
        events = ctl.pump(block=2.0)
        assert any(isinstance(e, BidMade) for e in events)
        assert any(isinstance(e, Notice) for e in events)
    finally:
        ctl.close(save=False)


def test_the_game_clock_feeds_finish_hand() -> None:
    now = [100.0]
    ctl = Controller.new_game(
        preset_rules("classic"), ("easy",) * 4, seed=1, executor="inline", clock=lambda: now[0]
    )
    ctl.pump(limit=1)
    now[0] += 75.0
    events: list[Any] = []
    while not any(isinstance(e, HandScored) for e in events):
        events += ctl.pump(limit=1)
    assert ctl.game.elapsed_s == pytest.approx(75.0)
    assert ctl.record()["hands"][0]["elapsed"] == 75.0
    rest = Controller.from_record(ctl.record(), executor="inline")
    assert rest.elapsed() == pytest.approx(75.0)


def test_a_played_card_is_reported_with_its_trick() -> None:
    ctl = Controller.new_game(preset_rules("jokers350"), ("easy",) * 4, seed=9, executor="inline")
    events: list[Any] = []
    while sum(isinstance(e, TrickWon) for e in events) < 3:
        events += ctl.pump(limit=1)
    won = [e for e in events if isinstance(e, TrickWon)]
    played = [e for e in events if isinstance(e, CardPlayed)]
    for t in won:
        cards = tuple(p.card for p in played if p.trick_no == t.trick_no)
        assert cards == t.cards
        seats = [p.seat for p in played if p.trick_no == t.trick_no]
        assert seats[0] == t.leader
    assert parse_card("BJ") in deck_for(ctl.rules).cards


def test_policies_come_from_the_ai_package() -> None:
    ctl = Controller.new_game(
        preset_rules("classic"), ("easy", "medium", "hard"), seed=1, executor="inline"
    )
    assert set(ctl.policies) == {1, 2, 3} and 0 in ctl.human
    assert type(ctl.policies[1]) is type(make_policy("easy", 0))
