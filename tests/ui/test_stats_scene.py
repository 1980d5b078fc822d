"""The Statistics screen driven by clicks and keys: the totals, and the same counts by rules
and by computer players, readable at the smallest window; an older file's counts shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui import stats
from spades_gui.stats import CUSTOM, Stats, Tally
from spades_gui.ui.widgets import text as text_mod

if TYPE_CHECKING:
    from tests.conftest import Pilot


def _saved() -> Stats:
    """Statistics with hands under three rule sets and two seatings, and older ones."""
    st = Stats(games_played=3, games_won=2, hands_played=30, bids_made=20, bids_set=6, bags=33)
    st.by_rules = {
        "classic": Tally(games_played=2, games_won=2, hands_played=17, bids_made=12, bids_set=3),
        CUSTOM: Tally(hands_played=4, bids_made=2, bids_set=2, nils_made=1, bags=6),
        "pagat": Tally(games_played=1, hands_played=3, bids_made=2, bids_set=1, bags=3),
    }
    st.by_levels = {
        "hard,hard,hard": Tally(games_played=1, games_won=1, hands_played=14, bids_made=10),
        "easy,medium,easy": Tally(games_played=2, games_won=1, hands_played=10, bids_made=6),
    }
    assert st.save() is None
    return st


def _texts(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """Every line of text a full frame of the screen draws, with its size."""
    seen: list[tuple[str, float]] = []
    real = text_mod.render_text

    def record(text: str, size: float, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append((text, size))
        return real(text, size, *args, **kw)

    monkeypatch.setattr(text_mod, "render_text", record)
    pilot.app.invalidate()
    pilot.step()
    monkeypatch.setattr(text_mod, "render_text", real)
    return seen


def test_the_counts_by_rules_and_by_computer_players(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    _saved()
    pilot.menu((1024, 640))
    pilot.click_widget("Statistics")
    scene = pilot.scene
    assert scene.showing == "all"
    pilot.click_widget("view:rules")
    assert scene.showing == "rules"
    words = [t for t, _ in _texts(pilot, monkeypatch)]
    for expected in ("Rules", "Classic", "Custom rules", "Pagat", "Earlier hands", "12 of 15"):
        assert expected in words
    assert words.index("Classic") < words.index("Custom rules") < words.index("Earlier hands")
    pilot.click_widget("view:levels")
    words = [t for t, _ in _texts(pilot, monkeypatch)]
    for expected in ("Computer players", "All Hard", "Partner Medium", "opponents Easy"):
        assert expected in words
    assert "Earlier hands" in words and "4 of 10" in words  # bids before players were kept
    # the keyboard: Left from the tab moves to the one before, Enter shows it
    pilot.key(pygame.K_LEFT)
    pilot.key(pygame.K_RETURN)
    assert scene.showing == "rules"
    pilot.key(pygame.K_LEFT)
    pilot.key(pygame.K_RETURN)
    assert scene.showing == "all"
    assert "Hands played" in [t for t, _ in _texts(pilot, monkeypatch)]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_table_is_readable_and_stays_on_its_panel(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    st = _saved()
    for west in ("easy", "medium", "hard"):  # more seatings than the panel shows at once
        for east in ("easy", "medium", "hard"):
            st.by_levels[f"{west},hard,{east}"] = Tally(hands_played=1)
    st.save()
    pilot.menu(size)
    pilot.click_widget("Statistics")
    for view in ("view:all", "view:rules", "view:levels"):
        pilot.click_widget(view)
        small = [(t, s) for t, s in _texts(pilot, monkeypatch) if round(s) < 12]
        assert not small, small
    scene = pilot.scene
    view = scene.scroll.viewport
    assert scene.table.contains(view)
    assert view.bottom <= scene.back_button.rect.top
    assert all(not tab.rect.colliderect(scene.table) for tab in scene.tabs)
    assert view.height < scene.scroll.content_h  # eleven rows: the wheel shows the rest
    pilot.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-20, flipped=False))
    assert scene.scroll.scroll == scene.scroll.max_scroll() > 0
    last = scene.scroll.rows[-1]
    assert view.contains(last.rect)
    assert "Earlier hands" in [t for t, _ in _texts(pilot, monkeypatch)]


def test_an_older_statistics_file_is_shown_with_every_count(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (home / "stats.json").write_text(
        json.dumps({"version": 1, "games_played": 4, "games_won": 3, "hands_played": 31})
    )
    pilot.menu((1024, 640))
    pilot.click_widget("Statistics")
    assert pilot.scene.message.text == ""
    pilot.click_widget("view:rules")
    words = [t for t, _ in _texts(pilot, monkeypatch)]
    assert "Earlier hands" in words and "31" in words and "3 of 4" in words
    assert stats.load()[0].hands_played == 31


def test_no_hands_yet_says_how_they_are_counted(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    pilot.menu((1024, 640))
    pilot.click_widget("Statistics")
    words = [t for t, _ in _texts(pilot, monkeypatch)]
    assert "Every hand you finish counts at once. Practice hands are counted apart." in words
    pilot.click_widget("view:levels")
    words = [t for t, _ in _texts(pilot, monkeypatch)]
    assert "No hands counted yet: every hand you finish is counted here." in words
