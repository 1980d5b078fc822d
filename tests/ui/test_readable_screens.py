"""Issue 59 (11) on every screen: nothing a player must read is drawn under 12 px at the
smallest window (1024×640) — Settings' notes, the menu's saved game, Statistics' tables,
Progress's charts and the table's plates and "what each side needs"."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.coach import history as history_mod
from spades_gui.ui.daily_scene import DailyScene
from spades_gui.ui.prefs import Prefs
from spades_gui.ui.progress_scene import ProgressScene
from spades_gui.ui.rules_choice import RulesChoice
from spades_gui.ui.settings_scene import TABS, SettingsScene
from spades_gui.ui.stats_scene import StatsScene
from spades_gui.ui.theme import MIN_TEXT, set_look
from spades_gui.ui.widgets import text as text_mod
from tests.tools import tool
from tests.ui.table.test_readable import SMALL, text_sizes

if TYPE_CHECKING:
    from tests.conftest import Pilot

BADGES = {"D"}  # the dealer's chip: a letter on a badge, not words to read


def small_lines(seen: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The lines drawn under the least a player must read, badges set apart."""
    return sorted({(t, s) for t, s in seen if s < MIN_TEXT and t.strip() not in BADGES})


def test_every_screen_reads_at_12_px_in_the_smallest_window(pilot: Pilot) -> None:
    """Before: Statistics' tables at 15-16, Progress's charts at 16-17, the table's plates,
    boxes and "what each side needs" at 16 (lines 10-11 px tall)."""
    tool("menu_screenshots")._sample_data()  # a saved game, statistics by rules and players
    history_mod.save(tool("progress_screenshots").synthetic_history(20))
    small: dict[str, list[tuple[str, int]]] = {}
    drawn: dict[str, str] = {}

    def look(name: str) -> None:
        pilot.step()
        pilot.app.dirty = True  # type: ignore[union-attr]
        pilot.step()
        small[name] = small_lines(seen)
        drawn[name] = " ".join(t for t, _ in seen)
        seen.clear()

    with text_sizes() as seen:
        pilot.menu(SMALL)
        look("menu")
        pilot.click_widget("Settings")
        settings = pilot.scene
        assert isinstance(settings, SettingsScene)
        for key, _ in TABS:
            settings.show_tab(key)
            look(f"settings {key}")
        pilot.key(27)  # Esc: back to the menu
        pilot.step()
        pilot.click_widget("Statistics")
        stats = pilot.scene
        assert isinstance(stats, StatsScene)
        look("stats")
        for view in ("rules", "levels"):
            stats.show(view)  # type: ignore[arg-type]
            look(f"stats {view}")
        pilot.key(27)
        pilot.step()
        pilot.click_widget("Progress")
        assert isinstance(pilot.scene, ProgressScene)
        look("progress")
        pilot.key(27)
        pilot.step()
        pilot.click_widget("Deal of the day")  # with its last 30 days (the sample's six)
        assert isinstance(pilot.scene, DailyScene)
        look("deal of the day")
        table = pilot.table("classic", seed=5, size=SMALL, prefs={"show_needs": True})
        pilot.play_until(lambda: pilot.human_turn("play") and len(table.ctl.game.hand.plays) >= 5)
        look("table")
    assert "Saved game · Classic" in drawn["menu"]
    assert "counted before sorting by rules" in drawn["stats rules"]
    assert "Bags a hand" in drawn["stats levels"]
    assert "points a hand" in drawn["progress"]
    assert "We need" in drawn["table"] and "Bid " in drawn["table"]
    assert not any(small.values()), {k: v for k, v in small.items() if v}
    pilot.check_layout(table, SMALL)


