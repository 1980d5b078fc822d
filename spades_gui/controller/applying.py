"""The seats' decisions applied: each type of action changes the hand through the engine and
is reported as its events, one applier a type; none of them saves or asks anything."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, cast

from ..engine.actions import (
    Action,
    AnswerAction,
    AskAction,
    BidAction,
    BlindAction,
    DecisionRequest,
    DiscardAction,
    MisdealCall,
    PassAction,
    PlayAction,
    ProposeAction,
    Question,
)
from ..engine.hand import Hand
from .events import (
    Answered,
    Asked,
    BidMade,
    CardPlayed,
    CardsPassed,
    Discarded,
    Event,
    HandFacts,
    MisdealCalled,
    RaiseProposed,
    TrickWon,
    hand_facts,
)

if TYPE_CHECKING:
    from typing_extensions import Never


@dataclass(frozen=True)
class At:
    """Where an action is applied: the hand, its number in the game, the human seats."""

    hand: Hand
    hand_no: int
    human: frozenset[int]

    def facts(self) -> HandFacts:
        """The hand's facts now."""
        return hand_facts(self.hand, self.hand_no)


def apply_action(at: At, seat: int, action: Action, ask: DecisionRequest | None) -> list[Event]:
    """Change the hand through the engine and report what happened (`ask`: the request the
    action answers; None for a claim's cards); IllegalAction if the engine refuses it, nothing
    reported for an action that changes nothing (a misdeal not called, a look, no question)."""
    apply = cast("Applier[Action]", _APPLIERS[type(action)])  # the table is keyed by its type
    return apply(at, seat, action, ask)


def _apply_misdeal(at: At, seat: int, a: MisdealCall, ask: DecisionRequest | None) -> list[Event]:
    hand = at.hand
    if not a.call:
        return []
    reasons = tuple(hand.misdeal_reasons(seat))
    hand.apply(a, seat)
    return [MisdealCalled(seat, reasons)]


def _apply_blind(at: At, seat: int, a: BlindAction, ask: DecisionRequest | None) -> list[Event]:
    if a.bid is None:
        return []
    at.hand.apply(a)
    return [BidMade(seat, a.bid, at.facts())]


def _apply_bid(at: At, seat: int, a: BidAction, ask: DecisionRequest | None) -> list[Event]:
    hand = at.hand
    bid, bemo = a.bid, a.bemo
    raised = hand.raising
    if raised and hand.raise_proposal is None and _player_settles(at, seat):
        # 001: a side agrees its second-round total; the player has the last word
        hand.apply(ProposeAction(bid))
        return [RaiseProposed(seat, bid, at.facts())]
    hand.apply(a)
    return [BidMade(seat, bid, at.facts(), bemo, raised)]


def _player_settles(at: At, seat: int) -> bool:
    """Whether a computer seat's second-round total goes to its partner, a player, to
    settle (the player takes part in the side's raise) rather than standing alone."""
    return seat not in at.human and (seat + 2) % 4 in at.human


def _apply_discard(at: At, seat: int, a: DiscardAction, ask: DecisionRequest | None) -> list[Event]:
    hand = at.hand
    hand.apply(a)
    seen = a.cards if seat in at.human else 0
    return [Discarded(seat, 2, seen, south=hand.hands[0], facts=at.facts())]


def _apply_ask(at: At, seat: int, a: AskAction, ask: DecisionRequest | None) -> list[Event]:
    """A seat's question for partner (None: it asks nothing), before looking when the
    request was a computer seat's blind question."""
    if a.what is None:
        return []
    at.hand.apply(a)
    return [Asked(seat, a.what, at.facts())]


def _apply_answer(at: At, seat: int, a: AnswerAction, ask: DecisionRequest | None) -> list[Event]:
    hand = at.hand
    what = cast(Question, hand.asking)
    hand.apply(a)
    return [Answered(seat, (seat + 2) % 4, what, a.yes, at.facts())]


def _apply_pass(at: At, seat: int, a: PassAction, ask: DecisionRequest | None) -> list[Event]:
    """Pass cards to partner; in a Double Nil exchange the first pass lies face down until
    partner has passed too (001: "simultaneously"), so seat 0 sees it only then."""
    hand = at.hand
    mask = a.cards
    giver, taker = hand.pass_queue[0]
    revealed = hand.pass_reveals() if giver in at.human else 0
    seen = mask if at.human & set(hand.pass_seen_by()) else 0
    hand.apply(a)
    return [
        CardsPassed(
            giver, taker, mask.bit_count(), seen, hand.hands[0], ask=a.ask, revealed=revealed
        )
    ]


def _apply_play(at: At, seat: int, a: PlayAction, ask: DecisionRequest | None) -> list[Event]:
    hand = at.hand
    card = a.card
    trick_no = len(hand.trick_winners)
    index = len(hand.trick)
    leader = hand.leader
    broken = hand.spades_broken
    hand.apply(a)
    out: list[Event] = [CardPlayed(seat, card, trick_no, index, hand.spades_broken and not broken)]
    if not hand.trick:
        cards = tuple(hand.plays[-4:])
        out.append(TrickWon(hand.trick_winners[-1], leader, cards, trick_no))
    return out


A = TypeVar("A", contravariant=True)

# How one type of action is applied: (where, seat, the action, the request it answers).
Applier = Callable[[At, int, A, DecisionRequest | None], list[Event]]

# One applier a type of action (a claim's cards answer no request: None).
_APPLIERS: dict[type, Applier[Never]] = {
    MisdealCall: _apply_misdeal,
    BlindAction: _apply_blind,
    BidAction: _apply_bid,
    DiscardAction: _apply_discard,
    AskAction: _apply_ask,
    AnswerAction: _apply_answer,
    PassAction: _apply_pass,
    PlayAction: _apply_play,
}
