"""Render every screen (menus, practice, progress, table, coach) into screenshots/ (not committed).

    python tools/screenshots.py [menus] [practice] [progress] [table] [variations] [coach] [--docs]
                                [--look text125|text150|large|colourblind|contrast]

--look draws with those reading settings (tools/shot_look.py) into screenshots/LOOK/.

screenshots/ is not committed. --docs copies the few the README shows into docs/screenshots/,
recompressed without loss by optipng when it is installed (apt-get install optipng).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import shot_look  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades_gui.ai.simple import EasyPolicy  # noqa: E402
from spades_gui.controller import Controller  # noqa: E402
from spades_gui.engine import BLIND_NIL, Game, Rules, preset_rules  # noqa: E402
from spades_gui.engine.cards import cards_of, mask_of  # noqa: E402
from spades_gui.engine.deck import deck_for  # noqa: E402
from spades_gui.engine.game import deal_hand  # noqa: E402
from spades_gui.ui.table import TableScene  # noqa: E402
from spades_gui.ui.window import App  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"  # every screen, made on demand (.gitignore)
DOCS = ROOT / "docs" / "screenshots"  # the few the README shows, committed
SIZES = ((1024, 640), (1280, 720), (1920, 1080))
CHOSEN = (  # the README's, at 1280×720
    "menu",
    "table_bidding",
    "table_play",
    "table_end_of_hand",
    "coach_hint",
    "coach_review",
    "settings_nil",
    "help",
)


# The README's screens in a look (screenshots/LOOK/NAME_1280x720.png), and their names in docs/.
LOOKED = {
    ("colourblind", "table_play"): "table_colourblind_1280x720.png",
    ("contrast", "table_play"): "table_high_contrast_1280x720.png",
    ("text150", "settings_table"): "settings_table_text150_1280x720.png",
    ("", "progress"): "progress_1280x720.png",
}


def autoplay(scene: TableScene, blind: bool = False) -> None:
    """Answer the player's prompt with a plain legal choice."""
    v, act = scene.view, scene.input
    if v.result is not None and v.over is not None:
        act.next_hand()
        return
    p = v.prompt
    if p is None or v.sent:
        return
    if p.kind == "bid":
        act.bid(p.options[min(len(p.options) - 1, 3)])
    elif p.kind == "blind":
        if blind and BLIND_NIL in p.options:
            act.bid(BLIND_NIL)
        else:
            act.show_cards()
    elif p.kind == "misdeal":
        act.misdeal(False)
    elif p.kind == "answer":
        act.answer(True)
    elif p.kind == "discard":
        v.selected = set(cards_of(v.south)[:2])
        act.discard()
    elif p.kind == "pass":
        v.selected = set(cards_of(v.south)[: p.options])
        act.pass_cards()
    elif p.kind == "play":
        act.card_action(cards_of(p.options)[-1])
    elif p.kind == "continue":
        act.next_hand()


def asks(scene: TableScene, kind: str) -> bool:
    """Whether the table waits for the player's decision of this kind."""
    p = scene.view.prompt
    return p is not None and p.kind == kind


def run_until(
    app: App, scene: TableScene, done: Callable[[], bool], act: bool = True, blind: bool = False
) -> None:
    """Step the frame loop (1/30 s a frame) until done(), playing for the human if act."""
    for _ in range(200_000):
        if done():
            app.step(1 / 30, [])
            return
        if act:
            autoplay(scene, blind)
        app.step(1 / 30, [])
    raise RuntimeError("the table never reached the wanted state")


def table(
    size: tuple[int, int], rules: str, seed: int, speed: float = 0.0
) -> tuple[App, TableScene]:
    """An app showing a fresh table (AI seats answer at once)."""
    app = App(size, headless=True)
    ctl = Controller.new_game(
        preset_rules(rules), ("medium", "easy", "medium"), seed=seed, executor="inline"
    )
    scene = TableScene(app, ctl, shot_look.prefs({"animation_scale": speed}))
    app.switch(scene)
    return app, scene


class Asking(EasyPolicy):
    """An Easy seat that asks partner `what` whenever it may, and says yes to partner."""

    def __init__(self, seed: int, what: str) -> None:
        super().__init__(seed)
        self.what = what

    def ask_partner(self, view: Any, stop: Any = None) -> str | None:
        """Always the same question, where it is legal."""
        return self.what if self.what in view.legal_asks() else None

    def answer(self, view: Any, stop: Any = None) -> bool:
        """Always yes."""
        return True


