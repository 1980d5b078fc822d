"""The hand review scores a hand as the game did (engine.game.hand_score, one call shape): with
its no trump and its Double Nil, from the bags before it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.coach.review import _points_diff
from spades_gui.engine import PRESETS, Rules
from tests.engine.randomplay import OVERLAYS, PRESET_NAMES, overlaid, played_game

SPECIAL = {"no_trump": True, "bemo": ["little", "big"], "special_card": "cut"}


@st.composite
def special_rules(draw: st.DrawFn) -> Rules:
    """A preset with 001's bids that change a hand's score laid over it, and some more."""
    base = PRESETS[draw(st.sampled_from(PRESET_NAMES))].rules
    more = draw(st.lists(st.sampled_from(OVERLAYS), max_size=3))
    return overlaid(base, [SPECIAL, *more])


@settings(max_examples=60, deadline=None)
@given(rules=special_rules(), seed=st.integers(0, 2**32 - 1), double_nil=st.booleans())
def test_the_review_scores_the_bids_made_as_the_game_scored_them(
    rules: Rules, seed: int, double_nil: bool
) -> None:
    game = played_game(rules, random.Random(seed), 3, double_nil)
    for hand, result in zip(game.hands, game.results):
        if result is None:
            continue
        bids = [b if b is not None else 0 for b in hand.bids]
        for seat in range(4):
            t = seat % 2
            want = result.teams[t].points - result.teams[1 - t].points
            assert _points_diff(game, hand, bids, seat) == want
