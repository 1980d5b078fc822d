"""Scoring one hand for both teams under every scoring option."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .bids import BLIND, BLIND_NIL, blind_penalty, blind_table, is_blind, is_nil
from .rules import Rules


@dataclass
class NilResult:
    """One nil bid's outcome."""

    seat: int
    blind: bool
    made: bool
    points: int


@dataclass
class TeamHand:
    """How one team's hand scored, part by part."""

    contract: int
    tricks: int  # tricks that count toward the contract
    made: bool
    contract_points: int
    overtricks: int
    bag_points: int
    bag_penalty: int
    renege_points: int
    nils: list[NilResult] = field(default_factory=list)
    nil_points: int = 0
    points: int = 0
    score: int = 0
    bags: int = 0
    moon: bool = False  # the contract was a Moon (a team bid of 13 where the rules have one)
    bemo: int = 0  # the tricks of the team's Bemo (6 or 9), or 0
    bemo_points: int = 0  # ±60 or ±90 (001: "additional to the normal bid")
    special: bool = False  # the team took the special card (001: it cancels one bag)
    no_trump: int = 0  # the contract was a no trump (001): 1, or 2 for a blind no trump
    no_trump_broken: bool = False  # the no-trump bidder won a trick by trumping
    double_nil: int = 0  # the team bid Double Nil together (001): 1, or 2 for a blind one
    double_nil_made: bool = False
    opp_bonus: int = 0  # points from the other team's Double Nil, both partners taking a trick


@dataclass
class HandResult:
    """A scored hand: per seat tricks, per team points, scores and bags after it."""

    tricks: list[int]
    teams: list[TeamHand]
    all13_team: int | None = None

    @property
    def points(self) -> list[int]:
        """Points each team scored this hand."""
        return [t.points for t in self.teams]

    @property
    def scores(self) -> list[int]:
        """Scores after the hand."""
        return [t.score for t in self.teams]

    @property
    def bags(self) -> list[int]:
        """Bags after the hand."""
        return [t.bags for t in self.teams]


def _renege_adjust(
    rules: Rules, tricks: list[int], reneges: list[int]
) -> tuple[list[int], list[int]]:
    """Tricks moved and points awarded for caught reneges (the computer catches them all)."""
    adjust, award = [0, 0], [0, 0]
    for seat in reneges:
        t, o = seat % 2, 1 - seat % 2
        have = tricks[t] + tricks[t + 2] + adjust[t]
        k = min(3, max(have, 0))
        adjust[t] -= k
        if rules.renege == "claim_000":
            adjust[o] += k
            award[o] += 30
    return adjust, award


def counted_tricks(rules: Rules, bids: Sequence[int], tricks: Sequence[int], team: int) -> int:
    """The tricks that count toward a team's contract (a renege's aside): its number bidders',
    and its nil bidders' where the rules give them to partner."""
    partner = rules.failed_nil_tricks == "partner"
    return sum(tricks[s] for s in (team, team + 2) if partner or not is_nil(bids[s]))


