"""A random playout: the same cards, tricks and winners as the hand played card by card."""

from __future__ import annotations

import random

import pytest

from spades_gui.engine import PLAY, PRESETS
from spades_gui.engine.playout import random_card, random_playout

from .randomplay import dealt, random_action


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_playout_plays_as_the_recorded_play_does(preset: str) -> None:
    rng = random.Random(preset)
    h = dealt(PRESETS[preset].rules, rng)
    while h.phase != PLAY and not h.done:
        random_action(h, rng)
    if h.phase != PLAY:
        pytest.skip("thrown in")
    fast, recorded = h.copy(), h.copy()
    random_playout(fast, random.Random(7))
    draw = random.Random(7).random
    while recorded.phase == PLAY:
        recorded.play(random_card(recorded.legal_plays(), draw()))  # checked and written down
    assert fast.plays == recorded.plays and fast.trick_winners == recorded.trick_winners
    assert fast.tricks_won == recorded.tricks_won and fast.reneges == recorded.reneges
    assert fast.phase == recorded.phase and fast.voids == recorded.voids
    assert len(recorded.actions) > len(fast.actions)  # the playout keeps no record
