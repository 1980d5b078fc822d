"""Single hands from 0–0, each deal played both ways round: where two levels' play differs.

    python -m lab.hand_gap play RULES LEVEL FIRST LAST OUT.json   # deals FIRST..LAST-1
    python -m lab.hand_gap show OUT.json [MORE.json ...]          # the split, per file

`play` deals hand FIRST to LAST-1 (deal k: `random.Random(k)`, dealer k mod 4), plays each from
a score of 0–0 with LEVEL on one team and the baseline on the other, then with the teams'
seats swapped, and keeps both hands. Played again with another LEVEL on the same deals, the
bids come out the same (Hard and the oracle bid as Medium does), so what differs is the play.
`show` prints, per file, the margin a deal (points less the bags at their cost, halved over the
two tables) and, for LEVEL's team and the other, the overtricks, the contracts set and the nils
made over every team-hand, as the engine scored each hand. Misdeals are left out.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from lab.seats import lab_policy
from spades_gui.ai.arena import play_hand
from spades_gui.engine import Game
from spades_gui.engine.game import deal_cards
from spades_gui.engine.presets import resolve


def play(rules_name: str, level: str, first: int, last: int) -> dict[str, Any]:
    """Per deal: the margin, and per table the bids and tricks (LEVEL at seats 0 and 2 first)."""
    rules = resolve(rules_name)
    bag_cost = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0
    deals = []
    for k in range(first, last):
        tables = []
        for levels in ([level, "baseline"] * 2, ["baseline", level] * 2):
            game = Game(rules)
            seats = [lab_policy(lv, 1000 * k + s) for s, lv in enumerate(levels)]
            r = play_hand(game, seats, k % 4, deal_cards(rules, k % 4, random.Random(k)))
            if r is None:  # a misdeal: the deal is left out
                break
            h = game.hands[-1]
            value = [r.points[t] - bag_cost * r.bags[t] for t in (0, 1)]
            # each team's hand as the engine scored it: set, overtricks (bags), nils and made
            teams = [
                [int(not th.made), th.overtricks, len(th.nils), sum(n.made for n in th.nils)]
                for th in r.teams
            ]
            tables.append(
                {"bids": list(h.bids), "tricks": list(r.tricks), "value": value, "teams": teams}
            )
        if len(tables) == 2:
            a, b = tables
            margin = ((a["value"][0] - a["value"][1]) - (b["value"][0] - b["value"][1])) / 2
            deals.append({"deal": k, "margin": margin, "tables": tables})
    return {"rules": rules_name, "level": level, "deals": deals}


def split(data: dict[str, Any]) -> dict[str, float]:
    """The margin a deal, and each side's contracts set, overtricks and nils (made)."""
    sides = ("set", "over", "nils", "made")
    out = dict.fromkeys(("deals", "margin", "team_hands", *sides), 0.0)
    out |= {f"their_{k}": 0.0 for k in sides}
    for d in data["deals"]:
        out["deals"] += 1
        out["margin"] += d["margin"]
        for i, tb in enumerate(d["tables"]):
            ours = 0 if i == 0 else 1  # the engine team holding LEVEL
            out["team_hands"] += 1
            for team, pre in ((ours, ""), (1 - ours, "their_")):
                for k, x in zip(sides, tb["teams"][team]):
                    out[pre + k] += x
    if out["deals"]:
        out["margin"] /= out["deals"]
    return out


def main(argv: list[str]) -> None:
    if len(argv) == 6 and argv[0] == "play":
        data = play(argv[1], argv[2], int(argv[3]), int(argv[4]))
        Path(argv[5]).write_text(json.dumps(data), encoding="utf-8")
        print(f"{len(data['deals'])} deals written to {argv[5]}")
    elif len(argv) >= 2 and argv[0] == "show":
        for p in argv[1:]:
            data = json.loads(Path(p).read_text(encoding="utf-8"))
            s = split(data)
            print(
                f"{data['level']} at {data['rules']}, {s['deals']:.0f} deals: margin "
                f"{s['margin']:+.1f} a deal; over {s['team_hands']:.0f} team-hands each, "
                f"overtricks {s['over']:.0f} (the other team {s['their_over']:.0f}), set "
                f"{s['set']:.0f} ({s['their_set']:.0f}), nils made {s['made']:.0f} of "
                f"{s['nils']:.0f} ({s['their_made']:.0f} of {s['their_nils']:.0f})"
            )
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
