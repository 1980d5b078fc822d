"""Medium: a strong rule-based seat that counts cards, tracks voids and plays to the score."""

from __future__ import annotations

from ..engine.actions import BidAction, BlindAction, MisdealCall, PassAction, PlayAction
from ..engine.bids import BLIND_NIL
from .base import BasePolicy
from .bidding import blind_nil_decision, choose_pass, medium_bid, misdeal_decision
from .bits import SIDEM, SPADEM, SPADES, SUITM, above, below, bits, high, low, top_run
from .decision import Decision, Stop
from .evaluate import most_dangerous
from .medium_aims import follow_cards, set_nil_worth, sure_nil_set, want_tricks
from .medium_exact import exact_card, nil_endgame_card
from .state import PlayState
from .view import SeatView

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
SUIT_WORD = ("club", "diamond", "heart", "trump")  # one card of the suit (a joker is a trump)
SAFE_LOSER = 3  # unseen cards of its suit above a lead that make it a safe loser


class MediumPolicy(BasePolicy):
    """Rule-based bidding by expected points and rule-based play."""

    level = "medium"

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
        i, reason = choose_card(ps, read_cover=True)
        got = exact_card(ps, i, reason)
        if got is None:
            got = nil_endgame_card(ps, i, reason, self.rng(view, "play"))
        i, reason = got
        c = ps.t.to_c[i]
        return Decision(PlayAction(c), reason, [(PlayAction(c), None)])


# ----- play -------------------------------------------------------------------------------


def choose_card(ps: PlayState, read_cover: bool = False) -> tuple[int, str]:
    """The card index to play and the reason (read_cover: Medium's cover rule that spends no trump
    or high card on a trick partner's nil is sure to stay under; Hard breaks its search's near
    ties by the rules it was measured with)."""
    me, p = ps.me, ps.partner
    if ps.nil_live[me]:
        return nil_play(ps)
    if ps.nil_live[p]:
        got = cover_play(ps, read_cover)
        if got is not None:
            return got
    for s in ps.opps:
        if ps.nil_live[s] and set_nil_worth(ps, s):
            got = set_nil_play(ps, s)
            if got is not None:
                return got
    return normal_play(ps)


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
            if ps.master(c):
                continue  # every card of mine in the suit is a winner: worth keeping
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
    f = follow_cards(ps)
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
        # a blind nil after an exchange sheds short suits and spades sooner: +1.4 a hand at Pagat
        # (lab/LOG.md); without an exchange (Tournament) it did not pay
        blind = ps.bids[ps.me] == BLIND_NIL and ps.rules.blind_nil_exchange != "none"
        i = most_dangerous(ps.t, hand, losing, blind)
        if blind and i >> 4 == SPADES:
            return i, (
                f"I bid blind nil and cannot follow: shed the {ps.name(i)} under the "
                f"{ps.name(w)}, since a spade can only be lost under a higher one."
            )
        return i, f"I bid nil and cannot follow: throw the {ps.name(i)}, my most dangerous card."
    i = low(m)
    return i, f"I bid nil and hold only winning spades: play the lowest, the {ps.name(i)}."


# ----- covering partner's nil ---------------------------------------------------------------


def cover_play(ps: PlayState, read_cover: bool = False) -> tuple[int, str] | None:
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
                f"Partner bid nil: lead the {ps.name(c)}, which no other player can beat, so "
                "partner can throw under it.",
            )
        for s in range(4):
            sm = m & SUITM[s]
            if sm and ps.void[p] >> s & 1:
                c = low(sm)
                return c, f"Partner bid nil and is out of {SUIT_WORDS[s]}: lead the {ps.name(c)}."
        risky = [c for c in bits(m) if ps.master(c)]
        if risky:
            c = max(risky)
            return (
                c,
                f"Partner bid nil: lead the {ps.name(c)}, a winner unless it is trumped, so "
                "partner can throw under it.",
            )
        if ps.bids[p] != BLIND_NIL:
            # a high card that is not a winner gives away a trick the cover needs (the team's
            # own contract failed 30% of the time beside a nil): lead as in ordinary play
            return None
        # a blind nil holds random cards, often high ones: it needs the high lead more
        best, best_up = -1, 99
        for s in range(4):
            sm = m & SUITM[s]
            if sm:
                c = high(sm)
                up = (ps.unseen & above(c)).bit_count()
                if up < best_up or (up == best_up and c > best):
                    best, best_up = c, up
        return (
            best,
            f"Partner bid blind nil: lead high, the {ps.name(best)}, so partner can stay under it.",
        )
    w = ps.win
    f = follow_cards(ps)
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
    if read_cover and partner_under(ps, w):
        return None  # partner holds a card under it however the cards lie: no cover needed
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


