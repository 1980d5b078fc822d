"""The table scene: wires the view, the event player, the input and the renderer to one
controller, and runs the frame hooks; the entry points that start or resume a game."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import pygame

from ...controller import Controller, KeepHands, RunClock, SetPractice, SetWake
from ...controller.events import position_of
from ...crash import CrashFacts, keep_record
from ...engine import Rules
from ...engine.presets import name_of
from ...engine.record import RecordError, rewound
from ...stats import GameFacts, rules_key
from ..prefs import Prefs, pref
from ..theme import set_look
from ..wake import waker
from ..widgets import Button
from ..window import App, Scene
from .anim import Animator
from .event_player import EventPlayer
from .input import TableInput
from .layout import TableLayout
from .played_panel import shown_by
from .record_actions import RecordActions
from .render import TableRenderer
from .sound import TableSounds
from .table_view import TableView

log = logging.getLogger(__name__)

# What a continued game that failed before its first new save says when it comes back from an
# earlier point (Resumed.back).
REWOUND_WORDS = {
    1: "Something went wrong continuing your game: it starts again from this hand's deal.",
    2: "Something went wrong continuing your game: it goes on from before the last hand.",
}


@dataclass(frozen=True)
class Resumed:
    """The saved record a table was continued from, and how far back errors already took it
    (0: where it stood; 1: its last hand's deal; 2: before its last hand)."""

    record: dict[str, Any]
    back: int = 0
    acted: int = 0  # the player's actions in the record (player_actions)


class TableScene(Scene):
    """The card table: one game against the computer, from the deal to game over."""

    invalidates_itself = True  # the renderer's `dirty` says when the table changed
    # A hand of the player's games: counted in the statistics (hands, hints) and kept in the
    # records. A guided hand or a deal played again is not.
    counts = True
    pace_control = True  # the pace buttons under the rules' box (ui/table/pace.py)

    def __init__(self, app: App, controller: Controller, prefs: Any = None) -> None:
        super().__init__(app)
        self.ctl = controller
        self.prefs_given = prefs  # passed on to a rematch and to the hand review
        if not self.counts:
            controller.send(KeepHands(False))  # its hands are not the player's records
            controller.pump_control()
        self.prefs = Prefs.read(prefs)
        if self.prefs.practice:
            controller.send(SetPractice(True))
            controller.pump_control()
        self.art = self.prefs.card_art()
        set_look(self.prefs.look())  # suits in text as on the cards, the text size
        self.anim = Animator()
        self.sound = TableSounds(self.prefs.sound and self.prefs.speed > 0, self.prefs.volume)
        self.L = TableLayout(app.size)
        self.view = TableView(
            controller.names, controller.human, controller.rules, controller.coach_level
        )
        self.view.put(position_of(controller.game, controller.hidden, controller.human))
        self.view.minutes = int(controller.elapsed() // 60)
        self.render = TableRenderer(self.view, self.art, self.L, self.prefs.felt)
        self.render.show_needs = self.prefs.show_needs
        self.render.show_played = shown_by(self.prefs.played_cards, controller.rules)
        self.records = RecordActions(self)
        self.input = TableInput(self)
        self.events = EventPlayer(self)
        self._recorded = False
        self.resumed: Resumed | None = None  # set by resume_scene
        self.count_hands()  # a resumed game's hands finished before a crash or an update

    # ----- frame hooks ---------------------------------------------------------------------

    def enter(self) -> None:
        """Connect the controller's wake-up to the frame loop and start the clock."""
        self.ctl.send(SetWake(waker))
        self.ctl.send(RunClock(True))
        self.ctl.pump_control()

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute every position for the window size; cards re-render at the new widths."""
        self.anim.finish()
        self.L = TableLayout(size)
        self.render.resize(self.L)
        self.rebuild()

    def busy(self) -> bool:
        """Whether the frame loop should keep ticking (a hold is running or events wait)."""
        return self.anim.hold > 0 or (self.ctl.pending() and self.events.waiting is None)

    def update(self, dt: float) -> bool:
        """Advance animations and timers, then take controller events while nothing moves."""
        if self.anim.update(dt):
            self.app.invalidate()
        if self.view.tick(dt):
            self.dirty()
        if self.view.rules.time_limit_min:
            minutes = int(self.ctl.elapsed() // 60)
            if minutes != self.view.minutes:
                self.view.minutes = minutes
                self.dirty()
        self.pump()
        if self.render.dirty:
            self.app.invalidate()
        drag = self.view.drag
        return bool(self.anim.flights) or (drag is not None and drag.active)

    def wake_in(self) -> float | None:
        """Seconds until the table changes by itself: a toast or bubble ends, a hold is over, or
        the clock of a timed game shows the next minute; None when nothing is timed (a mark
        that lasts until an event is not timed)."""
        v = self.view
        times = [v.toast_left] if v.toast_left > 0 else []
        times += [b.left for b in v.bubbles.values()]
        if self.anim.hold > 0:
            times.append(self.anim.hold)
        if v.rules.time_limit_min:
            times.append(60.0 - self.ctl.elapsed() % 60.0)
        return max(0.0, min(times)) if times else None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The table, whatever is moving, and the open panels; what changed (None: all)."""
        return self.render.draw(surface, self.input.panels, self.input.corner, self.anim)

    def handle(self, event: pygame.event.Event) -> None:
        """The controller's wake-up (update() takes its events), or the player's input."""
        if not waker.taken(event):
            self.input.handle(event)
            if self.render.dirty:
                self.app.invalidate()

    # ----- wiring --------------------------------------------------------------------------

    def pump(self) -> None:
        """Play the controller's events, one at a time, while nothing moves or waits."""
        while not self.anim.busy and self.events.waiting is None:
            events = self.ctl.pump(limit=1)
            if not events:
                return
            self.events.play(events[0])

    def dirty(self) -> None:
        """The table changed: draw it again."""
        self.render.dirty = True
        self.app.invalidate()

    def rebuild(self) -> None:
        """Rebuild the panels and buttons for the view as it is, then redraw."""
        self.input.build()
        self.dirty()

    def toast(self, text: str, seconds: float = 2.6) -> None:
        """A message over the table for a few seconds."""
        self.view.toast(text, seconds)
        self.dirty()

    # ----- queries (tests, screenshots) ------------------------------------------------------

    def button(self, name: str) -> Button | None:
        """An active button by name (e.g. "bid:4", "continue", "scores"), as drawn now."""
        self._ensure_drawn()
        return self.input.button(name)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the visible part of a card in the hand (to click it)."""
        self._ensure_drawn()
        r = self.render.visible(card)
        return (r.centerx, r.top + self.L.px(20))

    def _ensure_drawn(self) -> None:
        if self.render.dirty:
            self.draw(self.app.screen)
            self.render.shown = None  # drawn but not shown: the next frame goes out whole

    # ----- after an error ------------------------------------------------------------------

    def crash_facts(self) -> CrashFacts:
        """Where the game stood, for a crash report."""
        ctl = self.ctl
        hand = ctl.game.hand
        position = "before the first deal"
        if hand is not None:
            position = (
                f"hand {len(ctl.game.hands)}, {hand.phase}, {hand.nbids} bids, "
                f"{len(hand.passes)} passes, {len(hand.plays)} cards played"
            )
        return CrashFacts(type(self).__name__, name_of(ctl.rules) or "custom", position, ctl.seed)

    def after_crash(self) -> Scene | None:
        """The table failed: its controller stops without saving (the saved game stays as of
        the last action saved). A continued game that failed before the player's first action
        (the computer seats replay the same way to the same error) comes back from an earlier
        point of its record instead; None when there is none."""
        try:
            self.ctl.close(save=False)
        except Exception:
            log.exception("closing the table after an error failed")
        resumed = self.resumed
        if resumed is None or player_actions(self.ctl) > resumed.acted:
            return None
        if resumed.back == 0:
            keep_record(resumed.record)
        for back in range(resumed.back + 1, 3):
            record = rewound(resumed.record, back)
            if record is None:
                continue
            try:
                scene = resume_scene(self.app, record, prefs=self.prefs_given)
            except (RecordError, ValueError) as e:
                log.warning("continuing from an earlier point failed: %s", e)
                continue
            scene.resumed = Resumed(resumed.record, back, player_actions(scene.ctl))
            scene.toast(REWOUND_WORDS[back], 8.0)
            return scene
        return None

    # ----- the game's end and leaving ------------------------------------------------------

    def count_hands(self) -> None:
        """Bring the statistics up to date: every finished hand at once, the game once over,
        a hand taken back by an undo taken back (the statistics know what they hold)."""
        count = self.app.services.count_game
        ctl = self.ctl
        if count is None or not ctl.human or not self.counts:
            return
        facts = GameFacts(
            ctl.game_id,
            rules_key(ctl.rules),
            (str(ctl.seats[1]), str(ctl.seats[2]), str(ctl.seats[3])),
            # the settings as they are now: Options may have turned practice on or off
            practice=ctl.used_practice or bool(pref(self.prefs_given, "practice", False)),
            practice_hands=frozenset(ctl.practice_hands),
        )
        try:
            count(ctl.game, facts)
        except Exception:  # statistics must never stop the table
            log.exception("counting the statistics failed")

    def book_game_over(self) -> None:
        """Once per finished game: count it in the statistics and forget the saved game."""
        if self._recorded or not self.ctl.game.over:
            return
        self._recorded = True
        self.count_hands()
        storage = self.app.services.storage
        if storage is not None and self.ctl.save_fn is not None:
            try:
                storage.clear_saved_game()
            except Exception:
                log.exception("clearing the saved game failed")

    def close(self) -> None:
        """Stop the controller: save an unfinished game (its finished hands are counted),
        book a finished one."""
        self.ctl.close(save=not self.ctl.game.over)
        self.count_hands()
        self.book_game_over()

    def to_menu(self) -> None:
        """Save, stop the controller and go back to the menu (if the app has one)."""
        fn = self.app.services.to_menu
        if fn is None:
            return
        self.close()
        fn()

    def rematch(self) -> None:
        """A new game with the same rules, seats and names."""
        self.close()
        ctl = Controller.new_game(
            self.ctl.rules,
            self.ctl.seats,
            self.ctl.names,
            random.randrange(1, 1 << 31),
            save_fn=self.ctl.save_fn,
            executor="process",
        )
        self.app.switch(TableScene(self.app, ctl, self.prefs_given))


# --------------------------------------------------------------------------- entry points


def _save_fn(app: App) -> Callable[[dict[str, Any]], None] | None:
    storage = app.services.storage
    return getattr(storage, "save_game", None) if storage is not None else None


def new_game_scene(
    app: App,
    rules: Rules,
    levels: Sequence[str],
    names: Sequence[str],
    seed: int | None,
    prefs: Any = None,
) -> TableScene:
    """A table for a fresh game: seat 0 is the player, seats 1-3 play at these levels."""
    ctl = Controller.new_game(
        rules, tuple(levels), tuple(names), seed, save_fn=_save_fn(app), executor="process"
    )
    return TableScene(app, ctl, prefs)


def resume_scene(
    app: App,
    record: dict[str, Any],
    levels: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
    prefs: Any = None,
) -> TableScene:
    """A table for a saved game at its exact position (RecordError if the record is bad).

    The seats and names saved with the game win; `levels`/`names` fill in when it has none.
    """
    meta = cast(
        "dict[str, Any]", record.get("table") if isinstance(record.get("table"), dict) else {}
    )
    kwargs: dict[str, Any] = {}
    if not meta.get("seats") and levels is not None:
        kwargs["seats"] = (None, *levels)
    if not meta.get("names") and names is not None:
        kwargs["names"] = tuple(names)
    kwargs.setdefault("executor", "process")
    ctl = Controller.from_record(record, save_fn=_save_fn(app), **kwargs)
    scene = TableScene(app, ctl, prefs)
    scene.resumed = Resumed(record, 0, player_actions(ctl))
    return scene


def player_actions(ctl: Controller) -> int:
    """How many actions the player has taken in the game so far."""
    return sum(t.seat in ctl.human for h in ctl.game.hands for t in h.actions)
