"""Oracle: a measurement yardstick that sees all four hands and searches the true deal."""

from __future__ import annotations

import random
from collections.abc import Callable

from spades_gui.ai.bits import tables_for
from spades_gui.ai.hard import HardPolicy
from spades_gui.ai.view import SeatView, ViewError


class OraclePolicy(HardPolicy):
    """Hard's search run on the one true deal: the limit no honest seat can reach.

    It bids as Hard does, without looking: one true deal played out by heuristic playouts
    is an overconfident forecast of real play (bidding on it set 16.7% of its contracts).
    """

    level = "oracle"
    peeks = True
    solve_cards = 20  # one deal to solve, so the exact search starts earlier

    def _samples_for(self, work_per_sample: int) -> int:
        return 1  # the deal is known: every sample would be the same

    def _deals(self, view: SeatView) -> Callable[[random.Random, int], list[list[int]]]:
        if view.hands is None:
            raise ViewError('the oracle sees all four hands: give "all_hands" (or a game record)')
        t = tables_for(view.rules)
        true = [t.imask(h) for h in view.hands]
        return lambda rng, k: [true[:] for _ in range(k)]
