"""Plays another card beats however the unseen cards lie, by exact solves of the last tricks.

    python -m lab.dominated_plays RULES LEVEL DEALS SEED [--whole] [--cards N] [--show N]

The first hand of DEALS games (--whole: every hand, to each game's end), both ways round
(LEVEL with a LEVEL partner against the baseline). At each of LEVEL's plays with N cards or
fewer left in the deal (default 12: the last three tricks), every lie of the unseen cards the
seat cannot rule out (the counts, the voids shown, the cards it passed) is solved exactly for
each card it could play, in Hard's points for the hand; the play is dominated when another card
scores at least as much in every lie and 10 points more on average. Both sides then play as if
they saw every card, so a later guess is always right: a dominated play is a place to look, not
a verdict. Prints the count over the plays checked, then up to N of them (default 10).
"""

from __future__ import annotations

import sys
from typing import Any

from lab.groan_scan import lies, position_line, scan
from spades_gui.ai.rollout import rollout_rules
from spades_gui.ai.solve import Solver, candidates
from spades_gui.ai.state import PlayState
from spades_gui.ai.view import SeatView

MARGIN = 10.0  # points a lie, on average, for a play to count as dominated
MAX_LIES = 5000


def values(view: SeatView, ps: PlayState, cands: list[int]) -> list[list[float]] | None:
    """Each candidate's points in each lie (best play by both sides after it), or None when
    the lies are too many."""
    every = lies(ps, cap=MAX_LIES)
    if every is None:
        return None
    bids = tuple(ps.bids)
    out = ps.outcome()
    rr = rollout_rules(view.rules)
    vals: list[list[float]] = [[] for _ in cands]
    for lie in every:
        solver = Solver(rr, view.team, lambda tw: out.value(bids, tw))
        for k, c in enumerate(cands):
            vals[k].append(solver.after(ps, lie, c))
    return vals


def dominated(view: SeatView, card: int, cards_left: int = 12) -> str | None:
    """What beats playing `card` in every lie, in words, or None."""
    if 52 - 4 * view.tricks_done - len(view.trick) > cards_left:
        return None
    ps = PlayState(view)
    cands = candidates(ps)
    mine = ps.t.to_i[card]
    # an equivalent card stands for its group: the lowest candidate of its suit at or below it
    group = [c for c in cands if c >> 4 == mine >> 4 and c <= mine]
    if len(cands) < 2 or not group:
        return None
    me = cands.index(max(group))
    vals = values(view, ps, cands)
    if vals is None:
        return None
    n = len(vals[me])
    for k, c in enumerate(cands):
        gain = [a - b for a, b in zip(vals[k], vals[me], strict=True)]
        if k != me and min(gain) >= 0 and sum(gain) / n >= MARGIN:
            better = sum(g > 0 for g in gain)
            return (
                f"the {ps.name(c)} scores {sum(gain) / n:+.1f} a lie more, never less, "
                f"better in {better} of {n} lies"
            )
    return None


def main(argv: list[str]) -> None:
    opts: dict[str, int] = {"--cards": 12, "--show": 10}
    for o in opts:
        if o in argv:
            k = argv.index(o)
            opts[o] = int(argv[k + 1])
            argv = argv[:k] + argv[k + 2 :]
    whole = "--whole" in argv
    argv = [a for a in argv if a != "--whole"]
    if len(argv) != 4:
        sys.exit(__doc__)
    checked = 0

    def check(view: SeatView, card: int) -> str | None:
        nonlocal checked
        left = 52 - 4 * view.tricks_done - len(view.trick)
        checked += left <= opts["--cards"]
        return dominated(view, card, opts["--cards"])

    data: dict[str, Any] = scan(
        argv[0],
        argv[1],
        int(argv[2]),
        int(argv[3]),
        whole=whole,
        play_check=check,
        bid_check=None,
        faults=(),
    )
    found = data["found"]
    print(f"{data['rules']} {data['level']}: {len(found)} dominated of {checked} plays checked")
    for p in found[: opts["--show"]]:
        print(f"{position_line(p)} ({p['reason']}): {p['fault']}")


if __name__ == "__main__":
    main(sys.argv[1:])
