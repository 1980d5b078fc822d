"""The event-driven game controller: owns the game, asks seats, applies actions, emits events."""

from .coach_worker import CoachWorker
from .core import DEFAULT_NAMES, Controller, InlineExecutor, Request, is_blind_bid
from .events import (
    BidMade,
    CardPlayed,
    CardsPassed,
    CardsShown,
    Claimed,
    ClaimOffer,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HintReady,
    Illegal,
    MisdealCalled,
    Notice,
    Rewound,
    TrickWon,
    Turn,
)

__all__ = [
    "DEFAULT_NAMES",
    "BidMade",
    "CardPlayed",
    "CardsPassed",
    "CardsShown",
    "ClaimOffer",
    "Claimed",
    "CoachWorker",
    "Controller",
    "Event",
    "GameOver",
    "HandDealt",
    "HandScored",
    "HintReady",
    "Illegal",
    "InlineExecutor",
    "MisdealCalled",
    "Notice",
    "Request",
    "Rewound",
    "TrickWon",
    "Turn",
    "is_blind_bid",
]