def rules_table(
    size: tuple[int, int],
    rules: Rules,
    seed: int,
    policies: dict[int, Any] | None = None,
    dealer: int | None = None,
) -> tuple[App, TableScene]:
    """An app showing a fresh table under these rules (AI seats answer at once); `dealer`:
    the first hand is dealt at once by that seat."""
    app = App(size, headless=True)
    seats = (None, "medium", "easy", "medium")
    if dealer is None:
        ctl = Controller.new_game(rules, seats[1:], seed=seed, executor="inline", policies=policies)
    else:
        game = Game(rules)
        deal, extra = deal_hand(rules, dealer, random.Random(seed))
        game.start_hand(dealer, deal, extra=extra)
        ctl = Controller(game, seats, seed=seed, executor="inline", policies=policies)
    scene = TableScene(app, ctl, shot_look.prefs({"animation_scale": 0.0}))
    app.switch(scene)
    return app, scene


def misdeal_table(size: tuple[int, int]) -> tuple[App, TableScene]:
    """A tournament table whose first deal gives the player no spades (a misdeal is offered)."""
    rules = preset_rules("tournament")
    deck = deck_for(rules)
    others = [c for c in deck.cards if deck.suit[c] != 3]
    deal = [mask_of(others[::3][:13])]
    rest = [c for c in deck.cards if not deal[0] >> c & 1]
    deal += [mask_of(rest[i::3]) for i in range(3)]
    game = Game(rules)
    game.start_hand(3, deal)
    app = App(size, headless=True)
    ctl = Controller(game, (None, "medium", "easy", "medium"), seed=4, executor="inline")
    scene = TableScene(app, ctl, shot_look.prefs({"animation_scale": 0.0}))
    app.switch(scene)
    return app, scene


def shoot(app: App, name: str, prefix: str = "table") -> Path:
    """Draw the current frame and save it."""
    app.scene.draw(app.screen)
    w, h = app.size
    path = OUT / f"{prefix}_{name}_{w}x{h}.png"
    pygame.image.save(app.screen, str(path))
    return path


def scenes(size: tuple[int, int]) -> list[Path]:
    """Every screenshot at one size."""
    out = []
    app, s = table(size, "classic", 7)
    run_until(app, s, lambda: asks(s, "bid"))
    out.append(shoot(app, "bidding"))
    run_until(
        app,
        s,
        lambda: (
            len(s.ctl.game.hand.trick_winners) >= 4 and len(s.view.trick) == 2 and asks(s, "play")
        ),
    )
    out.append(shoot(app, "play"))
    # issue 69: the cards still out, half way through the hand, a trick under way
    run_until(
        app,
        s,
        lambda: (
            len(s.ctl.game.hand.trick_winners) >= 6 and len(s.view.trick) == 2 and asks(s, "play")
        ),
    )
    out.append(shoot(app, "cards", "played"))
    run_until(app, s, lambda: s.view.result is not None)
    out.append(shoot(app, "end_of_hand"))
    run_until(
        app,
        s,
        lambda: (
            len(s.ctl.game.results) >= 3
            and s.view.result is None
            and asks(s, "play")
            and s.view.last_trick is not None
        ),
    )
    s.input.toggle_overlay("scores")
    out.append(shoot(app, "score_pad"))
    s.input.toggle_overlay("scores")
    s.input.toggle_overlay("last")
    out.append(shoot(app, "last_trick"))
    s.input.toggle_overlay("last")
    run_until(app, s, lambda: s.view.over is not None and s.view.result is None)
    out.append(shoot(app, "game_over"))

    app, s = table(size, "pagat", 3)
    run_until(app, s, lambda: asks(s, "blind"))
    out.append(shoot(app, "blind"))
    run_until(app, s, lambda: asks(s, "pass"), blind=True)
    s.view.selected = set(cards_of(s.view.south)[-1:])
    s.rebuild()
    out.append(shoot(app, "passing"))

    app, s = table(size, "online", 5)
    run_until(
        app,
        s,
        lambda: asks(s, "bid") and s.ctl.game.hand.bids[2] is not None,
    )
    out.append(shoot(app, "bidding_hint"))

    # issue 69: a nil the team minimum closes, greyed with why; the pace at Slow
    app, s = table(size, "tournament", 9, speed=1.6)
    run_until(app, s, lambda: asks(s, "bid"))
    for _ in range(120):  # the bids' bubbles gone
        app.step(1 / 60, [])
    out.append(shoot(app, "bidding_nil_closed"))

    app, s = misdeal_table(size)
    run_until(app, s, lambda: asks(s, "misdeal"))
    out.append(shoot(app, "misdeal"))

    app, s = table(size, "tournament", 2, speed=1.0)
    run_until(
        app,
        s,
        lambda: (
            asks(s, "play") and len(s.view.trick) == 0 and len(s.ctl.game.hand.trick_winners) >= 2
        ),
    )
    s.input.card_action(cards_of(s.view.prompt.options)[0])
    for _ in range(5):
        app.step(1 / 60, [])
    out.append(shoot(app, "card_flying"))
    return out


