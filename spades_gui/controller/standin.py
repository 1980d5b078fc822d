"""A random-legal stand-in for the AI package, used only until `spades_gui.ai` provides its API."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import BID, PASS, PLAY, Game, Hand
from ..engine.bids import BLIND, BLIND_NIL
from ..engine.cards import cards_of, mask_of

LEVELS = ("easy", "medium", "hard", "random")


@dataclass
class StandInView:
    """What a seat may see; here simply a private copy of the hand (the stand-in plays randomly)."""

    seat: int
    hand: Hand


def seat_view(game: Game, seat: int) -> StandInView:
    """A snapshot of the current hand for one seat."""
    assert game.hand is not None
    return StandInView(seat, game.hand.copy())


def legal_fallback(hand: Hand, rng: random.Random) -> Any:
    """A uniformly random legal action for the seat to act."""
    if hand.phase == BID:
        plain = [b for b in hand.legal_bids() if b != BLIND_NIL and b < BLIND]
        return rng.choice(plain or hand.legal_bids())
    if hand.phase == PASS:
        cards = cards_of(hand.hands[hand.turn])
        return mask_of(rng.sample(cards, hand.pass_count()))
    if hand.phase == PLAY:
        return rng.choice(cards_of(hand.legal_plays()))
    raise ValueError(f"no action in phase {hand.phase}")


class RandomPolicy:
    """Random legal decisions; never calls a misdeal and never bids blind."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def call_misdeal(self, view: StandInView, stop: Callable[[], bool] | None = None) -> bool:
        """Never throws the hand in."""
        return False

    def bid_blind(self, view: StandInView, stop: Callable[[], bool] | None = None) -> int | None:
        """Never bids blind."""
        return None

    def bid(self, view: StandInView, stop: Callable[[], bool] | None = None) -> int:
        """The legal plain bid nearest a rough count of sure tricks (so games end)."""
        hand = view.hand
        d = hand.deck
        mine = hand.hands[hand.turn]
        est = 0.0
        for suit, m in enumerate(d.suit_masks):
            held = sorted((d.strength[c] for c in cards_of(mine & m)), reverse=True)
            top = len(d.trumps) - 1 if suit == 3 else 12
            est += sum(1 for i, s in enumerate(held[:3]) if s >= top - i and len(held) > i)
            if suit == 3:
                est += max(0, len(held) - 3) * 0.8
        plain = [b for b in hand.legal_bids() if b < 100] or hand.legal_bids()
        return min(plain, key=lambda b: (abs(b - est), self.rng.random()))

    def pass_cards(self, view: StandInView, stop: Callable[[], bool] | None = None) -> int:
        """Random cards to pass."""
        return legal_fallback(view.hand, self.rng)

    def play(self, view: StandInView, stop: Callable[[], bool] | None = None) -> int:
        """A random legal card."""
        return legal_fallback(view.hand, self.rng)


def make_policy(level: str, seed: int) -> RandomPolicy:
    """A stand-in policy whatever the level."""
    return RandomPolicy(seed)
