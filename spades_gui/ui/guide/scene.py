"""The guided hand's table: the real table with a guide. Each moment's lesson comes as the
hand reaches it (a box in the middle that holds the table until it is read, or one beside the
trick); before a bid or a card goes, Hard's choice for it (a hint, worked out off the window's
thread) judges it, and a poor one is held back with Hard's reason until the player chooses
again or keeps it. Nothing is saved or counted; Skip or Escape leaves at any moment, once the
player says so (the hand would be lost)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

import pygame

from ...ai.decision import action_words
from ...coach.nudge import judge
from ...controller import Controller
from ...controller.events import (
    BidMade,
    CardPlayed,
    HandScored,
    HintReady,
    Notice,
    Turn,
)
from ...controller.intents import Bid, Hint, Intent, Play
from ...engine.actions import BidAction, BidRequest, PlayAction, PlayRequest
from ...engine.bids import NIL
from ...engine.cards import SPADES, SUIT_NAMES
from ...engine.scoring import HandResult
from ..practice_words import (
    BIDDING,
    FIRST_TRICK,
    FOLLOW,
    LEAD,
    WAITING,
    WELCOME,
    Lesson,
    broken_lesson,
    cover_lesson,
    nil_lesson,
    nudge_lesson,
    score_lesson,
    trump_lesson,
)
from ..table import TableScene
from ..table.event_player import EventPlayer
from ..table.input import ARROWS, CONFIRM, TableInput
from .panels import Place, guide_panel, leave_panel

if TYPE_CHECKING:
    from ..window import App

SKIP = "Skip guide  (Esc)"


class Box(Enum):
    """What a guide box is."""

    LESSON = "lesson"
    NUDGE = "nudge"  # the coach's word on a poor choice
    WAIT = "wait"  # the coach is working out its choice
    END = "end"  # the guide's last word


@dataclass(frozen=True)
class GuideBox:
    """What the guide shows now: a lesson, the coach's nudge, its wait, or the last word."""

    key: str
    lesson: Lesson
    place: Place
    kind: Box = Box.LESSON
    turn: int | None = None  # the player's decision a lesson beside the trick is about


class GuidedEvents(EventPlayer):
    """The table's events, each followed by the guide's lesson for it."""

    scene: GuidedTable

    def on_BidMade(self, e: BidMade) -> None:
        super().on_BidMade(e)
        partner = (e.seat + 2) % 4
        if e.bid == NIL and e.seat == 2:
            r = self.view.rules
            name = self.view.names[e.seat]
            self.scene.teach("nil", nil_lesson(name, r.nil_bonus, r.nil_penalty), "center")
        elif e.bid == NIL and partner != 0 and e.seat != 0:
            pass  # the other side's nil: the guided deal has none

    def on_Turn(self, e: Turn) -> None:
        super().on_Turn(e)
        if e.human:
            self.scene.turn(e)

    def on_CardPlayed(self, e: CardPlayed) -> None:
        super().on_CardPlayed(e)
        if e.broke_spades:
            who = "You" if e.seat == 0 else self.view.names[e.seat]
            self.scene.teach("broken", broken_lesson(who), "side")

    def on_HandScored(self, e: HandScored) -> None:
        super().on_HandScored(e)
        self.scene.scored = e.result

    def on_HintReady(self, e: HintReady) -> None:
        asked = self.view.hint_wait  # the player pressed H: show it as the table does
        self.scene.hint_came(e)
        if asked:
            super().on_HintReady(e)

    def on_Notice(self, e: Notice) -> None:
        super().on_Notice(e)
        if e.details.get("coach") == "hint":
            self.scene.hint_failed()


class GuidedInput(TableInput):
    """The table's input; a bid or card goes through the coach's judgement first."""

    scene: GuidedTable

    def build(self) -> None:
        """The table's buttons and panels, the guide's box with them (alone, in the middle)."""
        super().build()
        for b in self.corner:
            if b.name == "menu":
                b.text = SKIP
        if self.scene.leaving:  # the question alone, over the guide's box and the table
            self.panels = [leave_panel(self.scene.L, self.scene.leave, self.scene.stay)]
            self.view.focus_button = -1
            self._focus_default_button()
            return
        panel = self.scene.guide_panel()
        if panel is None:
            return
        if panel.modal:
            self.panels = [panel]
        else:
            self.panels.append(panel)

    def _key(self, event: pygame.event.Event) -> None:
        """While "Leave the guided hand?" is asked: Escape stays, the arrows and Enter choose;
        no other key reaches the table under it."""
        if not self.scene.leaving:
            super()._key(event)
        elif event.key == pygame.K_ESCAPE:
            self.scene.stay()
        elif event.key in ARROWS or event.key in CONFIRM:
            super()._key(event)

    def _send_once(self, intent: Intent) -> None:
        if self.view.sent:
            return
        if self.scene.check(intent):
            self.scene.sent()
            super()._send_once(intent)

    def ask_hint(self) -> None:
        """H: the coach's choice; shown at once when the guide already has it."""
        hint = self.scene.hints.get(self.scene.rid or -1)
        v = self.view
        if hint is not None and v.hint is None and v.prompt is not None and not v.sent:
            EventPlayer.on_HintReady(self.scene.events, hint)
            self.scene.rebuild()
            return
        super().ask_hint()

    def next_hand(self) -> None:
        """The summary's Continue: the guide's last word instead of another deal."""
        self.scene.finish()


