"""Hand review: the player's decisions in a hand, each weighed against Hard's at that moment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..ai import Decision, make_policy, seat_view
from ..ai.view import SeatView
from ..engine.actions import Action, BidAction, BlindAction, PlayAction
from ..engine.bids import is_blind_bid
from ..engine.cards import SPADES, SUIT_NAMES, cards_of
from ..engine.deck import deck_for
from ..engine.game import SEAT_WORDS, Game, hand_score
from ..engine.hand import MISDEAL, Hand
from ..engine.record import RecordError, load
from ..engine.replay import game_at, hand_steps

COACH_SEED = 0  # the same seed as `spades hint`: the same view always gets the same answer
MISTAKE = 10.0  # points lost, approximately, that make a decision a mistake
SLIP = 4.0  # points lost that make it a small slip

Stop = Callable[[], bool] | None


class Decided(str, Enum):
    """What kind of decision a reviewed one was; its value is how the records name it."""

    BID = "bid"
    PLAY = "play"


def chosen_action(kind: Decided, n: int) -> BidAction | PlayAction:
    """A reviewed decision's bid or card as the engine's action."""
    return BidAction(n) if kind is Decided.BID else PlayAction(n)


@dataclass(frozen=True)
class Point:
    """One of the player's decisions in a hand: where it happened and what was chosen."""

    hand: int  # 0-based hand index in the record
    kind: Decided
    step: int  # 0 for the bid, else the trick number 1-13
    bids: int  # bids made before it
    passes: int  # card passes made before it
    plays: int  # cards played before it
    action: int  # the bid or card chosen
    forced: bool = False  # only one legal choice
    blind: bool = False  # a blind bid, made before looking
    seat: int = 0


@dataclass(frozen=True)
class Verdict:
    """Hard's choice at a decision, its reason, and roughly what the player's choice cost."""

    point: Point
    best: int  # the bid or the card
    reason: str
    cost: float | None  # points, approximate; None when not judged
    how: str  # "expected", "tricks", "forced", "blind", "none"
    values: tuple[tuple[int, float | None], ...] = field(default=())  # bids or cards
    ruffers: tuple[int, ...] = ()  # opponents known void who may trump the best card

    @property
    def label(self) -> str | None:
        """ "good", "slip", "mistake", or None when not judged."""
        return verdict_label(self.cost)


def cost_points(cost: float | None) -> int | None:
    """A cost as the whole number of points the player is told."""
    return None if cost is None else max(0, round(cost))


def verdict_label(cost: float | None) -> str | None:
    """The word for a cost, by the points the player is told (so words and label agree):
    good below SLIP, slip below MISTAKE, else mistake; None when not judged."""
    pts = cost_points(cost)
    if pts is None:
        return None
    if pts >= MISTAKE:
        return "mistake"
    if pts >= SLIP:
        return "slip"
    return "good"


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def verdict_words(
    kind: Decided, cost: float | None, how: str, same: bool = False, level: str = "hard"
) -> tuple[str, str | None]:
    """The verdict in words that match the stakes, and its label: what the choice cost,
    in points, whenever it cost anything ("Mistake: costs about 12 points")."""
    who = level.capitalize()
    if how == "blind":
        return ("Blind bid: not judged", None)
    if how == "forced":
        return (f"The only legal {'bid' if kind is Decided.BID else 'card'}", "good")
    pts = cost_points(cost)
    label = verdict_label(cost)
    if pts is None:
        return ("Not judged", None)
    if label == "mistake":
        return (f"Mistake: costs about {_points(pts)}", label)
    if label == "slip":
        return (f"Small slip: costs about {_points(pts)}", label)
    if pts:
        return (f"Good: within about {_points(pts)} of {who}'s", label)
    return (f"Good: same as {who}" if same else f"Good: as good as {who}'s", label)


def ruff_seats(view: SeatView, card: int) -> tuple[int, ...]:
    """Opponents still to play to this trick who are known to be out of the card's suit and
    may still hold a trump: they may trump it. Empty for a trump, or when the card cannot
    win the trick anyway (not the led suit, or the trick already trumped)."""
    d = deck_for(view.rules)
    suit = d.suit[card]
    if suit == SPADES:
        return ()
    if view.trick:
        led = d.suit[view.trick[0]]
        if suit != led or any(d.suit[c] == SPADES for c in view.trick):
            return ()
    after = [(view.seat + i) % 4 for i in range(1, 4 - len(view.trick))]
    trumps = d.trump_mask & view.unseen() & ~view.known()[view.partner]
    forbidden = view.forbidden()
    return tuple(
        s
        for s in after
        if s % 2 != view.team and view.voids[s] >> suit & 1 and trumps & ~forbidden[s]
    )


def ruff_words(
    seats: Sequence[int], card: int, rules: Any, names: Sequence[str] | None = None
) -> str:
    """'West is out of hearts and may trump it, but it is still the best card here.'"""
    if not seats:
        return ""
    names = names or SEAT_WORDS
    who = " and ".join(str(names[s]) for s in seats)
    suit = SUIT_NAMES[deck_for(rules).suit[card]]
    verb = "are" if len(seats) > 1 else "is"
    return f"{who} {verb} out of {suit} and may trump it, but it is still the best card here."


