"""Baseline: Medium as it stood at 9a02ae3, frozen as the fixed yardstick (never edit)."""

from __future__ import annotations

from spades_gui.ai.base import BasePolicy
from spades_gui.ai.bits import SIDEM, SPADEM, SPADES, SUITM, above, below, bits, high, low
from spades_gui.ai.decision import Decision, Stop
from spades_gui.ai.view import SeatView
from spades_gui.engine.actions import BidAction, BlindAction, MisdealCall, PassAction, PlayAction

from .bid_rules import blind_nil_decision, choose_pass, medium_bid, misdeal_decision
from .hand_value import nil_danger
from .play_state import PlayState

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


class BaselinePolicy(BasePolicy):
    """Rule-based bidding by expected points and rule-based play."""

    level = "baseline"
    # Frozen when Pagat played to 500: a game without a points target (the 3-hand match the
    # engine learned later) is read as that 500-point game, as Medium read Pagat then.
    no_target_as = 500

    def decide_misdeal(self, view: SeatView) -> Decision[MisdealCall]:
        """Throw in weak hands that are no good for nil."""
        return misdeal_decision(view)

    def decide_blind(self, view: SeatView) -> Decision[BlindAction]:
        """Blind nil only as a comeback gamble."""
        return blind_nil_decision(view)

    def decide_bid(self, view: SeatView, stop: Stop | None) -> Decision[BidAction]:
        """The number (or nil) with the best expected points."""
        return medium_bid(view)

    def decide_pass(self, view: SeatView, stop: Stop | None) -> Decision[PassAction]:
        """Danger out of a blind nil, low cards into it."""
        return choose_pass(view)

    def decide_play(self, view: SeatView, stop: Stop | None) -> Decision[PlayAction]:
        """A card by the rules of good play."""
        ps = PlayState(view)
        i, reason = choose_card(ps)
        c = ps.t.to_c[i]
        return Decision(PlayAction(c), reason, [(PlayAction(c), None)])


# ----- play -------------------------------------------------------------------------------


def choose_card(ps: PlayState) -> tuple[int, str]:
    """The card index to play and the reason."""
    me, p = ps.me, ps.partner
    if ps.nil_live[me]:
        return nil_play(ps)
    if ps.nil_live[p]:
        got = cover_play(ps)
        if got is not None:
            return got
    for s in ps.opps:
        if ps.nil_live[s] and set_nil_worth(ps):
            got = set_nil_play(ps, s)
            if got is not None:
                return got
    return normal_play(ps)


def want_tricks(ps: PlayState) -> tuple[bool, str]:
    """Whether this seat wants to win tricks now, and why."""
    team = ps.me % 2
    need = ps.need[team]
    if ps.nil_live[ps.me]:
        return False, "I bid nil"
    if need > 0:
        return True, f"we still need {need} trick{'s' if need != 1 else ''}"
    opp_need = ps.need[1 - team]
    if not ps.bags_cost:
        return True, "overtricks cost nothing here"
    if opp_need > 0 and ps.left - opp_need <= 1:
        return True, "one more trick sets the other team"
    return False, "our bid is made and bags cost points"


def set_nil_worth(ps: PlayState) -> bool:
    """Whether chasing the other team's nil is worth more than our own tricks."""
    team = ps.me % 2
    need = ps.need[team]
    if need <= 0:
        return True
    if ps.left - need <= 1:
        return False
    # when making our bid wins the game, take no risks
    return ps.v.scores[team] + 10 * ps.contract(team) < ps.rules.target


def _follow(ps: PlayState) -> int:
    return ps.legal & SUITM[ps.led] if ps.led >= 0 else 0


def lowest(ps: PlayState, m: int) -> int:
    """The card of m that wins least: the lowest follow card, else the weakest discard."""
    f = m & SUITM[ps.led] if ps.led >= 0 else 0
    if f:
        return low(f)
    return ps.lowest_by_strength(m)


def cheapest_winner(ps: PlayState, winners: int) -> int:
    """The winner that costs least: a follow card before a trump."""
    side = winners & ~SPADEM
    if side:
        return ps.equal_low(low(side))
    return low(winners)


