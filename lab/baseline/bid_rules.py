"""Frozen baseline copy of ai/bidding.py at 9a02ae3: bidding by expected points."""

from __future__ import annotations

import math
from dataclasses import dataclass

from spades_gui.ai.base import plain_bids
from spades_gui.ai.bits import SPADEM, Tables, bits, tables_for
from spades_gui.ai.decision import Decision
from spades_gui.ai.view import SeatView
from spades_gui.engine.actions import BidAction, BlindAction, MisdealCall, PassAction
from spades_gui.engine.bids import BLIND, BLIND_NIL, NIL, bid_words, blind_table, is_nil
from spades_gui.engine.cards import card_name

from .hand_value import Outcome, estimate_tricks, nil_chance, nil_danger, normal_weights

PARTNER_GUESS = 3  # what an unbid partner is taken to bid
PARTNER_SD = 1.3  # how far a partner's tricks stray from its bid
MY_SD = 1.15


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
        est += 0.8
        notes.append("partner's nil means I cover with my high cards and take more tricks")
    if opp_nil:
        est += 0.3
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
    sd: float = MY_SD,
) -> dict[int, float]:
    """Expected team points of each number bid."""
    me, p = v.seat, v.partner
    if partner_nil:
        mean, spread, base = est, sd, None
    elif pb is None:
        mean, spread, base = est + PARTNER_GUESS, math.hypot(sd, PARTNER_SD), PARTNER_GUESS
    else:
        mean, spread, base = est + pb, math.hypot(sd, PARTNER_SD), pb
    w = normal_weights(mean, spread)
    vals = {}
    for b in nums:
        bids = [0, 0, 0, 0]
        bids[me] = b
        bids[p] = NIL if partner_nil else base
        total = 0.0
        for k in range(14):
            if w[k] < 1e-4:
                continue
            tricks = [0, 0, 0, 0]
            tricks[me] = k
            total += w[k] * out.team_value(tuple(bids), tuple(tricks))
        vals[b] = total
    return vals


def nil_value(v: SeatView, out: Outcome, chance: float, pb: int | None) -> float:
    """Expected team points of bidding nil with this chance of taking no trick."""
    me, p = v.seat, v.partner
    r = v.rules
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
    total = 0.0
    for k in range(14):
        if w[k] < 1e-4:
            continue
        made = [0, 0, 0, 0]
        made[p] = k
        failed = [0, 0, 0, 0]
        failed[me] = 1
        failed[p] = max(0, k - 1)
        total += w[k] * (
            chance * out.team_value(tuple(bids), tuple(made))
            + (1 - chance) * out.team_value(tuple(bids), tuple(failed))
        )
    return total


def desperate(v: SeatView) -> bool:
    """Whether the other team is about to win and ours is far behind."""
    t = v.team
    us, them = v.scores[t], v.scores[1 - t]
    return them >= v.rules.target - 120 and them - us >= 150


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
    raw = estimate_tricks(t, im) + noise
    ctx = context(v, raw)
    out = Outcome(v.rules, v.team, v.scores, v.bags, v.hands_scored, versus=False)
    nums = [b for b in legal if b < NIL]
    vals: dict[int, float] = number_values(v, out, ctx.est, nums, ctx.partner_bid, ctx.partner_nil)
    chance = None
    nil_forced = NIL in legal and not nums
    if NIL in legal and (nil_forced or (nil_ok and not ctx.partner_nil and not ctx.opp_blind_nil)):
        chance = nil_chance(t, im)
        pb = ctx.partner_bid
        if pb is not None and pb < NIL:
            chance *= max(0.85, min(1.15, 1 + 0.04 * (pb - 3)))
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
        reason = (
            f"Nil should hold about {round(100 * (chance or 0))}% of the time: worth "
            f"{best_v:+.0f} against {ranked[1][1]:+.0f} for bidding {bid_words(ranked[1][0])}."
        )
    else:
        why = f"I count about {raw:.1f} tricks"
        if ctx.notes:
            why += f" ({ctx.notes[0]})"
        alt = f", {bid_words(ranked[1][0])} {ranked[1][1]:+.0f}" if len(ranked) > 1 else ""
        reason = f"{why}: bidding {bid_words(best)} is worth {best_v:+.0f} on average{alt}."
        if ctx.partner_nil:
            reason = "Partner bid nil, so no nil here. " + reason
    return Decision(BidAction(best), reason, cands)


def blind_nil_decision(v: SeatView) -> Decision[BlindAction]:
    """A blind bid only as a comeback gamble: blind nil first, else the likeliest blind number."""
    legal = v.legal_bids()
    t = v.team
    us, them = v.scores[t], v.scores[1 - t]
    target = v.rules.target
    far_behind = them - us >= max(200, v.rules.blind_nil_deficit) and them >= target - 150
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
            ev = p * value - (1 - p) * value
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
        ranked = sorted(bits(im), key=lambda i: -nil_danger(t, im, i))
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
        return (lowness + 0.3 * length, i)

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
