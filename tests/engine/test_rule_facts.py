"""Rule facts the AI, the coach and the controller read from the engine, each written once: the
first leader and its inverse, the bags before a hand, a hand's score, who sees a pass."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.engine import PASS, PRESETS, Game, Rules
from spades_gui.engine.game import hand_score
from spades_gui.engine.playing import dealer_of_first_leader, first_leader

from .randomplay import (
    DOUBLE_NIL,
    OVERLAYS,
    PRESET_NAMES,
    choices,
    overlaid,
    played_game,
    random_action,
    steered_action,
)


@pytest.mark.parametrize("lead", choices("first_lead"))
def test_the_dealer_of_a_first_leader_is_the_one_whose_deal_it_leads(lead: str) -> None:
    rules = PRESETS["classic"].rules.with_options(first_lead=lead)
    for dealer in range(4):
        leader = first_leader(rules, dealer, (0, 0, 0, 0) if lead != "two_clubs" else (1, 0, 0, 0))
        found = dealer_of_first_leader(rules, leader)
        assert found == (None if lead == "two_clubs" else dealer)


@st.composite
def mixed_rules(draw: st.DrawFn) -> Rules:
    """A preset with some of the options that add actions laid over it."""
    base = PRESETS[draw(st.sampled_from(PRESET_NAMES))].rules
    return overlaid(base, draw(st.lists(st.sampled_from(OVERLAYS), max_size=4)))


@settings(max_examples=60, deadline=None)
@given(rules=mixed_rules(), seed=st.integers(0, 2**32 - 1))
def test_the_bags_before_a_hand_are_those_the_last_scored_hand_left(
    rules: Rules, seed: int
) -> None:
    game = played_game(rules, random.Random(seed), 4, double_nil=False)
    assert game.bags_before(0) == game.start_bags
    for i, (hand, result) in enumerate(zip(game.hands, game.results)):
        before = game.bags_before(i)
        if result is None:  # thrown in: nothing changes
            assert game.bags_before(i + 1) == before
            continue
        assert hand_score(hand, before) == result
        assert game.bags_before(i + 1) == tuple(result.bags)


@settings(max_examples=100, deadline=None)
@given(rules=mixed_rules(), seed=st.integers(0, 2**32 - 1), double_nil=st.booleans())
def test_a_pass_is_seen_by_those_whose_cards_it_changes(
    rules: Rules, seed: int, double_nil: bool
) -> None:
    rng = random.Random(seed)
    h = Game(overlaid(rules, [DOUBLE_NIL]) if double_nil else rules).deal(rng)
    while h.phase != PASS and steered_action(h, rng, double_nil):
        pass
    while h.phase == PASS:
        giver, taker = h.pass_queue[0]
        held = [h.hands[giver], h.hands[taker]]
        seen, revealed = h.pass_seen_by(), h.pass_reveals()
        random_action(h, rng)
        # the giver sees its own pass; the taker the cards its hand takes up now (an empty
        # pass: none); the giver, with its pass, what partner passed it face down
        took = h.hands[taker] & ~held[1]
        assert giver in seen and (taker in seen) == bool(took or not h.passes[-1][2])
        assert h.hands[giver] & ~held[0] == revealed
