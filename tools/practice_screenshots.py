"""Save screenshots of practice: a deal played again (the review's button, the replay, the
comparison) and each step of the guided first hand.

Usage: python tools/practice_screenshots.py [OUT_DIR] [--sizes 1024x640,1280x720,1920x1080]
Runs headless with a throw-away data folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
import shot_look  # noqa: E402

from spades_gui.engine.bids import NIL  # noqa: E402
from spades_gui.engine.cards import cards_of  # noqa: E402
from spades_gui.ui.window import App  # noqa: E402


def run(app: App, done: Callable[[], bool], act: Callable[[], None] | None = None) -> None:
    """Frames until done(), calling act() each frame."""
    for _ in range(100_000):
        if done():
            app.step(1 / 30, [])
            return
        if act is not None:
            act()
        app.step(1 / 30, [])
    raise RuntimeError("never got there")


def save(app: App, out: Path, name: str) -> Path:
    """The screen as drawn now, as a PNG."""
    app.dirty = True
    app.step(1 / 30, [])
    w, h = app.size
    path = out / f"{name}_{w}x{h}.png"
    pygame.image.save(app.screen, str(path))
    return path


def replay_shots(out: Path, size: tuple[int, int]) -> list[Path]:
    """The review's button, the deal played again, and the comparison."""
    from spades_gui.controller import Controller
    from spades_gui.engine import preset_rules
    from spades_gui.ui.launch import install_services
    from spades_gui.ui.replay.compare import CompareScene
    from spades_gui.ui.review import ReviewScene
    from spades_gui.ui.table import TableScene

    app = App(size, headless=True)
    install_services(app)
    shot_look.apply(app)
    ctl = Controller.new_game(
        preset_rules("classic"),
        ("medium", "medium", "medium"),
        seed=11,
        executor="inline",
        coach_level="hard",
        coach_think_ms=40,
    )
    table = TableScene(app, ctl, shot_look.prefs({"animation": "off"}))
    app.switch(table)
    paths: list[Path] = []

    def autoplay(scene: Any, nil: bool = False) -> Callable[[], None]:
        def act() -> None:
            v, inp = scene.view, scene.input
            p = v.prompt
            if p is None or v.sent:
                return
            if p.request.kind == "bid":
                plain = [b for b in p.request.options if b < NIL]
                inp.bid(NIL if nil else plain[min(3, len(plain) - 1)])
            elif p.request.kind == "play":
                inp.card_action(cards_of(p.request.options)[-1 if nil else 0])

        return act

    run(app, lambda: table.view.result is not None, autoplay(table))
    table.records.review_hand(0)
    review = app.scene
    assert isinstance(review, ReviewScene)
    run(app, lambda: not review.analysing())
    paths.append(save(app, out, "replay_review_button"))
    review.play_again()
    replay = app.scene
    run(app, lambda: replay.view.prompt is not None and replay.view.prompt.request.kind == "bid")
    paths.append(save(app, out, "replay_table"))
    run(app, lambda: replay.view.result is not None, autoplay(replay, nil=True))
    paths.append(save(app, out, "replay_summary"))
    replay.input.next_hand()
    compare = app.scene
    assert isinstance(compare, CompareScene)
    session = compare.session
    run(app, lambda: session.hard is not None)
    paths.append(save(app, out, "replay_compare"))
    hard, session.hard = session.hard, None  # as it stands while Hard still plays the deal
    paths.append(save(app, out, "replay_compare_waiting"))
    session.hard = hard
    ctl.close(save=False)
    return paths


def guide_shots(out: Path, size: tuple[int, int]) -> list[Path]:
    """The first start's offer, then each box of the guided hand as it comes."""
    from spades_gui.ui.guide import GuidedTable
    from spades_gui.ui.guide import deal as guide_deal
    from spades_gui.ui.launch import first_scene

    guide_deal.EXECUTOR = "inline"
    guide_deal.THINK_MS = 40
    app = App(size, headless=True)
    menu = first_scene(app)
    shot_look.apply(app)
    app.services.settings.guide_offered = False  # the menu of a first start: the offer
    app.services.settings.rules_asked = True  # (the rules question before it: menu_screenshots)
    app.switch(menu)
    paths = [save(app, out, "guide_offer")]
    from spades_gui.ui.guide import open_guided_hand

    open_guided_hand(app)
    scene = app.scene
    assert isinstance(scene, GuidedTable)
    n = 0
    nudges = 0
    last = None
    for _ in range(20_000):
        b = scene.box
        key = None if b is None else (b.key, b.kind)
        if key is not None and key != last and b is not None and b.kind != "wait":
            n += 1
            paths.append(save(app, out, f"guide_{n:02d}_{b.key}"))
        last = key
        v, inp = scene.view, scene.input
        if b is not None and b.kind == "end":
            break
        if b is not None and b.kind == "lesson" and b.place == "center":
            scene.next_box()
        elif b is not None and b.kind == "nudge":
            nudges += 1
            if nudges == 1:
                scene.choose_again()
            else:
                scene.keep()
        elif v.result is not None:
            paths.append(save(app, out, "guide_summary"))
            inp.next_hand()
        elif v.prompt is not None and not v.sent and v.prompt.request.kind == "bid":
            hint = scene.hints.get(scene.rid or -1)
            if nudges == 0:
                inp.bid(3)
            elif hint is not None:
                inp.bid(hint.action)
        elif v.prompt is not None and not v.sent and v.prompt.request.kind == "play":
            if b is not None and b.kind == "lesson" and b.place == "side":
                app.step(1 / 30, [])
            inp.card_action(cards_of(v.prompt.request.options)[0])
        app.step(1 / 30, [])
    scene.close()
    return paths


def main(argv: list[str] | None = None) -> int:
    """Write the PNGs and list them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default=str(ROOT / "screenshots"))  # not committed
    parser.add_argument("--sizes", default="1024x640,1280x720,1920x1080")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as home:
        os.environ["SPADES_HOME"] = home
        for w, h in sizes:
            for path in replay_shots(out, (w, h)) + guide_shots(out, (w, h)):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
