"""The table: where a person plays whole games against the computer, rendered from events."""

from __future__ import annotations

import contextlib
import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import pygame

from ..controller import (
    BidMade,
    CardPlayed,
    CardsPassed,
    CardsShown,
    Claimed,
    ClaimOffer,
    Controller,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HintReady,
    Illegal,
    MisdealCalled,
    Notice,
    Rewound,
    TrickWon,
    Turn,
)
from ..engine import BID, PLAY, Hand, HandResult, Rules
from ..engine.bids import NIL, is_nil
from ..engine.cards import SUIT_NAMES, card_name, cards_of, mask_of
from ..engine.hand import DONE, MISDEAL
from ..engine.presets import rules_name
from ..engine.scoring import display_score
from .anim import Animator, Flight, ease_in_out
from .cards import CardArt, draw_suit
from .coach_panels import (
    PathField,
    action_title,
    coach_rects,
    hint_panel,
    hint_reason,
    options_button_rect,
    options_panel,
    ring,
)
from .layout import EAST, NORTH, SOUTH, WEST, TableLayout
from .main import App, Scene
from .table_panels import (
    GOOD,
    Panel,
    _button,
    bid_panel,
    blind_panel,
    exchange_panel,
    game_over_panel,
    misdeal_panel,
    number,
    pass_panel,
    result_panel,
    score_pad_panel,
    seat_bid,
)
from .table_sound import TableSounds
from .widgets_basic import (
    ACCENT,
    ACCENT_TEXT,
    MUTED,
    TEXT,
    Button,
    draw_panel,
    draw_text,
    ellipsize,
    felt_background,
    render_text,
    text_width,
)

if TYPE_CHECKING:
    from typing_extensions import TypeIs

log = logging.getLogger(__name__)
WAKE = pygame.event.custom_type()
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0, "instant": 0.0}
BACKS = {
    "blue": (30, 80, 160),
    "red": (168, 32, 44),
    "green": (22, 112, 70),
    "purple": (96, 52, 150),
    "black": (36, 38, 46),
}
PLATE_BG = (6, 34, 22, 214)
TEAM_COLORS = ((64, 156, 226), (226, 96, 84))
TURN_GLOW = (244, 198, 88)
RECEIVED = (120, 196, 255)  # the cards a partner just passed to the player
SEAT_WORDS = ("South", "West", "North", "East")


def pref(prefs: Any, name: str, default: Any) -> Any:
    """One preference from a dict, a namespace or None."""
    if prefs is None:
        return default
    if isinstance(prefs, dict):
        return prefs.get(name, default)
    return getattr(prefs, name, default)


def animation_scale(prefs: Any) -> float:
    """Duration multiplier: 0 = no animation, 1 = normal, larger = slower."""
    for key in ("animation_scale", "anim_speed", "animation_speed"):
        v = pref(prefs, key, None)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return max(0.0, float(v))
        if isinstance(v, str) and v in SPEEDS:
            return SPEEDS[v]
    v = pref(prefs, "animation", "normal")
    return SPEEDS.get(v, 1.0) if isinstance(v, str) else 1.0


def back_color(prefs: Any) -> tuple[int, int, int]:
    """The card back colour from `card_back_rgb`, `back_color` or a named `card_back`."""
    for key in ("card_back_rgb", "back_color"):
        v = pref(prefs, key, None)
        if isinstance(v, (tuple, list)) and len(v) >= 3:
            return (int(v[0]), int(v[1]), int(v[2]))
    return BACKS.get(str(pref(prefs, "card_back", "blue")), BACKS["blue"])


def rules_title(rules: Rules) -> str:
    """The rules' name as the menu and settings give it ("Classic with 2 changes")."""
    return rules_name(rules)


def capital(text: str) -> str:
    """Text with its first letter upper-case."""
    return text[:1].upper() + text[1:]


