"""The hand's turns: the game advanced to its next decision (dealing, scoring, finishing on the
way), the seat asked (the player by a Turn event, a computer seat on a worker), and the
answers applied: the seats', and the player's checked against what was asked."""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..ai import seat_view
from ..coach.claim_playout import claim_check_job, claim_plays
from ..engine.actions import (
    Action,
    BlindRequest,
    ContinueRequest,
    DecisionRequest,
    PlayAction,
    PlayRequest,
)
from ..engine.claim import claim_obstacle
from ..engine.sequence import Progress, asked_blind, next_request
from .applying import Applying
from .coach_jobs import CoachJobs
from .decisions import ANSWERS, CHECKS, Request
from .events import CardsShown, Claimed, GameOver, HandDealt, HandScored, Notice, Turn, hand_facts
from .intents import Claim, Intent, NextHand, ShowCards
from .worker import Worker, decide, decide_job

log = logging.getLogger(__name__)

# A seat's question unanswered this long by the worker process is asked again on a thread
# (a search stops itself well within a second or two; under Wine an answer was seen never to come).
SEAT_PATIENCE_S = 15.0


@dataclass(frozen=True)
class SeatAnswer:
    """A seat's decision (or its failure) for the request `request`, from its worker."""

    request: int
    action: Action | None
    error: BaseException | None


