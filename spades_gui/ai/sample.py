"""Deals of the hidden cards consistent with what a seat has seen: voids, plays, passes, bids."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.bids import is_blind_bid, is_nil
from ..engine.hand import PLAY
from .bits import Tables, bits, tables_for
from .evaluate import estimate_tricks, nil_chance
from .view import SeatView

if TYPE_CHECKING:
    from .state import PlayState

BID_SD = 1.6  # how far a bid strays from the trick estimate of the hand behind it


class Sampler:
    """Draws the other seats' hands (index masks) given one seat's view."""

    def __init__(self, v: SeatView, weigh_bids: bool = True) -> None:
        t: Tables = tables_for(v.rules)
        self.t = t
        self.me = v.seat
        self.mine = t.imask(v.hand)
        if v.phase == PLAY:
            counts = v.hand_counts()
        else:
            counts = [13, 13, 13, 13]
        hidden = not v.hand  # asked for a blind bid before looking: deal my cards too
        if not hidden:
            counts[self.me] = 0
        unseen = t.imask(v.unseen())
        forbidden = [t.imask(m) for m in v.forbidden()]
        known = [t.imask(m) for m in v.known()]
        self.fixed = [0, 0, 0, 0]
        for s in range(4):
            if s != self.me:
                self.fixed[s] = known[s] & unseen
                counts[s] -= self.fixed[s].bit_count()
        self.counts = counts
        free = unseen & ~(self.fixed[0] | self.fixed[1] | self.fixed[2] | self.fixed[3])
        # each hidden card with the seats that may hold it
        self.cards: list[tuple[int, Sequence[int]]] = []
        others = [s for s in range(4) if s != self.me or hidden]
        for c in bits(free):
            allowed = tuple(s for s in others if not forbidden[s] >> c & 1)
            self.cards.append((c, allowed))
        self.loose: list[tuple[int, Sequence[int]]] = [(c, others) for c, _ in self.cards]
        # what each seat held when it bid: its cards now plus the ones it has played
        played = v.played_by()
        self.played = [t.imask(m) for m in played] if played is not None else None
        self.bid_seats: list[tuple[int, int]] = []
        if weigh_bids:
            any_played = v.tricks_done > 0 or bool(v.trick)
            for s in range(4):
                b = v.bids[s]
                if s == self.me or b is None or is_blind_bid(b):
                    continue
                if any_played and self.played is None:
                    continue
                if v.received and s == v.partner:
                    continue  # its hand changed in the exchange
                self.bid_seats.append((s, b))

    def deal(self, rng: random.Random) -> list[int]:
        """One consistent deal of the hidden cards (the seat's own hand included)."""
        for attempt in range(30):
            got = self._try(rng, self.cards if attempt < 25 else self.loose)
            if got is not None:
                return got
        raise RuntimeError("no consistent deal of the hidden cards")

    def _try(self, rng: random.Random, cards: list[tuple[int, Sequence[int]]]) -> list[int] | None:
        order = cards[:]
        rng.shuffle(order)
        order.sort(key=lambda ca: len(ca[1]))
        cap = self.counts[:]
        hands = self.fixed[:]
        hands[self.me] = self.mine
        rand = rng.random
        for c, allowed in order:
            total = 0
            for s in allowed:
                total += cap[s]
            if total <= 0:
                return None
            x = rand() * total
            for s in allowed:
                x -= cap[s]
                if x < 0 and cap[s] > 0:
                    break
            else:
                s = next(s for s in allowed if cap[s] > 0)
            cap[s] -= 1
            hands[s] |= 1 << c
        return hands

    def weight(self, hands: list[int]) -> float:
        """How well a deal explains the bids already made."""
        if not self.bid_seats:
            return 1.0
        t = self.t
        w = 1.0
        for s, b in self.bid_seats:
            h = hands[s] | (self.played[s] if self.played is not None else 0)
            if h.bit_count() != 13:
                continue
            if is_nil(b):
                w *= 0.04 + nil_chance(t, h)
            elif 0 <= b <= 13:
                e = estimate_tricks(t, h)
                w *= math.exp(-((b - e) ** 2) / (2 * BID_SD * BID_SD))
        return w

    def samples(self, rng: random.Random, k: int, oversample: int = 3) -> list[list[int]]:
        """k deals, resampled by how well they explain the bids."""
        if not self.bid_seats:
            return [self.deal(rng) for _ in range(k)]
        pool = [self.deal(rng) for _ in range(k * oversample)]
        ws = [self.weight(h) for h in pool]
        total = sum(ws)
        if total <= 0:
            return pool[:k]
        # systematic resampling keeps the draw deterministic and low-variance
        step = total / k
        u = rng.random() * step
        out = []
        acc = 0.0
        i = 0
        for j in range(k):
            target = u + j * step
            while acc + ws[i] < target and i < len(ws) - 1:
                acc += ws[i]
                i += 1
            out.append(pool[i])
        return out


def lies(ps: PlayState, poss: list[int] | None = None, cap: int = 200) -> list[list[int]] | None:
    """Every holding of the unseen cards by the other seats the seat cannot rule out (within
    `poss`, each seat's possible cards, its own by default; a card I passed is partner's), each
    seat's count filled; None when there are none, more than `cap`, or too many dead ends."""
    poss = ps.poss if poss is None else poss
    counts = ps.v.hand_counts()
    others = [s for s in range(4) if s != ps.me]
    cards = list(bits(ps.unseen))
    need = [counts[s] if s != ps.me else 0 for s in range(4)]
    hands = [0, 0, 0, 0]
    out: list[list[int]] = []
    steps = 0  # placements tried: voids can make a dead end costly to back out of

    def place(k: int) -> bool:
        nonlocal steps
        if k == len(cards):
            out.append(hands[:])
            return len(out) <= cap
        steps += 1
        if steps > 100 * cap:
            return False
        c = cards[k]
        for s in [s for s in others if ps.known_i[s] >> c & 1] or others:
            if need[s] and poss[s] >> c & 1:
                need[s] -= 1
                hands[s] |= 1 << c
                ok = place(k + 1)
                need[s] += 1
                hands[s] &= ~(1 << c)
                if not ok:
                    return False
        return True

    return out if place(0) and out else None
