"""Practice in the player's words: a deal played again compared with the first try and with
Hard in the player's seat."""

from __future__ import annotations

import re
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


# --------------------------------------------------------------------------- the guided hand


@dataclass(frozen=True)
class Lesson:
    """One moment of the guided hand: a title and a few plain sentences."""

    title: str
    text: str


WELCOME = Lesson(
    "Your first hand, with a guide",
    "You sit South, at the bottom of the table. Your partner is North, across from you; West "
    "and East play against you both. Everyone holds 13 cards. As each part of the hand comes, "
    "the table explains it, and if a choice of yours looks weak it says why. You make every "
    "choice. Skip the guide whenever you like: the Skip button or Esc.",
)

BIDDING = Lesson(
    "Bidding: how many tricks will you take?",
    "Each player bids the number of tricks they expect to win. Count your sure tricks: each "
    "Ace, a King with another card of its suit, and your spades, which are trumps: a spade "
    "beats every card of the other suits, so long spades win extra tricks. Your bid and your "
    "partner's add up to your team's contract. Take at least that many tricks together and "
    "you score 10 points for each trick bid; fall short and you lose that much instead.",
)


def nil_lesson(partner: str, bonus: int, penalty: int) -> Lesson:
    """Partner bid nil: what it means and what covering it asks of the player."""
    return Lesson(
        f"{partner} bid Nil",
        f"Nil is a promise to take no tricks at all. If {partner} takes none, your team scores "
        f"{bonus}; if they take even one, your team loses {penalty}. Your job is to cover: when "
        f"{partner} might have to win a trick, play a high card first so they can play low "
        "under it. Their nil adds nothing to your contract, so bid the tricks you will take "
        "yourself.",
    )


FIRST_TRICK = Lesson(
    "The first trick",
    "Under these rules the player holding the lowest club (the 2♣) leads it, and everyone "
    "plays their lowest club to it; no spades on the first trick. The highest club wins, and "
    "the winner of each trick leads to the next.",
)

FOLLOW = Lesson(
    "Following suit",
    "You must play a card of the suit that was led if you have one: the cards you may play "
    "stand raised. The highest card of the suit led wins the trick, unless someone plays a "
    "spade.",
)

LEAD = Lesson(
    "Your lead",
    "You won the last trick, so you lead: play any card to start the trick. A spade may not "
    "be led until spades are broken (a spade has been played to an earlier trick), unless you "
    "hold nothing else.",
)


def trump_lesson(suit: str) -> Lesson:
    """The player cannot follow suit and holds a spade."""
    return Lesson(
        f"No {suit}: you may trump",
        f"You have no {suit}, so you may play any card. A spade trumps: it beats every card "
        "of the other suits, and the highest spade in a trick wins it. If you do not want the "
        "trick, throw away a low card of another suit instead.",
    )


def broken_lesson(who: str) -> Lesson:
    """A spade has just been played for the first time this hand."""
    return Lesson(
        "Spades are broken",
        f"{who} played a spade on a trick of another suit, so from now on anyone may lead spades.",
    )


def cover_lesson(partner: str) -> Lesson:
    """The player plays before a nil-bidding partner in this trick."""
    return Lesson(
        f"Cover {partner}'s nil",
        f"{partner} plays after you in this trick. A high card from you lets them play safely "
        "under it; a low one may leave them winning a trick they promised not to take.",
    )


SAMPLED = re.compile(r"(^|[;:.]\s*)over \d+ sampled deals", re.IGNORECASE)
BEST_OVER_DEALS = "it comes out best over the many ways the unseen cards may lie"
# What the coach puts before its figures to say whose nil the search played for: a fact, not
# a reason, so the reason that the figures gave still follows it (as the player reads it).
NIL_CONTEXT = {"Partner bid nil": "Partner bid nil", "I bid nil": "You bid nil"}


def plain_reason(reason: str) -> str:
    """A coach's reason without its figures from sampled deals (a newcomer needs the idea)."""
    m = SAMPLED.search(reason)
    if m is None:
        return reason.rstrip(". ")
    head = reason[: m.start()].strip(" ;:.")
    if head in NIL_CONTEXT:
        return f"{NIL_CONTEXT[head]}, and {BEST_OVER_DEALS}"
    return head or BEST_OVER_DEALS


def nudge_lesson(mine: str, what: str, reason: str, cost: float | None) -> Lesson:
    """The coach's nudge: the player's choice, the coach's, its reason, and the cost."""
    costs = ""
    if cost is not None and round(cost) > 0:
        costs = f" Yours costs about {plural(round(cost), 'point')} on average."
    return Lesson(
        f"Think again about {mine}?",
        f"Hard would {what}: {plain_reason(reason)}.{costs}",
    )


WAITING = Lesson("One moment", "The coach is looking at your choice...")


def score_lesson(
    team: TeamHand, theirs: TeamHand, bag_limit: int, bag_penalty: int, target: int
) -> Lesson:
    """The hand's end: how the team's contract, nil and bags scored, and what comes next."""
    if team.contract == 0:
        contract = "Your team bid no tricks."
    elif team.made:
        contract = (
            f"Your team bid {team.contract} and took {team.tricks}: the contract is made, "
            f"{signed(team.contract_points)} points."
        )
    else:
        contract = (
            f"Your team bid {team.contract} but took only {team.tricks}: it is set, "
            f"{signed(team.contract_points)} points."
        )
    nils = "".join(
        f" The nil was {'made' if n.made else 'lost'}: {signed(n.points)}." for n in team.nils
    )
    bags = (
        " Each trick over a contract is a bag: a point now, but every "
        f"{bag_limit} bags cost {bag_penalty} points, so do not win many more tricks than you "
        f"bid. Your team has {plural(team.bags, 'bag')} so far, theirs {theirs.bags}."
    )
    return Lesson(
        "Bags and the score",
        f"{contract}{nils}{bags} The hands go on, the deal passing to the left, until a team "
        f"reaches {target} points. That is the whole game: you are ready for a real one.",
    )


def rules_note(name: str, differences: Sequence[str]) -> str:
    """Why the guided hand's rules may not be the player's own."""
    if not differences:
        return ""
    return (
        f"This guided hand is played under the Classic rules. Your table plays {name}, "
        "where: " + " ".join(differences)
    )
