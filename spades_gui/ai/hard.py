"""Hard: sample the hidden hands, play each candidate out on every sample, keep the best."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..engine.actions import AnswerAction, AskAction, BidAction, BlindAction, PlayAction
from ..engine.bids import BLIND_NIL
from . import special_search
from .bits import tables_for
from .decision import Decision, Stop
from .evaluate import paired_gap
from .medium import MediumPolicy, choose_card
from .rollout import Playout, rollout_rules
from .sample import Sampler
from .solve import Solver, candidates
from .state import PlayState
from .view import SeatView

DEFAULT_BUDGET = 60000  # simulated card plays per play decision
MIN_SAMPLES = 12
MAX_SAMPLES = 240
TIMED_MAX_SAMPLES = 5000  # with --think-ms the clock, not this, ends the search
SOLVE_CARDS = 16  # with this many cards left to play, each sample is solved exactly
SOLVE_WORK = 60  # an exact solve's cost, in simulated card plays, per candidate
SOLVE_NODES = 150_000  # exact-search positions per decision (about 0.4 s on one core)


class HardPolicy(MediumPolicy):
    """Determinized search for the play: sampled deals consistent with the view, heuristic
    playouts on each. Bids, misdeals, blind nil and passing by Medium's rules (its trick model
    bid better than a search over playouts, measured in duplicate matches)."""

    level = "hard"

    def __init__(
        self,
        seed: int,
        think_ms: int | None = None,
        budget: int = DEFAULT_BUDGET,
    ) -> None:
        super().__init__(seed)
        self.think_ms = think_ms
        self.budget = budget

    solve_cards = SOLVE_CARDS

    def _deals(self, view: SeatView) -> Callable[[random.Random, int], list[list[int]]]:
        """Where the deals searched come from: samples consistent with what the seat knows."""
        return Sampler(view).samples

    # ----- budget -----------------------------------------------------------------------------

    def _samples_for(self, work_per_sample: int) -> int:
        """How many sampled deals to try: by the fixed budget, or as many as time allows."""
        if self.think_ms is not None:
            return TIMED_MAX_SAMPLES
        return max(MIN_SAMPLES, min(MAX_SAMPLES, self.budget // max(1, work_per_sample)))

    def _out_of_time(self, t0: float, done: int, stop: Stop | None) -> bool:
        if stop is not None and done and stop():
            return True
        if self.think_ms is not None and done >= 4:
            return (time.perf_counter() - t0) * 1000 >= self.think_ms
        return False

    # ----- play -------------------------------------------------------------------------------

    def decide_play(self, view: SeatView, stop: Stop | None) -> Decision[PlayAction]:
        """The card with the best average outcome over sampled deals."""
        t0 = time.perf_counter()
        t = tables_for(view.rules)
        ps = PlayState(view)
        cands = candidates(ps)
        if len(cands) == 1:
            c = t.to_c[cands[0]]
            return Decision(
                PlayAction(c),
                f"My legal cards are all alike: play the {ps.name(cands[0])}.",
                [(PlayAction(c), None)],
            )
        rng = self.rng(view, "play")
        left_cards = 52 - 4 * view.tricks_done - len(view.trick)
        exact = left_cards <= self.solve_cards
        work = len(cands) * (SOLVE_WORK if exact else left_cards)
        k = self._samples_for(work)
        deals = self._deals(view)
        bids = tuple(ps.bids)
        po = Playout(view.rules, bids, sum(1 << s for s in range(4) if view.no_trump[s]))
        out = ps.outcome()
        rr = rollout_rules(view.rules)
        trick0 = ps.trick
        me = view.seat
        base_np = 4 * view.tricks_done + len(trick0) + 1
        sums = [0.0] * len(cands)
        sq: list[list[float]] = [[] for _ in cands]  # per-sample values, for the paired stop
        n = 0
        nodes = 0  # exact-search positions visited: a deterministic bound on the thinking
        batch = 8
        pool: list[list[int]] = []
        while n < k:
            if not pool:
                pool = deals(rng, min(batch, k - n) if self.think_ms is None else batch)
            hands0 = pool.pop()
            solver = Solver(rr, view.team, lambda tw: out.value(bids, tw)) if exact else None
            for ci, c in enumerate(cands):
                if solver is not None:
                    val = solver.after(ps, hands0, c)
                else:
                    hands = hands0[:]
                    hands[me] ^= 1 << c
                    broken = view.spades_broken or (c >> 4) == 3
                    tw = po.run(
                        hands, trick0 + [c], view.leader, list(view.tricks_won), broken, base_np
                    )
                    val = out.value(bids, tuple(tw))
                sums[ci] += val
                sq[ci].append(val)
            n += 1
            if solver is not None:
                nodes += solver.nodes
                if n >= MIN_SAMPLES and nodes >= SOLVE_NODES and self.think_ms is None:
                    break
            if self._out_of_time(t0, n, stop):
                break
            if n >= 24 and n % 8 == 0 and _clear_winner(sq):
                break
        means = [s / n for s in sums]
        order = sorted(range(len(cands)), key=lambda i: -means[i])
        # within the noise of the samples, trust the rule-based choice while the contract is
        # open (playouts that see every card think it safer than it is); once it is made, no nil
        # is live and bags cost, the search alone weighs the bags and the other team's contract
        rule_i, rule_why = choose_card(ps)
        ri = rep_index(cands, rule_i, ps)
        settled = ps.need[view.team] <= 0 and ps.bags_cost and not any(ps.nil_live)
        if (
            not settled
            and ri is not None
            and ri != order[0]
            and _within_noise(sq[order[0]], sq[ri])
        ):
            order.remove(ri)
            order.insert(0, ri)
            reason = _play_reason(ps, cands, means, order, n, rule_why)
        else:
            reason = _play_reason(ps, cands, means, order, n)
        best = order[0]
        card = t.to_c[cands[best]]
        cand_out = [(PlayAction(t.to_c[cands[i]]), means[i]) for i in order]
        return Decision(PlayAction(card), reason, cand_out)

    # ----- special bids: by the search of special_search.py ----------------------------------

    def decide_blind(self, view: SeatView) -> Decision[BlindAction]:
        """Blind nil by its measured odds (Medium's rule: the playouts cannot play the
        exchange); a blind number when it plays out better than looking."""
        d = super().decide_blind(view)
        if d.action.bid == BLIND_NIL:
            return d
        return special_search.decide_blind(view, self.rng(view, "blind")) or d

    def decide_ask(self, view: SeatView) -> Decision[AskAction]:
        """What to ask partner, by the plays of each question with partner's likely answer."""
        return special_search.decide_ask(view, self.rng(view, "ask"))

    def decide_answer(self, view: SeatView) -> Decision[AnswerAction]:
        """Yes or no to partner's question, by the plays of each."""
        return special_search.decide_answer(view, self.rng(view, "answer"))

    def decide_bemo(self, view: SeatView, bid: int) -> Decision[BidAction]:
        """A Bemo when it plays out better than none."""
        return special_search.decide_bemo(view, bid, self.rng(view, "bemo"))


