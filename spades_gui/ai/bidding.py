"""Bidding by expected points: a trick estimate, a spread, and the rules' own scoring."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from ..engine.actions import BidAction, BlindAction, MisdealCall, PassAction
from ..engine.bids import BLIND, BLIND_NIL, NIL, bid_words, blind_table, is_nil
from ..engine.cards import card_name
from ..engine.rules import Rules
from .base import plain_bids
from .bits import SPADEM, Tables, bits, tables_for
from .decision import Decision
from .evaluate import (
    Outcome,
    estimate_tricks,
    expected,
    nil_chance,
    nil_danger,
    nil_odds,
    normal_weights,
    sure_tricks,
    trick_model,
)
from .variants import blind_loss
from .view import SeatView

PARTNER_GUESS = 3  # what an unbid partner is taken to bid
PARTNER_OVER = 0.5  # a partner's bid is shaded: it takes about this much more
PARTNER_SD = 0.9  # how far a partner's tricks stray from its bid, the shading aside
SECOND_NIL = 0.88  # the rough nil score a hand needs to bid nil beside partner's nil
MY_SD = 0.8  # my tricks stray 0.92 from the trick model; a narrower spread bids better (measured)
COVER_LIFT = 0.4  # tricks a nil's partner counts on beyond its trick model (0.8 bid worse)
BLIND_COVER_LIFT = 0.8  # ... beside a blind nil (0.4 bid worse)
EXCHANGE_LIFT = 0.4  # ... and for each card it passes over, its highest (0.2 and 0.6 bid worse)
OPP_NIL_LIFT = 0.3  # tricks counted on beyond the model when an opponent bid nil (0: level)
# a nil's log-odds for each trick partner bid before it over 3 (forced nils: 0.21; 0.5 bid better)
PARTNER_NIL_SLOPE = 0.5
SHORT_PASS = 1.5  # a blind nil's partner passes from its short suits, to ruff in them (0.3: worse)


@dataclass
class BidContext:
    """The bidding facts a level weighs."""

    est: float
    notes: list[str]
    partner_bid: int | None
    partner_nil: bool
    opp_blind_nil: bool
    opp_nil: bool


def context(v: SeatView, est: float) -> BidContext:
    """Adjust a raw trick estimate for the bids already made."""
    notes = []
    me, p = v.seat, v.partner
    pb = v.bids[p]
    opps = ((me + 1) % 4, (me + 3) % 4)
    partner_nil = pb is not None and is_nil(pb)
    opp_bids = [v.bids[o] for o in opps]
    opp_nil = any(b is not None and is_nil(b) for b in opp_bids)
    opp_blind_nil = any(b == BLIND_NIL for b in opp_bids)
    if partner_nil:
        k = _exchanged(v.rules) if pb == BLIND_NIL else 0
        est += (BLIND_COVER_LIFT if pb == BLIND_NIL else COVER_LIFT) + EXCHANGE_LIFT * k
        if k:
            notes.append(f"partner's blind nil can pass me {k} card{'s' if k != 1 else ''}")
        else:
            notes.append("partner's nil: I cover it with my high cards")
    if opp_nil:
        est += OPP_NIL_LIFT
    known = [b for b in v.bids if b is not None and not is_nil(b) and b < NIL]
    if len(known) == 3 or (len(known) == 2 and partner_nil) or (len(known) == 2 and opp_nil):
        excess = sum(known) + est - 13
        est -= max(-1.0, min(1.5, 0.35 * excess if excess > 0 else 0.2 * excess))
    return BidContext(est, notes, pb, partner_nil, opp_blind_nil, opp_nil)


def number_values(
    v: SeatView,
    out: Outcome,
    est: float,
    nums: list[int],
    pb: int | None,
    partner_nil: bool,
    sd: float | None = None,
) -> dict[int, float]:
    """Expected team points of each number bid."""
    me, p = v.seat, v.partner
    sd = MY_SD if sd is None else sd
    # a partner still to bid will bid after seeing its cards, so its tricks stray from its bid
    # as a made bid's do, however strong or weak its hand turns out to be
    base = PARTNER_GUESS if pb is None or partner_nil else pb
    if partner_nil:
        w = normal_weights(est, sd)
    else:
        w = normal_weights(est + base + PARTNER_OVER, math.hypot(sd, PARTNER_SD))
    vals = {}
    for b in nums:
        bids = [0, 0, 0, 0]
        bids[me] = b
        # a partner still to bid keeps the team within the 13 tricks there are
        if partner_nil:
            bids[p] = NIL
        else:
            bids[p] = base if pb is not None else min(base, 13 - b)
        vals[b] = expected(w, partial(_taking, out, tuple(bids), me))
    return vals


def _taking(out: Outcome, bids: tuple[int, ...], seat: int, k: int) -> float:
    """The team's points when the seat takes k tricks and its partner none."""
    tricks = [0, 0, 0, 0]
    tricks[seat] = k
    return out.team_value(bids, tuple(tricks))


