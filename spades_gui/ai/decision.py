"""A level's decision: the engine's action (engine/actions.py) with its reason and the values
of its candidates, also engine actions; an action in JSON and in words, by its type."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import singledispatch
from typing import Generic, TypedDict, TypeVar

from ..engine.actions import (
    Action,
    AnswerAction,
    AskAction,
    BidAction,
    BlindAction,
    DiscardAction,
    MisdealCall,
    PassAction,
    PlayAction,
    ProposeAction,
)
from ..engine.bids import bid_str, bid_words
from ..engine.cards import card_name, card_str, cards_of

Stop = Callable[[], bool]
ActionJson = str | list[str] | int | bool | None  # a card, a bid, cards, a yes or no, a question
A = TypeVar("A", bound=Action, covariant=True)


class CandidateJson(TypedDict):
    """One candidate as `spades hint --json` prints it."""

    action: ActionJson
    value: float | None


class DecisionJson(TypedDict):
    """A decision as `spades hint --json` prints it."""

    action: ActionJson
    reason: str
    candidates: list[CandidateJson]


@dataclass(frozen=True)
class Decision(Generic[A]):
    """An engine action with the reason and the values the policy computed for its candidates."""

    action: A
    reason: str
    candidates: Sequence[tuple[A, float | None]] = field(default=())

    def action_json(self) -> ActionJson:
        """The action in the JSON form of `spades hint`."""
        return action_json(self.action)

    def to_json(self) -> DecisionJson:
        """The decision as `spades hint --json` prints it."""
        return {
            "action": self.action_json(),
            "reason": self.reason,
            "candidates": [
                {"action": action_json(a), "value": None if v is None else round(v, 1)}
                for a, v in self.candidates
            ],
        }


def _cards_json(cards: int) -> list[str]:
    return [card_str(c) for c in cards_of(cards)]


def _cards_words(cards: int) -> str:
    return "the " + " and ".join(card_name(c) for c in cards_of(cards))


def _bid_words(bid: int) -> str:
    return bid_words(bid).lower()


# Each type of action in JSON and in words, registered once below: read by `spades hint`, the
# coach, the table's hints, Progress and the drills.


@singledispatch
def action_json(action: Action) -> ActionJson:
    """A card as "QH", a bid as 4 / "nil" / "blind_nil", cards as a list, a yes or no."""
    raise TypeError(f"no JSON for {action!r}")


@singledispatch
def action_words(action: Action) -> str:
    """An action in words inside a sentence, the one place they are written: "the Q♥", "the
    2♣ and 3♦", "4", "nil", "blind 6", "yes"."""
    raise TypeError(f"no words for {action!r}")


@action_json.register
def _(a: PlayAction) -> ActionJson:
    return card_str(a.card)


@action_words.register
def _(a: PlayAction) -> str:
    return f"the {card_name(a.card)}"


@action_json.register(PassAction)
@action_json.register(DiscardAction)
def _(a: PassAction | DiscardAction) -> ActionJson:
    return _cards_json(a.cards)


@action_words.register(PassAction)
@action_words.register(DiscardAction)
def _(a: PassAction | DiscardAction) -> str:
    return _cards_words(a.cards)


@action_json.register
def _(a: BidAction) -> ActionJson:
    return bid_str(a.bid)


@action_words.register
def _(a: BidAction) -> str:
    return _bid_words(a.bid)


@action_json.register
def _(a: ProposeAction) -> ActionJson:
    return bid_str(a.total)


@action_words.register
def _(a: ProposeAction) -> str:
    return _bid_words(a.total)


@action_json.register
def _(a: BlindAction) -> ActionJson:
    return None if a.bid is None else bid_str(a.bid)


@action_words.register
def _(a: BlindAction) -> str:
    return "no blind bid" if a.bid is None else _bid_words(a.bid)


@action_json.register
def _(a: MisdealCall) -> ActionJson:
    return a.call


@action_words.register
def _(a: MisdealCall) -> str:
    return "a misdeal" if a.call else "keeping the cards"


@action_json.register
def _(a: AskAction) -> ActionJson:
    return a.what


@action_words.register
def _(a: AskAction) -> str:
    return "nothing to ask" if a.what is None else a.what.replace("_", " ")


@action_json.register
def _(a: AnswerAction) -> ActionJson:
    return a.yes


@action_words.register
def _(a: AnswerAction) -> str:
    return "yes" if a.yes else "no"


_VERBS: dict[type, str] = {PlayAction: "plays", BidAction: "bids", PassAction: "passes"}


def action_verb(action: Action) -> str:
    """What a level does with the action, for `spades hint`: "plays", "bids", "chooses"."""
    return _VERBS.get(type(action), "chooses")
