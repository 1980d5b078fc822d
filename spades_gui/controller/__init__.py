"""The event-driven game controller: owns the game, asks seats, applies actions, emits events."""

from .core import DEFAULT_NAMES, Controller, InlineExecutor, Request, is_blind_bid
from .events import (
    BidMade,
    CardPlayed,
    CardsPassed,
    CardsShown,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Illegal,
    MisdealCalled,
    Notice,
    TrickWon,
    Turn,
)

__all__ = [
    "DEFAULT_NAMES",
    "BidMade",
    "CardPlayed",
    "CardsPassed",
    "CardsShown",
    "Controller",
    "Event",
    "GameOver",
    "HandDealt",
    "HandScored",
    "Illegal",
    "InlineExecutor",
    "MisdealCalled",
    "Notice",
    "Request",
    "TrickWon",
    "Turn",
    "is_blind_bid",
]
