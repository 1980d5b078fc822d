"""Hand.from_position(): a hand rebuilt from a position reached by real play acts as the real."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.ai.view import seat_view
from spades_gui.engine import BID, PASS, PLAY, PRESETS, Game, Hand
from spades_gui.engine.cards import cards_of
from spades_gui.engine.hand import Position

from .helpers import position
from .randomplay import OVERLAYS, PRESET_NAMES, overlaid, random_action

TRICK_STATE = (
    "phase",
    "turn",
    "bids",
    "nbids",
    "leader",
    "first_leader",
    "trick",
    "plays",
    "trick_winners",
    "tricks_won",
    "gone",
    "spades_broken",
    "voids",
)


def moves(h: Hand) -> tuple[object, ...]:
    """What the seat to act may do."""
    return (h.legal_bids(), h.legal_asks(), h.legal_bemos(), h.plain_bids(), h.legal_plays())


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    changes=st.lists(st.sampled_from(OVERLAYS), max_size=4),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_rebuilt_hand_offers_the_same_moves_in_the_same_trick_state(preset, changes, seed):
    rng = random.Random(seed)
    game = Game(overlaid(PRESETS[preset].rules, changes), (rng.randrange(-200, 400, 10), 0))
    h = game.deal(rng)
    checked = 0
    while not h.done:
        if h.phase in (BID, PLAY):
            again = Hand.from_position(position(h))
            assert moves(again) == moves(h)
            for name in TRICK_STATE:
                assert getattr(again, name) == getattr(h, name), name
            assert again.raising == h.raising and not again.actions
            # a seat's own view, other hands unknown, offers it the same moves
            mine = seat_view(game, h.turn).engine_hand()
            assert (mine.legal_bids(), mine.legal_asks(), mine.legal_plays()) == (
                h.legal_bids(),
                h.legal_asks(),
                h.legal_plays(),
            )
            checked += 1
        random_action(h, rng)
    assert checked


def test_a_rebuilt_hand_plays_on_to_the_end_as_the_real_one() -> None:
    rng = random.Random(7)
    game = Game(PRESETS["classic"].rules)
    h = game.deal(rng)
    while h.phase != PLAY or len(h.plays) < 9:
        random_action(h, rng)
    again = Hand.from_position(position(h))
    while not h.done:
        card = rng.choice(cards_of(h.legal_plays()))
        h.play(card)
        again.play(card)
        assert again.trick_winners == h.trick_winners and again.tricks_won == h.tricks_won
    assert again.done


def test_in_an_exchange_the_seat_to_act_passes_to_its_partner() -> None:
    r = PRESETS["classic"].rules.with_options(nil_exchange=True)
    h = Hand.from_position(Position(r, 3, 2, PASS, (0, 0, 0b111 << 13, 0), (4, 3, 100, 3)))
    assert h.phase == PASS and h.turn == 2 and h.pass_queue == [(2, 0)]