# ----- helpers --------------------------------------------------------------------------------


def _clear_winner(sq: list[list[float]]) -> bool:
    """Whether the leading candidate beats every other by a clear paired margin."""
    n = len(sq[0])
    means = [sum(x) / n for x in sq]
    best = max(range(len(sq)), key=lambda i: means[i])
    for i in range(len(sq)):
        if i == best:
            continue
        m, se = paired_gap(sq[best], sq[i])
        if m < 3.0 * se + 1.0:
            return False
    return True


def rep_index(cands: list[int], card: int, ps: PlayState) -> int | None:
    """Which candidate stands for a card (the candidates keep one card per equal group)."""
    if card in cands:
        return cands.index(card)
    live = ps.unseen | ps.trick_mask
    best = None
    for i, c in enumerate(cands):
        if c >> 4 != card >> 4 or c > card:
            continue
        between = live & ((1 << card) - 1) & ~((2 << c) - 1)
        if not between:
            best = i
    return best


def _within_noise(best: list[float], other: list[float]) -> bool:
    """Whether `other` trails `best` by less than the sampling noise of the difference."""
    m, se = paired_gap(best, other)
    return m <= se + 1.0


def _play_reason(
    ps: PlayState, cands: list[int], means: list[float], order: list[int], n: int, rule: str = ""
) -> str:
    """The two best cards and their expected points, in words."""
    b = order[0]
    if rule:
        a = order[1]
        return (
            f"{rule.rstrip('.')}; over {n} sampled deals the {ps.name(cands[b])} averages "
            f"{means[b]:+.0f} points and the {ps.name(cands[a])} {means[a]:+.0f}, "
            "a gap within the samples' noise."
        )
    s = f"Over {n} sampled deals the {ps.name(cands[b])} averages {means[b]:+.0f} points"
    if len(order) > 1:
        a = order[1]
        s += f", the {ps.name(cands[a])} {means[a]:+.0f}"
    v = ps.v
    if ps.nil_live[ps.partner]:
        s = "Partner bid nil. " + s
    elif ps.nil_live[v.seat]:
        s = "I bid nil. " + s
    return s + "."
