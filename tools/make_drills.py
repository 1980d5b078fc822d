"""Writes assets/drills.json, the built-in drills, from the scenario positions (tests/scenarios):
each position as a seat view, its answer and reason, its theme, and what Hard's search makes
each choice worth. Positions where Hard's choice is not among the answers are left out (a drill
must not teach against its own figures); passes are left out (a drill asks for one choice), and
positions with a single legal card.

Run from the checkout after changing a scenario: `python tools/make_drills.py`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spades_gui.ai import make_policy  # noqa: E402
from spades_gui.ai.view_json import view_from_json  # noqa: E402
from spades_gui.coach.drills import theme_of  # noqa: E402
from spades_gui.coach.review import COACH_SEED  # noqa: E402

SCENARIOS = ROOT / "tests" / "scenarios"
OUT = ROOT / "assets" / "drills.json"
VIEW_KEYS = ("name", "why", "accept")  # what is not the position itself


def scenario_drill(sc: dict[str, Any]) -> dict[str, Any] | None:
    """One scenario as a built-in drill, or None if it is left out."""
    if sc["phase"] not in ("bid", "play"):
        return None
    view = view_from_json(sc)
    if sc["phase"] == "play" and view.legal_plays().bit_count() < 2:
        return None  # one legal card: nothing to choose
    d = make_policy("hard", COACH_SEED).explain(view)
    if d.action_json() not in sc["accept"]:
        return None
    values = [[c["action"], c["value"]] for c in d.to_json()["candidates"]]
    return {
        "name": sc["name"],
        "theme": theme_of(sc["name"], sc["phase"]),
        "why": sc["why"],
        "accept": sc["accept"],
        "values": values,
        "view": {k: v for k, v in sc.items() if k not in VIEW_KEYS},
    }


def main() -> int:
    drills, left = [], []
    for path in sorted(SCENARIOS.glob("*.json"), key=lambda p: int(p.name.split("_")[0])):
        sc = json.loads(path.read_text(encoding="utf-8"))
        d = scenario_drill(sc)
        (drills if d else left).append(d or sc["name"])
    OUT.write_text(json.dumps({"version": 1, "drills": drills}, indent=1) + "\n", encoding="utf-8")
    print(f"{len(drills)} drills written to {OUT.relative_to(ROOT)}; left out: {', '.join(left)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
