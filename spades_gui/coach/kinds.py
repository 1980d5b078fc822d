"""What kind of decision a bid or a card was: the split of the Progress screen (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from ..engine.bids import NIL, is_blind_bid, is_nil
from ..engine.deck import deck_for
from ..engine.rules import Rules


class Kind(str, Enum):
    """One kind of decision; its value is how the records file names it."""

    BID_NUMBER = "bid_number"
    BID_NIL = "bid_nil"
    BID_BLIND = "bid_blind"
    NIL_OWN = "nil_own"
    NIL_COVER = "nil_cover"
    NIL_SET = "nil_set"
    LEAD = "lead"
    FOLLOW = "follow"
    TRUMP = "trump"
    DISCARD = "discard"


class Group(str, Enum):
    """The kinds gathered as the Progress screen's chart shows them."""

    BIDDING = "bidding"
    NIL_PLAY = "nil_play"
    LEADS = "leads"
    FOLLOWING = "following"
    TRUMPING = "trumping"
    DISCARDS = "discards"


GROUP_OF: dict[Kind, Group] = {
    Kind.BID_NUMBER: Group.BIDDING,
    Kind.BID_NIL: Group.BIDDING,
    Kind.BID_BLIND: Group.BIDDING,
    Kind.NIL_OWN: Group.NIL_PLAY,
    Kind.NIL_COVER: Group.NIL_PLAY,
    Kind.NIL_SET: Group.NIL_PLAY,
    Kind.LEAD: Group.LEADS,
    Kind.FOLLOW: Group.FOLLOWING,
    Kind.TRUMP: Group.TRUMPING,
    Kind.DISCARD: Group.DISCARDS,
}

KIND_WORDS: dict[Kind, str] = {
    Kind.BID_NUMBER: "Bidding a number",
    Kind.BID_NIL: "Bidding nil (or not)",
    Kind.BID_BLIND: "Bidding blind",
    Kind.NIL_OWN: "Playing your nil",
    Kind.NIL_COVER: "Covering partner's nil",
    Kind.NIL_SET: "Setting their nil",
    Kind.LEAD: "Leads",
    Kind.FOLLOW: "Following suit",
    Kind.TRUMP: "Trumping",
    Kind.DISCARD: "Discards",
}

GROUP_WORDS: dict[Group, str] = {
    Group.BIDDING: "Bidding",
    Group.NIL_PLAY: "Nil play",
    Group.LEADS: "Leads",
    Group.FOLLOWING: "Following",
    Group.TRUMPING: "Trumping",
    Group.DISCARDS: "Discards",
}


def classify_bid(bid: int, best: int | None = None) -> Kind:
    """A bid: blind when made blind; nil when either the bid or the better bid was a nil (the
    question was whether to bid nil); else a number."""
    if is_blind_bid(bid):
        return Kind.BID_BLIND
    if bid == NIL or (best is not None and best == NIL):
        return Kind.BID_NIL
    return Kind.BID_NUMBER


def classify_play(
    rules: Rules,
    seat: int,
    bids: Sequence[int | None],
    tricks_won: Sequence[int],
    trick: Sequence[int],
    card: int,
) -> Kind:
    """A card: nil play first (own nil; partner's or an opponent's nil not yet broken), then
    by what the card did to the trick: led it, followed suit, trumped, or was thrown away."""
    own = bids[seat]
    if own is not None and is_nil(own):
        return Kind.NIL_OWN
    partner = (seat + 2) % 4
    pb = bids[partner]
    if pb is not None and is_nil(pb) and tricks_won[partner] == 0:
        return Kind.NIL_COVER
    for opp in ((seat + 1) % 4, (seat + 3) % 4):
        ob = bids[opp]
        if ob is not None and is_nil(ob) and tricks_won[opp] == 0:
            return Kind.NIL_SET
    if not trick:
        return Kind.LEAD
    deck = deck_for(rules)
    led = deck.suit[trick[0]]
    suit = deck.suit[card]
    if suit == led:
        return Kind.FOLLOW
    if deck.trump_mask >> card & 1:
        return Kind.TRUMP
    return Kind.DISCARD
