"""What the controller reports: small immutable events the UI renders, one owner each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import HandResult


@dataclass(frozen=True)
class Event:
    """Base of everything the controller emits."""


@dataclass(frozen=True)
class HandDealt(Event):
    """A new hand is dealt; `hidden` when seat 0's cards stay face down for a blind decision."""

    hand_no: int
    dealer: int
    hidden: bool = False


@dataclass(frozen=True)
class Turn(Event):
    """A seat must decide; for a human seat `options` says what is allowed.

    kind: "misdeal" (options: the reasons), "blind" (the blind bids allowed), "bid" (legal
    bids), "pass" (number of cards), "play" (bitmask of legal cards), "continue" (none).
    """

    seat: int
    kind: str
    human: bool
    options: Any = None


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
    """A seat bid (engine bid value: number, NIL, BLIND_NIL or BLIND + n)."""

    seat: int
    bid: int


@dataclass(frozen=True)
class CardsPassed(Event):
    """A blind-nil exchange; `cards` is the mask, 0 when seat 0 may not see them."""

    giver: int
    taker: int
    count: int
    cards: int = 0


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
    """The hand is over and scored (`result` is None for a thrown-in hand)."""

    hand_no: int
    result: HandResult | None


@dataclass(frozen=True)
class GameOver(Event):
    """The game has a winner (team 0 = seats 0 and 2)."""

    winner: int
    reason: str
    scores: tuple[int, int]


@dataclass(frozen=True)
class Illegal(Event):
    """An intent the rules refused, with the reason in plain words."""

    seat: int
    action: str
    reason: str
    value: Any = None


@dataclass(frozen=True)
class Notice(Event):
    """Something worth a toast that changes nothing (an AI fell back to a legal move, ...)."""

    text: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HintReady(Event):
    """What a level would do for the human at the decision `request` (a controller Request id)."""

    request: int
    seat: int
    kind: str
    action: Any
    reason: str
    level: str
    candidates: tuple[tuple[Any, float | None], ...] = ()


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
class Rewound(Event):
    """Undo: the hand went back `undone` actions to the human's earlier decision."""

    hand_no: int
    undone: int
