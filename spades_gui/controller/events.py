"""What the controller reports: small immutable events the UI renders, one owner each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import HandResult
from ..engine.actions import (
    Action,
    DecisionRequest,
    PartnerAsk,
    Phase,
    PlayAction,
    Question,
)
from ..engine.cards import mask_of
from ..engine.game import EndReason
from ..engine.hand import RaiseStep

if TYPE_CHECKING:
    from ..coach.review import Point, Verdict
    from ..engine import Game, Hand


@dataclass(frozen=True)
class Event:
    """Base of everything the controller emits."""


@dataclass(frozen=True)
class HandFacts:
    """What the table shows of one hand, no cards: bids in order, contracts, tricks, result."""

    hand_no: int
    dealer: int
    order: tuple[int, ...]
    bids: tuple[int | None, ...] = (None, None, None, None)
    contracts: tuple[int, int] = (0, 0)
    phase: Phase = "bid"
    tricks_won: tuple[int, ...] = (0, 0, 0, 0)
    misdeal_by: int | None = None
    reneges: int = 0
    result: HandResult | None = None
    # 001's variations: per seat its Bemo (6, 9 or 0) and whether it bid no trump; per team
    # whether it bid Double Nil together; the special card and the team that took it; the
    # seat that took the two cards left over; the questions asked (asker, what, answer); the
    # second round: each team's answer, the bids before it, a total put to partner unsettled
    bemo: tuple[int, ...] = (0, 0, 0, 0)
    no_trump: tuple[bool, ...] = (False, False, False, False)
    double_nil: tuple[bool, ...] = (False, False)
    special: int | None = None
    special_team: int | None = None
    taker: int = -1
    asks: tuple[PartnerAsk, ...] = ()
    raises: tuple[RaiseStep, ...] = ()
    first_bids: tuple[int | None, ...] = ()  # the bids of the first round, once it is over
    raise_proposal: int | None = None  # put by the seat whose partner is to act


def hand_facts(hand: Hand, hand_no: int, result: HandResult | None = None) -> HandFacts:
    """The facts of a hand as it stands (hand_no counts from 1)."""
    return HandFacts(
        hand_no,
        hand.dealer,
        tuple(hand.order),
        tuple(hand.bids),
        (hand.team_contract(0), hand.team_contract(1)),
        hand.phase,
        tuple(hand.tricks_won),
        hand.misdeal_by,
        len(hand.reneges),
        result,
        tuple(hand.bemo),
        tuple(hand.no_trump),
        tuple(hand.double_nil_team),
        hand.special,
        hand.special_team(),
        hand.taker,
        tuple(hand.asks),
        tuple(hand.raise_steps()),
        tuple(hand.first_bids),
        hand.raise_proposal,
    )


@dataclass(frozen=True)
class HandDealt(Event):
    """A new hand is dealt; `hidden` when seat 0's cards stay face down for a blind decision.

    `south` is seat 0's cards (the hand shown at the bottom), `facts` the hand's bidding order.
    """

    hand_no: int
    dealer: int
    hidden: bool = False
    south: int = field(default=0, compare=False)
    facts: HandFacts | None = field(default=None, compare=False)
    counts: tuple[int, ...] = field(default=(), compare=False)  # cards in each seat's hand
    extra: int = field(default=0, compare=False)  # the cards left over, when seat 0 took them


@dataclass(frozen=True)
class Turn(Event):
    """A seat must decide `request`: the engine's request (engine/actions.py), its type the
    kind of decision, its fields what it allows."""

    seat: int
    human: bool
    request: DecisionRequest


@dataclass(frozen=True)
class MisdealCalled(Event):
    """A seat threw the hand in; the next hand follows."""

    seat: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class CardsShown(Event):
    """Seat 0 turned its cards over (no blind bid this hand)."""

    seat: int


@dataclass(frozen=True)
class BidMade(Event):
    """A seat bid (engine bid value: number, NIL, BLIND_NIL or BLIND + n); `facts` the hand's
    bids, contracts and phase after it (a second-round raise changes the seat's bid)."""

    seat: int
    bid: int
    facts: HandFacts | None = field(default=None, compare=False)
    bemo: int = 0  # the Bemo (6, 9) declared with it
    raised: bool = False  # a team's new total in the second round (`bid` is the total)


@dataclass(frozen=True)
class RaiseProposed(Event):
    """In the second round, a seat put a team total to its partner (the player), who settles
    it next (001: the side agrees its bid)."""

    seat: int
    total: int
    facts: HandFacts | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Discarded(Event):
    """The taker of the two cards left over discarded two face down; `cards` is the mask, 0
    when seat 0 may not see them."""

    seat: int
    count: int
    cards: int = 0
    south: int = field(default=0, compare=False)
    facts: HandFacts | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Asked(Event):
    """A bidder asked partner to agree to `what` ("no_trump", "double_nil", or a blind one);
    partner answers next."""

    seat: int
    what: Question
    facts: HandFacts | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Answered(Event):
    """Partner's (`seat`'s) yes or no to what `asker` asked."""

    seat: int
    asker: int
    what: Question
    yes: bool
    facts: HandFacts | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CardsPassed(Event):
    """An exchange between partners; `cards` is the mask, 0 when seat 0 may not see them.

    ask: the suit the giver asked back, if any; revealed: cards that reached seat 0 with this
    pass after lying face down (a Double Nil exchange's first pass).
    """

    giver: int
    taker: int
    count: int
    cards: int = 0
    south: int = field(default=0, compare=False)  # seat 0's cards after the exchange
    ask: int | None = None
    revealed: int = 0


@dataclass(frozen=True)
class CardPlayed(Event):
    """A card went to the trick; `index` is its place in the trick (0 = led)."""

    seat: int
    card: int
    trick_no: int
    index: int
    broke_spades: bool = False


@dataclass(frozen=True)
class TrickWon(Event):
    """The fourth card fell; `cards` in play order from `leader`."""

    winner: int
    leader: int
    cards: tuple[int, ...]
    trick_no: int


@dataclass(frozen=True)
class HandScored(Event):
    """The hand is over and scored (`result` is None for a thrown-in hand); `facts` the hand."""

    hand_no: int
    result: HandResult | None
    facts: HandFacts | None = field(default=None, compare=False)


@dataclass(frozen=True)
class GameOver(Event):
    """The game has a winner (team 0 = seats 0 and 2), and why (its words: `end_words`)."""

    winner: int
    reason: EndReason
    scores: tuple[int, int]


@dataclass(frozen=True)
class Illegal(Event):
    """Something refused, with the reason in plain words: `refused` is its type, the
    player's intent's (`Claim`, `Play`, ...), an action's the engine refused, or a message's
    the controller does not know; `value` what was refused, or why a claim is not sure."""

    seat: int
    refused: type
    reason: str
    value: object = None


@dataclass(frozen=True)
class Notice(Event):
    """Something worth a toast that changes nothing (an AI fell back to a legal move, ...)."""

    text: str
    details: dict[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class HintReady(Event):
    """What a level would do for the human at the decision `request` (a controller Request id):
    the engine's action, its reason, the candidates weighed."""

    request: int
    seat: int
    action: Action
    reason: str
    level: str
    candidates: tuple[tuple[Action, float | None], ...] = ()
    ruffers: tuple[int, ...] = field(default=(), compare=False)  # may trump the suggested card


@dataclass(frozen=True)
class ClaimOffer(Event):
    """The human's remaining cards win every remaining trick: a claim is possible now."""

    request: int
    seat: int
    tricks: int


@dataclass(frozen=True)
class Claimed(Event):
    """A seat claimed the rest; its remaining `tricks` are played out next."""

    seat: int
    tricks: int


@dataclass(frozen=True)
class Exported(Event):
    """A record written to the exports folder (`what`: "game" or "hand"), or why not."""

    what: str
    path: str
    error: str = ""


@dataclass(frozen=True)
class Analysed(Event):
    """The hand review's question `ref` answered: the verdict on its decision (None when
    the analysis failed)."""

    ref: int
    point: Point
    verdict: Verdict | None
    failed: bool = False


@dataclass(frozen=True)
class DealPlayed(Event):
    """PlayDeal's deal `ref` played through: its facts (None when that failed)."""

    ref: int
    facts: HandFacts | None
    failed: bool = False


@dataclass(frozen=True)
class Rewound(Event):
    """Undo: the hand went back `undone` actions to the human's earlier decision."""

    hand_no: int
    undone: int
    position: Position | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Position:
    """The table as it stands (a resumed game, or after an undo), as the events had shown it."""

    scores: tuple[int, int]
    bags: tuple[int, int]
    hands: tuple[HandFacts, ...] = ()
    over: GameOver | None = None
    south: int = 0  # seat 0's cards
    counts: tuple[int, ...] = (0, 0, 0, 0)  # cards in each seat's hand
    trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in play order
    last_trick: tuple[int, tuple[int, ...], int] | None = None  # (leader, cards, winner)
    spades_broken: bool = False
    turn: int | None = None
    hidden: bool = False
    received: Received | None = None  # cards marked as just come to seat 0
    # The played-cards count's facts, out of the repr the golden traces print (tests/golden.py):
    # every card played this hand (the trick on the table too); the cards left over that seat 0
    # took and set aside (001); how many another seat set aside face down.
    played: int = field(default=0, repr=False)
    aside: int = field(default=0, repr=False)
    aside_unseen: int = field(default=0, repr=False)


@dataclass(frozen=True)
class Received:
    """Cards that came to seat 0 this hand, marked in its hand: passed by partner (`giver`,
    with the suit it asked back) until its first card, or left over from the deal (no giver)
    until its discard."""

    cards: int
    giver: int | None = None
    ask: int | None = None


def received_of(hand: Hand, human: frozenset[int]) -> Received | None:
    """The cards the table marks as just come to seat 0, as the hand's events marked them."""
    if 0 not in human or any(
        t.seat == 0 and isinstance(t.action, PlayAction) for t in hand.actions
    ):
        return None
    mark = Received(hand.extra) if hand.taker == 0 and not hand.discarded else None
    expect: tuple[int, int] | None = None  # the pass that completes the pair begun
    face_down = 0  # a Double Nil pass lying face down until partner passes back (001)
    for (giver, taker, cards), ask in zip(hand.passes, hand.pass_asks):
        first = expect != (giver, taker)
        expect = (taker, giver) if first and cards else None
        if not cards:
            continue
        held = hand.double_nil_team[giver % 2]
        if giver in human:
            if held and not first:  # partner's face-down cards are seen now
                mark = Received(face_down, taker)
        elif taker in human and not (held and first):
            mark = Received(cards, giver, ask)
        face_down = cards if held and first else 0
    if mark is None or not mark.cards & hand.hands[0]:
        return None
    return Received(mark.cards & hand.hands[0], mark.giver, mark.ask)


def position_of(game: Game, hidden: bool, human: frozenset[int]) -> Position:
    """The position of a game for the table (`hidden`: seat 0's cards still face down;
    `human`: the seats the player holds)."""
    over = None
    if game.over and game.winner is not None and game.end_reason is not None:
        over = GameOver(game.winner, game.end_reason, (game.scores[0], game.scores[1]))
    facts = tuple(
        hand_facts(h, i + 1, game.results[i] if i < len(game.results) else None)
        for i, h in enumerate(game.hands)
    )
    scores = (game.scores[0], game.scores[1])
    bags = (game.bags[0], game.bags[1])
    hand = game.hand
    if hand is None or hand.done:
        return Position(scores, bags, facts, over)
    done = hand.tricks()
    last = None
    if done:
        leader, cards, winner = done[-1]
        last = (leader, tuple(cards), winner)
    return Position(
        scores,
        bags,
        facts,
        over,
        hand.hands[0],
        tuple(m.bit_count() for m in hand.hands),
        tuple(((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick)),
        last,
        hand.spades_broken,
        hand.turn,
        hidden,
        received_of(hand, human),
        hand.gone | mask_of(hand.trick),
        hand.discarded if hand.taker == 0 else 0,
        hand.discarded.bit_count() if hand.taker != 0 else 0,
    )
