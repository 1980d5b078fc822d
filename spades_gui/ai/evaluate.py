"""Hand evaluation and outcomes: trick estimates, nil chances, points as the rules score them."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

from ..engine.game import EndReason, deal_cards, outcome
from ..engine.rules import Rules
from ..engine.scoring import HandResult, score_hand, score_team
from .bits import SPADES, SUITM, Tables, bits, top_run

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
    return _raw_estimate(t, im) * _scale(t)


@lru_cache(maxsize=64)
def _scale(t: Tables) -> float:
    """Factor that makes the four hands of a deal estimate 13 tricks on average in this deck
    (keyed by the tables, whose hash is cheap, not by the rules, whose hash is not)."""
    rng = random.Random(12345)
    total = 0.0
    n = 300
    for _ in range(n):
        for h in deal_cards(t.rules, 0, rng):
            total += _raw_estimate(t, t.imask(h))
    return 13.0 * n / total


def _raw_estimate(t: Tables, im: int) -> float:
    """The trick estimate before the deck's scale."""
    total, spare = _suit_part(t, SPADES, im >> (16 * SPADES))
    ruff = 0.0
    for s in range(3):
        side, short = _suit_part(t, s, im >> (16 * s) & 0xFFFF)
        total += side
        ruff += short
    return total + min(ruff, 0.85 * spare)


def _suit_part(t: Tables, s: int, m: int) -> tuple[float, float]:
    """One suit's share of the estimate (its 16 bits m): trumps' tricks and their shortfall
    from one each, or a side suit's tricks and its shortness's ruffs; memoised (sampled deals
    ask for them by the hundred thousand)."""
    key = s << 16 | m
    got = t.memo.get(key)
    if got is None:
        cards = bits(m << (16 * s))[::-1]
        if s == SPADES:
            vals = spade_values(t, cards)
            got = (sum(vals), sum(1.0 - v for v in vals))
        else:
            n = len(cards)
            got = (_side_suit(t, cards), (1.6, 0.8, 0.3)[n] if n < 3 else 0.0)
        t.memo[key] = got
    return got


TRICK_FEATURES = (
    "s0", "s1", "s2", "s3", "s4", "sn", "sn3", "sn4", "sn5", "sn6", "As", "Am", "Al", "Kb",
    "Kg", "Kl", "Qb", "Qg", "Ql", "Jb", "Jg", "AK", "KQ", "void", "single", "double", "long",
    "ruffsp", "sure", "jokers", "jsn",
)  # fmt: skip


def trick_features(t: Tables, im: int) -> dict[str, float]:
    """A hand's shape as the trick model reads it (ranks counted from the top of the deck's
    suit; a side honour's letter is followed by b (bare or short), g (guarded) or l (long))."""
    f = dict.fromkeys(TRICK_FEATURES, 0.0)
    sp = bits(im & SUITM[SPADES])
    n = len(sp)
    for c in sp:
        r = t.rank_from_top(c)
        if r <= 4:
            f[f"s{r}"] = 1.0
    f["sn"] = float(n)
    for k in (3, 4, 5, 6):
        f[f"sn{k}"] = float(max(0, n - k))
    for s in range(3):
        cs = bits(im & SUITM[s])[::-1]
        m = len(cs)
        if m <= 2:
            f[("void", "single", "double")[m]] += 1
        f["long"] += max(0, m - 5)
        rs = [t.rank_from_top(c) for c in cs[:4]]
        for r in rs:
            if r == 0:
                f["As" if m <= 3 else "Am" if m <= 5 else "Al"] += 1
            elif r == 1:
                f["Kb" if m == 1 else "Kg" if m <= 4 else "Kl"] += 1
            elif r == 2:
                f["Qb" if m <= 2 else "Qg" if m <= 4 else "Ql"] += 1
            elif r == 3:
                f["Jb" if m <= 3 else "Jg"] += 1
        if 0 in rs and 1 in rs:
            f["AK"] += 1
        if 1 in rs and 2 in rs and 0 not in rs:
            f["KQ"] += 1
    f["ruffsp"] = float(min(2 * f["void"] + f["single"], max(0, n - 1)))
    f["sure"] = float(sure_tricks(t, im))
    f["jokers"] = float(bool(t.rules.jokers))
    f["jsn"] = f["jokers"] * n
    return f


