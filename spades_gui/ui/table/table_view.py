"""What the table knows: everything it shows, fed only by controller events (and the player's
own marks: the cards chosen, the open panel, the keyboard's card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...controller.events import ClaimOffer, GameOver, HandFacts, HintReady, Position, Turn
from ...engine import Rules
from ...engine.cards import SUIT_NAMES, cards_of
from ...engine.counting import SuitCount, suit_counts
from ...engine.deck import deck_for
from ...engine.hand import DONE, MISDEAL
from ..words import cards_words

SOUTH = 0  # the player's seat, face up at the bottom


def passed_line(names: Sequence[str], giver: int, cards: int, ask: int | None = None) -> str:
    """The line naming the cards partner passed: "Partner passed you the 3♣ and 3♦"."""
    asked = f" and asked for {SUIT_NAMES[ask]}" if ask is not None else ""
    return f"{names[giver]} passed you {cards_words(cards)}{asked}"


@dataclass
class Drag:
    """A card picked up with the mouse."""

    card: int
    start: tuple[int, int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    active: bool = False


@dataclass
class Bubble:
    """A fresh bid in a speech bubble beside its seat, for a few seconds."""

    text: str
    left: float


class TableView:
    """The table's one state: the game as the events told it, and the player's own marks."""

    def __init__(
        self,
        names: Sequence[str],
        human: frozenset[int] | set[int],
        rules: Rules,
        coach_level: str = "hard",
    ) -> None:
        self.names = tuple(names)
        self.human = frozenset(human)
        self.rules = rules
        self.deck = deck_for(rules)
        self.coach_level = coach_level
        # the game: the scores as shown (a hand's new score once its last trick is collected)
        self.scores = [0, 0]
        self.bags = [0, 0]
        self.hands: list[HandFacts] = []  # every hand dealt; the last is the one on the table
        self.over: GameOver | None = None
        self.minutes = 0  # of a timed game, from the controller's clock
        # the player's marks and the table's messages
        self.overlay: str | None = None  # "scores", "last" or "options"
        self.toast_text = ""
        self.toast_left = 0.0
        self.focus_button = -1
        self.keyboard = False  # the player's last input was a key: the focus is shown
        self.hover_card: int | None = None
        self.options_status = ("", "")  # the options panel's last message and its kind
        self.recent: list[Any] = []  # record files offered in the options (Path)
        self.can_browse = False  # whether the system's file picker can be offered
        self.reset_hand()

    def reset_hand(self) -> None:
        """An empty hand: a new deal comes, or an undo puts a position back."""
        self.closed = False  # the hand is over on the table (scored, or thrown in)
        self.south = 0  # the player's cards
        self.played = 0  # every card played this hand, the trick on the table too
        self.aside = 0  # the cards left over that the player set aside (001)
        self.aside_unseen = 0  # how many another seat set aside face down (001)
        self.counts = [0, 0, 0, 0]  # cards in each seat's hand
        self.dealing: list[int] | None = None  # cards dealt so far, while the deal flies
        self.hidden = False  # the player's cards face down (a blind bid is open)
        self.trick: list[tuple[int, int]] = []  # (seat, card) landed, in play order
        self.trick_winner: int | None = None
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None  # leader, cards, winner
        self.tricks_done = 0
        self.spades_broken = False
        self.turn_seat: int | None = None
        self.turn_kind = ""
        self.prompt: Turn | None = None  # the player's decision, while it is open
        self.sent = False  # the player's answer went to the controller
        self.selected: set[int] = set()  # cards chosen to pass
        self.exchange_chosen = False  # the blind nil bidder chose to exchange (optional rules)
        self.bemo_chosen = 0  # the Bemo (6, 9) to declare with the bid (001)
        self.asking_bid: int | None = None  # the bid "Ask before sending a bid" asks about
        self.plain_chosen = False  # bid without the no trump partner agreed to (001)
        self.suit_chosen: int | None = None  # the suit to ask back with a blind nil pass (001)
        self.focus_card: int | None = None
        self.drag: Drag | None = None
        self.bubbles: dict[int, Bubble] = {}
        # cards passed to the player (or left over to it), marked in the hand until the first
        # play (or the discard): ended by an event, never by a timer
        self.received = 0
        self.received_note = ""  # the line naming cards partner passed, until the first play
        self.result: HandFacts | None = None  # the scored hand whose summary is open
        self.claiming = False  # a claim's tricks are being played out
        self.collect_wait = False  # a finished trick waits for a click
        if self.overlay == "last":
            self.overlay = None
        self.forget_coach()

    def forget_coach(self) -> None:
        """A decision was made or a new one asked: the hint and claim offer are gone."""
        self.hint: HintReady | None = None
        self.hint_wait = False
        self.hint_hidden = False
        self.claim_offer: ClaimOffer | None = None

    def put(self, pos: Position) -> None:
        """Put a position on the table as it stands (a resumed game, or after an undo)."""
        self.reset_hand()
        self.scores, self.bags = list(pos.scores), list(pos.bags)
        self.hands = list(pos.hands)
        self.over = pos.over
        facts = self.facts
        self.closed = facts is not None and facts.phase in (DONE, MISDEAL)
        if facts is None or self.closed:
            return
        self.south = pos.south
        self.played, self.aside, self.aside_unseen = pos.played, pos.aside, pos.aside_unseen
        self.counts = list(pos.counts)
        self.trick = list(pos.trick)
        self.last_trick = pos.last_trick
        self.tricks_done = sum(facts.tricks_won)
        self.spades_broken = pos.spades_broken
        self.hidden = pos.hidden
        self.turn_seat = pos.turn
        mark = pos.received
        if mark is not None:  # marked as the events had marked them, until they end
            self.received = mark.cards
            if mark.giver is not None:
                self.received_note = passed_line(self.names, mark.giver, mark.cards, mark.ask)

    # ----- the hand on the table -----------------------------------------------------------

    @property
    def facts(self) -> HandFacts | None:
        """The hand on the table (or the last one), None before the first deal."""
        return self.hands[-1] if self.hands else None

    @property
    def on_table(self) -> bool:
        """Whether a hand is shown: dealt, and not thrown in or over and scored (a finished
        hand stays until its last trick is collected and scored)."""
        return self.facts is not None and not self.closed

    @property
    def phase(self) -> str:
        """The hand's phase ("bid", "pass", "play", "done", "misdeal"), "" before any deal."""
        return self.facts.phase if self.facts is not None else ""

    @property
    def tricks_won(self) -> list[int]:
        """Tricks collected by each seat in this hand."""
        return list(self.facts.tricks_won) if self.facts is not None else [0, 0, 0, 0]

    def update_hand(self, facts: HandFacts | None = None, **changes: Any) -> None:
        """Replace the hand's facts (from an event) or change some of them."""
        if facts is not None:
            self.hands[-1] = facts
        if changes and self.hands:
            self.hands[-1] = replace(self.hands[-1], **changes)

    def south_cards(self) -> list[int]:
        """The player's cards in the order they are held (sorted by suit and rank)."""
        return sorted(cards_of(self.south), key=self.deck.sort_key)

    def suit_counts(self) -> tuple[SuitCount, ...]:
        """Each suit's cards still out and played, as the player counts them."""
        return suit_counts(self.deck, self.played, self.south, self.aside)

    def finished(self, index: int) -> bool:
        """Whether a hand (0-based) is over: scored, or thrown in."""
        return index < len(self.hands) and self.hands[index].phase in (DONE, MISDEAL)

    # ----- messages ------------------------------------------------------------------------

    def toast(self, text: str, seconds: float = 2.6) -> None:
        """A message over the table for a few seconds."""
        self.toast_text = text
        self.toast_left = seconds

    def tick(self, dt: float) -> bool:
        """Count down the toast and the bubbles; True if any ended."""
        ended = False
        if self.toast_left > 0:
            self.toast_left -= dt
            ended = ended or self.toast_left <= 0
        for seat, bubble in list(self.bubbles.items()):
            bubble.left -= dt
            if bubble.left <= 0:
                del self.bubbles[seat]
                ended = True
        return ended

    def who(self, seat: int) -> str:
        """ "You" for the player's seat, else the seat's name."""
        return "You" if seat in self.human else self.names[seat]