class GuidedTable(TableScene):
    """One fixed hand with a guide; leaves to `back` (the menu by default)."""

    counts = False  # not a hand of the player's games: no statistics, no records
    pace_control = False  # the guide's boxes stand where the pace buttons would

    def __init__(
        self,
        app: App,
        controller: Controller,
        prefs: Any = None,
        back: Callable[[], None] | None = None,
        note: str = "",
    ) -> None:
        super().__init__(app, controller, prefs)
        self.back_fn = back
        self.note = note
        self.input = GuidedInput(self)
        self.events = GuidedEvents(self)
        self.shown: set[str] = set()
        self.queue: list[GuideBox] = []
        self.box: GuideBox | None = None
        self.rid: int | None = None  # the controller's request the player is answering
        self.asked: set[int] = set()  # requests the coach was asked about
        self.hints: dict[int, HintReady] = {}
        self.kept: dict[int, int] = {}  # a choice nudged once goes the second time
        self.held: Intent | None = None  # a choice waiting for the coach's judgement
        self.nudged: Intent | None = None
        self.scored: HandResult | None = None
        self.done = False
        self.leaving = False  # "Leave the guided hand?" is asked
        self.teach("welcome", WELCOME, "center")
        self.teach("bidding", BIDDING, "center")

    # ----- the lessons ----------------------------------------------------------------------

    def teach(self, key: str, lesson: Lesson, place: Place, turn: int | None = None) -> None:
        """Show a lesson once: now, or after those before it are read (one about a decision
        goes unread if the decision is made first, and comes at the next such moment)."""
        if key in self.shown:
            return
        self.shown.add(key)
        self.queue.append(GuideBox(key, lesson, place, turn=turn))
        if self.box is None:
            self.next_box()

    def next_box(self) -> None:
        """The current box is read: the next lesson waiting, if any."""
        self.box = self.queue.pop(0) if self.queue else None
        self.rebuild()

    def turn(self, e: Turn) -> None:
        """The player's turn: ask the coach, and the lessons this moment brings."""
        req = self.ctl.request
        self.rid = req.id if req is not None and req.human else None
        r = e.request
        if not isinstance(r, (BidRequest, PlayRequest)):
            return
        choices = len(r.bids) if isinstance(r, BidRequest) else r.legal.bit_count()
        if self.rid is not None and choices > 1 and not self.view.hidden:
            self.asked.add(self.rid)
            self.ctl.send(Hint())
        if isinstance(r, PlayRequest):
            self._play_lessons(e)

    def _play_lessons(self, e: Turn) -> None:
        v = self.view
        deck = v.deck
        rid = self.rid
        facts = v.facts
        nil = facts is not None and facts.bids[2] == NIL and not facts.tricks_won[2]
        if nil and v.tricks_done and all(seat != 2 for seat, _ in v.trick):
            self.teach("cover", cover_lesson(v.names[2]), "side", rid)  # first: it matters most
        if v.tricks_done == 0 and v.rules.first_lead == "two_clubs":
            self.teach("first", FIRST_TRICK, "side", rid)
        elif not v.trick:
            self.teach("lead", LEAD, "side", rid)
        else:
            led = deck.suit[v.trick[0][1]]
            mine = [deck.suit[c] for c in range(64) if v.south >> c & 1]
            if led in mine:
                self.teach("follow", FOLLOW, "side", rid)
            elif SPADES in mine:
                self.teach("trump", trump_lesson(SUIT_NAMES[led]), "side", rid)

    def guide_panel(self) -> Any:
        """The guide's box as a table panel, with its buttons (None: nothing to show)."""
        b = self.box
        if b is None:
            return None
        L = self.L
        specs: list[tuple[str, str, Callable[[], None], str]] = []
        if b.kind is Box.LESSON:
            if b.place == "center":
                specs.append(("Skip the guide", "guide:skip", self.to_menu, "secondary"))
            specs.append(("Got it", "guide:next", self.next_box, "accent"))
        elif b.kind is Box.NUDGE:
            kind = "bid" if isinstance(self.nudged, Bid) else "card"
            specs.append(("Choose again", "guide:again", self.choose_again, "accent"))
            specs.append((f"Keep my {kind}", "guide:keep", self.keep, "secondary"))
        elif b.kind is Box.END:
            specs.append(("Done", "guide:done", self.leave, "accent"))
        note = self.note if b.key == "welcome" else ""
        return guide_panel(L, b.lesson, b.place, specs, note)

    # ----- the coach's judgement -------------------------------------------------------------

    def check(self, intent: Intent) -> bool:
        """Whether the player's bid or card goes now; if not, the guide waits for the coach
        or nudges."""
        if not isinstance(intent, (Bid, Play)) or self.rid is None or self.rid not in self.asked:
            return True
        action = intent.bid if isinstance(intent, Bid) else intent.card
        if self.kept.get(self.rid) == action:
            return True
        hint = self.hints.get(self.rid)
        if hint is None:
            self.held = intent
            self.view.sent = True  # nothing else goes until the coach has answered
            self._show(GuideBox("wait", WAITING, self._place(intent), Box.WAIT))
            return False
        best = hint.action
        if not isinstance(best, (BidAction, PlayAction)):  # the guide weighs bids and cards
            return True
        chosen = BidAction(intent.bid) if isinstance(intent, Bid) else PlayAction(intent.card)
        j = judge(self.ctl.game, 0, chosen, best, hint.candidates)
        if not j.poor:
            return True
        self.kept[self.rid] = action
        self.nudged = intent
        if isinstance(best, BidAction):
            what = f"bid {action_words(best)}"
        else:
            what = f"play {action_words(best)}"
        mine = (
            f"bidding {action_words(chosen)}"
            if isinstance(chosen, BidAction)
            else action_words(chosen)
        )
        lesson = nudge_lesson(mine, what, hint.reason, j.cost)
        self._show(GuideBox("nudge", lesson, self._place(intent), Box.NUDGE))
        return False

    def _place(self, intent: Intent) -> Place:
        return "center" if isinstance(intent, Bid) else "side"

    def _show(self, box: GuideBox) -> None:
        """A box in front of the lessons waiting (the lesson it covers comes back after)."""
        if self.box is not None and self.box.kind is Box.LESSON:
            self.queue.insert(0, self.box)
        self.box = box
        self.rebuild()

    def hint_came(self, e: HintReady) -> None:
        """The coach's choice for a decision; a choice held for it is judged now."""
        self.hints[e.request] = e
        held = self.held
        if held is not None and e.request == self.rid:
            self._release(held)

    def hint_failed(self) -> None:
        """No judgement this time: a held choice goes as it is."""
        if self.rid is not None:
            self.asked.discard(self.rid)
        if self.held is not None:
            self._release(self.held)

    def _release(self, intent: Intent) -> None:
        self.held = None
        self.view.sent = False
        if self.box is not None and self.box.kind is Box.WAIT:
            self.next_box()
        self.input._send_once(intent)
        self.rebuild()

    def choose_again(self) -> None:
        """The nudge's Choose again: the choice is the player's once more."""
        self.nudged = None
        self.next_box()

    def keep(self) -> None:
        """The nudge's Keep: the choice goes as it was."""
        intent, self.nudged = self.nudged, None
        self.next_box()
        if intent is not None:
            self.input._send_once(intent)

    def sent(self) -> None:
        """A choice went: a nudge or a lesson beside the trick has had its moment."""
        stale = [q for q in self.queue if q.turn is not None and q.turn == self.rid]
        for q in stale:
            self.queue.remove(q)
            self.shown.discard(q.key)
        b = self.box
        if b is not None and (b.kind is Box.NUDGE or (b.kind is Box.LESSON and b.place == "side")):
            self.next_box()

    # ----- the frame, the end and leaving --------------------------------------------------

    def update(self, dt: float) -> bool:
        """The coach's answers first (they never wait behind the cards), then the table."""
        self.ctl.pump_control()
        for e in self.ctl.take(HintReady):
            if isinstance(e, HintReady):
                self.events.on_HintReady(e)
        return super().update(dt)

    def pump(self) -> None:
        """The table's events, held while a lesson in the middle is being read or leaving is
        asked."""
        b = self.box
        if self.leaving:
            return
        if b is not None and b.place == "center" and b.kind in (Box.LESSON, Box.END):
            return
        super().pump()

    def busy(self) -> bool:
        """Awake while the coach works out a choice the player made."""
        return super().busy() or (self.held is not None and self.ctl.control_pending())

    def finish(self) -> None:
        """The hand is over: the score explained, then Done."""
        self.view.result = None
        self.done = True
        r = self.scored
        rules = self.view.rules
        if r is not None:
            lesson = score_lesson(
                r.teams[0], r.teams[1], rules.bag_limit, rules.bag_penalty, rules.target
            )
            self.queue.clear()
            self.box = GuideBox("end", lesson, "center", Box.END)
        self.rebuild()

    def book_game_over(self) -> None:
        """The guided hand never counts in the statistics nor touches the saved game."""

    def close(self) -> None:
        """Stop the controller; nothing is saved."""
        self.ctl.close(save=False)

    def to_menu(self) -> None:
        """Escape or Skip: leave at once before the first lesson is read or after the hand,
        else ask first (a stray Escape mid-hand would lose it)."""
        b = self.box
        if self.done or (b is not None and b.key == "welcome"):
            self.leave()
            return
        self.leaving = True
        self.rebuild()

    def stay(self) -> None:
        """Stay: back to the hand where it was."""
        self.leaving = False
        self.view.focus_button = -1
        self.rebuild()

    def leave(self) -> None:
        """Leave the guided hand for where it was opened from."""
        self.leaving = False
        self.close()
        if self.back_fn is not None:
            self.back_fn()
            return
        fn = self.app.services.to_menu
        if fn is not None:
            fn()