# Measured: a linear model of the tricks a Medium seat takes beside a Medium partner against the
# baseline, in hands where neither partner bid nil: `lab/trick_model.py fit` on `collect
# tournament 2000 5` and `collect classic 2000 5` (77,416 hands; cross-validated root mean square
# error 0.971 tricks, where estimate_tricks has 1.027). The jokers' two extra trumps make each
# spade worth a little less (jsn).
TRICK_CONST = -0.360
TRICK_WEIGHTS = {
    "AK": +0.005, "Al": +0.804, "Am": +0.882, "As": +0.939, "Jb": +0.132, "Jg": +0.114,
    "KQ": -0.021, "Kb": +0.167, "Kg": +0.642, "Kl": +0.433, "Qb": +0.151, "Qg": +0.318,
    "Ql": +0.195, "double": +0.152, "jokers": -0.061, "jsn": -0.088, "long": -0.061,
    "ruffsp": +0.277, "s0": +0.885, "s1": +0.838, "s2": +0.613, "s3": +0.422, "s4": +0.249,
    "single": +0.216, "sn": +0.344, "sn3": +0.212, "sn4": +0.205, "sn5": +0.056, "sn6": -0.025,
    "sure": +0.138, "void": +0.301,
}  # fmt: skip


def trick_model(t: Tables, im: int) -> float:
    """Tricks a hand (index mask) takes in play, as measured: a linear model of its shape."""
    f = trick_features(t, im)
    return TRICK_CONST + sum(w * f[k] for k, w in TRICK_WEIGHTS.items())


def sure_tricks(t: Tables, im: int) -> int:
    """Tricks a hand takes whatever the others hold: trumps that the higher trumps out can't all
    beat (K-Q-J-10-9-8-7 lose one to the ace: six), and once every other trump can be drawn by
    top trumps, all its trumps and its side suits' top cards."""
    top = top_run(im, t.full & SUITM[SPADES])
    mine = (im & SUITM[SPADES]).bit_count()
    if top >= t.nsuit[SPADES] - mine:
        return mine + sum(top_run(im, t.full & SUITM[s]) for s in range(3))
    best = 0
    out_above = 0  # trumps not mine above the current one
    k = 0
    for i in range(t.top[SPADES], 16 * SPADES - 1, -1):
        if not t.full >> i & 1:
            continue
        if im >> i & 1:
            k += 1
            best = max(best, k - out_above)
        else:
            out_above += 1
    return best


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


NIL_FEATURES = (
    "risk", "A", "A2", "A3", "Ks", "Kl", "Qs", "Ql", "Js", "Jl", "Ts", "Tl", "void", "single",
    "nolow", "sK", "sQ", "sJ", "s10", "s_mid", "s_n", "s_n4", "jokers",
)  # fmt: skip


def nil_features(t: Tables, im: int) -> dict[str, float]:
    """A hand's shape as the nil model reads it (ranks counted from the top of the deck's suit;
    short: a king in a suit of at most 2, a queen or jack of at most 3, a ten of at most 4; an
    ace in a suit of at most 2 or of 3 counts also as A2 or A3)."""
    f = dict.fromkeys(NIL_FEATURES, 0.0)
    f["risk"] = -math.log(max(1e-6, nil_chance(t, im)) / 0.92)
    f["jokers"] = float(bool(t.rules.jokers))
    sp = bits(im & SUITM[SPADES])
    f["s_n"] = float(len(sp))
    f["s_n4"] = float(max(0, len(sp) - 3))
    for c in sp:
        r = t.rank_from_top(c)
        if 1 <= r <= 4:
            f[("sK", "sQ", "sJ", "s10")[r - 1]] = 1.0
        elif 5 <= r <= t.nsuit[SPADES] - 5:
            f["s_mid"] += 1
    for s in range(3):
        cs = bits(im & SUITM[s])
        n = len(cs)
        if n <= 1:
            f["void" if n == 0 else "single"] += 1
        if not n:
            continue
        if t.nsuit[s] - 1 - t.rank_from_top(cs[0]) >= 5:
            f["nolow"] += 1  # no card of the suit's lowest five
        for c in cs:
            r = t.rank_from_top(c)
            if r == 0:
                f["A"] += 1
                if n <= 3:  # a short ace must win once its suit is led: length hides a long one
                    f["A2" if n <= 2 else "A3"] += 1
            elif r <= 4:
                f["KQJT"[r - 1] + ("s" if n <= (2, 3, 3, 4)[r - 1] else "l")] += 1
    return f


