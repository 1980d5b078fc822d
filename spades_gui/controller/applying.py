"""The seats' decisions applied: each type of action changes the game through the engine and
is reported as its event, one applier a type."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, cast

from ..engine import IllegalAction
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
from .events import (
    Answered,
    Asked,
    BidMade,
    CardPlayed,
    CardsPassed,
    Discarded,
    Illegal,
    MisdealCalled,
    RaiseProposed,
    TrickWon,
)
from .shared import Shared

log = logging.getLogger(__name__)


class Applying(Shared):
    """Applies a seat's action to the hand and reports what happened."""

    def _apply(self, seat: int, action: Action, ask: DecisionRequest | None = None) -> None:
        """Change the game through the engine and report what happened (`ask`: the request
        the action answers; None for a claim's cards)."""
        self._progress.note(seat, action, ask)
        try:
            _APPLIERS[type(action)](self, seat, action, ask)
        except IllegalAction as e:  # only reachable if a validated action raced the state
            kind = ask.kind if ask is not None else "play"
            log.error("seat %d %s %r refused by the engine: %s", seat, kind, action, e)
            self._emit(Illegal(seat, type(action), str(e), action))

    def _apply_misdeal(self, seat: int, a: MisdealCall, ask: DecisionRequest | None) -> None:
        hand = self._hand
        if a.call:
            reasons = tuple(hand.misdeal_reasons(seat))
            hand.apply(a, seat)
            self._emit(MisdealCalled(seat, reasons))
            self._save()

    def _apply_blind(self, seat: int, a: BlindAction, ask: DecisionRequest | None) -> None:
        if a.bid is not None:
            self._hand.apply(a)
            if seat == 0:
                self.hidden = False
            self._emit(BidMade(seat, a.bid, self._facts()))
            self._save()

    def _apply_bid(self, seat: int, a: BidAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        if seat == 0:
            self.hidden = False  # a bid made for the player (a shared blind one) shows
        bid, bemo = a.bid, a.bemo
        raised = hand.raising
        if raised and hand.raise_proposal is None and self._player_settles(seat):
            # 001: a side agrees its second-round total; the player has the last word
            hand.apply(ProposeAction(bid))
            self._emit(RaiseProposed(seat, bid, self._facts()))
            self._save()
            return
        hand.apply(a)
        self._emit(BidMade(seat, bid, self._facts(), bemo, raised))
        self._save()

    def _player_settles(self, seat: int) -> bool:
        """Whether a computer seat's second-round total goes to its partner, a player, to
        settle (the player takes part in the side's raise) rather than standing alone."""
        return seat not in self.human and (seat + 2) % 4 in self.human

    def _apply_discard(self, seat: int, a: DiscardAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        hand.apply(a)
        cards = a.cards
        seen = cards if seat in self.human else 0
        self._emit(Discarded(seat, 2, seen, south=hand.hands[0], facts=self._facts()))
        self._save()

    def _apply_ask(self, seat: int, a: AskAction, ask: DecisionRequest | None) -> None:
        """A seat's question for partner (None: it asks nothing), before looking when the
        request was a computer seat's blind question."""
        if a.what is not None:
            self._hand.apply(a)
            self._emit(Asked(seat, a.what, self._facts()))
            self._save()

    def _apply_answer(self, seat: int, a: AnswerAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        what = cast(Question, hand.asking)
        hand.apply(a)
        self._emit(Answered(seat, (seat + 2) % 4, what, a.yes, self._facts()))
        self._save()

    def _apply_pass(self, seat: int, a: PassAction, ask: DecisionRequest | None) -> None:
        """Pass cards to partner; in a Double Nil exchange the first pass lies face down until
        partner has passed too (001: "simultaneously"), so seat 0 sees it only then."""
        hand = self._hand
        mask = a.cards
        giver, taker = hand.pass_queue[0]
        revealed = hand.pass_reveals() if giver in self.human else 0
        seen = mask if self.human & set(hand.pass_seen_by()) else 0
        hand.apply(a)
        self._emit(
            CardsPassed(
                giver, taker, mask.bit_count(), seen, hand.hands[0], ask=a.ask, revealed=revealed
            )
        )
        self._save()

    def _apply_play(self, seat: int, a: PlayAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        card = a.card
        trick_no = len(hand.trick_winners)
        index = len(hand.trick)
        leader = hand.leader
        broken = hand.spades_broken
        hand.apply(a)
        self._emit(CardPlayed(seat, card, trick_no, index, hand.spades_broken and not broken))
        if not hand.trick:
            cards = tuple(hand.plays[-4:])
            self._emit(TrickWon(hand.trick_winners[-1], leader, cards, trick_no))
        self._save()


# (seat, action, the request it answers: None for a claim's cards), one row a type of action
_APPLIERS: dict[type, Callable[[Applying, int, Any, DecisionRequest | None], None]] = {
    MisdealCall: Applying._apply_misdeal,
    BlindAction: Applying._apply_blind,
    BidAction: Applying._apply_bid,
    DiscardAction: Applying._apply_discard,
    AskAction: Applying._apply_ask,
    AnswerAction: Applying._apply_answer,
    PassAction: Applying._apply_pass,
    PlayAction: Applying._apply_play,
}
