"""Hand.pop() and Game.unscore(): taking back an action, or a hand's scoring, leaves the hand or
the game exactly as it was before it."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.engine import PLAY, PRESETS, Game, Hand, parse_card
from spades_gui.engine.actions import BidAction, MisdealCall, PlayAction
from spades_gui.engine.cards import cards_of
from spades_gui.engine.record import hand_to_record

from .helpers import hand_at_play, play_text, position, rules
from .randomplay import OVERLAYS, PRESET_NAMES, dealt, overlaid, random_action, state

mixes = st.lists(st.sampled_from(OVERLAYS), max_size=4)


@settings(max_examples=80, deadline=None)
@given(
    preset=st.sampled_from(PRESET_NAMES),
    changes=mixes,
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(0, 70),
    k=st.integers(0, 70),
)
def test_pop_k_equals_the_state_after_n_minus_k(preset, changes, seed, n, k):
    rng = random.Random(seed)
    h = dealt(overlaid(PRESETS[preset].rules, changes), rng)
    states = [state(h)]
    records = [hand_to_record(h)]
    while len(states) <= n and random_action(h, rng):
        states.append(state(h))
        records.append(hand_to_record(h))
    done = len(states) - 1
    k = min(k, done)
    for _ in range(k):
        h.pop()
    assert state(h) == states[done - k]
    assert hand_to_record(h) == records[done - k]


def test_pop_returns_the_action_and_play_goes_on():
    h = hand_at_play(rules("pagat"), s0="AC KC", s1="2C 3C")
    play_text(h, "AC")
    assert h.pop() == (0, PlayAction(parse_card("AC")))
    assert h.turn == 0 and not h.plays and h.phase == PLAY
    play_text(h, "KC", "2C")
    assert h.plays == [parse_card("KC"), parse_card("2C")]


def test_pop_through_bidding_to_the_deal():
    h = hand_at_play(rules("pagat"))
    for _ in range(4):
        assert isinstance(h.pop().action, BidAction)
    fresh = Hand(h.rules, h.dealer, list(h.dealt), h.scores_before)
    assert state(h) == state(fresh)
    with pytest.raises(IndexError):
        h.pop()


def test_a_copy_pops_alone():
    h = hand_at_play(rules("pagat"))
    c = h.copy()
    c.pop()
    assert h.nbids == 4 and c.nbids == 3


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), changes=mixes, seed=st.integers(0, 2**32 - 1))
def test_each_action_names_the_seat_that_took_it(preset, changes, seed):
    rng = random.Random(seed)
    h = dealt(overlaid(PRESETS[preset].rules, changes), rng)
    while not h.done:
        seat = h.turn
        callers = [s for s in range(4) if h.misdeal_reasons(s)]
        random_action(h, rng)
        actor, action = h.actions[-1]
        if isinstance(action, MisdealCall):
            assert actor in callers
        else:
            assert actor == seat


def test_pop_restores_without_replaying_the_hand(monkeypatch):
    rng = random.Random(3)
    h = dealt(PRESETS["classic"].rules, rng)
    while len(h.plays) < 30:
        random_action(h, rng)
    before = [state(h)]
    for _ in range(6):
        random_action(h, rng)
        before.append(state(h))
    calls = []
    monkeypatch.setattr(Hand, "__init__", lambda *a: calls.append("new"))
    monkeypatch.setattr(Hand, "apply", lambda *a: calls.append("apply"))
    monkeypatch.setattr(Hand, "_play_unchecked", lambda *a: calls.append("play"))
    for k in range(6):
        h.pop()
        assert state(h) == before[-2 - k]
    assert calls == []


def test_a_hand_rebuilt_from_a_position_takes_back_what_it_played():
    h = hand_at_play(rules("pagat"), s0="AC KC", s1="2C 3C")
    play_text(h, "AC", "2C")
    again = Hand.from_position(position(h))
    start = state(again)
    played = []
    for _ in range(3):  # the second finishes the trick, the third leads the next
        played.append(cards_of(again.legal_plays())[0])
        again.play(played[-1])
    assert len(again.trick_winners) == 1
    assert [again.pop().action for _ in range(3)] == [PlayAction(c) for c in reversed(played)]
    assert state(again) == start
    with pytest.raises(IndexError):
        again.pop()


def test_a_copy_and_its_original_pop_apart():
    rng = random.Random(8)
    h = dealt(PRESETS["classic"].rules, rng)
    while len(h.plays) < 6:
        random_action(h, rng)
    before = state(h)
    c = h.copy()
    while c.actions:
        c.pop()
    while not c.done:
        random_action(c, rng)
    assert state(h) == before
    h.pop()
    assert len(h.plays) == 5 and c.done


def _game_state(g: Game) -> dict:
    """Everything a game holds but its hands (kept as they are), copied."""
    out = copy.deepcopy({k: v for k, v in vars(g).items() if k != "hands"})
    out["hands"] = len(g.hands)
    return out


@pytest.mark.parametrize("preset", ["tournament", "jokers350", "pagat", "online"])
def test_unscore_restores_the_game_exactly_as_it_was_before_the_hand_was_scored(preset):
    rng = random.Random(preset)
    g = Game(PRESETS[preset].rules.with_options(tiebreak="most_tricks"))
    ended = 0
    while not g.over and len(g.hands) < 150:
        h = g.deal(rng)
        while random_action(h, rng):
            pass
        before = _game_state(g)
        result = g.finish_hand(100.0 * len(g.hands))
        after = _game_state(g)
        assert g.unscore() == result
        assert _game_state(g) == before
        assert g.finish_hand(100.0 * len(g.hands)) == result
        assert _game_state(g) == after
        ended += g.over
    assert ended == 1
    g.unscore()
    assert not g.over and g.winner is None and g.end_reason is None and g.end_words == ""


def test_unscore_needs_a_scored_last_hand():
    g = Game(PRESETS["classic"].rules)
    with pytest.raises(ValueError):
        g.unscore()
    h = g.deal(random.Random(1))
    with pytest.raises(ValueError):
        g.unscore()
    while random_action(h, random.Random(2)):
        pass
    g.finish_hand()
    g.unscore()
    assert g.results == [] and g.clock == [] and g.scores == [0, 0]
