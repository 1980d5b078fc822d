"""Random and Easy: a uniform legal baseline, and a plausible beginner."""

from __future__ import annotations

from dataclasses import replace

from ..engine.actions import BidAction, MisdealCall, PassAction, PlayAction
from ..engine.bids import NIL
from ..engine.cards import card_name, cards_of
from .base import BasePolicy, plain_bids
from .bidding import choose_pass, medium_bid
from .bits import SPADEM, SUITM, below, bits, high, low, tables_for
from .decision import Decision, Stop
from .evaluate import estimate_tricks
from .state import PlayState
from .view import SeatView


class RandomPolicy(BasePolicy):
    """Uniformly random legal bids, passes and cards: the yardstick."""

    level = "random"

    def decide_bid(self, view: SeatView, stop: Stop | None) -> Decision[BidAction]:
        """Any legal bid made after looking."""
        legal = plain_bids(view) or view.legal_bids()
        b = self.rng(view).choice(legal)
        return Decision(BidAction(b), "A random legal bid.")

    def decide_pass(self, view: SeatView, stop: Stop | None) -> Decision[PassAction]:
        """Any cards."""
        pick = self.rng(view).sample(cards_of(view.hand), view.pass_count)
        return Decision(PassAction(sum(1 << c for c in pick)), "Random cards.")

    def decide_play(self, view: SeatView, stop: Stop | None) -> Decision[PlayAction]:
        """Any legal card."""
        c = self.rng(view).choice(cards_of(view.legal_plays()))
        return Decision(PlayAction(c), "A random legal card.")


TRUMP_PARTNER = 0.3  # how often a beginner trumps partner's winning card to be sure of it
SECOND_HIGH = 0.35  # how often it plays high second in hand instead of low


class EasyPolicy(BasePolicy):
    """A beginner: counts its high cards roughly and a little hopefully, plays high to win and
    low to lose, remembers nothing, and makes a beginner's mistakes: trumping partner's winner,
    playing high second in hand."""

    level = "easy"

    def decide_misdeal(self, view: SeatView) -> Decision[MisdealCall]:
        """Throw in hands with few high cards."""
        t = tables_for(view.rules)
        est = estimate_tricks(t, t.imask(view.hand))
        return Decision(MisdealCall(est < 2.5), f"About {est:.1f} tricks.")

    def decide_bid(self, view: SeatView, stop: Stop | None) -> Decision[BidAction]:
        """Medium's bid, sometimes a trick off, and shy of nil."""
        rng = self.rng(view)
        noise = rng.choice((0.0, 0.0, 0.5, 1.0, 1.0, -0.5))  # a little hopeful, mostly
        d = medium_bid(view, noise=noise, nil_ok=rng.random() < 0.4)
        if d.action.bid == NIL:
            return replace(d, reason="My cards are all low: nil.")
        return replace(d, reason=f"I count my high cards and spades: {d.action.bid}.")

    def decide_pass(self, view: SeatView, stop: Stop | None) -> Decision[PassAction]:
        """The standard exchange."""
        return choose_pass(view)

    def decide_play(self, view: SeatView, stop: Stop | None) -> Decision[PlayAction]:
        """Simple habits: win when it can, low when partner is winning."""
        rng = self.rng(view)
        ps = PlayState(view)
        t = ps.t
        i, why = _easy_card(ps)
        slip = _slip(ps, rng.random())
        if slip is not None:
            i, why = slip
        c = t.to_c[i]
        return Decision(PlayAction(c), why.replace("#", card_name(c)))


def _slip(ps: PlayState, roll: float) -> tuple[int, str] | None:
    """A beginner's mistake, when the position invites one."""
    m = ps.legal
    if ps.nil_live[ps.me] or ps.led < 0:
        return None
    f = m & SUITM[ps.led]
    partner_side_win = ps.win_seat == ps.partner and (ps.win >> 4) != 3
    if partner_side_win and not f and m & SPADEM and roll < TRUMP_PARTNER:
        return low(m & SPADEM), "Trump it to be sure we win it: the #."
    if len(ps.later) == 2 and f and roll < SECOND_HIGH:
        top = high(f)
        if top > ps.win:
            return top, "Play high to win it now: the #."
    return None


def _easy_card(ps: PlayState) -> tuple[int, str]:
    m = ps.legal
    if ps.nil_live[ps.me]:
        if ps.led >= 0:
            f = m & SUITM[ps.led]
            under = f & below(ps.win) if f else 0
            if under:
                return high(under), "Stay under with the #."
            if f:
                return low(f), "Play my lowest, the #."
        return ps.lowest_by_strength(m), "Play my lowest card, the #."
    if ps.led < 0:
        for i in reversed(bits(m)):
            if ps.t.rank_from_top(i) == 0 and i >> 4 != 3:
                return i, "Lead my ace, the #."
        return ps.lowest_by_strength(m), "Lead a low card, the #."
    if ps.win_seat == ps.partner:
        f = m & SUITM[ps.led]
        return (low(f) if f else ps.lowest_by_strength(m)), "Partner is winning: the #."
    winners = ps.winners_in(m)
    f = m & SUITM[ps.led]
    if winners & f:
        return high(winners & f), "Play high to win: the #."
    if winners & SPADEM:
        return low(winners & SPADEM), "Trump it with the #."
    return (low(f) if f else ps.lowest_by_strength(m)), "Play low: the #."
