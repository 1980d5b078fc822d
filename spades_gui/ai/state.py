"""What a seat knows during play, in strength-ordered indices: built once per decision."""

from __future__ import annotations

from ..engine.bids import is_nil, team_contract
from ..engine.cards import card_name
from ..engine.scoring import counted_tricks
from .bits import SIDEM, SPADEM, SPADES, SUITM, Tables, above, bits, tables_for, top_run
from .evaluate import Outcome, bags_cost
from .view import SeatView


class PlayState:
    """The seat's knowledge of the play: possible holdings, the trick, contracts and needs."""

    def __init__(self, v: SeatView) -> None:
        t = tables_for(v.rules)
        self.t: Tables = t
        self.v = v
        self.rules = v.rules
        me = v.seat
        self.me = me
        self.partner = (me + 2) % 4
        self.lho = (me + 1) % 4
        self.rho = (me + 3) % 4
        self.opps = (self.lho, self.rho)
        self.hand = t.imask(v.hand)
        self.legal = t.imask(v.legal_plays())
        self.unseen = t.imask(v.unseen())
        forbidden = v.forbidden()
        known = v.known()
        self.poss = [0, 0, 0, 0]
        self.known_i = [t.imask(k) for k in known]
        self.void = [0, 0, 0, 0]
        for s in range(4):
            if s == me:
                self.poss[s] = self.hand
                continue
            self.poss[s] = (self.unseen & ~t.imask(forbidden[s])) | self.known_i[s]
            for x in range(4):
                if v.voids[s] >> x & 1 or not self.poss[s] & SUITM[x]:
                    self.void[s] |= 1 << x
        self.trick = [t.to_i[c] for c in v.trick]
        self.trick_mask = sum(1 << i for i in self.trick)
        self.leader = v.leader
        self.trick_seats = [(v.leader + i) % 4 for i in range(len(self.trick))]
        n = len(self.trick)
        self.later = [(me + k) % 4 for k in range(1, 4 - n)]
        if self.trick:
            self.led = self.trick[0] >> 4
            wi = 0
            for i in range(1, n):
                if beats(self.trick[i], self.trick[wi], self.led):
                    wi = i
            self.win = self.trick[wi]
            self.win_seat = self.trick_seats[wi]
        else:
            self.led = -1
            self.win = -1
            self.win_seat = -1
        self.bids = [b if b is not None else 0 for b in v.bids]
        self.tw = list(v.tricks_won)
        self.left = 13 - v.tricks_done  # tricks still to play, this one included
        self.nil_live = [is_nil(b) and self.tw[s] == 0 for s, b in enumerate(self.bids)]
        self.need = [self.team_need(0), self.team_need(1)]
        r = v.rules
        self.bags_cost = bags_cost(r, v.bags[self.me % 2], v.hands_scored, self.left)

    def outcome(self) -> Outcome:
        """The hand's points for my team less the other team's, as the search scores a deal."""
        v = self.v
        nt, dn = v.no_trump, v.double_nil_team
        return Outcome(
            v.rules,
            v.team,
            v.scores,
            v.bags,
            v.hands_scored,
            no_trump=(nt[0] or nt[2], nt[1] or nt[3]),
            double_nil=(dn[0], dn[1]),
        )

    # ----- contracts ------------------------------------------------------------------------

    def counted(self, team: int) -> int:
        """Tricks that count toward a team's contract."""
        return counted_tricks(self.rules, self.bids, self.tw, team)

    def contract(self, team: int) -> int:
        """A team's contracted tricks."""
        return team_contract(self.bids, team)

    def team_need(self, team: int) -> int:
        """Tricks a team still needs to make its contract."""
        return self.contract(team) - self.counted(team)

    # ----- card facts -----------------------------------------------------------------------

    def name(self, i: int) -> str:
        """A card index in words."""
        return card_name(self.t.to_c[i])

    def may_beat(self, s: int, c: int) -> bool:
        """Whether seat s, still to play to this trick, might beat card c."""
        led = self.led if self.led >= 0 else c >> 4
        p = self.poss[s]
        if not (self.void[s] >> led & 1):
            if (c >> 4) == led:
                return bool(p & above(c) & SUITM[led])
            return False  # c is a trump on a side suit; s follows suit
        if (c >> 4) == SPADES:
            return bool(p & above(c))
        return bool(p & SPADEM)

    def secure(self, c: int, seats: list[int] | None = None) -> bool:
        """Whether no opponent still to play can beat card c."""
        for s in self.later if seats is None else seats:
            if s != self.partner and self.may_beat(s, c):
                return False
        return True

    def sure(self, c: int) -> bool:
        """Whether card c wins the trick however the unseen cards lie: no opponent still to
        play may take it."""
        return not any(self.may_take(s, c) for s in self.later if s != self.partner)

    def may_take(self, s: int, c: int) -> bool:
        """Whether seat s, still to play, might beat card c: following higher, or out of the
        led suit with a trump over it (may_beat takes a seat not yet shown void to follow)."""
        if self.may_beat(s, c):
            return True
        led = self.led if self.led >= 0 else c >> 4
        beat = above(c) if c >> 4 == SPADES else SPADEM
        if led == SPADES or not self.poss[s] & beat or self.known_i[s] & SUITM[led]:
            return False  # no trump over it, or it holds one of the led suit and must follow
        return (self.poss[s] & ~SUITM[led]).bit_count() >= self.v.hand_counts()[s]

    def bid_wins_game(self, team: int) -> bool:
        """Whether the team's bid made (at 10 a trick) takes it to the target."""
        target = self.rules.target  # 0: no points target to reach
        return bool(target) and self.v.scores[team] + 10 * self.contract(team) >= target

    def sure_trumps(self) -> int:
        """My trumps that win later tricks however the others' cards lie (the cards on the
        table counted as still out, since one of mine may have to go under them)."""
        out = (self.hand | self.unseen | self.trick_mask) & SPADEM
        return top_run(self.hand & SPADEM, out)

    def master(self, c: int) -> bool:
        """Whether no unseen card of c's suit ranks above it."""
        return not self.unseen & above(c)

    def ruff_risk(self, suit: int) -> bool:
        """Whether an opponent may trump a lead of this side suit."""
        if suit == SPADES:
            return False
        for s in self.opps:
            if self.void[s] >> suit & 1 and self.poss[s] & SPADEM:
                return True
        left = (self.unseen & SUITM[suit]).bit_count()
        return left < 2 and bool(self.unseen & SPADEM)

    def winners_in(self, m: int) -> int:
        """Cards of mask m that beat the current winning card."""
        if self.win < 0:
            return m
        w = self.win
        out = m & above(w)
        if (w >> 4) != SPADES:
            out |= m & SPADEM
        return out

    def equal_low(self, c: int) -> int:
        """The lowest card of mine equivalent to c (only played cards lie between them)."""
        base = (c >> 4) * 16
        live = self.unseen | self.trick_mask
        cur = c
        j = c - 1
        while j >= base:
            if self.hand >> j & 1:
                cur = j
            elif live >> j & 1:
                break
            j -= 1
        return cur

    def lowest_by_strength(self, m: int) -> int:
        """The weakest card of a mask across suits (side suits before trumps)."""
        side = m & SIDEM
        pool = side or m
        best = -1
        best_r = 99
        for i in bits(pool):
            r = self.t.nsuit[i >> 4] - 1 - self.t.rank_from_top(i)
            if r < best_r:
                best, best_r = i, r
        return best

    def highest_by_strength(self, m: int) -> int:
        """The strongest side card of a mask (trumps only when nothing else)."""
        side = m & SIDEM
        pool = side or m
        best = -1
        best_r = -1
        for i in bits(pool):
            r = self.t.nsuit[i >> 4] - 1 - self.t.rank_from_top(i)
            if r > best_r:
                best, best_r = i, r
        return best


def beats(a: int, b: int, led: int) -> bool:
    """Whether index a beats index b in a trick led in suit `led`."""
    sa, sb = a >> 4, b >> 4
    if sa == sb:
        return a > b
    if sa == SPADES:
        return True
    if sb == SPADES:
        return False
    return sa == led
