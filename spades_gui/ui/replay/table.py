"""The table a deal is played again at: the real table, except that nothing it does is saved
or counted, its end opens the comparison, and Escape goes back to the review."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...controller.events import HandScored, MisdealCalled
from ..table import TableScene
from ..table.input import TableInput

if TYPE_CHECKING:
    from ..window import App
    from .session import ReplaySession

COMPARE = "Compare the tries"
BACK = "Back  (Esc)"


class ReplayInput(TableInput):
    """The table's input; the summary's Continue opens the comparison."""

    scene: ReplayTable

    def build(self) -> None:
        """The table's buttons, with the summary's and the corner's words for a replay."""
        super().build()
        for b in self.active_buttons() + self.corner:
            if b.name == "continue":
                b.text = COMPARE
            elif b.name == "menu":
                b.text = BACK

    def next_hand(self) -> None:
        """The hand is over: compare it with the first try and Hard's."""
        if self.scene.try_facts is not None:
            self.scene.compare()


class ReplayTable(TableScene):
    """One deal played again: saved nowhere, counted nowhere."""

    counts = False  # not a hand of the player's games: no statistics, no records

    def __init__(self, app: App, session: ReplaySession) -> None:
        super().__init__(app, session.controller(), session.prefs)
        self.session = session
        self.input = ReplayInput(self)
        self.try_facts: HandScored | None = None
        self.thrown_in = False

    def update(self, dt: float) -> bool:
        """The table's frame, and Hard's result taken from the review's coach as it comes."""
        self.session.poll()
        return super().update(dt)

    def pump(self) -> None:
        """The table's events; the hand's score is this try (a misdeal ends it unscored)."""
        while not self.anim.busy and self.events.waiting is None and not self.thrown_in:
            events = self.ctl.pump(limit=1)
            if not events:
                return
            e = events[0]
            if isinstance(e, HandScored) and self.try_facts is None:
                self.try_facts = e
            self.events.play(e)
            if isinstance(e, MisdealCalled):
                self.thrown_in = True
                self.anim.wait(1.2, then=lambda: self._done(None))

    def compare(self) -> None:
        """The try is over: the comparison."""
        e = self.try_facts
        self._done(e.facts if e is not None else None)

    def _done(self, facts: object) -> None:
        self.ctl.close(save=False)
        self.session.finished(facts)  # type: ignore[arg-type]

    def book_game_over(self) -> None:
        """A replayed hand never counts in the statistics nor touches the saved game."""

    def close(self) -> None:
        """Stop the controller; nothing is saved."""
        self.ctl.close(save=False)

    def to_menu(self) -> None:
        """Escape: stop playing the deal again, back to the review."""
        self.close()
        self.session.leave()

    def rematch(self) -> None:
        """The game-over panel's new game: the same deal once more."""
        self.close()
        self.session.play()
