"""Exact solution of the last tricks of a deal with every hand known, scored in points."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .bits import SPADES, SUITM, bits
from .rollout import RolloutRules, legal_i, trick_winner

if TYPE_CHECKING:
    from .state import PlayState

Leaf = Callable[[tuple[int, ...]], float]


def _distinct(legal: int, live: int) -> list[int]:
    """One card from each run of equivalent legal cards (no live card between them)."""
    out = []
    prev = -1
    m = legal
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if prev >= 0 and c >> 4 == prev >> 4 and not live & ((1 << c) - 1) & ~((2 << prev) - 1):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


def candidates(ps: PlayState) -> list[int]:
    """One legal card from each group of equivalent cards (no live card between them)."""
    out = []
    live = ps.unseen | ps.trick_mask
    for s in range(4):
        m = ps.legal & SUITM[s]
        prev = -1
        for c in bits(m):
            if prev >= 0 and not (live & ((1 << c) - 1) & ~((2 << prev) - 1)):
                prev = c
                continue  # same as the card below it
            out.append(c)
            prev = c
    return out


class Solver:
    """Best play by both sides to the end of the hand, the value being one team's points.

    `leaf(tricks_won)` scores a finished hand for `team` (higher is better for it); the other
    team minimises it. Values of positions at the start of a trick are remembered, so solving
    several first moves of the same deal shares the work.
    """

    def __init__(self, rr: RolloutRules, team: int, leaf: Leaf) -> None:
        self.rr = rr
        self.team = team
        self.leaf = leaf
        self.memo: dict[tuple[int, ...], tuple[float, float]] = {}
        self.nodes = 0

    def value(
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        tw: list[int],
        broken: bool,
        nplayed: int,
    ) -> float:
        """The value of a position, a just-completed trick included (hands, trick and tw are
        left as they were)."""
        if len(trick) == 4:
            w = trick_winner(trick, leader)
            tw[w] += 1
            v = self._start(hands, w, tw, broken, nplayed)
            tw[w] -= 1
            return v
        return self._search(hands, trick, leader, tw, broken, nplayed, -1e18, 1e18)

    def after(self, ps: PlayState, hands: list[int], card: int) -> float:
        """The value once the seat of `ps` plays `card`, the other seats holding their `hands`."""
        v = ps.v
        rest = hands[:]
        rest[ps.me] = ps.hand & ~(1 << card)
        broken = v.spades_broken or card >> 4 == SPADES
        played = 4 * v.tricks_done + len(ps.trick) + 1
        return self.value(rest, ps.trick + [card], ps.leader, list(v.tricks_won), broken, played)

    def _start(
        self,
        hands: list[int],
        leader: int,
        tw: list[int],
        broken: bool,
        np: int,
        alpha: float = -1e18,
        beta: float = 1e18,
    ) -> float:
        """A position at the start of a trick; its bounds are remembered."""
        if not hands[leader]:
            return self.leaf(tuple(tw))
        key = (hands[0], hands[1], hands[2], hands[3], leader, tw[0], tw[1], tw[2], tw[3], broken)
        lo, hi = self.memo.get(key, (-1e18, 1e18))
        if lo >= beta:
            return lo
        if hi <= alpha or lo == hi:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        v = self._search(hands, [], leader, tw, broken, np, a, b)
        if v <= a:
            hi = v  # failed low: the value is at most v
        elif v >= b:
            lo = v  # failed high: at least v
        else:
            lo = hi = v
        self.memo[key] = (lo, hi)
        return v

    def _search(
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        tw: list[int],
        broken: bool,
        np: int,
        alpha: float,
        beta: float,
    ) -> float:
        self.nodes += 1
        n = len(trick)
        seat = (leader + n) & 3
        hand = hands[seat]
        legal = legal_i(self.rr, hand, trick, np < 4, broken)
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            live |= 1 << c
        moves = _distinct(legal, live)
        if n:
            led = SUITM[trick[0] >> 4]
            moves.sort(key=lambda c: -(c if led >> c & 1 else c - 64))
        else:
            moves.sort(key=lambda c: -(c & 15))  # high leads first: they settle tricks soonest
        maximise = (seat & 1) == self.team
        best = -1e18 if maximise else 1e18
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            nb = broken or c >> 4 == 3
            if n == 3:
                w = trick_winner(trick, leader)
                tw[w] += 1
                v = self._start(hands, w, tw, nb, np + 1, alpha, beta)
                tw[w] -= 1
            else:
                v = self._search(hands, trick, leader, tw, nb, np + 1, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best
