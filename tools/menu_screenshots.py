"""Save screenshots of the menu screens at 1024×640, 1280×720 and 1920×1080 into screenshots/.

Usage: python tools/menu_screenshots.py [OUT_DIR] [--sizes 1024x640,1280x720,1920x1080]
Runs headless with a throw-away data folder holding a sample saved game and statistics.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shot_look

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent


def _sample_data() -> None:
    """A saved game in progress and some statistics in $SPADES_HOME."""
    from spades_gui import storage
    from spades_gui.engine.game import Game
    from spades_gui.engine.presets import preset_rules
    from spades_gui.engine.record import game_to_record
    from spades_gui.stats import Stats, Tally

    game = Game(preset_rules("classic"))
    rng = random.Random(7)
    for _ in range(3):
        hand = game.deal(rng)
        while not hand.done:
            if hand.phase == "bid":
                nums = [b for b in hand.legal_bids() if b < 100]
                hand.bid(rng.choice(nums[:4]))
            elif hand.phase == "pass":
                cards = [c for c in range(54) if hand.hands[hand.turn] >> c & 1]
                mask = sum(1 << c for c in cards[: hand.pass_count()])
                hand.pass_cards(mask)
            else:
                legal = hand.legal_plays()
                hand.play((legal & -legal).bit_length() - 1)
        game.finish_hand()
    storage.save_game(game_to_record(game))
    st = Stats(
        games_played=23,
        games_won=14,
        hands_played=211,
        bids_made=160,
        bids_set=41,
        nils_made=9,
        nils_failed=4,
        partner_nils_made=6,
        partner_nils_failed=2,
        bags=168,
        bag_penalties=7,
        hints_used=12,
        practice_games=3,
        practice_hands=4,
        streak=3,
        best_streak=5,
        best_score=512,
    )

    # Most of it sorted by rules and by computer players; the rest counted before they were.
    def tally(games: int, won: int, hands: int, made: int, set_: int, nils: int) -> Tally:
        return Tally(games, won, hands, made, set_, nils, 1, bags=round(hands * 0.8))

    st.by_rules = {
        "classic": tally(14, 9, 120, 94, 22, 5),
        "championship": tally(5, 3, 52, 38, 11, 2),
        "custom": tally(2, 1, 19, 14, 4, 1),
    }
    st.by_levels = {
        "hard,hard,hard": tally(12, 6, 110, 82, 24, 4),
        "easy,medium,easy": tally(6, 5, 55, 44, 8, 3),
        "medium,hard,medium": tally(3, 2, 26, 20, 5, 1),
    }
    st.save()
    sample_daily(dt.date.today())


def sample_daily(today: dt.date, key: str = "classic") -> list[Any]:
    """Six deals of the day played in the ten days before `today` (one left unfinished)."""
    from spades_gui import daily

    scores = {1: (62, 40), 2: (-51, 20), 3: (30, 30), 5: (110, 71), 6: (None, 12), 9: (-20, -80)}
    past = [
        daily.DailyResult((today - dt.timedelta(days=d)).isoformat(), key, you, hard)
        for d, (you, hard) in sorted(scores.items(), reverse=True)
    ]
    daily.save(past)
    return past


def shoot_daily(app: Any, save: Callable[[str], None]) -> None:
    """The deal of the day before it is played and after, with a streak and some past days."""
    from spades_gui import daily
    from spades_gui.ui.daily_scene import DailyScene

    today = dt.date(2026, 12, 7)
    key = daily.rules_key(app.services.settings.rules())
    past = sample_daily(today, key)
    scene = DailyScene(app, today=lambda: today, executor="inline")
    app.switch(scene)
    save("daily")
    scene.back()
    daily.save(daily.recorded(past, daily.DailyResult(today.isoformat(), key, 43, 61)))
    app.switch(DailyScene(app, today=lambda: today, executor="inline"))
    save("daily_played")


def shoot(out: Path, sizes: list[tuple[int, int]]) -> list[Path]:
    """Render each menu screen at each size; returns the files written."""
    import pygame

    from spades_gui.ui.help_scene import HelpScene
    from spades_gui.ui.launch import install_services
    from spades_gui.ui.menu import Menu
    from spades_gui.ui.settings_scene import SettingsScene
    from spades_gui.ui.stats_scene import StatsScene
    from spades_gui.ui.window import App

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for size in sizes:
        app = App(size, headless=True)
        install_services(app)
        shot_look.apply(app)
        settings = app.services.settings
        settings.guide_offered = True  # the first start's offer: practice_screenshots.py
        tag = f"{size[0]}x{size[1]}"

        def save(name: str, app: App = app, tag: str = tag) -> None:
            app.dirty = True
            app.step(0.0, [])
            path = out / f"{name}_{tag}.png"
            pygame.image.save(app.screen, str(path))
            written.append(path)

        from spades_gui.ui.rules_choice import RulesChoice

        settings.guide_offered = False  # the first start: which rules the table plays
        settings.rules_asked = False
        app.switch(Menu(app))
        assert isinstance(app.scene, RulesChoice)
        save("first_start_rules")
        app.scene.keep()
        settings.guide_offered = True
        app.switch(Menu(app))
        save("menu")
        from spades_gui import storage
        from spades_gui.settings import LOAD_WORDS

        # What the player reads when both files were damaged and their copies restored.
        app.services.notices += [
            LOAD_WORDS[storage.RESTORED],
            storage.SAVED_GAME_WORDS[storage.RESTORED],
        ]
        app.switch(Menu(app))
        save("menu_notice")
        sc = SettingsScene(app)
        app.switch(sc)
        save("settings_preset")
        sc.show_tab("nil")
        sc.change("nil_allowed", False, "Nil allowed")
        save("settings_nil")
        sc.message.clear()
        sc.show_tab("bidding")
        settings.set_option("min_team_bid", 4)
        sc.rules = settings.rules()
        sc.keyboard = True
        sc.set_focus(sc.find("ten_for_200"))
        save("settings_bidding")
        settings.reset_rules()
        sc.rules = settings.rules()
        sc.keyboard = False
        sc.show_tab("deal")
        save("settings_deal")
        sc.show_tab("players")
        save("settings_players")
        sc.show_tab("table")
        save("settings_table")
        hs = HelpScene(app)
        app.switch(hs)
        save("help")
        hs.jump_to(hs.links[4].target)
        save("help_scrolled")
        stats_scene = StatsScene(app)
        app.switch(stats_scene)
        save("stats")
        stats_scene.show("rules")
        save("stats_rules")
        stats_scene.show("levels")
        save("stats_levels")
        shoot_daily(app, save)
        pygame.display.quit()
    return written


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, prepare sample data, write the PNGs."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", nargs="?", default=str(ROOT / "screenshots"))
    p.add_argument("--sizes", default="1024x640,1280x720,1920x1080")
    args = p.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as home:
        os.environ["SPADES_HOME"] = home
        _sample_data()
        files = shoot(Path(args.out), sizes)  # type: ignore[arg-type]
    for f in files:
        print(f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