# Measured: a logistic model of a forced nil's making, beside a Medium partner against the
# baseline's setting: `lab/nil_model.py fit` on `collect tournament 36000 11` and `collect
# classic 36000 11`, collected on c5fe59a (15,188 nils; cross-validated log loss 0.570, 0.577
# without the short aces, where the rough score's table, before this model, had 0.661).
# Against Medium's setting nils make a little more often.
NIL_CONST = 1.983
NIL_WEIGHTS = {
    "risk": -0.681, "A": 1.762, "A2": -2.692, "A3": -0.896, "Ks": -0.102, "Kl": 0.224,
    "Qs": -0.333, "Ql": -0.218, "Js": -0.228, "Jl": -0.231, "Ts": -0.127, "Tl": -0.063,
    "void": 0.195, "single": 0.304, "nolow": -0.789, "sK": -0.149, "sQ": -0.119, "sJ": -0.367,
    "s10": -0.216, "s_mid": 0.022, "s_n": -0.011, "s_n4": -0.542, "jokers": 0.665,
}  # fmt: skip


def nil_odds(t: Tables, im: int) -> float:
    """The chance that a nil bid with this hand (index mask) makes, as measured in play."""
    f = nil_features(t, im)
    z = NIL_CONST + sum(w * f[k] for k, w in NIL_WEIGHTS.items())
    return 1.0 / (1.0 + math.exp(-z))


GUARDS = 9  # the nine lowest cards of a suit (the 2 to the 10) guard a higher one
SHORT_ACE = 4.0  # what a side ace with at most one card beside it adds to the pass's danger


def nil_danger(t: Tables, im: int, i: int, blind: bool = False, low_guards: bool = False) -> float:
    """How much one card (index i) threatens a nil: higher means pass or shed it first.
    `low_guards` (the pass): only the lower cards among a suit's nine lowest count as guarding
    it, and a short side ace counts more."""
    s = i >> 4
    lowness = t.nsuit[s] - 1 - t.rank_from_top(i)
    below = im & SUITM[s] & ((1 << i) - 1)
    if low_guards:
        # honours don't guard each other: A-K-3 must play the ace or the king on the 2nd round
        lower_mine = sum(1 for j in bits(below) if t.nsuit[s] - 1 - t.rank_from_top(j) < GUARDS)
    else:
        lower_mine = below.bit_count()
    if s == SPADES:
        # a blind nil's spades were dealt, not chosen, and it can lose one only under a higher one
        return lowness + (8.0 if blind else 4.0) - 0.5 * lower_mine
    danger = lowness - 1.5 * lower_mine
    if low_guards and t.rank_from_top(i) == 0 and (im & SUITM[s]).bit_count() <= 2:
        danger += SHORT_ACE  # it must win its suit's second round, guard or not
    if blind:  # a blind nil sheds short suits first: once void, it throws its high cards on them
        danger -= (im & SUITM[s]).bit_count()
    return danger


def most_dangerous(t: Tables, hand: int, cards: int, blind: bool = False) -> int:
    """The card of `cards` a nil holding `hand` sheds first: the one of highest `nil_danger`."""
    return max(bits(cards), key=lambda c: nil_danger(t, hand, c, blind))


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
        no_trump: tuple[bool, bool] = (False, False),
        double_nil: tuple[bool, bool] = (False, False),
    ) -> None:
        self.rules = rules
        self.team = team
        self.scores = scores
        self.bags = bags
        self.hands_scored = hands_scored
        self.versus = versus  # count the other team's points too
        self.no_trump, self.double_nil = no_trump, double_nil  # per team (001)
        r = rules
        self.bag_cost = r.bag_penalty / r.bag_limit if r.bag_limit else 0.0
        # a game's end is worth half its target (100 at least, and in a game without one)
        self.win_value = max(100.0, r.target / 2)
        self.cache: dict[tuple[object, ...], float] = {}
        self.dn_wins, self.dn_loses = r.double_nil_wins, r.double_nil_loses

    def value(self, bids: tuple[int, ...], tricks: tuple[int, ...]) -> float:
        """My team's points minus the other team's (bags at long-run cost, game end weighed)."""
        key = (bids, tricks)
        v = self.cache.get(key)
        if v is not None:
            return v
        v = self.result_value(
            score_hand(
                self.rules,
                list(bids),
                list(tricks),
                self.scores,
                self.bags,
                no_trump=self.no_trump,
                double_nil=self.double_nil,
            )
        )
        self.cache[key] = v
        return v

    def result_value(self, res: HandResult) -> float:
        """A scored hand's value to my team (bags at long-run cost, the game's end weighed)."""
        t = self.team
        per = []
        for k in (0, 1):
            th = res.teams[k]
            # a bag penalty paid now is replaced by the bags' steady cost
            per.append(th.points + th.bag_penalty - self.bag_cost * th.overtricks)
        v = per[t] - per[1 - t] if self.versus else per[t]
        w = self._winner(res)
        if w is not None:
            v += self.win_value if w == t else -self.win_value
        return v

    def _winner(self, res: HandResult) -> int | None:
        """The team this hand would make the winner, if any: the engine's `outcome()` (with
        no clock and no sudden death: a seat weighs neither), read as the AI always has
        where the two differ (`weighed_double_nil_end`, `weighs_both_under_floor`)."""
        dn = weighed_double_nil_end(res, self.dn_wins, self.dn_loses)
        if dn is not None:
            return dn
        end = outcome(self.rules, res, self.hands_scored + 1)
        if end.reason is EndReason.BOTH_UNDER_FLOOR and not weighs_both_under_floor(
            self.rules, self.hands_scored
        ):
            return None
        return end.winner

    def team_value(self, bids: tuple[int, ...], tricks: tuple[int, ...]) -> float:
        """My team's points alone (bags valued, reaching the target weighed)."""
        t = self.team
        th = score_team(self.rules, t, list(bids), list(tricks), self.scores[t], self.bags[t])
        v = th.points + th.bag_penalty - self.bag_cost * th.overtricks
        target = self.rules.target  # 0: no points target
        if target and th.score >= target and self.scores[1 - t] < target:
            v += self.win_value / 2
        return v


