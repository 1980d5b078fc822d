"""Property tests: random legal play never reaches an inconsistent state."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.engine import PLAY, PRESETS, Game
from spades_gui.engine.cards import cards_of
from spades_gui.engine.deck import deck_for

from .helpers import foreseen_bids, nearest_bid

presets = st.sampled_from(sorted(PRESETS))


@settings(max_examples=60, deadline=None)
@given(preset=presets, seed=st.integers(0, 2**32 - 1))
def test_random_hand_is_consistent(preset, seed):
    rules = PRESETS[preset].rules
    rng = random.Random(seed)
    g = Game(rules, scores=(rng.randrange(-300, 300), rng.randrange(-300, 300)))
    h = g.deal(rng)
    deck = deck_for(rules)
    want = foreseen_bids(h, rng)
    while h.phase != PLAY:
        if h.phase == "bid":
            h.bid(
                rng.choice(h.legal_bids()) if rng.random() < 0.3 else nearest_bid(h, want[h.turn])
            )
        else:
            h.pass_cards(sum(1 << c for c in rng.sample(cards_of(h.hands[h.turn]), h.pass_count())))
    while h.phase == PLAY:
        held = h.hands[0] | h.hands[1] | h.hands[2] | h.hands[3]
        in_trick = sum(1 << c for c in h.trick)
        assert held & h.gone == 0 and held & in_trick == 0
        assert held | h.gone | in_trick == deck.full  # every card accounted for
        legal = h.legal_plays()
        assert legal and legal & ~h.hands[h.turn] == 0
        h.play(rng.choice(cards_of(legal)))
    assert sum(h.tricks_won) == 13 and len(h.plays) == 52 and h.gone == deck.full
    before = list(g.scores)
    res = g.finish_hand()
    assert [before[t] + res.points[t] for t in (0, 1)] == g.scores
    for t in (0, 1):
        team = res.teams[t]
        parts = (
            team.nil_points
            + team.contract_points
            + team.bag_points
            - team.bag_penalty
            + team.renege_points
        )
        assert parts == team.points
