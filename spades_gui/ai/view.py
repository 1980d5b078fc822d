"""What one seat can see: built from a live game or from a JSON seat view, checked."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Phase, Question
from ..engine.bids import bid_str
from ..engine.cards import SPADES, SUITS, card_str, cards_of, mask_of
from ..engine.deck import Deck, deck_for
from ..engine.game import Game
from ..engine.hand import (
    BID,
    PASS,
    PLAY,
    Hand,
    Position,
)
from ..engine.record import rules_spec
from ..engine.rules import Rules


class ViewError(ValueError):
    """A seat view that is malformed or inconsistent; the message names the problem."""


@dataclass(frozen=True)
class SeatView:
    """Everything one seat knows at a decision: never another seat's cards."""

    rules: Rules
    seat: int
    phase: Phase
    hand: int  # card mask; 0 when asked for a blind bid before looking
    dealer: int
    bids: tuple[int | None, ...]
    scores: tuple[int, int] = (0, 0)
    bags: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, ...] = (0, 0, 0, 0)
    gone: int = 0  # cards of finished tricks
    trick: tuple[int, ...] = ()
    leader: int = -1
    spades_broken: bool = False
    voids: tuple[int, ...] = (0, 0, 0, 0)  # per seat, a bit per suit it has shown void in
    plays: tuple[int, ...] | None = None  # every card played in order, when known
    first_leader: int | None = None
    received: int = 0  # cards passed to this seat
    given: int = 0  # cards this seat passed to its partner
    pass_count: int = 0
    may_skip_pass: bool = False  # a blind nil bidder who may choose no exchange (0 cards)
    misdeal: tuple[str, ...] = ()  # misdeal conditions this seat may call now
    hands_scored: int = 0
    elapsed_s: float = 0.0
    hands: tuple[int, ...] | None = None  # all four hands: given only to the oracle yardstick
    # 001's variations (issue 10 B)
    taker: int = -1  # the seat that took the two cards left over from 54
    out_of_play: int = 0  # cards taken to be in no hand: own discard, or a guess at another's
    no_trump: tuple[bool, ...] = (False, False, False, False)  # per seat: it bid no trump
    double_nil_team: tuple[bool, ...] = (False, False)  # per team: it bid Double Nil
    asked: str = ""  # what partner asks this seat to agree to (it answers yes or no)
    agreed: str = ""  # what partner agreed to: this seat's bid is of that kind
    refused: tuple[str, ...] = ()  # what partner refused this seat
    bemos: tuple[int, ...] = ()  # the Bemos (6, 9) this seat may declare with its bid
    may_ask_suit: bool = False  # a blind nil bidder passing one card may name a suit back
    asked_suit: int | None = None  # the suit partner asked back (passing back to it)

    # ----- small derived facts ------------------------------------------------------------

    @property
    def partner(self) -> int:
        """The partner's seat."""
        return (self.seat + 2) % 4

    @property
    def team(self) -> int:
        """This seat's team (0: seats 0 and 2)."""
        return self.seat % 2

    @property
    def tricks_done(self) -> int:
        """Finished tricks."""
        return sum(self.tricks_won)

    def trick_mask(self) -> int:
        """Cards on the table in the current trick."""
        return mask_of(self.trick)

    def unseen(self) -> int:
        """Cards in the other seats' hands (card mask)."""
        return (
            deck_for(self.rules).full
            & ~self.hand
            & ~self.gone
            & ~self.trick_mask()
            & ~self.out_of_play
        )

    def hand_counts(self) -> list[int]:
        """How many cards each seat holds now."""
        done = self.tricks_done
        out = [13 - done] * 4
        for i in range(len(self.trick)):
            out[(self.leader + i) % 4] -= 1
        if self.phase != PLAY:
            out[self.seat] = self.hand.bit_count()
        return out

    def played_by(self) -> list[int] | None:
        """Card mask each seat has played this hand, when the order of play is known."""
        if self.plays is None or self.first_leader is None:
            return None
        deck = deck_for(self.rules)
        out = [0, 0, 0, 0]
        leader = self.first_leader
        plays = self.plays
        for t in range(0, len(plays), 4):
            trick = plays[t : t + 4]
            for i, c in enumerate(trick):
                out[(leader + i) % 4] |= 1 << c
            if len(trick) == 4:
                leader = (leader + deck.winner(trick)) % 4
        return out

    def known(self) -> list[int]:
        """Cards (mask) known to be in each other seat's hand: the ones this seat passed."""
        out = [0, 0, 0, 0]
        if self.given:
            out[self.partner] = self.given & self.unseen()
        return out

    def forbidden(self) -> list[int]:
        """Cards (mask) each seat cannot hold: voids shown, and clubs below a forced low club."""
        deck = deck_for(self.rules)
        out = [0, 0, 0, 0]
        for s in range(4):
            for suit in range(4):
                if self.voids[s] >> suit & 1:
                    out[s] |= deck.suit_masks[suit]
        if self.rules.first_lead == "two_clubs" and self.plays and self.first_leader is not None:
            clubs = deck.suit_masks[0]
            first = self.plays[:4]
            if first and deck.suit[first[0]] == 0:
                for i, c in enumerate(first):
                    if deck.suit[c] == 0:
                        out[(self.first_leader + i) % 4] |= clubs & ((1 << c) - 1)
        return out

    # ----- the engine's legality ----------------------------------------------------------

    def engine_hand(self, hands: list[int] | None = None) -> Hand:
        """An engine Hand in this view's state; other seats hold `hands` (default: nothing)."""
        deal = list(hands) if hands is not None else [0, 0, 0, 0]
        if hands is None:
            deal[self.seat] = self.hand
        return Hand.from_position(
            Position(
                self.rules,
                self.dealer,
                self.seat,
                self.phase,
                (deal[0], deal[1], deal[2], deal[3]),
                self.bids,
                self.scores,
                taker=self.taker,
                no_trump=self.no_trump,
                double_nil_team=self.double_nil_team,
                asking=self.asked,
                agreed=self.agreed,
                refused=self.refused,
                leader=self.leader,
                first_leader=self.first_leader,
                trick=self.trick,
                plays=self.plays,
                tricks_won=self.tricks_won,
                gone=self.gone,
                spades_broken=self.spades_broken,
                voids=self.voids,
            )
        )

    def legal_bids(self) -> list[int]:
        """Bids this seat may make (blind ones included; policies pick from the rest)."""
        return self.engine_hand().legal_bids() if self.phase == BID else []

    def legal_asks(self) -> list[Question]:
        """What this seat may ask partner to agree to before its bid (001)."""
        return self.engine_hand().legal_asks() if self.phase == BID else []

    def legal_plays(self) -> int:
        """Cards this seat may play, never a renege (card mask)."""
        if self.phase != PLAY:
            return 0
        legal = self.engine_hand().legal_plays()
        if self.trick:
            deck = deck_for(self.rules)
            follow = legal & deck.suit_masks[deck.suit[self.trick[0]]]
            if follow:
                return follow
        return legal

    def key(self) -> bytes:
        """A stable digest of the view, for deriving a decision's random numbers."""
        parts: list[object] = [
            self.seat,
            self.phase,
            self.hand,
            self.dealer,
            tuple(-1 if b is None else b for b in self.bids),
            self.scores,
            self.bags,
            self.tricks_won,
            self.gone,
            self.trick,
            self.leader,
            self.received,
            self.given,
        ]
        extra = (
            self.taker,
            self.out_of_play,
            self.no_trump,
            self.double_nil_team,
            self.asked,
            self.agreed,
            self.refused,
            self.asked_suit,
        )
        if extra != (-1, 0, (False,) * 4, (False, False), "", "", (), None):
            parts.append(extra)  # 001's variations: the default views keep their old key
        return hashlib.blake2b(repr(parts).encode(), digest_size=16).digest()

    # ----- JSON ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seat-view JSON of issue 6 (with the optional extras this view knows)."""
        out: dict[str, Any] = {
            "rules": rules_spec(self.rules),
            "seat": self.seat,
            "phase": self.phase,
            "dealer": self.dealer,
            "hand": [card_str(c) for c in cards_of(self.hand)],
            "bids": [None if b is None else bid_str(b) for b in self.bids],
            "tricks_won": list(self.tricks_won),
            "gone": [card_str(c) for c in cards_of(self.gone)],
            "trick": [card_str(c) for c in self.trick],
            "leader": self.leader,
            "scores": list(self.scores),
            "bags": list(self.bags),
            "spades_broken": self.spades_broken,
            "voids": {
                str(s): [SUITS[x] for x in range(4) if self.voids[s] >> x & 1]
                for s in range(4)
                if self.voids[s]
            },
        }
        if self.plays is not None:
            out["plays"] = [card_str(c) for c in self.plays]
        if self.received:
            out["received"] = [card_str(c) for c in cards_of(self.received)]
        if self.given:
            out["given"] = [card_str(c) for c in cards_of(self.given)]
        if self.phase == PASS:
            out["pass_count"] = self.pass_count
            if self.may_skip_pass:
                out["may_skip_pass"] = True
        if self.hands_scored:
            out["hands_scored"] = self.hands_scored
        if self.taker >= 0:
            out["taker"] = self.taker
            if self.taker == self.seat and self.out_of_play:
                out["discarded"] = [card_str(c) for c in cards_of(self.out_of_play)]
        if any(self.no_trump):
            out["no_trump"] = [s for s in range(4) if self.no_trump[s]]
        if any(self.double_nil_team):
            out["double_nil"] = [t for t in (0, 1) if self.double_nil_team[t]]
        if self.asked:
            out["asked"] = self.asked
        if self.agreed:
            out["agreed"] = self.agreed
        if self.refused:
            out["refused"] = list(self.refused)
        if self.asked_suit is not None:
            out["asked_suit"] = SUITS[self.asked_suit]
        return out


