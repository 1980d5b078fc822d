"""The play: the first lead, the cards the seat to act may play (and why not another), a card
played and the trick it finishes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import DONE, PLAY, IllegalAction, PlayAction, Taken
from .cards import CLUBS, SPADES, SUIT_NAMES
from .deck import deck_for
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Hand

NO_SPADE_LEAD = ("left_no_spade", "dealer_no_spade")  # first leads that may not be a spade
DEALER_LEADS = ("dealer_any", "dealer_no_spade")  # first leads the dealer makes


def first_leader(rules: Rules, dealer: int, hands: Sequence[int]) -> int:
    """Who leads the first trick: the dealer, the holder of the lowest club, or the dealer's
    left, as the rules say (`hands`: the four hands as the play begins)."""
    if rules.first_lead in DEALER_LEADS:
        return dealer
    if rules.first_lead == "two_clubs":
        # the lowest club in play (001: the 2♣ may have been discarded from 54 cards)
        low = deck_for(rules).suit_masks[CLUBS] & (hands[0] | hands[1] | hands[2] | hands[3])
        low &= -low
        return next(s for s in range(4) if hands[s] & low)
    return (dealer + 1) % 4


def dealer_of_first_leader(rules: Rules, leader: int) -> int | None:
    """The dealer whose deal the seat `leader` leads first, where the rules tie the two (None
    where the cards decide: the lowest club leads)."""
    if rules.first_lead == "two_clubs":
        return None
    return next(d for d in range(4) if first_leader(rules, d, (0, 0, 0, 0)) == leader)


def start_play(h: Hand) -> None:
    """The play begins: the rules' first leader leads."""
    h.phase = PLAY
    h.leader = first_leader(h.rules, h.dealer, h.hands)
    h.first_leader = h.leader
    h.turn = h.leader


def legal_plays(h: Hand) -> int:
    """Bitmask of the cards the seat to act may play."""
    if h.phase != PLAY:
        return 0
    r = h.rules
    d = h.deck
    hand = h.hands[h.turn]
    first = len(h.plays) < 4
    trick = h.trick
    if not trick:
        if first and r.first_lead == "two_clubs":
            clubs = hand & d.suit_masks[CLUBS]
            if clubs:
                return clubs & -clubs
        side = hand & ~d.trump_mask
        if side and (
            (first and (r.first_lead in NO_SPADE_LEAD or not r.spades_first_trick))
            or (r.spades_lead == "broken" and not h.spades_broken)
        ):
            return side
        return hand
    led = d.suit[trick[0]]
    follow = hand & d.suit_masks[led]
    if follow:
        if first and r.first_lead == "two_clubs" and led == CLUBS:
            return follow & -follow
        if r.renege != "enforced" and not first:
            return hand
        return follow
    if first and not r.spades_first_trick:
        side = hand & ~d.trump_mask
        if side:
            return side
    return hand


def why_play_illegal(h: Hand, card: int) -> str:
    """Plain words for why a card cannot be played now."""
    if h.phase != PLAY:
        return "it is not time to play a card"
    r = h.rules
    d = h.deck
    hand = h.hands[h.turn]
    if not hand >> card & 1:
        return "that card is not in the hand"
    first = len(h.plays) < 4
    if not h.trick:
        if first and r.first_lead == "two_clubs" and hand & d.suit_masks[CLUBS]:
            return "the first trick starts with the lowest club"
        if first and (r.first_lead in NO_SPADE_LEAD or not r.spades_first_trick):
            return "spades may not be led to the first trick"
        return "spades have not been broken yet"
    led = d.suit[h.trick[0]]
    if hand & d.suit_masks[led]:
        if first and r.first_lead == "two_clubs" and led == CLUBS:
            return "everyone plays their lowest club to the first trick"
        return f"you must follow {SUIT_NAMES[led]}"
    return "no spades on the first trick while you hold another suit"


def play(h: Hand, card: int) -> None:
    """Play a card for the seat to act."""
    legal = h.legal_plays()
    if not legal >> card & 1:
        raise IllegalAction(h.why_play_illegal(card))
    play_unchecked(h, card)


def play_unchecked(h: Hand, card: int) -> None:
    """Play a card for the seat to act without checking it (it must be legal), written down
    with what pop() restores."""
    seat = h.turn
    h.actions.append(Taken(seat, PlayAction(card)))
    h.undo.append((h.voids[seat], h.spades_broken, len(h.reneges), h.leader, h.phase))
    move_card(h, card)


def move_card(h: Hand, card: int) -> None:
    """The card played by the seat to act, and the trick it finishes, with no record kept: a
    random playout's step on a copy it uses up (the records cost it a third of its speed)."""
    seat = h.turn
    d = h.deck
    h.hands[seat] ^= 1 << card
    trick = h.trick
    suit = d.suit[card]
    if trick:
        led = d.suit[trick[0]]
        if suit != led:
            if h.hands[seat] & d.suit_masks[led]:
                h.reneges.append((seat, len(h.trick_winners)))
            else:
                h.voids[seat] |= 1 << led
    if suit == SPADES:
        h.spades_broken = True
    trick.append(card)
    h.plays.append(card)
    if len(trick) == 4:
        w = (h.leader + d.winner(trick)) % 4
        h.tricks_won[w] += 1
        h.trick_winners.append(w)
        for c in trick:
            h.gone |= 1 << c
        h.trick = []
        h.leader = w
        h.turn = w
        if len(h.trick_winners) == 13:
            h.phase = DONE
    else:
        h.turn = (seat + 1) % 4


def no_trump_broken(h: Hand, seat: int) -> bool:
    """Whether a seat won a trick with a spade when another suit was led (001: a no-trump
    bidder "promises not to win any tricks with spades, except when spades are led")."""
    suit = h.deck.suit
    for leader, cards, w in h.tricks():
        mine = cards[(seat - leader) % 4]
        if w == seat and suit[mine] == SPADES and suit[cards[0]] != SPADES:
            return True
    return False
