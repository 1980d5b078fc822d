"""Fast perfect-information playouts on strength-ordered masks: the evaluator behind Hard."""

from __future__ import annotations

from functools import lru_cache

from ..engine.bids import BLIND_NIL, is_nil, team_contract
from ..engine.rules import Rules
from .bits import SIDEM, SPADEM, SUITM, tables_for
from .evaluate import most_dangerous
from .variants import no_spade_first_lead

S0, S1, S2, S3 = SUITM
CLUBM = S0


def _above(i: int) -> int:
    return SUITM[i >> 4] & ~((2 << i) - 1)


ABOVE = tuple(_above(i) for i in range(64))
BELOW = tuple(SUITM[i >> 4] & ((1 << i) - 1) for i in range(64))


class RolloutRules:
    """The rule facts a playout needs, precomputed."""

    __slots__ = (
        "two_clubs",
        "no_spade_lead_first",
        "no_spades_first",
        "broken_rule",
        "failed_partner",
        "bags_cost",
    )

    def __init__(self, r: Rules) -> None:
        self.two_clubs = r.first_lead == "two_clubs"
        self.no_spade_lead_first = no_spade_first_lead(r)
        self.no_spades_first = not r.spades_first_trick
        self.broken_rule = r.spades_lead == "broken"
        self.failed_partner = r.failed_nil_tricks == "partner"
        self.bags_cost = (r.bag_limit > 0 and r.bag_penalty > 0) or r.bag_value < 0


def legal_i(rr: RolloutRules, hand: int, trick: list[int], first: bool, broken: bool) -> int:
    """Legal cards (index mask) for a hand, matching the engine's rules (never a renege)."""
    if not trick:
        if first and rr.two_clubs:
            clubs = hand & CLUBM
            if clubs:
                return clubs & -clubs
        side = hand & SIDEM
        if side and ((first and rr.no_spade_lead_first) or (rr.broken_rule and not broken)):
            return side
        return hand
    led = trick[0] >> 4
    follow = hand & SUITM[led]
    if follow:
        if first and rr.two_clubs and led == 0:
            return follow & -follow
        return follow
    if first and rr.no_spades_first:
        side = hand & SIDEM
        if side:
            return side
    return hand


def trick_winner(trick: list[int], leader: int) -> int:
    """The seat that wins a full trick of strength indices led by `leader`."""
    best = 0
    bc = trick[0]
    for i in (1, 2, 3):
        c = trick[i]
        cs = c >> 4
        if (cs == bc >> 4 and c > bc) or (cs == 3 and bc >> 4 != 3):
            best, bc = i, c
    return (leader + best) & 3


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def _high(m: int) -> int:
    return m.bit_length() - 1


def _weakest(m: int) -> int:
    """The card of m with the fewest cards below it in its suit (side suits first)."""
    side = m & SIDEM
    pool = side or m
    best = -1
    best_r = 99
    for s in range(4):
        sm = pool & SUITM[s]
        if sm:
            c = (sm & -sm).bit_length() - 1
            r = c - 16 * s
            if r < best_r:
                best, best_r = c, r
    return best


def _strongest_side(m: int) -> int:
    """The side card of m highest in its suit (a trump when there is no side card)."""
    side = m & SIDEM
    pool = side or m
    best = -1
    best_r = -1
    for s in range(4):
        sm = pool & SUITM[s]
        if sm:
            c = sm.bit_length() - 1
            r = c - 16 * s
            if r > best_r:
                best, best_r = c, r
    return best


@lru_cache(maxsize=64)
def rollout_rules(rules: Rules) -> RolloutRules:
    """The (cached) playout facts of a rule set."""
    return RolloutRules(rules)


