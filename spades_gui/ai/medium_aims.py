"""What Medium plays for in a trick: whether it wants tricks now (our contract, the other
team's within reach of a set, the bags), and whether setting the other team's nil is worth more
than our own tricks."""

from __future__ import annotations

from ..engine.bids import BLIND_NIL, is_nil
from .bits import SIDEM, SUITM, below
from .evaluate import bags_cost
from .state import PlayState

SET_TWO = 4  # the other team's contract worth taking two bags to set
SET_THREE = 7  # ... worth three


def follow_cards(ps: PlayState) -> int:
    """My legal cards of the suit led (none when I lead or cannot follow)."""
    return ps.legal & SUITM[ps.led] if ps.led >= 0 else 0


def want_tricks(ps: PlayState) -> tuple[bool, str]:
    """Whether this seat wants to win tricks now, and why."""
    team = ps.me % 2
    need = ps.need[team]
    if ps.nil_live[ps.me]:
        return False, "I bid nil"
    if need > ps.left:
        return _out_of_reach(ps)
    if need == ps.left and _trick_lost(ps):
        want, why = _out_of_reach(ps)
        return want, "with this trick theirs, " + why
    # my sure trumps make what we still need whenever they are played: the tricks before them
    # would only be bags
    ours = ps.bags_cost and not any(ps.nil_live) and 0 < need <= ps.sure_trumps()
    if need > 0 and not ours:
        return True, f"we still need {need} trick{'s' if need != 1 else ''}"
    opp_need = ps.need[1 - team]
    if not ps.bags_cost:
        if any(ps.nil_live):  # a nil to cover or to set is worth far more than an overtrick
            return False, "our bid is made and a nil is still live"
        return True, "overtricks cost nothing here"
    if 0 < opp_need <= ps.left:
        # a set swings twice their contract: worth a few bags when it is within reach
        to_set = ps.left - opp_need + 1
        if to_set <= 1:
            return True, "one more trick sets the other team"
        big = ps.contract(1 - team)
        if (to_set == 2 and big >= SET_TWO) or (to_set == 3 and big >= SET_THREE):
            return True, f"{to_set} more tricks set the other team's {big}"
    if ours:
        return False, "my sure trumps make our bid and bags cost points"
    return False, "our bid is made and bags cost points"


def _bid_lost(ps: PlayState) -> bool:
    """Whether our contract is set whatever we take, at the whole bid (our tricks count for
    nothing toward it): we need more tricks than are left to play."""
    return ps.need[ps.me % 2] > ps.left and ps.rules.set_penalty == "bid"


def _trick_lost(ps: PlayState) -> bool:
    """Whether the other team takes this trick whatever I play: I am last and cannot beat them."""
    return (
        bool(ps.trick)
        and not ps.later
        and ps.win_seat % 2 != ps.me % 2
        and not ps.winners_in(ps.legal)
    )


def _out_of_reach(ps: PlayState) -> tuple[bool, str]:
    """Whether tricks are wanted once our bid can no longer be made, and why."""
    team = ps.me % 2
    if ps.rules.set_penalty != "bid":
        return True, "our bid is out of reach, and each trick we take makes the set smaller"
    if any(is_nil(ps.bids[s]) for s in (team, team + 2)):
        # a failed nil's tricks can be bags, so ours could still cost
        if ps.nil_live[ps.partner]:
            return True, "our bid is lost, and partner's nil is still to cover"
        return True, "our bid is lost"
    # only the other team's tricks matter now
    opp_need, v = ps.need[1 - team], ps.v
    if 0 < opp_need <= ps.left:
        k = ps.left - opp_need + 1
        return True, f"our bid is lost, and {k} more trick{'s' if k != 1 else ''} set theirs"
    if opp_need > ps.left:
        return True, "both bids are lost"
    if bags_cost(v.rules, v.bags[1 - team], v.hands_scored, ps.left):
        return False, "our bid is lost and theirs is made, so each trick they take is a bag"
    return True, "our bid is lost, and each trick we take is one less for the other team"


def set_nil_worth(ps: PlayState, nil_seat: int) -> bool:
    """Whether chasing the other team's nil is worth more than our own tricks."""
    team = ps.me % 2
    need = ps.need[team]
    if need <= 0 or _bid_lost(ps):
        return True  # made, or lost whatever we take: their nil is what is left to play for
    # when making our bid wins the game, take no risks; but playing last, let the nil's card
    # stand (it sets the nil) when our sure trumps make the bid anyway
    if ps.bid_wins_game(team):
        return ps.sure_trumps() >= need and sure_nil_set(ps, nil_seat)
    if ps.left - need > 1:
        return True
    # we need nearly every trick left, yet letting the nil's winning card stand sets it for
    # sure at the cost of one trick; only when that trick is one of all we need (our bid then
    # fails for sure) does a bid worth more than their nil come first
    if not sure_nil_set(ps, nil_seat):
        return False
    return need != ps.left or nil_swing(ps, nil_seat) >= contract_swing(ps, team)


def sure_nil_set(ps: PlayState, nil_seat: int) -> bool:
    """Whether I play last, the nil's card is winning and I hold a card that lets it stand."""
    if ps.later or ps.win_seat != nil_seat:
        return False
    f = follow_cards(ps)
    if f:  # as set_nil_play stays under it
        return ps.win >> 4 == ps.led and bool(f & below(ps.win))
    return bool(ps.legal & SIDEM)


def contract_swing(ps: PlayState, team: int) -> int:
    """What a team's contract is worth: made against set by a trick."""
    c = ps.contract(team)
    return 10 * c + (10 * c if ps.rules.set_penalty == "bid" else 10)


def nil_swing(ps: PlayState, nil_seat: int) -> int:
    """What the other team's nil is worth to them: its bonus made against its penalty failed."""
    r = ps.rules
    if ps.bids[nil_seat] == BLIND_NIL:
        return r.blind_nil_bonus + r.blind_nil_penalty
    return r.nil_bonus + r.nil_penalty
