"""The coach's jobs, run on its own worker off the window's thread: the claim check on the
player's turn to play, hints, the hand review's analysis, the player's hands kept and weighed,
a deal played again; each answer back as a CoachAnswer to its one reply."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ..ai import Decision, seat_view
from ..coach.review import COACH_SEED, analyse, explain_job, ruff_seats
from ..engine.actions import Action, PlayAction
from .decisions import HINTED, Request
from .duplicate import TableFrom, play_deal_job
from .events import Analysed, ClaimOffer, DealPlayed, HintReady, Notice
from .intents import Analyse, Hint, PlayDeal, StopAnalysis
from .shared import Shared
from .worker import Worker, WorkerMode

log = logging.getLogger(__name__)

# What a coach job is for; each kind has its one reply (_REPLIES).
CoachJobKind = Literal["claim", "hint", "review", "keep", "keep_point", "deal"]


@dataclass(frozen=True)
class CoachAnswer:
    """A coach job's result (or its failure), from the coach's worker."""

    job: int
    result: Any
    error: BaseException | None


class CoachJobs(Shared):
    """The coach's worker and the jobs on it; Controller.__init__ sets its state."""

    _coach: Worker | None
    _coach_mode: WorkerMode
    _jobs: dict[int, tuple[CoachJobKind, Any]]  # coach job id -> (what, request id or ref)
    _hint_for: int | None  # the request a hint was asked for
    _hint_level: str
    _deal_table: TableFrom  # the table a deal is played again at: Controller.from_record

    def coach(self) -> Worker:
        """The worker for hints, claim checks and hand reviews (started on first use)."""
        if self._coach is None:
            self._coach = Worker(self._coach_mode)
        return self._coach

    def _coach_job(
        self, what: CoachJobKind, key: Any, fn: Callable[..., Any], args: tuple[Any, ...]
    ) -> None:
        """Run a coach job off this thread; its answer comes back as a CoachAnswer."""
        control = self._control

        def sink(jid: int, result: Any, error: BaseException | None) -> None:
            control.put(CoachAnswer(jid, result, error))
            self._wake_ui()

        # An inline worker answers inside submit(), but only onto the queue: the answer is
        # handled by a later pump, after the job is registered here.
        jid = self.coach().submit(fn, args, sink)
        self._jobs[jid] = (what, key)

    def _on_coach_answer(self, msg: CoachAnswer) -> None:
        job = self._jobs.pop(msg.job, None)
        if job is None:
            return  # forgotten: its decision or its review is gone
        what, key = job
        try:
            _REPLIES[what](self, key, msg.result, msg.error)
        except Exception as e:
            # a background job's answer never harms the table: it is logged and taken as
            # the job's failure (the keeper sets its own hands aside)
            log.exception("taking the coach's answer to a %s job failed", what)
            if msg.error is None and what not in ("keep", "keep_point"):
                _REPLIES[what](self, key, None, e)

    def _cancel_coach(self, whats: tuple[CoachJobKind, ...] = ("hint", "claim")) -> None:
        """Forget the coach's questions of these kinds (a decision, or a review, is gone)."""
        gone = {jid for jid, (what, _) in self._jobs.items() if what in whats}
        running = {jid for jid in gone if self._jobs[jid][0] != "claim"}
        if running and self._coach is not None:
            self._coach.cancel(running)
        for jid in gone:
            del self._jobs[jid]
        if "hint" in whats:
            self._hint_for = None

    def _current(self, rid: int) -> Request | None:
        """The player's request, if it is still the one `rid` names."""
        req = self.request
        return req if req is not None and req.id == rid and req.human else None

    def _on_claim_checked(self, rid: int, result: Any, error: BaseException | None) -> None:
        req = self._current(rid)
        if req is not None and error is None and result:
            self._emit(ClaimOffer(rid, req.seat, 13 - len(self._hand.trick_winners)))

    def _on_hint_ready(self, rid: int, result: Any, error: BaseException | None) -> None:
        req = self._current(rid)
        if req is None or self._hint_for != rid:
            return
        if error is not None or result is None:
            log.error("the hint failed: %s", error)
            self._hint_for = None
            self._emit(
                Notice("No hint this time: the coach could not work it out", {"coach": "hint"})
            )
            return
        d: Decision[Action] = result
        played = d.action
        ruffers = (
            ruff_seats(seat_view(self.game, req.seat), played.card)
            if isinstance(played, PlayAction)
            else ()
        )
        self._emit(
            HintReady(
                rid,
                req.seat,
                d.action,
                d.reason,
                self._hint_level,
                tuple(d.candidates),
                ruffers=ruffers,
            )
        )

    def _on_hint(self, intent: Hint) -> None:
        req = self.request
        level = intent.level or self.coach_level
        if req is None or not req.human or not isinstance(req.ask, HINTED) or self.hidden:
            self._refuse(
                type(intent), "hints are for your bids, passes and cards, on your turn", level
            )
            return
        if self._hint_for == req.id:
            return  # already on its way
        self._hint_for = req.id
        self._hint_level = level
        view = seat_view(self.game, req.seat)
        args = (level, COACH_SEED, self.coach_think_ms, view)
        self._coach_job("hint", req.id, explain_job, args)

    def _on_analyse(self, intent: Analyse) -> None:
        args = (intent.record, intent.point, intent.level, COACH_SEED, intent.think_ms)
        self._coach_job("review", (intent.ref, intent.point), analyse, args)

    def _on_stop_analysis(self, intent: StopAnalysis) -> None:
        self._cancel_coach(("review",))

    def _on_analysed(self, key: Any, result: Any, error: BaseException | None) -> None:
        ref, point = key
        self._emit(Analysed(ref, point, result if error is None else None, error is not None))

    def _on_kept(self, key: Any, result: Any, error: BaseException | None) -> None:
        problem = self.keeper.on_kept(key, result, error)
        if problem:
            self._emit(Notice(problem, {"coach": "records"}))

    def _on_kept_point(self, key: Any, result: Any, error: BaseException | None) -> None:
        self.keeper.on_point(key, result, error)

    def _on_play_deal(self, intent: PlayDeal) -> None:
        args = (intent.deal, intent.level, intent.think_ms, self._deal_table)
        self._coach_job("deal", intent.ref, play_deal_job, args)

    def _on_deal_played(self, ref: Any, result: Any, error: BaseException | None) -> None:
        if error is not None:
            log.error("playing the deal again failed: %s", error)
        ok = error is None and result is not None
        self._emit(DealPlayed(ref, result if ok else None, not ok))


# One reply a kind of coach job: (its key, its result, its error).
_REPLIES: dict[CoachJobKind, Callable[[CoachJobs, Any, Any, BaseException | None], None]] = {
    "claim": CoachJobs._on_claim_checked,
    "hint": CoachJobs._on_hint_ready,
    "review": CoachJobs._on_analysed,
    "keep": CoachJobs._on_kept,
    "keep_point": CoachJobs._on_kept_point,
    "deal": CoachJobs._on_deal_played,
}
