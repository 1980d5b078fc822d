"""`spades simulate`: AI-only hands and games, optionally duplicate, with margins and timings."""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.bids import BLIND, BLIND_NIL
from ..engine.game import Game, deal_cards
from ..engine.hand import BID, PASS, PLAY
from ..engine.presets import resolve
from ..engine.rules import Rules, RulesError
from ..engine.scoring import HandResult, TeamHand
from . import ALL_LEVELS, make_policy
from .base import BasePolicy
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


def parse_seat(spec: str) -> tuple[str, int | None]:
    """A seat spec `level` or `level@ms` as (level, think_ms); ValueError if malformed."""
    level, at, ms = spec.strip().partition("@")
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(ALL_LEVELS)})")
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
) -> HandResult | None:
    """Play one hand with these policies (every action checked by the engine) and score it."""
    hand = game.start_hand(dealer, deal)
    for s in hand.order:
        if hand.misdeal_reasons(s):
            pol = seats[s]
            call = _timed(timer, pol.label, lambda: pol.call_misdeal(_view(game, s, pol)))  # noqa: B023
            if call:
                hand.call_misdeal(s)
                return game.finish_hand()
    while hand.phase == BID:
        s = hand.turn
        pol = seats[s]
        legal = hand.legal_bids()
        b = None
        if len(legal) > 1 and any(x == BLIND_NIL or x >= BLIND for x in legal):
            b = _timed(timer, pol.label, lambda: pol.bid_blind(_view(game, s, pol, hide_hand=True)))  # noqa: B023
        if b is None:
            b = _timed(timer, pol.label, lambda: pol.bid(_view(game, s, pol)))  # noqa: B023
        hand.bid(b)
    while hand.phase == PASS:
        s = hand.turn
        pol = seats[s]
        hand.pass_cards(_timed(timer, pol.label, lambda: pol.pass_cards(_view(game, s, pol))))  # noqa: B023
    while hand.phase == PLAY:
        s = hand.turn
        pol = seats[s]
        hand.play(_timed(timer, pol.label, lambda: pol.play(_view(game, s, pol))))  # noqa: B023
    return game.finish_hand()


class Table:
    """One table of a simulation: a game in progress and the policies at its seats."""

    def __init__(
        self,
        rules: Rules,
        levels: Sequence[str],
        seed: int,
        think_ms: int | None,
        swapped: bool,
    ) -> None:
        self.rules = rules
        self.swapped = swapped
        # swapped: the levels move one seat clockwise, so each team plays the other's cards
        self.levels = [levels[(s + 1) % 4] if swapped else levels[s] for s in range(4)]
        self.policies: list[BasePolicy] = []
        for s, spec in enumerate(self.levels):
            lv, ms = parse_seat(spec)
            pol = make_policy(lv, seed * 8 + s, ms if ms is not None else think_ms)
            pol.label = spec
            self.policies.append(pol)
        self.game = Game(rules)
        self.dealt = 0

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
            deal = deal_cards(self.rules, dealer, _rng("deal", seed, unit, k))
            res = play_hand(g, self.policies, dealer, deal, timer)
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
) -> dict[str, Any]:
    """Play AI-only hands or games; the margin is the first team's points minus the second's."""
    if (games is None) == (hands is None):
        raise ValueError("give either games or hands")
    timer = Timer()
    stats = BidStats()
    tables = [Table(rules, levels, seed, think_ms, False)]
    if duplicate:
        tables.append(Table(rules, levels, seed, think_ms, True))
    margins: list[float] = []
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
            if n_in_game >= MAX_HANDS_PER_GAME:
                break
            if hands is not None and not all(live):
                break  # keep the twin tables on the same deals
        unit += 1
        if progress is not None:
            progress(_summary(margins, wins, played, games_done, duplicate, timer, stats))
    return _summary(margins, wins, played, games_done, duplicate, timer, stats)


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


def simulate_command(args: Any) -> int:
    """Run `spades simulate` from parsed arguments; exit 2 on bad arguments."""
    try:
        rules = resolve(args.rules)
    except RulesError as e:
        print(f"spades: {e}", file=sys.stderr)
        return 2
    levels = [s.strip() for s in args.seats.split(",")]
    if len(levels) != 4:
        print(
            f"spades: --seats needs four levels (LEVEL or LEVEL@MS) from {', '.join(ALL_LEVELS)}",
            file=sys.stderr,
        )
        return 2
    try:
        for spec in levels:
            parse_seat(spec)
    except ValueError as e:
        print(f"spades: --seats: {e}", file=sys.stderr)
        return 2
    games, hands = args.games, args.hands
    if games is None and hands is None:
        games = 1
    if (games is not None and games < 1) or (hands is not None and hands < 1):
        print("spades: --games and --hands must be at least 1", file=sys.stderr)
        return 2
    if args.think_ms is not None and args.think_ms < 1:
        print("spades: --think-ms must be at least 1", file=sys.stderr)
        return 2
    out = simulate(rules, levels, args.seed, games, hands, args.duplicate, args.think_ms)
    out["rules"] = args.rules
    out["seats"] = levels
    out["duplicate"] = bool(args.duplicate)
    if args.json:
        print(json.dumps(out))
        return 0
    m = out["margin_per_hand"]
    unit = "deal pair (mean of its two hands)" if args.duplicate else "hand"
    print(
        f"{args.rules}: seats {','.join(levels)}, seed {args.seed}"
        f"{', duplicate' if args.duplicate else ''}"
    )
    print(f"hands played: {out['hands']}   games finished: {out['games']}")
    print(
        f"margin per {unit}, team {levels[0]}/{levels[2]} minus team {levels[1]}/{levels[3]}: "
        f"{m['mean']:+.1f}  (95% interval {m['ci95'][0]:+.1f} to {m['ci95'][1]:+.1f}, n={m['n']})"
    )
    print(
        f"games won: {levels[0]}/{levels[2]} {out['wins'][0]}, "
        f"{levels[1]}/{levels[3]} {out['wins'][1]}"
    )
    for side, b in zip(((0, 2), (1, 3)), out["bidding"]):
        print(
            f"bidding {levels[side[0]]}/{levels[side[1]]}: |tricks - bid| "
            f"{b['mean_abs_tricks_minus_bid']:.2f}, set {b['set_rate']:.1%}, "
            f"bags {b['bags_per_hand']:.2f}/hand, nils {b['nils_made']}/{b['nils']} made"
        )
    print("decision time per level:")
    for level, d in out["decisions"].items():
        print(
            f"  {level:<7} {d['count']:>7} decisions   median {d['p50_ms']:.2f} ms   "
            f"95% {d['p95_ms']:.2f} ms   max {d['max_ms']:.2f} ms"
        )
    return 0
