"""The exchanges the bids call for: the discard where it follows the bidding (001), then
the cards nil, blind nil and Double Nil bidders pass with partner, then the play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import DISCARD, PASS, IllegalAction, PassAction, Taken
from .bids import BLIND_NIL, NIL
from .cards import count
from .playing import start_play

if TYPE_CHECKING:
    from .hand import Hand


def after_bidding(h: Hand) -> None:
    """The discard where it follows the bidding, the exchanges the bids call for, then the
    play."""
    if h.extra and not h.discarded and h.rules.leftover_discard == "after":
        h.phase = DISCARD  # 001: "Some play that the discard takes place after the bidding"
        h.turn = h.taker
        return
    exchanges(h)


def exchanges(h: Hand) -> None:
    """Queue the passes the bids call for, or start the play when there are none."""
    r = h.rules
    for s in h.order:
        if h.double_nil_team[s % 2]:
            # 001: "each player of the team simultaneously passes two cards face down to
            # partner"; the team's first bidder's pass is written first
            if (
                r.double_nil_exchange
                and h.bids[(s + 2) % 4] == h.bids[s]
                and (h.order.index(s) < h.order.index((s + 2) % 4))
            ):
                h.pass_queue += [(s, (s + 2) % 4), ((s + 2) % 4, s)]
            continue
        if (h.bids[s] == BLIND_NIL and r.blind_nil_exchange != "none") or (
            h.bids[s] == NIL and r.nil_exchange  # 001: "must exchange one card"
        ):
            p = (s + 2) % 4
            h.pass_queue += [(s, p), (p, s)]
    if h.pass_queue:
        h.phase = PASS
        h.turn = h.pass_queue[0][0]
    else:
        start_play(h)


def _pass_bidder(h: Hand) -> int:
    """The nil or blind nil bidder of the exchange under way.

    The queue holds (bidder → partner, partner → bidder) pairs: an even length means a
    pair's first pass, the bidder's, is next.
    """
    giver, taker = h.pass_queue[0]
    return giver if len(h.pass_queue) % 2 == 0 else taker


def pass_count(h: Hand) -> int:
    """How many cards the seat to act must pass (to exchange at all, where it may choose)."""
    if h.phase != PASS:
        return 0
    if h.double_nil_team[h.turn % 2]:
        return 2  # 001: each Double Nil partner "passes two cards"
    if h.bids[_pass_bidder(h)] == NIL:
        return 1  # 001: "when Nil is played the bidder must exchange one card"
    return h.rules.blind_nil_pass


def may_ask_suit(h: Hand) -> bool:
    """Whether the seat to act may name a suit it would like passed back (001): a blind
    nil bidder passing its one card, where the rules allow it."""
    return (
        h.phase == PASS
        and h.rules.blind_nil_ask_suit
        and len(h.pass_queue) % 2 == 0
        and h.bids[h.turn] == BLIND_NIL
        and not h.double_nil_team[h.turn % 2]
    )


def asked_suit(h: Hand) -> int | None:
    """The suit the seat to act was asked to pass back, if it is passing back."""
    if h.phase != PASS or len(h.pass_queue) % 2 == 0 or not h.pass_asks:
        return None
    return h.pass_asks[-1]


def may_skip_pass(h: Hand) -> bool:
    """Whether the seat to act may pass no cards: a blind nil bidder choosing "no exchange".

    Only where the exchange is optional (001, 003: "the bidder may exchange"), and only
    the bidder's own first pass; once it is made, partner must pass back.
    """
    # The queue holds (bidder → partner, partner → bidder) pairs: an even length means a
    # pair's first pass, the bidder's, is next.
    return (
        h.phase == PASS
        and h.rules.blind_nil_exchange == "optional"
        and len(h.pass_queue) % 2 == 0
        and h.bids[h.turn] == BLIND_NIL
        and not h.double_nil_team[h.turn % 2]
    )


def pass_seen_by(h: Hand) -> tuple[int, ...]:
    """The seats that see the cards of the pass to be made now: giver and taker, but the giver
    alone for a Double Nil team's first pass, face down until partner passes too (001)."""
    giver, taker = h.pass_queue[0]
    if h.double_nil_team[giver % 2] and len(h.pass_queue) % 2 == 0:
        return (giver,)
    return (giver, taker)


def pass_reveals(h: Hand) -> int:
    """The face-down cards the seat passing now takes up with its pass: partner's first pass
    of a Double Nil exchange (001); 0 for any other pass."""
    giver, _ = h.pass_queue[0]
    if h.double_nil_team[giver % 2] and len(h.pass_queue) % 2 == 1:
        return h.in_transit
    return 0


def pass_cards(h: Hand, cards: int, ask: int | None = None) -> None:
    """Pass a bitmask of cards from the seat to act to its partner (0: no exchange).

    ask: the suit (0-3) a blind nil bidder would like passed back, where the rules let it
    name one (001); partner "is not forced to pass the suit you asked for".
    """
    why = h.why_pass_illegal(cards, ask)
    if why:
        raise IllegalAction(why)
    giver, taker = h.pass_queue[0]
    if cards == 0 and h.may_skip_pass():
        h.took(Taken(giver, PassAction(0, ask)))
        h.passes.append((giver, taker, 0))
        h.pass_asks.append(None)
        del h.pass_queue[:2]  # no exchange: partner passes nothing back
        _after_pass(h)
        return
    h.took(Taken(giver, PassAction(cards, ask)))
    h.hands[giver] &= ~cards
    if not h.double_nil_team[giver % 2]:
        h.hands[taker] |= cards
    elif len(h.pass_queue) % 2 == 0:
        h.in_transit = cards  # 001: "simultaneously": face down until partner passes
    else:
        h.hands[taker] |= cards
        h.hands[giver] |= h.in_transit
        h.in_transit = 0
    h.passes.append((giver, taker, cards))
    h.pass_asks.append(ask)
    h.pass_queue.pop(0)
    _after_pass(h)


def why_pass_illegal(h: Hand, cards: int, ask: int | None = None) -> str:
    """Plain words for why these cards (and the suit asked back) cannot be passed now
    ("" if they can)."""
    if h.phase != PASS:
        return "it is not time to pass cards"
    if ask is not None:
        if not h.may_ask_suit():
            return "only a blind nil bidder passing its card may ask for a suit"
        if ask not in (0, 1, 2, 3) or cards == 0:
            return "name one suit, with the card you pass"
    if cards == 0 and h.may_skip_pass():
        return ""
    n = h.pass_count()
    if count(cards) != n or cards & ~h.hands[h.pass_queue[0][0]]:
        word = "card" if n == 1 else "cards"
        if cards == 0 and len(h.pass_queue) % 2 == 0:
            return f"the exchange is compulsory: pass exactly {n} {word}"
        return f"pass exactly {n} {word} from your hand"
    return ""


def _after_pass(h: Hand) -> None:
    if h.pass_queue:
        h.turn = h.pass_queue[0][0]
    else:
        start_play(h)
