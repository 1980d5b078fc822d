"""What a click, a drag or a key does on the table: the controller's intents (bid, play,
pass, hint, undo, claim) and the table's own changes (open a panel, choose a card)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...controller.decisions import HINTED
from ...controller.events import Turn
from ...controller.intents import (
    Answer,
    AskPartner,
    Bid,
    Claim,
    Discard,
    Hint,
    Intent,
    Misdeal,
    NextHand,
    PassCards,
    Play,
    SetPractice,
    ShowCards,
    Undo,
)
from ...engine.actions import (
    BidRequest,
    ContinueRequest,
    DiscardRequest,
    PassRequest,
    PlayRequest,
    Question,
)
from ...engine.bids import NIL, bid_words, hint_base
from ...engine.cards import SPADES, card_name, mask_of
from ...engine.hand import PLAY
from ..widgets import Button
from ..words import NOT_YOUR_CLAIM
from .bid_panels import refused_bids
from .buttons import build_corner, build_panels
from .pace import cycle_pace, step_aside
from .panels import Panel, focus_order
from .played_panel import PLAYED_KEY, toggle_played
from .table_view import Drag, hinted_bid, hinted_card

if TYPE_CHECKING:
    from .scene import TableScene

CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): d for d in range(10)
}
KEYS_START = ("bid", "misdeal", "exchange")  # panels the keyboard starts on the first button of
# The bid the keyboard starts on: a quarter of the 13 tricks, a plain bid that gives nothing
# away (never the hint's) and never nil, so Enter alone bids something ordinary.
PLAIN_BID = 3
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)


class TableInput:
    """Turns the player's input into intents; holds the buttons and panels open now."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.view = scene.view
        self.ctl = scene.ctl
        self.panels: list[Panel] = []
        self.corner: list[Button] = []
        self._default_focus: str | None = None
        self._typed: tuple[BidRequest | None, str] = (None, "")  # the digits typed for a bid turn
        self._card_turn: Turn | None = None  # the turn the keyboard's card was chosen for
        self._hint_seen: object = None  # the hint the keyboard was last moved onto

    # ----- the buttons and panels ------------------------------------------------------------

    def build(self) -> None:
        """Make the corner buttons and the panels for the view as it is now."""
        self.corner = build_corner(self.scene)
        self.panels = build_panels(self.scene)
        self.corner = step_aside(self.corner, self.panels)
        self._focus_default_button()
        if self.view.keyboard:
            self.focus_a_card()
            self._hint_to_focus()

    def _focus_default_button(self) -> None:
        """A panel with a safe default (the blind question's "Look at my cards") starts with
        the keyboard on it, so Enter alone never makes the risky choice; when that panel
        goes, so does the focus it gave. Once the player uses the keys, a panel without
        one starts on its first button (the lowest bid)."""
        v = self.view
        names = [b.name for b in focus_order(self.panels)]
        if self._default_focus is not None and self._default_focus not in names:
            self._default_focus = None
            v.focus_button = -1
        if v.focus_button != -1:
            return
        for panel in self.panels:
            default = panel.default
            if default is None and v.keyboard and panel.name in KEYS_START and panel.buttons:
                default = self._start_button(panel)
            if default in names:
                v.focus_button = names.index(default)
                self._default_focus = default
                return

    @staticmethod
    def _start_button(panel: Panel) -> str:
        """The button a panel starts the keyboard on: the plain bid nearest PLAIN_BID."""
        bids = [b for b in panel.buttons if b.name.startswith("bid:") and b.enabled]
        plain = [n for n in (int(b.name[4:]) for b in bids) if n < NIL]
        if panel.name != "bid" or not plain:
            return panel.buttons[0].name
        return f"bid:{min(plain, key=lambda n: (abs(n - PLAIN_BID), n))}"

    def start_card(self, legal: int) -> int | None:
        """The card a turn to play starts on: the lowest that follows, else the lowest discard."""
        # a spade only when nothing else may go; leading, the lowest side-suit card; chosen
        # from the cards alone, never from the hint, which would give the answer away
        deck = self.view.deck
        order = self.view.south_cards()
        cands = [c for c in order if legal >> c & 1]
        if not cands:
            return None
        return min(cands, key=lambda c: (deck.suit[c] == SPADES, deck.strength[c], order.index(c)))

    def _hint_to_focus(self) -> None:
        """A hint just shown with the keys in use: the keyboard moves onto its card or bid."""
        # one ring then shows where Enter goes, not the keyboard's and the hint's on two cards
        v = self.view
        h = v.hint
        if h is None or v.hint_hidden or h is self._hint_seen or not v.keyboard:
            return
        self._hint_seen = h
        card, bid = hinted_card(h.action), hinted_bid(h.action)
        if card is not None and v.south >> card & 1:
            v.focus_card = card
        elif bid is not None:
            names = [b.name for b in focus_order(self.panels)]
            if f"bid:{bid}" in names:
                v.focus_button = names.index(f"bid:{bid}")

    def focus_a_card(self) -> None:
        """On the player's turn to play or choose cards, the keyboard's card is one that can
        be chosen: a new turn to play starts on `start_card`; within a turn it is kept if it
        still can be chosen, else the nearest one in the hand to where it was."""
        v = self.view
        p = v.prompt
        if p is None or v.sent or v.hidden or not v.choosing_cards():
            return
        if self.exchange_open():
            return
        order = v.south_cards()
        legal = v.playable()
        cands = [c for c in order if legal >> c & 1]
        if isinstance(p.request, PlayRequest) and p is not self._card_turn:
            self._card_turn = p
            v.focus_card = self.start_card(legal)
            return
        if not cands or v.focus_card in cands:
            return
        old = v.focus_card
        if old is None:
            v.focus_card = cands[0]
            return
        key = v.deck.sort_key(old)
        where = sum(1 for c in order if v.deck.sort_key(c) < key)  # its place in the hand
        v.focus_card = min(cands, key=lambda c: (abs(order.index(c) - where), order.index(c)))

    def modal(self) -> bool:
        """Whether a panel that covers the table is open."""
        return any(p.modal for p in self.panels)

    def active_buttons(self) -> list[Button]:
        """Buttons that take input now (a modal panel's only, when one is open)."""
        if self.modal():
            return focus_order(self.panels)
        return focus_order(self.panels) + self.corner

    def button(self, name: str) -> Button | None:
        """An active button by name (e.g. "bid:4", "continue", "scores")."""
        for b in self.active_buttons():
            if b.name == name:
                return b
        return None

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card of the hand under a point (the topmost)."""
        rects = self.scene.render.hand_rects
        for card in reversed(list(rects)):
            if rects[card].collidepoint(pos):
                return card
        return None

    # ----- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys: the path field while typing, buttons first, then cards."""
        if self.view.overlay == "options" and self.scene.records.field.handle(event):
            self.scene.dirty()
        elif event.type == pygame.QUIT:
            self.scene.close()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and self.view.keyboard:
                self.view.keyboard = False  # the keyboard's marks go until the next key
                self.scene.render.dirty = True
            self._mouse(event)

    def _mouse(self, event: pygame.event.Event) -> None:
        v, render = self.view, self.scene.render
        for b in self.active_buttons():
            was = b.hover
            used = b.handle(event)
            if b.hover != was or used:
                render.dirty = True
            if used and event.type == pygame.MOUSEBUTTONDOWN and not b.enabled:
                self.say_refused(b.name)
            if used:
                return
        if self.modal():
            return
        if v.collect_wait:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.scene.events.collect()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.card_at(event.pos)
            if card is not None:
                r = render.hand_rects[card]
                off = (event.pos[0] - r.left, event.pos[1] - r.top)
                v.drag = Drag(card, event.pos, off, event.pos)
        elif event.type == pygame.MOUSEMOTION:
            d = v.drag
            if d is not None:
                d.pos = event.pos
                moved = abs(event.pos[0] - d.start[0]) + abs(event.pos[1] - d.start[1])
                if not d.active and moved > self.scene.L.px(10):
                    d.active = v.asked(PlayRequest) is not None
                    render.dirty = True
            else:
                card = self.card_at(event.pos)
                if card != v.hover_card:
                    v.hover_card = card
                    render.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drop(event.pos)

    def _drop(self, pos: tuple[int, int]) -> None:
        """The mouse let go of a card: a click on it, or a drag onto the table (or not)."""
        v, L = self.view, self.scene.L
        d = v.drag
        if d is None:
            return
        if not d.active:
            v.drag = None
            self.card_action(d.card)
            return
        if pos[1] < L.hand_top - L.lift:
            self.card_action(d.card)
            if not v.sent:
                v.drag = None
        else:
            v.drag = None
        self.scene.render.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        v = self.view
        k = event.key
        if not v.keyboard:
            v.keyboard = True
            # the first Enter or arrow shows where the keys start; it neither chooses nor moves
            if (k in CONFIRM or k in ARROWS) and self._reveal_focus():
                return
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        modal = self.modal()
        if k == pygame.K_ESCAPE:
            if v.asking_bid is not None:
                self.cancel_bid()
            elif v.overlay is not None:
                self.toggle_overlay(v.overlay)
            elif v.drag is not None:
                v.drag = None
                self.scene.dirty()
            else:
                self.scene.to_menu()
            return
        if v.collect_wait and not modal and k in CONFIRM:
            self.scene.events.collect()
            return
        overlays = {pygame.K_s: "scores", pygame.K_o: "options"}
        if k == pygame.K_l and not (v.over and v.result is None):
            overlays[k] = "last"
        if k in overlays:
            self.toggle_overlay(overlays[k])
            return
        undo_key = k == pygame.K_u or (k == pygame.K_z and ctrl)
        modals = [p.name for p in self.panels if p.modal]
        if undo_key and v.over is None and modals in ([], ["result"]):
            self.undo()  # also from the end-of-hand summary: back to the last card
            return
        if not modal and k == pygame.K_p:
            cycle_pace(self.scene)
            return
        if not modal and k == PLAYED_KEY:
            toggle_played(self.scene)
            return
        if not modal and v.over is None and k == pygame.K_h:
            self.ask_hint()
            return
        if not modal and v.over is None and k == pygame.K_c:
            self.claim()
            return
        p = v.prompt
        cards_live = v.choosing_cards() and self.scene.render.hand_rects
        if cards_live and not modal and self._card_key(k):
            return
        digit = DIGITS.get(k)
        if not modal and p is not None and isinstance(p.request, BidRequest) and digit is not None:
            self._digit_bid(p.seat, p.request, digit)
            return
        self._typed = (None, "")
        buttons = focus_order(self.panels)
        if buttons and k in ARROWS:
            back = k in (pygame.K_LEFT, pygame.K_UP) or (
                k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            n = len(buttons)
            if 0 <= v.focus_button < n:
                v.focus_button = (v.focus_button + (-1 if back else 1)) % n
            else:
                v.focus_button = n - 1 if back else 0
            self.scene.dirty()
            return
        if k in CONFIRM and buttons:
            if 0 <= v.focus_button < len(buttons):
                if not buttons[v.focus_button].enabled:
                    self.say_refused(buttons[v.focus_button].name)
                buttons[v.focus_button].activate()
            elif modal:
                buttons[-1].activate()
            self.scene.dirty()

    def _reveal_focus(self) -> bool:
        """The first Enter or arrow after the mouse puts the keyboard on a card or bid, shown,
        without choosing it (Enter does only what the focus shows); True if it did."""
        v = self.view
        p = v.prompt
        if p is None or v.sent or self.modal() or v.collect_wait:
            return False
        button = v.focus_button
        self._focus_default_button()
        self.focus_a_card()
        self.scene.dirty()
        card_shown = v.choosing_cards() and v.focus_card is not None
        return card_shown or v.focus_button != button

    def _card_key(self, k: int) -> bool:
        """Left/Right choose a card, Enter/Space play (or pick) it; True if the key was used."""
        v = self.view
        order = list(self.scene.render.hand_rects)
        if not order:
            return False
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            legal = v.playable()
            cands = [c for c in order if legal >> c & 1] or order
            if v.focus_card not in cands:
                v.focus_card = cands[0] if k == pygame.K_RIGHT else cands[-1]
            else:
                i = cands.index(v.focus_card) + (1 if k == pygame.K_RIGHT else -1)
                v.focus_card = cands[i % len(cands)]
            self.scene.dirty()
            return True
        if k in CONFIRM:
            picking = v.picking()
            chosen = picking is not None and len(v.selected) == picking.count
            if chosen and k != pygame.K_SPACE:
                if isinstance(picking, PassRequest):
                    self.pass_cards()
                else:
                    self.discard()
                return True
            if v.focus_card is not None:
                self.card_action(v.focus_card)
                return True
        return False

    def _digit_bid(self, seat: int, p: BidRequest, digit: int) -> None:
        """A digit key chooses that bid for Enter to make: "1" then "0"-"3" chooses 10-13
        where that is a bid now, so "1" alone chooses 1 until the next key."""
        asked, typed = self._typed
        if asked is p and typed == "1" and self._bid_button(seat, p, 10 + digit) is not None:
            self._choose_bid(seat, p, 10 + digit)
            self._typed = (None, "")
            return
        self._typed = (p, str(digit))
        first_of_two = any(self._bid_button(seat, p, n) for n in range(10, 14))
        if digit == 1 and self._bid_button(seat, p, 1) is None and first_of_two:
            return  # the first digit of 10-13: wait for the second
        self._choose_bid(seat, p, digit)

    def _bid_button(self, seat: int, p: BidRequest, n: int) -> str | None:
        """The bid button a typed number stands for (a team total where partners bid by
        hint, and in the second round; 0 is nil where 0 is not a bid), if it is offered now."""
        facts = self.view.facts
        base = None
        if facts is not None and not p.raising:  # the second round's buttons are team totals
            base = hint_base(self.view.rules, facts.bids, seat)
        value = n - (base or 0)
        options = p.plain if self.view.plain_chosen and p.plain else p.bids
        if value in options:
            return f"bid:{value}"
        if n == 0 and NIL in options:
            return f"bid:{NIL}"
        return None

    def _choose_bid(self, seat: int, p: BidRequest, n: int) -> None:
        """Put the keyboard on the bid button of a typed number, or say it is no bid now."""
        name = self._bid_button(seat, p, n)
        names = [b.name for b in focus_order(self.panels)]
        if name not in names:
            self.scene.toast(f"{n} is not a bid you can make now")
            return
        self.view.focus_button = names.index(name)
        words = str(n) if p.raising else focus_order(self.panels)[names.index(name)].text
        self.scene.toast(f"Press Enter to bid {words}")  # not "to bid Agree: 7"

    def say_refused(self, name: str) -> None:
        """A greyed bid clicked or chosen: the table says why it is closed now."""
        p = self.view.asked(BidRequest)
        if p is None:
            return
        for b, why in refused_bids(p):
            if name == f"bid:{b}":
                self.scene.toast(f"{bid_words(b)} is closed now: {why}")

    # ----- intents ---------------------------------------------------------------------------

    def _send_once(self, intent: Intent) -> None:
        """Send the player's answer to the request on the table, once (a second click waits)."""
        if self.view.sent:
            return
        self.view.sent = True
        self.ctl.send(intent)

    def bid(self, bid: int) -> None:
        """Bid (a number, nil, or a blind bid), with the Bemo chosen, if any; without the no
        trump partner agreed to, if the player chose so; with "Ask before sending a bid" on,
        the question comes first."""
        v = self.view
        if self.scene.prefs.confirm_bid and not v.sent:
            v.asking_bid = bid
            v.focus_button = -1
            self.scene.rebuild()
            return
        self._send_once(self._bid_intent(bid))

    def _bid_intent(self, bid: int) -> Bid:
        """The intent for a bid: the Bemo chosen, and plain if the player chose to bid without
        the no trump partner agreed to."""
        v = self.view
        asked = v.asked(BidRequest)
        plain = v.plain_chosen and asked is not None and bool(asked.plain)
        return Bid(bid, v.bemo_chosen, plain)

    def send_bid(self) -> None:
        """Yes to "Bid 4?": the bid asked about goes."""
        v = self.view
        bid, v.asking_bid = v.asking_bid, None
        if bid is not None:
            self._send_once(self._bid_intent(bid))
        v.focus_button = -1
        self.scene.rebuild()

    def cancel_bid(self) -> None:
        """No to "Bid 4?": back to the bids, on the one asked about."""
        v = self.view
        bid, v.asking_bid = v.asking_bid, None
        v.focus_button = -1
        self.scene.rebuild()
        names = [b.name for b in focus_order(self.panels)]
        if f"bid:{bid}" in names:
            v.focus_button = names.index(f"bid:{bid}")

    def choose_plain(self) -> None:
        """Switch between the no-trump bids partner agreed to and the plain bids (001)."""
        v = self.view
        v.plain_chosen = not v.plain_chosen
        self.scene.rebuild()
        names = [b.name for b in focus_order(self.panels)]
        if v.focus_button != -1 and "plain" in names:  # the keyboard stays on the switch
            v.focus_button = names.index("plain")

    def choose_bemo(self, tricks: int) -> None:
        """Choose a Bemo to declare with the bid, or take the choice back (001)."""
        v = self.view
        v.bemo_chosen = 0 if v.bemo_chosen == tricks else tricks
        self.scene.rebuild()

    def ask_partner(self, what: Question) -> None:
        """Ask partner to agree to a no trump or a Double Nil before bidding (001)."""
        self._send_once(AskPartner(what))

    def answer(self, yes: bool) -> None:
        """Answer partner's question: yes or no."""
        self._send_once(Answer(yes))

    def discard(self) -> None:
        """Discard the two chosen cards (the taker of the two left over, 001)."""
        v = self.view
        p = v.asked(DiscardRequest)
        if p is not None and len(v.selected) == p.count:
            self._send_once(Discard(mask_of(v.selected)))

    def choose_suit(self, suit: int | None) -> None:
        """The suit to ask back with the pass (001), or none."""
        self.view.suit_chosen = suit
        self.scene.rebuild()

    def show_cards(self) -> None:
        """Look at the cards, giving up a blind bid this hand."""
        self.ctl.send(ShowCards())

    def misdeal(self, call: bool) -> None:
        """Throw the hand in, or keep it."""
        self._send_once(Misdeal(call))

    def pass_cards(self) -> None:
        """Pass the chosen cards to partner (once as many as asked are chosen)."""
        v = self.view
        p = v.asked(PassRequest)
        if p is not None and len(v.selected) == p.count:
            self._send_once(PassCards(mask_of(v.selected), v.suit_chosen if p.ask_suit else None))

    def exchange_open(self) -> bool:
        """Whether the human, a blind nil bidder, must first choose exchange or no exchange."""
        v = self.view
        p = v.asked(PassRequest)
        return p is not None and p.skip and not v.exchange_chosen

    def exchange(self, take: bool) -> None:
        """The blind nil bidder's choice: exchange cards with partner, or not."""
        if not self.exchange_open() or self.view.sent:
            return
        if take:
            self.view.exchange_chosen = True
            self.scene.rebuild()
            return
        self._send_once(PassCards(0))

    def next_hand(self) -> None:
        """Continue from the hand's summary to the next deal."""
        if self.ctl.human_turn(ContinueRequest.kind):
            self.ctl.send(NextHand())
        self.view.result = None
        self.scene.rebuild()

    def card_action(self, card: int) -> None:
        """A click (or Enter) on a card of the hand: play it, or choose it to pass."""
        v = self.view
        if v.asked(PlayRequest) is not None:
            self._send_once(Play(card))
            return
        p = v.picking()
        if p is not None:
            if self.exchange_open():
                self.scene.toast("First choose: exchange cards with your partner, or no exchange")
                return
            if card in v.selected:
                v.selected.discard(card)
            elif len(v.selected) < p.count:
                v.selected.add(card)
            self.scene.rebuild()
            return
        if v.phase == PLAY and v.turn_seat is not None:
            self.scene.toast(f"Wait for your turn: {v.names[v.turn_seat]} is playing")

    def play_forced(self, turn: Turn, card: int) -> None:
        """The option "Play forced cards": the player's only legal card goes by itself."""
        v = self.view
        if v.prompt is not turn or v.sent or v.hidden:
            return
        self.scene.toast(f"Your only card to play: the {card_name(card)}", 1.6)
        self._send_once(Play(card))

    def toggle_overlay(self, name: str) -> None:
        """Open or close the score pad ("scores"), the last trick ("last") or the options."""
        v = self.view
        if name == "last" and v.last_trick is None and v.overlay != "last":
            self.scene.toast("No trick has been played yet in this hand")
            return
        v.overlay = None if v.overlay == name else name
        v.focus_button = -1
        if v.overlay == "options":
            self.scene.records.refresh_recent()
        else:
            self.scene.records.field.stop()
        self.scene.rebuild()

    # ----- the coach -------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """H: the coach's choice for this decision (computed off the window's thread)."""
        v = self.view
        p = v.prompt
        if p is None or not isinstance(p.request, HINTED) or v.hidden or v.sent:
            self.scene.toast("Hints are for your bids, passes and cards, on your turn")
            return
        if v.hint is not None:
            v.hint_hidden = not v.hint_hidden
            self.scene.rebuild()
            return
        if not v.hint_wait:
            v.hint_wait = True
            self.ctl.send(Hint())
            self.scene.rebuild()

    def undo(self) -> None:
        """U or Ctrl+Z in practice mode: take back the last bid, pass or card of this hand."""
        if not self.ctl.practice:
            self.scene.toast("Undo is for practice: turn Practice mode on in Options (O)")
            return
        if not self.ctl.can_undo():
            self.scene.toast("There is nothing of yours to undo in this hand")
            return
        self.scene.events.stop()
        self.ctl.send(Undo())
        self.scene.pump()

    def claim(self) -> None:
        """C: claim the remaining tricks (the controller checks that they are sure)."""
        if self.view.sent:
            self.scene.toast(NOT_YOUR_CLAIM)
            return
        self.ctl.send(Claim())

    def set_practice(self, on: bool) -> None:
        """Practice mode for this game, remembered in the settings for the next ones."""
        self.ctl.send(SetPractice(on))
        self.ctl.pump_control()
        given = self.scene.prefs_given
        if isinstance(given, dict):
            given["practice"] = on
        settings = self.scene.app.services.settings
        if settings is not None and getattr(settings, "practice", on) != on:
            settings.practice = on
            message = settings.save() if hasattr(settings, "save") else None
            if message:
                self.scene.toast(message)
        self.scene.rebuild()