class Playout:
    """Playouts of one hand's remaining play with fixed bids, from given hidden hands."""

    def __init__(self, rules: Rules, bids: tuple[int, ...], no_trump: int = 0) -> None:
        self.rr = rollout_rules(rules)
        self.no_trump = no_trump  # seats (a bit each) that promised not to win by trumping
        self.nt_broken = [False, False]  # per team: its no-trump bidder won by trumping
        self.bids = bids
        self.isnil = tuple(is_nil(b) for b in bids)
        c0 = team_contract(bids, 0)
        c1 = team_contract(bids, 1)
        self.contract = (c0, c1)
        self.anynil = any(self.isnil)
        exchange = rules.blind_nil_exchange != "none"
        self.blind_ex = tuple(exchange and b == BLIND_NIL for b in bids)
        self.tables = tables_for(rules)

    def run(
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        tw: list[int],
        broken: bool,
        nplayed: int,
        log: list[int] | None = None,
    ) -> list[int]:
        """Play to the end (hands, trick and tw are changed); returns tricks won per seat.
        `log`, if given, gets the winner of each trick completed, in order, and `nt_broken`
        whether a no-trump bidder won one by trumping."""
        rr = self.rr
        ntm = self.no_trump
        if ntm:
            self.nt_broken = [False, False]
        isnil = self.isnil
        contract = self.contract
        fp = rr.failed_partner
        bags_cost = rr.bags_cost
        while True:
            if len(trick) == 4:
                w = trick_winner(trick, leader)
                if log is not None:
                    log.append(w)
                    if ntm >> w & 1 and trick[0] >> 4 != 3 and trick[(w - leader) & 3] >> 4 == 3:
                        self.nt_broken[w & 1] = True
                leader = w
                tw[w] += 1
                trick = []
            n = len(trick)
            seat = (leader + n) & 3
            hand = hands[seat]
            if not hand:
                break
            if n and nplayed >= 4:
                legal = hand & SUITM[trick[0] >> 4] or hand
            else:
                legal = legal_i(rr, hand, trick, nplayed < 4, broken)
            if ntm and n and ntm >> seat & 1 and trick[0] >> 4 != 3:
                legal = legal & SIDEM or legal  # a no trump's promise: discard, never trump
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            else:
                card = self._pick(
                    seat, legal, hands, trick, leader, tw, isnil, contract, fp, bags_cost, nplayed
                )
            hands[seat] = hand ^ (1 << card)
            if card >> 4 == 3:
                broken = True
            trick.append(card)
            nplayed += 1
        return tw

    def _pick(
        self,
        seat: int,
        legal: int,
        hands: list[int],
        trick: list[int],
        leader: int,
        tw: list[int],
        isnil: tuple[bool, ...],
        contract: tuple[int, int],
        fp: bool,
        bags_cost: bool,
        nplayed: int,
    ) -> int:
        """The heuristic choice of a perfect-information player."""
        partner = seat ^ 2
        team = seat & 1
        anynil = self.anynil
        if anynil:
            me_nil = isnil[seat] and tw[seat] == 0
            p_nil = isnil[partner] and tw[partner] == 0
            o1, o2 = (seat + 1) & 3, (seat + 3) & 3
            nil_opp = -1
            if isnil[o1] and tw[o1] == 0:
                nil_opp = o1
            elif isnil[o2] and tw[o2] == 0:
                nil_opp = o2
        else:
            me_nil = p_nil = False
            nil_opp = -1
        if not trick:
            return self._lead(
                seat,
                legal,
                hands,
                tw,
                me_nil,
                p_nil,
                nil_opp,
                team,
                contract,
                isnil,
                fp,
                bags_cost,
                nplayed,
            )
        n = len(trick)
        led = trick[0] >> 4
        # current winner
        wi = 0
        w = trick[0]
        for i in range(1, n):
            c = trick[i]
            if (c >> 4 == w >> 4 and c > w) or (c >> 4 == 3 and w >> 4 != 3):
                wi, w = i, c
        ws = (leader + wi) & 3
        ledm = SUITM[led]
        f = legal & ledm
        wsuit = w >> 4
        if wsuit == 3 and led != 3:
            winners = legal & ABOVE[w] if not f else 0
        else:
            winners = (f & ABOVE[w]) if f else (legal & SPADEM)
        if me_nil:
            if f:
                if wsuit != led:
                    return f.bit_length() - 1
                under = f & BELOW[w]
                if under:
                    return under.bit_length() - 1
                if n == 3:
                    return f.bit_length() - 1
                return (f & -f).bit_length() - 1
            losing = legal & ~winners
            if losing:
                if self.blind_ex[seat]:
                    return most_dangerous(self.tables, hands[seat], losing, True)
                return _strongest_side(losing) if losing & SIDEM else losing.bit_length() - 1
            return (legal & -legal).bit_length() - 1
        later = 3 - n
        if p_nil:
            if _has_played(leader, n, partner):
                if ws == partner:
                    if winners:
                        side = winners & ~SPADEM
                        return _low(side) if side else _low(winners)
                    return _weakest(legal)
            else:
                ph = hands[partner] & ledm
                danger = bool(ph) and (wsuit == led) and not (ph & BELOW[w])
                if danger:
                    if f:
                        return f.bit_length() - 1
                    sp = legal & SPADEM
                    if sp and winners & SPADEM:
                        return _low(winners & SPADEM)
        if nil_opp >= 0 and not self._need_all(team, tw, contract, isnil, fp, nplayed):
            if _has_played(leader, n, nil_opp):
                if ws == nil_opp:
                    if f:
                        if wsuit == led:
                            under = f & BELOW[w]
                            if under:
                                return under.bit_length() - 1
                    else:
                        losing = legal & ~winners & SIDEM
                        if losing:
                            return _strongest_side(losing)
            elif f and ws != (nil_opp ^ 2):
                return (f & -f).bit_length() - 1
        # ordinary play
        if anynil:
            need = contract[team] - _counted(team, tw, isnil, fp)
        else:
            need = contract[team] - tw[team] - tw[team + 2]
        want = need > 0 or not bags_cost
        if not want:
            oneed = contract[team ^ 1] - _counted(team ^ 1, tw, isnil, fp)
            left = 13 - (nplayed >> 2)
            want = oneed > 0 and left - oneed <= 1
        if ws == partner and not _can_beat_later(hands, leader, n, seat, w, led, partner):
            if f:
                return (f & -f).bit_length() - 1
            return _weakest(legal)
        if want:
            if winners:
                if later == 0:
                    side = winners & ~SPADEM
                    return _low(side) if side else _low(winners)
                # cheapest winner no later opponent can beat
                m = winners
                while m:
                    c = (m & -m).bit_length() - 1
                    m &= m - 1
                    if not _can_beat_later(hands, leader, n, seat, c, led, partner):
                        return c
            if f:
                return (f & -f).bit_length() - 1
            return _weakest(legal)
        # duck
        if f:
            if wsuit == led:
                under = f & BELOW[w]
                if under:
                    return under.bit_length() - 1
                if later == 0:
                    return f.bit_length() - 1
                return (f & -f).bit_length() - 1
            return f.bit_length() - 1
        losing = legal & ~winners
        if losing:
            return _strongest_side(losing)
        return (legal & -legal).bit_length() - 1

    def _need_all(
        self,
        team: int,
        tw: list[int],
        contract: tuple[int, int],
        isnil: tuple[bool, ...],
        fp: bool,
        nplayed: int,
    ) -> bool:
        """Whether the team needs nearly every remaining trick for its own bid."""
        need = contract[team] - _counted(team, tw, isnil, fp)
        left = 13 - (nplayed >> 2)
        return need > 0 and left - need <= 1

    def _lead(
        self,
        seat: int,
        legal: int,
        hands: list[int],
        tw: list[int],
        me_nil: bool,
        p_nil: bool,
        nil_opp: int,
        team: int,
        contract: tuple[int, int],
        isnil: tuple[bool, ...],
        fp: bool,
        bags_cost: bool,
        nplayed: int,
    ) -> int:
        """The heuristic lead of a perfect-information player."""
        if me_nil:
            return _weakest(legal)
        o1, o2 = (seat + 1) & 3, (seat + 3) & 3
        others = hands[o1] | hands[o2]
        if p_nil:
            # a card no opponent can beat, else my highest
            m = legal
            best = -1
            while m:
                c = m.bit_length() - 1
                m ^= 1 << c
                if not _lead_beatable(hands, o1, o2, c):
                    return c
                if best < 0 or c - 16 * (c >> 4) > best - 16 * (best >> 4):
                    best = c
            return _strongest_side(legal)
        if nil_opp >= 0 and not self._need_all(team, tw, contract, isnil, fp, nplayed):
            nh = hands[nil_opp]
            best, best_r = -1, 99
            for s in range(4):
                sm = legal & SUITM[s]
                if sm and nh & SUITM[s]:
                    c = (sm & -sm).bit_length() - 1
                    r = c - 16 * s
                    if r < best_r:
                        best, best_r = c, r
            if best >= 0:
                return best
        need = contract[team] - _counted(team, tw, isnil, fp)
        want = need > 0 or not bags_cost
        if want:
            m = legal & SIDEM
            while m:
                c = (m & -m).bit_length() - 1
                m &= m - 1
                if not _lead_beatable(hands, o1, o2, c):
                    return c
            sp = legal & SPADEM
            if sp:
                c = sp.bit_length() - 1
                if not others & SPADEM & ABOVE[c]:
                    return c
            # low from the longest side suit
            best, best_n = -1, -1
            for s in range(3):
                sm = legal & SUITM[s]
                if sm:
                    k = sm.bit_count()
                    if k > best_n:
                        best, best_n = (sm & -sm).bit_length() - 1, k
            if best >= 0:
                return best
            return (legal & -legal).bit_length() - 1
        return _weakest(legal)


