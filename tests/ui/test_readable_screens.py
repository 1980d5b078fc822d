"""Issue 59 (11) on every screen: nothing a player must read is drawn under 12 px at the
smallest window (1024×640) — Settings' notes, the menu's saved game, Statistics' tables,
Progress's charts and the table's plates and "what each side needs"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_gui.coach import history as history_mod
from spades_gui.ui.progress_scene import ProgressScene
from spades_gui.ui.settings_scene import TABS, SettingsScene
from spades_gui.ui.stats_scene import StatsScene
from spades_gui.ui.theme import MIN_TEXT
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