@contextmanager
def texts_placed() -> Iterator[list[tuple[str, pygame.Rect, pygame.Rect, pygame.Rect]]]:
    """Every line drawn by draw_text meanwhile: (text, its rect, the part of it not clipped,
    the surface's rect); and every line ellipsize cut, as (text, an empty rect, ...)."""
    placed: list[tuple[str, pygame.Rect, pygame.Rect, pygame.Rect]] = []
    real_draw, real_cut = text_mod.draw_text, text_mod.ellipsize

    def draw(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        r = real_draw(surface, text, *args, **kw)
        placed.append((text, r, r.clip(surface.get_clip()), surface.get_rect()))
        return r

    def cut(text: str, size: float, width: float) -> str:
        shown = real_cut(text, size, width)
        if shown != text:
            placed.append(
                (
                    f"CUT {text!r} to {shown!r}",
                    pygame.Rect(0, 0, 0, 0),
                    *[pygame.Rect(0, 0, 0, 0)] * 2,
                )
            )
        return shown

    swaps = [(real_draw, draw), (real_cut, cut)]
    mods = [m for name, m in list(sys.modules.items()) if name.startswith("spades_gui.ui")]
    patched: list[tuple[Any, str, Any]] = []
    for m in mods:
        for attr in ("draw_text", "ellipsize"):
            old = getattr(m, attr, None)
            for real, fake in swaps:
                if old is real:
                    patched.append((m, attr, real))
                    setattr(m, attr, fake)
    try:
        yield placed
    finally:
        for m, attr, real in patched:
            setattr(m, attr, real)


def text_problems(placed: list[tuple[str, pygame.Rect, pygame.Rect, pygame.Rect]]) -> list[str]:
    """Lines cut by an ellipsis, outside their surface, or overlapping another line."""
    out = [t for t, r, _, _ in placed if t.startswith("CUT ")]
    shown: dict[tuple[str, tuple[int, int, int, int]], pygame.Rect] = {}
    for text, rect, visible, area in placed:
        if text.startswith("CUT ") or not text.strip():
            continue
        if visible == rect and not area.contains(rect):
            out.append(f"{text!r} at {rect} leaves {area}")
        if visible.width and visible.height:
            shown[(text, tuple(rect))] = visible  # drawn twice in one place: once
    for (a, ra), (b, rb) in combinations(shown.items(), 2):
        if ra.colliderect(rb):
            out.append(f"{a[0]!r} {ra} overlaps {b[0]!r} {rb}")
    return out


def walk_screens(
    pilot: Pilot,
    size: tuple[int, int],
    text_size: int,
    large_cards: bool = False,
    looks: tuple[str, ...] = (),
) -> dict[str, list[str]]:
    """Every screen's text problems at a window size and text size (and with large cards, and
    the reading settings named in `looks` on: high_contrast, four_color, suit_letters)."""
    tool("menu_screenshots")._sample_data()
    history_mod.save(tool("progress_screenshots").synthetic_history(20))
    problems: dict[str, list[str]] = {}
    pilot.menu(size)
    app = pilot.app
    assert app is not None
    settings = app.services.loaded_settings()
    settings.text_size = text_size
    settings.large_cards = large_cards
    for name in looks:
        setattr(settings, name, True)
    set_look(Prefs.read(settings.prefs()).look())

    def look(name: str) -> None:
        app.scene.layout(size)  # type: ignore[union-attr]
        with texts_placed() as placed:
            app.dirty = True
            app.scene.draw(app.screen)  # type: ignore[union-attr]
        problems[name] = text_problems(placed)

    look("menu")
    pilot.click_widget("Settings")
    settings_scene = pilot.scene
    for key, _ in TABS:
        settings_scene.show_tab(key)
        look(f"settings {key}")
    pilot.key(27)
    pilot.step()
    pilot.click_widget("Statistics")
    for view in ("all", "rules", "levels"):
        pilot.scene.show(view)
        look(f"stats {view}")
    pilot.key(27)
    pilot.step()
    pilot.click_widget("Progress")
    look("progress")
    pilot.key(27)
    pilot.step()
    pilot.click_widget("How to play")
    look("help")
    pilot.key(27)
    pilot.step()
    pilot.click_widget("Drills")
    look("drills")
    pilot.key(27)
    pilot.step()
    pilot.click_widget("Deal of the day")
    assert isinstance(pilot.scene, DailyScene)
    look("deal of the day")
    pilot.key(27)
    pilot.step()
    pilot.click_widget("rules")
    assert isinstance(pilot.scene, RulesChoice)
    look("rules question")
    prefs = {"show_needs": True, "text_size": text_size, "large_cards": large_cards}
    prefs |= dict.fromkeys(looks, True)
    table = pilot.table("classic", seed=5, size=size, prefs=prefs)
    pilot.play_until(lambda: pilot.human_turn("bid"))
    look("table bidding")
    pilot.check_layout(table, size)
    pilot.play_until(lambda: pilot.human_turn("play") and len(table.ctl.game.hand.plays) >= 5)
    look("table play")
    pilot.check_layout(table, size)
    pilot.play_until(lambda: table.view.result is not None)
    look("table end of hand")
    return {k: v for k, v in problems.items() if v}


EVERY_LOOK = ("high_contrast", "four_color", "suit_letters")


@pytest.mark.parametrize(
    ("size", "text_size", "large_cards", "looks"),
    [
        (SMALL, 100, False, ()),
        (SMALL, 100, True, ()),
        ((1280, 720), 150, False, ()),
        ((1280, 720), 150, True, ()),
        (SMALL, 125, False, EVERY_LOOK),
        ((1280, 720), 125, True, EVERY_LOOK),
        ((1920, 1080), 125, False, EVERY_LOOK),
        ((1920, 1080), 150, True, EVERY_LOOK),
    ],
)
def test_every_screen_fits_its_text_uncut_and_apart(
    pilot: Pilot,
    size: tuple[int, int],
    text_size: int,
    large_cards: bool,
    looks: tuple[str, ...],
) -> None:
    """Issue 70 (2): at 100 % text in the smallest window and at 150 % at 1280×720, with cards
    of either size, no line is cut short, leaves the window or lies over another (nor a card:
    check_layout); and at 125 % in each of the three window sizes (150 % in the largest) with
    high contrast, the colour-blind deck and the suit letters on."""
    problems = walk_screens(pilot, size, text_size, large_cards, looks)
    assert not problems, "\n".join(f"{k}: {p}" for k, v in problems.items() for p in v)
