"""A whole game: hands in turn, running scores and bags, and every way a game ends."""

from __future__ import annotations

import random

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
        self.end_reason = ""
        self.sudden_death = False
        self.elapsed_s = 0.0
        self.clock: list[float | None] = []  # elapsed seconds fed at the end of each hand

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
        if elapsed_s is not None:
            self.elapsed_s = elapsed_s
        self.clock.append(elapsed_s)
        if hand.phase == MISDEAL:
            self.results.append(None)
            return None
        result = score_hand(
            self.rules,
            [b if b is not None else 0 for b in hand.bids],
            hand.tricks_won,
            self.scores,
            self.bags,
            [s for s, _ in hand.reneges],
            (hand.team_bemo(0), hand.team_bemo(1)),
            hand.trick_winners,
            hand.special_team(),
            (hand.team_no_trump(0), hand.team_no_trump(1)),
            [any(hand.no_trump[s] and hand.no_trump_broken(s) for s in (t, t + 2)) for t in (0, 1)],
            (hand.double_nil_team[0], hand.double_nil_team[1]),
        )
        self.results.append(result)
        self.scores = result.scores
        self.bags = result.bags
        self._decide(result)
        return result

    def hands_scored(self) -> int:
        """Hands played to the end (misdeals do not count)."""
        return sum(1 for r in self.results if r is not None)

    def _decide(self, result: HandResult) -> None:
        r = self.rules
        s = self.scores
        if self.sudden_death:
            team_tricks = [result.tricks[0] + result.tricks[2], result.tricks[1] + result.tricks[3]]
            if team_tricks[0] != team_tricks[1]:
                self._win(0 if team_tricks[0] > team_tricks[1] else 1, "won the sudden-death hand")
            return
        if r.all13 == "wins" and result.all13_team is not None and s[result.all13_team] > 0:
            self._win(result.all13_team, "took all 13 tricks")
            return
        if r.moon_wins:  # 001: "a successful Moon bid automatically wins the game"
            for t in (0, 1):
                if result.teams[t].moon and result.teams[t].made:
                    self._win(t, "made a Moon")
                    return
        dn = [result.teams[t] for t in (0, 1)]
        for t in (0, 1):  # 001: Double Nil "for some people an automatic win"
            if dn[t].double_nil_made and (r.double_nil_wins or dn[t].double_nil == 2):
                blind = "Blind " if dn[t].double_nil == 2 else ""
                self._win(t, f"made a {blind}Double Nil")
                return
        lost = [
            t
            for t in (0, 1)
            if dn[t].double_nil
            and not dn[t].double_nil_made
            and (r.double_nil_loses or dn[t].double_nil == 2)
        ]
        if len(lost) == 1:  # "automatic loss"; a failed Blind Double Nil: "their opponents win"
            blind = "Blind " if dn[lost[0]].double_nil == 2 else ""
            self._win(1 - lost[0], f"the other team failed its {blind}Double Nil")
            return
        over = [bool(r.target) and s[0] >= r.target, bool(r.target) and s[1] >= r.target]
        if any(over):
            if over[0] != over[1]:
                self._win(0 if over[0] else 1, f"reached {r.target}")
            elif s[0] != s[1]:
                self._win(0 if s[0] > s[1] else 1, f"both passed {r.target}; higher score")
            else:
                self._tie()
            return
        if r.losing_floor is not None:
            under = [s[0] <= r.losing_floor, s[1] <= r.losing_floor]
            if under[0] != under[1]:
                self._win(1 if under[0] else 0, f"the other team fell to {r.losing_floor}")
                return
            if all(under) and s[0] != s[1]:
                self._win(0 if s[0] > s[1] else 1, "both fell below the floor; higher score")
                return
        if r.match_hands and self.hands_scored() >= r.match_hands:
            if s[0] != s[1]:
                self._win(0 if s[0] > s[1] else 1, f"higher score after {r.match_hands} hands")
            else:
                self._tie()
            return
        if r.time_limit_min and self.elapsed_s >= 60 * r.time_limit_min:
            if s[0] != s[1]:
                self._win(
                    0 if s[0] > s[1] else 1,
                    f"higher score when {r.time_limit_min} minutes ran out",
                )
            else:
                self._tie()

    def _tie(self) -> None:
        """A tie where the game would end: another hand, or one sudden-death hand (004)."""
        if self.rules.tiebreak == "most_tricks":
            self.sudden_death = True

    def _win(self, team: int, reason: str) -> None:
        self.winner = team
        self.end_reason = reason