# The AI's two readings of the game's end that differ from the rule (engine `outcome()`). They
# are kept, not corrected, so that every decision stays as measured (lab/decisions.json and the
# figures of docs/AI.md); tests/ai/test_outcome.py shows where each differs from the rule.


def weighed_double_nil_end(res: HandResult, wins: bool, loses: bool) -> int | None:
    """The winner a Double Nil makes as the AI weighs it (001): a made one wins where the rules
    say so, a failed one loses where they say so, a blind one either way; it comes before all
    else, and when both teams fail one, the second team's failure counts (team 0 wins).

    The rule lets all 13 tricks or a Moon win first, and two failed Double Nils end nothing.
    """
    w = None
    for k in (0, 1):
        th = res.teams[k]
        if th.double_nil == 2 or (th.double_nil and th.double_nil_made and wins):
            w = k if th.double_nil_made else 1 - k
        elif th.double_nil and not th.double_nil_made and loses:
            w = 1 - k
    return w


def weighs_both_under_floor(rules: Rules, hands_scored: int) -> bool:
    """Whether the AI counts both teams at or below the losing floor as an end: only where the
    match's hands are played out too (the rule: always, the higher score winning)."""
    return bool(rules.match_hands) and hands_scored + 1 >= rules.match_hands


FUTURE_BAGS = 1.5  # bags a team takes in a hand, on average, in the hands still to play


@lru_cache(maxsize=256)
def _reach_chance(short: int, hands: int) -> float:
    """The chance that a team `short` bags from the limit reaches it within `hands` hands."""
    if hands <= 0 or short <= 0:
        return 0.0
    lam = FUTURE_BAGS * hands  # Poisson: the chance of at least `short` more bags
    below = sum(math.exp(-lam) * lam**k / math.factorial(k) for k in range(short))
    return max(0.0, 1.0 - below)


def bags_cost(r: Rules, bags: int, hands_scored: int, left: int) -> bool:
    """Whether overtricks cost a team points: in a match of so many hands, only when the limit
    is within reach this hand (`left` tricks to play) or, fairly likely, in the hands after."""
    if r.bag_value < 0:
        return True
    if not (r.bag_limit > 0 and r.bag_penalty > 0):
        return False
    if r.match_hands and not r.target:
        short = r.bag_limit - bags
        hands_left = max(0, r.match_hands - hands_scored - 1)
        return short <= left or _reach_chance(short - 1, hands_left) >= 0.15
    return True


def paired_gap(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of a - b over paired samples, and its standard error."""
    n = len(a)
    d = [x - y for x, y in zip(a, b)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / max(1, n - 1)
    return m, math.sqrt(var / n)


def normal_weights(mean: float, sd: float) -> list[float]:
    """Probabilities of 0..13 tricks under a discretised normal."""
    w = [math.exp(-((k - mean) ** 2) / (2 * sd * sd)) for k in range(14)]
    z = sum(w)
    return [x / z for x in w]


def expected(w: list[float], value: Callable[[int], float]) -> float:
    """The mean of value(k) over 0..13 tricks weighted by w, skipping negligible weights."""
    total = 0.0
    for k in range(14):
        if w[k] >= 1e-4:
            total += w[k] * value(k)
    return total
