"""The deal of the day: the same deal for a date and rules on every machine, played once at a
table that counts nowhere, its score kept beside Hard's in the player's seat, with a streak and
the last 30 days; a damaged results file loses nothing."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from spades_gui import daily
from spades_gui.engine import preset_rules
from spades_gui.engine.cards import card_str, cards_of
from spades_gui.ui.daily_scene import DailyScene
from spades_gui.ui.menu import Menu
from spades_gui.ui.replay.table import ReplayTable

if TYPE_CHECKING:
    from tests.conftest import Pilot

DAY = dt.date(2026, 12, 7)


def south(deal: daily.DealAgain) -> list[str]:
    """The player's cards of a deal, as written in a record."""
    return list(deal.entry["deal"][0])  # type: ignore[index]


def test_a_date_and_rules_make_one_deal_everywhere() -> None:
    """Seeded by the date and the rules only: the same cards each time (pinned, so a change of
    Python or of the shuffle shows), another date or rule set another deal."""
    classic = preset_rules("classic")
    a, b = daily.deal_of_the_day(DAY, classic), daily.deal_of_the_day(DAY, classic)
    assert a == b and a.seats == daily.SEATS
    assert daily.daily_seed(DAY, classic) == daily.daily_seed(DAY, classic)
    assert south(a) != south(daily.deal_of_the_day(DAY + dt.timedelta(days=1), classic))
    assert south(a) != south(daily.deal_of_the_day(DAY, preset_rules("pagat")))
    assert daily.daily_seed(DAY, classic) == PINNED_SEED


PINNED_SEED = 578783801  # random.Random("spades-daily:2026-12-07:classic"), CPython 3.10-3.13


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    def played(*days: int) -> list[daily.DailyResult]:
        return [
            daily.DailyResult((DAY - dt.timedelta(days=d)).isoformat(), "classic", 1) for d in days
        ]

    assert daily.streak(played(0, 1, 2, 4), DAY) == 3
    assert daily.streak(played(1, 2), DAY) == 2  # today still to play
    assert daily.streak(played(2, 3), DAY) == 0
    assert daily.streak([], DAY) == 0
    old = played(*range(40))
    shown = daily.recent(old, DAY)
    assert len(shown) == daily.SHOWN_DAYS and shown[0].day == DAY.isoformat()


def test_a_damaged_results_file_is_said_and_kept_aside(home: Path) -> None:
    (home / daily.FILE).write_text('{"days": [{"day": "yesterday"}]}', encoding="utf-8")
    results, message = daily.load()
    assert results == [] and message is not None and "damaged" in message
    assert any(p.name.startswith("daily") and ".bad" in p.name for p in home.iterdir())


def open_daily(pilot: Pilot) -> DailyScene:
    """The deal of the day's screen from the menu, for DAY, its seats answering at once."""
    pilot.menu()
    assert pilot.app is not None
    scene = DailyScene(pilot.app, today=lambda: DAY, executor="inline")
    pilot.show(scene)
    pilot.step()
    return scene


def test_todays_deal_is_played_once_and_set_beside_hards(pilot: Pilot, home: Path) -> None:
    """Play from the screen; the table is the deal's; at its end the screen shows the score
    beside Hard's and keeps both; the screen opened again offers no second play."""
    scene = open_daily(pilot)
    assert "Play today's deal" in pilot.texts_drawn()
    pilot.key(pygame.K_RETURN)  # the focus starts on Play
    table = pilot.scene
    assert isinstance(table, ReplayTable)
    held = [card_str(c) for c in cards_of(table.ctl.game.hand.hands[0])]
    assert sorted(held) == sorted(south(scene.deal)) or table.ctl.game.hand.extra
    pilot.play_until(lambda: table.try_facts is not None and pilot.human_turn("continue"))
    pilot.act()
    pilot.until(
        lambda: pilot.scene is scene and scene.result is not None and scene.result.hard is not None
    )
    r = scene.result
    assert r is not None and r.you is not None and r.day == DAY.isoformat() and r.rules == "classic"
    kept = json.loads((home / daily.FILE).read_text(encoding="utf-8"))
    assert kept["days"] == [{"day": "2026-12-07", "rules": "classic", "you": r.you, "hard": r.hard}]
    texts = " ".join(pilot.texts_drawn())
    assert "Play today's deal" not in texts and "Streak: 1 day in a row" in texts
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(pilot.scene, Menu)

    again = open_daily(pilot)
    assert again.result == r and again.widgets() == [again.back_button]
    again.play()
    assert pilot.scene is again


def test_leaving_todays_deal_midway_counts_it_played(pilot: Pilot, home: Path) -> None:
    """Escape at the table: back to the screen, the day played with no score (no second look
    at the same cards)."""
    scene = open_daily(pilot)
    scene.play()
    table = pilot.scene
    assert isinstance(table, ReplayTable)
    pilot.play_until(lambda: pilot.human_turn("play"))
    pilot.key(pygame.K_ESCAPE)
    pilot.until(lambda: pilot.scene is scene)
    assert scene.result is not None and scene.result.you is None
    assert "You left today's deal before its end" in " ".join(pilot.texts_drawn())


def test_the_menu_offers_the_deal_of_the_day_beside_its_cards(pilot: Pilot) -> None:
    """Right from the column reaches it, Enter opens it, Left goes back; a click opens it too."""
    menu = pilot.menu((1024, 640))
    assert menu.daily_button.rect.left > max(b.rect.right for b in menu.buttons)
    assert pilot.app is not None and pilot.app.screen.get_rect().contains(menu.daily_button.rect)
    pilot.key(pygame.K_RIGHT)
    assert menu.focus is menu.daily_button
    pilot.key(pygame.K_LEFT)
    assert menu.focus is menu.buttons[0]
    pilot.click(menu.daily_button.rect.center)
    assert isinstance(pilot.scene, DailyScene)
    pilot.scene.back()


def test_hards_score_taken_while_the_deal_was_played_is_kept_on_return(pilot: Pilot) -> None:
    """Hard's play of the deal may come while the player is at the table (the table takes it):
    back at the screen it is kept beside the player's, even after leaving midway."""
    pilot.menu()
    assert pilot.app is not None
    scene = pilot.show(DailyScene(pilot.app, today=lambda: DAY, executor="inline"))
    session = scene.session
    assert session is not None and session.hard is None
    scene.play()  # before the screen's first frame: the table's frames take Hard's play
    pilot.until(lambda: session.hard is not None)
    pilot.key(pygame.K_ESCAPE)
    pilot.until(lambda: pilot.scene is scene)
    pilot.step()
    assert scene.result is not None and scene.result.you is None
    assert scene.result.hard == session.hard_margin() is not None
    kept, _ = daily.load()
    assert kept == [scene.result]
