"""Overtricks cost what the game makes them cost: a short match rarely reaches the bag limit."""

from __future__ import annotations

from spades_gui.ai.evaluate import bags_cost
from spades_gui.engine import preset_rules


def test_a_three_hand_match_ducks_bags_only_near_the_limit() -> None:
    r = preset_rules("pagat")  # 003: three hands, ten bags cost 100
    assert r.match_hands == 3 and not r.target
    assert not bags_cost(r, bags=0, hands_scored=0, left=8)  # two hands to come, far from 10
    assert bags_cost(r, bags=7, hands_scored=1, left=5)  # this hand alone can reach 10
    assert bags_cost(r, bags=6, hands_scored=0, left=2)  # likely in the two hands after
    assert not bags_cost(r, bags=6, hands_scored=2, left=2)  # the last hand, out of reach


def test_a_game_to_a_target_always_counts_bags() -> None:
    r = preset_rules("tournament")
    assert r.target and r.bag_penalty
    assert bags_cost(r, bags=0, hands_scored=0, left=13)


def test_no_bag_penalty_means_bags_are_free() -> None:
    r = preset_rules("pagat").with_options(bag_penalty=0)
    assert not bags_cost(r, bags=9, hands_scored=0, left=13)
