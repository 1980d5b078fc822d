"""Practice mode's undo: how far back the player's last decision of the hand lies (the flow
takes it back, flow.py), and what an undo leaves of the events not yet shown."""

from __future__ import annotations

from ..engine.actions import BidAction
from ..engine.bids import is_blind_bid
from ..engine.hand import Hand
from .events import Analysed, Exported

KEPT_BY_UNDO = (Analysed, Exported)  # events an undo does not take back with the hand's


def undo_point(hand: Hand, human: frozenset[int]) -> int | None:
    """How many of the hand's actions to keep: those before the human's last decision."""
    for i in range(len(hand.actions) - 1, -1, -1):
        seat, action = hand.actions[i]
        if seat not in human:
            continue
        if (
            isinstance(action, BidAction)
            and is_blind_bid(action.bid)
            and hand.bids[(seat + 2) % 4] == action.bid
        ):
            continue  # shared the partner's blind contract: not a decision
        return i
    return None
