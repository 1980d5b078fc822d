"""engine/replay: a hand replayed from its start through its actions is the hand itself, at
every step, under every preset and mix of 001's variations."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.engine import PRESETS, Game, IllegalAction
from spades_gui.engine.actions import PlayAction, Taken
from spades_gui.engine.replay import HandStart, game_at, hand_steps, replayed, steps

from .randomplay import OVERLAYS, PRESET_NAMES, dealt, overlaid, random_action, state

mixes = st.lists(st.sampled_from(OVERLAYS), max_size=4)


@settings(max_examples=80, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), changes=mixes, seed=st.integers(0, 2**32 - 1))
def test_each_step_is_the_hand_as_it_stood_before_that_action(preset, changes, seed):
    rng = random.Random(seed)
    h = dealt(overlaid(PRESETS[preset].rules, changes), rng)
    while random_action(h, rng):
        pass
    n = len(h.actions)
    before = []
    back = h.copy()
    for _ in range(n):
        back.pop()
        before.append(state(back))
    before.reverse()
    seen = 0
    for step in hand_steps(h):
        assert state(step.hand) == before[step.index]
        assert step.action == h.actions[step.index].action
        seen += 1
    assert seen == n
    assert state(replayed(h)) == state(h)
    k = rng.randrange(n + 1)
    assert state(replayed(h, k)) == (before[k] if k < n else state(h))


def test_the_cards_left_over_are_the_takers_from_the_start():
    rules = PRESETS["classic"].rules.with_options(jokers=True, jokers_replace="")
    h = dealt(rules, random.Random(5))
    assert h.extra and h.taker >= 0
    start = HandStart.of(h).hand()
    assert start.hands[h.taker] & h.extra == h.extra
    assert start.hands[h.taker].bit_count() == 15


def test_an_action_out_of_turn_or_against_the_rules_is_refused():
    h = dealt(PRESETS["classic"].rules, random.Random(1))
    while h.phase != "play":
        random_action(h, random.Random(2))
    start = HandStart.of(h)
    bids = list(h.actions)
    wrong_seat = (h.turn + 1) % 4
    card = (h.hands[wrong_seat] & -h.hands[wrong_seat]).bit_length() - 1
    with pytest.raises(IllegalAction):
        list(steps(start, [*bids, Taken(wrong_seat, PlayAction(card))]))
    not_held = (h.hands[wrong_seat] & -h.hands[wrong_seat]).bit_length() - 1
    with pytest.raises(IllegalAction):
        list(steps(start, [*bids, Taken(h.turn, PlayAction(not_held))]))


def test_a_game_at_an_action_has_the_hands_before_it_scored():
    rng = random.Random(7)
    game = Game(PRESETS["classic"].rules)
    for _ in range(3):
        h = game.deal(rng)
        while random_action(h, rng):
            pass
        game.finish_hand(12.5)
    at = game_at(game, 2, 10)
    assert len(at.hands) == 3 and len(at.results) == 2
    assert at.scores == [game.results[1].scores[0], game.results[1].scores[1]]
    assert state(at.hands[2]) == state(replayed(game.hands[2], 10))
    assert at.clock == [12.5, 12.5]
