"""AI-only hands and games, optionally duplicate, with margins and timings (`spades simulate`)."""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.game import Game, deal_hand
from ..engine.rules import Rules
from ..engine.scoring import HandResult, TeamHand
from ..engine.sequence import Progress, asked_blind, next_request
from . import SEAT_LEVELS, make_policy
from .base import BasePolicy, decide
from .view import SeatView, seat_view

MAX_HANDS_PER_GAME = 200


class Timer:
    """Decision times in milliseconds per level."""

    def __init__(self) -> None:
        self.ms: dict[str, list[float]] = {}

    def add(self, level: str, ms: float) -> None:
        """Record one decision."""
        self.ms.setdefault(level, []).append(ms)

    def summary(self) -> dict[str, dict[str, float]]:
        """Count, median, 95th percentile and maximum per level."""
        out = {}
        for level, xs in sorted(self.ms.items()):
            s = sorted(xs)
            out[level] = {
                "count": len(s),
                "p50_ms": round(_pct(s, 0.5), 2),
                "p95_ms": round(_pct(s, 0.95), 2),
                "max_ms": round(s[-1], 2),
            }
        return out


class BidStats:
    """How well each side's bids matched its tricks: the bid accuracy figures."""

    def __init__(self) -> None:
        self.rows: list[dict[str, float]] = [{}, {}]

    def add(self, side: int, team: TeamHand) -> None:
        """Count one team's hand for a side (0: the levels listed first)."""
        r = self.rows[side]
        r["hands"] = r.get("hands", 0) + 1
        if team.contract > 0:
            r["contracts"] = r.get("contracts", 0) + 1
            r["abs_err"] = r.get("abs_err", 0) + abs(team.tricks - team.contract)
            r["sets"] = r.get("sets", 0) + (not team.made)
        r["bags"] = r.get("bags", 0) + team.overtricks
        for nl in team.nils:
            r["nils"] = r.get("nils", 0) + 1
            r["nils_made"] = r.get("nils_made", 0) + nl.made

    def summary(self) -> list[dict[str, float]]:
        """Per side: mean |tricks - bid| and set rate per contract, bags per hand, nils made."""
        out = []
        for r in self.rows:
            h, c = r.get("hands", 0), r.get("contracts", 0)
            out.append(
                {
                    "hands": h,
                    "mean_abs_tricks_minus_bid": round(r.get("abs_err", 0) / c, 3) if c else 0.0,
                    "set_rate": round(r.get("sets", 0) / c, 4) if c else 0.0,
                    "bags_per_hand": round(r.get("bags", 0) / h, 3) if h else 0.0,
                    "nils": r.get("nils", 0),
                    "nils_made": r.get("nils_made", 0),
                }
            )
        return out


def _pct(s: list[float], q: float) -> float:
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[k]


def _rng(*parts: object) -> random.Random:
    h = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(h, "big"))


def _timed(timer: Timer | None, level: str, fn: Callable[[], Any]) -> Any:
    t0 = time.perf_counter()
    out = fn()
    if timer is not None:
        timer.add(level, (time.perf_counter() - t0) * 1000)
    return out


def parse_seat(spec: str, levels: Sequence[str] = SEAT_LEVELS) -> tuple[str, int | None]:
    """A seat spec `level` or `level@ms` as (level, think_ms); ValueError if malformed or the
    level is not one of `levels`."""
    level, at, ms = spec.strip().partition("@")
    if level not in levels:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(levels)})")
    if not at:
        return level, None
    if not ms.isdigit() or int(ms) < 1:
        raise ValueError(f"{spec!r}: the thinking time after @ must be a whole number of ms")
    return level, int(ms)


def _view(game: Game, seat: int, pol: BasePolicy, hide_hand: bool = False) -> SeatView:
    """The view a policy is given: its own seat's, all four hands for a peeking yardstick."""
    return seat_view(game, seat, hide_hand=hide_hand, peek=pol.peeks)


def play_hand(
    game: Game,
    seats: Sequence[BasePolicy],
    dealer: int,
    deal: list[int],
    timer: Timer | None = None,
    extra: int = 0,
) -> HandResult | None:
    """Play one hand with these policies (every action checked by the engine) and score it.

    extra: the two cards left over from a 54-card deal (001), which their taker discards.
    """
    game.start_hand(dealer, deal, extra=extra)
    return play_rest(game, seats, timer, Progress())


def play_rest(
    game: Game,
    seats: Sequence[BasePolicy],
    timer: Timer | None = None,
    progress: Progress | None = None,
) -> HandResult | None:
    """Play the current hand on in the hand's order (engine/sequence.py) and score it.

    progress: what the order has offered so far; by default the hand's bidding goes on
    from where it stands, past the misdeal.
    """
    hand = game.hand
    assert hand is not None
    if progress is None:
        progress = Progress.resume(hand)
        progress.misdeal_asked = {0, 1, 2, 3}
    while not hand.done:
        step = next_request(hand, progress)
        seat, ask = step.seat, step.request
        if step.auto is not None:
            action = step.auto
        else:
            assert ask is not None
            pol = seats[seat]
            view = _view(game, seat, pol, hide_hand=asked_blind(ask))
            action = _timed(timer, pol.label, lambda: decide(pol, ask, view))  # noqa: B023
        progress.note(seat, action, ask)
        hand.apply(action, seat)
    return game.finish_hand()


