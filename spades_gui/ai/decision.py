"""A level's decision: the action in the form the level computes it, with its reason and the
values of its candidates; the action in JSON and in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypedDict, cast

from ..engine.bids import bid_str, bid_words
from ..engine.cards import card_name, card_str, cards_of

Stop = Callable[[], bool]
# What a level decides, in the form it computes it; the worker's `decide` makes it an engine
# action (engine/actions.py).
DecisionKind = Literal[
    "bid", "pass", "play", "misdeal", "blind", "discard", "ask", "answer", "bemo"
]
DecisionValue = int | str | None
ActionJson = str | list[str] | int | None  # a card, a bid, cards, a yes or no, a question


class CandidateJson(TypedDict):
    """One candidate as `spades hint --json` prints it."""

    action: ActionJson
    value: float | None


class DecisionJson(TypedDict):
    """A decision as `spades hint --json` prints it."""

    action: ActionJson
    reason: str
    candidates: list[CandidateJson]


@dataclass
class Decision:
    """An action with the reason and the values the policy computed for its candidates."""

    kind: DecisionKind
    action: DecisionValue  # a bid, a card, a mask of cards, a yes or no, a question, or None
    reason: str
    candidates: Sequence[tuple[DecisionValue, float | None]] = field(default_factory=list)

    def action_json(self) -> ActionJson:
        """The action in the JSON form of `spades hint`."""
        return action_json(self.kind, self.action)

    def to_json(self) -> DecisionJson:
        """The decision as `spades hint --json` prints it."""
        return {
            "action": self.action_json(),
            "reason": self.reason,
            "candidates": [
                {"action": action_json(self.kind, a), "value": None if v is None else round(v, 1)}
                for a, v in self.candidates
            ],
        }


def action_json(kind: str, action: DecisionValue) -> ActionJson:
    """A card as "QH", a bid as 4 / "nil" / "blind_nil", a pass as a list of cards."""
    if kind == "play":
        return card_str(cast(int, action))
    if kind in ("pass", "discard"):
        return [card_str(c) for c in cards_of(cast(int, action))]
    if kind in ("bid", "blind"):
        return None if action is None else bid_str(cast(int, action))
    return action


def action_words(kind: str, action: DecisionValue) -> str:
    """An action in words for a reason sentence."""
    if kind == "play":
        return f"the {card_name(cast(int, action))}"
    if kind in ("pass", "discard"):
        return " and ".join(card_name(c) for c in cards_of(cast(int, action)))
    if kind in ("bid", "blind"):
        return "no blind bid" if action is None else bid_words(cast(int, action))
    return str(action)
