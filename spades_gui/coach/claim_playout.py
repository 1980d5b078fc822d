"""A sure claim played out card by card, so the hand's record stays complete."""

from __future__ import annotations

from ..engine.cards import cards_of, count
from ..engine.claim import EXACT_LIMIT, claim_is_sure
from ..engine.hand import PLAY, Hand


def claim_plays(hand: Hand, seat: int) -> list[int] | None:
    """Every remaining card in play order with `seat` winning each trick; None if not sure."""
    if hand.turn != seat or not claim_is_sure(hand, seat):
        return None
    quick = _line(hand, seat, careful=False)
    return quick if quick is not None else _line(hand, seat, careful=True)


def _line(hand: Hand, seat: int, careful: bool) -> list[int] | None:
    """The rest of the hand: the claimant by preference (checked when careful), others low."""
    h = hand.copy()
    out: list[int] = []
    while h.phase == PLAY:
        closed = len(h.trick_winners)
        if h.turn != seat:
            c = _lowest(h)
        elif careful:
            c = _claimant_card(h, seat)
        else:
            c = _preference(h, seat)[0]
        h.play(c)
        out.append(c)
        if len(h.trick_winners) > closed and h.trick_winners[-1] != seat:
            return None
    return out


def _lowest(h: Hand) -> int:
    """The other seats give up their lowest legal card (any card loses to a sure claim)."""
    d = h.deck
    return min(cards_of(h.legal_plays()), key=lambda c: (d.suit[c] == 3, d.strength[c], c))


def _preference(h: Hand, seat: int) -> list[int]:
    """The claimant's legal cards, best first: draw trumps while others hold any, then high."""
    d = h.deck
    others_trump = any(h.hands[s] & d.trump_mask for s in range(4) if s != seat)
    legal = cards_of(h.legal_plays())
    return sorted(legal, key=lambda c: (not (others_trump and d.suit[c] == 3), -d.strength[c], c))


def _claimant_card(h: Hand, seat: int) -> int:
    """A card that keeps the claim sure (the first that does, in order of preference)."""
    prefs = _preference(h, seat)
    for c in prefs:  # a cheap look-ahead first: play on greedily after c
        h2 = h.copy()
        closed = len(h2.trick_winners)
        h2.play(c)
        if (len(h2.trick_winners) == closed or h2.trick_winners[-1] == seat) and _greedy_wins(
            h2, seat
        ):
            return c
    for c in prefs:
        if _keeps(h, seat, c):
            return c
    return prefs[0]


def _keeps(h: Hand, seat: int, c: int) -> bool:
    """Whether playing c still wins every trick (exactly when few cards are left)."""
    h2 = h.copy()
    closed = len(h2.trick_winners)
    h2.play(c)
    if len(h2.trick_winners) > closed and h2.trick_winners[-1] != seat:
        return False
    if h2.phase != PLAY:
        return True
    if h2.hands[seat] and count(h2.hands[seat]) <= EXACT_LIMIT:
        return claim_is_sure(h2, seat)
    return _greedy_wins(h2, seat)


def _greedy_wins(h: Hand, seat: int) -> bool:
    """Play on by preference against the lowest replies; whether every trick goes to seat."""
    h = h.copy()
    while h.phase == PLAY:
        closed = len(h.trick_winners)
        h.play(_preference(h, seat)[0] if h.turn == seat else _lowest(h))
        if len(h.trick_winners) > closed and h.trick_winners[-1] != seat:
            return False
    return True


def claim_check_job(hand: Hand, seat: int, stop: object = None) -> bool:
    """Whether seat's cards win every remaining trick (a coach worker job)."""
    return claim_is_sure(hand, seat)
