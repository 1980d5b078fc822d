"""Screenshots of the Progress screen (empty, and after 20 analysed hands) and of the Drills
screen (the list, a drill asked, a drill answered), each at 1024x640, 1280x720, 1920x1080.

The records are synthetic: real hands dealt and played by computer seats, each of seat 0's
decisions given a made-up cost (so the figures are the screen's, not a player's).
Usage: python tools/progress_screenshots.py [FOLDER]   (default screenshots/, not committed)
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import shot_look  # noqa: E402

from spades_gui.coach.history import History, Judged, hand_entry  # noqa: E402
from spades_gui.coach.kinds import classify_bid, classify_play  # noqa: E402
from spades_gui.coach.review import decision_points, position  # noqa: E402
from spades_gui.engine import preset_rules  # noqa: E402
from spades_gui.engine.cards import cards_of  # noqa: E402
from spades_gui.engine.record import load  # noqa: E402

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
GAMES = (("classic", "hard"), ("pagat", "medium"), ("classic", "hard"), ("tournament", "easy"))


def _judge(record: dict, rng: random.Random) -> tuple[Judged, ...]:
    out = []
    for p in decision_points(load(record), 0, 0):
        game = position(record, p)
        h = game.hands[-1]
        if p.kind == "bid":
            options = [b for b in h.legal_bids() if b <= 100]
        else:
            options = cards_of(h.legal_plays())
        others = [x for x in options if x != p.action]
        costly = others and not p.forced and rng.random() < 0.3
        cost = round(rng.choice((2.0, 5.0, 8.0, 12.0, 18.0)), 1) if costly else 0.0
        best = rng.choice(others) if costly else p.action
        top = round(rng.uniform(20, 60), 1)
        values = ((best, top), (p.action, top - cost)) if costly else ((best, top),)
        if p.kind == "bid":
            kind = classify_bid(p.action, best)
        else:
            kind = classify_play(game.rules, 0, h.bids, h.tricks_won, h.trick, p.action)
        reason = "Hard's choice keeps the most points here, by its search over the unseen cards."
        out.append(Judged(p, kind, None if p.blind else cost, best, reason, "expected", values))
    return tuple(out)


def synthetic_history(hands: int = 20, seed: int = 1) -> History:
    """Records of `hands` hands over a few games, each decision with a made-up cost."""
    from spades_gui.controller import Controller

    rng = random.Random(seed)
    history = History()
    made = 0
    g = 0
    while made < hands:
        rules, level = GAMES[g % len(GAMES)]
        ctl = Controller.new_game(
            preset_rules(rules), ("random",) * 4, seed=100 + g, executor="inline"
        )
        want = min(hands - made, 5 + g % 3)
        while len(ctl.game.results) < want and not ctl.game.over:
            ctl.pump(limit=1)
        ctl.close(save=False)
        for i in range(len(ctl.game.results)):
            entry = hand_entry(
                ctl.game,
                i,
                game_key=f"game{g}",
                levels=(level, level, level),
                practice=False,
                undone=False,
                rev=0,
                now=1_700_000_000 + 86_400 * g + 600 * i,
            )
            if entry is None or made >= hands:
                continue
            entry = replace(entry, analysed=True, decisions=_judge(entry.record, rng))
            history.upsert(entry)
            made += 1
        g += 1
    return history


def shots(folder: Path) -> list[Path]:
    """Every screenshot, saved in folder."""
    import pygame

    from spades_gui.coach import history as history_mod
    from spades_gui.ui.drills_scene import DrillsScene
    from spades_gui.ui.launch import install_services
    from spades_gui.ui.progress_scene import ProgressScene
    from spades_gui.ui.window import App

    folder.mkdir(parents=True, exist_ok=True)
    filled = synthetic_history()
    history_mod.save(filled)  # a drill's answer is kept in the records file
    out = []
    for size in SIZES:
        app = App(size, headless=True)
        install_services(app)
        shot_look.apply(app)
        tag = f"{size[0]}x{size[1]}"

        def shoot(name: str, app: App = app, tag: str = tag) -> None:
            app.step(1 / 60)
            app.scene.draw(app.screen)  # type: ignore[union-attr]
            path = folder / f"{name}_{tag}.png"
            pygame.image.save(app.screen, str(path))
            out.append(path)

        app.switch(ProgressScene.of(app, History()))
        shoot("progress_empty")
        app.switch(ProgressScene.of(app, filled))
        shoot("progress")
        drills = DrillsScene(app, history=filled)
        app.switch(drills)
        shoot("drills")
        cover = drills.themes["Covering partner's nil"]
        drills.start(cover)
        shoot("drill_play")
        d = drills.drill
        assert d is not None
        drills.choose(next(c for c in d.choices if not d.right(c)))
        shoot("drill_answer")
        drills.to_list()
        drills.start(drills.themes["Bidding with spades"])
        shoot("drill_bid")
        if drills.mine:
            drills.to_list()
            drills.start(drills.mine)
            shoot("drill_mine")
    return out


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots"
    with tempfile.TemporaryDirectory() as home:
        os.environ["SPADES_HOME"] = home  # answers go to a throwaway records file
        for p in shots(folder):
            print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
