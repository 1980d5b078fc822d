"""One hand made to bid one way on many deals of the other cards: how the bid fares.

    python -m lab.fixed_hand SCENARIO.json DEALS BID[,BID...] [PARTNER [SETTERS]]

The seat of a bidding scenario (tests/scenarios/) keeps its thirteen cards; the other 39 are
dealt at random (deal k by random.Random(k)), the seat is made to keep them (no misdeal) and bid
each BID (a number or nil), and plays as Medium, its partner as PARTNER and the other two as
SETTERS (levels, by default medium and baseline; `oracle` setters see every card). For each bid
it prints the team's points for the hand as the levels value them (bags at their steady cost),
how often the team's contract made, the seat's mean tricks and how often it took none. A
scenario's verdict on a bid is checked this way, not by what a level happens to bid. Only a
scenario where no bid has been made yet: the other seats bid as their cards say, not as a
scenario's earlier bids would need.
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path
from typing import Any

from lab.seats import lab_policy
from spades_gui.ai.arena import play_hand
from spades_gui.ai.base import BasePolicy
from spades_gui.ai.decision import Decision, Stop
from spades_gui.ai.evaluate import Outcome
from spades_gui.ai.view import SeatView
from spades_gui.engine.actions import BidAction, BlindAction, MisdealCall
from spades_gui.engine.bids import NIL
from spades_gui.engine.cards import mask_of, parse_card
from spades_gui.engine.deck import deck_for
from spades_gui.engine.game import Game
from spades_gui.engine.presets import resolve


def force(pol: BasePolicy, bid: int) -> None:
    """Make a policy keep its cards and bid `bid` after looking, never blind."""

    def keep_fn(view: SeatView) -> Decision[MisdealCall]:
        return Decision(MisdealCall(False), "made to keep the hand")

    def bid_fn(view: SeatView, stop: Stop | None = None) -> Decision[BidAction]:
        return Decision(BidAction(bid), "made to bid this")

    def blind_fn(view: SeatView) -> Decision[BlindAction]:
        return Decision(BlindAction(None), "made to look first")

    pol.decide_misdeal = keep_fn  # type: ignore[method-assign]
    pol.decide_bid = bid_fn  # type: ignore[method-assign]
    pol.decide_blind = blind_fn  # type: ignore[method-assign]


def trial(sc: dict[str, Any], deals: int, bid: int, partner: str, setters: str) -> str:
    """The seat's hand made to bid `bid` on `deals` deals of the other cards, summed up."""
    rules = resolve(sc["rules"])
    me, dealer = sc["seat"], sc["dealer"]
    mine = [parse_card(c) for c in sc["hand"]]
    rest = [c for c in deck_for(rules).cards if c not in mine]
    others = [s for s in range(4) if s != me]
    out = Outcome(rules, me % 2, (0, 0), (0, 0), versus=False)  # as the levels value a hand
    points: list[float] = []
    made = taken = clean = 0
    for k in range(deals):  # a deal where another seat calls a misdeal is not counted
        cards = rest[:]
        random.Random(k).shuffle(cards)
        hands: list[list[int]] = [[], [], [], []]
        hands[me] = mine
        for i, c in enumerate(cards[:39]):
            hands[others[i % 3]].append(c)
        extra = mask_of(cards[39:])  # 001's 54-card pack: the two cards left over
        levels = [partner if s == (me + 2) % 4 else setters for s in range(4)]
        levels[me] = "medium"
        seats = [lab_policy(lv, 1000 * k + s) for s, lv in enumerate(levels)]
        force(seats[me], bid)
        res = play_hand(Game(rules), seats, dealer, [mask_of(h) for h in hands], extra=extra)
        if res is None:
            continue
        points.append(out.result_value(res))
        made += res.teams[me % 2].made
        taken += res.tricks[me]
        clean += res.tricks[me] == 0
    n = len(points)
    if not n:
        return "every deal was thrown in"
    mean = sum(points) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in points) / max(1, n - 1))
    name = "nil" if bid == NIL else str(bid)
    return (
        f"bid {name}: team points {mean:+.1f} ± {1.96 * sd / math.sqrt(n):.1f}, contract made "
        f"{made}/{n}, the seat's tricks {taken / n:.2f}, none taken {clean}/{n}"
        + (f" ({deals - n} deals thrown in)" if n < deals else "")
    )


def main(argv: list[str]) -> None:
    if not 3 <= len(argv) <= 5:
        sys.exit(__doc__)
    sc = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    if sc.get("phase") != "bid" or any(b is not None for b in sc["bids"]):
        sys.exit(f"{argv[0]}: not a bidding scenario with no bid made yet")
    deals = int(argv[1])
    bids = [NIL if b == "nil" else int(b) for b in argv[2].split(",")]
    partner = argv[3] if len(argv) > 3 else "medium"
    setters = argv[4] if len(argv) > 4 else "baseline"
    print(f"{Path(argv[0]).name}, partner {partner}, setters {setters}, {deals} deals:")
    for b in bids:
        print(" ", trial(sc, deals, b, partner, setters))


if __name__ == "__main__":
    main(sys.argv[1:])
