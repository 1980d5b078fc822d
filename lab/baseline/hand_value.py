"""Frozen baseline copy of ai/evaluate.py at 9a02ae3: estimates and outcomes."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from spades_gui.ai.bits import SPADES, SUITM, Tables, bits, tables_for
from spades_gui.engine.bids import BLIND, is_blind, is_nil
from spades_gui.engine.game import deal_cards
from spades_gui.engine.rules import Rules
from spades_gui.engine.scoring import score_hand, score_team

# value of a side-suit master card by the round it wins in (1-based) and my length in the suit
_MASTER = {
    1: (0.95, 0.95, 0.95, 0.95, 0.95, 0.9, 0.8, 0.6),
    2: (0.85, 0.85, 0.85, 0.85, 0.75, 0.6, 0.4, 0.3),
    3: (0.6, 0.6, 0.6, 0.6, 0.45, 0.3, 0.2, 0.15),
}


def _side_suit(t: Tables, cards_desc: list[int]) -> float:
    """Tricks expected from one side suit's high cards."""
    n = len(cards_desc)
    total = 0.0
    ln = min(n, 7)
    for i, c in enumerate(cards_desc):
        out = t.rank_from_top(c) - i  # higher cards not in my hand
        guards = n - i - 1
        if out <= 0:
            total += _MASTER.get(i + 1, (0.1,) * 8)[ln] if i < 3 else 0.1
        elif out == 1:
            if guards >= 1:
                total += 0.55 if n <= 4 else (0.45 if n == 5 else 0.3)
            else:
                total += 0.15
        elif out == 2:
            total += (0.3 if n <= 4 else 0.2) if guards >= 2 else 0.05
    return total


def spade_values(t: Tables, spades_desc: list[int]) -> list[float]:
    """Expected tricks from each trump, highest first."""
    n = len(spades_desc)
    vals = []
    for i, c in enumerate(spades_desc):
        out = t.rank_from_top(c) - i
        guards = n - i - 1
        if out <= 0:
            v = 1.0
        elif out == 1:
            v = 0.85 if guards >= 1 else 0.35
        elif out == 2:
            v = 0.65 if guards >= 2 else (0.35 if guards == 1 else 0.1)
        elif out == 3:
            v = 0.45 if guards >= 3 else 0.15
        else:
            v = 0.05
        if i == 3:
            v = max(v, 0.6)
        elif i >= 4:
            v = max(v, 0.85)
        vals.append(v)
    return vals


def estimate_tricks(t: Tables, im: int) -> float:
    """Tricks a hand (index mask) should take on its own, before any bidding information."""
    return _raw_estimate(t, im) * _scale(t.rules)


@lru_cache(maxsize=64)
def _scale(rules: Rules) -> float:
    """Factor that makes the four hands of a deal estimate 13 tricks on average in this deck."""
    t = tables_for(rules)
    rng = random.Random(12345)
    total = 0.0
    n = 300
    for _ in range(n):
        for h in deal_cards(rules, 0, rng):
            total += _raw_estimate(t, t.imask(h))
    return 13.0 * n / total


def _raw_estimate(t: Tables, im: int) -> float:
    """The trick estimate before the deck's scale."""
    sp = bits(im & SUITM[SPADES])[::-1]
    svals = spade_values(t, sp)
    total = sum(svals)
    spare = sum(1.0 - v for v in svals)
    ruff = 0.0
    for s in range(3):
        cards = bits(im & SUITM[s])[::-1]
        total += _side_suit(t, cards)
        n = len(cards)
        ruff += (1.6, 0.8, 0.3)[n] if n < 3 else 0.0
    total += min(ruff, 0.85 * spare)
    return total


def nil_chance(t: Tables, im: int) -> float:
    """Rough chance that a hand (index mask) takes no trick as a nil bid."""
    risk = 0.0
    sp = bits(im & SUITM[SPADES])
    nsp = len(sp)
    for c in sp:
        from_top = t.rank_from_top(c)
        lowness = t.nsuit[SPADES] - 1 - from_top
        if from_top == 0:
            risk += 4.0
        elif from_top == 1:
            risk += 2.0
        elif from_top <= 3:
            risk += 1.2 if from_top == 2 else 0.6  # the Q♠ / J♠ (or their elevated equals)
        else:
            risk += max(0, lowness - 3) * 0.09 + 0.05
    if nsp >= 4:
        risk += (nsp - 3) * 0.6
    voids = 0
    for s in range(3):
        cards = bits(im & SUITM[s])
        if not cards:
            voids += 1
        for k, c in enumerate(cards):
            from_top = t.rank_from_top(c)
            if from_top == 0:
                risk += 3.0  # an ace wins whenever it must follow its suit: length can't hide it
                continue
            if from_top == 1:
                risk += 1.2 if len(cards) <= 3 else 0.6
                continue
            lowness = t.nsuit[s] - 1 - from_top
            risk += max(0.0, lowness - 6 - 1.5 * k) * 0.13
    risk = max(0.0, risk - 0.15 * voids)
    return 0.92 * math.exp(-risk)


