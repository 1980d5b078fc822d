"""Claims: whether one seat's cards must win every remaining trick, whatever the others play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import cards_of, count
from .hand import PLAY, Hand

EXACT_LIMIT = 6  # cards per hand at or below which every line of play is searched

ClaimBlock = Literal[
    "not_playing", "on_table", "higher", "trump", "first_trick", "mid_trick", "line"
]


@dataclass(frozen=True)
class ClaimObstacle:
    """Why a claim is not sure, in facts the claimant may know: a card in the trick that
    none of its cards beats (`on_table`), a card still out that beats one of its cards in
    a suit (`higher`), a trump still out while it holds other suits (`trump`); or no such
    card, and the check waits (`first_trick`, `mid_trick`) or the others have a line."""

    why: ClaimBlock
    card: int | None = None  # the card that can take a trick
    seat: int | None = None  # who played it (on_table only: the others' holdings stay hidden)


def claim_is_sure(hand: Hand, seat: int) -> bool:
    """Whether `seat` wins every remaining trick of the hand however the other three play."""
    if hand.phase != PLAY or not hand.hands[seat]:
        return False
    if count(hand.hands[seat]) <= EXACT_LIMIT:
        return _search(hand, seat, {})
    if hand.trick and hand.leader != seat:
        return False  # mid-trick early in the hand: leave it to the exact search later
    return not hand.trick and _top_cards(hand, seat)


def _search(hand: Hand, seat: int, memo: dict[tuple[object, ...], bool]) -> bool:
    """Exact: the claimant has a line that wins every trick against every reply."""
    if hand.phase != PLAY:
        return True  # every finished trick was checked as it closed
    key = (tuple(hand.hands), tuple(hand.trick), hand.turn)
    if key in memo:
        return memo[key]
    mine = hand.turn == seat
    closed = len(hand.trick_winners)
    answer = not mine
    for c in cards_of(hand.legal_plays()):
        nxt = hand.copy()
        nxt.play(c)
        lost = len(nxt.trick_winners) > closed and nxt.trick_winners[-1] != seat
        ok = not lost and _search(nxt, seat, memo)
        if mine and ok:
            answer = True
            break
        if not mine and not ok:
            answer = False
            break
    memo[key] = answer
    return answer


def _top_cards(hand: Hand, seat: int) -> bool:
    """Sufficient rule when leading: draw trumps with top trumps, then cash top side cards."""
    if len(hand.plays) < 4:
        return False  # first-trick lead rules may force a low card
    d = hand.deck
    mine = hand.hands[seat]
    others = [hand.hands[s] for s in range(4) if s != seat]
    union = others[0] | others[1] | others[2]
    for suit in range(4):
        my_cards = mine & d.suit_masks[suit]
        their = union & d.suit_masks[suit]
        if my_cards and their:
            lowest_mine = min(d.strength[c] for c in cards_of(my_cards))
            if any(d.strength[c] > lowest_mine for c in cards_of(their)):
                return False
    their_trumps = max(count(o & d.trump_mask) for o in others)
    side = mine & ~d.trump_mask
    if not side or not their_trumps:
        return True
    trumps_leadable = hand.spades_broken or hand.rules.spades_lead == "any"
    return trumps_leadable and count(mine & d.trump_mask) >= their_trumps


def claim_obstacle(hand: Hand, seat: int) -> ClaimObstacle | None:
    """None when `seat`'s claim is sure, else the first thing in its way."""
    if hand.phase != PLAY or not hand.hands[seat]:
        return ClaimObstacle("not_playing")
    if claim_is_sure(hand, seat):
        return None
    d = hand.deck
    if hand.trick and hand.turn == seat:
        best = d.winner(hand.trick)
        card = hand.trick[best]
        if not any(d.beats(c, card, d.suit[hand.trick[0]]) for c in cards_of(hand.legal_plays())):
            return ClaimObstacle("on_table", card, (hand.leader + best) % 4)
    mine = hand.hands[seat]
    out = 0
    for s in range(4):
        if s != seat:
            out |= hand.hands[s]
    higher = []  # cards still out that beat one of the claimant's in their suit
    for suit_mask in d.suit_masks:
        if mine & suit_mask:
            lowest = min(d.strength[c] for c in cards_of(mine & suit_mask))
            higher += [c for c in cards_of(out & suit_mask) if d.strength[c] > lowest]

    def strongest(c: int) -> tuple[int, int]:
        return (d.trump_mask >> c & 1, d.strength[c])

    if higher:
        return ClaimObstacle("higher", max(higher, key=strongest))
    if mine & ~d.trump_mask and out & d.trump_mask:
        return ClaimObstacle("trump", max(cards_of(out & d.trump_mask), key=strongest))
    if count(mine) > EXACT_LIMIT:
        return ClaimObstacle("first_trick" if len(hand.plays) < 4 else "mid_trick")
    return ClaimObstacle("line")
