"""Small rule facts the AI reads for document 001's variations (issue 10 B)."""

from __future__ import annotations

from ..engine.auction import BEMO_TRICKS
from ..engine.bids import blind_penalty
from ..engine.hand import Hand
from ..engine.playing import NO_SPADE_LEAD
from ..engine.rules import Rules


def no_spade_first_lead(rules: Rules) -> bool:
    """Whether the first lead may not be a spade (unless the hand is all spades)."""
    return rules.first_lead in NO_SPADE_LEAD or not rules.spades_first_trick


def blind_loss(rules: Rules, tricks: int) -> int:
    """What a failed blind bid of this many tricks loses (a failed Blind 6 may lose only 60)."""
    return blind_penalty(rules, tricks)


def may_bid_one(rules: Rules) -> bool:
    """Whether a bid of 1 is allowed (001 "no one can bid 1")."""
    return not rules.no_bid_one


def raised_twos(rules: Rules) -> str:
    """The 2s raised above A♠ as suit letters, highest first (001): each is a spade, and a
    suit whose 2 is raised runs down to 3. The deck (`deck_for`) already ranks them."""
    return rules.high_twos


def bemo_tricks(rules: Rules) -> tuple[int, ...]:
    """The Bemos a bidder may declare with a bid: 6 (Little, ±60), 9 (Big, ±90); 001."""
    return tuple(BEMO_TRICKS[k] for k in rules.bemo)


def special_card(hand: Hand) -> int | None:
    """This hand's special card (it cancels one bag for the team taking it, 001), if any."""
    return hand.special


def second_round(hand: Hand) -> bool:
    """Whether the bid asked for is the second round's (001): a new team total, its bid as it
    stands (keep) or more, not the seat's own number."""
    return hand.raising