def decision_points(game: Game, index: int, seat: int = 0) -> list[Point]:
    """The seat's bid and cards in hand `index` (0-based) of a replayed game, in order."""
    hand = game.hands[index]
    if hand.phase == MISDEAL:
        return []
    out: list[Point] = []
    for step in hand_steps(hand):
        h, action = step.hand, step.action
        if step.seat != seat:
            continue
        if isinstance(action, BidAction) and not h.raising:  # 001's second round is no bid
            plain = [x for x in h.legal_bids() if not is_blind_bid(x)]
            blind = is_blind_bid(action.bid)
            forced = not blind and len(plain) <= 1
            out.append(Point(index, Decided.BID, 0, h.nbids, 0, 0, action.bid, forced, blind, seat))
        elif isinstance(action, PlayAction):
            i = len(h.plays)
            forced = h.legal_plays().bit_count() == 1
            passes = len(hand.passes)
            out.append(
                Point(
                    index,
                    Decided.PLAY,
                    i // 4 + 1,
                    hand.nbids,
                    passes,
                    i,
                    action.card,
                    forced,
                    seat=seat,
                )
            )
    return out


def _action_index(hand: Hand, point: Point) -> int:
    """The place in the hand's actions of a decision (RecordError if it has none such)."""
    for step in hand_steps(hand):
        h, action = step.hand, step.action
        if point.kind is Decided.BID:
            if isinstance(action, BidAction) and not h.raising and h.nbids == point.bids:
                return step.index
        elif isinstance(action, PlayAction) and len(h.plays) == point.plays:
            return step.index
    raise RecordError(f"hand {point.hand + 1} has no such decision ({point.kind} {point.step})")


def position(record: dict[str, Any], point: Point) -> Game:
    """The game replayed from the record to the moment of a decision (RecordError if bad)."""
    game = load(record)
    if not 0 <= point.hand < len(game.hands):
        raise RecordError(f"the record has no hand {point.hand + 1}")
    return game_at(game, point.hand, _action_index(game.hands[point.hand], point))


def explain_job(
    level: str, seed: int, think_ms: int | None, view: SeatView, stop: Stop = None
) -> Decision[Action]:
    """A level's decision with its reason for a seat view (runs in the coach worker)."""
    return make_policy(level, seed, think_ms).explain(view, stop)


def _same_group(view: SeatView, a: int, b: int) -> bool:
    """Whether two of the seat's cards are as good as each other (no live card between)."""
    if a == b:
        return True
    d = deck_for(view.rules)
    if d.suit[a] != d.suit[b]:
        return False
    lo, hi = sorted((d.strength[a], d.strength[b]))
    live = d.full & ~view.hand & ~view.gone
    return not any(d.suit[x] == d.suit[a] and lo < d.strength[x] < hi for x in cards_of(live))


def _value_of(
    view: SeatView, kind: Decided, action: int, values: list[tuple[int, float]]
) -> float | None:
    for a, v in values:
        if a == action or (kind is Decided.PLAY and _same_group(view, a, action)):
            return v
    return None


def _points_diff(game: Game, hand: Hand, bids: list[int], seat: int) -> float:
    """Our points minus theirs for this hand's tricks as taken, under these bids."""
    res = hand_score(hand, game.bags_before(game.hands.index(hand)), bids)
    t = seat % 2
    return float(res.teams[t].points - res.teams[1 - t].points)


def _bid_by_tricks(record: dict[str, Any], point: Point, best: int) -> float | None:
    """Hard's bid against the player's, scored with the tricks the hand actually produced."""
    full = load(record)
    hand = full.hands[point.hand]
    if not hand.done or hand.phase == MISDEAL:
        return None
    bids = [b if b is not None else 0 for b in hand.bids]
    bids[point.seat] = point.action
    mine = _points_diff(full, hand, bids, point.seat)
    bids[point.seat] = best
    theirs = _points_diff(full, hand, bids, point.seat)
    return theirs - mine


def analyse(
    record: dict[str, Any],
    point: Point,
    level: str = "hard",
    seed: int = COACH_SEED,
    think_ms: int | None = None,
    stop: Stop = None,
) -> Verdict:
    """Hard's choice at a decision rebuilt from the record, and what the player's choice cost."""
    if point.blind:
        return Verdict(
            point,
            point.action,
            "A blind bid is made before looking; it is not judged here.",
            None,
            "blind",
        )
    what = "bid" if point.kind is Decided.BID else "card"
    if point.forced:
        return Verdict(point, point.action, f"The only legal {what}.", 0.0, "forced")
    game = position(record, point)
    view = seat_view(game, point.seat)
    d = make_policy(level, seed, think_ms).explain(view, stop)
    best = number_of(d.action)
    values = [(number_of(a), v) for a, v in d.candidates if v is not None]
    ruffers = ruff_seats(view, best) if point.kind is Decided.PLAY else ()
    if not values:
        same = best == point.action or (
            point.kind is Decided.PLAY and _same_group(view, best, point.action)
        )
        cost0 = 0.0 if same else None
        return Verdict(point, best, d.reason, cost0, "none", _numbers(d), ruffers)
    v_best = _value_of(view, point.kind, best, values)
    v_mine = _value_of(view, point.kind, point.action, values)
    if v_best is not None and v_mine is not None:
        cost: float | None = max(0.0, v_best - v_mine)
        how = "expected"
    elif point.kind is Decided.BID:
        diff = _bid_by_tricks(record, point, best)
        cost = None if diff is None else max(0.0, diff)
        how = "tricks" if diff is not None else "none"
    else:
        cost, how = None, "none"
    return Verdict(point, best, d.reason, cost, how, _numbers(d), ruffers)


def number_of(action: Action) -> int:
    """The bid or the card of a reviewed decision."""
    if isinstance(action, PlayAction):
        return action.card
    if isinstance(action, (BidAction, BlindAction)) and action.bid is not None:
        return action.bid
    raise TypeError(f"{action!r} is neither a bid nor a card")


def _numbers(d: Decision[Action]) -> tuple[tuple[int, float | None], ...]:
    """The candidates' bids or cards and their values."""
    return tuple((number_of(a), v) for a, v in d.candidates)
