"""How these files were made: run with the code of 52088e2 first on the path, e.g.

    git worktree add /tmp/old 52088e2
    PYTHONPATH=/tmp/old python tests/data/before_redesign/make_files.py tests/data/before_redesign

(games of computer players; each save has the player's seat set back to the player; then what
that code read from each file, into expected.json). settings.json and stats.json are copied from
the SPADES_HOME it makes.
"""

import json
import os
import sys
from pathlib import Path
from typing import Any

OUT = Path(sys.argv[1])
HOME = OUT / "home"
HOME.mkdir(parents=True, exist_ok=True)
os.environ["SPADES_HOME"] = str(HOME)

from spades_gui import settings as settings_mod  # noqa: E402
from spades_gui import stats as stats_mod  # noqa: E402
from spades_gui.ai.simple import EasyPolicy  # noqa: E402
from spades_gui.controller import Controller  # noqa: E402
from spades_gui.controller.events import GameOver, HandScored  # noqa: E402
from spades_gui.engine import BLIND_NIL, preset_rules  # noqa: E402
from spades_gui.engine.record import load  # noqa: E402


class BlindNil(EasyPolicy):
    """Partner bids blind nil, so the player passes and receives cards."""

    def bid_blind(self, view: Any, stop: Any = None) -> int:
        return BLIND_NIL


def write(name: str, rec: dict[str, Any], player: bool = True) -> None:
    rec = json.loads(json.dumps(rec))
    if player:
        rec["table"]["seats"][0] = None  # the player's own seat, as the window saves it
    (OUT / f"{name}.json").write_text(json.dumps(rec), encoding="utf-8")


for preset, seed in (
    ("classic", 4),
    ("tournament", 5),
    ("jokers350", 6),
    ("online", 7),
    ("pagat", 8),
):
    saved: list[dict[str, Any]] = []
    ctl = Controller.new_game(
        preset_rules(preset), ("easy",) * 4, seed=seed, executor="inline", save_fn=saved.append
    )
    events: list[Any] = []
    while sum(isinstance(e, HandScored) for e in events) < 2 and not any(
        isinstance(e, GameOver) for e in events
    ):
        events += ctl.pump(limit=1)
    picked: dict[str, dict[str, Any]] = {}
    for rec in saved:
        g = load(rec)
        h = g.hand
        if h is None or len(g.hands) < 2:
            continue
        if h.phase == "bid" and any(b is not None for b in h.bids):
            picked.setdefault("bidding", rec)
        if h.phase == "play" and len(h.trick) == 2 and len(h.plays) > 10:
            picked.setdefault("play", rec)
    for stage, rec in picked.items():
        write(f"{preset}_{stage}", rec)
    write(f"{preset}_record", ctl.record(), player=False)
    ctl.close(save=False)

for preset, seed in (("classic", 21), ("pagat", 22)):
    rules = preset_rules(preset)
    if preset == "classic":
        rules = rules.with_options(blind_nil_when="any")
    saved = []
    ctl = Controller.new_game(
        rules,
        ("easy",) * 4,
        seed=seed,
        executor="inline",
        save_fn=saved.append,
        policies={2: BlindNil(seed)},
    )
    while not ctl.game.results:
        ctl.pump(limit=1)
        h = ctl.game.hand
        if h is not None and h.passes and h.phase == "play" and len(h.plays) == 1:
            break
    write(f"{preset}_passed", saved[-1])
    ctl.close(save=False)

s, _ = settings_mod.load()
s.preset, s.names, s.four_color, s.auto_play = "tournament", ["Ana", "Bo", "Cy", "Di"], True, True
s.save()
for preset, seed in (("classic", 11), ("tournament", 12)):
    ctl = Controller.new_game(preset_rules(preset), ("easy",) * 4, seed=seed, executor="inline")
    while not ctl.game.over:
        ctl.pump(limit=1)
    stats_mod.record_game(ctl.game)
    ctl.close(save=False)

expected: dict[str, Any] = {}
for p in sorted(OUT.glob("*_*.json")):
    g = load(json.loads(p.read_text()))
    h = g.hand
    assert h is not None
    expected[p.stem] = {
        "scores": list(g.scores),
        "bags": list(g.bags),
        "hands": len(g.hands),
        "results": len(g.results),
        "over": g.over,
        "phase": h.phase,
        "bids": list(h.bids),
        "plays": list(h.plays),
        "turn": h.turn,
        "passes": [list(x) for x in h.passes],
        "hand": list(h.hands),
    }
expected["stats"] = stats_mod.load()[0].to_dict()
(OUT / "expected.json").write_text(json.dumps(expected, indent=1), encoding="utf-8")
