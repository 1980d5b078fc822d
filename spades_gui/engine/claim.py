"""Claims: whether one seat's cards must win every remaining trick, whatever the others play."""

from __future__ import annotations

from .cards import cards_of, count
from .hand import PLAY, Hand

EXACT_LIMIT = 6  # cards per hand at or below which every line of play is searched


def claim_is_sure(hand: Hand, seat: int) -> bool:
    """Whether `seat` wins every remaining trick of the hand however the other three play."""
    if hand.phase != PLAY or not hand.hands[seat]:
        return False
    if count(hand.hands[seat]) <= EXACT_LIMIT:
        return _search(hand, seat, {})
    if hand.trick and hand.leader != seat:
        return False  # mid-trick early in the hand: leave it to the exact search later
    return not hand.trick and _top_cards(hand, seat)


def _search(hand: Hand, seat: int, memo: dict) -> bool:
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