def partner_under(ps: PlayState, w: int) -> bool:
    """Whether partner holds a card of w's suit under it however the unseen cards lie: one it
    is known to hold, or one no other seat may hold."""
    others = ps.poss[ps.lho] | ps.poss[ps.rho]
    return bool(ps.poss[ps.partner] & below(w) & (ps.known_i[ps.partner] | ~others))


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
        sure = sure_nil_set(ps, nil_seat)
        end = ", which sets the nil." if sure else "."
        f = follow_cards(ps)
        if f:
            under = f & below(w) if (w >> 4) == ps.led else 0
            if under:
                c = high(under)
                return (
                    c,
                    f"{who} bid nil and the {ps.name(w)} is winning: stay under with the "
                    f"{ps.name(c)}{end}",
                )
            return None
        side = m & SIDEM
        if side:
            need = ps.need[ps.me % 2] > 0
            if sure and need:
                # the nil is set once this trick stands: keep the winners our bid still needs
                c, _ = discard(ps, keep_high=True)
            else:
                # the highest, keeping low cards to stay under the nil later; while our bid
                # needs tricks, not a master that would win one
                masters = sum(1 << i for i in bits(side) if ps.master(i)) if need else 0
                c = ps.highest_by_strength(side & ~masters or side)
            return (
                c,
                f"{who} bid nil and is winning this trick: discard the {ps.name(c)} and let it "
                f"stand{end}",
            )
        return None
    if nil_seat in ps.later and ps.win_seat != (nil_seat + 2) % 4:
        f = follow_cards(ps)
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


def losing_lead(ps: PlayState, why: str) -> tuple[int, str]:
    """A lead that should lose: the highest card that enough unseen cards beat, side suits
    first, so the middling cards go while they still lose; else the likeliest loser."""
    best, best_k = -1, None
    for i in bits(ps.legal):
        up = (ps.unseen & above(i)).bit_count()
        side = i >> 4 != SPADES
        k = (SAFE_LOSER, side, i) if up >= SAFE_LOSER else (up, side, -i)
        if best_k is None or k > best_k:
            best, best_k = i, k
    up = (ps.unseen & above(best)).bit_count()
    if up >= SAFE_LOSER:
        return best, f"{why.capitalize()}: lead the {ps.name(best)}, a likely loser."
    if up:
        return best, (
            f"{why.capitalize()}: lead the {ps.name(best)}, which a higher {SUIT_WORD[best >> 4]} "
            "may beat."
        )
    return (
        best,
        f"{why.capitalize()}, but no card of mine is a likely loser: lead the {ps.name(best)}.",
    )


def top_trump(ps: PlayState) -> int:
    """My legal trump that wins whenever it is played (no live card beats it), or -1."""
    sp = ps.legal & SPADEM
    if not sp or not top_run(ps.hand, (ps.unseen | ps.hand) & SPADEM):
        return -1
    return ps.equal_low(high(sp))


def sure_trump(ps: PlayState) -> int:
    """My top trump while the other team still needs tricks, or -1: spent on their tricks, it
    costs no bag it would not win anyway."""
    return top_trump(ps) if ps.need[1 - ps.me % 2] > 0 else -1


def cash_sure_trumps(ps: PlayState, why: str) -> tuple[int, str] | None:
    """Ducking while the other team still needs tricks: lead my sure trump now and draw the
    trumps that could win their tricks."""
    c = sure_trump(ps)
    if c < 0 or not any(ps.poss[o] & SPADEM for o in ps.opps):
        return None
    return c, (
        f"{why.capitalize()}, but the {ps.name(c)} wins whenever I play it: lead it now to draw "
        "the trumps the other team needs."
    )


def lead(ps: PlayState, want: bool, why: str) -> tuple[int, str]:
    """Choose a lead."""
    m = ps.legal
    p = ps.partner
    if not want:
        return cash_sure_trumps(ps, why) or losing_lead(ps, why)
    # with the top trumps, draw the others' trumps first so my side winners can't be ruffed
    sp = m & SPADEM
    opp_sp = any(ps.poss[o] & SPADEM for o in ps.opps)
    if (
        sp
        and opp_sp
        and ps.master(high(sp))
        and top_run(ps.hand, (ps.unseen | ps.hand) & SPADEM) >= 3
    ):
        c = ps.equal_low(high(sp))
        return c, f"{why.capitalize()}: draw trumps with the {ps.name(c)} before cashing winners."
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
    return best, f"{why.capitalize()}: {_low_lead_words(ps, best)}."