# ----- from a live game -------------------------------------------------------------------


def seat_view(game: Game, seat: int, hide_hand: bool = False, peek: bool = False) -> SeatView:
    """What `seat` sees of the current hand (hide_hand: before looking, for a blind bid;
    peek: all four hands too, for the oracle yardstick only)."""
    hand = game.hand
    if hand is None:
        raise ViewError("the game has no hand dealt")
    received = given = 0
    for giver, taker, cards in hand.passes:
        if giver == seat:
            given |= cards
        if taker == seat:
            received |= cards
    received &= ~hand.in_transit  # a Double Nil pass not yet picked up (001)
    phase = hand.phase
    pass_count = hand.pass_count() if phase == PASS and hand.turn == seat else 0
    out_of_play = 0
    if hand.extra and not hide_hand:  # 001: two of the 54 cards are in no hand
        if seat == hand.taker:
            out_of_play = hand.discarded
        else:
            seen = hand.hands[seat] | hand.gone | mask_of(hand.trick)
            out_of_play = guess_discard(hand.deck, hand.deck.full & ~seen)
    turn = hand.turn == seat
    return SeatView(
        rules=game.rules,
        seat=seat,
        phase=phase,
        hand=0 if hide_hand else hand.hands[seat],
        dealer=hand.dealer,
        bids=tuple(hand.bids),
        scores=(hand.scores_before[0], hand.scores_before[1]),
        bags=(game.bags[0], game.bags[1]),
        tricks_won=tuple(hand.tricks_won),
        gone=hand.gone,
        trick=tuple(hand.trick),
        leader=hand.leader,
        spades_broken=hand.spades_broken,
        voids=tuple(hand.voids),
        plays=tuple(hand.plays),
        first_leader=hand.first_leader if hand.first_leader >= 0 else None,
        received=received,
        given=given,
        pass_count=pass_count,
        may_skip_pass=pass_count > 0 and hand.may_skip_pass(),
        misdeal=() if hide_hand else tuple(hand.misdeal_reasons(seat)),
        hands_scored=game.hands_scored(),
        elapsed_s=game.elapsed_s,
        hands=tuple(hand.hands) if peek else None,
        taker=hand.taker,
        out_of_play=out_of_play,
        no_trump=tuple(hand.no_trump),
        double_nil_team=tuple(hand.double_nil_team),
        asked=hand.asking if turn else "",
        agreed=hand.agreed[seat],
        refused=hand.refused[seat],
        bemos=tuple(hand.legal_bemos()) if turn and phase == BID and not hide_hand else (),
        may_ask_suit=turn and hand.may_ask_suit(),
        asked_suit=hand.asked_suit() if turn else None,
    )


def guess_discard(deck: Deck, unseen: int) -> int:
    """Two of the unseen cards taken to be the ones another seat discarded (001's cards left
    over from 54): its lowest side cards, what a player shortening a suit throws away. The
    other seats' hands are then sampled from the rest."""
    side = [c for c in cards_of(unseen) if deck.suit[c] != SPADES]
    pool = side if len(side) >= 2 else cards_of(unseen)
    pool.sort(key=lambda c: (deck.strength[c], c))
    return mask_of(pool[:2])
