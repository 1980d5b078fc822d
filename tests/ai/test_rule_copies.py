"""The AI's fast copies of rule facts agree with the engine, on random positions of every preset
(with every option that changes the deck or the failed nil's tricks drawn afresh): the trick's
winner (rollout.trick_winner, state.beats) and the tricks that count toward a contract
(rollout._counted). The first leader and the bidding order the AI reads from the engine itself
(forecast.first_leader, view_json); a deal checks the first leader's translation to strength
indices."""

from __future__ import annotations

import random
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.ai import seat_view
from spades_gui.ai.bits import tables_for
from spades_gui.ai.forecast import first_leader
from spades_gui.ai.rollout import Playout, _counted, trick_winner
from spades_gui.ai.state import beats
from spades_gui.engine import (
    BLIND,
    BLIND_NIL,
    NIL,
    PLAY,
    PRESETS,
    Game,
    Rules,
    deck_for,
)
from spades_gui.engine.scoring import counted_tricks
from tests.engine.randomplay import PRESET_NAMES, choices, dealt, fitted, random_action

DECK_OPTIONS = ("jokers", "jokers_replace", "high_twos", "failed_nil_tricks", "first_lead")


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """A preset, with the options that change the deck, the failed nil's tricks and the first
    lead drawn afresh where they fit."""
    base = PRESETS[draw(st.sampled_from(PRESET_NAMES))].rules
    return fitted(base, {name: draw(st.sampled_from(choices(name))) for name in DECK_OPTIONS})


@settings(max_examples=200, deadline=None)
@given(rules=any_rules(), seed=st.integers(0, 2**32 - 1))
def test_the_trick_winner_is_the_engines_in_every_trick_of_a_hand(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    h = dealt(rules, rng)
    t = tables_for(rules)
    d = deck_for(rules)
    while random_action(h, rng):
        if h.phase == PLAY and not h.trick and h.plays:
            cards = h.plays[-4:]
            leader = h.tricks()[-1][0]
            idx = [t.to_i[c] for c in cards]
            assert trick_winner(idx, leader) == h.trick_winners[-1], (cards, leader)
            led = d.suit[cards[0]]
            for a, b in permutations(cards, 2):
                assert beats(t.to_i[a], t.to_i[b], idx[0] >> 4) == d.beats(a, b, led), (a, b)


@settings(max_examples=300, deadline=None)
@given(rules=any_rules(), data=st.data())
def test_any_four_cards_have_the_engines_winner(rules: Rules, data: st.DataObject) -> None:
    d = deck_for(rules)
    t = tables_for(rules)
    cards = data.draw(st.lists(st.sampled_from(d.cards), min_size=4, max_size=4, unique=True))
    leader = data.draw(st.integers(0, 3))
    assert trick_winner([t.to_i[c] for c in cards], leader) == (leader + d.winner(cards)) % 4


BIDS = st.sampled_from([*range(14), NIL, BLIND_NIL, BLIND + 6, BLIND + 10])


@settings(max_examples=300, deadline=None)
@given(
    rules=any_rules(),
    bids=st.lists(BIDS, min_size=4, max_size=4),
    tricks=st.lists(st.integers(0, 13), min_size=4, max_size=4),
)
def test_the_tricks_toward_a_contract_are_the_engines(
    rules: Rules, bids: list[int], tricks: list[int]
) -> None:
    po = Playout(rules, tuple(bids))
    for team in (0, 1):
        fast = _counted(team, tricks, po.isnil, po.rr.failed_partner)
        assert fast == counted_tricks(rules, bids, tricks, team)


@settings(max_examples=100, deadline=None)
@given(rules=any_rules(), seed=st.integers(0, 2**32 - 1))
def test_the_first_leader_of_a_deal_in_strength_indices_is_the_hands(
    rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    game = Game(rules)
    h = game.deal(rng)
    while h.phase != PLAY and random_action(h, rng):
        pass
    if h.phase != PLAY:
        return  # thrown in
    t = tables_for(rules)
    view = seat_view(game, h.turn)
    assert first_leader(view, [t.imask(m) for m in h.hands]) == h.first_leader
