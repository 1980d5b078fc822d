"""001's second round of bidding: "each side ... is then given the opportunity to increase
its bid"; who answers for each team, the totals it may name, a total put to partner."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .actions import IllegalAction, ProposeAction, Taken
from .bids import is_blind, is_number
from .passing import after_bidding

if TYPE_CHECKING:
    from .hand import Hand


def raise_seats(h: Hand) -> list[int]:
    """Who answers the second round for each team, the first bidding team first.

    A team answers through its first bidder of a number; a team with a blind contract or
    two nils has no number to raise.
    """
    out = []
    for team in (h.order[0] % 2, 1 - h.order[0] % 2):
        bids = [s for s in h.order if s % 2 == team]
        if any(is_blind(cast(int, h.bids[s])) for s in bids):
            continue
        numbers = [s for s in bids if is_number(cast(int, h.bids[s]))]
        if numbers:
            out.append(numbers[0])
    return out


def raise_totals(h: Hand) -> list[int]:
    """The team totals the seat to act may name: its bid as it stands, or more, to 13."""
    team = h.turn % 2
    now = h.team_contract(team)
    totals = list(range(now, 14))
    if h.rules.total_not_13:  # the bids of both sides must still not add up to 13
        other = h.team_contract(1 - team)
        totals = [t for t in totals if t == now or t + other != 13]
    return totals


def check_total(h: Hand, total: int) -> None:
    """IllegalAction, saying why, unless the seat to act may name this team total."""
    if total not in raise_totals(h):
        now = h.team_contract(h.turn % 2)
        if total < now:
            why = f"the second round can only raise your team's bid of {now}"
        elif total > 13:
            why = "a team cannot bid more than 13"
        else:
            why = "the bids of both teams may not total 13"
        raise IllegalAction(why)


def propose_raise(h: Hand, total: int) -> None:
    """The seat answering for its team in the second round puts a total to partner, who
    settles the team's total next (`bid`).

    001: the second round "proceeds exactly as in partnership bidding", where "each
    partner on that side communicates the amount of tricks they expect to take" and "the
    agreed upon bid is then written down". A seat may also name the total alone (`bid`).
    """
    if not h.raising:
        raise IllegalAction("a total is put to partner only in the second round")
    if h.raise_proposal is not None:
        raise IllegalAction("your partner has put a total to you: settle it")
    check_total(h, total)
    h.took(Taken(h.turn, ProposeAction(total)))
    h.raise_proposal = total
    h.turn = (h.turn + 2) % 4


def raise_total(h: Hand, total: int) -> None:
    """The seat to act settles its team's total of the second round (a bid in that round)."""
    seat = h.turn
    check_total(h, total)
    # the team's number stands on the bid of the seat that answers for it
    answering = seat if h.raise_proposal is None else (seat + 2) % 4
    h.bids[answering] = cast(int, h.bids[answering]) + total - h.team_contract(seat % 2)
    h.raises.append((seat, total))
    h.raise_proposals.append(h.raise_proposal)
    h.raise_proposal = None
    if h.raise_queue:
        h.raise_queue.pop(0)
    if h.raise_queue:
        h.turn = h.raise_queue[0]
    else:
        after_bidding(h)