def variation_scenes(size: tuple[int, int]) -> list[Path]:
    """001's variations at the table: the discard, partner's questions, Bemo, the suit asked
    back, the second round, the special card, Double Nil's exchange."""
    out = []
    pagat = preset_rules("pagat")
    r = pagat.with_options(
        jokers=True,
        jokers_replace="",
        first_dealer="human",
        special_card="cut",
        bemo=["little", "big"],
        no_trump=True,
        double_nil_bid=True,
        double_nil_deficit=0,
    )
    app, s = rules_table(size, r, 3)
    run_until(app, s, lambda: asks(s, "discard"), act=False)
    s.view.selected = set(cards_of(s.view.south)[:1])
    s.rebuild()
    out.append(shoot(app, "discard", "variation"))
    run_until(app, s, lambda: asks(s, "bid"))
    s.input.choose_bemo(6)
    out.append(shoot(app, "bid_asks_bemo", "variation"))
    s.input.choose_bemo(6)
    s.input.ask_partner("no_trump")
    run_until(app, s, lambda: asks(s, "bid"), act=False)
    out.append(shoot(app, "no_trump_bid", "variation"))
    run_until(app, s, lambda: s.view.facts.phase == "play" and len(s.view.trick) == 1)
    out.append(shoot(app, "special_card", "variation"))
    run_until(app, s, lambda: s.view.result is not None)
    out.append(shoot(app, "end_of_hand", "variation"))

    r = pagat.with_options(no_trump=True, first_dealer="human")
    app, s = rules_table(size, r, 5, {2: Asking(9, "no_trump")})
    run_until(app, s, lambda: asks(s, "answer"))
    out.append(shoot(app, "answer", "variation"))

    r = pagat.with_options(
        blind_bids=["blind7plus"],
        no_trump=True,
        no_trump_blind=True,
        no_trump_blind_deficit=0,
        double_nil_bid=True,
        double_nil_blind=True,
        double_nil_deficit=0,
    )
    app, s = rules_table(size, r, 4, {2: Asking(9, "")}, dealer=3)
    run_until(app, s, lambda: asks(s, "blind"))
    out.append(shoot(app, "blind_asks", "variation"))
    s.input.ask_partner("blind_no_trump")
    run_until(app, s, lambda: asks(s, "blind"), act=False)
    out.append(shoot(app, "blind_no_trump", "variation"))

    r = pagat.with_options(
        blind_nil_pass=1, blind_nil_ask_suit=True, blind_nil_exchange="compulsory"
    )
    app, s = rules_table(size, r, 3)
    run_until(app, s, lambda: asks(s, "pass"), blind=True)
    s.view.selected = set(cards_of(s.view.south)[-1:])
    s.input.choose_suit(2)
    out.append(shoot(app, "ask_suit", "variation"))

    r = pagat.with_options(raise_round=True, first_dealer="human")
    app, s = rules_table(size, r, 6)
    run_until(app, s, lambda: asks(s, "bid") and s.view.prompt.raising)
    out.append(shoot(app, "raise", "variation"))

    r = pagat.with_options(
        double_nil_bid=True, double_nil_deficit=0, double_nil_exchange=True, first_dealer="human"
    )
    app, s = rules_table(size, r, 3, {2: Asking(9, "double_nil")})
    run_until(app, s, lambda: asks(s, "answer"))
    s.input.answer(True)
    run_until(app, s, lambda: asks(s, "pass"))
    s.view.selected = set(cards_of(s.view.south)[-1:])
    s.rebuild()
    out.append(shoot(app, "double_nil_pass", "variation"))
    return out


