"""The rest of a sampled deal as a sound table would play it: who leads, and the bids to come."""

from __future__ import annotations

from ..engine.bids import NIL, is_nil
from ..engine.playing import first_leader as rules_first_leader
from .bits import Tables, tables_for
from .evaluate import estimate_tricks, nil_chance
from .view import SeatView

PREDICT_SHADE = 0.5  # sound players bid a little under their count


def first_leader(v: SeatView, hands: list[int]) -> int:
    """Who leads the first trick of a deal (hands as strength-index masks), by the rules."""
    t = tables_for(v.rules)
    return rules_first_leader(v.rules, v.dealer, [t.cmask(m) for m in hands])


def predict_bids(
    v: SeatView, t: Tables, hands: list[int], bids: list[int], later: tuple[int, ...] | list[int]
) -> None:
    """Fill in the bids still to come, as a sound player would make them."""
    r = v.rules
    for s in later:
        partner = (s + 2) % 4
        pbid = bids[partner]
        partner_has = (
            v.bids[partner] is not None
            or partner not in later
            or (later.index(partner) < later.index(s))
        )
        h = hands[s]
        partner_short = (
            r.min_team_bid and partner_has and not is_nil(pbid) and pbid < r.min_team_bid
        )
        if (
            r.nil_allowed
            and not (partner_has and is_nil(pbid))
            and not partner_short
            and nil_chance(t, h) > 0.42
        ):
            bids[s] = NIL
            continue
        e = estimate_tricks(t, h)
        if partner_has and is_nil(pbid):
            e += 0.8
        b = max(0 if not r.zero_is_nil else 1, int(e + 0.5 - PREDICT_SHADE))
        if partner_has:
            pn = 0 if is_nil(pbid) else pbid
            b = min(b, max(0, 13 - pn))  # there are 13 tricks in all
            if r.min_team_bid:
                b = max(b, r.min_team_bid - pn)
            if b == 0 and r.zero_is_nil:
                bids[s] = NIL if r.nil_allowed else 1
                continue
        bids[s] = min(13, b)
