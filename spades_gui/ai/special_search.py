"""Hard's special bids by its search: each choice played out on the same sampled deals.

A choice leads, on each sampled deal, to a `Plan`: every seat's bid and what the teams
declared (a no trump, Double Nil, a Bemo). Bids not yet made are filled in as a sound table
makes them and partner's answer as the rule gives it (`special_bids.py`); each plan is played
out by the bitmask playouts, which keep a no trump's promise, and scored by the engine's
scoring with those declarations. The plain choice (look at the cards, ask nothing, answer no,
no Bemo) is kept unless another beats it by a clear paired margin.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from ..engine.actions import AnswerAction, AskAction, BidAction, BlindAction
from ..engine.bids import (
    BLIND,
    BLIND_NIL,
    NIL,
    bid_words,
    blind_no_trump_numbers,
    is_blind,
    is_nil,
)
from ..engine.hand import bidding_order
from ..engine.scoring import score_hand
from . import special_bids
from .bits import tables_for
from .decision import Decision
from .evaluate import Outcome, estimate_tricks, nil_chance, paired_gap
from .forecast import first_leader, predict_bids
from .rollout import Playout
from .sample import Sampler
from .view import SeatView

K = TypeVar("K", bound=Hashable)  # a choice searched: the action it is
SAMPLES = 120  # sampled deals per special decision (each choice played out on every one)
EDGE_SE = 2.0  # a special choice must beat the plain one by this many standard errors
KEEP_TRIES = 12  # rounds of sampling for deals that explain partner's question
MIN_KEPT = 24  # fewer such deals than this, and the answer is the rule's


@dataclass(frozen=True)
class Plan:
    """One way the bidding goes: every seat's bid and the teams' declarations."""

    bids: tuple[int, ...]
    no_trump: int = 0  # seats (a bit each) that bid no trump
    double_nil: tuple[bool, bool] = (False, False)
    bemo: tuple[int, int] = (0, 0)


Choice = Callable[[list[int]], Plan]  # the plan a choice leads to on one sampled deal


class SpecialSearch:
    """Sampled deals for one seat's special decision, and the value of a plan on each."""

    def __init__(
        self,
        v: SeatView,
        rng: random.Random,
        samples: int = SAMPLES,
        keep: Callable[[list[int]], bool] | None = None,
    ) -> None:
        self.v = v
        self.t = tables_for(v.rules)
        self.out = Outcome(v.rules, v.team, v.scores, v.bags, v.hands_scored)
        self.order = bidding_order(v.rules, v.dealer)
        sampler = Sampler(v)
        if keep is None:
            self.deals = sampler.samples(rng, samples)
            return
        # only deals that explain what partner asked: drawn until enough, within a bound
        self.deals = []
        for _ in range(KEEP_TRIES):
            self.deals += [h for h in sampler.samples(rng, samples) if keep(h)]
            if len(self.deals) >= samples:
                break
        self.deals = self.deals[:samples]

    def bids(self, hands: list[int], fixed: dict[int, int], no_trump: int = 0) -> tuple[int, ...]:
        """Every seat's bid: those made, those `fixed`, the rest as a sound player bids them
        (the partner of a blind number shares it; the partner of a no trump covers it)."""
        v = self.v
        bids = [b if b is not None else 0 for b in v.bids]
        for s, b in fixed.items():
            bids[s] = b
        later = [s for s in self.order if v.bids[s] is None and s not in fixed]
        predict_bids(v, self.t, hands, bids, later)
        for s in range(4):
            p = s ^ 2
            if is_blind(bids[s]) and (v.bids[p] is None or is_blind(bids[p])) and p not in fixed:
                bids[p] = bids[s]
            if no_trump >> s & 1 and is_nil(bids[p]):
                bids[p] = _number(self, hands, p)
        return tuple(bids)

    def value(self, hands: list[int], plan: Plan) -> float:
        """My team's points, less the other team's, when the plan is played out on a deal."""
        v = self.v
        po = Playout(v.rules, plan.bids, plan.no_trump)
        log: list[int] = []
        tw = po.run(hands[:], [], first_leader(v, hands), [0, 0, 0, 0], False, 0, log)
        nt = (bool(plan.no_trump & 0b0101), bool(plan.no_trump & 0b1010))
        res = score_hand(
            v.rules,
            list(plan.bids),
            tw,
            v.scores,
            v.bags,
            bemo=plan.bemo,
            trick_winners=log,
            no_trump=nt,
            no_trump_broken=po.nt_broken if plan.no_trump else (False, False),
            double_nil=plan.double_nil,
        )
        return self.out.result_value(res)

    def best(self, choices: dict[K, Choice]) -> tuple[K, dict[K, float]]:
        """The choice with the best mean (the first, the plain one, unless another beats it
        clearly), and every choice's mean."""
        keys = list(choices)
        vals: dict[K, list[float]] = {k: [] for k in keys}
        for hands in self.deals:
            for k in keys:
                vals[k].append(self.value(hands, choices[k](hands)))
        n = len(self.deals)
        means = {k: sum(vals[k]) / n for k in keys}
        plain = keys[0]
        best = max(keys, key=lambda k: means[k])
        if best != plain and not _clearly_better(vals[best], vals[plain]):
            best = plain
        return best, means


