"""An independent judge of endgame scenarios: every lie of the unseen cards enumerated, each
played out to the end by best play on both sides, scored in points by the reference rules.

Nothing here comes from `spades_gui.ai`: the lies are counted from the scenario's own fields
(the cards gone, the voids shown, each seat's count of cards), the play and the score from
`tests/reference/spades_ref.py`, which was written from the rule documents alone. A hand is
worth its points to my team less the other team's, each overtrick valued at its share of the bag
penalty (as a player who will pay for bags later weighs them); scenarios keep the game's end out
of reach, so no hand here ends the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spades_gui.engine.presets import resolve
from tests.reference import spades_ref as ref

BID_WORDS = {"nil": ref.NIL, "blind_nil": ref.BLIND_NIL}
INF = float("inf")


def ref_bid(b: Any) -> int:
    """A scenario's bid in the reference's encoding."""
    return BID_WORDS[b] if isinstance(b, str) else int(b)


class Endgame:
    """A scenario's position: my cards, what is gone, who may hold each unseen card."""

    def __init__(self, sc: dict[str, Any]) -> None:
        self.opts = resolve(sc["rules"]).to_dict()
        o = self.opts
        self.me = int(sc["seat"])
        self.hand = list(sc["hand"])
        self.trick = list(sc.get("trick", []))
        self.leader = int(sc["leader"])
        self.tricks = [int(x) for x in sc["tricks_won"]]
        self.bids = [ref_bid(b) for b in sc["bids"]]
        gone = set(sc.get("gone", []))
        seen = gone | set(self.hand) | set(self.trick)
        self.unseen = [c for c in ref.deck(o) if c not in seen]
        self.broken = any(ref.is_trump(c, o) for c in gone | set(self.trick))
        done = sum(self.tricks)
        in_trick = {(self.leader + k) % 4 for k in range(len(self.trick))}
        self.counts = [13 - done - (s in in_trick) for s in range(4)]
        assert self.counts[self.me] == len(self.hand), "my hand does not match the tricks"
        voids = sc.get("voids", {})
        self.void = [set(voids.get(str(s), [])) for s in range(4)]
        limit = o["bag_limit"]
        self.bag_cost = o["bag_penalty"] / limit if limit else 0.0
        self.team = self.me % 2
        # legal plays depend on the hand, the suit led and whether spades are broken alone
        self.legal_memo: dict[tuple[Any, ...], list[str]] = {}

    def lies(self) -> Iterator[list[list[str]]]:
        """Every holding of the unseen cards by the other seats that fits their counts and the
        voids they have shown."""
        others = [s for s in range(4) if s != self.me]
        need = {s: self.counts[s] for s in others}
        hands: dict[int, list[str]] = {s: [] for s in others}
        cards = self.unseen
        assert sum(need.values()) == len(cards), "the unseen cards do not fill the hands"

        def place(k: int) -> Iterator[list[list[str]]]:
            if k == len(cards):
                out = [list(self.hand) if s == self.me else list(hands[s]) for s in range(4)]
                yield out
                return
            c = cards[k]
            suit = ref.suit_of(c, self.opts)
            for s in others:
                if need[s] and suit not in self.void[s]:
                    need[s] -= 1
                    hands[s].append(c)
                    yield from place(k + 1)
                    hands[s].pop()
                    need[s] += 1

        yield from place(0)

    def points(self, tricks: list[int]) -> float:
        """The finished hand's worth to my team: its points less the other team's."""
        per = []
        for team in (0, 1):
            seats = (team, team + 2)
            pts, over = ref.score_team(
                self.opts, [self.bids[s] for s in seats], [tricks[s] for s in seats]
            )
            per.append(pts - self.bag_cost * over)
        return per[self.team] - per[1 - self.team]

    def values(self) -> dict[str, list[float]]:
        """Each legal card of mine, its worth in every lie (in the order the lies come)."""
        o = self.opts
        first = sum(self.tricks) == 0 and len(self.trick) < 4 and len(self.hand) == 13
        legal = sorted(ref.legal_plays(o, self.hand, self.trick, first, self.broken))
        out: dict[str, list[float]] = {c: [] for c in legal}
        for lie in self.lies():
            play = _Play(self, lie)
            for c in legal:
                out[c].append(play.after(c))
        return out


class _Play:
    """Best play on both sides, every hand seen: minimax with alpha-beta cuts, each position at
    a trick's start remembered with the bounds its searches proved."""

    def __init__(self, g: Endgame, hands: list[list[str]]) -> None:
        self.g = g
        self.hands = [frozenset(h) for h in hands]
        self.memo: dict[tuple[Any, ...], tuple[float, float]] = {}
        self.legal: dict[tuple[Any, ...], list[str]] = g.legal_memo

    def after(self, card: str) -> float:
        """The value once I play `card` to the trick as it stands."""
        g = self.g
        hands = list(self.hands)
        hands[g.me] = hands[g.me] - {card}
        broken = g.broken or ref.is_trump(card, g.opts)
        return self._trick(hands, [*g.trick, card], g.leader, list(g.tricks), broken, -INF, INF)

    def _trick(
        self,
        hands: list[frozenset[str]],
        trick: list[str],
        leader: int,
        tw: list[int],
        br: bool,
        alpha: float,
        beta: float,
    ) -> float:
        g = self.g
        if len(trick) == 4:
            w = ref.trick_winner(g.opts, trick, leader)
            tw2 = list(tw)
            tw2[w] += 1
            return self._start(hands, w, tw2, br, alpha, beta)
        seat = (leader + len(trick)) % 4
        mine = seat % 2 == g.team
        led = ref.suit_of(trick[0], g.opts) if trick else ""
        lk = (hands[seat], led, br)
        moves = self.legal.get(lk)
        if moves is None:
            moves = sorted(ref.legal_plays(g.opts, sorted(hands[seat]), trick, False, br))
            self.legal[lk] = moves
        best = -INF if mine else INF
        for c in moves:
            h2 = list(hands)
            h2[seat] = hands[seat] - {c}
            v = self._trick(h2, [*trick, c], leader, tw, br or ref.is_trump(c, g.opts), alpha, beta)
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def _start(
        self,
        hands: list[frozenset[str]],
        leader: int,
        tw: list[int],
        br: bool,
        alpha: float,
        beta: float,
    ) -> float:
        if not hands[leader]:
            return self.g.points(tw)
        key = (tuple(hands), leader, tuple(tw), br)
        lo, hi = self.memo.get(key, (-INF, INF))
        if lo >= beta:
            return lo
        if hi <= alpha or lo == hi:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        v = self._trick(hands, [], leader, tw, br, a, b)
        if v <= a:
            hi = v  # every move failed low: the value is at most v
        elif v >= b:
            lo = v  # a move failed high: at least v
        else:
            lo = hi = v
        self.memo[key] = (lo, hi)
        return v


def judge(sc: dict[str, Any]) -> tuple[dict[str, list[float]], int]:
    """Each legal card's value in every lie, and how many lies there are."""
    vals = Endgame(sc).values()
    return vals, len(next(iter(vals.values())))


def best_cards(vals: dict[str, list[float]]) -> list[str]:
    """The cards never worse than any other card in any lie (empty when none is)."""
    return [
        c
        for c, a in vals.items()
        if all(all(x >= y for x, y in zip(a, b, strict=True)) for b in vals.values())
    ]
