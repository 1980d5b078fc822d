"""Practice mode's undo: the player's last decision of the hand taken back, with whatever
followed it (the scoring too, when the hand had just ended)."""

from __future__ import annotations

from collections import deque

from ..engine.actions import BidAction
from ..engine.bids import is_blind_bid
from ..engine.sequence import Progress
from .events import Analysed, Exported, Rewound, position_of
from .intents import Undo
from .turns import Turns

KEPT_BY_UNDO = (Analysed, Exported)  # events an undo does not take back with the hand's


class Undoing(Turns):
    """Takes back the player's last decision in practice mode."""

    def can_undo(self) -> bool:
        """Whether undo would take something back now (practice mode, a decision this hand)."""
        return self._practice and not self.game.over and self._undo_point() is not None

    def _undo_point(self) -> int | None:
        """How many of the current hand's actions to keep: those before the human's last."""
        hand = self.game.hand
        if hand is None:
            return None
        for i in range(len(hand.actions) - 1, -1, -1):
            seat, action = hand.actions[i]
            if seat not in self.human:
                continue
            if (
                isinstance(action, BidAction)
                and is_blind_bid(action.bid)
                and hand.bids[(seat + 2) % 4] == action.bid
            ):
                continue  # shared the partner's blind contract: not a decision
            return i
        return None

    def _on_undo(self, intent: Undo) -> None:
        self._urgent = False
        g = self.game
        if not self._practice:
            self._refuse(type(intent), "undo is for practice: turn Practice mode on in Options")
            return
        if g.over:
            self._refuse(type(intent), "the game is over")
            return
        keep = self._undo_point()
        hand = g.hand
        if keep is None or hand is None:
            self._refuse(type(intent), "there is nothing of yours to undo in this hand")
            return
        scored = len(g.results) == len(g.hands)
        if scored and self._unscored != len(g.hands):
            self._refuse(type(intent), "this position cannot be undone")
            return
        r = self.request
        if r is not None and not r.human:
            r.stop.set()
            self._seat_worker.cancel()
        self.request = None
        self._cancel_coach()
        if scored:
            g.unscore()
        total = len(hand.actions)
        while len(hand.actions) > keep:
            hand.pop()
        self.hidden = False
        misdeal_asked = self._progress.misdeal_asked
        self._progress = Progress.resume(hand)
        self._progress.misdeal_asked = misdeal_asked
        self._progress.blind_asked |= self.human
        self._need_continue = False
        self._over_sent = False
        # reports of what was undone (not an export's or the review's)
        self._out = deque(e for e in self._out if isinstance(e, KEPT_BY_UNDO))
        self.undos += 1
        self.practice_hands.add(len(g.hands))
        self._emit(
            Rewound(len(g.hands), total - keep, position=position_of(g, self.hidden, self.human))
        )
        self._save()
        self._advance()