def _clearly_better(a: list[float], b: list[float]) -> bool:
    """Whether `a` beats `b` by EDGE_SE standard errors of the paired difference."""
    m, se = paired_gap(a, b)
    return m > EDGE_SE * se + 1.0


def _searchable(v: SeatView) -> bool:
    """Whether the deals can be sampled: a deck dealt out whole (no cards left over)."""
    t = tables_for(v.rules)
    return t.full.bit_count() == 52 and not v.out_of_play


def _agrees(v: SeatView, what: str, hand: int) -> bool:
    """Partner's answer by the rule, were it holding `hand` (an index mask)."""
    t = tables_for(v.rules)
    if what.startswith("blind"):
        return special_bids.lost_anyway(v)
    if what == "double_nil":
        need = special_bids.double_nil_need(v.rules, special_bids.DOUBLE_NIL_AGREE)
        return nil_chance(t, hand) >= need
    return special_bids.covers_no_trump(t, hand)


def _would_ask(v: SeatView, what: str, hand: int) -> bool:
    """Whether partner, holding `hand` (an index mask), asks what it asked, by the rule."""
    t = tables_for(v.rules)
    if what == "double_nil":
        need = special_bids.double_nil_need(v.rules, special_bids.DOUBLE_NIL_ASK)
        return nil_chance(t, hand) >= need
    if what == "no_trump":
        return special_bids.no_trump_hand(t, hand)
    return True  # a blind question says nothing of the cards


def _number(s: SpecialSearch, hands: list[int], seat: int) -> int:
    """A number bid on a seat's trick estimate, one at least (a no trump and its cover)."""
    return max(1, min(13, round(estimate_tricks(s.t, hands[seat]))))


def _plan_for(s: SpecialSearch, what: str, asker: int) -> Choice:
    """The plan when partner has agreed to `what`, asked by `asker`."""
    v = s.v
    team = asker & 1
    partner = asker ^ 2

    def plan(hands: list[int]) -> Plan:
        if what in ("double_nil", "blind_double_nil"):
            b = NIL if what == "double_nil" else BLIND_NIL
            dn = (team == 0, team == 1)
            return Plan(s.bids(hands, {asker: b, partner: b}), double_nil=dn)
        if what == "blind_no_trump":
            n = special_bids.blind_no_trump_number(v.rules, blind_no_trump_numbers(v.rules))
            nt = 1 << asker
            return Plan(s.bids(hands, {asker: n, partner: n}, nt), no_trump=nt)
        nt = 1 << asker
        return Plan(s.bids(hands, {asker: _number(s, hands, asker)}, nt), no_trump=nt)

    return plan


def _fixed(s: SpecialSearch, fixed: dict[int, int], bemo: tuple[int, int] = (0, 0)) -> Choice:
    """The plan with these seats' bids (and a Bemo), the rest bid as a sound player bids."""
    return lambda hands: Plan(s.bids(hands, fixed), bemo=bemo)


def _if_agreed(s: SpecialSearch, what: str, agreed: Choice, plain: Choice) -> Choice:
    """The plan of asking `what`: agreed where partner's hand says yes, else the plain one."""
    v = s.v
    return lambda hands: agreed(hands) if _agrees(v, what, hands[v.partner]) else plain(hands)


# ----- the decisions ----------------------------------------------------------------------


