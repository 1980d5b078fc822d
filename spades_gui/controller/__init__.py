"""The event-driven game controller: owns the game, asks seats, applies actions, emits events."""

from .core import DEFAULT_NAMES, Controller, Request, is_blind_bid
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
from .worker import Worker

__all__ = [
    "DEFAULT_NAMES",
    "BidMade",
    "CardPlayed",
    "CardsPassed",
    "CardsShown",
    "ClaimOffer",
    "Claimed",
    "Worker",
    "Controller",
    "Event",
    "GameOver",
    "HandDealt",
    "HandScored",
    "HintReady",
    "Illegal",
    "MisdealCalled",
    "Notice",
    "Request",
    "Rewound",
    "TrickWon",
    "Turn",
    "is_blind_bid",
]
