"""Uniformly random legal play to the end of a hand: the speed yardstick for search."""

from __future__ import annotations

import random

from .hand import PLAY, Hand


def random_card(mask: int, rnd: float) -> int:
    """A uniformly chosen card of a non-empty mask, from a float in [0, 1)."""
    k = int(rnd * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_playout(hand: Hand, rng: random.Random) -> list[int]:
    """Play the hand out with uniformly random legal cards; returns tricks won per seat. The
    hand is used up: its cards played are not written down, so nothing can be taken back."""
    rand = rng.random
    legal = hand.legal_plays
    play = hand._move_card
    while hand.phase == PLAY:
        play(random_card(legal(), rand()))
    return hand.tricks_won