def coach_scenes(size: tuple[int, int]) -> list[Path]:
    """The coach: a hint on a card and on a bid, a claim offer, options, the hand review."""
    from spades_gui.ui.review import ReviewScene

    out = []
    app, s = table(size, "classic", 7)
    s.input.set_practice(True)
    run_until(app, s, lambda: asks(s, "bid"))
    s.input.ask_hint()
    run_until(app, s, lambda: s.view.hint is not None, act=False)
    out.append(shoot(app, "hint_bid", "coach"))
    run_until(
        app,
        s,
        lambda: (
            len(s.ctl.game.hand.trick_winners) >= 3 and len(s.view.trick) == 2 and asks(s, "play")
        ),
    )
    s.input.ask_hint()
    run_until(app, s, lambda: s.view.hint is not None, act=False)
    out.append(shoot(app, "hint", "coach"))
    s.input.toggle_overlay("options")
    out.append(shoot(app, "options", "coach"))
    s.input.toggle_overlay("options")
    run_until(app, s, lambda: s.view.claim_offer is not None or s.view.result is not None)
    if s.view.claim_offer is not None:
        out.append(shoot(app, "claim", "coach"))
    run_until(app, s, lambda: s.view.result is not None)
    s.records.review_hand(len(s.ctl.game.results) - 1)
    r = app.scene
    assert isinstance(r, ReviewScene)
    for _ in range(60):
        app.step(1 / 30, [])
    marked = [st for st in range(1, r.n_steps) if r.cell_label(st) in ("mistake", "slip")]
    r.go(marked[0] if marked else 5)
    out.append(shoot(app, "review", "coach"))
    r.go(0)
    out.append(shoot(app, "review_bidding", "coach"))
    return out


def claim_table(size: tuple[int, int]) -> tuple[App, TableScene]:
    """A table played on until the player's cards win every remaining trick."""
    for seed in range(1, 60):
        app, s = table(size, "classic", seed)
        run_until(
            app,
            s,
            lambda s=s: (
                (s.view.claim_offer is not None and s.ctl.game.hand.hands[0].bit_count() >= 4)
                or len(s.ctl.game.results) >= 4
                or s.view.over is not None
            ),
        )
        if s.view.claim_offer is not None and s.view.result is None:
            return app, s
    raise RuntimeError("no claim came up")


def to_docs() -> list[Path]:
    """Copy the README's screenshots into docs/screenshots/, recompressed by optipng if present;
    those of a look (LOOKED) when a run with it has drawn them."""
    DOCS.mkdir(parents=True, exist_ok=True)
    out = []
    root = ROOT / "screenshots"  # the plain look's, whatever this run's look
    for name in CHOSEN:
        dest = DOCS / f"{name}_1280x720.png"
        shutil.copyfile(root / dest.name, dest)
        out.append(dest)
    for w, h in SIZES:  # the played cards at every size
        dest = DOCS / f"played_cards_{w}x{h}.png"
        shutil.copyfile(root / dest.name, dest)
        out.append(dest)
    for (look, name), doc in LOOKED.items():
        src = root / look / f"{name}_1280x720.png"
        if src.is_file():
            shutil.copyfile(src, DOCS / doc)
            out.append(DOCS / doc)
    optipng = shutil.which("optipng")
    if optipng:
        subprocess.run([optipng, "-quiet", "-o2", "-strip", "all", *map(str, out)], check=True)
    return out


def main() -> int:
    """Write every screen's PNGs (table, coach, and the menus' own script) and list them."""
    global OUT
    args = sys.argv[1:]
    if "--look" in args:
        at = args.index("--look")
        os.environ["SPADES_SHOT_LOOK"] = args[at + 1]
        del args[at : at + 2]
    if os.environ.get("SPADES_SHOT_LOOK"):
        OUT = OUT / os.environ["SPADES_SHOT_LOOK"]  # the subprocesses inherit the look
    OUT.mkdir(parents=True, exist_ok=True)
    docs = "--docs" in args
    only = [a for a in args if a != "--docs"]
    if not only or "menus" in only:
        # The menu screens need their own sample data folder: a separate process keeps it apart.
        menus = Path(__file__).with_name("menu_screenshots.py")
        subprocess.run([sys.executable, str(menus), str(OUT)], check=True)
    if not only or "practice" in only:
        practice = Path(__file__).with_name("practice_screenshots.py")  # its own data folder
        subprocess.run([sys.executable, str(practice), str(OUT)], check=True)
    if not only or "progress" in only:
        progress = Path(__file__).with_name("progress_screenshots.py")  # its own records file
        subprocess.run([sys.executable, str(progress), str(OUT)], check=True)
    for size in SIZES:
        paths: list[Path] = []
        if not only or "table" in only:
            paths += scenes(size)
        if not only or "variations" in only:
            paths += variation_scenes(size)
        if not only or "coach" in only:
            paths += coach_scenes(size)
            app, s = claim_table(size)
            paths.append(shoot(app, "claim", "coach"))
        for path in paths:
            print(path.relative_to(ROOT))
    if docs:
        for path in to_docs():
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