class Table:
    """One table of a simulation: a game in progress and the policies at its seats."""

    seat_levels: tuple[str, ...] = SEAT_LEVELS  # the levels its seats may be given

    def __init__(
        self,
        rules: Rules,
        levels: Sequence[str],
        seed: int,
        think_ms: int | None,
        swapped: bool,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.swapped = swapped
        # swapped: the levels move one seat clockwise, so each team plays the other's cards
        self.levels = [levels[(s + 1) % 4] if swapped else levels[s] for s in range(4)]
        self.policies: list[BasePolicy] = []
        for s, spec in enumerate(self.levels):
            lv, ms = parse_seat(spec, self.seat_levels)
            pol = self.make(lv, seed * 8 + s, ms if ms is not None else think_ms)
            pol.label = spec
            self.policies.append(pol)
        self.game = Game(rules)
        self.dealt = 0

    def make(self, level: str, seed: int, think_ms: int | None) -> BasePolicy:
        """The policy of a level at a seat with this seed."""
        return make_policy(level, seed, think_ms)

    def new_game(self) -> None:
        """Start a fresh game at this table."""
        self.game = Game(self.rules)
        self.dealt = 0

    def level_team(self) -> int:
        """The engine team that holds the levels listed first (seats 0 and 2 of --seats)."""
        return 1 if self.swapped else 0

    def play_next(self, seed: int, unit: int, timer: Timer) -> HandResult:
        """Deal (the same cards as the twin table) and play the next scored hand."""
        g = self.game
        while True:  # a misdeal is dealt again
            k = self.dealt
            self.dealt += 1
            if g.hands:
                dealer = g.next_dealer()
            else:
                dealer = g.first_dealer(_rng("dealer", seed, unit))
            deal, extra = deal_hand(self.rules, dealer, _rng("deal", seed, unit, k))
            res = play_hand(g, self.policies, dealer, deal, timer, extra)
            if res is not None:
                return res


def simulate(
    rules: Rules,
    levels: Sequence[str],
    seed: int,
    games: int | None = None,
    hands: int | None = None,
    duplicate: bool = False,
    think_ms: int | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    table: Callable[[Rules, Sequence[str], int, int | None, bool], Table] = Table,
) -> dict[str, Any]:
    """Play AI-only hands or games; the margin is the first team's points minus the second's.

    table: how a table is made (the lab's tables also seat its yardsticks).
    """
    if (games is None) == (hands is None):
        raise ValueError("give either games or hands")
    timer = Timer()
    stats = BidStats()
    tables = [table(rules, levels, seed, think_ms, False)]
    if duplicate:
        tables.append(table(rules, levels, seed, think_ms, True))
    margins: list[float] = []
    keys: list[tuple[int, int]] = []  # (game, hand in game) of each margin: a deal's place
    wins = [0, 0]
    played = 0
    games_done = 0
    unit = 0
    while True:
        if games is not None and unit >= games:
            break
        if hands is not None and len(margins) >= hands:
            break
        for tb in tables:
            tb.new_game()
        live = [True] * len(tables)
        n_in_game = 0
        while any(live):
            if hands is not None and len(margins) >= hands:
                break
            row: list[float | None] = []
            for i, tb in enumerate(tables):
                if not live[i]:
                    row.append(None)
                    continue
                res = tb.play_next(seed, unit, timer)
                played += 1
                lt = tb.level_team()
                stats.add(0, res.teams[lt])
                stats.add(1, res.teams[1 - lt])
                row.append(res.points[lt] - res.points[1 - lt])
                if tb.game.over:
                    live[i] = False
                    games_done += 1
                    wins[0 if tb.game.winner == lt else 1] += 1
            n_in_game += 1
            if all(x is not None for x in row):
                margins.append(sum(row) / len(row))  # type: ignore[arg-type]
                keys.append((unit, n_in_game))
            if n_in_game >= MAX_HANDS_PER_GAME:
                break
            if hands is not None and not all(live):
                break  # keep the twin tables on the same deals
        unit += 1
        if progress is not None:
            progress(_summary(margins, wins, played, games_done, duplicate, timer, stats))
    out = _summary(margins, wins, played, games_done, duplicate, timer, stats)
    if duplicate:
        # each deal pair's margin by its place, so two runs on one seed compare pair by pair
        out["pairs"] = [[g, h, m] for (g, h), m in zip(keys, margins)]
    return out


def _summary(
    margins: list[float],
    wins: list[int],
    played: int,
    games_done: int,
    duplicate: bool,
    timer: Timer,
    stats: BidStats,
) -> dict[str, Any]:
    n = len(margins)
    mean = sum(margins) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in margins) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    out: dict[str, Any] = {
        "hands": played,
        "margin_per_hand": {
            "mean": round(mean, 2),
            "ci95": [round(mean - half, 2), round(mean + half, 2)],
            "sd": round(sd, 2),
            "n": n,
        },
        "wins": wins,
        "games": games_done,
        "decisions": timer.summary(),
        "bidding": stats.summary(),
    }
    if duplicate:
        out["deal_pairs"] = n
    return out