def score_team(
    rules: Rules,
    team: int,
    bids: list[int],
    tricks: list[int],
    score: int,
    bags: int,
    trick_adjust: int = 0,
    renege_points: int = 0,
    bemo: int = 0,
    trick_winners: list[int] | tuple[int, ...] = (),
    special: bool = False,
    no_trump: bool = False,
    no_trump_broken: bool = False,
    double_nil: bool = False,
) -> TeamHand:
    """Score one team's hand from the four seats' bids and tricks.

    no_trump: the team's contract is a no trump (001; a blind number the rules have no blind
    bid of can only be a blind no trump); no_trump_broken: its bidder won a trick by
    trumping, which loses the bid; double_nil: the team bid Double Nil together (001).
    """
    r = rules
    seats = (team, team + 2)
    nil_seats = [s for s in seats if is_nil(bids[s])]
    num_seats = [s for s in seats if not is_nil(bids[s])]
    both_nil = len(nil_seats) == 2
    nils = []
    for s in nil_seats:
        blind = bids[s] == BLIND_NIL
        bonus = r.blind_nil_bonus if blind else r.nil_bonus
        penalty = r.blind_nil_penalty if blind else r.nil_penalty
        if both_nil and r.double_nil == "doubled":
            bonus, penalty = 2 * bonus, 2 * penalty
        made = tricks[s] == 0
        nils.append(NilResult(s, blind, made, bonus if made else -penalty))
    dn = 0
    if double_nil and both_nil:  # 001: "If either partner wins a trick the bid fails"
        dn = 2 if all(n.blind for n in nils) else 1
        nil_points = r.double_nil_bonus if all(n.made for n in nils) else -r.double_nil_penalty
        for n in nils:
            n.points = nil_points // 2
    elif both_nil and r.double_nil == "team":
        n_made = sum(n.made for n in nils)
        nil_points = (-r.double_nil_value, 0, r.double_nil_value)[n_made]
        for n in nils:
            n.points = nil_points // 2
    else:
        nil_points = sum(n.points for n in nils)
    counted = counted_tricks(r, bids, tricks, team) + trick_adjust
    # tricks that are bags without counting toward the contract
    loose = sum(tricks[s] for s in nil_seats) if r.failed_nil_tricks == "bags" else 0
    blind_bid = next((bids[s] for s in num_seats if is_blind(bids[s])), None)
    moon = False
    nt = 0
    if blind_bid is not None and (no_trump or blind_bid - BLIND not in blind_table(r)):
        # 001: a blind no trump scores "triple the basic amount"; failing it costs triple,
        # double or single
        nt = 2
        contract = blind_bid - BLIND
        made = counted >= contract and not no_trump_broken
        over = counted - contract if made else 0
        times = {"triple": 3, "double": 2, "single": 1}[r.no_trump_blind_penalty]
        contract_points = 30 * contract if made else -10 * contract * times
    elif blind_bid is not None:
        contract = blind_bid - BLIND
        value, exactly = blind_table(r)[contract]
        made = counted == contract if exactly else counted >= contract
        over = counted - contract if made else 0
        contract_points = value if made else -blind_penalty(r, contract)
    else:
        contract = sum(bids[s] for s in num_seats)
        if r.all13 == "moon" and contract == 13:
            moon = True
            made, over = counted >= 13, 0
            contract_points = r.moon_value if made else -r.moon_value
        elif r.ten_for_200 == "exact" and contract == 10:
            made, over = counted == 10, 0
            contract_points = r.ten_for_200_value if made else -r.ten_for_200_value
        elif counted >= contract:
            made, over = True, counted - contract
            big = r.ten_for_200 == "at_least" and contract >= 10
            contract_points = r.ten_for_200_value if big else 10 * contract
        else:
            made, over = False, 0
            short = contract if r.set_penalty == "bid" else contract - counted
            contract_points = -10 * short
        if no_trump:
            # 001: "double that of a normal bid for that number of tricks if won; the penalty
            # if you lose is double the penalty for a normal bid" (or single). Winning a trick
            # by trumping breaks the promise: the bid is lost as if set.
            nt = 1
            if made and no_trump_broken:
                made, over = False, 0
                if moon or (r.ten_for_200 == "exact" and contract == 10):
                    contract_points = -abs(contract_points)
                else:
                    contract_points = -10 * contract
            contract_points *= 2 if made or r.no_trump_penalty == "double" else 1
    overtricks = over + loose
    if special and made and overtricks > 0:
        overtricks -= 1  # 001: "a special card that cancels one sandbag on that hand"
    bemo_points = 0
    if bemo:  # 001: the team must win each of the first six (nine) tricks
        first = trick_winners[:bemo]
        won = len(first) == bemo and all(w % 2 == team for w in first)
        bemo_points = 10 * bemo if won else -10 * bemo
    bag_points = 0 if r.bags_display == "units" else overtricks * r.bag_value
    tracked = r.bag_limit > 0 or r.bag_value != 0
    if r.blind_nil_no_bags and any(n.blind for n in nils):
        tracked = False  # 001: "no penalty for sandbags when playing Blind Nil" (READINGS)
    new_bags = bags + overtricks if tracked else bags
    penalty = 0
    if r.bag_limit > 0:
        # Bags count one at a time: each time the count reaches the limit the team pays and
        # the count starts again from zero, so later bags of the same hand count again.
        # (000's "reset to zero" at the 6th bag and 001-003's "carried over" agree.)
        while new_bags >= r.bag_limit:
            penalty += r.bag_penalty
            new_bags -= r.bag_limit
    points = nil_points + contract_points + bag_points - penalty + renege_points + bemo_points
    return TeamHand(
        contract=contract,
        tricks=counted,
        made=made,
        contract_points=contract_points,
        overtricks=overtricks,
        bag_points=bag_points,
        bag_penalty=penalty,
        renege_points=renege_points,
        nils=nils,
        nil_points=nil_points,
        points=points,
        score=score + points,
        bags=new_bags,
        moon=moon,
        bemo=bemo,
        bemo_points=bemo_points,
        special=special,
        no_trump=nt,
        no_trump_broken=no_trump_broken and nt > 0,
        double_nil=dn,
        double_nil_made=dn > 0 and all(n.made for n in nils),
    )


