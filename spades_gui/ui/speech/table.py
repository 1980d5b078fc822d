"""The table told aloud: each controller event the table plays, the player's turn and what it
may do, the focused card or button, and the keys that tell the hand, the trick, the bids,
the score, what each side needs, the last trick and the cards of a suit already played."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...controller.events import (
    BidMade,
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Illegal,
    Rewound,
    TrickWon,
    Turn,
)
from ...engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES
from ...engine.scoring import display_score, team_need
from ..words import capital, game_over_line, needs_lines, result_rows, seat_bid
from . import spoken
from .hub import Speech

if TYPE_CHECKING:
    from ..table.scene import TableScene
    from ..widgets import Button

# The keys that tell the table, at any moment (none of them the table's own keys).
HAND_KEY = pygame.K_m  # my hand by suit
TRICK_KEY = pygame.K_t  # the trick so far
BIDS_KEY = pygame.K_b  # bids and tricks won
SCORE_KEY = pygame.K_g  # the game's score and bags
NEEDS_KEY = pygame.K_n  # what each side still needs
LAST_KEY = pygame.K_w  # the last trick: who won it, with what
AGAIN_KEY = pygame.K_r  # whose turn it is and what I may do now, again
# Shift and a suit's letter: the cards of that suit already played, and those still out
PLAYED_KEYS = {pygame.K_s: SPADES, pygame.K_h: HEARTS, pygame.K_d: DIAMONDS, pygame.K_c: CLUBS}
# The keys in words, for How to play and the README.
HEARING_KEYS = (
    ("F2", "speech on or off (on every screen)"),
    ("M", "my hand, suit by suit"),
    ("T", "the trick so far"),
    ("B", "the bids and the tricks each player has won"),
    ("G", "the score and the bags"),
    ("N", "what each side still needs"),
    ("W", "the last trick and who won it"),
    (
        "Shift+S, Shift+H, Shift+D, Shift+C",
        "the spades, hearts, diamonds or clubs played, and those still out",
    ),
    ("R", "whose turn it is and what you may do now, again"),
)
HEARING_HELP = (
    "Play by ear: with speech on (Settings, Table: Speech; F2 switches it on any screen), "
    "every bid, card and trick is said, with the hand's result, your turn and the cards you "
    "may play, and whatever Left/Right, Up/Down or Tab puts the keyboard on. It speaks "
    "through your screen reader (NVDA, JAWS, VoiceOver, Orca) or the system's voice, and "
    "starts on by itself when a screen reader runs. At the table, at any moment: "
    + "; ".join(f"{k} {words}" for k, words in HEARING_KEYS[1:])
    + "."
)


class TableNarrator:
    """Turns the table's events, focus and the hearing keys into words for the speech."""

    def __init__(self, scene: TableScene, buttons: Callable[[], list[Button]]) -> None:
        self.scene = scene
        self.buttons = buttons  # the table's buttons in the keyboard's order
        self.view = scene.view
        self.trick: list[tuple[int, int]] = []
        self.last: tuple[int, tuple[int, ...], int] | None = None  # leader, cards, winner
        facts = self.view.facts  # a continued game: the tricks won so far
        self.won = list(facts.tricks_won) if facts is not None else [0, 0, 0, 0]
        self.prompt_words = ""  # what the player may do now, said at its turn
        self.toast_seen = ""

    @property
    def speech(self) -> Speech:
        """The window's speech."""
        return self.scene.app.speech

    @property
    def full(self) -> bool:
        """Whether the speech says everything, or only the essentials."""
        return self.speech.detail == "full"

    def name(self, seat: int) -> str:
        """A seat's name in a sentence ("You" for the player)."""
        return self.view.who(seat)

    def say(self, text: str, interrupt: bool = False) -> None:
        """One line, if speech is on."""
        self.speech.say(text, interrupt)

    # ----- events ------------------------------------------------------------------------------

    def event(self, e: Event) -> None:
        """Tell one event the table has just played (its toast too, in the table's words)."""
        if not self.speech.on:
            self._track(e)
            return
        self._track(e)
        words = self._words(e)
        if words:
            self.say(words, isinstance(e, Illegal))
        self.toasts()

    def toasts(self) -> None:
        """A new message over the table, said once."""
        v = self.view
        if v.toast_left > 0 and v.toast_text != self.toast_seen:
            self.toast_seen = v.toast_text
            if self.speech.on:
                self.say(v.toast_text)
        elif v.toast_left <= 0:
            self.toast_seen = ""

    def _track(self, e: Event) -> None:
        """Keep what the keys tell: the trick, the last trick, the tricks won."""
        if isinstance(e, (HandDealt, Rewound)):
            self.trick, self.last = [], None
            self.won = [0, 0, 0, 0]
            if isinstance(e, Rewound):  # the position put back: what the table shows of it
                self.trick = list(self.view.trick)
                self.last = self.view.last_trick
                facts = self.view.facts
                self.won = list(facts.tricks_won) if facts is not None else self.won
        elif isinstance(e, CardPlayed):
            if e.index == 0:
                self.trick = []
            self.trick.append((e.seat, e.card))
        elif isinstance(e, TrickWon):
            self.last = (e.leader, e.cards, e.winner)
            self.won[e.winner] += 1
            self.trick = []

    def _words(self, e: Event) -> str:
        """The words for an event ("" for none)."""
        v = self.view
        if isinstance(e, HandDealt):
            deals = spoken.verb(self.name(e.dealer), "deal", "deals")
            return f"Hand {e.hand_no}. {deals}." if self.full else f"Hand {e.hand_no}."
        if isinstance(e, BidMade):
            facts = v.facts
            if facts is None:
                return ""
            words = seat_bid(facts, e.seat, v.rules)
            if e.raised:
                return f"{self.name(e.seat)}: team total {e.bid}"
            return spoken.bid_sentence(self.name(e.seat), words)
        if isinstance(e, CardPlayed):
            words = spoken.play_sentence(self.name(e.seat), e.card, e.index == 0 and self.full)
            return words + (". Spades are broken" if e.broke_spades and self.full else "")
        if isinstance(e, TrickWon):
            i = (e.winner - e.leader) % len(e.cards) if e.cards else 0
            card = spoken.card(e.cards[i]) if e.cards else ""
            words = f"{spoken.verb(self.name(e.winner), 'win', 'wins')} the trick"
            if self.full:
                words += f" with the {card}"
                won = self.tricks_won()
                words += f". Tricks: {spoken.team_counts(won[0], won[1], 'trick')}"
            return words
        if isinstance(e, HandScored):
            return self.result_words(e)
        if isinstance(e, GameOver):
            return "Game over. " + game_over_line(e.winner, e.reason, e.scores, v.names)
        if isinstance(e, Turn):
            return self.turn_words(e) if e.human else ""
        if isinstance(e, Illegal) and e.action not in ("hint", "claim"):
            return capital(e.reason)
        return ""

    def tricks_won(self) -> tuple[int, int]:
        """The tricks each side has won this hand, the trick just won counted."""
        won = self.won
        return won[0] + won[2], won[1] + won[3]

    def result_words(self, e: HandScored) -> str:
        """The hand's result: how each side scored, then the score and bags."""
        v = self.view
        parts = [f"Hand {e.hand_no} over."]
        facts = v.facts
        if e.result is not None and facts is not None and self.full:
            for label, cells in result_rows(e.result, facts, v.names, v.rules):
                if label in ("", "Bids", "Score", "Bags"):  # the bids were said; the score next
                    continue
                (w0, p0), (w1, p1) = cells
                us = f"we {w0} {p0}".strip() if w0 or p0 else ""
                them = f"they {w1} {p1}".strip() if w1 or p1 else ""
                parts.append(f"{label}: {', '.join(x for x in (us, them) if x)}.")
        parts.append(self.score_words())
        return " ".join(parts)

    def score_words(self) -> str:
        """The score and the bags."""
        v = self.view
        us, them = (display_score(v.rules, v.scores[t], v.bags[t]) for t in (0, 1))
        return (
            f"Score: {spoken.team_counts(us, them, 'point')}. "
            f"Bags: {spoken.team_counts(v.bags[0], v.bags[1], 'bag')}."
        )

    def turn_words(self, e: Turn) -> str:
        """The player's turn and what it may do now."""
        v = self.view
        if e.kind == "play":
            led = v.deck.suit[self.trick[0][1]] if self.trick else None
            words = spoken.play_turn(e.legal, led, v.deck, self.full)
            if self.trick and self.full:
                words = f"{words}. On the trick: {self.trick_line()}"
        elif e.kind == "bid":
            words = "Your turn to bid"
            if self.full and not v.hidden:
                words += f". Your hand: {spoken.by_suit(v.south, v.deck)}"
            words += ". Left and Right choose a bid, or type its number; Enter bids"
        elif e.kind == "continue":
            words = "Press Enter for the next hand"
        else:
            words = {
                "blind": "Your turn: bid blind, or look at your cards",
                "misdeal": "Your turn: throw the hand in, or keep it",
                "pass": f"Your turn to pass {e.count} cards to your partner",
                "discard": f"Your turn to discard {e.count} cards",
                "answer": "Your partner asks you a question: answer yes or no",
            }.get(e.kind, "Your turn")
        self.prompt_words = words
        return words

    def trick_line(self) -> str:
        """The cards on the trick, each with its player."""
        return spoken.trick_words([(self.name(s), c) for s, c in self.trick])

    # ----- the hearing keys ---------------------------------------------------------------

    def key(self, event: pygame.event.Event) -> bool:
        """A hearing key: its words said at once; True if the key was one."""
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT))
        if ctrl:
            return False
        if shift and k in PLAYED_KEYS:
            words = self.played_words(PLAYED_KEYS[k])
        elif shift:
            return False
        elif k == HAND_KEY:
            v = self.view
            words = "Your cards are face down" if v.hidden else spoken.by_suit(v.south, v.deck)
            words = f"Your hand: {words}"
        elif k == TRICK_KEY:
            words = f"On the trick: {self.trick_line()}" if self.trick else "No cards on the trick"
        elif k == BIDS_KEY:
            words = self.bids_words()
        elif k == SCORE_KEY:
            words = self.score_words()
        elif k == NEEDS_KEY:
            words = self.needs_words()
        elif k == LAST_KEY:
            words = self.last_words()
        elif k == AGAIN_KEY:
            words = self.now_words()
        else:
            return False
        self.say(words, interrupt=True)
        return True

    def played_words(self, suit: int) -> str:
        """The cards of one suit already played this hand, and those still out (not played,
        not in the player's hand): the table's played-cards panel in words, the same count."""
        v = self.view
        count = next(c for c in v.suit_counts() if c.suit == suit)
        name = SUIT_NAMES[suit]
        if count.played:
            words = f"{capital(name)} played: {spoken.ranks(count.played, v.deck)}"
        else:
            words = f"No {name} played yet"
        if not count.out:
            return f"{words}. None still out"
        n = len(count.out)
        cards = spoken.ranks(count.out, v.deck)
        return f"{words}. Still out, {n} card{'s' if n != 1 else ''}: {cards}"

    def bids_words(self) -> str:
        """Each seat's bid and tricks won."""
        v = self.view
        facts = v.facts
        if facts is None:
            return "No bids yet"
        parts = []
        for seat in range(4):
            bid = seat_bid(facts, seat, v.rules) if facts.bids[seat] is not None else "no bid yet"
            won = facts.tricks_won[seat]
            bid = bid[:1].lower() + bid[1:]
            parts.append(f"{v.names[seat]} {bid}, {spoken.plural_tricks(won)}")
        return "; ".join(parts)

    def needs_words(self) -> str:
        """What each side still needs this hand."""
        v = self.view
        facts = v.facts
        bids = [b for b in facts.bids if b is not None] if facts is not None else []
        if facts is None or len(bids) < 4:
            return "The bidding is not over"
        won = facts.tricks_won
        sides = needs_lines(*(team_need(v.rules, t, bids, won, facts.no_trump[t]) for t in (0, 1)))
        return ". ".join(sides)

    def last_words(self) -> str:
        """The last trick: each card with its player, and who won it."""
        if self.last is None:
            return "No trick has been played yet in this hand"
        leader, cards, winner = self.last
        plays = [(self.name((leader + i) % 4), c) for i, c in enumerate(cards)]
        won = spoken.verb(self.name(winner), "win", "wins") + " it"
        return f"Last trick: {spoken.trick_words(plays)}. {won}"

    def now_words(self) -> str:
        """Whose turn it is and what the player may do now."""
        v = self.view
        if v.prompt is not None and not v.sent:
            return self.prompt_words or "Your turn"
        if v.over is not None:
            return "The game is over. Escape goes to the menu"
        if v.turn_seat is not None:
            return f"{v.names[v.turn_seat]} is to play"
        return "Wait for the next turn"

    # ----- the focus -------------------------------------------------------------------------

    def focus_words(self) -> str:
        """What the keyboard is on: a card of the hand, or a button ("" for nothing)."""
        v = self.view
        buttons = self.buttons()
        if 0 <= v.focus_button < len(buttons):
            b = buttons[v.focus_button]
            words = b.text
            if b.name.startswith("bid:") and not words.lower().startswith("bid"):
                words = f"Bid {words}"
            return words if b.enabled else f"{words}, not available"
        p = v.prompt
        if v.focus_card is not None and p is not None and p.kind in ("play", "pass", "discard"):
            words = spoken.card(v.focus_card)
            if p.kind != "play" and v.focus_card in v.selected:
                words += ", chosen"
            return words
        return ""