def _counted(team: int, tw: list[int], isnil: tuple[bool, ...], fp: bool) -> int:
    a, b = team, team + 2
    return (tw[a] if (fp or not isnil[a]) else 0) + (tw[b] if (fp or not isnil[b]) else 0)


def _has_played(leader: int, n: int, seat: int) -> bool:
    """Whether seat has already played to a trick of n cards led by leader."""
    return (seat - leader) & 3 < n


def _can_beat_later(
    hands: list[int], leader: int, n: int, me: int, c: int, led: int, partner: int
) -> bool:
    """Whether an opponent yet to play to this trick holds a card beating c."""
    for k in range(n + 1, 4):
        s = (leader + k) & 3
        if s == partner:
            continue
        h = hands[s]
        f = h & SUITM[led]
        if f:
            if c >> 4 == led and f & ABOVE[c]:
                return True
        elif c >> 4 == 3:
            if h & ABOVE[c]:
                return True
        elif h & SPADEM:
            return True
    return False


def _lead_beatable(hands: list[int], o1: int, o2: int, c: int) -> bool:
    """Whether either opponent can beat card c when it is led."""
    s = c >> 4
    for o in (o1, o2):
        h = hands[o]
        f = h & SUITM[s]
        if f:
            if f & ABOVE[c]:
                return True
        elif s != 3 and h & SPADEM:
            return True
    return False
