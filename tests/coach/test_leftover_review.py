"""The review's rebuilt hand knows 001's two cards left over: on 211fa54 decision_points
raised IllegalAction for the first of them played, the keeper's analysis of every finished
54-card hand with it, after every start (found by tools/soak.py; fixed on main)."""

from __future__ import annotations

import random

from spades_gui.coach.review import decision_points
from spades_gui.engine import BID, PLAY, Game, preset_rules
from spades_gui.engine.actions import DISCARD
from spades_gui.engine.cards import cards_of, mask_of
from spades_gui.engine.record import game_to_record, load


def leftover_game(seed: int) -> Game:
    """One hand of 54 cards in which South deals, takes the two left over and discards two
    of its own 13 (so it keeps and plays the two it took)."""
    rules = preset_rules("intramural").with_options(
        jokers=True, jokers_replace="", first_dealer="human", target=0, match_hands=1
    )
    rng = random.Random(seed)
    game = Game(rules)
    h = game.deal(rng)
    assert h.taker == 0 and h.extra
    while not h.done:
        if h.phase == DISCARD:
            own = [c for c in cards_of(h.hands[h.turn]) if not h.extra >> c & 1]
            h.discard(mask_of(own[:2]))
        elif h.phase == BID:
            h.bid(min(b for b in h.legal_bids() if 0 < b < 14))
        elif h.phase == PLAY:
            h.play(rng.choice(cards_of(h.legal_plays())))
    game.finish_hand(60.0)
    return game


def test_decision_points_of_a_hand_with_the_cards_left_over() -> None:
    """South's decisions in a 54-card hand it dealt: its bid and its 15 - 2 cards played."""
    game = load(game_to_record(leftover_game(seed=5)))  # as the keeper reads it back
    points = decision_points(game, 0, 0)
    assert [p.kind for p in points].count("play") == 13
