"""What each controller event does on the table: the view's changes, with the flights, holds
and sounds between them (the next event waits until they are over)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...controller.events import (
    Answered,
    Asked,
    BidMade,
    CardPlayed,
    CardsPassed,
    CardsShown,
    Claimed,
    ClaimOffer,
    Discarded,
    Event,
    GameOver,
    HandDealt,
    HandFacts,
    HandScored,
    HintReady,
    Illegal,
    MisdealCalled,
    Notice,
    RaiseProposed,
    Rewound,
    TrickWon,
    Turn,
)
from ...engine.cards import SUIT_NAMES, card_name
from ...engine.claim import ClaimObstacle
from ...engine.hand import BID, DISCARD, DONE, MISDEAL, PASS, PLAY, bidding_order
from ...engine.scoring import HandResult
from ..speech.table import TableNarrator
from ..words import (
    ASK_WORDS,
    answer_words,
    capital,
    cards_words,
    claim_refused,
    misdeal_words,
    plural,
    raise_line,
    seat_bid,
)
from .anim import Flight, ease_in_out
from .panels import focus_order
from .table_view import SOUTH, Bubble, passed_line

if TYPE_CHECKING:
    from .scene import TableScene

log = logging.getLogger(__name__)


class EventPlayer:
    """Plays controller events onto the table, one at a time."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.view = scene.view
        self.waiting: Callable[[], None] | None = None  # a finished trick waiting for a click
        self.hints_counted: set[int] = set()
        self.warm: list[int] = []  # the player's faces still to render while they are dealt
        # each event told aloud, when speech is on
        self.narrator = TableNarrator(scene, lambda: focus_order(scene.input.panels))

    def seconds(self, s: float) -> float:
        """A duration at the table's animation speed (quicker while a claim plays out)."""
        return s * self.scene.prefs.speed * (0.15 if self.view.claiming else 1.0)

    def play(self, e: Event) -> None:
        """Put one event on the table, then rebuild the buttons and panels for it."""
        handler = getattr(self, "on_" + type(e).__name__, None)
        if handler is not None:
            handler(e)
        self.scene.rebuild()
        self.narrator.event(e)

    def stop(self) -> None:
        """Drop whatever is moving or held (its callbacks too): the position is rebuilt."""
        self.scene.anim.stop()
        self.waiting = None
        self.view.collect_wait = False

    def collect(self) -> None:
        """The player's click or key: the finished trick waiting on the table leaves it."""
        if self.waiting is not None:
            self.waiting()

    # ----- the deal ------------------------------------------------------------------------

    def on_HandDealt(self, e: HandDealt) -> None:
        v = self.view
        v.reset_hand()
        v.hands.append(e.facts or HandFacts(e.hand_no, e.dealer, bidding_order(v.rules, e.dealer)))
        v.south = e.south
        v.counts = list(e.counts) if e.counts else [e.south.bit_count()] * 4
        v.hidden = e.hidden
        facts = v.facts
        if e.extra:  # marked in the hand until the discard
            v.received = e.extra
        elif facts is not None and facts.taker >= 0:
            v.toast(f"The two cards left over go to {v.names[facts.taker]}", 3.0)
        if facts is not None and facts.special is not None and v.rules.special_card == "cut":
            v.toast(f"Special card this hand: the {card_name(facts.special)}", 3.0)
        if self.scene.prefs.speed <= 0:
            return
        L, render = self.scene.L, self.scene.render
        total = min(52, sum(v.counts))  # 13 each; the two left over join the taker's at once
        v.dealing = [0, 0, 0, 0]
        self.warm = v.south_cards()
        start = L.seat_points[e.dealer]
        step = self.seconds(1.1) / max(1, total)
        for i in range(total):
            seat = (e.dealer + 1 + i) % 4
            self.scene.anim.fly(
                Flight(
                    render.back_for(seat),
                    start,
                    render.slot_center(seat, i // 4, 13),
                    self.seconds(0.26),
                    delay=i * step,
                    on_done=lambda seat=seat: self.dealt_one(seat),  # type: ignore[misc]
                )
            )
        self.scene.anim.wait(self.seconds(0.05), then=self.deal_done)

    def dealt_one(self, seat: int) -> None:
        """One card reached its seat."""
        if self.view.dealing is not None:
            self.view.dealing[seat] += 1
            if seat == SOUTH:
                self.scene.sound.play("deal")
                if self.warm:  # render the player's faces one by one while they are dealt
                    self.scene.art.face(self.warm.pop(), self.scene.L.hand_w)
        self.scene.render.dirty = True

    def deal_done(self) -> None:
        """Every card is dealt: the hands show their real counts."""
        self.view.dealing = None
        self.scene.dirty()

    def on_CardsShown(self, e: CardsShown) -> None:
        self.view.hidden = False

    def on_MisdealCalled(self, e: MisdealCalled) -> None:
        v = self.view
        v.toast(f"{v.who(e.seat)} called a misdeal ({misdeal_words(e.reasons)}): new deal", 3.0)
        v.prompt = None
        v.update_hand(phase=MISDEAL, misdeal_by=e.seat)
        v.closed = True
        self.scene.anim.wait(self.seconds(1.0))

    # ----- decisions -----------------------------------------------------------------------

    def on_Turn(self, e: Turn) -> None:
        v = self.view
        v.forget_coach()
        v.turn_seat = e.seat if e.kind != "continue" else None
        v.turn_kind = e.kind
        v.sent = False
        if e.kind in ("pass", "play"):
            v.bubbles.clear()
            if v.phase in (BID, DISCARD, PASS):
                v.update_hand(phase=PASS if e.kind == "pass" else PLAY)
        if not e.human:
            v.prompt = None
            return
        v.prompt = e
        if e.kind == "play" and self.scene.prefs.auto_play and e.legal.bit_count() == 1:
            card = e.legal.bit_length() - 1
            play = self.scene.input.play_forced
            self.scene.anim.wait(self.seconds(0.35), then=lambda: play(e, card))
            return
        if e.kind in ("bid", "blind", "play", "misdeal"):
            self.scene.sound.play("turn")
        if e.kind in ("pass", "discard"):
            v.selected.clear()
            v.exchange_chosen = False
            v.suit_chosen = None
        v.bemo_chosen = 0
        v.asking_bid = None
        v.plain_chosen = False
        if v.overlay is None:  # a panel open over the table keeps the keyboard where it is
            v.focus_button = -1

    def on_BidMade(self, e: BidMade) -> None:
        v = self.view
        v.forget_coach()
        if e.seat == 0:
            v.hidden = False
        v.prompt = None
        before = v.facts.contracts[e.seat % 2] if v.facts is not None else 0
        v.update_hand(e.facts)
        facts = v.facts
        if e.raised and facts is not None and facts.raises:  # 001's second round, told
            v.toast(raise_line(facts.raises[-1], v.names, v.human), 3.0)
            if e.seat in v.human:
                self.scene.anim.wait(self.seconds(0.8))  # read before the next event's news
        if e.seat not in v.human and facts is not None:
            words = seat_bid(facts, e.seat, v.rules)
            if e.raised:  # 001's second round: the team's new total
                words = f"Keeps {e.bid}" if e.bid == before else f"Raises to {e.bid}"
            v.bubbles[e.seat] = Bubble(words, 2.2)
            self.scene.anim.wait(self.seconds(0.5))

    def on_RaiseProposed(self, e: RaiseProposed) -> None:
        """Partner puts the team's second-round total to the player (001: the side agrees)."""
        v = self.view
        v.forget_coach()
        v.prompt = None
        before = v.facts.contracts[e.seat % 2] if v.facts is not None else 0
        v.update_hand(e.facts)
        words = f"I'd raise to {e.total}" if e.total > before else f"I'd keep {e.total}"
        v.bubbles[e.seat] = Bubble(words, 3.0)
        self.scene.anim.wait(self.seconds(0.6))

    def on_Discarded(self, e: Discarded) -> None:
        v = self.view
        v.update_hand(e.facts)
        v.prompt = None
        v.selected.clear()
        v.counts[e.seat] = max(0, v.counts[e.seat] - e.count)
        v.south = e.south
        if e.cards:
            v.aside |= e.cards
        else:
            v.aside_unseen += e.count
        if e.seat in v.human:
            v.received = 0
            v.toast(f"You discarded {cards_words(e.cards)} face down")
        else:
            v.toast(f"{v.names[e.seat]} discarded two cards face down")
        self.scene.anim.wait(self.seconds(0.5))

    def on_Asked(self, e: Asked) -> None:
        v = self.view
        v.update_hand(e.facts)
        v.prompt = None
        question = ASK_WORDS.get(e.what, e.what)
        if e.seat in v.human:
            v.toast(f"You ask {v.names[(e.seat + 2) % 4]}: {question}")
        else:
            v.bubbles[e.seat] = Bubble(question, 3.0)
        self.scene.anim.wait(self.seconds(0.6))

    def on_Answered(self, e: Answered) -> None:
        v = self.view
        v.update_hand(e.facts)
        v.prompt = None
        words = answer_words(e.what, e.yes)
        if e.seat in v.human:
            v.toast(f"You answer {v.names[e.asker]}: {words}")
        else:
            v.bubbles[e.seat] = Bubble(words, 2.6)
            if e.asker in v.human:
                v.toast(f"{v.names[e.seat]}: {words}", 3.0)
        self.scene.anim.wait(self.seconds(0.6))

    def on_CardsPassed(self, e: CardsPassed) -> None:
        v = self.view
        names = v.names
        asked = f" and asked for {SUIT_NAMES[e.ask]}" if e.ask is not None else ""
        if e.count == 0:
            v.toast(f"{v.who(e.giver)} chose no exchange with {names[e.taker]}")
        elif e.giver in v.human:
            v.toast(f"You passed {cards_words(e.cards)} to {names[e.taker]}{asked}")
            if e.revealed:  # partner's cards, face down until now: named by the note
                v.received = e.revealed  # until the first play
                v.received_note = passed_line(names, e.taker, e.revealed)
        elif e.taker in v.human and not e.cards:
            v.toast(f"{names[e.giver]} passed you {e.count} cards face down: pass yours")
        elif e.taker in v.human:  # named by the note above the message line, not a toast
            v.received = e.cards  # until the first play
            v.received_note = passed_line(names, e.giver, e.cards, e.ask)
        else:
            v.toast(f"{names[e.giver]} passed {e.count} cards to {names[e.taker]}{asked}")
        v.south = e.south
        v.received &= v.south  # a received card passed on is no longer marked
        if not v.received:
            v.received_note = ""
        v.prompt = None
        v.selected.clear()
        L = self.scene.L
        for i in range(e.count):
            self.scene.anim.fly(
                Flight(
                    self.scene.art.back(L.back_w),
                    L.seat_points[e.giver],
                    L.seat_points[e.taker],
                    self.seconds(0.45),
                    delay=self.seconds(0.08) * i,
                    ease=ease_in_out,
                )
            )

    # ----- play ----------------------------------------------------------------------------

    def on_CardPlayed(self, e: CardPlayed) -> None:
        v = self.view
        v.forget_coach()
        v.bubbles.clear()
        v.prompt = None
        v.turn_seat = e.seat
        if v.phase in (BID, PASS):
            v.update_hand(phase=PLAY)
        v.counts[e.seat] = max(0, v.counts[e.seat] - 1)
        v.played |= 1 << e.card
        L = self.scene.L
        if e.seat == SOUTH:
            v.south &= ~(1 << e.card)
            if v.received_note:  # partner's cards stay marked until the player's first card
                v.received, v.received_note = 0, ""
            d = v.drag
            if d is not None and d.card == e.card and d.active:
                start = (
                    d.pos[0] - d.offset[0] + L.hand_w // 2,
                    d.pos[1] - d.offset[1] + L.hand_h // 2,
                )
            else:
                r = self.scene.render.hand_rects.get(e.card)
                start = r.center if r is not None else L.seat_points[SOUTH]
            v.drag = None
        else:
            start = L.seat_points[e.seat]

        def land() -> None:
            self.scene.sound.play("card")
            v.trick.append((e.seat, e.card))
            if e.broke_spades:
                v.spades_broken = True
            self.scene.render.dirty = True

        img = self.scene.art.face(e.card, L.trick_w)
        self.scene.anim.fly(
            Flight(img, start, L.trick_slots[e.seat], self.seconds(0.3), on_done=land)
        )
        if e.seat not in v.human and e.index < 3:
            self.scene.anim.wait(self.seconds(0.12))

    def on_TrickWon(self, e: TrickWon) -> None:
        v = self.view

        def collect() -> None:
            L = self.scene.L
            cards = list(v.trick)
            v.trick = []
            v.trick_winner = None
            self.scene.sound.play("trick")
            for i, (seat, card) in enumerate(cards):
                last = i == len(cards) - 1
                self.scene.anim.fly(
                    Flight(
                        self.scene.art.face(card, L.trick_w),
                        L.trick_slots[seat],
                        L.seat_points[e.winner],
                        self.seconds(0.32),
                        ease=ease_in_out,
                        on_done=(lambda: self.collected(e)) if last else None,
                    )
                )
            if not cards:
                self.collected(e)
            self.scene.dirty()

        v.trick_winner = e.winner
        collect_mode = self.scene.prefs.collect
        if v.claiming or not v.human or collect_mode == "auto":
            self.scene.anim.wait(self.seconds(0.9), then=collect)
        elif collect_mode == "long":  # long enough to read, even with animation off
            self.scene.anim.wait(max(2.5, self.seconds(2.5)), then=collect)
        else:  # "click": the trick stays until the player clicks or presses a key

            def go() -> None:
                self.waiting = None
                v.collect_wait = False
                collect()
                self.scene.pump()

            self.waiting = go
            v.collect_wait = True

    def collected(self, e: TrickWon) -> None:
        """A won trick reached its winner: counted on the seat, and kept as the last trick."""
        v = self.view
        won = v.tricks_won
        won[e.winner] += 1
        v.update_hand(tricks_won=tuple(won))
        v.tricks_done = e.trick_no + 1
        v.last_trick = (e.leader, e.cards, e.winner)
        self.scene.dirty()

    # ----- the hand's end and the game's -----------------------------------------------------

    def on_HandScored(self, e: HandScored) -> None:
        v = self.view
        v.claiming = False
        result: HandResult | None = e.result
        assert result is not None  # a thrown-in hand is not scored
        if e.facts is not None:
            v.update_hand(e.facts)
        else:
            v.update_hand(result=result, phase=DONE)
        v.result = v.facts
        v.closed = True
        v.scores = [t.score for t in result.teams]
        v.bags = [t.bags for t in result.teams]
        v.prompt = None
        v.turn_seat = None
        if v.overlay == "last":
            v.overlay = None
        if not v.human:
            self.scene.anim.wait(self.seconds(3.0), then=self.dismiss_result)
        self.scene.count_hands()

    def dismiss_result(self) -> None:
        """An AI-only game moves on from the hand's summary by itself."""
        self.view.result = None
        self.scene.rebuild()

    def on_GameOver(self, e: GameOver) -> None:
        v = self.view
        v.over = e
        if v.human:
            self.scene.sound.play("win" if e.winner == 0 else "lose")
        v.prompt = None
        v.turn_seat = None
        self.scene.book_game_over()

    # ----- refusals and notices --------------------------------------------------------------

    def on_Illegal(self, e: Illegal) -> None:
        v = self.view
        if e.action == "hint":
            v.hint_wait = False
        if e.action not in ("hint", "undo", "claim"):  # a refused coach intent sent no move
            v.sent = False
            v.drag = None
        self.scene.sound.play("error")
        if e.action == "claim" and isinstance(e.value, ClaimObstacle):
            v.toast(claim_refused(e.value, v.names, v.human), 4.0)
            return
        v.toast(capital(e.reason))

    def on_Notice(self, e: Notice) -> None:
        if e.details.get("coach") == "hint":
            self.view.hint_wait = False
        self.view.toast(e.text)

    # ----- the coach -------------------------------------------------------------------------

    def on_HintReady(self, e: HintReady) -> None:
        v = self.view
        v.hint = e
        v.hint_wait = False
        v.hint_hidden = False
        if e.request not in self.hints_counted:
            self.hints_counted.add(e.request)
            count = self.scene.app.services.record_hint
            if count is not None and v.human and self.scene.counts:
                try:
                    count()
                except Exception:  # statistics must never stop the table
                    log.exception("counting a hint failed")

    def on_ClaimOffer(self, e: ClaimOffer) -> None:
        v = self.view
        if v.prompt is not None and v.prompt.kind == "play":
            v.claim_offer = e

    def on_Claimed(self, e: Claimed) -> None:
        v = self.view
        v.forget_coach()
        v.prompt = None
        v.claiming = True
        who = "You claim" if e.seat in v.human else f"{v.names[e.seat]} claims"
        v.toast(f"{who} the last {plural(e.tricks, 'trick')}", 2.0)

    def on_Rewound(self, e: Rewound) -> None:
        """Undo: put the rebuilt position on the table as it now stands."""
        v = self.view
        self.stop()
        if e.position is not None:
            v.put(e.position)
        else:
            v.reset_hand()
        v.turn_seat = None
        v.toast("Undone: back to your last decision", 1.6)
        self.scene.count_hands()
