"""A whole game: hands in turn, running scores and bags, and every way a game ends."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import mask_of, rank_of
from .deck import deck_for
from .hand import MISDEAL, Hand
from .rules import Rules
from .scoring import HandResult, score_hand

SEAT_WORDS = ("South", "West", "North", "East")  # seats 0-3, clockwise; 0 the player
DEFAULT_NAMES = ("You", "West", "Partner", "East")  # the seats' names until the player sets them


def deal_cards(rules: Rules, dealer: int, rng: random.Random) -> list[int]:
    """Shuffle the rules' deck and deal it singly from the dealer's left: four hand masks."""
    return deal_hand(rules, dealer, rng)[0]


def deal_hand(rules: Rules, dealer: int, rng: random.Random) -> tuple[list[int], int]:
    """The four hands of 13 dealt singly from the dealer's left, and the mask of the cards left
    over at the end of the deal (001's 54-card pack: two; otherwise none)."""
    cards = list(deck_for(rules).cards)
    rng.shuffle(cards)
    hands: list[list[int]] = [[], [], [], []]
    for i, c in enumerate(cards[:52]):
        hands[(dealer + 1 + i) % 4].append(c)
    return [mask_of(h) for h in hands], mask_of(cards[52:])


def draw_for_dealer(rules: Rules, rng: random.Random) -> tuple[int, list[int]]:
    """High-card draw: each seat draws a card, the highest deals (ties draw again)."""
    cards = [c for c in deck_for(rules).cards if c < 52]
    while True:
        drawn = rng.sample(cards, 4)
        ranks = [rank_of(c) for c in drawn]
        top = max(ranks)
        if ranks.count(top) == 1:
            return ranks.index(top), drawn


class EndReason(Enum):
    """Why a game ended, or which ending a tie put off."""

    SUDDEN_DEATH = "sudden_death"  # more tricks in the sudden-death hand (004)
    ALL13 = "all13"  # all 13 tricks with a positive score (004)
    MOON = "moon"  # a made Moon where it wins (001)
    DOUBLE_NIL = "double_nil"  # a made Double Nil where it wins (001)
    BLIND_DOUBLE_NIL = "blind_double_nil"  # a made Blind Double Nil (001)
    DOUBLE_NIL_FAILED = "double_nil_failed"  # the other team's Double Nil failed where it loses
    BLIND_DOUBLE_NIL_FAILED = "blind_double_nil_failed"  # the other team's Blind Double Nil failed
    TARGET = "target"  # one team reached the target
    BOTH_OVER_TARGET = "both_over_target"  # both did: the higher score
    FLOOR = "floor"  # the other team fell to the losing floor
    BOTH_UNDER_FLOOR = "both_under_floor"  # both did: the higher score
    MATCH_HANDS = "match_hands"  # the higher score after the match's hands
    TIME_LIMIT = "time_limit"  # the higher score when the time ran out


_END_WORDS = {
    EndReason.SUDDEN_DEATH: "won the sudden-death hand",
    EndReason.ALL13: "took all 13 tricks",
    EndReason.MOON: "made a Moon",
    EndReason.DOUBLE_NIL: "made a Double Nil",
    EndReason.BLIND_DOUBLE_NIL: "made a Blind Double Nil",
    EndReason.DOUBLE_NIL_FAILED: "the other team failed its Double Nil",
    EndReason.BLIND_DOUBLE_NIL_FAILED: "the other team failed its Blind Double Nil",
    EndReason.TARGET: "reached {r.target}",
    EndReason.BOTH_OVER_TARGET: "both passed {r.target}; higher score",
    EndReason.FLOOR: "the other team fell to {r.losing_floor}",
    EndReason.BOTH_UNDER_FLOOR: "both fell below the floor; higher score",
    EndReason.MATCH_HANDS: "higher score after {r.match_hands} hands",
    EndReason.TIME_LIMIT: "higher score when {r.time_limit_min} minutes ran out",
}


@dataclass(frozen=True)
class GameOutcome:
    """Where a scored hand leaves the game: its winner and why, or a tie that puts the end off
    (reason: the ending tied; sudden_death: the next hand is decided by its tricks)."""

    winner: int | None = None
    reason: EndReason | None = None
    sudden_death: bool = False

    @property
    def over(self) -> bool:
        """Whether the game has a winner."""
        return self.winner is not None

    def words(self, rules: Rules) -> str:
        """Why the game ended, in the player's words ("" while it goes on)."""
        return _END_WORDS[self.reason].format(r=rules) if self.over and self.reason else ""


GOES_ON = GameOutcome()


def outcome(
    rules: Rules,
    result: HandResult,
    hands_scored: int,
    elapsed_s: float = 0.0,
    sudden_death: bool = False,
) -> GameOutcome:
    """Whether the hand just scored ends the game, and how (as python-chess's Board.outcome).

    result: the hand's score, whose totals are the game's now; hands_scored: hands played to
    the end so far, this one included; elapsed_s: the game clock at the hand's end;
    sudden_death: this hand was the sudden-death hand of a tie (004).
    """
    r = rules
    s = result.scores
    if sudden_death:
        tricks = result.tricks
        mine, theirs = tricks[0] + tricks[2], tricks[1] + tricks[3]
        if mine == theirs:
            return GameOutcome(None, EndReason.SUDDEN_DEATH, True)
        return GameOutcome(0 if mine > theirs else 1, EndReason.SUDDEN_DEATH)
    if r.all13 == "wins" and result.all13_team is not None and s[result.all13_team] > 0:
        return GameOutcome(result.all13_team, EndReason.ALL13)
    if r.moon_wins:  # 001: "a successful Moon bid automatically wins the game"
        for t in (0, 1):
            if result.teams[t].moon and result.teams[t].made:
                return GameOutcome(t, EndReason.MOON)
    dn = result.teams
    for t in (0, 1):  # 001: Double Nil "for some people an automatic win"
        if dn[t].double_nil_made and (r.double_nil_wins or dn[t].double_nil == 2):
            blind = dn[t].double_nil == 2
            return GameOutcome(t, EndReason.BLIND_DOUBLE_NIL if blind else EndReason.DOUBLE_NIL)
    lost = [
        t
        for t in (0, 1)
        if dn[t].double_nil
        and not dn[t].double_nil_made
        and (r.double_nil_loses or dn[t].double_nil == 2)
    ]
    if len(lost) == 1:  # "automatic loss"; a failed Blind Double Nil: "their opponents win"
        blind = dn[lost[0]].double_nil == 2
        why = EndReason.BLIND_DOUBLE_NIL_FAILED if blind else EndReason.DOUBLE_NIL_FAILED
        return GameOutcome(1 - lost[0], why)
    over = [bool(r.target) and s[0] >= r.target, bool(r.target) and s[1] >= r.target]
    if any(over):
        if over[0] != over[1]:
            return GameOutcome(0 if over[0] else 1, EndReason.TARGET)
        return _higher(r, s, EndReason.BOTH_OVER_TARGET)
    if r.losing_floor is not None:
        under = [s[0] <= r.losing_floor, s[1] <= r.losing_floor]
        if under[0] != under[1]:
            return GameOutcome(1 if under[0] else 0, EndReason.FLOOR)
        if all(under) and s[0] != s[1]:
            return GameOutcome(0 if s[0] > s[1] else 1, EndReason.BOTH_UNDER_FLOOR)
    if r.match_hands and hands_scored >= r.match_hands:
        return _higher(r, s, EndReason.MATCH_HANDS)
    if r.time_limit_min and elapsed_s >= 60 * r.time_limit_min:
        return _higher(r, s, EndReason.TIME_LIMIT)
    return GOES_ON


def _higher(rules: Rules, scores: list[int], reason: EndReason) -> GameOutcome:
    """The higher score wins; a tie plays on, or one sudden-death hand where the rules say."""
    if scores[0] != scores[1]:
        return GameOutcome(0 if scores[0] > scores[1] else 1, reason)
    return GameOutcome(None, reason, rules.tiebreak == "most_tricks")


@dataclass(frozen=True)
class _Unscored:
    """The game as it stood before a hand was scored: what unscore() restores."""

    scores: tuple[int, ...]
    bags: tuple[int, ...]
    elapsed_s: float
    sudden_death: bool
    winner: int | None
    end_reason: EndReason | None


def hand_score(hand: Hand, bags: Sequence[int], bids: Sequence[int] | None = None) -> HandResult:
    """A finished hand scored from the totals before it (`bags`: each team's bags then), under
    its own bids or these (a bid judged by the tricks the hand produced)."""
    return score_hand(
        hand.rules,
        [b if b is not None else 0 for b in hand.bids] if bids is None else list(bids),
        hand.tricks_won,
        hand.scores_before,
        (bags[0], bags[1]),
        [s for s, _ in hand.reneges],
        (hand.team_bemo(0), hand.team_bemo(1)),
        hand.trick_winners,
        hand.special_team(),
        (hand.team_no_trump(0), hand.team_no_trump(1)),
        [any(hand.no_trump[s] and hand.no_trump_broken(s) for s in (t, t + 2)) for t in (0, 1)],
        (hand.double_nil_team[0], hand.double_nil_team[1]),
    )


class Game:
    """Scores, bags and hands of one game; the caller deals (with its RNG) and feeds the clock."""

    def __init__(
        self,
        rules: Rules,
        scores: tuple[int, int] = (0, 0),
        bags: tuple[int, int] = (0, 0),
    ) -> None:
        self.rules = rules
        self.start_scores = tuple(scores)
        self.start_bags = tuple(bags)
        self.scores = list(scores)
        self.bags = list(bags)
        self.hands: list[Hand] = []
        self.results: list[HandResult | None] = []  # None for a thrown-in hand
        self.winner: int | None = None
        self.end_reason: EndReason | None = None
        self.sudden_death = False
        self.elapsed_s = 0.0
        self.clock: list[float | None] = []  # elapsed seconds fed at the end of each hand
        self._unscored: list[_Unscored] = []  # per scored hand, the game before it

    # ----- dealing -------------------------------------------------------------------------

    def first_dealer(self, rng: random.Random) -> int:
        """The first dealer as the rules choose it."""
        how = self.rules.first_dealer
        if how == "human":
            return 0
        if how == "high_card":
            return draw_for_dealer(self.rules, rng)[0]
        return rng.randrange(4)

    def next_dealer(self) -> int:
        """Who deals the next hand."""
        if not self.hands:
            raise ValueError("the first dealer is chosen with first_dealer()")
        last = self.hands[-1]
        if last.phase == MISDEAL and self.rules.misdeal_redeal == "same":
            return last.dealer
        return (last.dealer + 1) % 4

    def start_hand(
        self, dealer: int, deal: list[int], special: int | None = None, extra: int = 0
    ) -> Hand:
        """Begin a hand with the given dealer and the four dealt hands (masks).

        special: the card cut before the deal where the rules cut a special card (001);
        extra: the two cards left over from a 54-card deal (001).
        """
        if self.winner is not None:
            raise ValueError("the game is over")
        if self.hands and not self.hands[-1].done:
            raise ValueError("the current hand is not finished")
        hand = Hand(self.rules, dealer, deal, (self.scores[0], self.scores[1]), special, extra)
        self.hands.append(hand)
        return hand

    def deal(self, rng: random.Random) -> Hand:
        """Deal the next hand with the RNG (choosing the first dealer if need be)."""
        dealer = self.next_dealer() if self.hands else self.first_dealer(rng)
        special = None
        if self.rules.special_card == "cut":  # 001: "determined afresh by cutting a card"
            special = rng.choice(deck_for(self.rules).cards)
        deal, extra = deal_hand(self.rules, dealer, rng)
        return self.start_hand(dealer, deal, special, extra)

    @property
    def hand(self) -> Hand | None:
        """The hand being played, or the last one."""
        return self.hands[-1] if self.hands else None

    @property
    def over(self) -> bool:
        """Whether the game has a winner."""
        return self.winner is not None

    # ----- scoring and the end -------------------------------------------------------------

    def finish_hand(self, elapsed_s: float | None = None) -> HandResult | None:
        """Score the finished current hand, update the game and decide whether it is over."""
        hand = self.hands[-1]
        if not hand.done:
            raise ValueError("the hand is not finished")
        if len(self.results) == len(self.hands):
            raise ValueError("the hand is already scored")
        self._unscored.append(
            _Unscored(
                tuple(self.scores),
                tuple(self.bags),
                self.elapsed_s,
                self.sudden_death,
                self.winner,
                self.end_reason,
            )
        )
        if elapsed_s is not None:
            self.elapsed_s = elapsed_s
        self.clock.append(elapsed_s)
        if hand.phase == MISDEAL:
            self.results.append(None)
            return None
        result = hand_score(hand, self.bags)
        self.results.append(result)
        self.scores = result.scores
        self.bags = result.bags
        self._decide(result)
        return result

    def unscore(self) -> HandResult | None:
        """Take back the scoring of the last hand, which stays finished: its result and clock,
        and the totals, bags, game clock, sudden death and end as they were before it."""
        if not self.results or len(self.results) != len(self.hands):
            raise ValueError("the last hand is not scored")
        before = self._unscored.pop()
        self.scores, self.bags = list(before.scores), list(before.bags)
        self.elapsed_s, self.sudden_death = before.elapsed_s, before.sudden_death
        self.winner, self.end_reason = before.winner, before.end_reason
        self.clock.pop()
        return self.results.pop()

    def hands_scored(self) -> int:
        """Hands played to the end (misdeals do not count)."""
        return sum(1 for r in self.results if r is not None)

    def bags_before(self, index: int) -> tuple[int, int]:
        """Each team's bags before hand `index` (from 0) was scored."""
        bags = self.start_bags
        for res in self.results[:index]:
            if res is not None:
                bags = (res.bags[0], res.bags[1])
        return (bags[0], bags[1])

    @property
    def end_words(self) -> str:
        """Why the game ended, in the player's words ("" while it goes on)."""
        return GameOutcome(self.winner, self.end_reason).words(self.rules)

    def _decide(self, result: HandResult) -> None:
        end = outcome(self.rules, result, self.hands_scored(), self.elapsed_s, self.sudden_death)
        if end.over:
            self.winner = end.winner
            self.end_reason = end.reason
        elif end.sudden_death:
            self.sudden_death = True
