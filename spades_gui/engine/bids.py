"""Bids as small ints: plain numbers, nil, blind nil and blind numbers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rules import BLIND_KINDS, Rules

NIL = 100
BLIND_NIL = 101
BLIND = 200  # a blind bid of n tricks is BLIND + n


def is_number(bid: int) -> bool:
    """A plain number of tricks (in hint style a second partner's may be negative)."""
    return bid < NIL


def is_nil(bid: int) -> bool:
    """Nil or blind nil."""
    return bid in (NIL, BLIND_NIL)


def is_blind(bid: int) -> bool:
    """A blind number bid (a team contract made before looking)."""
    return bid >= BLIND


def is_blind_bid(bid: int) -> bool:
    """Blind nil or a blind number: a bid made before looking."""
    return bid == BLIND_NIL or bid >= BLIND


def team_contract(bids: Sequence[int | None], team: int) -> int:
    """A team's contracted tricks: a blind number once (partners share it), else both numbers
    summed; nils and seats yet to bid count 0."""
    total = 0
    for s in (team, team + 2):
        b = bids[s]
        if b is None or b in (NIL, BLIND_NIL):
            continue
        if b >= BLIND:
            return b - BLIND
        total += b
    return total


def hint_base(rules: Rules, bids: Sequence[int | None], seat: int) -> int | None:
    """Where partners bid by hint and partner has hinted a number: that number, to which the
    seat's own number adds up as the team's total; else None."""
    partner_bid = bids[(seat + 2) % 4]
    if rules.bid_style == "hint" and partner_bid is not None and is_number(partner_bid):
        return partner_bid
    return None


def hinting(rules: Rules, bids: Sequence[int | None], seat: int) -> bool:
    """Whether the seat's number is a hint to its partner (hint style, partner yet to bid)."""
    return rules.bid_style == "hint" and bids[(seat + 2) % 4] is None


def blind_table(rules: Rules) -> dict[int, tuple[int, bool]]:
    """Allowed blind numbers with (value, exactly) for these rules."""
    table: dict[int, tuple[int, bool]] = {}
    for kind in rules.blind_bids:
        table.update(BLIND_KINDS[kind])
    if "blind6" in rules.blind_bids:  # 001: "Some people play that ... at least 6 tricks"
        table[6] = (table[6][0], rules.blind6_made == "exactly")
    return table


def blind_no_trump_numbers(rules: Rules) -> list[int]:
    """The numbers a blind no trump may be (001: "The minimum ... in Blind No Trump is usually
    set at one less than the required minimum number for a normal blind bid")."""
    table = blind_table(rules)
    if not table:
        return []
    low = max(1, min(table) - 1, rules.min_team_bid)
    return list(range(low, 14))


def blind_penalty(rules: Rules, tricks: int) -> int:
    """What a failed blind bid of this many tricks loses (001: "a lost blind 6 only loses 60")."""
    if tricks == 6 and "blind6" in rules.blind_bids:
        return rules.blind6_penalty
    return blind_table(rules)[tricks][0]


def bid_str(bid: int) -> str | int:
    """The record form of a bid: an int, "nil", "blind_nil" or "blind_N"."""
    if bid == NIL:
        return "nil"
    if bid == BLIND_NIL:
        return "blind_nil"
    if bid >= BLIND:
        return f"blind_{bid - BLIND}"
    return bid


def bid_words(bid: int) -> str:
    """A bid in words for the table."""
    if bid == NIL:
        return "Nil"
    if bid == BLIND_NIL:
        return "Blind nil"
    if bid >= BLIND:
        return f"Blind {bid - BLIND}"
    return str(bid)


def parse_bid(value: Any, rules: Rules) -> int:
    """A bid from its record form; 0 is nil where the rules say so."""
    if isinstance(value, bool):
        raise ValueError(f"not a bid: {value!r}")
    if isinstance(value, int):
        if value == 0 and rules.zero_is_nil and rules.nil_allowed:
            return NIL
        if -13 <= value <= 13:
            return value
        raise ValueError(f"not a bid: {value!r}")
    if isinstance(value, str):
        v = value.strip().lower()
        if v == "nil":
            return NIL
        if v in ("blind_nil", "blind nil"):
            return BLIND_NIL
        if v.startswith("blind_") and v[6:].isdigit() and 1 <= int(v[6:]) <= 13:
            return BLIND + int(v[6:])
    raise ValueError(f"not a bid: {value!r}")
