"""The hint a level gives from a seat view or a game record (`spades hint` prints it)."""

from __future__ import annotations

from typing import Any

from . import make_policy
from .base import Decision
from .view import view_or_record

HINT_SEED = 0  # hints are the same every time for the same view


def hint_for(data: Any, level: str) -> Decision:
    """The decision of a level for a parsed seat view or game record; ViewError if it is bad."""
    policy = make_policy(level, HINT_SEED)
    return policy.explain(view_or_record(data, peek=policy.peeks))
