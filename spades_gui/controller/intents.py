"""What the UI asks of the controller: small immutable intents, each handled by one owner.

The UI changes nothing but by sending one of these (`Controller.send`); the controller answers
with events. `urgent` intents are handled before the events already waiting are taken (undo:
what is waiting is what it takes back); `immediate` ones at the next pump even when it takes
no event (the table's settings, exports and the hand review's analysis: they must not wait
for a card in flight or a trick waiting to be collected).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..engine.actions import Question

if TYPE_CHECKING:
    from ..coach.history import HandEntry
    from ..coach.review import Point
    from .duplicate import DealAgain


@dataclass(frozen=True)
class Intent:
    """Base of everything the UI sends the controller."""

    name: ClassVar[str] = "intent"  # how a refusal (an Illegal event) names it
    urgent: ClassVar[bool] = False
    immediate: ClassVar[bool] = False


# ----- the player's decisions ---------------------------------------------------------------


@dataclass(frozen=True)
class Bid(Intent):
    """Bid (a blind bid only while the cards are face down), with a Bemo (6, 9) or 0; plain:
    without the no trump partner agreed to (001: asking commits no one)."""

    name: ClassVar[str] = "bid"
    bid: int
    bemo: int = 0
    plain: bool = False


@dataclass(frozen=True)
class Play(Intent):
    """Play a card."""

    name: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True)
class PassCards(Intent):
    """Pass cards (a mask; 0: no exchange, where optional) to partner, naming the suit wanted
    back where the rules allow (001)."""

    name: ClassVar[str] = "pass"
    cards: int
    ask: int | None = None


@dataclass(frozen=True)
class Discard(Intent):
    """Discard two cards (a mask) after taking the two left over (001)."""

    name: ClassVar[str] = "discard"
    cards: int


@dataclass(frozen=True)
class AskPartner(Intent):
    """Ask partner to agree to a no trump or a Double Nil (or a blind one) before bidding."""

    name: ClassVar[str] = "ask"
    what: Question


@dataclass(frozen=True)
class Answer(Intent):
    """Partner's question answered: yes or no."""

    name: ClassVar[str] = "answer"
    yes: bool


@dataclass(frozen=True)
class Misdeal(Intent):
    """Throw the hand in (call) or keep it, when a misdeal is offered."""

    name: ClassVar[str] = "misdeal"
    call: bool


@dataclass(frozen=True)
class ShowCards(Intent):
    """Turn the player's cards over, giving up any blind bid this hand."""

    name: ClassVar[str] = "show"


@dataclass(frozen=True)
class NextHand(Intent):
    """Go on from the end-of-hand summary to the next deal."""

    name: ClassVar[str] = "continue"


# ----- the coach ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint(Intent):
    """What a level (the coach's by default) would do for the player now; HintReady."""

    name: ClassVar[str] = "hint"
    level: str | None = None


@dataclass(frozen=True)
class Undo(Intent):
    """Practice mode: take back the player's last decision in this hand."""

    name: ClassVar[str] = "undo"
    urgent: ClassVar[bool] = True


@dataclass(frozen=True)
class Claim(Intent):
    """Claim every remaining trick; refused unless the player's cards win them for sure."""

    name: ClassVar[str] = "claim"


@dataclass(frozen=True)
class Analyse(Intent):
    """The hand review: weigh one decision of a record against a level's; Analysed, with
    `ref` echoed (the review's own number for the question)."""

    name: ClassVar[str] = "analyse"
    immediate: ClassVar[bool] = True
    record: dict[str, object]
    point: Point
    level: str
    think_ms: int | None
    ref: int


@dataclass(frozen=True)
class StopAnalysis(Intent):
    """The hand review moved on: forget its questions still open."""

    name: ClassVar[str] = "stop_analysis"
    immediate: ClassVar[bool] = True


@dataclass(frozen=True)
class PlayDeal(Intent):
    """A deal played again played through with a level in the player's seat, on the coach's
    worker; DealPlayed, with `ref` echoed."""

    name: ClassVar[str] = "play_deal"
    immediate: ClassVar[bool] = True
    deal: DealAgain
    level: str
    think_ms: int | None
    ref: int


@dataclass(frozen=True)
class KeepHands(Intent):
    """Keep the player's finished hands in their records, weighed, or not (a guided hand, a
    deal played again: not the player's records)."""

    name: ClassVar[str] = "keep_hands"
    immediate: ClassVar[bool] = True
    on: bool


@dataclass(frozen=True)
class KeepHand(Intent):
    """Keep a finished hand made elsewhere (`spades bench`), weighed like the game's own."""

    name: ClassVar[str] = "keep_hand"
    immediate: ClassVar[bool] = True
    entry: HandEntry


# ----- the table's settings and files --------------------------------------------------------


@dataclass(frozen=True)
class SetPractice(Intent):
    """Practice mode on or off for this game."""

    name: ClassVar[str] = "practice"
    immediate: ClassVar[bool] = True
    on: bool


@dataclass(frozen=True)
class SetWake(Intent):
    """How the controller nudges the UI's frame loop when a worker answers (None: not)."""

    name: ClassVar[str] = "wake"
    immediate: ClassVar[bool] = True
    wake: Callable[[], None] | None


@dataclass(frozen=True)
class RunClock(Intent):
    """Run or stop the game clock (the table is on screen, or not)."""

    name: ClassVar[str] = "clock"
    immediate: ClassVar[bool] = True
    running: bool


@dataclass(frozen=True)
class ExportGame(Intent):
    """Write the game's record to the exports folder; Exported says where."""

    name: ClassVar[str] = "export"
    immediate: ClassVar[bool] = True


@dataclass(frozen=True)
class ExportHand(Intent):
    """Write one hand (0-based) as a record of its own to the exports folder; Exported."""

    name: ClassVar[str] = "export"
    immediate: ClassVar[bool] = True
    index: int
