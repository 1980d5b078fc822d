"""Practice in the player's words: a deal played again compared with the first try and with
Hard in the player's seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..controller.events import HandFacts
from ..engine import Rules
from ..engine.scoring import TeamHand
from .words import capital, number, plural, possessive, seat_bid, signed


@dataclass(frozen=True)
class TryLines:
    """One column of the comparison: how one play of the deal went, line by line."""

    bids: str
    partner: str
    tricks: str
    points: str
    outcome: str
    margin: int | None  # our points this hand minus theirs; None: thrown in


def margin(facts: HandFacts) -> int | None:
    """Our team's points this hand minus theirs (None when the hand was not scored)."""
    r = facts.result
    return None if r is None else r.points[0] - r.points[1]


def try_lines(facts: HandFacts, names: Sequence[str], rules: Rules) -> TryLines:
    """A try in words: the bids, the tricks and the points of each team."""
    r = facts.result
    if r is None:
        return TryLines("The hand was thrown in", "", "", "", "", None)

    def bid(seat: int) -> str:
        words = seat_bid(facts, seat, rules)
        return words[:1].lower() + words[1:]

    ours = r.tricks[0] + r.tricks[2]
    theirs = r.tricks[1] + r.tricks[3]
    return TryLines(
        f"{names[0]}: {bid(0)}",
        f"{names[2]}: {bid(2)}",
        f"Tricks: {ours} for your team, {theirs} for theirs",
        f"Points: {signed(r.points[0])} for you, {signed(r.points[1])} for them",
        outcome_words(r.teams[0], names),
        r.points[0] - r.points[1],
    )


def outcome_words(team: TeamHand, names: Sequence[str]) -> str:
    """How our contract and nils went: "Made 7 with 2 bags; Partner's nil made"."""
    parts = []
    if team.contract:
        if team.made:
            bags = f" with {plural(team.overtricks, 'bag')}" if team.overtricks else ""
            parts.append(f"Made {team.contract}{bags}")
        else:
            parts.append(f"Set: {team.tricks} of {team.contract}")
    for n in team.nils:
        who = "your" if n.seat == 0 else possessive(names[n.seat])
        kind = "blind nil" if n.blind else "nil"
        parts.append(f"{who} {kind} {'made' if n.made else 'failed'}")
    return capital("; ".join(parts))


def margin_words(m: int | None) -> str:
    """A margin as the big figure under a try."""
    return "—" if m is None else signed(m)


def compare_words(first: int | None, again: int | None, hard: int | None, tries: int) -> str:
    """The comparison in one or two plain sentences."""
    if again is None or first is None:
        return "The hand was thrown in, so there is nothing to compare."
    which = "second" if tries == 2 else "latest"
    diff = again - first
    if diff > 0:
        out = f"Your {which} try did {plural(diff, 'point')} better than your first."
    elif diff < 0:
        out = f"Your {which} try did {plural(-diff, 'point')} worse than your first."
    else:
        out = f"Your {which} try came out the same as your first."
    if hard is None:
        return out
    best = max(first, again)
    gap = hard - best
    if gap > 0:
        out += f" Hard in your seat did {plural(gap, 'point')} better than your best try."
    elif gap < 0:
        out += f" Your best try beat Hard in your seat by {plural(-gap, 'point')}."
    else:
        out += " Hard in your seat did as well as your best try."
    return out


DUPLICATE_NOTE = (
    "Each figure is your team's points on this hand minus theirs. The same cards were in "
    "every seat each time, so the difference comes from the bids and the play, not the luck "
    "of the deal."
)


def score_before(scores: Sequence[int]) -> str:
    """The score the hand was played from."""
    return f"Score before the hand: you {number(scores[0])}, them {number(scores[1])}"
