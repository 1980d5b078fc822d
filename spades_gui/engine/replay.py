"""A hand replayed from its start through its actions: the one way a hand is rebuilt.

A hand begins from its deal (with 001's special card cut and two cards left over, which the
Hand gives to their taker) and the scores before it; everything after is its typed actions
in order (`Hand.actions`): discards, questions and answers, bids and Bemos, the second
round, passes and exchanges, misdeals, cards. Every place that rebuilds a hand from a
record walks these steps: the record reader itself (`record.load`, and so `spades replay`
and a resumed game) takes each action it reads with `take`, and the review, the records'
weighing, drills and a deal played again replay the loaded hand's actions with `steps`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .actions import Action, IllegalAction, MisdealCall, Taken
from .game import Game
from .hand import Hand
from .rules import Rules

__all__ = ["HandStart", "Step", "game_at", "hand_steps", "replayed", "steps", "take"]


@dataclass(frozen=True)
class HandStart:
    """What a hand begins from: the rules, dealer, the four hands dealt (masks), the scores
    before it, the special card cut (001) and the two cards left over (001), else 0."""

    rules: Rules
    dealer: int
    deal: tuple[int, int, int, int]
    scores: tuple[int, int] = (0, 0)
    special: int | None = None
    extra: int = 0

    @classmethod
    def of(cls, hand: Hand) -> HandStart:
        """The start of a hand, however far it has gone."""
        d = hand.dealt
        return cls(
            hand.rules,
            hand.dealer,
            (d[0], d[1], d[2], d[3]),
            hand.scores_before,
            hand.special,
            hand.extra,
        )

    def hand(self) -> Hand:
        """The hand as dealt, before its first action (the cards left over with their taker)."""
        return Hand(self.rules, self.dealer, list(self.deal), self.scores, self.special, self.extra)


@dataclass(frozen=True)
class Step:
    """One action of a replayed hand: `index` actions before it, the hand just before it,
    the seat that took it and the action.

    The hand is the replay's own and the next step changes it: copy() it to keep it.
    """

    index: int
    hand: Hand
    seat: int
    action: Action


def steps(start: HandStart, actions: Iterable[Taken]) -> Iterator[Step]:
    """Replay actions from a hand's start, each step before its action is taken;
    IllegalAction at the first one the rules do not allow there."""
    return _steps(start.hand(), actions)


def take(hand: Hand, seat: int, action: Action) -> None:
    """Take one action of a replay: the seat to act's (any seat may call a misdeal);
    IllegalAction if it is not its turn or the rules do not allow the action there."""
    if not isinstance(action, MisdealCall) and seat != hand.turn:
        raise IllegalAction(f"seat {seat} acts out of turn: seat {hand.turn} is to act")
    hand.apply(action, seat)


def _steps(hand: Hand, actions: Iterable[Taken]) -> Iterator[Step]:
    for i, (seat, action) in enumerate(actions):
        yield Step(i, hand, seat, action)
        take(hand, seat, action)


def _take(hand: Hand, actions: Iterable[Taken]) -> Hand:
    """The hand after the actions (IllegalAction at one the rules do not allow)."""
    for _ in _steps(hand, actions):
        pass
    return hand


def hand_steps(hand: Hand) -> Iterator[Step]:
    """A hand's own actions replayed from its start."""
    return steps(HandStart.of(hand), list(hand.actions))


def replayed(hand: Hand, n: int | None = None) -> Hand:
    """A new hand from the start of `hand` through its first n actions (all of them if None)."""
    return _take(HandStart.of(hand).hand(), hand.actions[:n])


def game_at(game: Game, index: int, n: int | None = None) -> Game:
    """The game as it stood before action n of hand `index` (0-based; n None: the hand as far
    as it went): the hands before it replayed and scored, as their clock ran."""
    if not 0 <= index < len(game.hands):
        raise IndexError(f"the game has no hand {index + 1}")
    out = Game(
        game.rules,
        (game.start_scores[0], game.start_scores[1]),
        (game.start_bags[0], game.start_bags[1]),
    )
    for i, hand in enumerate(game.hands[: index + 1]):
        start = HandStart.of(hand)
        h = out.start_hand(start.dealer, list(start.deal), start.special, start.extra)
        _take(h, hand.actions if i < index else hand.actions[:n])
        if i < index:
            out.finish_hand(game.clock[i] if i < len(game.clock) else None)
    return out
