"""One deal from the cards dealt to the last trick: the object that owns legality.

The hand's state, its undo and its views are here; what each stage of a hand allows and
does is in a module of its own, and the Hand's methods are those functions: misdeal.py,
auction.py (the bids, Bemo, 001's questions), raise_round.py (001's second round),
leftover.py (001's cards left over), passing.py (the exchanges), playing.py (the play).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from . import auction, leftover, misdeal, passing, playing, raise_round
from .actions import (
    ASKS,
    BID,
    DISCARD,
    DONE,
    MISDEAL,
    PASS,
    PLAY,
    Action,
    AnswerAction,
    AskAction,
    BidAction,
    BlindAction,
    DiscardAction,
    IllegalAction,
    MisdealCall,
    PartnerAsk,
    PassAction,
    Phase,
    PlayAction,
    ProposeAction,
    Taken,
)
from .bids import team_contract
from .cards import card_str, cards_of, count, parse_card
from .deck import deck_for
from .leftover import leftover_taker
from .rules import Rules, has_leftover

__all__ = [
    "ASKS",
    "BID",
    "DISCARD",
    "DONE",
    "MISDEAL",
    "PASS",
    "PLAY",
    "Hand",
    "IllegalAction",
    "Position",
    "Taken",
]


@dataclass(frozen=True)
class RaiseStep:
    """One team's answer in the second round (001): the seat that settled it, the team's
    total before and after, and the total partner had put to that seat, if any."""

    seat: int
    before: int
    total: int
    proposed: int | None = None


@dataclass(frozen=True)
class Position:
    """A hand's position as a seat at the table knows it, to rebuild a Hand from (`from_position`):
    the cards known (0 for a hand not seen), the bids and 001's agreements, the play so far."""

    rules: Rules
    dealer: int
    turn: int  # the seat to act
    phase: Phase
    hands: tuple[int, int, int, int]
    bids: tuple[int | None, ...]
    scores: tuple[int, int] = (0, 0)  # when the hand began
    taker: int = -1  # the seat that took the two cards left over from 54 (001)
    no_trump: tuple[bool, ...] = (False, False, False, False)  # per seat: it bid no trump
    double_nil_team: tuple[bool, ...] = (False, False)  # per team: it bid Double Nil
    asking: str = ""  # what partner asks the seat to act to agree to
    agreed: str = ""  # what partner agreed to for the seat to act
    refused: tuple[str, ...] = ()  # what partner refused the seat to act
    bemo: tuple[int, ...] = (0, 0, 0, 0)  # per seat, the Bemo it declared (6, 9) or 0
    leader: int = -1  # who led the trick in progress
    first_leader: int | None = None  # who led the first trick, when known
    trick: tuple[int, ...] = ()  # the trick in progress
    plays: tuple[int, ...] | None = None  # every card played in order, when known
    tricks_won: tuple[int, ...] = (0, 0, 0, 0)
    gone: int = 0  # cards of finished tricks
    spades_broken: bool = False
    voids: tuple[int, ...] = (0, 0, 0, 0)  # per seat, a bit per suit it has shown void in


def bidding_order(rules: Rules, dealer: int) -> tuple[int, int, int, int]:
    """Seats in the order they bid."""
    left = (dealer + 1) % 4
    if rules.bidding_order == "teams":
        return (left, (left + 2) % 4, (dealer + 2) % 4, dealer)
    if rules.bidding_order == "round_dealer":  # 001: "Beginning with ... the dealer"
        return (dealer, left, (left + 1) % 4, (left + 2) % 4)
    return (left, (left + 1) % 4, (left + 2) % 4, dealer)


