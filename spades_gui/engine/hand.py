"""One deal from the cards dealt to the last trick: the object that owns legality."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

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
    MisdealCall,
    PassAction,
    Phase,
    PlayAction,
    ProposeAction,
    Question,
)
from .bids import (
    BLIND,
    BLIND_NIL,
    NIL,
    blind_no_trump_numbers,
    blind_table,
    hint_base,
    is_blind,
    is_blind_bid,
    is_nil,
    is_number,
    parse_bid,
    team_contract,
)
from .cards import CLUBS, SPADES, SUIT_NAMES, card_str, cards_of, count, parse_card
from .deck import Deck, deck_for
from .rules import Rules, has_leftover

__all__ = ["ASKS", "BID", "DISCARD", "DONE", "MISDEAL", "PASS", "PLAY", "Hand", "Position", "Taken"]

BEMO_TRICKS = {"little": 6, "big": 9}  # 001: Little Bemo the first six tricks, Big the first nine
BEMO_KIND = {n: kind for kind, n in BEMO_TRICKS.items()}
NO_SPADE_LEAD = ("left_no_spade", "dealer_no_spade")  # first leads that may not be a spade


class Taken(NamedTuple):
    """An action taken in a hand and the seat that took it."""

    seat: int
    action: Action


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


class IllegalAction(ValueError):
    """An action the rules do not allow here; the message says why in plain words."""


def bidding_order(rules: Rules, dealer: int) -> tuple[int, int, int, int]:
    """Seats in the order they bid."""
    left = (dealer + 1) % 4
    if rules.bidding_order == "teams":
        return (left, (left + 2) % 4, (dealer + 2) % 4, dealer)
    if rules.bidding_order == "round_dealer":  # 001: "Beginning with ... the dealer"
        return (dealer, left, (left + 1) % 4, (left + 2) % 4)
    return (left, (left + 1) % 4, (left + 2) % 4, dealer)


def misdeal_reasons(rules: Rules, deck: Deck, hand: int) -> list[str]:
    """Which of the rules' misdeal conditions a 13-card hand meets."""
    out: list[str] = []
    spades = count(hand & deck.trump_mask)
    for cond in rules.misdeal:
        if (
            (cond == "no_face_cards" and not hand & deck.face)
            or (cond == "no_spades" and spades == 0)
            or (cond == "few_spades" and spades <= 1)
            or (cond == "long_suit" and max(count(hand & m) for m in deck.suit_masks) >= 7)
        ):
            out.append(cond)
    return out


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
        self.asks: list[tuple[int, str, bool | None]] = []  # (asker, what, answer) in order
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

    def _took(self, taken: Taken) -> None:
        """Write down an action about to change the hand, with the state pop() restores."""
        state = (getattr(self, name) for name in _STATE)
        self.undo.append(tuple(v[:] if type(v) is list else v for v in state))
        self.actions.append(taken)

    # ----- misdeal -------------------------------------------------------------------------

    def misdeal_reasons(self, seat: int) -> list[str]:
        """Conditions that let this seat call a misdeal now (before any bid or question)."""
        if self.phase != BID or self.nbids or self.asks:
            return []
        return misdeal_reasons(self.rules, self.deck, self.hands[seat])

    def call_misdeal(self, seat: int) -> None:
        """Throw the cards in; the game deals again."""
        if not self.misdeal_reasons(seat):
            raise IllegalAction("a misdeal can only be called before bidding, on a qualifying hand")
        self._took(Taken(seat, MisdealCall(True)))
        self.misdeal_by = seat
        self.phase = MISDEAL

    # ----- bidding -------------------------------------------------------------------------

    def team_behind_by(self, seat: int) -> int:
        """How far this seat's team trailed when the hand began."""
        t = seat % 2
        return self.scores_before[1 - t] - self.scores_before[t]

    def blind_nil_open(self, seat: int) -> bool:
        """Whether the rules let this seat bid blind nil now (any time, or when behind)."""
        r = self.rules
        if not r.blind_nil or self._has_looked(seat):
            return False
        return r.blind_nil_when == "any" or self.team_behind_by(seat) >= r.blind_nil_deficit

    def is_second_bidder(self, seat: int) -> bool:
        """Whether this seat's partner has already bid."""
        return self.bids[(seat + 2) % 4] is not None

    def read_bid(self, value: Any, seat: int) -> int:
        """A bid of this seat from its record form (parse_bid); where partners bid by hint, a 0
        from the second partner adds nothing to the team's total and is never nil."""
        b = parse_bid(value, self.rules)
        if value == 0 and self.rules.bid_style == "hint" and self.is_second_bidder(seat):
            return 0
        return b

    def legal_bids(self) -> list[int]:
        """Every bid the seat to act may make, in display order."""
        if self.phase != BID:
            return []
        if self.raising:
            return self._raise_totals()
        seat = self.turn
        if self.asking:
            return []  # partner answers the question asked first (001)
        if self.agreed[seat]:
            return self._agreed_bids(self.agreed[seat])
        if self.double_nil_team[seat % 2]:
            return [cast(int, self.bids[(seat + 2) % 4])]  # the team's Double Nil, agreed
        return self._open_bids()

    def _open_bids(self) -> list[int]:
        """The bids of the seat to act with nothing asked of partner or agreed."""
        r = self.rules
        seat = self.turn
        pb = self.bids[(seat + 2) % 4]
        if pb is not None and is_blind(pb):
            return [pb]  # the partner of a blind bidder shares the team's blind contract
        m = r.min_team_bid
        hint_total = hint_base(r, self.bids, seat) is not None
        partner_num = pb if pb is not None and is_number(pb) else 0
        lo, hi = (-partner_num if hint_total else 0), 13 - partner_num
        if r.zero_is_nil and r.nil_allowed:  # with nil off, 0 is a plain number
            lo = max(lo, 1 - partner_num if hint_total else 1)
        if pb is not None and m:
            lo = max(lo, m - partner_num)
        cands = list(range(lo, hi + 1))
        partner_ok_for_nil = pb is None or not m or is_nil(pb) or partner_num >= m
        if self.no_trump[(seat + 2) % 4]:
            partner_ok_for_nil = False  # partner's no trump needs covering (001)
        if partner_ok_for_nil:
            if r.nil_allowed:
                cands.append(NIL)
            if self.blind_nil_open(seat):
                cands.append(BLIND_NIL)
        if r.no_bid_one:  # 001: "no one can bid 1": the team total is x, or x + 2 and more
            cands = [b for b in cands if b != 1] or cands
        if pb is None and not self._team_looked(seat):
            for n in sorted(blind_table(r)):
                if n >= m:
                    cands.append(BLIND + n)
        if r.total_not_13 and self.nbids == 3:
            others = self._contract_total(exclude=seat)
            kept = [b for b in cands if others + _contract_part(b, pb) != 13]
            cands = kept or cands
        return cands

    # ----- the second round (001: "each side ... is then given the opportunity to increase
    # its bid") -----------------------------------------------------------------------------

    @property
    def raising(self) -> bool:
        """Whether the second round of bidding is under way (the four bids made, still BID;
        a hand rebuilt from a view knows it so, without the queue)."""
        return self.phase == BID and self.nbids == 4

    def _raise_seats(self) -> list[int]:
        """Who answers the second round for each team, the first bidding team first.

        A team answers through its first bidder of a number; a team with a blind contract or
        two nils has no number to raise.
        """
        out = []
        for team in (self.order[0] % 2, 1 - self.order[0] % 2):
            bids = [s for s in self.order if s % 2 == team]
            if any(is_blind(cast(int, self.bids[s])) for s in bids):
                continue
            numbers = [s for s in bids if is_number(cast(int, self.bids[s]))]
            if numbers:
                out.append(numbers[0])
        return out

    def _raise_totals(self) -> list[int]:
        """The team totals the seat to act may name: its bid as it stands, or more, to 13."""
        team = self.turn % 2
        now = self.team_contract(team)
        totals = list(range(now, 14))
        if self.rules.total_not_13:  # the bids of both sides must still not add up to 13
            other = self.team_contract(1 - team)
            totals = [t for t in totals if t == now or t + other != 13]
        return totals

    def _check_total(self, total: int) -> None:
        if total not in self._raise_totals():
            now = self.team_contract(self.turn % 2)
            if total < now:
                why = f"the second round can only raise your team's bid of {now}"
            elif total > 13:
                why = "a team cannot bid more than 13"
            else:
                why = "the bids of both teams may not total 13"
            raise IllegalAction(why)

    def propose_raise(self, total: int) -> None:
        """The seat answering for its team in the second round puts a total to partner, who
        settles the team's total next (`bid`).

        001: the second round "proceeds exactly as in partnership bidding", where "each
        partner on that side communicates the amount of tricks they expect to take" and "the
        agreed upon bid is then written down". A seat may also name the total alone (`bid`).
        """
        if not self.raising:
            raise IllegalAction("a total is put to partner only in the second round")
        if self.raise_proposal is not None:
            raise IllegalAction("your partner has put a total to you: settle it")
        self._check_total(total)
        self._took(Taken(self.turn, ProposeAction(total)))
        self.raise_proposal = total
        self.turn = (self.turn + 2) % 4

    def _raise(self, total: int) -> None:
        seat = self.turn
        self._check_total(total)
        # the team's number stands on the bid of the seat that answers for it
        answering = seat if self.raise_proposal is None else (seat + 2) % 4
        self.bids[answering] = (
            cast(int, self.bids[answering]) + total - self.team_contract(seat % 2)
        )
        self.raises.append((seat, total))
        self.raise_proposals.append(self.raise_proposal)
        self.raise_proposal = None
        if self.raise_queue:
            self.raise_queue.pop(0)
        if self.raise_queue:
            self.turn = self.raise_queue[0]
        else:
            self._after_bidding()

    def _contract_total(self, exclude: int) -> int:
        """Sum of both teams' contracts from the bids made so far, leaving one seat out."""
        total = 0
        for s in range(4):
            b = self.bids[s]
            if s == exclude or b is None or is_nil(b):
                continue
            if is_blind(b):
                if self.bids[(s + 2) % 4] == b and s > (s + 2) % 4:
                    continue  # count a team's blind contract once
                total += b - BLIND
            else:
                total += b
        return total

    def legal_bemos(self) -> list[int]:
        """The Bemos (6 or 9 tricks) the seat to act may declare with its bid.

        001: "Bidding Little Bemo commits the team to win the first six tricks. It is
        additional to the normal bid" (READINGS): one Bemo a team, by either partner at
        their turn to bid.
        """
        if self.phase != BID or not self.rules.bemo or self.raising:
            return []
        seat = self.turn
        if self.bemo[seat] or self.bemo[(seat + 2) % 4]:
            return []
        return [BEMO_TRICKS[k] for k in self.rules.bemo]

    def team_bemo(self, team: int) -> int:
        """The tricks of the team's Bemo (6 or 9), or 0."""
        return max(self.bemo[team], self.bemo[team + 2])

    def bid(self, b: int, bemo: int = 0, plain: bool = False) -> None:
        """Make the bid of the seat to act, with a Bemo (6 or 9 tricks) where the rules allow;
        plain: a bid without the no trump partner agreed to (`plain_bids`)."""
        if self.phase != BID:
            raise IllegalAction("it is not time to bid")
        if self.raising:
            if bemo:
                raise IllegalAction("a Bemo is declared with a bid of the first round")
            if plain:
                raise IllegalAction("the second round names a team total, not a bid")
            self._check_total(b)
            self._took(Taken(self.turn, BidAction(b)))
            self._raise(b)
            return
        if plain:
            if b not in self.plain_bids():
                raise IllegalAction(self.why_plain_illegal(b))
        elif b not in self.legal_bids():
            raise IllegalAction(self.why_bid_illegal(b))
        if bemo and bemo not in self.legal_bemos():
            if not self.rules.bemo:
                raise IllegalAction("Bemo is not played under these rules")
            if bemo not in BEMO_KIND or BEMO_KIND[bemo] not in self.rules.bemo:
                raise IllegalAction("that Bemo is not played under these rules")
            raise IllegalAction("your team has already declared a Bemo")
        self._took(Taken(self.turn, BidAction(b, bemo, plain)))
        self.bemo[self.turn] = bemo
        self.bids[self.turn] = b
        agreed = "" if plain else self.agreed[self.turn]
        if agreed in ("no_trump", "blind_no_trump"):
            self.no_trump[self.turn] = True
        elif agreed:
            self.double_nil_team[self.turn % 2] = True
        self.nbids += 1
        if self.nbids < 4:
            self.turn = self.order[self.nbids]
            return
        if self.rules.raise_round:
            self.raise_queue = self._raise_seats()
            if self.raise_queue:
                self.first_bids = tuple(self.bids)
                self.turn = self.raise_queue[0]
                return
        self._after_bidding()

    def _after_bidding(self) -> None:
        """The discard where it follows the bidding, the exchanges the bids call for, then the
        play."""
        if self.extra and not self.discarded and self.rules.leftover_discard == "after":
            self.phase = DISCARD  # 001: "Some play that the discard takes place after the bidding"
            self.turn = self.taker
            return
        self._exchanges()

    def _exchanges(self) -> None:
        r = self.rules
        for s in self.order:
            if self.double_nil_team[s % 2]:
                # 001: "each player of the team simultaneously passes two cards face down to
                # partner"; the team's first bidder's pass is written first
                if (
                    r.double_nil_exchange
                    and self.bids[(s + 2) % 4] == self.bids[s]
                    and (self.order.index(s) < self.order.index((s + 2) % 4))
                ):
                    self.pass_queue += [(s, (s + 2) % 4), ((s + 2) % 4, s)]
                continue
            if (self.bids[s] == BLIND_NIL and r.blind_nil_exchange != "none") or (
                self.bids[s] == NIL and r.nil_exchange  # 001: "must exchange one card"
            ):
                p = (s + 2) % 4
                self.pass_queue += [(s, p), (p, s)]
        if self.pass_queue:
            self.phase = PASS
            self.turn = self.pass_queue[0][0]
        else:
            self._start_play()

    def why_bid_illegal(self, b: int) -> str:
        """Plain words for why a bid is not allowed here."""
        r = self.rules
        if self.raising:
            now = self.team_contract(self.turn % 2)
            if b < now or b >= NIL:
                return f"the second round can only raise your team's bid of {now}"
            return "the bids of both teams may not total 13" if b <= 13 else "at most 13"
        pb = self.bids[(self.turn + 2) % 4]
        agreed = self.agreed[self.turn]
        if self.asking:
            return "answer your partner's question first"
        if agreed in ("no_trump", "blind_no_trump"):
            what = ", ".join(str(x % BLIND) for x in self._agreed_bids(agreed))
            return f"partner agreed to your {agreed.replace('_', ' ')}: bid {what} with it"
        if agreed or self.double_nil_team[self.turn % 2]:
            return "your team bids Double Nil: bid nil"
        if self.no_trump[(self.turn + 2) % 4] and is_nil(b):
            return "partner bid no trump: you cover it, so no nil"
        if is_blind_bid(b) and self._team_looked(self.turn):
            return "a blind bid before anyone of the team looks: the cards left over were seen"
        if b == NIL and not r.nil_allowed:
            return "nil is not allowed under these rules"
        if b == BLIND_NIL and not r.blind_nil:
            return "blind nil is not allowed under these rules"
        if b == BLIND_NIL and not self.blind_nil_open(self.turn):
            return f"blind nil needs your team behind by at least {r.blind_nil_deficit}"
        if is_blind(b):
            return "a blind bid must be the team's first bid, of a kind the rules allow"
        if r.min_team_bid and pb is not None:
            return f"your team must bid at least {r.min_team_bid} in all"
        if r.total_not_13 and self.nbids == 3:
            return "the bids of both teams may not total 13"
        if b == 0 and r.zero_is_nil:
            return "a bid of 0 is nil here"
        if b == 1 and r.no_bid_one:
            return "no one may bid 1 under these rules"
        return "that bid is not allowed here"

    # ----- 001's cards left over, no-trump bids and Double Nil ----------------------------

    def discard(self, cards: int) -> None:
        """The taker of the two cards left over discards two cards face down (001)."""
        why = self.why_discard_illegal(cards)
        if why:
            raise IllegalAction(why)
        self._took(Taken(self.taker, DiscardAction(cards)))
        self.hands[self.taker] &= ~cards
        self.discarded = cards
        if self.nbids:
            self._exchanges()
        else:
            self.phase = BID
            self.turn = self.order[0]

    def why_discard_illegal(self, cards: int) -> str:
        """Plain words for why these cards cannot be discarded now ("" if they can)."""
        if self.phase != DISCARD:
            return "it is not time to discard"
        if count(cards) != 2 or cards & ~self.hands[self.taker]:
            return "discard exactly two cards from your hand"
        return ""

    def _has_looked(self, seat: int) -> bool:
        """Whether the seat has seen its cards before bidding: it took the cards left over and
        discarded before the bidding (001: "Having looked at all 15 cards")."""
        return seat == self.taker and self.rules.leftover_discard == "before"

    def _team_looked(self, seat: int) -> bool:
        """Whether either partner has seen its cards (a team's blind bid needs neither)."""
        return self._has_looked(seat) or self._has_looked((seat + 2) % 4)

    def _behind_enough(self, seat: int, deficit: int) -> bool:
        """001: "only allowed for a team who are far behind" (0: at any time)."""
        return deficit == 0 or self.team_behind_by(seat) > deficit

    def _blind_no_trump_numbers(self) -> list[int]:
        """001: "The minimum ... in Blind No Trump is usually set at one less than the
        required minimum number for a normal blind bid"."""
        return blind_no_trump_numbers(self.rules)

    def _agreed_bids(self, agreed: str) -> list[int]:
        """The bids a seat may make once partner has agreed to what it asked."""
        if agreed == "no_trump":
            return [b for b in self._open_bids() if is_number(b) and b >= 1]
        if agreed == "blind_no_trump":
            return [BLIND + n for n in self._blind_no_trump_numbers()]
        return [NIL] if agreed == "double_nil" else [BLIND_NIL]

    def plain_bids(self) -> list[int]:
        """The bids a seat whose partner agreed to cover its no trump may make without it.

        001: "A bid of 'No Trump' requires agreement from partner. The person who wants to
        bid 'No Trump' asks partner": the yes lets the asker bid no trump, and nothing in the
        document binds the asker to it, so it may still bid as if it had not asked (not blind:
        it has looked). Double Nil is different: "if the other agrees it is played".
        """
        if self.phase != BID or self.raising or self.asking:
            return []
        if self.agreed[self.turn] != "no_trump":
            return []
        return [b for b in self._open_bids() if b != BLIND_NIL and not is_blind(b)]

    def why_plain_illegal(self, b: int) -> str:
        """Plain words for why a bid without the agreed no trump is not allowed here."""
        if self.agreed[self.turn] != "no_trump" or self.asking:
            return "only a bidder whose partner agreed to a no trump bids without it"
        if is_blind_bid(b):
            return "a blind bid is made before looking, and you have looked"
        return "that bid is not allowed here"

    def legal_asks(self) -> list[str]:
        """What the seat to act may ask partner to agree to before its bid (001): a no trump
        ("Can you cover a no trump?"), a blind no trump, Double Nil or Blind Double Nil.

        A no trump needs a spade in the hand and a partner who can cover it (no nil, no
        blind); one a team. The blind ones and Double Nil are the team's first bid, only for
        a team far enough behind; a blind one only before either partner has seen its cards.
        What partner has refused is not asked again.
        """
        if self.phase != BID or self.raising or self.asking:
            return []
        r = self.rules
        seat = self.turn
        p = (seat + 2) % 4
        pb = self.bids[p]
        if self.agreed[seat] or self.double_nil_team[seat % 2]:
            return []
        first = pb is None
        blind_ok = first and not self._team_looked(seat)
        out = []
        if (
            r.no_trump
            and not self.no_trump[p]
            and (pb is None or is_number(pb))
            and self.hands[seat] & self.deck.trump_mask  # "at least one spade in your hand"
            and self._agreed_bids("no_trump")
        ):
            out.append("no_trump")
        if (
            r.no_trump_blind
            and blind_ok
            and self._behind_enough(seat, r.no_trump_blind_deficit)
            and self._blind_no_trump_numbers()
        ):
            out.append("blind_no_trump")
        if r.double_nil_bid and first and self._behind_enough(seat, r.double_nil_deficit):
            out.append("double_nil")
            if r.double_nil_blind and blind_ok:
                out.append("blind_double_nil")
        return [k for k in out if k not in self.refused[seat]]

    def ask(self, what: str) -> None:
        """The seat to act asks partner to agree to a no trump or Double Nil (001); partner
        answers next (`answer`), then the seat bids."""
        if what not in self.legal_asks():
            if what not in ASKS:
                raise IllegalAction(f"nothing called {what!r} can be asked")
            if what in self.refused[self.turn]:
                raise IllegalAction("partner has already said no to that")
            raise IllegalAction(f"a {what.replace('_', ' ')} cannot be asked for here")
        self._took(Taken(self.turn, AskAction(cast(Question, what))))
        self.asks.append((self.turn, what, None))
        self.asking = what
        self.turn = (self.turn + 2) % 4

    def answer(self, yes: bool) -> None:
        """Partner's yes or no to the question asked; the asker bids next. After a yes its bid
        is what was asked (a number with no trump, or the team's Double Nil), or after a no
        trump's yes a plain bid still (`plain_bids`)."""
        if not self.asking:
            raise IllegalAction("no one has asked you anything")
        self._took(Taken(self.turn, AnswerAction(bool(yes))))
        seat = (self.turn + 2) % 4
        self.asks[-1] = (seat, self.asking, bool(yes))
        if yes:
            self.agreed[seat] = self.asking
        else:
            self.refused[seat] = self.refused[seat] + (self.asking,)
        self.asking = ""
        self.turn = seat

    def team_no_trump(self, team: int) -> bool:
        """Whether the team's contract is a no trump (one partner bid it, 001)."""
        return self.no_trump[team] or self.no_trump[team + 2]

    def no_trump_broken(self, seat: int) -> bool:
        """Whether a seat won a trick with a spade when another suit was led (001: a no-trump
        bidder "promises not to win any tricks with spades, except when spades are led")."""
        suit = self.deck.suit
        for leader, cards, w in self.tricks():
            mine = cards[(seat - leader) % 4]
            if w == seat and suit[mine] == SPADES and suit[cards[0]] != SPADES:
                return True
        return False

    # ----- passing -------------------------------------------------------------------------

    def _pass_bidder(self) -> int:
        """The nil or blind nil bidder of the exchange under way.

        The queue holds (bidder → partner, partner → bidder) pairs: an even length means a
        pair's first pass, the bidder's, is next.
        """
        giver, taker = self.pass_queue[0]
        return giver if len(self.pass_queue) % 2 == 0 else taker

    def pass_count(self) -> int:
        """How many cards the seat to act must pass (to exchange at all, where it may choose)."""
        if self.phase != PASS:
            return 0
        if self.double_nil_team[self.turn % 2]:
            return 2  # 001: each Double Nil partner "passes two cards"
        if self.bids[self._pass_bidder()] == NIL:
            return 1  # 001: "when Nil is played the bidder must exchange one card"
        return self.rules.blind_nil_pass

    def may_ask_suit(self) -> bool:
        """Whether the seat to act may name a suit it would like passed back (001): a blind
        nil bidder passing its one card, where the rules allow it."""
        return (
            self.phase == PASS
            and self.rules.blind_nil_ask_suit
            and len(self.pass_queue) % 2 == 0
            and self.bids[self.turn] == BLIND_NIL
            and not self.double_nil_team[self.turn % 2]
        )

    def asked_suit(self) -> int | None:
        """The suit the seat to act was asked to pass back, if it is passing back."""
        if self.phase != PASS or len(self.pass_queue) % 2 == 0 or not self.pass_asks:
            return None
        return self.pass_asks[-1]

    def may_skip_pass(self) -> bool:
        """Whether the seat to act may pass no cards: a blind nil bidder choosing "no exchange".

        Only where the exchange is optional (001, 003: "the bidder may exchange"), and only
        the bidder's own first pass; once it is made, partner must pass back.
        """
        # The queue holds (bidder → partner, partner → bidder) pairs: an even length means a
        # pair's first pass, the bidder's, is next.
        return (
            self.phase == PASS
            and self.rules.blind_nil_exchange == "optional"
            and len(self.pass_queue) % 2 == 0
            and self.bids[self.turn] == BLIND_NIL
            and not self.double_nil_team[self.turn % 2]
        )

    def pass_cards(self, cards: int, ask: int | None = None) -> None:
        """Pass a bitmask of cards from the seat to act to its partner (0: no exchange).

        ask: the suit (0-3) a blind nil bidder would like passed back, where the rules let it
        name one (001); partner "is not forced to pass the suit you asked for".
        """
        why = self.why_pass_illegal(cards, ask)
        if why:
            raise IllegalAction(why)
        giver, taker = self.pass_queue[0]
        if cards == 0 and self.may_skip_pass():
            self._took(Taken(giver, PassAction(0, ask)))
            self.passes.append((giver, taker, 0))
            self.pass_asks.append(None)
            del self.pass_queue[:2]  # no exchange: partner passes nothing back
            self._after_pass()
            return
        self._took(Taken(giver, PassAction(cards, ask)))
        self.hands[giver] &= ~cards
        if not self.double_nil_team[giver % 2]:
            self.hands[taker] |= cards
        elif len(self.pass_queue) % 2 == 0:
            self.in_transit = cards  # 001: "simultaneously": face down until partner passes
        else:
            self.hands[taker] |= cards
            self.hands[giver] |= self.in_transit
            self.in_transit = 0
        self.passes.append((giver, taker, cards))
        self.pass_asks.append(ask)
        self.pass_queue.pop(0)
        self._after_pass()

    def why_pass_illegal(self, cards: int, ask: int | None = None) -> str:
        """Plain words for why these cards (and the suit asked back) cannot be passed now
        ("" if they can)."""
        if self.phase != PASS:
            return "it is not time to pass cards"
        if ask is not None:
            if not self.may_ask_suit():
                return "only a blind nil bidder passing its card may ask for a suit"
            if ask not in (0, 1, 2, 3) or cards == 0:
                return "name one suit, with the card you pass"
        if cards == 0 and self.may_skip_pass():
            return ""
        n = self.pass_count()
        if count(cards) != n or cards & ~self.hands[self.pass_queue[0][0]]:
            word = "card" if n == 1 else "cards"
            if cards == 0 and len(self.pass_queue) % 2 == 0:
                return f"the exchange is compulsory: pass exactly {n} {word}"
            return f"pass exactly {n} {word} from your hand"
        return ""

    def _after_pass(self) -> None:
        if self.pass_queue:
            self.turn = self.pass_queue[0][0]
        else:
            self._start_play()

    # ----- play ----------------------------------------------------------------------------

    def _start_play(self) -> None:
        r = self.rules
        self.phase = PLAY
        if r.first_lead in ("dealer_any", "dealer_no_spade"):
            self.leader = self.dealer
        elif r.first_lead == "two_clubs":
            # the lowest club in play (001: the 2♣ may have been discarded from 54 cards)
            low = self.deck.suit_masks[CLUBS] & (
                self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
            )
            low &= -low
            self.leader = next(s for s in range(4) if self.hands[s] & low)
        else:
            self.leader = (self.dealer + 1) % 4
        self.first_leader = self.leader
        self.turn = self.leader

    def legal_plays(self) -> int:
        """Bitmask of the cards the seat to act may play."""
        if self.phase != PLAY:
            return 0
        r = self.rules
        d = self.deck
        hand = self.hands[self.turn]
        first = len(self.plays) < 4
        trick = self.trick
        if not trick:
            if first and r.first_lead == "two_clubs":
                clubs = hand & d.suit_masks[CLUBS]
                if clubs:
                    return clubs & -clubs
            side = hand & ~d.trump_mask
            if side and (
                (first and (r.first_lead in NO_SPADE_LEAD or not r.spades_first_trick))
                or (r.spades_lead == "broken" and not self.spades_broken)
            ):
                return side
            return hand
        led = d.suit[trick[0]]
        follow = hand & d.suit_masks[led]
        if follow:
            if first and r.first_lead == "two_clubs" and led == CLUBS:
                return follow & -follow
            if r.renege != "enforced" and not first:
                return hand
            return follow
        if first and not r.spades_first_trick:
            side = hand & ~d.trump_mask
            if side:
                return side
        return hand

    def why_play_illegal(self, card: int) -> str:
        """Plain words for why a card cannot be played now."""
        if self.phase != PLAY:
            return "it is not time to play a card"
        r = self.rules
        d = self.deck
        hand = self.hands[self.turn]
        if not hand >> card & 1:
            return "that card is not in the hand"
        first = len(self.plays) < 4
        if not self.trick:
            if first and r.first_lead == "two_clubs" and hand & d.suit_masks[CLUBS]:
                return "the first trick starts with the lowest club"
            if first and (r.first_lead in NO_SPADE_LEAD or not r.spades_first_trick):
                return "spades may not be led to the first trick"
            return "spades have not been broken yet"
        led = d.suit[self.trick[0]]
        if hand & d.suit_masks[led]:
            if first and r.first_lead == "two_clubs" and led == CLUBS:
                return "everyone plays their lowest club to the first trick"
            return f"you must follow {SUIT_NAMES[led]}"
        return "no spades on the first trick while you hold another suit"

    def play(self, card: int) -> None:
        """Play a card for the seat to act."""
        legal = self.legal_plays()
        if not legal >> card & 1:
            raise IllegalAction(self.why_play_illegal(card))
        self._play_unchecked(card)

    def _play_unchecked(self, card: int) -> None:
        seat = self.turn
        self.actions.append(Taken(seat, PlayAction(card)))
        self.undo.append(
            (self.voids[seat], self.spades_broken, len(self.reneges), self.leader, self.phase)
        )
        d = self.deck
        self.hands[seat] ^= 1 << card
        trick = self.trick
        suit = d.suit[card]
        if trick:
            led = d.suit[trick[0]]
            if suit != led:
                if self.hands[seat] & d.suit_masks[led]:
                    self.reneges.append((seat, len(self.trick_winners)))
                else:
                    self.voids[seat] |= 1 << led
        if suit == SPADES:
            self.spades_broken = True
        trick.append(card)
        self.plays.append(card)
        if len(trick) == 4:
            w = (self.leader + d.winner(trick)) % 4
            self.tricks_won[w] += 1
            self.trick_winners.append(w)
            for c in trick:
                self.gone |= 1 << c
            self.trick = []
            self.leader = w
            self.turn = w
            if len(self.trick_winners) == 13:
                self.phase = DONE
        else:
            self.turn = (seat + 1) % 4

    # ----- views ---------------------------------------------------------------------------

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


def leftover_taker(rules: Rules, dealer: int, deal: list[int] | tuple[int, ...]) -> int:
    """Who takes the two cards left over from 54 (001): the dealer, or "the holder of the two
    of clubs" (the dealer when the 2♣ is one of the two left over)."""
    if rules.leftover_to == "two_clubs":
        for s in range(4):
            if deal[s] & 1:  # the 2♣ is card 0
                return s
    return dealer


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


def _contract_part(b: int, partner_bid: int | None) -> int:
    if is_nil(b):
        return 0
    if is_blind(b):
        return 0 if partner_bid == b else b - BLIND
    return b
