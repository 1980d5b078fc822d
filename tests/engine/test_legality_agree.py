"""The play rules written once: the AI's bitmask legality agrees with the engine's legal cards."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_gui.ai.bits import tables_for
from spades_gui.ai.rollout import RolloutRules, legal_i
from spades_gui.engine import PLAY, PRESETS, Hand, Rules

from .randomplay import PLAY_OPTIONS, PRESET_NAMES, choices, dealt, fitted, random_action


@st.composite
def play_rules(draw: st.DrawFn) -> Rules:
    """A preset with every option that changes legal cards drawn afresh (mixes that fit)."""
    base = PRESETS[draw(st.sampled_from(PRESET_NAMES))].rules
    return fitted(base, {name: draw(st.sampled_from(choices(name))) for name in PLAY_OPTIONS})


def engine_legal_as_ai_sees_it(h: Hand) -> int:
    """The engine's legal cards, where reneging is allowed as if it were not: the AI never
    reneges (legal_i is its legality), while the engine lets a player renege and be caught."""
    if h.rules.renege != "enforced":
        h = h.copy()
        h.rules = h.rules.with_options(renege="enforced")
    return h.legal_plays()


@settings(max_examples=300, deadline=None)
@given(rules=play_rules(), seed=st.integers(0, 2**32 - 1))
def test_legal_i_agrees_with_the_engine_on_every_card_of_a_hand(rules, seed):
    rng = random.Random(seed)
    h = dealt(rules, rng)
    t = tables_for(rules)
    rr = RolloutRules(rules)
    while h.phase != PLAY and random_action(h, rng):
        pass
    while h.phase == PLAY:
        hand = t.imask(h.hands[h.turn])
        trick = [t.to_i[c] for c in h.trick]
        ai = legal_i(rr, hand, trick, len(h.plays) < 4, h.spades_broken)
        engine = h.legal_plays()
        where = ({n: getattr(rules, n) for n in PLAY_OPTIONS}, h.hands[h.turn], h.trick, h.plays)
        assert ai == t.imask(engine_legal_as_ai_sees_it(h)), where
        assert ai & ~t.imask(engine) == 0  # never a card the engine refuses
        random_action(h, rng)
