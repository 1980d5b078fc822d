"""Whether a blind nil bidder takes an optional exchange with partner (001, 003: "may")."""

from __future__ import annotations

from ..engine.cards import card_name, cards_of
from ..engine.deck import deck_for
from .view import SeatView


def decide_exchange(view: SeatView) -> tuple[bool, str]:
    """(take the exchange, reason): take it, unless the hand has nothing a trick could go to.

    Passing the highest cards to partner and getting low ones back only makes a blind nil
    safer, and partner learns what to cover. The one hand with no use for it holds no card
    above a 5 and no spade above the 3: nothing to shed, and partner's cards could be higher.
    """
    deck = deck_for(view.rules)
    cards = cards_of(view.hand)
    n = view.pass_count

    def risky(c: int) -> bool:
        if deck.suit[c] == 3:  # a trump
            return deck.strength[c] > 1
        return deck.strength[c] > 3

    danger = sorted((c for c in cards if risky(c)), key=lambda c: -deck.strength[c])
    if not danger:
        return False, (
            "No exchange: every card is a low one that cannot be made to win, and what "
            "partner would give back could be higher."
        )
    shed = " and ".join(card_name(c) for c in danger[:n])
    return True, (
        f"Exchange {n} cards with partner: passing away the {shed} and getting low cards "
        "back makes the blind nil safer."
    )
