"""A level consulted on a position given as JSON, a seat view or a game record (`spades hint`)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Action
from . import make_policy
from .base import BasePolicy
from .decision import Decision
from .view_json import view_or_record

HINT_SEED = 0  # hints are the same every time for the same view

PolicyMaker = Callable[[str, int], BasePolicy]  # (level, seed) to a seat's policy


def hint_for(data: object, level: str, make: PolicyMaker = make_policy) -> Decision[Action]:
    """The decision of a level for a parsed seat view or game record; ViewError if it is bad.

    make: how a level's policy is made (the lab's also makes its yardsticks)."""
    policy = make(level, HINT_SEED)
    return policy.explain(view_or_record(data, peek=policy.peeks))