@dataclass
class Drag:
    """A card picked up with the mouse."""

    card: int
    start: tuple[int, int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    active: bool = False


class TableScene(Scene):
    """The card table: hands, trick, seats, scores and the panels for each decision."""

    def __init__(self, app: App, controller: Controller, prefs: Any = None) -> None:
        super().__init__(app)
        self.ctl = controller
        self.prefs = prefs
        self.speed = animation_scale(prefs)
        self.art = CardArt(bool(pref(prefs, "four_color", False)), back_color(prefs))
        self.anim = Animator()
        self.sound = TableSounds(bool(pref(prefs, "sound", True)) and self.speed > 0)
        self.L = TableLayout(app.size)
        # the view: what the events so far have put on the table
        self.trick: list[tuple[int, int]] = []
        self.trick_winner: int | None = None
        self.tricks_shown = [0, 0, 0, 0]
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.spades_broken = False
        self.counts: list[int] | None = None
        self.hidden = False
        self.turn_seat: int | None = None
        self.turn_kind = ""
        self.prompt: Turn | None = None
        self.sent = False
        self.selected: set[int] = set()
        self.exchange_chosen = False  # the blind nil bidder chose to exchange (optional rules)
        self.focus_card: int | None = None
        self.focus_button = -1
        self._default_focus: str | None = None
        self.hover_card: int | None = None
        self.drag: Drag | None = None
        self.result: tuple[int, HandResult, Hand] | None = None
        # what the scoreboard and seats show: the score before a hand's end until the view
        # reaches it (the last trick is collected first), then the new one
        self.hand_closed = False
        self.shown_scores = (list(controller.game.scores), list(controller.game.bags))
        self.over: GameOver | None = None
        self.overlay: str | None = None
        self.toast_text = ""
        self.toast_left = 0.0
        self.panels: list[Panel] = []
        self.corner: list[Button] = []
        self.drawn: list[tuple[str, str, pygame.Rect]] = []
        self.hand_rects: dict[int, pygame.Rect] = {}
        self._base: pygame.Surface | None = None
        self._base_dirty = True
        self._full: pygame.Surface | None = None  # the table with its panels
        self._wake_posted = False
        self._rot_backs: dict[int, pygame.Surface] = {}
        self._fans: dict[tuple[int, int], tuple[pygame.Surface, pygame.Rect]] = {}
        self._shade: pygame.Surface | None = None
        self._minutes = int(controller.elapsed() // 60)
        self.bubbles: dict[int, list[Any]] = {}
        self._recorded = False
        self._warm: list[int] = []
        self.received = 0  # cards just passed to the player, marked in the hand for a while
        self.received_left = 0.0
        self.auto_play = bool(pref(prefs, "auto_play", False))
        self.collect_mode = str(pref(prefs, "collect", "auto"))
        self.collect_wait: Callable[[], None] | None = None  # a trick waiting for a click
        # the coach: hint, claim, undo, options, records
        if pref(prefs, "practice", False):
            controller.practice = True
        self.hint: HintReady | None = None
        self.hint_hidden = False
        self.hint_wait = False
        self._hints_counted: set[int] = set()
        self.claim_offer: ClaimOffer | None = None
        self.claiming = False
        self.path_field = PathField(self._exports_hint(), lambda _text: self.open_record())
        self.options_status = ("", "")
        self.recent: list[Any] = []  # record files offered in the options (Path)
        self.can_browse = False  # whether the system's file picker can be offered
        self._sync_from_game()

    # ----- scene hooks ---------------------------------------------------------------------

    def enter(self) -> None:
        """Connect the controller's wake-up to the frame loop and start the clock."""
        self.ctl.wake = self._wake
        self.ctl.resume_clock()

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute every position for the window size; cards re-render at the new widths."""
        self.anim.finish()
        self.L = TableLayout(size)
        self._rot_backs.clear()
        self._fans.clear()
        self._base = None
        self._rebuild()

    def busy(self) -> bool:
        """Whether the frame loop should keep ticking (a hold is running or events wait)."""
        return self.anim.hold > 0 or (self.ctl.pending() and self.collect_wait is None)

    def update(self, dt: float) -> bool:
        """Advance animations and toasts, then take controller events while nothing moves."""
        if self.anim.update(dt):
            self.app.invalidate()
        if self.toast_left > 0:
            self.toast_left -= dt
            if self.toast_left <= 0:
                self._dirty()
        if self.received_left > 0:
            self.received_left -= dt
            if self.received_left <= 0:
                self.received = 0
                self._dirty()
        if self.bubbles:
            for seat, bubble in list(self.bubbles.items()):
                bubble[1] -= dt
                if bubble[1] <= 0:
                    del self.bubbles[seat]
                    self._dirty()
        if self.game.rules.time_limit_min:
            minutes = int(self.ctl.elapsed() // 60)
            if minutes != self._minutes:
                self._minutes = minutes
                self._dirty()
        self._pump()
        return bool(self.anim.flights) or (self.drag is not None and self.drag.active)

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the cached table, whatever is moving, then the panels above both."""
        if self._base is None or self._base.get_size() != surface.get_size():
            self._base = pygame.Surface(surface.get_size()).convert()
            self._full = pygame.Surface(surface.get_size()).convert()
            self._base_dirty = True
        assert self._full is not None  # made with self._base
        if self._base_dirty:
            self._render_base(self._base)
            self._full.blit(self._base, (0, 0))
            self._render_panels(self._full)
            self._base_dirty = False
        if self.anim.flights:
            # a card in flight goes under any open panel: table, flights, then the panels
            surface.blit(self._base, (0, 0))
            self.anim.draw(surface)
            self._render_panels(surface, note=False)
        else:
            surface.blit(self._full, (0, 0))
        d = self.drag
        if d is not None and d.active:
            img = self.art.face(d.card, self.L.hand_w)
            surface.blit(img, (d.pos[0] - d.offset[0], d.pos[1] - d.offset[1]))

    # ----- controller plumbing -------------------------------------------------------------

    def _wake(self) -> None:
        """Called on the AI worker thread: nudge the frame loop (one event at a time)."""
        if self._wake_posted:
            return
        self._wake_posted = True
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            self._wake_posted = False

    def _pump(self) -> None:
        while not self.anim.busy and self.collect_wait is None:
            events = self.ctl.pump(limit=1)
            if not events:
                return
            self._on_event(events[0])

    def _dirty(self) -> None:
        self._base_dirty = True
        self.app.invalidate()

    def _rebuild(self) -> None:
        """Rebuild panels and buttons for the current state, then redraw."""
        self._build_corner()
        self._build_panels()
        self._dirty()

    def _t(self, seconds: float) -> float:
        return seconds * self.speed * (0.15 if self.claiming else 1.0)

    @property
    def game(self) -> Any:
        """The controller's game (read only)."""
        return self.ctl.game

    @property
    def hand(self) -> Hand | None:
        """The current hand (read only)."""
        return self.ctl.game.hand

    def _sync_from_game(self) -> None:
        """Put a resumed position on the table as it stands."""
        hand = self.hand
        g = self.game
        if g.over and g.winner is not None:
            self.over = GameOver(g.winner, g.end_reason, (g.scores[0], g.scores[1]))
        self.shown_scores = (list(g.scores), list(g.bags))
        self.hand_closed = hand is not None and hand.done
        if self._closed(hand):
            return
        self.trick = [((hand.leader + i) % 4, c) for i, c in enumerate(hand.trick)]
        self.tricks_shown = list(hand.tricks_won)
        done = hand.tricks()
        if done:
            leader, cards, winner = done[-1]
            self.last_trick = (leader, tuple(cards), winner)
        self.spades_broken = hand.spades_broken
        self.hidden = self.ctl.hidden
        self.turn_seat = hand.turn

    # ----- events --------------------------------------------------------------------------

    def _on_event(self, e: Event) -> None:
        handler = getattr(self, "_on_" + type(e).__name__, None)
        if handler is not None:
            handler(e)
        self._rebuild()

    def _on_HandDealt(self, e: HandDealt) -> None:
        self.hand_closed = False
        self.received = 0
        self.shown_scores = (list(self.game.scores), list(self.game.bags))
        self.trick = []
        self.trick_winner = None
        self.tricks_shown = [0, 0, 0, 0]
        self.bubbles.clear()
        self.last_trick = None
        self.spades_broken = False
        self.result = None
        self.selected.clear()
        self.prompt = None
        self.focus_card = None
        self.hidden = e.hidden
        self.turn_seat = None
        if self.overlay == "last":
            self.overlay = None
        if self.speed <= 0:
            return
        hand = self.hand
        assert hand is not None
        total = sum(m.bit_count() for m in hand.hands)
        self.counts = [0, 0, 0, 0]
        self._warm = hand.cards_in_hand(SOUTH)
        start = self.L.seat_points[e.dealer]
        step = self._t(1.1) / total
        for i in range(total):
            seat = (e.dealer + 1 + i) % 4
            k = i // 4
            self.anim.fly(
                Flight(
                    self._back_for(seat),
                    start,
                    self._slot_center(seat, k, 13),
                    self._t(0.26),
                    delay=i * step,
                    on_done=lambda seat=seat: self._dealt_one(seat),  # type: ignore[misc]
                )
            )
        self.anim.wait(self._t(0.05), then=self._deal_done)

    def _dealt_one(self, seat: int) -> None:
        if self.counts is not None:
            self.counts[seat] += 1
            if seat == SOUTH:
                self.sound.play("deal")
                if self._warm:  # render the player's faces one by one while they are dealt
                    self.art.face(self._warm.pop(), self.L.hand_w)
        self._base_dirty = True

    def _deal_done(self) -> None:
        self.counts = None
        self._dirty()

    def _on_CardsShown(self, e: CardsShown) -> None:
        self.hidden = False

    def _on_Turn(self, e: Turn) -> None:
        self._forget_coach()
        self.turn_seat = e.seat if e.kind != "continue" else None
        self.turn_kind = e.kind
        self.sent = False
        if e.kind in ("pass", "play"):
            self.bubbles.clear()
        if e.human:
            self.prompt = e
            if e.kind == "play" and self.auto_play and e.options.bit_count() == 1:
                card = e.options.bit_length() - 1
                self.anim.wait(self._t(0.35), then=lambda: self._play_forced(e, card))
                return
            if e.kind in ("bid", "blind", "play", "misdeal"):
                self.sound.play("turn")
            if e.kind == "pass":
                self.selected.clear()
                self.exchange_chosen = False
            self.focus_button = -1
        else:
            self.prompt = None

    def _play_forced(self, turn: Turn, card: int) -> None:
        """The option "Play forced cards": the player's only legal card goes by itself."""
        if self.prompt is not turn or self.sent or self.hidden:
            return
        self._toast(f"Your only card to play: the {card_name(card)}", 1.6)
        self.sent = True
        self.ctl.play(card)

    def _on_BidMade(self, e: BidMade) -> None:
        self._forget_coach()
        if e.seat == 0:
            self.hidden = False
        self.prompt = None
        if e.seat not in self.ctl.human:
            hand = self.hand
            assert hand is not None
            self.bubbles[e.seat] = [self._bid_words(hand, e.seat), 2.2]
            self.anim.wait(self._t(0.5))

    def _on_CardsPassed(self, e: CardsPassed) -> None:
        names = self.ctl.names
        if e.count == 0:
            who = "You" if e.giver in self.ctl.human else names[e.giver]
            self._toast(f"{who} chose no exchange with {names[e.taker]}")
        elif e.giver in self.ctl.human:
            self._toast(f"You passed {self._cards_words(e.cards)} to {names[e.taker]}")
        elif e.taker in self.ctl.human:
            self._toast(f"{names[e.giver]} passed you {self._cards_words(e.cards)}", 3.5)
            self.received = e.cards
            self.received_left = 4.0 + self._t(0.6)  # after the cards arrive, a few seconds
        else:
            self._toast(f"{names[e.giver]} passed {e.count} cards to {names[e.taker]}")
        self.prompt = None
        self.selected.clear()
        for i in range(e.count):
            img = self.art.back(self.L.back_w)
            self.anim.fly(
                Flight(
                    img,
                    self.L.seat_points[e.giver],
                    self.L.seat_points[e.taker],
                    self._t(0.45),
                    delay=self._t(0.08) * i,
                    ease=ease_in_out,
                )
            )

    def _cards_words(self, mask: int) -> str:
        cards = cards_of(mask)
        if not cards:
            return "cards"
        return " and ".join(card_name(c) for c in cards)

    def _on_CardPlayed(self, e: CardPlayed) -> None:
        self._forget_coach()
        self.bubbles.clear()
        self.prompt = None
        self.turn_seat = e.seat
        L = self.L
        if e.seat == SOUTH:
            d = self.drag
            if d is not None and d.card == e.card and d.active:
                start = (
                    d.pos[0] - d.offset[0] + L.hand_w // 2,
                    d.pos[1] - d.offset[1] + L.hand_h // 2,
                )
            else:
                r = self.hand_rects.get(e.card)
                start = r.center if r is not None else L.seat_points[SOUTH]
            self.drag = None
        else:
            start = L.seat_points[e.seat]

        def land() -> None:
            self.sound.play("card")
            self.trick.append((e.seat, e.card))
            if e.broke_spades:
                self.spades_broken = True
            self._base_dirty = True

        img = self.art.face(e.card, L.trick_w)
        self.anim.fly(Flight(img, start, L.trick_slots[e.seat], self._t(0.3), on_done=land))
        if e.seat not in self.ctl.human and e.index < 3:
            self.anim.wait(self._t(0.12))

    def _on_TrickWon(self, e: TrickWon) -> None:
        def collect() -> None:
            L = self.L
            cards = list(self.trick)
            self.trick = []
            self.trick_winner = None
            self.sound.play("trick")
            for i, (seat, card) in enumerate(cards):
                last = i == len(cards) - 1
                self.anim.fly(
                    Flight(
                        self.art.face(card, L.trick_w),
                        L.trick_slots[seat],
                        L.seat_points[e.winner],
                        self._t(0.32),
                        ease=ease_in_out,
                        on_done=(lambda: self._collected(e)) if last else None,
                    )
                )
            if not cards:
                self._collected(e)
            self._dirty()

        self.trick_winner = e.winner
        if self.claiming or not self.ctl.human or self.collect_mode == "auto":
            self.anim.wait(self._t(0.9), then=collect)
        elif self.collect_mode == "long":  # long enough to read, even with animation off
            self.anim.wait(max(2.5, self._t(2.5)), then=collect)
        else:  # "click": the trick stays until the player clicks or presses a key

            def go() -> None:
                self.collect_wait = None
                collect()
                self._pump()

            self.collect_wait = go

    def _collected(self, e: TrickWon) -> None:
        self.tricks_shown[e.winner] += 1
        self.last_trick = (e.leader, e.cards, e.winner)
        self._dirty()

    def _on_HandScored(self, e: HandScored) -> None:
        self.claiming = False
        assert e.result is not None
        self.result = (e.hand_no, e.result, self.game.hands[e.hand_no - 1])
        self.hand_closed = True
        teams = e.result.teams
        self.shown_scores = ([t.score for t in teams], [t.bags for t in teams])
        self.prompt = None
        self.turn_seat = None
        if self.overlay == "last":
            self.overlay = None
        if not self.ctl.human:
            self.anim.wait(self._t(3.0), then=self._dismiss_result)

    def _dismiss_result(self) -> None:
        self.result = None
        self._rebuild()

    def _on_GameOver(self, e: GameOver) -> None:
        self.over = e
        if self.ctl.human:
            self.sound.play("win" if e.winner == 0 else "lose")
        self.prompt = None
        self.turn_seat = None
        self._book_game_over()

    def _book_game_over(self) -> None:
        """Once per finished game: count it in the statistics and forget the saved game."""
        if self._recorded or not self.game.over:
            return
        self._recorded = True
        services = self.app.services
        record = services.get("record_game")
        if record is not None and self.ctl.human:
            try:
                practice = self.ctl.used_practice or bool(pref(self.prefs, "practice", False))
                record(self.game, practice=practice, practice_hands=sorted(self.ctl.practice_hands))
            except Exception:  # statistics must never stop the table
                log.exception("recording the finished game failed")
        storage = services.get("storage")
        if storage is not None and self.ctl.save_fn is not None:
            try:
                storage.clear_saved_game()
            except Exception:
                log.exception("clearing the saved game failed")

    def _close(self) -> None:
        """Stop the controller: save an unfinished game, book a finished one."""
        self.ctl.close(save=not self.game.over)
        self._book_game_over()

    def _on_Illegal(self, e: Illegal) -> None:
        if e.action == "hint":
            self.hint_wait = False
        if e.action not in ("hint", "undo", "claim"):  # a refused coach intent sent no move
            self.sent = False
            self.drag = None
        self.sound.play("error")
        self._toast(capital(e.reason))

    def _on_Notice(self, e: Notice) -> None:
        if e.details.get("coach") == "hint":
            self.hint_wait = False
        self._toast(e.text)

    def _on_MisdealCalled(self, e: MisdealCalled) -> None:
        from .table_panels import MISDEAL_WORDS

        who = "You" if e.seat in self.ctl.human else self.ctl.names[e.seat]
        why = " and ".join(MISDEAL_WORDS.get(r, r) for r in e.reasons)
        self._toast(f"{who} called a misdeal ({why}): new deal", 3.0)
        self.prompt = None
        self.anim.wait(self._t(1.0))

    # ----- the coach -----------------------------------------------------------------------

    def _forget_coach(self) -> None:
        """A decision was made or a new one asked: the hint and claim offer are gone."""
        self.hint = None
        self.hint_wait = False
        self.hint_hidden = False
        self.claim_offer = None

    def _on_HintReady(self, e: HintReady) -> None:
        self.hint = e
        self.hint_wait = False
        self.hint_hidden = False
        if e.request not in self._hints_counted:
            self._hints_counted.add(e.request)
            count = self.app.services.get("record_hint")
            if count is not None and self.ctl.human:
                try:
                    count()
                except Exception:  # statistics must never stop the table
                    log.exception("counting a hint failed")

    def _on_ClaimOffer(self, e: ClaimOffer) -> None:
        if self.prompt is not None and self.prompt.kind == "play":
            self.claim_offer = e

    def _on_Claimed(self, e: Claimed) -> None:
        self._forget_coach()
        self.prompt = None
        self.claiming = True
        who = "You claim" if e.seat in self.ctl.human else f"{self.ctl.names[e.seat]} claims"
        self._toast(f"{who} the last {e.tricks} trick{'s' if e.tricks != 1 else ''}", 2.0)

    def _on_Rewound(self, e: Rewound) -> None:
        """Undo: put the rebuilt position on the table as it now stands."""
        self._forget_coach()
        self._stop_animations()
        self.trick = []
        self.trick_winner = None
        self.tricks_shown = [0, 0, 0, 0]
        self.last_trick = None
        self.spades_broken = False
        self.counts = None
        self.bubbles.clear()
        self.result = None
        self.prompt = None
        self.sent = False
        self.selected.clear()
        self.drag = None
        self.claiming = False
        if self.overlay == "last":
            self.overlay = None
        self._sync_from_game()
        self.turn_seat = None
        self._toast("Undone: back to your last decision", 1.6)

    def _stop_animations(self) -> None:
        """Drop whatever is moving or held (its callbacks too): the position is rebuilt."""
        self.anim.flights = []
        self.anim.hold = 0.0
        self.anim.after_hold = []
        self.collect_wait = None

    def ask_hint(self) -> None:
        """H: the coach's choice for this decision (computed off the window's thread)."""
        p = self.prompt
        if p is None or p.kind not in ("bid", "pass", "play") or self.hidden or self.sent:
            self._toast("Hints are for your bids, passes and cards, on your turn")
            return
        if self.hint is not None:
            self.hint_hidden = not self.hint_hidden
            self._rebuild()
            return
        if not self.hint_wait:
            self.hint_wait = True
            self.ctl.hint()
            self._rebuild()

    def undo(self) -> None:
        """U or Ctrl+Z in practice mode: take back the last bid, pass or card of this hand."""
        if not self.ctl.practice:
            self._toast("Undo is for practice: turn Practice mode on in Options (O)")
            return
        if not self.ctl.can_undo():
            self._toast("There is nothing of yours to undo in this hand")
            return
        self._stop_animations()
        self.ctl.undo()
        self._pump()

    def claim(self) -> None:
        """C: claim the remaining tricks (the controller checks that they are sure)."""
        if self.sent:
            return
        self.ctl.claim()

    def set_practice(self, on: bool) -> None:
        """Practice mode for this game, remembered in the settings for the next ones."""
        self.ctl.practice = on
        if isinstance(self.prefs, dict):
            self.prefs["practice"] = on
        settings = self.app.services.get("settings")
        if settings is not None and getattr(settings, "practice", on) != on:
            settings.practice = on
            message = settings.save() if hasattr(settings, "save") else None
            if message:
                self._toast(message)
        self._rebuild()

    def _exports_hint(self) -> str:
        """What the path field starts with: the exports folder."""
        try:
            from ..coach.records import exports_dir

            return str(exports_dir()) + os.sep
        except Exception:  # no data folder: start empty
            return ""

    def export_game(self) -> None:
        """Write the game's record to exports/ and say where."""
        from ..coach.records import export_game

        try:
            path = export_game(self.ctl.record())
        except OSError as e:
            self._export_failed(e)
            return
        self._exported(path)

    def export_hand(self) -> None:
        """Write the current (or last) hand as a record of its own to exports/."""
        from ..coach.records import export_hand

        if not self.game.hands:
            self._toast("No hand has been dealt yet")
            return
        try:
            path = export_hand(self.game, len(self.game.hands) - 1, self.ctl.names)
        except OSError as e:
            self._export_failed(e)
            return
        self._exported(path)

    def _exported(self, path: Any) -> None:
        self.options_status = (f"Saved {path}", "ok")
        self.path_field.text = str(path)
        self._remember(path)
        self._toast(f"Saved {path}", 4.0)
        self._rebuild()

    def _export_failed(self, e: OSError) -> None:
        text = f"The record could not be saved ({e.strerror or e})"
        self.options_status = (text, "error")
        self._toast(text, 4.0)
        self._rebuild()

    def open_record(self) -> None:
        """Open the record named in the path field for review; one line if it is bad."""
        from ..coach.records import RecordFileError, read_record_file

        self.path_field.stop()
        try:
            record, _game = read_record_file(self.path_field.text)
        except RecordFileError as e:
            self.options_status = (str(e), "error")
            self.sound.play("error")
            self._rebuild()
            return
        self.options_status = ("", "")
        self._remember(self.path_field.text.strip().strip('"').strip("'"))
        names = None
        meta = record.get("table")
        if isinstance(meta, dict) and isinstance(meta.get("names"), list):
            names = meta["names"]
        self.open_review(record, 0, names)

    def _remember(self, path: Any) -> None:
        """Put a record file first in the recent list (not remembered if that cannot be saved)."""
        from ..coach.records import recent_records, remember_record

        with contextlib.suppress(OSError, ValueError):
            remember_record(path)
        self.recent = recent_records()

    def _refresh_recent(self) -> None:
        """The recent records and the exports folder's, for the options panel."""
        from ..coach.records import picker_available, recent_records

        try:
            self.recent = recent_records()
        except OSError:
            self.recent = []
        self.can_browse = picker_available()

    def open_recent(self, path: Any) -> None:
        """Open a record from the recent list."""
        self.path_field.text = str(path)
        self.open_record()

    def browse_record(self) -> None:
        """The system's file picker; a record chosen there opens for review."""
        from ..coach.records import pick_record_file

        chosen = pick_record_file()
        if chosen is None:
            self._toast("No file picker here: choose a recent record or type its path", 4.0)
            return
        if chosen:
            self.path_field.text = chosen
            self.open_record()

    def review_hand(self, index: int) -> None:
        """Review a finished hand of this game (0-based)."""
        if index >= len(self.game.results):
            self._toast("A hand can be reviewed once it is finished")
            return
        self.open_review(self.ctl.record(), index, list(self.ctl.names))

    def open_review(self, record: dict[str, Any], index: int, names: Any = None) -> None:
        """Switch to the hand review; Back returns to this table as it was."""
        from .review import ReviewScene

        self.ctl.pause_clock()
        self.path_field.stop()

        def back() -> None:
            self.app.switch(self)

        scene = ReviewScene(
            self.app,
            record,
            index,
            back=back,
            worker=self.ctl.coach(),
            names=names,
            level=self.ctl.coach_level,
            think_ms=self.ctl.coach_think_ms,
            prefs=self.prefs,
        )
        self.app.switch(scene)

    def _toast(self, text: str, seconds: float = 2.6) -> None:
        self.toast_text = text
        self.toast_left = seconds
        self._dirty()

    # ----- intents -------------------------------------------------------------------------

    def _bid(self, bid: int) -> None:
        if self.sent:
            return
        self.sent = True
        self.ctl.bid(bid)

    def _show_cards(self) -> None:
        self.ctl.show_cards()

    def _misdeal(self, call: bool) -> None:
        if self.sent:
            return
        self.sent = True
        if call:
            self.ctl.call_misdeal()
        else:
            self.ctl.decline_misdeal()

    def _pass(self) -> None:
        p = self.prompt
        if p is None or p.kind != "pass" or len(self.selected) != p.options or self.sent:
            return
        self.sent = True
        self.ctl.pass_cards(mask_of(self.selected))

    def _exchange_open(self) -> bool:
        """Whether the human, a blind nil bidder, must first choose exchange or no exchange."""
        p = self.prompt
        hand = self.hand
        return (
            p is not None
            and p.kind == "pass"
            and not self.exchange_chosen
            and hand is not None
            and hand.may_skip_pass()
        )

    def _exchange(self, take: bool) -> None:
        """The blind nil bidder's choice: exchange cards with partner, or not."""
        if not self._exchange_open() or self.sent:
            return
        if take:
            self.exchange_chosen = True
            self._rebuild()
            return
        self.sent = True
        self.ctl.pass_cards(0)

    def _continue(self) -> None:
        if self.ctl.human_turn("continue"):
            self.ctl.next_hand()
        self.result = None
        self._rebuild()

    def _card_action(self, card: int) -> None:
        """A click (or Enter) on a card of the hand."""
        p = self.prompt
        if p is not None and p.kind == "play":
            if not self.sent:
                self.sent = True
                self.ctl.play(card)
            return
        if p is not None and p.kind == "pass":
            if self._exchange_open():
                self._toast("First choose: exchange cards with your partner, or no exchange")
                return
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < p.options:
                self.selected.add(card)
            self._rebuild()
            return
        hand = self.hand
        if hand is not None and hand.phase == PLAY and self.turn_seat is not None:
            self._toast(f"Wait for your turn: {self.ctl.names[self.turn_seat]} is playing")

    def toggle_overlay(self, name: str) -> None:
        """Open or close the score pad ("scores") or the last trick ("last")."""
        if name == "last" and self.last_trick is None and self.overlay != "last":
            self._toast("No trick has been played yet in this hand")
            return
        self.overlay = None if self.overlay == name else name
        self.focus_button = -1
        if self.overlay == "options":
            self._refresh_recent()
        if self.overlay != "options":
            self.path_field.stop()
        self._rebuild()

    def to_menu(self) -> None:
        """Save, stop the controller and go back to the menu (if the app has one)."""
        fn = self.app.services.get("to_menu")
        if fn is None:
            return
        self._close()
        fn()

    def rematch(self) -> None:
        """A new game with the same rules, seats and names."""
        self._close()
        ctl = Controller.new_game(
            self.ctl.rules,
            self.ctl.seats,
            self.ctl.names,
            random.randrange(1, 1 << 31),
            save_fn=self.ctl.save_fn,
            executor="process",
        )
        self.app.switch(TableScene(self.app, ctl, self.prefs))

    # ----- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys: buttons first, then cards."""
        if event.type == WAKE:
            self._wake_posted = False
        elif self.overlay == "options" and self.path_field.handle(event):
            self._dirty()
        elif event.type == pygame.QUIT:
            self._close()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse(event)

    def active_buttons(self) -> list[Button]:
        """Buttons that take input now (a modal panel's only, when one is open)."""
        if self._modal():
            return self._panel_buttons()
        return self._panel_buttons() + self.corner

    def _modal(self) -> bool:
        return any(p.modal for p in self.panels)

    def _mouse(self, event: pygame.event.Event) -> None:
        for b in self.active_buttons():
            was = b.hover
            used = b.handle(event)
            if b.hover != was:
                self._base_dirty = True
            if used:
                self._base_dirty = True
                return
        if self._modal():
            return
        L = self.L
        if self.collect_wait is not None:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.collect_wait()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.card_at(event.pos)
            if card is not None:
                r = self.hand_rects[card]
                off = (event.pos[0] - r.left, event.pos[1] - r.top)
                self.drag = Drag(card, event.pos, off, event.pos)
        elif event.type == pygame.MOUSEMOTION:
            d = self.drag
            if d is not None:
                d.pos = event.pos
                if not d.active and (
                    abs(event.pos[0] - d.start[0]) + abs(event.pos[1] - d.start[1]) > L.px(10)
                ):
                    d.active = self.prompt is not None and self.prompt.kind == "play"
                    self._base_dirty = True
            else:
                card = self.card_at(event.pos)
                if card != self.hover_card:
                    self.hover_card = card
                    self._base_dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            d = self.drag
            if d is None:
                return
            if d.active:
                if event.pos[1] < L.hand_top - L.lift:
                    self._card_action(d.card)
                    if not self.sent:
                        self.drag = None
                else:
                    self.drag = None
                self._base_dirty = True
            else:
                self.drag = None
                self._card_action(d.card)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_ESCAPE:
            if self.overlay is not None:
                self.toggle_overlay(self.overlay)
            elif self.drag is not None:
                self.drag = None
                self._dirty()
            else:
                self.to_menu()
            return
        if (
            self.collect_wait is not None
            and not self._modal()
            and k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.collect_wait()
            return
        if k == pygame.K_l and not (self.over and self.result is None):
            self.toggle_overlay("last")
            return
        if k == pygame.K_s:
            self.toggle_overlay("scores")
            return
        if k == pygame.K_o:
            self.toggle_overlay("options")
            return
        undo_key = k == pygame.K_u or (k == pygame.K_z and ctrl)
        modals = [p.name for p in self.panels if p.modal]
        if undo_key and self.over is None and modals in ([], ["result"]):
            self.undo()  # also from the end-of-hand summary: back to the last card
            return
        if not self._modal() and self.over is None:
            if k == pygame.K_h:
                self.ask_hint()
                return
            if k == pygame.K_c:
                self.claim()
                return
        buttons = self._panel_buttons()
        p = self.prompt
        cards_live = p is not None and p.kind in ("play", "pass") and self.hand_rects
        if cards_live and not self._modal() and self._card_key(k):
            return
        if (
            not self._modal()
            and p is not None
            and p.kind == "bid"
            and pygame.K_0 <= k <= pygame.K_9
        ):
            self._digit_bid(k - pygame.K_0)
            return
        if buttons and k in (
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_TAB,
            pygame.K_UP,
            pygame.K_DOWN,
        ):
            back = k in (pygame.K_LEFT, pygame.K_UP) or (
                k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            n = len(buttons)
            if 0 <= self.focus_button < n:
                self.focus_button = (self.focus_button + (-1 if back else 1)) % n
            else:
                self.focus_button = n - 1 if back else 0
            self._dirty()
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and buttons:
            if 0 <= self.focus_button < len(buttons):
                buttons[self.focus_button].activate()
            elif self._modal():
                buttons[-1].activate()
            self._dirty()

    def _panel_buttons(self) -> list[Button]:
        for p in reversed(self.panels):
            if p.modal:
                return p.buttons
        return [b for p in self.panels for b in p.buttons]

    def _card_key(self, k: int) -> bool:
        """Left/Right choose a card, Enter/Space play (or pick) it; True if the key was used."""
        order = [c for c in self.hand_rects]
        if not order:
            return False
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            legal = self.prompt.options if self.prompt and self.prompt.kind == "play" else -1
            cands = [c for c in order if legal >> c & 1] or order
            if self.focus_card not in cands:
                self.focus_card = cands[0] if k == pygame.K_RIGHT else cands[-1]
            else:
                i = cands.index(self.focus_card) + (1 if k == pygame.K_RIGHT else -1)
                self.focus_card = cands[i % len(cands)]
            self._dirty()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            p = self.prompt
            if (
                p is not None
                and p.kind == "pass"
                and k != pygame.K_SPACE
                and (len(self.selected) == p.options)
            ):
                self._pass()
                return True
            if self.focus_card is not None:
                self._card_action(self.focus_card)
                return True
        return False

    def _digit_bid(self, n: int) -> None:
        p = self.prompt
        if p is None:
            return
        hand = self.hand
        assert hand is not None
        pb = hand.bids[(hand.turn + 2) % 4]
        base = pb if self.game.rules.bid_style == "hint" and pb is not None and pb < NIL else 0
        value = n - base
        if value in p.options:
            self._bid(value)
        elif n == 0 and NIL in p.options:
            self._bid(NIL)
        else:
            self._toast(f"{n} is not a bid you can make now")

    # ----- queries (tests, screenshots) ----------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the hand under a point (the topmost)."""
        for card in reversed(list(self.hand_rects)):
            if self.hand_rects[card].collidepoint(pos):
                return card
        return None

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the visible part of a card in the hand (to click it)."""
        self._ensure_rendered()
        cards = list(self.hand_rects)
        r = self.hand_rects[card]
        i = cards.index(card)
        right = self.hand_rects[cards[i + 1]].left if i + 1 < len(cards) else r.right
        return ((r.left + right) // 2, r.top + self.L.px(20))

    def button(self, name: str) -> Button | None:
        """An active button by name (e.g. "bid:4", "continue", "scores")."""
        self._ensure_rendered()
        for b in self.active_buttons():
            if b.name == name:
                return b
        return None

    def _ensure_rendered(self) -> None:
        if self._base is None or self._base_dirty:
            self.draw(self.app.screen)

    # ----- building panels -----------------------------------------------------------------

    def _build_corner(self) -> None:
        L = self.L
        specs = [
            ("last", "Last trick  (L)", lambda: self.toggle_overlay("last")),
            ("scores", "Score pad  (S)", lambda: self.toggle_overlay("scores")),
            ("menu", "Menu  (Esc)", self.to_menu),
        ]
        self.corner = [
            _button(text, name, fn, L.button_rects[name], L, "secondary")
            for name, text, fn in specs
        ]
        self.corner.append(
            _button(
                "Options  (O)",
                "options",
                lambda: self.toggle_overlay("options"),
                options_button_rect(L),
                L,
                "secondary",
            )
        )
        if not self.ctl.human or self.over is not None:
            return
        shown = ["undo"] if self.ctl.practice else []
        shown.append("hint")
        if self.claim_offer is not None:
            shown.append("claim")
        rects = coach_rects(L, shown)
        p = self.prompt
        can_hint = p is not None and p.kind in ("bid", "pass", "play") and not self.hidden
        hint = _button("Hint  (H)", "hint", self.ask_hint, rects["hint"], L, "secondary")
        hint.enabled = can_hint
        self.corner.append(hint)
        if self.ctl.practice:
            undo = _button("Undo  (U)", "undo", self.undo, rects["undo"], L, "secondary")
            undo.enabled = self.ctl.can_undo()
            self.corner.append(undo)
        if self.claim_offer is not None:
            self.corner.append(
                _button("Claim the rest  (C)", "claim", self.claim, rects["claim"], L, "accent")
            )

    def _build_panels(self) -> None:
        L = self.L
        ctl = self.ctl
        hand = self.hand
        panels: list[Panel] = []
        p = self.prompt
        if self.result is not None:
            no, res, h = self.result
            can_go = ctl.human_turn("continue") or self.over is not None
            panels.append(
                result_panel(
                    L,
                    no,
                    res,
                    h,
                    ctl.names,
                    ctl.rules,
                    self._continue if can_go else None,
                    (lambda: self.review_hand(no - 1)) if ctl.human else None,
                    self.undo if ctl.practice and not self.game.over and ctl.can_undo() else None,
                )
            )
        elif self.over is not None:
            o = self.over
            panels.append(
                game_over_panel(
                    L,
                    o.winner,
                    o.reason,
                    o.scores,
                    bool(ctl.human),
                    self.game.hands,
                    self.game.results,
                    ctl.names,
                    ctl.rules,
                    self.rematch,
                    self.to_menu if self.app.services.get("to_menu") else None,
                )
            )
        elif hand is not None and self.counts is None:
            if p is not None and p.kind == "bid":
                panels.append(bid_panel(L, hand, ctl.names, p.options, self._bid))
            elif p is not None and p.kind == "blind":
                panels.append(
                    blind_panel(L, hand.rules, p.options, True, self._bid, self._show_cards)
                )
            elif self.hidden and hand.phase == BID:
                panels.append(blind_panel(L, hand.rules, (), False, self._bid, self._show_cards))
            elif p is not None and p.kind == "misdeal":
                panels.append(
                    misdeal_panel(
                        L, p.options, lambda: self._misdeal(True), lambda: self._misdeal(False)
                    )
                )
            elif p is not None and p.kind == "pass" and self._exchange_open():
                taker = hand.pass_queue[0][1] if hand.pass_queue else 2
                panels.append(
                    exchange_panel(
                        L,
                        p.options,
                        ctl.names[taker],
                        lambda: self._exchange(True),
                        lambda: self._exchange(False),
                    )
                )
            elif p is not None and p.kind == "pass":
                taker = hand.pass_queue[0][1] if hand.pass_queue else 2
                panels.append(
                    pass_panel(L, p.options, len(self.selected), ctl.names[taker], self._pass)
                )
        if self.prompt is not None and (self.hint_wait or self.hint) and not self.hint_hidden:
            panels.append(self._hint_panel(panels))
        if self.overlay == "scores":
            panels.append(
                score_pad_panel(
                    L,
                    self.game.hands,
                    self.game.results,
                    ctl.names,
                    ctl.rules,
                    lambda: self.toggle_overlay("scores"),
                    self.review_hand if ctl.human else None,
                )
            )
        elif self.overlay == "options":
            panels.append(
                options_panel(
                    L,
                    ctl.practice,
                    lambda: self.set_practice(not ctl.practice),
                    self.export_game,
                    self.export_hand if self.game.hands else None,
                    self.path_field,
                    self.open_record,
                    self.options_status,
                    lambda: self.toggle_overlay("options"),
                    self.recent,
                    self.open_recent,
                    self.browse_record if self.can_browse else None,
                )
            )
        elif self.overlay == "last" and self.last_trick is not None:
            panels.append(self._last_trick_panel())
        self.panels = panels
        self._focus_default_button()

    def _focus_default_button(self) -> None:
        """A panel with a safe default (the blind question's "Look at my cards") starts with
        the keyboard on it, so Enter alone never makes the risky choice; when that panel
        goes, so does the focus it gave."""
        names = [b.name for b in self._panel_buttons()]
        if self._default_focus is not None and self._default_focus not in names:
            self._default_focus = None
            self.focus_button = -1
        if self.focus_button != -1:
            return
        for panel in self.panels:
            if panel.default in names:
                self.focus_button = names.index(panel.default)
                self._default_focus = panel.default
                return

    def _hint_panel(self, others: list[Panel]) -> Panel:
        """The hint box: the coach's choice and its reason, or that it is thinking."""
        level = self.ctl.coach_level
        h = self.hint
        if h is None:
            return hint_panel(self.L, f"{level.capitalize()} is thinking...", "", thinking=True)
        hand = self.hand
        base = None
        hinting = False
        if h.kind == "bid" and hand is not None and hand.rules.bid_style == "hint":
            pb = hand.bids[(hand.turn + 2) % 4]
            base = pb if pb is not None and pb < NIL else None
            hinting = pb is None
        title = action_title(h.kind, h.action, h.level, base, hinting)
        reason = hint_reason(h.reason, self._ruff_warning(h))
        return hint_panel(self.L, title, reason, [p.rect for p in others])

    def _ruff_warning(self, h: HintReady) -> str:
        """When the suggested card may be trumped by an opponent known to be void, that in
        words; else ""."""
        if h.kind != "play" or self.game.hand is None:
            return ""
        from ..ai import seat_view
        from ..coach.review import ruff_seats, ruff_words

        try:
            view = seat_view(self.game, h.seat)
        except ValueError:
            return ""
        return ruff_words(ruff_seats(view, h.action), h.action, view.rules, self.ctl.names)

    def _last_trick_panel(self) -> Panel:
        """The last finished trick in play order, the winning card ringed."""
        L = self.L
        assert self.last_trick is not None
        leader, cards, winner = self.last_trick
        w = L.px(100)
        ch = round(w * 1.4)
        gap = L.px(26)
        row_w = 4 * w + 3 * gap
        rect = pygame.Rect(0, 0, row_w + L.px(80), 0)
        rect.height = L.px(24) + round(L.f_title) + L.px(22) + ch + L.px(12)
        rect.height += round(L.f_small * 1.3) + L.px(14) + round(L.f_body * 1.3) + L.px(16)
        rect.height += L.px(44) + L.px(22)
        rect.center = (L.size[0] // 2, L.size[1] // 2)
        r = pygame.Rect(0, 0, L.px(160), L.px(44))
        r.midbottom = (rect.centerx, rect.bottom - L.px(22))
        close = _button("Close", "close", lambda: self.toggle_overlay("last"), r, L, "secondary")
        names = self.ctl.names
        n = len(self.game.hand.trick_winners) if self.hand is not None else 0

        def paint(surface: pygame.Surface) -> None:
            draw_panel(surface, rect, (10, 46, 30), L.px(18), ACCENT, max(2, L.px(2)))
            y = rect.top + L.px(24)
            draw_text(
                surface, f"Last trick ({n} of 13)", L.f_title, ACCENT, (rect.centerx, y), "midtop"
            )
            y += round(L.f_title) + L.px(22)
            x = rect.centerx - row_w // 2
            for i, card in enumerate(cards):
                seat = (leader + i) % 4
                cr = pygame.Rect(x + i * (w + gap), y, w, ch)
                surface.blit(self.art.face(card, w), cr)
                if seat == winner:
                    pygame.draw.rect(
                        surface,
                        ACCENT,
                        cr.inflate(L.px(10), L.px(10)),
                        max(2, L.px(3)),
                        border_radius=L.px(10),
                    )
                label = names[seat] + (" led" if i == 0 else "")
                draw_text(
                    surface,
                    label,
                    L.f_small,
                    TEXT if seat == winner else MUTED,
                    (cr.centerx, cr.bottom + L.px(12)),
                    "midtop",
                )
            y += ch + L.px(12) + round(L.f_small * 1.3) + L.px(14)
            who = "You" if winner in self.ctl.human else names[winner]
            draw_text(surface, f"{who} won the trick", L.f_body, TEXT, (rect.centerx, y), "midtop")

        return Panel(rect, paint, [close], modal=True, name="last")

    # ----- drawing -------------------------------------------------------------------------

    def _back_for(self, seat: int) -> pygame.Surface:
        """The back a seat's cards show (turned sideways for west and east)."""
        L = self.L
        if seat in (WEST, EAST):
            img = self._rot_backs.get(L.back_w)
            if img is None:
                img = self._rot_backs[L.back_w] = pygame.transform.rotate(
                    self.art.back(L.back_w), 90
                )
            return img
        if seat == SOUTH:
            return self.art.back(L.hand_w)
        return self.art.back(L.back_w)

    def _slot_center(self, seat: int, k: int, n: int) -> tuple[int, int]:
        """Where the k-th of n cards of a seat sits (for dealing)."""
        if seat == SOUTH:
            return self.L.hand_rects(n)[k].center
        (dx, dy), _ = self.L.fan_cards(seat, n)[k]
        cx, cy = self.L.fan_center(seat)
        return (round(cx + dx), round(cy + dy))

    def _fan_image(self, seat: int, n: int) -> tuple[pygame.Surface, pygame.Rect]:
        """An opponent's fan of n backs, drawn once per size and count; (image, box)."""
        key = (seat, n)
        got = self._fans.get(key)
        if got is not None:
            return got
        L = self.L
        box = L.fan_bounds(seat, n)
        img = pygame.Surface(box.size, pygame.SRCALPHA)
        back = self._back_for(seat)
        for (x, y), deg in L.fan_cards(seat, n):
            card = pygame.transform.rotozoom(back, deg, 1.0) if abs(deg) > 0.01 else back
            r = card.get_rect(center=(round(x - box.left), round(y - box.top)))
            img.blit(card, r)
        cx, cy = L.fan_center(seat)
        rect = box.move(cx, cy)
        self._fans[key] = (img, rect)
        return img, rect

    def _note(self, kind: str, name: str, rect: pygame.Rect) -> None:
        self.drawn.append((kind, name, pygame.Rect(rect)))

    def _render_base(self, surf: pygame.Surface) -> None:
        L = self.L
        self.drawn = []
        surf.blit(felt_background(L.size), (0, 0))
        self._draw_trick_ring(surf)
        self._draw_scoreboard(surf)
        self._draw_info(surf)
        for seat in (WEST, NORTH, EAST):
            self._draw_fan(surf, seat)
        self._draw_trick(surf)
        self._draw_hand(surf)
        for seat in range(4):
            self._draw_plate(surf, seat)
        self._draw_bubbles(surf)
        modal = self._modal()
        if not modal:
            self._draw_message(surf)
        for b in self.corner:
            b.draw(surf, False)
            self._note("label", b.name, b.rect)

    def _render_panels(self, surf: pygame.Surface, note: bool = True) -> None:
        """The panels over the table and anything flying (a modal one shades the rest)."""
        L = self.L
        noted = len(self.drawn)
        focus_list = self._panel_buttons()
        modal = self._modal()
        for p in self.panels:
            if p.modal:
                if self._shade is None or self._shade.get_size() != L.size:
                    self._shade = pygame.Surface(L.size, pygame.SRCALPHA)
                    self._shade.fill((0, 0, 0, 140))
                surf.blit(self._shade, (0, 0))
            p.paint(surf)
            self._note("panel", p.name, p.rect)
            hinted_bid = self._hinted_bid()
            for b in p.buttons:
                idx = focus_list.index(b) if b in focus_list else -2
                b.draw(surf, idx == self.focus_button)
                if b.name == hinted_bid:
                    ring(surf, b.rect, L)
        if modal:
            self._draw_message(surf)
        if not note:  # a repaint over flights: the cached frame's notes stand
            del self.drawn[noted:]

    def _draw_trick_ring(self, surf: pygame.Surface) -> None:
        """A faint oval on the felt where the trick is played."""
        L = self.L
        r = L.trick_area.inflate(L.px(36), L.px(20))
        draw_panel(surf, r, (0, 0, 0, 26), r.height // 2)

    def _draw_scoreboard(self, surf: pygame.Surface) -> None:
        L = self.L
        r = L.score_rect
        rules = self.game.rules
        draw_panel(surf, r, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
        self._note("label", "scores", r)
        hand = self.hand
        col = [r.left + L.px(16), r.left + r.width // 2 + L.px(12)]
        heads = ("Us", "Them")
        for t in (0, 1):
            x = col[t]
            pygame.draw.circle(
                surf, TEAM_COLORS[t], (x + L.px(5), r.top + L.px(17)), max(3, L.px(5))
            )
            draw_text(surf, heads[t], L.f_small, MUTED, (x + L.px(16), r.top + L.px(10)))
            shown, bags = self.shown_scores
            score = display_score(rules, shown[t], bags[t])
            draw_text(surf, number(score), L.f_score, TEXT, (x, r.top + L.px(34)))
            parts = []
            if rules.bags_display == "counter" and (rules.bag_limit or rules.bag_value):
                parts.append(f"Bags {bags[t]}")
            if not self._closed(hand) and hand.phase in (PLAY, DONE):
                took = self.tricks_shown[t] + self.tricks_shown[t + 2]
                parts.append(f"Won {took} of {hand.team_contract(t)}")
            for i, part in enumerate(parts):
                y = r.top + L.px(70) + i * round(L.f_small * 1.15)
                draw_text(surf, part, L.f_small, MUTED, (x, y))
        pygame.draw.line(
            surf, (60, 100, 78), (r.centerx, r.top + L.px(12)), (r.centerx, r.bottom - L.px(12))
        )

    def _draw_info(self, surf: pygame.Surface) -> None:
        """The rules' name; the target and hand number (and the clock of a timed game); and
        whether spades are broken, where that decides when spades may be led."""
        L = self.L
        r = L.info_rect
        rules = self.game.rules
        draw_panel(surf, r, PLATE_BG, L.radius, (255, 255, 255, 40), 1)
        self._note("label", "info", r)
        x = r.left + L.px(14)
        inner = r.width - L.px(28)
        name = ellipsize(rules_title(rules), L.f_small, inner)
        draw_text(surf, name, L.f_small, TEXT, (x, r.top + L.px(10)))
        n = len(self.game.hands)
        m = rules.match_hands
        parts = []
        if rules.target:
            parts.append(f"To {rules.target}")
        elif m:
            parts.append(f"{m}-hand match")
        if n:
            parts.append(f"Hand {n}" + (f" of {m}" if m and not rules.target and n <= m else ""))
        y2 = r.top + L.px(34)
        if rules.time_limit_min:
            clock = f"{self._minutes} of {rules.time_limit_min} min"
            cr = draw_text(surf, clock, L.f_small, MUTED, (r.right - L.px(14), y2), "topright")
            room = cr.left - L.px(10) - x
        else:
            room = inner
        draw_text(surf, ellipsize("  ·  ".join(parts), L.f_small, room), L.f_small, MUTED, (x, y2))
        c = (x + L.px(11), r.top + L.px(72))
        if rules.spades_lead == "any":
            words = "Spades may lead any time"
            draw_text(surf, words, L.f_small, MUTED, (x, c[1]), "midleft")
            return
        # the spades-broken badge: a spade in a ring, lit once spades are broken
        lit = self.spades_broken
        rad = L.px(11)
        pygame.draw.circle(surf, ACCENT if lit else (30, 62, 46), c, rad)
        pygame.draw.circle(surf, ACCENT if lit else (74, 110, 90), c, rad, max(1, L.px(1)))
        draw_suit(surf, 3, c, round(rad * 1.2), (30, 24, 8) if lit else (100, 136, 116))
        words = "Spades broken" if lit else "Spades not broken"
        draw_text(
            surf,
            words,
            L.f_small,
            ACCENT if lit else MUTED,
            (c[0] + rad + L.px(8), c[1]),
            "midleft",
        )

    def _closed(self, hand: Hand | None) -> TypeIs[None]:
        """Whether the table shows no hand: none dealt, thrown in, or over and scored on the
        table (a finished hand stays until its last trick is collected and scored).

        Typed as TypeIs[None] so that a False answer narrows `hand` to a Hand; a True answer
        may still come with a (thrown-in or finished) hand, which callers then leave alone."""
        return hand is None or hand.phase == MISDEAL or (hand.done and self.hand_closed)

    def _fan_count(self, seat: int) -> int:
        if self.counts is not None:
            return self.counts[seat]
        hand = self.hand
        if self._closed(hand):
            return 0
        return hand.hands[seat].bit_count()

    def _draw_fan(self, surf: pygame.Surface, seat: int) -> None:
        n = self._fan_count(seat)
        if n <= 0:
            return
        img, rect = self._fan_image(seat, n)
        surf.blit(img, rect)
        self._note("cards", f"fan{seat}", rect)

    def _draw_trick(self, surf: pygame.Surface) -> None:
        L = self.L
        for seat, card in self.trick:
            img = self.art.face(card, L.trick_w)
            r = img.get_rect(center=L.trick_slots[seat])
            surf.blit(img, r)
            if seat == self.trick_winner:
                pygame.draw.rect(
                    surf,
                    ACCENT,
                    r.inflate(L.px(8), L.px(8)),
                    max(2, L.px(3)),
                    border_radius=L.px(10),
                )
            self._note("cards", f"trick{seat}", r)

    def _draw_hand(self, surf: pygame.Surface) -> None:
        L = self.L
        self.hand_rects = {}
        hand = self.hand
        if self._closed(hand):
            return
        if self.counts is not None:
            rects = L.hand_rects(13)[: self.counts[SOUTH]]
            for r in rects:
                surf.blit(self.art.back(L.hand_w), r)
            if rects:
                self._note("cards", "hand", rects[0].unionall(rects))
            return
        cards = hand.cards_in_hand(SOUTH)
        d = self.drag
        if d is not None and d.active:
            cards = [c for c in cards if c != d.card]
        rects = L.hand_rects(len(cards))
        p = self.prompt
        playing = p is not None and p.kind == "play" and not self.hidden
        passing = p is not None and p.kind == "pass"
        legal = cast(Turn, p).options if playing else 0  # playing: p is a Turn
        hinted = self._hinted_cards()
        for card, r in zip(cards, rects):
            r = pygame.Rect(r)
            if self.hidden:
                surf.blit(self.art.back(L.hand_w), r)
                self.hand_rects[card] = r
                continue
            if playing:
                if legal >> card & 1:
                    r.y -= L.lift
                    img = self.art.face(card, L.hand_w)
                else:
                    img = self.art.dimmed(card, L.hand_w)
            else:
                img = self.art.face(card, L.hand_w)
                if passing and card in self.selected:
                    r.y -= L.lift
            surf.blit(img, r)
            self.hand_rects[card] = r
        # marks go on top, each around the part of its card that shows (never over the next)
        for card in self.hand_rects:
            seen = self._visible(card)
            if hinted >> card & 1:
                ring(surf, seen, L)
            elif card == self.hover_card and card != self.focus_card and (playing or passing):
                pygame.draw.rect(surf, (255, 255, 255), seen, max(2, L.px(2)), L.px(8))
            if self.received >> card & 1:
                self._draw_received(surf, seen)
                self._note("mark", f"received{card}", seen)
        if self.focus_card in self.hand_rects:
            self._draw_focus(surf, self._visible(self.focus_card))
        if self.hand_rects:
            rs = list(self.hand_rects.values())
            self._note("cards", "hand", rs[0].unionall(rs))

    def _visible(self, card: int) -> pygame.Rect:
        """The part of a card in the hand that its right-hand neighbour leaves showing."""
        cards = list(self.hand_rects)
        r = self.hand_rects[card]
        i = cards.index(card)
        if i + 1 == len(cards):
            return pygame.Rect(r)
        nxt = self.hand_rects[cards[i + 1]]
        return pygame.Rect(r.left, r.top, max(nxt.left - r.left, 1), r.height)

    def _draw_received(self, surf: pygame.Surface, seen: pygame.Rect) -> None:
        """A card just passed to the player: a blue frame and a "New" tag at its top."""
        L = self.L
        pygame.draw.rect(surf, RECEIVED, seen, max(2, L.px(3)), border_radius=L.px(8))
        img = render_text("New", L.f_small, (8, 24, 40))
        tag = pygame.Rect(0, 0, img.get_width() + L.px(10), img.get_height() + L.px(2))
        tag.midbottom = (seen.centerx, seen.bottom - L.px(6))
        draw_panel(surf, tag, RECEIVED, tag.height // 2)
        surf.blit(img, img.get_rect(center=tag.center))

    def _draw_focus(self, surf: pygame.Surface, seen: pygame.Rect) -> None:
        """The keyboard's card: a thick gold frame and a gold pointer above it."""
        L = self.L
        w = max(3, L.px(4))
        pygame.draw.rect(surf, ACCENT, seen.inflate(w, w), w, border_radius=L.px(9))
        tip = L.px(8)
        cx, top = seen.centerx, seen.top - L.px(4)
        pts = [(cx - tip, top - tip), (cx + tip, top - tip), (cx, top)]
        pygame.draw.polygon(surf, ACCENT, pts)
        pygame.draw.polygon(surf, (30, 24, 8), pts, max(1, L.px(1)))

    def _hinted_cards(self) -> int:
        """The mask of the cards the shown hint suggests (0 when none is shown)."""
        h = self.hint
        if h is None or self.hint_hidden or self.prompt is None:
            return 0
        if h.kind == "play":
            return 1 << h.action
        if h.kind == "pass":
            return int(h.action)
        return 0

    def _plate_info(self, seat: int) -> str:
        hand = self.hand
        if self._closed(hand):
            return ""
        b = hand.bids[seat]
        if hand.phase == BID:
            if b is not None:
                return self._bid_words(hand, seat)
            if self.turn_seat != seat:
                return "Waiting to bid"
            return "Deciding..." if self.turn_kind == "misdeal" else "Bidding..."
        won = self.tricks_shown[seat]
        return f"{self._bid_words(hand, seat)}  ·  Won {won}"

    def _bid_words(self, hand: Hand, seat: int) -> str:
        return seat_bid(hand, seat)

    def _draw_plate(self, surf: pygame.Surface, seat: int) -> None:
        """A seat's name plate: avatar, name, dealer chip, bid and tricks; gold on its turn."""
        L = self.L
        r = L.plates[seat]
        turn = self.turn_seat == seat and self.result is None and self.over is None
        border = TURN_GLOW if turn else (255, 255, 255, 40)
        draw_panel(surf, r, PLATE_BG, L.radius, border, max(2, L.px(3)) if turn else 1)
        self._note("label", f"plate{seat}", r)
        rad = L.px(17)
        ac = (r.left + L.px(12) + rad, r.centery)
        pygame.draw.circle(surf, TEAM_COLORS[seat % 2], ac, rad)
        name = self.ctl.names[seat]
        draw_text(surf, (name[:1] or "?").upper(), L.f_name, (255, 255, 255), ac, "center")
        x = ac[0] + rad + L.px(10)
        hand = self.hand
        dealer = not self._closed(hand) and hand.dealer == seat
        room = r.right - L.px(10) - x - (L.px(30) if dealer else 0)
        shown = ellipsize(name, L.f_name, room)
        nr = draw_text(surf, shown, L.f_name, TURN_GLOW if turn else TEXT, (x, r.top + L.px(8)))
        if dealer:
            cr = pygame.Rect(0, 0, L.px(22), L.px(22))
            cr.midleft = (nr.right + L.px(8), nr.centery)
            if cr.right < r.right - L.px(4):
                pygame.draw.circle(surf, (236, 236, 228), cr.center, cr.width // 2)
                draw_text(surf, "D", L.f_small * 0.9, (20, 40, 30), cr.center, "center")
        info = self._plate_info(seat)
        color = MUTED
        b = hand.bids[seat] if not self._closed(hand) and hand.phase in (PLAY, DONE) else None
        if b is not None and is_nil(b) and self.tricks_shown[seat] == 0:
            color = GOOD
        info = ellipsize(info, L.f_info, r.right - L.px(10) - x)
        draw_text(surf, info, L.f_info, color, (x, r.top + L.px(32)))

    def _draw_bubbles(self, surf: pygame.Surface) -> None:
        """Each fresh bid in a speech bubble beside the seat's cards."""
        L = self.L
        for seat, (text, _left) in self.bubbles.items():
            img = render_text(text, L.f_body, ACCENT_TEXT)
            r = pygame.Rect(0, 0, img.get_width() + L.px(30), L.px(38))
            tip = L.px(9)
            if seat == NORTH:
                r.midright = (L.north_fan.left - L.px(6) - tip, L.north_fan.centery)
                pts = [
                    (r.right, r.centery - tip),
                    (r.right, r.centery + tip),
                    (r.right + tip, r.centery),
                ]
            elif seat == WEST:
                r.midleft = (L.west_fan.right + L.px(6) + tip, L.west_fan.centery)
                pts = [
                    (r.left, r.centery - tip),
                    (r.left, r.centery + tip),
                    (r.left - tip, r.centery),
                ]
            elif seat == EAST:
                r.midright = (L.east_fan.left - L.px(6) - tip, L.east_fan.centery)
                pts = [
                    (r.right, r.centery - tip),
                    (r.right, r.centery + tip),
                    (r.right + tip, r.centery),
                ]
            else:
                continue
            pygame.draw.polygon(surf, ACCENT, pts)
            draw_panel(surf, r, ACCENT, r.height // 2)
            surf.blit(img, img.get_rect(center=r.center))
            self._note("label", f"bubble{seat}", r.union(pygame.Rect(pts[2], (1, 1))))

    def _draw_message(self, surf: pygame.Surface) -> None:
        """The toast, or a one-line prompt for the player, between the trick and the hand."""
        L = self.L
        text = self.toast_text if self.toast_left > 0 else ""
        strong = bool(text)
        hint = next((p.rect for p in self.panels if p.name == "hint"), None)
        if not text and not self._modal() and hint is None:
            text = self._prompt_line()
        if not text:
            return
        size = L.f_body
        w = text_width(text, size) + L.px(48)
        w = min(w, L.size[0] - 2 * L.margin)
        rect = pygame.Rect(0, 0, w, L.px(42))
        rect.center = L.toast_center
        if hint is not None and not self._modal():
            rect.bottom = hint.top - L.px(8)  # above the hint box, over the empty south slot
        modal = next((p.rect for p in reversed(self.panels) if p.modal), None)
        if modal is not None and rect.colliderect(modal):  # beside the open panel, not over it
            rect.top = modal.bottom + L.px(10)
            if rect.bottom > L.size[1] - L.margin:
                rect.bottom = modal.top - L.px(10)
        if strong:
            draw_panel(surf, rect, (20, 24, 22, 236), rect.height // 2, ACCENT, max(1, L.px(2)))
            img = render_text(text, size, TEXT)
        else:
            draw_panel(surf, rect, (0, 0, 0, 70), rect.height // 2)
            img = render_text(text, size, ACCENT)
        if img.get_width() > rect.width - L.px(24):
            img = pygame.transform.smoothscale(img, (rect.width - L.px(24), img.get_height()))
        surf.blit(img, img.get_rect(center=rect.center))
        self._note("label", "message", rect)

    def _hinted_bid(self) -> str:
        """The name of the bid button the shown hint suggests, if any."""
        h = self.hint
        if h is None or self.hint_hidden or h.kind != "bid":
            return ""
        return f"bid:{h.action}"

    def _prompt_line(self) -> str:
        if self.collect_wait is not None:
            return "Click or press Space to collect the trick"
        p = self.prompt
        hand = self.hand
        if p is None or hand is None:
            return ""
        if p.kind == "play" and self.claim_offer is not None:
            return "Your cards win every trick from here: claim the rest (C), or play on"
        if p.kind == "play":
            if not hand.trick:
                return "Your lead: click a card, or drag it to the table"
            led = hand.deck.suit[hand.trick[0]]
            if p.options & hand.deck.suit_masks[led]:
                return f"Your turn: follow {SUIT_NAMES[led]}"
            return "Your turn: you cannot follow suit"
        return ""


# --------------------------------------------------------------------------- entry points


def _save_fn(app: App) -> Callable[[dict[str, Any]], None] | None:
    storage = app.services.get("storage")
    return getattr(storage, "save_game", None) if storage is not None else None


def new_game_scene(
    app: App,
    rules: Rules,
    levels: tuple[str, str, str],
    names: tuple[str, str, str, str],
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
    levels: tuple[str, str, str] | None = None,
    names: tuple[str, str, str, str] | None = None,
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
    return TableScene(app, ctl, prefs)