class Hand:
    """Bidding, passing and play of one deal; every change goes through a checked action."""

    __slots__ = (
        "rules",
        "deck",
        "dealer",
        "dealt",
        "hands",
        "scores_before",
        "order",
        "bids",
        "nbids",
        "phase",
        "turn",
        "misdeal_by",
        "passes",
        "pass_queue",
        "leader",
        "first_leader",
        "trick",
        "plays",
        "tricks_won",
        "trick_winners",
        "spades_broken",
        "voids",
        "reneges",
        "gone",
        "bemo",
        "special",
        "pass_asks",
        "raise_queue",
        "raises",
        "raise_proposals",
        "raise_proposal",
        "first_bids",
        "extra",
        "taker",
        "discarded",
        "no_trump",
        "double_nil_team",
        "asking",
        "agreed",
        "refused",
        "asks",
        "in_transit",
        "actions",
        "undo",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deal: list[int],
        scores: tuple[int, int] = (0, 0),
        special: int | None = None,
        extra: int = 0,
    ) -> None:
        self.rules = rules
        self.deck = deck_for(rules)
        self.dealer = dealer
        self.dealt = tuple(deal)
        self.hands = list(deal)
        self.scores_before = cast("tuple[int, int]", tuple(scores))
        self.order = bidding_order(rules, dealer)
        self.bids: list[int | None] = [None] * 4
        self.nbids = 0
        self.phase: Phase = BID
        self.turn = self.order[0]
        self.misdeal_by: int | None = None
        self.passes: list[tuple[int, int, int]] = []
        self.pass_queue: list[tuple[int, int]] = []
        self.leader = -1
        self.first_leader = -1
        self.trick: list[int] = []
        self.plays: list[int] = []
        self.tricks_won = [0, 0, 0, 0]
        self.trick_winners: list[int] = []
        self.spades_broken = False
        self.voids = [0, 0, 0, 0]  # per seat, a bit per suit it has shown void in
        self.reneges: list[tuple[int, int]] = []  # (seat, trick number)
        self.gone = 0  # cards of finished tricks
        self.bemo = [0, 0, 0, 0]  # per seat, the tricks of a Bemo it declared (6, 9) or 0
        self.pass_asks: list[int | None] = []  # per pass, the suit the giver asked back
        self.raise_queue: list[int] = []  # seats still to answer the second round (001)
        self.raises: list[tuple[int, int]] = []  # (seat, team total) of the second round
        self.raise_proposals: list[int | None] = []  # per raise, the total partner put to it
        self.raise_proposal: int | None = None  # a total put to the seat to act, to settle
        self.first_bids: tuple[int | None, ...] = ()  # the bids before the second round
        self.special = special_card(rules, special)
        # 001's variations of the bidding: no trump, Double Nil, and the cards left over
        self.no_trump = [False, False, False, False]  # per seat: it bid no trump
        self.double_nil_team = [False, False]  # per team: it bid Double Nil together
        self.asking = ""  # what the seat to act's partner asks it to agree to, if anything
        self.agreed = ["", "", "", ""]  # per seat: what partner agreed to (its bid is that)
        self.refused: list[tuple[str, ...]] = [(), (), (), ()]  # per seat: what partner refused
        self.asks: list[PartnerAsk] = []  # the questions for partner, in order
        self.in_transit = 0  # a Double Nil pass held face down until partner passes too
        self.extra = extra  # the two cards left over from a 54-card deal (001), or 0
        self.taker = -1  # the seat that takes them
        self.discarded = 0  # the two cards it discarded
        if extra:
            if not has_leftover(rules) or count(extra) != 2 or any(extra & m for m in deal):
                raise ValueError("the cards left over must be two cards of the deck not dealt")
            self.taker = leftover_taker(rules, dealer, deal)
            self.hands[self.taker] |= extra
            if rules.leftover_discard == "before":
                self.phase = DISCARD
                self.turn = self.taker
        self.actions: list[Taken] = []  # every action taken, in order
        self.undo: list[tuple[Any, ...]] = []  # per action, what pop() restores

    @classmethod
    def from_position(cls, pos: Position) -> Hand:
        """A hand in a position reached elsewhere, consistent for what the seat to act may do.

        It has no actions to take back. In an exchange only the seat to act's pass to its
        partner is known; where the order of play is not, finished tricks are the cards gone
        and their winners are counted by seat.
        """
        h = cls(pos.rules, pos.dealer, list(pos.hands), pos.scores)
        h.bids = list(pos.bids)
        h.nbids = sum(b is not None for b in pos.bids)
        h.phase = pos.phase
        h.turn = pos.turn
        h.taker = pos.taker
        h.no_trump = list(pos.no_trump)
        h.double_nil_team = list(pos.double_nil_team)
        h.agreed[pos.turn] = pos.agreed
        h.refused[pos.turn] = pos.refused
        h.asking = pos.asking
        h.bemo = list(pos.bemo)
        if pos.phase == PASS:
            h.pass_queue = [(pos.turn, (pos.turn + 2) % 4)]
        if pos.phase != PLAY:
            return h
        h.leader = pos.leader
        h.trick = list(pos.trick)
        h.plays = list(pos.plays) if pos.plays is not None else cards_of(pos.gone) + h.trick
        h.first_leader = pos.leader if pos.first_leader is None else pos.first_leader
        h.tricks_won = list(pos.tricks_won)
        h.trick_winners = _trick_winners(h, pos.plays is not None and pos.first_leader is not None)
        h.spades_broken = pos.spades_broken
        h.voids = list(pos.voids)
        h.gone = pos.gone
        return h

    def copy(self) -> Hand:
        """An independent copy (for search)."""
        h = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(h, name, getattr(self, name))
        h.hands = self.hands[:]
        h.bids = self.bids[:]
        h.passes = self.passes[:]
        h.pass_queue = self.pass_queue[:]
        h.trick = self.trick[:]
        h.plays = self.plays[:]
        h.tricks_won = self.tricks_won[:]
        h.trick_winners = self.trick_winners[:]
        h.voids = self.voids[:]
        h.reneges = self.reneges[:]
        h.bemo = self.bemo[:]
        h.pass_asks = self.pass_asks[:]
        h.raise_queue = self.raise_queue[:]
        h.raises = self.raises[:]
        h.raise_proposals = self.raise_proposals[:]
        h.no_trump = self.no_trump[:]
        h.double_nil_team = self.double_nil_team[:]
        h.agreed = self.agreed[:]
        h.refused = self.refused[:]
        h.asks = self.asks[:]
        h.actions = self.actions[:]
        h.undo = self.undo[:]  # records are never changed in place: a copy pops alone
        return h

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take an action for the seat to act (a misdeal call: for `seat`); IllegalAction if
        the rules do not allow it. A misdeal kept, no blind bid (look) or no question
        changes nothing."""
        _APPLY[type(action)](self, action, self.turn if seat is None else seat)

    def pop(self) -> Taken:
        """Take back the last action exactly; the action undone."""
        if not self.actions:
            raise IndexError("no action to take back")
        last = self.actions.pop()
        record = self.undo.pop()
        if not isinstance(last.action, PlayAction):
            for name, value in zip(_STATE, record):
                setattr(self, name, value[:] if type(value) is list else value)
            return last
        seat, card = last.seat, last.action.card
        if self.trick:
            self.trick.pop()
        else:  # the card finished a trick
            w = self.trick_winners.pop()
            self.tricks_won[w] -= 1
            self.trick = self.plays[-4:-1]
            for c in self.plays[-4:]:
                self.gone &= ~(1 << c)
        self.plays.pop()
        self.hands[seat] |= 1 << card
        self.voids[seat], self.spades_broken, reneges, self.leader, self.phase = record
        del self.reneges[reneges:]
        self.turn = seat
        return last

    def took(self, taken: Taken) -> None:
        """Write down an action about to change the hand, with the state pop() restores."""
        state = (getattr(self, name) for name in _STATE)
        self.undo.append(tuple(v[:] if type(v) is list else v for v in state))
        self.actions.append(taken)

    # ----- what each stage allows and does (the functions of its module) --------------------

    misdeal_reasons = misdeal.reasons_now
    call_misdeal = misdeal.call_misdeal

    team_behind_by = auction.team_behind_by
    blind_nil_open = auction.blind_nil_open
    blind_possible = auction.blind_possible
    is_second_bidder = auction.is_second_bidder
    read_bid = auction.read_bid
    legal_bids = auction.legal_bids
    why_bid_illegal = auction.why_bid_illegal
    legal_bemos = auction.legal_bemos
    team_bemo = auction.team_bemo
    bid = auction.bid
    plain_bids = auction.plain_bids
    why_plain_illegal = auction.why_plain_illegal
    legal_asks = auction.legal_asks
    ask = auction.ask
    answer = auction.answer
    team_no_trump = auction.team_no_trump

    propose_raise = raise_round.propose_raise

    discard = leftover.discard
    why_discard_illegal = leftover.why_discard_illegal

    pass_count = passing.pass_count
    may_ask_suit = passing.may_ask_suit
    asked_suit = passing.asked_suit
    may_skip_pass = passing.may_skip_pass
    pass_seen_by = passing.pass_seen_by
    pass_reveals = passing.pass_reveals
    pass_cards = passing.pass_cards
    why_pass_illegal = passing.why_pass_illegal

    legal_plays = playing.legal_plays
    why_play_illegal = playing.why_play_illegal
    play = playing.play
    _play_unchecked = playing.play_unchecked  # no legality check
    _move_card = playing.move_card  # a random playout's: no legality check, no record
    no_trump_broken = playing.no_trump_broken

    # ----- views ---------------------------------------------------------------------------

    @property
    def raising(self) -> bool:
        """Whether the second round of bidding is under way (the four bids made, still BID;
        a hand rebuilt from a view knows it so, without the queue)."""
        return self.phase == BID and self.nbids == 4

    @property
    def done(self) -> bool:
        """Whether the hand is over (all tricks played, or thrown in)."""
        return self.phase in (DONE, MISDEAL)

    def tricks(self) -> list[tuple[int, list[int], int]]:
        """Finished tricks as (leader, cards in play order, winner)."""
        out = []
        leader = self.first_leader
        for i, w in enumerate(self.trick_winners):
            out.append((leader, self.plays[4 * i : 4 * i + 4], w))
            leader = w
        return out

    def team_contract(self, team: int) -> int:
        """The number of tricks a team has contracted for (nils count 0)."""
        return team_contract(self.bids, team)

    def raise_steps(self) -> list[RaiseStep]:
        """The second round's answers so far, in order (001)."""
        return [
            RaiseStep(s, team_contract(self.first_bids, s % 2), total, proposed)
            for (s, total), proposed in zip(self.raises, self.raise_proposals)
        ]

    def special_team(self) -> int | None:
        """The team that took the special card in its tricks (001), if it has been played."""
        if self.special is None:
            return None
        plays = self.plays
        for i, w in enumerate(self.trick_winners):
            if self.special in plays[4 * i : 4 * i + 4]:
                return w % 2
        return None

    def cards_in_hand(self, seat: int) -> list[int]:
        """A seat's cards as a sorted list."""
        return sorted(cards_of(self.hands[seat]), key=self.deck.sort_key)


