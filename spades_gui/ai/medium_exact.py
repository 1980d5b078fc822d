"""Medium's last tricks solved: every lie of the unseen cards when few, sampled lies beside a
live nil; each played out exactly and scored in points for the hand."""

from __future__ import annotations

import random

from .evaluate import paired_gap
from .rollout import rollout_rules
from .sample import Sampler, lies
from .solve import Solver, candidates
from .state import PlayState

EXACT_CARDS = 12  # cards left in the deal from which the play may be solved exactly: 3 tricks
EXACT_WORK = 3000  # positions solving every lie may visit (about 10 ms at most); more: the rules
NIL_CARDS = 16  # with a nil live, from 4 tricks left the play is solved on sampled lies
NIL_WORK = 6000  # positions those solves may visit after the first lies (about 20 ms)
NIL_MIN_LIES = 8
NIL_MAX_LIES = 40
NIL_BATCH = 4  # lies drawn at a time
NIL_CAP = 4 * NIL_WORK  # positions after which no more lies are solved, however few


def cards_left(ps: PlayState) -> int:
    """Cards still to be played in the deal, this trick's included."""
    return 52 - 4 * ps.v.tricks_done - len(ps.v.trick)


def exact_card(ps: PlayState, rule: int, why: str) -> tuple[int, str] | None:
    """In the last tricks, the card with the most points over every lie of the unseen cards,
    each solved exactly (nil, cover, set and bags as the hand scores them); the rule's card
    while no card beats it. Too many cards left, and the rule's card; too many lies, None."""
    v = ps.v
    left = cards_left(ps)
    if left > EXACT_CARDS:
        return None
    cands = candidates(ps)
    if len(cands) < 2:
        return rule, why
    # a lie's solve, per candidate, visits about 2 ** (cards left / 2) positions (measured over
    # Medium's last three tricks at Tournament: 4 at 5 cards left, 15 at 8, 67 at 12)
    per_lie = len(cands) * 2 ** (left / 2)
    every = lies(ps, cap=int(EXACT_WORK / per_lie))
    if every is None:
        return None
    bids = tuple(ps.bids)
    out = ps.outcome()
    rr = rollout_rules(ps.rules)
    sums = [0.0] * len(cands)
    for lie in every:
        solver = Solver(rr, v.team, lambda tw: out.value(bids, tw))
        for k, c in enumerate(cands):
            sums[k] += solver.after(ps, lie, c)
    n = len(every)
    # the rule's card stands for its group of equal cards: the highest candidate at or below it
    ri = max(k for k, c in enumerate(cands) if c >> 4 == rule >> 4 and c <= rule)
    best = max(range(len(cands)), key=lambda k: (sums[k], k == ri))
    if sums[best] <= sums[ri] + 1e-9:
        return rule, why
    gain = (sums[best] - sums[ri]) / n
    c = cands[best]
    ways = "the one way the unseen cards can lie" if n == 1 else f"all {n} ways they can lie"
    more = f"{gain:.0f} points" if gain >= 1.5 else ("1 point" if gain >= 0.5 else "a little")
    return c, (
        f"Played out to the end in {ways}, the {ps.name(c)} scores {more} more on average than "
        f"the {ps.name(rule)}."
    )


def nil_endgame_card(ps: PlayState, rule: int, why: str, rng: random.Random) -> tuple[int, str]:
    """In a live nil's last four tricks, the card of most points over sampled lies, each solved."""
    # too many lies to solve them all, so a sample weighed by the bids; each solved to the end,
    # so who holds the lead after and which cards can still overtake partner's count, not this
    # trick alone. The rule's card stands unless another beats it by more than the noise.
    left = cards_left(ps)
    if left > NIL_CARDS or not any(ps.nil_live):
        return rule, why
    cands = candidates(ps)
    if len(cands) < 2:
        return rule, why
    v = ps.v
    bids = tuple(ps.bids)
    out = ps.outcome()
    rr = rollout_rules(ps.rules)
    vals: list[list[float]] = [[] for _ in cands]
    sampler = Sampler(v)
    nodes = n = 0
    while n < NIL_MAX_LIES and (n < NIL_MIN_LIES or nodes < NIL_WORK) and nodes < NIL_CAP:
        for lie in sampler.samples(rng, NIL_BATCH):
            solver = Solver(rr, v.team, lambda tw: out.value(bids, tw))
            for k, c in enumerate(cands):
                vals[k].append(solver.after(ps, lie, c))
            nodes += solver.nodes
            n += 1
            if nodes >= NIL_CAP:
                break
    ri = max(k for k, c in enumerate(cands) if c >> 4 == rule >> 4 and c <= rule)
    best = max(range(len(cands)), key=lambda k: (sum(vals[k]), k == ri))
    if best == ri or n < NIL_BATCH:
        return rule, why
    gain, se = paired_gap(vals[best], vals[ri])
    if gain <= se + 1.0:
        return rule, why
    c = cands[best]
    return c, (
        f"A nil is still live: played out to the end in {n} likely ways the unseen cards can "
        f"lie, the {ps.name(c)} scores {gain:.0f} points more on average than the "
        f"{ps.name(rule)}."
    )