def _low_lead_words(ps: PlayState, c: int) -> str:
    """Why the lowest card of a suit is led, in words true of the card: low only when it is."""
    if (ps.unseen & above(c)).bit_count() >= SAFE_LOSER:
        return f"lead low, the {ps.name(c)}, and keep my high cards"
    s = c >> 4
    word = SUIT_WORD[s]
    if (ps.hand & SUITM[s]).bit_count() == 1:
        return f"lead the {ps.name(c)}, my only {word}"
    return f"lead the {ps.name(c)}, my lowest {word}"


def _wins(ps: PlayState, c: int) -> str:
    """Why a card no later opponent is known to beat is played: for sure only when it is."""
    if ps.sure(c):
        return f"the {ps.name(c)} wins this trick for sure"
    if c >> 4 == SPADES:
        return f"the {ps.name(c)} should win this trick, unless it is overtrumped"
    return f"the {ps.name(c)} should win this trick, unless it is trumped"


def follow(ps: PlayState, want: bool, why: str) -> tuple[int, str]:
    """Choose a card on a trick already started."""
    m = ps.legal
    w = ps.win
    f = follow_cards(ps)
    pw = ps.win_seat == ps.partner
    if pw and ps.secure(w):
        need = ps.need[ps.me % 2]
        if ps.bags_cost and (need == 1 or (need <= 0 and not want)):
            # the trick is ours whatever I play, and with it our bid: shed a card that could
            # win a bag later (my top trump once the other team has its tricks, else a side
            # card, since a lower trump could be overtrumped)
            sides = ps.legal & SIDEM
            c = high(f) if f else (ps.highest_by_strength(sides) if sides else -1)
            if not f and ps.need[1 - ps.me % 2] <= 0 and (t := top_trump(ps)) >= 0:
                c = t
            if c >= 0:
                takes = "takes" if ps.sure(w) else "should take"
                return c, (
                    f"Partner's {ps.name(w)} {takes} this trick and our bid is made: shed the "
                    f"{ps.name(c)}, which could win a bag later."
                )
        if f:
            c = low(f)
            return c, f"Partner's {ps.name(w)} is winning: play low, the {ps.name(c)}."
        c, d = discard(ps, keep_high=True)
        return c, f"Partner's {ps.name(w)} is winning, so no trump: {d}."
    winners = ps.winners_in(m)
    if not want and not pw and (c := sure_trump(ps)) >= 0:
        return c, (
            f"{why.capitalize()}, but the {ps.name(c)} wins whenever I play it: take the other "
            "team's trick with it."
        )
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
            if not winners:
                return c, (
                    f"{why.capitalize()}: throw the {ps.name(c)}, the card likeliest to take a "
                    "trick later."
                )
            return c, f"{why.capitalize()}: throw the {ps.name(c)} rather than trump."
        # last to play, the trick is mine whatever I play: shed the card likeliest to win later
        c = low(m) if ps.later else ps.highest_by_strength(m)
        return c, f"{why.capitalize()}, but every card wins: play the {ps.name(c)}."
    if not winners:
        if f:
            c = low(f)
            return c, f"I cannot beat the {ps.name(w)}: play low, the {ps.name(c)}."
        c, d = discard(ps, keep_high=True)
        return c, f"I cannot beat the {ps.name(w)}: {d}."
    secure = [c for c in bits(winners) if ps.secure(c)]
    # this trick makes our bid and the rest would be bags: win it with my highest card, a
    # follow card if I have one, else my highest trump
    makes_bid = ps.bags_cost and ps.need[ps.me % 2] == 1
    if not ps.later:
        if makes_bid:
            c = high(f & winners or winners)
            return (
                c,
                f"{why.capitalize()}: this one makes our bid, so win with my highest, the "
                f"{ps.name(c)}.",
            )
        c = cheapest_winner(ps, winners)
        return c, f"{why.capitalize()}: win as cheaply as I can, with the {ps.name(c)}."
    if secure:
        side = [c for c in secure if c >> 4 != SPADES]
        if makes_bid:
            c = max(side or secure)
            return c, f"{why.capitalize()}: {_wins(ps, c)}."
        c = ps.equal_low(min(side)) if side else min(secure)
        return c, f"{why.capitalize()}: {_wins(ps, c)}."
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