def nil_value(v: SeatView, out: Outcome, chance: float, pb: int | None) -> float:
    """Expected team points of bidding nil with this chance of taking no trick."""
    me, p = v.seat, v.partner
    r = v.rules
    if pb is not None and is_nil(pb):
        # a second nil: partner's own nil is scored as made; mine as the chance says
        bids = [0, 0, 0, 0]
        bids[me], bids[p] = NIL, pb
        failed = [0, 0, 0, 0]
        failed[me] = 1
        return chance * out.team_value(tuple(bids), (0, 0, 0, 0)) + (1 - chance) * out.team_value(
            tuple(bids), tuple(failed)
        )
    if pb is None:
        part = max(PARTNER_GUESS, r.min_team_bid)
        mean = PARTNER_GUESS + 0.4
    else:
        part = pb
        mean = pb
    w = normal_weights(mean, PARTNER_SD)
    bids = [0, 0, 0, 0]
    bids[me] = NIL
    bids[p] = part

    def value(k: int) -> float:  # partner takes k: my nil made, or failed with one of them
        made = [0, 0, 0, 0]
        made[p] = k
        failed = [0, 0, 0, 0]
        failed[me] = 1
        failed[p] = max(0, k - 1)
        return chance * out.team_value(tuple(bids), tuple(made)) + (1 - chance) * out.team_value(
            tuple(bids), tuple(failed)
        )

    return expected(w, value)


def desperate(v: SeatView) -> bool:
    """Whether the other team is about to win and ours is far behind."""
    t = v.team
    us, them = v.scores[t], v.scores[1 - t]
    target = v.rules.target  # 0: no points target, nobody is about to reach one
    return bool(target) and them >= target - 120 and them - us >= 150


