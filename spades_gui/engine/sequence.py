"""The order of a hand's decisions, written once: who is asked what next.

The hand knows whose turn it is; what it does not record is which seats have already been
offered a misdeal, a blind bid or a question for partner. `Progress` keeps that, and
`next_request` reads both: the controller and every headless table (`spades simulate`) ask
it, answer, and tell the progress what was answered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, cast

from .actions import (
    BID,
    DISCARD,
    PASS,
    PLAY,
    Action,
    AnswerRequest,
    AskAction,
    AskRequest,
    BidAction,
    BidRequest,
    BlindAction,
    BlindRequest,
    DecisionRequest,
    DiscardRequest,
    MisdealCall,
    MisdealRequest,
    PassRequest,
    PlayRequest,
    Question,
)
from .bids import NIL, is_blind_bid
from .hand import Hand

Stage = Literal["blind", "looked"]  # a bidder before looking at its cards, or after
STAGES: tuple[Stage, ...] = ("blind", "looked")


@dataclass
class Progress:
    """What a hand's order has offered so far that the hand does not record: the seats asked
    about a misdeal, the seats past their blind stage (they bid, looked or let it go), and
    the (seat, stage) pairs whose question for partner has been asked for."""

    misdeal_asked: set[int] = field(default_factory=set)
    blind_asked: set[int] = field(default_factory=set)
    offered: set[tuple[int, Stage]] = field(default_factory=set)

    @classmethod
    def resume(cls, hand: Hand) -> Progress:
        """The progress of a hand taken up where it stands (a saved game, an undo): the seats
        that bid have had every chance; anyone who bid was past the misdeal."""
        bid = {s for s in range(4) if hand.bids[s] is not None}
        offered: set[tuple[int, Stage]] = {(s, stage) for s in bid for stage in STAGES}
        for a in hand.asks:
            offered.add((a.asker, "blind" if a.what.startswith("blind") else "looked"))
        return cls(set(range(4)) if hand.nbids else set(), bid, offered)

    def note(self, seat: int, action: Action, request: DecisionRequest | None = None) -> None:
        """A seat's answer to `request` (None: an action the order took itself)."""
        if isinstance(action, MisdealCall):
            self.misdeal_asked.add(seat)
        elif isinstance(action, (BlindAction, BidAction)):
            self.blind_asked.add(seat)
        elif isinstance(action, AskAction):
            blind = isinstance(request, AskRequest) and request.blind
            self.offered.add((seat, "blind" if blind else "looked"))


@dataclass(frozen=True)
class Step:
    """What comes next in a hand: a seat asked `request`, or an action the order takes
    itself (`auto`: the partner of a blind bidder sharing the team's blind contract)."""

    seat: int
    request: DecisionRequest | None = None
    auto: Action | None = None


def asked_blind(request: DecisionRequest) -> bool:
    """Whether a decision is made before looking (the seat is shown no cards)."""
    if isinstance(request, AnswerRequest):
        return request.what.startswith("blind")
    return isinstance(request, BlindRequest) or (isinstance(request, AskRequest) and request.blind)


def next_request(hand: Hand, progress: Progress, human: frozenset[int] = frozenset()) -> Step:
    """The hand's next decision. Seats in `human` are asked the player's way (questions
    and Bemos beside the bid, the blind bid offered with the cards face down); the others
    are asked their questions for partner as decisions of their own."""
    if hand.done:
        raise ValueError("the hand is over")
    seat = hand.turn
    if hand.phase == DISCARD:  # 001: the taker of the two cards left over
        return Step(seat, DiscardRequest(2))
    if hand.phase == PASS:
        return Step(
            seat,
            PassRequest(
                hand.pass_count(),
                skip=hand.may_skip_pass(),
                ask_suit=hand.may_ask_suit(),
                asked_suit=hand.asked_suit(),
            ),
        )
    if hand.phase == PLAY:
        return Step(seat, PlayRequest(hand.legal_plays()))
    assert hand.phase == BID
    return _bidding(hand, progress, human, seat)


def _bidding(hand: Hand, progress: Progress, human: frozenset[int], seat: int) -> Step:
    """In order: a misdeal before anyone bids; partner's answer to a question; the blind
    stage (a computer seat's blind question for partner, then the blind bids, or the
    player's cards face down with both offered); a computer seat's question after looking;
    the bid itself, with the player's questions and Bemos beside it."""
    if hand.nbids == 0 and not hand.asks:
        for s in hand.order:
            if s not in progress.misdeal_asked and hand.misdeal_reasons(s):
                return Step(s, MisdealRequest(tuple(hand.misdeal_reasons(s))))
    if hand.asking:
        return Step(seat, AnswerRequest(cast(Question, hand.asking)))
    legal = hand.legal_bids()
    asks = hand.legal_asks()
    if len(legal) == 1 and is_blind_bid(legal[0]) and not asks:
        return Step(seat, auto=BidAction(legal[0]))  # partner's blind contract, shared
    is_human = seat in human
    agreed = hand.agreed[seat]
    blinds = tuple(b for b in legal if is_blind_bid(b))
    plain = tuple(b for b in legal if not is_blind_bid(b))
    blind_asks = tuple(a for a in asks if a.startswith("blind"))
    if blinds and not plain:  # partner agreed to a blind no trump: only blind numbers
        return Step(seat, BlindRequest(blinds, agreed=agreed))
    if (blinds or blind_asks) and seat not in progress.blind_asked:
        if not is_human and blind_asks and (seat, "blind") not in progress.offered:
            return Step(seat, AskRequest(blind_asks, blind=True))
        if blinds or is_human:
            return Step(seat, BlindRequest(blinds, blind_asks if is_human else (), agreed))
        progress.blind_asked.add(seat)
    plain_asks = tuple(a for a in asks if not a.startswith("blind"))
    if not is_human and plain_asks and (seat, "looked") not in progress.offered:
        return Step(seat, AskRequest(plain_asks))
    refused: tuple[tuple[int, str], ...] = ()
    partner_bid = hand.bids[(seat + 2) % 4]
    nil_closed = hand.rules.nil_allowed and NIL not in plain and not hand.raising
    own = not agreed and not hand.double_nil_team[seat % 2]  # no team bid decided for it
    shared = partner_bid is not None and is_blind_bid(partner_bid)  # partner's blind contract
    if is_human and nil_closed and own and not shared:
        refused = ((NIL, hand.why_bid_illegal(NIL)),)
    return Step(
        seat,
        BidRequest(
            plain,
            asks=plain_asks if is_human else (),
            bemos=tuple(hand.legal_bemos()),
            agreed=agreed,
            plain=tuple(hand.plain_bids()) if is_human else (),
            raising=hand.raising,
            proposed=hand.raise_proposal,
            refused=refused,
        ),
    )