def decide_blind(v: SeatView, rng: random.Random) -> Decision[BlindAction] | None:
    """Look at the cards, or bid a blind number (the team's contract before looking), whichever
    plays out best; None where no blind number is legal or the deals cannot be sampled.

    Only a team behind gambles: a hand's value sees the game won this hand, not a lead that
    wins it over the next few, so ahead it would trade a sure win for a quick one."""
    numbers = [b for b in v.legal_bids() if b >= BLIND and b != BLIND_NIL]
    if not numbers or not _searchable(v) or v.scores[v.team] >= v.scores[1 - v.team]:
        return None
    s = SpecialSearch(v, rng)
    me, p = v.seat, v.partner
    choices: dict[BlindAction, Choice] = {BlindAction(None): _fixed(s, {})}
    for b in numbers:
        choices[BlindAction(b)] = _fixed(s, {me: b, p: b})
    best, means = s.best(choices)
    reason = _reason(
        len(s.deals), best, means, lambda k: "looking" if k.bid is None else bid_words(k.bid)
    )
    return Decision(best, reason, [(k, means[k]) for k in choices])


def decide_ask(v: SeatView, rng: random.Random) -> Decision[AskAction]:
    """What to ask partner to agree to (a no trump, Double Nil, or before looking their blind
    forms), by the plays of each on sampled deals with partner's likely answer."""
    hidden = not v.hand
    asks = [a for a in v.legal_asks() if a.startswith("blind") == hidden]
    if not asks or not _searchable(v):
        return Decision(AskAction(None), "Nothing to ask partner.", [(AskAction(None), None)])
    s = SpecialSearch(v, rng)
    plain = _fixed(s, {})
    choices: dict[AskAction, Choice] = {AskAction(None): plain}
    for a in asks:
        choices[AskAction(a)] = _if_agreed(s, a, _plan_for(s, a, v.seat), plain)
    best, means = s.best(choices)
    reason = _reason(len(s.deals), best, means, lambda k: _ask_words(k.what))
    return Decision(best, reason, [(k, means[k]) for k in choices])


def decide_answer(v: SeatView, rng: random.Random) -> Decision[AnswerAction]:
    """Yes or no to what partner asked, by the plays of each on sampled deals."""
    what = v.asked
    if not _searchable(v):
        return special_bids.decide_answer(v)
    p = v.partner
    s = SpecialSearch(v, rng, keep=lambda hands: _would_ask(v, what, hands[p]))
    if len(s.deals) < MIN_KEPT:
        return special_bids.decide_answer(v)
    choices: dict[AnswerAction, Choice] = {
        AnswerAction(False): _fixed(s, {}),
        AnswerAction(True): _plan_for(s, what, v.partner),
    }
    best, means = s.best(choices)
    reason = f"Partner asks for {_ask_words(what)}: " + _reason(
        len(s.deals), best, means, lambda k: "yes" if k.yes else "no"
    )
    return Decision(best, reason, [(k, means[k]) for k in choices])


def decide_bemo(v: SeatView, bid: int, rng: random.Random) -> Decision[BidAction]:
    """The bid with the Bemo (the first 6 or 9 tricks) to declare, or none, by the plays."""
    if not v.bemos or not v.hand or not _searchable(v):
        return Decision(BidAction(bid), "No Bemo.", [(BidAction(bid), None)])
    s = SpecialSearch(v, rng)
    choices: dict[BidAction, Choice] = {}
    for k in (0, *v.bemos):
        choices[BidAction(bid, k)] = _fixed(s, {v.seat: bid}, (k, 0) if v.team == 0 else (0, k))
    best, means = s.best(choices)
    reason = _reason(
        len(s.deals),
        best,
        means,
        lambda k: f"a Bemo of the first {k.bemo} tricks" if k.bemo else "no Bemo",
    )
    return Decision(best, reason, [(k, means[k]) for k in choices])


def _ask_words(k: str | None) -> str:
    return "nothing" if k is None else k.replace("_", " ").replace("double nil", "Double Nil")


def _reason(n: int, best: K, means: dict[K, float], words: Callable[[K], str]) -> str:
    """The choice and its average, beside the next best, in words."""
    ranked = sorted(means, key=lambda k: -means[k])
    s = f"Over {n} sampled deals, {words(best)} averages {means[best]:+.0f}"
    alt = next((k for k in ranked if k != best), None)
    if alt is not None:
        s += f"; {words(alt)} {means[alt]:+.0f}"
    return s + "."