def medium_bid(v: SeatView, noise: float = 0.0, nil_ok: bool = True) -> Decision[BidAction]:
    """The bid with the best expected points (noise: an easy seat's misjudgement)."""
    legal = plain_bids(v)
    if not legal:
        b = v.legal_bids()[0]
        return Decision(
            BidAction(b),
            f"Partner's blind bid binds the team: {bid_words(b)}.",
            [(BidAction(b), None)],
        )
    t = tables_for(v.rules)
    im = t.imask(v.hand)
    raw = trick_model(t, im) + noise
    ctx = context(v, raw)
    out = Outcome(v.rules, v.team, v.scores, v.bags, v.hands_scored, versus=False)
    nums = [b for b in legal if b < NIL]
    sure = sure_tricks(t, im)
    sd = MY_SD * min(1.0, max(0.35, (raw - sure) / 1.5))  # sure tricks don't stray
    vals: dict[int, float] = number_values(
        v, out, max(ctx.est, sure), nums, ctx.partner_bid, ctx.partner_nil, sd
    )
    if noise == 0.0:
        # tricks that cannot be lost are bid
        below = [b for b in vals if b < sure and any(x >= sure for x in vals)]
        for b in below:
            del vals[b]
    chance = None
    nil_forced = NIL in legal and not nums
    second_nil_ok = not ctx.partner_nil or nil_chance(t, im) >= SECOND_NIL
    nil_lost = sure > 0 and not v.rules.nil_exchange  # a trick nothing can stop, kept
    nil_open = nil_ok and second_nil_ok and not ctx.opp_blind_nil and not nil_lost
    pb = ctx.partner_bid
    partner_number = pb if pb is not None and pb < NIL else None
    if NIL in legal and (nil_forced or nil_open):
        chance = nil_odds(t, im)
        if partner_number is not None:
            z = math.log(chance / (1 - chance)) + PARTNER_NIL_SLOPE * (partner_number - 3)
            chance = 1 / (1 + math.exp(-z))
        if ctx.opp_nil:
            chance *= 0.95
        chance = min(chance, 0.95)
        vals[NIL] = nil_value(v, out, chance, pb) + (30.0 if desperate(v) else 0.0)
    ranked = sorted(vals.items(), key=lambda kv: -kv[1])
    best, best_v = ranked[0]
    cands = [(BidAction(b), val) for b, val in ranked[:4]]
    if len(ranked) == 1:
        reason = f"{bid_words(best)} is the only bid the rules allow here."
    elif best == NIL:
        beside = f" beside partner's {partner_number}" if partner_number is not None else ""
        reason = (
            f"Nil should hold about {round(100 * (chance or 0))}% of the time{beside}: worth "
            f"{best_v:+.0f} against {ranked[1][1]:+.0f} for bidding {bid_words(ranked[1][0])}."
        )
    else:
        why = f"I count about {raw:.1f} tricks"
        if ctx.notes:
            why += f" ({ctx.notes[0]})"
        alt = f", {bid_words(ranked[1][0])} {ranked[1][1]:+.0f}" if len(ranked) > 1 else ""
        reason = f"{why}: bidding {bid_words(best)} is worth {best_v:+.0f} on average{alt}."
    return Decision(BidAction(best), reason, cands)


# Measured: how often a blind nil made beside a Medium partner against the baseline's setting,
# by the cards exchanged with partner (Pagat, seed 101, about 1,100 blind nils each: 26%, 60%,
# 80%), shaded for stronger setters. The bidder passes back its two most dangerous cards.
_BLIND_NIL_ODDS = (0.24, 0.56, 0.75, 0.82)
LOOK_VALUE = 40  # what a seat's bid after looking adds to its team, measured the same way
BLIND_NIL_EDGE = 15  # a blind nil must beat looking by this much: stronger setters, variance


def _exchanged(r: Rules) -> int:
    """Cards a blind nil bidder exchanges each way with partner (0: no exchange)."""
    return r.blind_nil_pass if r.blind_nil_exchange != "none" else 0


def blind_nil_odds(r: Rules) -> float:
    """The chance that a blind nil makes under these rules, by the cards exchanged."""
    return _BLIND_NIL_ODDS[min(_exchanged(r), len(_BLIND_NIL_ODDS) - 1)]


def exchange_words(r: Rules) -> str:
    """The blind nil exchange in words."""
    k = _exchanged(r)
    return f"{k} card{'s' if k != 1 else ''} exchanged" if k else "no exchange"