class Turns(Applying, CoachJobs):
    """Asks each seat in turn and applies its answer; Controller.__init__ sets its state."""

    policies: dict[int, Any]
    ai_timeout_s: float
    _levels: dict[int, tuple[str | None, int]]  # seats a worker process rebuilds: (level, seed)
    _seat_worker: Worker
    _local_worker: Worker
    _ids: itertools.count[int]
    _fallback_rng: random.Random
    _over_sent: bool
    _need_continue: bool
    _unscored: int | None  # the hand last scored here: undo may unscore it

    def _blind_possible(self, seat: int) -> bool:
        """Whether a blind bid may still become legal for this seat in the current hand."""
        hand = self.game.hand
        return hand is not None and hand.blind_possible(seat)

    def _advance(self) -> None:
        """Ask for the next decision (or deal, score, finish) until something must wait."""
        while self.request is None and not self._closed:
            g = self.game
            if g.over:
                if not self._over_sent:
                    self._over_sent = True
                    assert g.winner is not None and g.end_reason is not None
                    self._emit(GameOver(g.winner, g.end_reason, (g.scores[0], g.scores[1])))
                return
            hand = g.hand
            if hand is None or (hand.done and len(g.results) == len(g.hands)):
                if self._need_continue:
                    self._ask(0, ContinueRequest())
                    return
                self._deal()
                continue
            if hand.done:
                self._finish()
                continue
            step = next_request(hand, self._progress, self.human)
            if step.auto is not None:  # a blind contract shared: not a decision
                self._apply(step.seat, step.auto)
                continue
            assert step.request is not None
            if step.seat == 0 and self.hidden and not asked_blind(step.request):
                self._reveal()  # the player looks to decide: a blind bid is gone
            self._ask(step.seat, step.request)
            return

    def _deal(self) -> None:
        g = self.game
        rng = random.Random(f"spades:{self.seed}:{len(g.hands)}")
        hand = g.deal(rng)
        self.hidden = 0 in self.human and self._blind_possible(0)
        # A player who sees the cards at once has had no blind question to answer.
        self._progress = Progress(blind_asked={0} if 0 in self.human and not self.hidden else set())
        self._emit(
            HandDealt(
                len(g.hands),
                hand.dealer,
                self.hidden,
                south=hand.hands[0],
                facts=hand_facts(hand, len(g.hands)),
                counts=tuple(m.bit_count() for m in hand.hands),
                extra=hand.extra if hand.taker in self.human else 0,
            )
        )
        self._save()

    def _finish(self) -> None:
        g = self.game
        self._unscored = len(g.hands)  # an undo after the last card takes the scoring back
        result = g.finish_hand(self.elapsed())
        if result is not None:
            facts = hand_facts(g.hands[-1], len(g.hands), result)
            self._emit(HandScored(len(g.hands), result, facts=facts))
            self._need_continue = bool(self.human) and not self.auto_continue and not g.over
            self.keeper.hand_done(len(g.hands) - 1)
        self._save()

    def _reveal(self) -> None:
        self.hidden = False
        self._progress.blind_asked.add(0)
        self._emit(CardsShown(0))

    def _ask(self, seat: int, ask: DecisionRequest) -> None:
        """Ask a seat for a decision: the human through a Turn event, an AI through a job."""
        human = seat in self.human or isinstance(ask, ContinueRequest)
        req = Request(next(self._ids), seat, human, ask, self._clock())
        self.request = req
        self._emit(Turn(seat, human, ask))
        if human:
            if isinstance(ask, PlayRequest) and self.game.hand is not None:
                self._coach_job("claim", req.id, claim_check_job, (self.game.hand.copy(), seat))
            return
        view = seat_view(self.game, seat, hide_hand=asked_blind(ask))
        stop = req.stop
        inbox = self._inbox
        args: tuple[Any, ...]
        fn: Callable[..., Any]
        if seat in self._levels:
            level, seed = self._levels[seat]
            worker, fn, args = self._seat_worker, decide_job, (level, seed, ask, view)
        else:
            worker, fn, args = self._local_worker, decide, (self.policies[seat], ask, view)

        def answered(_job: int, action: Action | None, error: BaseException | None) -> None:
            req.answered.set()
            inbox.put(SeatAnswer(req.id, action, error))
            self._wake_ui()

        def work() -> None:
            if not stop.is_set():
                worker.submit(fn, args, answered, patience=SEAT_PATIENCE_S)

        req.job = work

    def _submit_pending(self) -> None:
        """Hand the pending AI question to the worker.

        This happens on the next pump, not when the question is asked: the table pumps only
        when its animations are done, so a thinking AI never competes with moving cards for
        the interpreter lock.
        """
        r = self.request
        if r is None or r.job is None:
            return
        job, r.job = r.job, None
        r.started = self._clock()
        job()

    def _check_timeout(self) -> None:
        r = self.request
        if r is None or r.human or r.job is not None or r.answered.is_set():
            return
        if self._clock() - r.started < self.ai_timeout_s:
            return
        r.stop.set()
        self._seat_worker.cancel()
        log.warning("seat %d took too long to %s; playing a legal fallback", r.seat, r.kind)
        self._inbox.put(SeatAnswer(r.id, None, TimeoutError(f"no answer in {self.ai_timeout_s} s")))

    def _on_seat_answer(self, msg: SeatAnswer) -> None:
        req = self.request
        if req is None or req.id != msg.request:
            return  # an answer to a question no longer asked
        hand = self.game.hand
        assert hand is not None
        answers = ANSWERS[type(req.ask)]
        action, error = msg.action, msg.error
        if error is None and (action is None or not answers.valid(req.ask, hand, action)):
            error = ValueError(f"illegal answer {action!r}")
        if error is not None:
            log.error(
                "AI seat %d (%s) failed to %s: %s; playing a legal fallback",
                req.seat,
                self.seats[req.seat],
                req.kind,
                error,
                exc_info=(type(error), error, error.__traceback__),
            )
            action = answers.fallback(req.ask, hand, self._fallback_rng)
            self._emit(
                Notice(
                    f"{self.names[req.seat]} hesitated; a legal move was made",
                    {"seat": req.seat, "kind": req.kind},
                )
            )
        self.request = None
        assert action is not None
        self._apply(req.seat, action, req.ask)
        self._advance()

    def _on_decision(self, intent: Intent) -> None:
        """The player's bid, card, pass, discard, question, answer or misdeal call: checked
        against the decision asked (decisions.CHECKS), then applied."""
        req = self.request
        hand = self.game.hand
        if req is None or not req.human or hand is None:
            self._refuse(type(intent), "it is not your turn", intent)
            return
        checked = CHECKS[type(intent)](req, hand, intent)
        if isinstance(checked, str):
            self._refuse(type(intent), checked, intent)
            return
        self._cancel_coach()
        self.request = None
        self._apply(req.seat, checked, req.ask)
        self._advance()

    def _on_show(self, intent: ShowCards) -> None:
        hand = self.game.hand
        req = self.request
        if not self.hidden:
            return
        if hand is not None and hand.agreed[0].startswith("blind"):
            self._refuse(type(intent), "partner agreed to your blind bid: make it before you look")
            return
        self._reveal()
        if req is not None and isinstance(req.ask, BlindRequest) and req.human:
            self.request = None
            self._advance()

    def _on_next_hand(self, intent: NextHand) -> None:
        req = self.request
        if req is None or not req.human:
            self._refuse(type(intent), "it is not your turn")
            return
        if not isinstance(req.ask, ContinueRequest):
            self._refuse(type(intent), "finish this hand first")
            return
        self._need_continue = False
        self.request = None
        self._advance()

    def _on_claim(self, intent: Claim) -> None:
        req = self.request
        hand = self.game.hand
        if req is None or not req.human or not isinstance(req.ask, PlayRequest) or hand is None:
            self._refuse(type(intent), "you can claim the rest only on your turn to play")
            return
        line = claim_plays(hand, req.seat)
        if line is None:  # the refusal carries what stands in the way, for the table's words
            why = "your cards do not win every remaining trick for sure: play on"
            self._refuse(type(intent), why, claim_obstacle(hand, req.seat))
            return
        self._cancel_coach()
        self.request = None
        self._emit(Claimed(req.seat, 13 - len(hand.trick_winners)))
        for card in line:
            self._apply(hand.turn, PlayAction(card))
        self._advance()
