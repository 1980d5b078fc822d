"""One deal played again: the deal, the tries so far, Hard's play of it in the player's seat
(worked out by the coach of the controller the review came from, off the window's thread),
and the way back to the review."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...controller import Controller, DealPlayed, PlayDeal
from ...controller.duplicate import DealAgain, deal_record, played_facts
from ...controller.events import HandFacts
from ...engine import Rules
from ...engine.presets import resolve
from .compare import CompareScene
from .table import ReplayTable

if TYPE_CHECKING:
    from ..review import ReviewScene
    from ..window import App

_refs = itertools.count(1)


class ReplaySession:
    """A finished hand's deal, played again as often as the player likes."""

    def __init__(
        self,
        app: App,
        deal: DealAgain,
        hand_no: int,
        first: HandFacts | None,
        coach: Controller,
        back: Callable[[], None],
        level: str = "hard",
        think_ms: int | None = None,
        prefs: Any = None,
    ) -> None:
        self.app = app
        self.deal = deal
        self.hand_no = hand_no
        self.first = first  # the hand as it was first played (None: a deal never played)
        self.rules: Rules = resolve(deal.rules)
        self.scores_before = self.deal.scores
        self.tries: list[HandFacts | None] = []  # the tries played again (None: thrown in)
        self.coach = coach  # its worker plays the deal for Hard
        self.back_fn = back
        self.names = list(deal.names)
        self.level = level
        self.think_ms = think_ms
        self.prefs = prefs
        self.hard: HandFacts | None = None
        self.hard_failed = False
        self.ref = next(_refs)
        coach.send(PlayDeal(self.deal, level, think_ms, self.ref))
        coach.pump_control()

    def poll(self) -> bool:
        """Take Hard's result if the coach has it; whether it came now."""
        self.coach.pump_control()
        got = False
        for e in self.coach.take(DealPlayed):
            if isinstance(e, DealPlayed) and e.ref == self.ref:
                self.hard, self.hard_failed, got = e.facts, e.failed, True
        return got

    def waiting(self) -> bool:
        """Whether Hard's play of the deal is still being worked out."""
        return self.hard is None and not self.hard_failed

    def controller(self) -> Controller:
        """A controller at the deal's first decision: the same seats and seed, nothing saved."""
        return Controller.from_record(
            self.deal.record(),
            save_fn=None,
            executor=self.coach.executor,
            coach_level=self.coach.coach_level,
            coach_think_ms=self.coach.coach_think_ms,
        )

    def play(self) -> None:
        """Play the deal (again) at a table."""
        self.app.switch(ReplayTable(self.app, self))

    def finished(self, facts: HandFacts | None) -> None:
        """A try is over: keep it and show the comparison."""
        self.tries.append(facts)
        self.app.switch(CompareScene(self.app, self))

    def leave(self) -> None:
        """Back to the review the deal was played again from."""
        self.back_fn()


def play_again(review: ReviewScene) -> None:
    """From the hand review: play the hand on screen again, the same cards in every seat."""
    settings = review.app.services.settings
    seats: tuple[str | None, ...] | None = None
    meta = review.record.get("table")
    if not (isinstance(meta, dict) and meta.get("seats")) and settings is not None:
        seats = (None, *settings.computer_levels())
    elif isinstance(meta, dict) and isinstance(meta.get("seats"), list):
        seats = (None, *meta["seats"][1:])  # the player sits South, whoever played it first
    index = review.hand_index
    deal = replace(deal_record(review.record, index, seats), names=tuple(review.names))
    session = ReplaySession(
        review.app,
        deal,
        index + 1,
        played_facts(review.record, index),
        review.ctl,
        back=lambda: review.app.switch(review),
        level=review.level,
        think_ms=review.think_ms,
        prefs=review.prefs,
    )
    session.play()