def discard(ps: PlayState, keep_high: bool) -> tuple[int, str]:
    """A card to throw when not following: low from a short side suit, or the highest to shed."""
    m = ps.legal
    side = m & SIDEM
    if not keep_high:
        i = ps.highest_by_strength(m)
        return i, f"shed the {ps.name(i)} so it cannot win a trick later"
    if side:
        best, best_k = -1, None
        for s in range(3):
            sm = side & SUITM[s]
            if not sm:
                continue
            c = low(sm)
            n = sm.bit_count()
            if ps.master(high(sm)) and n == 1:
                continue  # a bare winner is worth keeping
            k = (ps.t.nsuit[s] - 1 - ps.t.rank_from_top(c)) + 1.5 * n
            if best_k is None or k < best_k:
                best, best_k = c, k
        if best < 0:
            best = ps.lowest_by_strength(side)
        return best, f"throw the {ps.name(best)} and keep my spades and winners"
    i = low(m)
    return i, f"only spades left: play the lowest, the {ps.name(i)}"


# ----- my own nil ---------------------------------------------------------------------------


def nil_play(ps: PlayState) -> tuple[int, str]:
    """Take no trick."""
    m = ps.legal
    if ps.led < 0:
        best, best_r = -1, 99.0
        for s in range(4):
            sm = m & SUITM[s]
            if not sm:
                continue
            c = low(sm)
            up = (ps.unseen & above(c)).bit_count()
            down = (ps.unseen & below(c)).bit_count()
            if up == 0:
                r = 10.0 if (ps.unseen & SUITM[s]) else 5.0
            else:
                r = down / (up + down) + (0.5 if s == SPADES else 0) + (0.3 if up <= 2 else 0)
            if r < best_r:
                best, best_r = c, r
        up = (ps.unseen & above(best)).bit_count()
        return best, f"I bid nil: lead the {ps.name(best)}; {up} higher cards of that suit are out."
    w = ps.win
    f = _follow(ps)
    if f:
        if (w >> 4) != ps.led:
            i = high(f)
            return i, f"I bid nil and the trick is trumped: shed my highest, the {ps.name(i)}."
        under = f & below(w)
        if under:
            i = high(under)
            return i, (
                f"I bid nil: the {ps.name(w)} is winning, so play the {ps.name(i)}, "
                "my highest card under it."
            )
        if not ps.later:
            i = high(f)
            return i, f"I bid nil but must win this one: at least shed the {ps.name(i)}."
        i = low(f)
        return (
            i,
            f"I bid nil and every card I hold beats the {ps.name(w)}: play the lowest, hoping "
            "to be overtaken.",
        )
    losing = m & SIDEM
    if (w >> 4) == SPADES:
        losing |= m & below(w)
    if losing:
        hand = ps.hand
        i = max(bits(losing), key=lambda c: nil_danger(ps.t, hand, c))
        return i, f"I bid nil and cannot follow: throw the {ps.name(i)}, my most dangerous card."
    i = low(m)
    return i, f"I bid nil and hold only winning spades: play the lowest, the {ps.name(i)}."


# ----- covering partner's nil ---------------------------------------------------------------


def cover_play(ps: PlayState) -> tuple[int, str] | None:
    """Protect partner's nil; None when partner is in no danger this trick."""
    m = ps.legal
    p = ps.partner
    if ps.led < 0:
        masters = [c for c in bits(m) if ps.master(c) and not ps.ruff_risk(c >> 4)]
        if masters:
            c = max(masters, key=lambda i: (not ps.void[p] >> (i >> 4) & 1, -i))
            c = ps.equal_low(c)
            return (
                c,
                f"Partner bid nil: lead the {ps.name(c)}, a sure winner, so partner can throw "
                "under it.",
            )
        for s in range(4):
            sm = m & SUITM[s]
            if sm and ps.void[p] >> s & 1:
                c = low(sm)
                return c, f"Partner bid nil and is out of {SUIT_WORDS[s]}: lead the {ps.name(c)}."
        best, best_up = -1, 99
        for s in range(4):
            sm = m & SUITM[s]
            if not sm:
                continue
            c = high(sm)
            up = (ps.unseen & above(c)).bit_count()
            if up < best_up or (up == best_up and c > best):
                best, best_up = c, up
        return (
            best,
            f"Partner bid nil: lead high, the {ps.name(best)}, so partner can stay under it.",
        )
    w = ps.win
    f = _follow(ps)
    if p in ps.trick_seats:
        if ps.win_seat != p:
            return None
        winners = ps.winners_in(m)
        if winners:
            c = cheapest_winner(ps, winners)
            return c, (
                f"Partner bid nil and the {ps.name(w)} is winning: overtake with the {ps.name(c)}."
            )
        c = lowest(ps, m)
        return c, f"Partner's {ps.name(w)} is winning and I cannot beat it: play the {ps.name(c)}."
    # partner plays after me
    if ps.void[p] >> ps.led & 1:
        return None
    if (w >> 4) != ps.led:
        return None  # trumped already: partner follows under
    if not ps.poss[p] & above(w) & SUITM[ps.led]:
        return None  # nothing partner may hold beats the winning card: partner stays under it
    if f:
        c = high(f)
        if c > w:
            return (
                c,
                f"Partner bid nil and the {ps.name(w)} is winning: play the {ps.name(c)} so "
                "partner can stay under it.",
            )
        return None
    spades = m & SPADEM
    if spades:
        c = low(spades)
        return c, f"Partner bid nil: trump with a small spade, the {ps.name(c)}, to cover."
    return None


