"""A hand's decisions as small typed values (as python-chess's Move), and what a seat is asked.

An action is what a seat decides; a request is the decision a seat is asked for, with its
options. Both are immutable, defined once here, and carried unchanged by the controller,
the worker, the coach and the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final, Literal, NamedTuple

Phase = Literal["bid", "pass", "play", "done", "misdeal", "discard"]
BID: Final = "bid"
PASS: Final = "pass"
PLAY: Final = "play"
DONE: Final = "done"
MISDEAL: Final = "misdeal"
DISCARD: Final = "discard"  # the taker of the two cards left over from 54 discards two (001)

# What a bidder may ask partner to agree to (001): "Can you cover a no trump?", Double Nil.
Question = Literal["no_trump", "blind_no_trump", "double_nil", "blind_double_nil"]
ASKS: tuple[Question, ...] = ("no_trump", "blind_no_trump", "double_nil", "blind_double_nil")

# The decisions a seat is asked for; "continue" is the player's go-on after a hand.
Kind = Literal[
    "misdeal", "blind", "ask_blind", "ask", "answer", "discard", "bid", "pass", "play", "continue"
]


@dataclass(frozen=True)
class PartnerAsk:
    """A question a bidder put to partner before its bid (001), and partner's answer (None:
    not answered yet)."""

    asker: int
    what: Question
    answer: bool | None = None


def is_question(what: object) -> bool:
    """Whether a value names something a bidder may ask partner (a Question)."""
    return what in ASKS


# ----- actions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MisdealCall:
    """Throw the hand in (True) or keep it, when the cards allow a misdeal."""

    call: bool


@dataclass(frozen=True)
class BlindAction:
    """A blind bid made before looking, or None: turn the cards over."""

    bid: int | None


@dataclass(frozen=True)
class AskAction:
    """A question for partner before bidding (001), or None: ask nothing."""

    what: Question | None


@dataclass(frozen=True)
class AnswerAction:
    """Partner's yes or no to the question asked."""

    yes: bool


@dataclass(frozen=True)
class DiscardAction:
    """The two cards (a mask) the taker of the cards left over discards (001)."""

    cards: int


@dataclass(frozen=True)
class BidAction:
    """A bid (or, in the second round, a team total) with a Bemo (6, 9) or 0; plain: without
    the no trump partner agreed to (001: asking commits no one)."""

    bid: int
    bemo: int = 0
    plain: bool = False


@dataclass(frozen=True)
class ProposeAction:
    """In the second round, a team total put to partner, who settles it (001)."""

    total: int


@dataclass(frozen=True)
class PassAction:
    """Cards (a mask; 0: no exchange, where optional) passed to partner, with the suit asked
    back where the rules allow it (001)."""

    cards: int
    ask: int | None = None


@dataclass(frozen=True)
class PlayAction:
    """A card played to the trick."""

    card: int


Action = (
    MisdealCall
    | BlindAction
    | AskAction
    | AnswerAction
    | DiscardAction
    | BidAction
    | ProposeAction
    | PassAction
    | PlayAction
)


class Taken(NamedTuple):
    """An action taken in a hand and the seat that took it."""

    seat: int
    action: Action


class IllegalAction(ValueError):
    """An action the rules do not allow here; the message says why in plain words."""


# ----- requests -------------------------------------------------------------------------------


@dataclass(frozen=True)
class MisdealRequest:
    """Call a misdeal or keep the cards; the conditions the hand meets."""

    kind: ClassVar[Literal["misdeal"]] = "misdeal"
    reasons: tuple[str, ...]

    @property
    def options(self) -> tuple[str, ...]:
        """What the decision is offered with."""
        return self.reasons


@dataclass(frozen=True)
class BlindRequest:
    """Bid blind or look (the player's cards face down); the questions for partner before
    looking, and what partner agreed to."""

    kind: ClassVar[Literal["blind"]] = "blind"
    bids: tuple[int, ...]
    asks: tuple[Question, ...] = ()
    agreed: str = ""

    @property
    def options(self) -> tuple[int, ...]:
        """What the decision is offered with."""
        return self.bids


@dataclass(frozen=True)
class AskRequest:
    """A computer seat's question for partner, or none: before looking (blind) or after."""

    asks: tuple[Question, ...]
    blind: bool = False

    @property
    def kind(self) -> Literal["ask_blind", "ask"]:
        """The kind of decision."""
        return "ask_blind" if self.blind else "ask"

    @property
    def options(self) -> tuple[Question, ...]:
        """What the decision is offered with."""
        return self.asks


@dataclass(frozen=True)
class AnswerRequest:
    """Yes or no to what partner asks."""

    kind: ClassVar[Literal["answer"]] = "answer"
    what: Question

    @property
    def options(self) -> Question:
        """What the decision is offered with."""
        return self.what


@dataclass(frozen=True)
class DiscardRequest:
    """Discard two cards after taking the two left over (001)."""

    kind: ClassVar[Literal["discard"]] = "discard"
    count: int = 2

    @property
    def options(self) -> int:
        """What the decision is offered with."""
        return self.count


@dataclass(frozen=True)
class BidRequest:
    """A bid from `bids` (not blind: the seat has looked), with the player's questions for
    partner, the Bemos it may declare, what partner agreed to, the bids without the agreed no
    trump; in the second round (`raising`) team totals, with the total partner put to it; for
    the player, a nil the rules have but not now (a team minimum, partner's no trump)."""

    kind: ClassVar[Literal["bid"]] = "bid"
    bids: tuple[int, ...]
    asks: tuple[Question, ...] = ()
    bemos: tuple[int, ...] = ()
    agreed: str = ""
    plain: tuple[int, ...] = ()
    raising: bool = False
    proposed: int | None = None
    # the player's nil closed now, and why: words for the player's screen, left out of the
    # events' text (the golden traces) as no decision depends on them
    refused: tuple[tuple[int, str], ...] = field(default=(), repr=False)

    @property
    def options(self) -> tuple[int, ...]:
        """What the decision is offered with."""
        return self.bids


@dataclass(frozen=True)
class PassRequest:
    """Pass `count` cards to partner; skip: no exchange allowed; ask_suit: a suit may be
    named to be passed back; asked_suit: the suit partner asked back."""

    kind: ClassVar[Literal["pass"]] = "pass"
    count: int
    skip: bool = False
    ask_suit: bool = False
    asked_suit: int | None = None

    @property
    def options(self) -> int:
        """What the decision is offered with."""
        return self.count


@dataclass(frozen=True)
class PlayRequest:
    """Play one of the legal cards (a mask)."""

    kind: ClassVar[Literal["play"]] = "play"
    legal: int

    @property
    def options(self) -> int:
        """What the decision is offered with."""
        return self.legal


@dataclass(frozen=True)
class ContinueRequest:
    """The player goes on from the end-of-hand summary to the next deal."""

    kind: ClassVar[Literal["continue"]] = "continue"

    @property
    def options(self) -> None:
        """What the decision is offered with."""
        return None


DecisionRequest = (
    MisdealRequest
    | BlindRequest
    | AskRequest
    | AnswerRequest
    | DiscardRequest
    | BidRequest
    | PassRequest
    | PlayRequest
    | ContinueRequest
)
Options = tuple[int, ...] | tuple[str, ...] | int | str | None