def nil_danger(t: Tables, im: int, i: int) -> float:
    """How much one card (index i) threatens a nil: higher means pass or shed it first."""
    s = i >> 4
    lowness = t.nsuit[s] - 1 - t.rank_from_top(i)
    lower_mine = (im & SUITM[s] & ((1 << i) - 1)).bit_count()
    if s == SPADES:
        return lowness + 4.0 - 0.5 * lower_mine
    return lowness - 1.5 * lower_mine


# ----- outcomes -----------------------------------------------------------------------------


class Outcome:
    """Points of a finished hand for one team, with bags valued and the game's end weighed."""

    def __init__(
        self,
        rules: Rules,
        team: int,
        scores: tuple[int, int],
        bags: tuple[int, int],
        hands_scored: int = 0,
        versus: bool = True,
    ) -> None:
        self.rules = rules
        self.team = team
        self.scores = scores
        self.bags = bags
        self.hands_scored = hands_scored
        self.versus = versus  # count the other team's points too
        r = rules
        self.bag_cost = r.bag_penalty / r.bag_limit if r.bag_limit else 0.0
        self.win_value = max(100.0, r.target / 2)
        self.cache: dict[tuple, float] = {}

    def value(self, bids: tuple[int, ...], tricks: tuple[int, ...]) -> float:
        """My team's points minus the other team's (bags at long-run cost, game end weighed)."""
        key = (bids, tricks)
        v = self.cache.get(key)
        if v is not None:
            return v
        res = score_hand(self.rules, list(bids), list(tricks), self.scores, self.bags)
        t = self.team
        per = []
        for k in (0, 1):
            th = res.teams[k]
            # a bag penalty paid now is replaced by the bags' steady cost
            per.append(th.points + th.bag_penalty - self.bag_cost * th.overtricks)
        v = per[t] - per[1 - t] if self.versus else per[t]
        w = self._winner(res.scores, res.all13_team)
        if w is not None:
            v += self.win_value if w == t else -self.win_value
        self.cache[key] = v
        return v

    def _winner(self, s: list[int], all13: int | None) -> int | None:
        """Which team this hand's scores would make the winner, if any."""
        r = self.rules
        if r.all13 == "wins" and all13 is not None and s[all13] > 0:
            return all13
        over = (s[0] >= r.target, s[1] >= r.target)
        if any(over):
            if over[0] != over[1]:
                return 0 if over[0] else 1
            return None if s[0] == s[1] else (0 if s[0] > s[1] else 1)
        if r.losing_floor is not None:
            under = (s[0] <= r.losing_floor, s[1] <= r.losing_floor)
            if under[0] != under[1]:
                return 1 if under[0] else 0
        if r.match_hands and self.hands_scored + 1 >= r.match_hands and s[0] != s[1]:
            return 0 if s[0] > s[1] else 1
        return None

    def team_value(self, bids: tuple[int, ...], tricks: tuple[int, ...]) -> float:
        """My team's points alone (bags valued, reaching the target weighed)."""
        t = self.team
        th = score_team(self.rules, t, list(bids), list(tricks), self.scores[t], self.bags[t])
        v = th.points + th.bag_penalty - self.bag_cost * th.overtricks
        if th.score >= self.rules.target and self.scores[1 - t] < self.rules.target:
            v += self.win_value / 2
        return v


def normal_weights(mean: float, sd: float) -> list[float]:
    """Probabilities of 0..13 tricks under a discretised normal."""
    w = [math.exp(-((k - mean) ** 2) / (2 * sd * sd)) for k in range(14)]
    z = sum(w)
    return [x / z for x in w]


def contract_bid(b: int) -> int:
    """Tricks a bid contracts for (nils none, blind numbers their number)."""
    if is_nil(b):
        return 0
    if is_blind(b):
        return b - BLIND
    return b


def team_contract(bids: list[int] | tuple[int, ...], team: int) -> int:
    """A team's contracted tricks: a shared blind number once, else both numbers summed."""
    bs = (bids[team], bids[team + 2])
    for b in bs:
        if is_blind(b):
            return b - BLIND
    return sum(contract_bid(b) for b in bs)