# ----- setting the other team's nil ---------------------------------------------------------


def set_nil_play(ps: PlayState, nil_seat: int) -> tuple[int, str] | None:
    """Try to make an opponent's nil take a trick; None when nothing special applies."""
    m = ps.legal
    who = _seat_word(ps, nil_seat)
    if ps.led < 0:
        best, best_k = -1, None
        for s in range(4):
            sm = m & SUITM[s]
            if not sm or ps.void[nil_seat] >> s & 1:
                continue
            c = low(sm)
            lowness = ps.t.nsuit[s] - 1 - ps.t.rank_from_top(c)
            below_nil = (ps.poss[nil_seat] & below(c)).bit_count()
            k = lowness + 2 * below_nil + (1 if s == SPADES else 0)
            if best_k is None or k < best_k:
                best, best_k = c, k
        if best < 0:
            return None
        return best, f"{who} bid nil: lead the {ps.name(best)}, leaving little room to stay under."
    w = ps.win
    if nil_seat in ps.trick_seats:
        if ps.win_seat != nil_seat:
            return None
        f = _follow(ps)
        if f:
            under = f & below(w) if (w >> 4) == ps.led else 0
            if under:
                c = high(under)
                return (
                    c,
                    f"{who} bid nil and the {ps.name(w)} is winning: stay under with the "
                    f"{ps.name(c)}.",
                )
            return None
        side = m & SIDEM
        if side:
            c = ps.highest_by_strength(side)
            return (
                c,
                f"{who} bid nil and is winning this trick: discard the {ps.name(c)} and let it "
                "stand.",
            )
        return None
    if nil_seat in ps.later and ps.win_seat != (nil_seat + 2) % 4:
        f = _follow(ps)
        if f:
            c = low(f)
            return c, f"{who} bid nil and plays after me: play low, the {ps.name(c)}."
    return None


def _seat_word(ps: PlayState, s: int) -> str:
    return "The left opponent" if s == ps.lho else "The right opponent"


# ----- ordinary play ------------------------------------------------------------------------


def normal_play(ps: PlayState) -> tuple[int, str]:
    """Play for the team's contract, or duck when bags cost."""
    want, why = want_tricks(ps)
    if ps.led < 0:
        return lead(ps, want, why)
    return follow(ps, want, why)


def lead(ps: PlayState, want: bool, why: str) -> tuple[int, str]:
    """Choose a lead."""
    m = ps.legal
    p = ps.partner
    if not want:
        best, best_k = -1, None
        for i in bits(m):
            up = (ps.unseen & above(i)).bit_count()
            k = (up, -(i >> 4 == SPADES), -i)
            if best_k is None or k > best_k:
                best, best_k = i, k
        return best, f"{why.capitalize()}: lead the {ps.name(best)}, a likely loser."
    # cash side winners while the opponents still follow
    masters = [c for c in bits(m & SIDEM) if ps.master(c) and not ps.ruff_risk(c >> 4)]
    if masters:
        c = min(masters, key=lambda i: ((ps.hand & SUITM[i >> 4]).bit_count(), -i))
        c = ps.equal_low(c)
        return c, f"{why.capitalize()}: cash the {ps.name(c)} before it can be trumped."
    sp = m & SPADEM
    if sp and ps.master(high(sp)):
        mine = (ps.hand & SPADEM).bit_count()
        out = (ps.unseen & SPADEM).bit_count()
        if mine >= 3 or mine * 2 >= out:
            c = ps.equal_low(high(sp))
            return c, f"{why.capitalize()}: lead the {ps.name(c)} to draw the opponents' spades."
    # partner's known winners (cards I passed) and partner's voids
    kn = ps.known_i[p]
    for s in range(3):
        sm = m & SUITM[s]
        ks = kn & SUITM[s]
        if sm and ks and ps.master(high(ks)) and not ps.ruff_risk(s):
            c = low(sm)
            return c, f"Partner holds the {ps.name(high(ks))}: lead the {ps.name(c)} to it."
    for s in range(3):
        sm = m & SUITM[s]
        if sm and ps.void[p] >> s & 1 and ps.poss[p] & SPADEM:
            opp_ruff = any(ps.void[o] >> s & 1 and ps.poss[o] & SPADEM for o in ps.opps)
            if not opp_ruff:
                c = low(sm)
                return (
                    c,
                    f"Partner is out of {SUIT_WORDS[s]}: lead the {ps.name(c)} for partner to "
                    "trump.",
                )
    mysp = (ps.hand & SPADEM).bit_count()
    best, best_k = -1, None
    for s in range(4):
        sm = m & SUITM[s]
        if not sm:
            continue
        n = sm.bit_count()
        c = low(sm)
        top = high(sm)
        k = 0.0
        if s == SPADES:
            k += 3.0
        if ps.ruff_risk(s):
            k += 2.5
        # keep guards under a king or queen that is not yet master
        up_top = (ps.unseen & above(top)).bit_count()
        if up_top in (1, 2) and n <= up_top + 1:
            k += 2.0
        if n == 1 and s != SPADES and mysp >= 2 and up_top > 0:
            k -= 1.0  # a singleton lead prepares a ruff
        k -= 0.2 * n
        if best_k is None or k < best_k:
            best, best_k = c, k
    return best, f"{why.capitalize()}: lead low, the {ps.name(best)}, and keep my high cards."


