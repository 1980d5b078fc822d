"""Every hand the player finishes, analysed in the background and kept in their records.

The controller's coach worker does all of it, one small job at a time: a finished hand is
written to the records file (keep_job), then each of the player's decisions is weighed against
Hard's (the review's `analyse`), then the verdicts are written. A decision is only handed to
the worker while no computer seat is thinking, so the analysis waits behind the seats' own
decisions; the file is read and written only in the worker, never on the window's thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..coach.history import HandEntry, Judged, KeepAnswer, judged, keep_job, unjudged
from ..coach.review import COACH_SEED, Point, Verdict, analyse, decision_points
from ..engine.record import load

if TYPE_CHECKING:
    from .coach_jobs import CoachJobKind

log = logging.getLogger(__name__)

LEVEL = "hard"  # what the player's decisions are weighed against

# A coach job handed to the worker: (what, key, fn, args); its answer comes to on_kept or on_point.
Submit = Callable[["CoachJobKind", "JobKey", Callable[..., object], tuple[object, ...]], None]

# A coach job's key, given back with its answer: a request's id, a review's (ref, point), a
# hand kept (its entry), a kept decision's (hand id, point), a deal played again's ref.
JobKey = int | tuple[int, Point] | HandEntry | None | tuple[str, Point]


class HandKeeper:
    """The background analysis of the player's finished hands, on the coach's worker."""

    def __init__(self, submit: Submit, think_ms: int | None, enabled: bool) -> None:
        self._submit = submit  # the coach's job: (what, key, fn, args)
        self.think_ms = think_ms  # the weighing level's thinking time per decision
        self.enabled = enabled
        self.started = False
        self.jobs = 0  # our jobs with the worker
        self.queue: list[HandEntry] = []  # hands to analyse, the first one under way
        self.points: list[Point] = []  # the first hand's decisions still to weigh
        self.done: list[Judged] = []  # ... and those weighed
        self.problem: str | None = None  # the last line about the records file
        self.kept = 0  # hands written with their analysis (tests, tools)

    @property
    def busy(self) -> bool:
        """Whether a hand is being analysed or written."""
        return self.jobs > 0 or bool(self.queue)

    def keep(self, entry: HandEntry) -> None:
        """Keep a finished hand, to be analysed."""
        self.started = True
        self._keep(entry)

    def tick(self, thinking: bool) -> None:
        """Hand the worker the next step, if nothing of ours is with it and no computer seat
        is `thinking`.

        Whatever goes wrong with a hand here is contained: the hand is set aside, marked as
        failed in the records so that no later start tries it again, and the table goes on.
        """
        try:
            self._tick(thinking)
        except Exception:
            log.exception("analysing a kept hand failed: it is set aside")
            try:
                self._set_aside()
            except Exception:
                log.exception("setting a kept hand aside failed")

    def _tick(self, thinking: bool) -> None:
        if not self.enabled or self.jobs:
            return
        if not self.started:
            self.started = True
            self._keep(None)  # hands an earlier session left unanalysed
            return
        if not self.queue:
            return
        if thinking:
            return  # a computer seat's decision goes first
        entry = self.queue[0]
        if not self.points and not self.done:
            self.points = decision_points(load(entry.record), 0, 0)
        if self.points:
            point = self.points[0]
            args = (entry.record, point, LEVEL, COACH_SEED, self.think_ms)
            self._submit("keep_point", (entry.id, point), analyse, args)
            self.jobs += 1  # once handed over: a job that was never given is not waited for
            return
        done = replace(entry, analysed=True, decisions=tuple(self.done))
        self.done = []
        self.queue.pop(0)
        self.kept += 1
        self._keep(done)

    def _set_aside(self) -> None:
        """The hand under way failed: written down as failed, the next one comes."""
        self.points = []
        self.done = []
        if not self.queue:
            return
        entry = self.queue.pop(0)
        self._keep(replace(entry, failed=True))

    def _keep(self, entry: HandEntry | None) -> None:
        self._submit("keep", entry, keep_job, (entry,))
        self.jobs += 1

    def on_kept(
        self, _key: HandEntry | None, result: object, error: BaseException | None
    ) -> str | None:
        """The records file written (or read): the hands left to analyse; a line for the
        player if the file was damaged or could not be written."""
        self.jobs -= 1
        if error is not None or not isinstance(result, KeepAnswer):
            log.error("keeping a hand in the records failed: %s", error)
            return None
        current = self.queue[0].id if self.queue and (self.points or self.done) else None
        fresh = [e for e in result.pending if e.id != current]
        self.queue = self.queue[:1] if current is not None else []
        self.queue += fresh
        new = result.problem if result.problem != self.problem else None
        self.problem = result.problem
        return new

    def on_point(self, key: tuple[str, Point], result: object, error: BaseException | None) -> None:
        """One decision weighed (or its analysis failed: kept unjudged)."""
        self.jobs -= 1
        entry_id, point = key
        if not self.queue or self.queue[0].id != entry_id or not self.points:
            return
        record = self.queue[0].record
        self.points.pop(0)
        try:
            if error is None and isinstance(result, Verdict):
                self.done.append(judged(record, result))
            else:
                log.error("analysing a kept decision failed: %s", error)
                self.done.append(unjudged(record, point))
        except Exception:
            log.exception("a kept decision could not be classified")
