"""Which of Medium's plays win the tricks that become its team's bags.

    python -m lab.bag_tricks RULES DEALS SEED

The first hand of DEALS games, both ways round (Medium with a Medium partner against the
baseline). A team's tricks beyond its contract are its bags; each is counted under the reason
of the card that won it, with the cards' ranks folded ("the X♠"), or as the seat's only legal
card.
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from lab.seats import LabTable
from spades_gui.ai import medium
from spades_gui.ai.arena import Timer
from spades_gui.engine.cards import SPADES, natural_suit
from spades_gui.engine.presets import resolve

LEVELS = ("medium", "baseline", "medium", "baseline")


def fold(reason: str) -> str:
    """A reason with its cards' ranks and its numbers folded, so alike plays count together."""
    reason = re.sub(r"(?:10|[2-9AKQJ])([♣♦♥♠])", r"X\1", reason)
    reason = re.sub(r"(?:Big|Little) Joker", "X♠", reason)
    return re.sub(r"\d+", "N", reason)


def main(argv: list[str]) -> None:
    if len(argv) != 3:
        sys.exit(__doc__)
    rules, deals, seed = resolve(argv[0]), int(argv[1]), int(argv[2])
    said: dict[tuple[int, int], str] = {}
    choose = medium.choose_card

    def recorded(ps: medium.PlayState, read_cover: bool = False) -> tuple[int, str]:
        i, why = choose(ps, read_cover)
        said[(ps.me, ps.t.to_c[i])] = why
        return i, why

    medium.choose_card = recorded
    bags: Counter[str] = Counter()
    hands = 0
    for u in range(deals):
        for swapped in (False, True):
            tb = LabTable(rules, LEVELS, seed, None, swapped)
            said.clear()
            res = tb.play_next(seed, u, Timer())
            hand = tb.game.hand
            team = tb.level_team()
            contract = res.teams[team].contract
            hands += 1
            won = 0
            assert hand is not None
            for k, (leader, cards, w) in enumerate(hand.tricks()):
                if w % 2 != team:
                    continue
                won += 1
                if contract and won > contract:
                    c = cards[(w - leader) % 4]
                    kind = "a trump" if natural_suit(c) == SPADES else "a side card"
                    last = ", the last trick" if k == 12 else ""
                    bags[fold(said.get((w, c), f"the only legal card, {kind}{last}"))] += 1
    total = sum(bags.values())
    print(f"{hands} team-hands, {total} bag tricks ({total / hands:.3f} a hand)")
    for why, n in bags.most_common(12):
        print(f"{n / hands:6.3f}  {why}")


if __name__ == "__main__":
    main(sys.argv[1:])