def follow(ps: PlayState, want: bool, why: str) -> tuple[int, str]:
    """Choose a card on a trick already started."""
    m = ps.legal
    w = ps.win
    f = _follow(ps)
    pw = ps.win_seat == ps.partner
    if pw and ps.secure(w):
        if f:
            c = low(f)
            return c, f"Partner's {ps.name(w)} is winning: play low, the {ps.name(c)}."
        c, d = discard(ps, keep_high=True)
        return c, f"Partner's {ps.name(w)} is winning, so no trump: {d}."
    winners = ps.winners_in(m)
    if not want:
        if f:
            under = f & below(w) if (w >> 4) == ps.led else f
            if under:
                c = high(under)
                return c, f"{why.capitalize()}: duck with the {ps.name(c)}, under the {ps.name(w)}."
            if not ps.later:
                c = high(f)
                return (
                    c,
                    f"{why.capitalize()}, but this trick is mine anyway: win with the "
                    f"{ps.name(c)}.",
                )
            c = low(f)
            return (
                c,
                f"{why.capitalize()}: play the lowest, the {ps.name(c)}, and hope it is beaten.",
            )
        losing = m & ~winners
        if losing:
            c = ps.highest_by_strength(losing)
            return c, f"{why.capitalize()}: throw the {ps.name(c)} rather than trump."
        c = low(m)
        return c, f"{why.capitalize()}, but every card wins: play the {ps.name(c)}."
    if not winners:
        if f:
            c = low(f)
            return c, f"I cannot beat the {ps.name(w)}: play low, the {ps.name(c)}."
        c, d = discard(ps, keep_high=True)
        return c, f"I cannot beat the {ps.name(w)}: {d}."
    secure = [c for c in bits(winners) if ps.secure(c)]
    if not ps.later:
        c = cheapest_winner(ps, winners)
        return c, f"{why.capitalize()}: win as cheaply as I can, with the {ps.name(c)}."
    if secure:
        side = [c for c in secure if c >> 4 != SPADES]
        c = ps.equal_low(min(side)) if side else min(secure)
        return c, f"{why.capitalize()}: the {ps.name(c)} wins this trick for sure."
    if len(ps.later) == 2:
        # second hand: partner still plays after the left opponent
        if f:
            c = low(f)
            return c, f"Second hand low: the {ps.name(c)}; partner plays last."
        if (w >> 4) == SPADES:
            c, d = discard(ps, keep_high=True)
            return c, f"The trick is already trumped: {d}."
        c, d = discard(ps, keep_high=True)
        return c, f"Partner plays last and may win this: {d}."
    # third hand
    if f:
        top = high(f)
        c = ps.equal_low(top)
        if c > w and (w >> 4) == ps.led:
            return c, f"Third hand high: the {ps.name(c)} to beat the {ps.name(w)}."
        c = low(f)
        return c, f"I cannot beat the {ps.name(w)}: play low, the {ps.name(c)}."
    tr = winners & SPADEM
    if tr:
        c = low(tr)
        return c, f"{why.capitalize()}: trump with the {ps.name(c)}."
    c, d = discard(ps, keep_high=True)
    return c, d.capitalize() + "."