def blind_nil_decision(v: SeatView) -> Decision[BlindAction]:
    """A blind bid only as a comeback gamble: blind nil first, else the likeliest blind number."""
    legal = v.legal_bids()
    t = v.team
    us, them = v.scores[t], v.scores[1 - t]
    target = v.rules.target
    far_behind = (
        them - us >= max(200, v.rules.blind_nil_deficit) and bool(target) and them >= target - 150
    )
    pb = v.bids[v.partner]
    opp = [v.bids[(v.seat + 1) % 4], v.bids[(v.seat + 3) % 4]]
    if BLIND_NIL in legal:
        if pb is not None and is_nil(pb):
            return Decision(BlindAction(None), "Partner already bid nil.")
        if any(b is not None and is_nil(b) for b in opp):
            return Decision(BlindAction(None), "An opponent bid nil: no blind nil into that.")
        if far_behind:
            return Decision(
                BlindAction(BLIND_NIL),
                f"We trail {us} to {them} and they are near {target}: a blind nil is our best "
                "chance.",
            )
        p = blind_nil_odds(v.rules)
        ev = p * v.rules.blind_nil_bonus - (1 - p) * v.rules.blind_nil_penalty
        if ev >= LOOK_VALUE + BLIND_NIL_EDGE:
            return Decision(
                BlindAction(BLIND_NIL),
                f"A blind nil with {exchange_words(v.rules)} holds about {p:.0%} of the time: "
                f"worth {ev:+.0f}, more than the {LOOK_VALUE} or so a bid after looking brings.",
            )
    numbers = [b for b in legal if b >= BLIND]
    if far_behind and numbers:
        table = blind_table(v.rules)
        best, best_ev, best_p = None, 0.0, 0.0
        for b in numbers:
            n = b - BLIND
            value, exactly = table[n]
            # the team's tricks before anyone looks: about 6.5, give or take 2
            w = normal_weights(6.5, 2.0)
            p = w[n] if exactly else sum(w[n:])
            ev = p * value - (1 - p) * blind_loss(v.rules, n)
            if p >= 0.35 and (best is None or ev > best_ev):
                best, best_ev, best_p = b, ev, p
        if best is not None:
            return Decision(
                BlindAction(best),
                f"We trail {us} to {them}: {bid_words(best)} makes about {best_p:.0%} of the time "
                "and would bring us back.",
            )
    if BLIND_NIL not in legal and not numbers:
        return Decision(BlindAction(None), "No blind bid is allowed now.")
    return Decision(BlindAction(None), "Not far enough behind to gamble on a blind bid.")


def choose_pass(v: SeatView) -> Decision[PassAction]:
    """Cards to exchange around a blind nil: the nil passes danger, its partner passes low cards."""
    t = tables_for(v.rules)
    im = t.imask(v.hand)
    n = v.pass_count
    if is_nil(v.bids[v.seat] or 0):
        ranked = sorted(bits(im), key=lambda i: -nil_danger(t, im, i, low_guards=True))
        pick = ranked[:n]
        mask = t.cmask(sum(1 << i for i in pick))
        names = " and ".join(_name(t, i) for i in pick)
        return Decision(
            PassAction(mask),
            f"I bid blind nil: pass the {names}, my likeliest winners.",
            [(PassAction(mask), None)],
        )
    side = im & ~SPADEM
    pool = bits(side) if len(bits(side)) >= n else bits(im)

    def key(i: int) -> tuple[float, int]:
        lowness = t.nsuit[i >> 4] - 1 - t.rank_from_top(i)
        length = (im & (0xFFFF << (16 * (i >> 4)))).bit_count()
        return (lowness + SHORT_PASS * length, i)

    pick = sorted(pool, key=key)[:n]
    mask = t.cmask(sum(1 << i for i in pick))
    names = " and ".join(_name(t, i) for i in pick)
    return Decision(
        PassAction(mask),
        f"Partner bid blind nil: give the {names}, low cards that can duck, and keep my spades "
        "to cover.",
        [(PassAction(mask), None)],
    )


def _name(t: Tables, i: int) -> str:
    return card_name(t.to_c[i])


def misdeal_decision(v: SeatView) -> Decision[MisdealCall]:
    """Throw in a hand that is weak and no good for nil."""
    t = tables_for(v.rules)
    im = t.imask(v.hand)
    est = estimate_tricks(t, im)
    chance = nil_chance(t, im) if v.rules.nil_allowed else 0.0
    if est < 2.0 and chance < 0.3:
        return Decision(MisdealCall(True), f"Only about {est:.1f} tricks and a poor nil: redeal.")
    return Decision(MisdealCall(False), f"About {est:.1f} tricks: worth keeping.")
