"""Every place that rebuilds a hand from a record accepts whatever `spades replay` accepts:
random legal games and computer games of every preset and of random mixes of 001's
variations, fed to the review's weighing, the records' analysis, drills, a deal played
again, a resumed game and `spades replay` itself."""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spades_gui.ai import seat_view
from spades_gui.coach.drills import from_decision
from spades_gui.coach.history import hand_entry, unjudged
from spades_gui.coach.review import Point, decision_points, position
from spades_gui.commands import replay as replay_command
from spades_gui.controller import Controller
from spades_gui.controller.duplicate import deal_record, played_facts, replayable
from spades_gui.engine import BID, MISDEAL, PLAY, PRESETS, Game, Hand
from spades_gui.engine.actions import BidAction
from spades_gui.engine.cards import cards_of
from spades_gui.engine.record import game_to_record, load
from spades_gui.engine.replay import replayed
from tests.engine.randomplay import OVERLAYS, PRESET_NAMES, overlaid, random_action, state

LEFTOVER = tuple(o for o in OVERLAYS if o.get("jokers_replace") == "")


def random_game(preset: str, seed: int) -> dict[str, Any]:
    """A record of a random legal game of up to three hands under the preset and a random
    mix of 001's variations (every other seed with the cards left over from 54); the last
    hand may stop anywhere, as a saved game does."""
    rng = random.Random(seed)
    changes = rng.sample(OVERLAYS, rng.randrange(0, 4))
    if seed % 2:
        changes.append(rng.choice(LEFTOVER))
    rules = overlaid(PRESETS[preset].rules, changes)
    game = Game(rules, (rng.randrange(-200, 400, 10), rng.randrange(-200, 400, 10)))
    for n in range(rng.randrange(1, 4)):
        if game.over:
            break
        h = game.deal(rng)
        stop = rng.randrange(80) if n and rng.random() < 0.4 else None
        while (stop is None or len(h.actions) < stop) and random_action(h, rng):
            pass
        if not h.done:
            break
        game.finish_hand(float(10 * (n + 1)))
    return json.loads(json.dumps(game_to_record(game)))


def computer_game(preset: str, seed: int) -> dict[str, Any]:
    """A record of one hand played by four Easy seats at a controller, under the preset and
    a mix of 001's variations with the cards left over."""
    rng = random.Random(seed)
    changes = [*rng.sample(OVERLAYS, rng.randrange(0, 3)), rng.choice(LEFTOVER)]
    rules = overlaid(PRESETS[preset].rules, changes)
    ctl = Controller.new_game(rules, ("easy",) * 4, seed=seed, executor="inline", save_fn=None)
    try:
        for _ in range(5_000):
            if ctl.game.results:
                break
            ctl.pump(limit=1)
        assert ctl.game.results, "the computer game did not finish its hand"
        return json.loads(json.dumps(ctl.record()))
    finally:
        ctl.close(save=False)


def seats_cards(hand: Hand) -> list[tuple[int, int]]:
    """(seat, card) of every card played, read from the tricks (not from the actions)."""
    out = [
        ((leader + i) % 4, c) for leader, cards, _w in hand.tricks() for i, c in enumerate(cards)
    ]
    return out + [((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick)]


def check_points(record: dict[str, Any], game: Game, index: int) -> list[Point]:
    """decision_points of each seat covers exactly its bid and its cards, and each point's
    position is that seat's turn to make that decision; seat 0's points."""
    hand = game.hands[index]
    first = hand.first_bids or hand.bids
    mine: list[Point] = []
    for seat in range(4):
        points = decision_points(game, index, seat)
        if hand.phase == MISDEAL:
            assert points == []
            continue
        bids = [p.action for p in points if p.kind == "bid"]
        assert bids == ([first[seat]] if first[seat] is not None else [])
        plays = [p.action for p in points if p.kind == "play"]
        assert plays == [c for s, c in seats_cards(hand) if s == seat]
        assert all(p.seat == seat and p.hand == index for p in points)
        for p in points:
            at = position(record, p)
            h = at.hands[index]
            assert h.turn == seat and len(at.hands) == index + 1
            if p.kind == "play":
                assert h.phase == PLAY and len(h.plays) == p.plays == 4 * (p.step - 1) + len(
                    h.trick
                )
                assert p.action in cards_of(h.legal_plays())
                assert p.forced == (h.legal_plays().bit_count() == 1)
            else:
                assert h.phase == BID and not h.raising and h.nbids == p.bids
            seat_view(at, seat)  # what the AI weighs the decision from
        if seat == 0:
            mine = points
    return mine


def check_record(
    record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whatever `spades replay` accepts, every consumer accepts, and they agree."""
    game = load(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert replay_command.run(argparse.Namespace(file=str(path), json=True)) == 0
    summary = json.loads(capsys.readouterr().out)
    assert len(summary["hands"]) == len(game.hands)
    for i, hand in enumerate(game.hands):
        assert state(replayed(hand)) == state(hand)  # the record's hand is its replay
        assert summary["hands"][i]["tricks"] == list(hand.tricks_won)
        check_points(record, game, i)
        finished = i < len(game.results) and game.results[i] is not None
        assert replayable(record, i) == finished
        if not finished:
            continue
        # the records' analysis of a finished hand (the keeper) and its drills
        entry = hand_entry(
            game, i, game_key="g", levels=("easy",) * 3, practice=False, undone=False, rev=0
        )
        assert entry is not None
        kept = load(entry.record)
        for k, p in enumerate(decision_points(kept, 0, 0)):
            judged = unjudged(entry.record, p)
            drill = from_decision(entry, k, replace(judged, best=p.action))
            if p.kind == "play" and not p.forced:
                assert drill is not None and p.action in drill.choices
        # the deal played again: the same start, at its first decision
        played_facts(record, i)
        deal = deal_record(record, i)
        again = Controller.from_record(deal.record(), executor="inline", save_fn=None)
        try:
            h0 = again.game.hands[0]
            assert (h0.dealer, h0.dealt, h0.extra, h0.special) == (
                hand.dealer,
                hand.dealt,
                hand.extra,
                hand.special,
            )
            assert not h0.actions and h0.scores_before == hand.scores_before
        finally:
            again.close(save=False)
    # the game resumed where the record stops, and the table goes on
    resumed = Controller.from_record(record, executor="inline", save_fn=None)
    try:
        if resumed.game.hand is not None:
            assert state(resumed.game.hand) == state(game.hands[-1])
        resumed.pump(limit=3)
    finally:
        resumed.close(save=False)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_games_are_accepted_by_every_consumer(
    preset: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check_record(random_game(preset, seed), tmp_path, capsys)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_computer_games_are_accepted_by_every_consumer(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check_record(computer_game(preset, 3), tmp_path, capsys)


def test_the_random_games_cover_what_a_hand_can_do() -> None:
    """The generator's games have every kind of action these checks are meant for."""
    seen: set[str] = set()
    for preset in PRESET_NAMES:
        for seed in range(4):
            game = load(random_game(preset, seed))
            for h in game.hands:
                seen |= {type(t.action).__name__ for t in h.actions}
                if h.extra and h.extra & ~h.discarded & sum(1 << c for c in h.plays):
                    seen.add("a card left over played")
                if any(isinstance(t.action, BidAction) for t in h.actions) and h.raises:
                    seen.add("the second round")
    assert {"DiscardAction", "PassAction", "PlayAction", "BidAction"} <= seen
    assert "a card left over played" in seen