_STATE = tuple(n for n in Hand.__slots__ if n not in ("actions", "undo"))  # what pop() restores


def _trick_winners(hand: Hand, in_order: bool) -> list[int]:
    """The winners of a rebuilt hand's finished tricks: played out where the order of play is
    known and agrees with the tricks won, else counted by seat."""
    done = sum(hand.tricks_won)
    if in_order and len(hand.plays) == 4 * done + len(hand.trick):
        winners, leader = [], hand.first_leader
        for i in range(done):
            leader = (leader + hand.deck.winner(hand.plays[4 * i : 4 * i + 4])) % 4
            winners.append(leader)
        if all(winners.count(s) == hand.tricks_won[s] for s in range(4)):
            return winners
    return [s for s in range(4) for _ in range(hand.tricks_won[s])]


def _misdeal(hand: Hand, a: MisdealCall, seat: int) -> None:
    if a.call:
        hand.call_misdeal(seat)


def _blind(hand: Hand, a: BlindAction, seat: int) -> None:
    if a.bid is not None:
        hand.bid(a.bid)


def _ask(hand: Hand, a: AskAction, seat: int) -> None:
    if a.what is not None:
        hand.ask(a.what)


# How the hand takes each type of action: one row a type.
_APPLY: dict[type, Callable[[Hand, Any, int], None]] = {
    MisdealCall: _misdeal,
    BlindAction: _blind,
    AskAction: _ask,
    AnswerAction: lambda h, a, s: h.answer(a.yes),
    DiscardAction: lambda h, a, s: h.discard(a.cards),
    BidAction: lambda h, a, s: h.bid(a.bid, a.bemo, a.plain),
    ProposeAction: lambda h, a, s: h.propose_raise(a.total),
    PassAction: lambda h, a, s: h.pass_cards(a.cards, a.ask),
    PlayAction: lambda h, a, s: h.play(a.card),
}


def special_card(rules: Rules, cut: int | None) -> int | None:
    """The hand's special card (001, scoring): the rules' fixed card, or the one cut."""
    if not rules.special_card:
        if cut is not None:
            raise ValueError("these rules have no special card")
        return None
    if rules.special_card == "cut":  # None: not known here (a view rebuilt without it)
        if cut is not None and not deck_for(rules).full >> cut & 1:
            raise ValueError(f"{card_str(cut)} is not in this deck")
        return cut
    fixed = parse_card(rules.special_card)
    if cut is not None and cut != fixed:
        raise ValueError(f"the special card is always {card_str(fixed)} under these rules")
    return fixed