def score_hand(
    rules: Rules,
    bids: list[int],
    tricks: list[int],
    scores: tuple[int, int] | list[int],
    bags: tuple[int, int] | list[int],
    reneges: list[int] | tuple[int, ...] = (),
    bemo: tuple[int, int] | list[int] = (0, 0),
    trick_winners: list[int] | tuple[int, ...] = (),
    special_team: int | None = None,
    no_trump: tuple[bool, bool] | list[bool] = (False, False),
    no_trump_broken: tuple[bool, bool] | list[bool] = (False, False),
    double_nil: tuple[bool, bool] | list[bool] = (False, False),
) -> HandResult:
    """Score a finished hand for both teams; reneges are the seats that reneged.

    bemo: each team's Bemo (6, 9 or 0 tricks), judged on trick_winners (the seat winning each
    trick in order); special_team: the team that took the special card, if any; no_trump,
    no_trump_broken, double_nil: per team, as `score_team` takes them (001).
    """
    adjust, award = _renege_adjust(rules, tricks, list(reneges))
    teams = [
        score_team(
            rules,
            t,
            bids,
            tricks,
            scores[t],
            bags[t],
            adjust[t],
            award[t],
            bemo[t],
            trick_winners,
            special_team == t,
            no_trump[t],
            no_trump_broken[t],
            double_nil[t],
        )
        for t in (0, 1)
    ]
    for t in (0, 1):
        th = teams[t]
        if th.double_nil and not any(n.made for n in th.nils):
            # 001: "if both partners win a trick, their opponents get a bonus of 100 points"
            other = teams[1 - t]
            other.opp_bonus = rules.double_nil_opp_bonus
            other.points += other.opp_bonus
            other.score += other.opp_bonus
    all13 = None
    for t in (0, 1):
        if tricks[t] + tricks[t + 2] == 13:
            all13 = t
    return HandResult(list(tricks), teams, all13)


def display_score(rules: Rules, score: int, bags: int) -> int:
    """The score as the table writes it (bags in the units digit where the rules say so)."""
    return score + bags if rules.bags_display == "units" else score


@dataclass(frozen=True)
class TeamNeed:
    """A team's contract as the tricks of a hand in play stand, counted as the scoring
    counts them (a nil bidder's tricks toward the partner's bid only where the rules say)."""

    contract: int  # tricks bid; 0 when the team bid only nil
    counted: int  # tricks so far that count toward the contract
    left: int  # tricks still to play
    exact: bool = False  # made only by taking exactly the contract (a ten for 200, a blind bid)

    @property
    def need(self) -> int:
        """More tricks to make the contract (0: made)."""
        return max(0, self.contract - self.counted)

    @property
    def sets(self) -> int:
        """Tricks that, going elsewhere, leave the contract out of reach (0: out of reach)."""
        return max(0, self.left - self.need + 1)


def team_need(
    rules: Rules, team: int, bids: Sequence[int], tricks: Sequence[int], no_trump: bool = False
) -> TeamNeed:
    """A team's contract, the tricks that count toward it and the tricks left, mid-hand."""
    th = score_team(rules, team, list(bids), list(tricks), 0, 0, no_trump=no_trump)
    blind = next((b for s in (team, team + 2) if is_blind(b := bids[s]) and not is_nil(b)), None)
    if blind is not None and th.no_trump == 0:
        exact = blind_table(rules)[blind - BLIND][1]
    else:
        exact = rules.ten_for_200 == "exact" and th.contract == 10 and blind is None
    return TeamNeed(th.contract, th.tricks, 13 - sum(tricks), exact)
