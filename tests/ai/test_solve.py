"""The exact endgame solver agrees with plain minimax, and sure tricks are counted right."""

from __future__ import annotations

import random

import pytest

from spades_gui.ai.bits import tables_for
from spades_gui.ai.evaluate import sure_tricks
from spades_gui.ai.rollout import RolloutRules, legal_i, rollout_rules, trick_winner
from spades_gui.ai.solve import Solver
from spades_gui.engine import preset_rules
from spades_gui.engine.cards import parse_card
from spades_gui.engine.game import deal_cards


def _minimax(rr: RolloutRules, hands: list[int], trick: list[int], leader: int, tw: list[int],
             team: int, leaf) -> float:  # fmt: skip
    """Every line of play, no pruning, no memory."""
    n = len(trick)
    seat = (leader + n) & 3
    if not hands[seat]:
        return leaf(tuple(tw))
    vals = []
    m = legal_i(rr, hands[seat], trick, False, True)
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        hands[seat] ^= 1 << c
        t2 = trick + [c]
        if n == 3:
            w = trick_winner(t2, leader)
            tw[w] += 1
            vals.append(_minimax(rr, hands, [], w, tw, team, leaf))
            tw[w] -= 1
        else:
            vals.append(_minimax(rr, hands, t2, leader, tw, team, leaf))
        hands[seat] ^= 1 << c
    return max(vals) if (seat & 1) == team else min(vals)


@pytest.mark.parametrize("seed", range(12))
def test_solver_matches_minimax(seed: int) -> None:
    rules = preset_rules("pagat" if seed % 2 else "tournament")
    t = tables_for(rules)
    rr = rollout_rules(rules)
    rng = random.Random(seed)
    deal = [t.imask(h) for h in deal_cards(rules, 0, rng)]
    left = 2 + seed % 2
    hands = []
    for h in deal:
        cards = [i for i in range(64) if h >> i & 1]
        hands.append(sum(1 << i for i in rng.sample(cards, left)))
    leader = seed % 4
    bids = (3, 0, 4, 2)  # seat 1 bid nil: its tricks swing the value by much more than one

    def leaf(tw: tuple[int, ...]) -> float:
        v = 10.0 * (tw[0] + tw[2]) - 10.0 * (tw[1] + tw[3])
        return v + (-100 if tw[1] else 100) * (1 if bids[1] == 0 else 0)

    want = _minimax(rr, hands[:], [], leader, [0, 0, 0, 0], 0, leaf)
    got = Solver(rr, 0, leaf).value(hands[:], [], leader, [0, 0, 0, 0], True, 40)
    assert got == want


def _im(preset: str, text: str) -> tuple[object, int]:
    t = tables_for(preset_rules(preset))
    return t, t.imask(sum(1 << parse_card(x) for x in text.split()))


@pytest.mark.parametrize(
    ("preset", "hand", "sure"),
    [
        ("pagat", "AS KS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D", 2),
        ("pagat", "AS KS QS JS 2C 3C 4C 5C 6C 2D 3D 4D 5D", 4),
        ("pagat", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 13),
        ("pagat", "AS KS QS JS TS 9S 8S 7S 6S 5S AC AD AH", 13),
        ("pagat", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AC", 11),
        ("pagat", "KS QS JS TS 9S 8S 7S 6H 4H 8D 5D 3C 2C", 6),
        ("pagat", "QS JS TS 9S 8H 6H 4H 7D 5D 3D 8C 5C 2C", 2),
        ("pagat", "KS QS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D", 1),
        ("pagat", "AS QS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D", 1),
        ("tournament", "BJ LJ 2S AS 3C 4C 5C 6C 7C 3D 4D 5D 6D", 4),
        ("tournament", "LJ 2S AS KS 3C 4C 5C 6C 7C 3D 4D 5D 6D", 3),
    ],
)
def test_sure_tricks(preset: str, hand: str, sure: int) -> None:
    t, im = _im(preset, hand)
    assert sure_tricks(t, im) == sure  # type: ignore[arg-type]
