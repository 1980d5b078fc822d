"""The coach's jobs, run on its own worker off the window's thread: the claim check on the
player's turn to play, hints, the hand review's analysis, the player's hands kept and weighed,
a deal played again; each answer back as a CoachAnswer to its one reply."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar, cast

from ..ai import Decision, seat_view
from ..coach.claim_playout import claim_check_job
from ..coach.history import HandEntry, hand_entry
from ..coach.review import COACH_SEED, Point, Verdict, analyse, explain_job, ruff_seats
from ..engine import Game
from ..engine.actions import Action, PlayAction
from ..engine.hand import Hand
from .decisions import HINTED, Request
from .duplicate import TableFrom, play_deal_job
from .events import (
    Analysed,
    ClaimOffer,
    DealPlayed,
    Event,
    HandFacts,
    HintReady,
    Illegal,
    Notice,
)
from .intents import Analyse, Hint, PlayDeal, StopAnalysis
from .keeper import HandKeeper, JobKey
from .worker import Worker, WorkerMode

if TYPE_CHECKING:
    from typing_extensions import Never

    from .flow import TableFlow

log = logging.getLogger(__name__)

# What a coach job is for; each kind has its one reply (_REPLIES).
CoachJobKind = Literal["claim", "hint", "review", "keep", "keep_point", "deal"]


@dataclass(frozen=True)
class CoachAnswer:
    """A coach job's result (or its failure), from the coach's worker."""

    job: int
    result: object  # what the job gave: each reply checks it is what it asked for
    error: BaseException | None


class CoachJobs:
    """The coach's worker and the jobs on it, with the hands kept (keeper.py); it reads the
    table (its flow) and changes nothing of it, its answers reported as events (`emit`)."""

    def __init__(
        self,
        table: TableFlow,
        mode: WorkerMode,
        *,
        post: Callable[[CoachAnswer], None],
        emit: Callable[[Event], None],
        wake: Callable[[], None],
        deal_table: TableFrom,
        level: str,
        think_ms: int | None,
        keep: bool,
    ) -> None:
        self._table = table
        self._coach_mode = mode
        self._post = post  # the answers go there, to be handled on the table's thread
        self._emit = emit
        self._wake_ui = wake
        self._deal_table = deal_table  # the table a deal is played again at: from_record
        self.coach_level = level  # the hints' level unless a hint names one
        self.coach_think_ms = think_ms
        self._coach: Worker | None = None
        self._jobs: dict[
            int, tuple[CoachJobKind, JobKey]
        ] = {}  # job id -> (what, request id or ref)
        self._hint_for: int | None = None  # the request a hint was asked for
        self._hint_level = level
        # The player's finished hands analysed in the background (in the game: a process).
        self.keeper = HandKeeper(self._coach_job, think_ms, keep)

    @property
    def game(self) -> Game:
        """The table's game."""
        return self._table.game

    @property
    def request(self) -> Request | None:
        """The decision the table waits for."""
        return self._table.request

    @property
    def hidden(self) -> bool:
        """Whether the player's cards are face down."""
        return self._table.hidden

    @property
    def _hand(self) -> Hand:
        hand = self.game.hand
        assert hand is not None
        return hand

    def _refuse(self, refused: type, reason: str, value: object = None) -> None:
        self._emit(Illegal(0, refused, reason, value))

    def close(self) -> None:
        """Stop the coach's worker, if it started."""
        if self._coach is not None:
            self._coach.close()

    def check_claim(self, req: Request) -> None:
        """On the player's turn to play: whether a claim of the rest is sure (ClaimOffer)."""
        self._coach_job("claim", req.id, claim_check_job, (self._hand.copy(), req.seat))

    def hand_done(self, index: int) -> None:
        """A hand (0-based) of the game was scored: kept, to be weighed, if the keeper keeps."""
        if not self.keeper.enabled:
            return
        t = self._table
        entry = hand_entry(
            t.game,
            index,
            game_key=f"{t.seed:x}",
            levels=t.seats[1:],
            practice=t.practice,
            undone=index + 1 in t.practice_hands,
            rev=t.undos,
            names=t.names,
        )
        if entry is not None:
            self.keeper.keep(entry)

    def coach(self) -> Worker:
        """The worker for hints, claim checks and hand reviews (started on first use)."""
        if self._coach is None:
            self._coach = Worker(self._coach_mode)
        return self._coach

    def _coach_job(
        self, what: CoachJobKind, key: JobKey, fn: Callable[..., object], args: tuple[object, ...]
    ) -> None:
        """Run a coach job off this thread; its answer comes back as a CoachAnswer."""
        post = self._post

        def sink(jid: int, result: object, error: BaseException | None) -> None:
            post(CoachAnswer(jid, result, error))
            self._wake_ui()

        # An inline worker answers inside submit(), but only onto the queue: the answer is
        # handled by a later pump, after the job is registered here.
        jid = self.coach().submit(fn, args, sink)
        self._jobs[jid] = (what, key)

    def on_answer(self, msg: CoachAnswer) -> None:
        """A job's answer (or failure) to its one reply."""
        job = self._jobs.pop(msg.job, None)
        if job is None:
            return  # forgotten: its decision or its review is gone
        what, key = job
        try:
            _reply(what)(self, key, msg.result, msg.error)
        except Exception as e:
            # a background job's answer never harms the table: it is logged and taken as
            # the job's failure (the keeper sets its own hands aside)
            log.exception("taking the coach's answer to a %s job failed", what)
            if msg.error is None and what not in ("keep", "keep_point"):
                _reply(what)(self, key, None, e)

    def cancel(self, whats: tuple[CoachJobKind, ...] = ("hint", "claim")) -> None:
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

    def _on_claim_checked(self, rid: int, result: object, error: BaseException | None) -> None:
        req = self._current(rid)
        if req is not None and error is None and result:
            self._emit(ClaimOffer(rid, req.seat, 13 - len(self._hand.trick_winners)))

    def _on_hint_ready(self, rid: int, result: object, error: BaseException | None) -> None:
        req = self._current(rid)
        if req is None or self._hint_for != rid:
            return
        if error is not None or not isinstance(result, Decision):
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

    def on_hint(self, intent: Hint) -> None:
        """A hint asked for the player's decision now (HintReady)."""
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

    def on_analyse(self, intent: Analyse) -> None:
        """One decision of a record weighed for the hand review (Analysed)."""
        args = (intent.record, intent.point, intent.level, COACH_SEED, intent.think_ms)
        self._coach_job("review", (intent.ref, intent.point), analyse, args)

    def on_stop_analysis(self, intent: StopAnalysis) -> None:
        """The hand review's questions still open forgotten."""
        self.cancel(("review",))

    def _on_analysed(
        self, key: tuple[int, Point], result: object, error: BaseException | None
    ) -> None:
        ref, point = key
        verdict = result if error is None and isinstance(result, Verdict) else None
        self._emit(Analysed(ref, point, verdict, error is not None))

    def _on_kept(self, key: HandEntry | None, result: object, error: BaseException | None) -> None:
        problem = self.keeper.on_kept(key, result, error)
        if problem:
            self._emit(Notice(problem, {"coach": "records"}))

    def _on_kept_point(
        self, key: tuple[str, Point], result: object, error: BaseException | None
    ) -> None:
        self.keeper.on_point(key, result, error)

    def on_play_deal(self, intent: PlayDeal) -> None:
        """A deal played again through with a level in the player's seat (DealPlayed)."""
        args = (intent.deal, intent.level, intent.think_ms, self._deal_table)
        self._coach_job("deal", intent.ref, play_deal_job, args)

    def _on_deal_played(self, ref: int, result: object, error: BaseException | None) -> None:
        if error is not None:
            log.error("playing the deal again failed: %s", error)
        facts = result if error is None and isinstance(result, HandFacts) else None
        self._emit(DealPlayed(ref, facts, facts is None))


# One reply a kind of coach job: (its key, its result, its error).
K = TypeVar("K", contravariant=True)

# One reply a kind of coach job: (its key, its result, its error).
Reply = Callable[[CoachJobs, K, object, BaseException | None], None]
_REPLIES: dict[CoachJobKind, Reply[Never]] = {
    "claim": CoachJobs._on_claim_checked,
    "hint": CoachJobs._on_hint_ready,
    "review": CoachJobs._on_analysed,
    "keep": CoachJobs._on_kept,
    "keep_point": CoachJobs._on_kept_point,
    "deal": CoachJobs._on_deal_played,
}


def _reply(what: CoachJobKind) -> Reply[JobKey]:
    """The reply to a kind of job, given the key its job was submitted with."""
    return cast("Reply[JobKey]", _REPLIES[what])  # each kind's key is the one its reply takes
