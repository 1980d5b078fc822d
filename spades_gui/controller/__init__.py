"""The event-driven game controller: owns the game, asks seats, applies actions, emits events."""

from .core import DEFAULT_NAMES, Controller, InlineExecutor, Request, ai_api, is_blind_bid
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
from .saving import file_saver, write_json_atomic

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
    "ai_api",
    "file_saver",
    "is_blind_bid",
    "write_json_atomic",
]
