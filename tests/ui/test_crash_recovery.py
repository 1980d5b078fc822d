"""A screen's unexpected error never closes the window nor loses the game: a report is written,
the player is told at the menu (and at the next start if the window could not say it), a
continued game that fails as it opens comes back from an earlier point, and nothing loops."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui import crash, storage
from spades_gui.engine.record import rewound
from spades_gui.ui import launch
from spades_gui.ui.menu import Menu
from spades_gui.ui.recovery import on_crash
from spades_gui.ui.table import TableScene
from spades_gui.ui.window import Scene
from tests.ui.table.exchange import blind_nil_exchange

if TYPE_CHECKING:
    from tests.conftest import Pilot


class Broken(Exception):
    """The error a test makes a screen raise."""


def reports(home: Path) -> list[Path]:
    """The crash reports written so far."""
    return sorted(home.glob("crash-*.txt"))


def menu_with_recovery(pilot: Pilot) -> Menu:
    """The menu in a window that answers a screen's error as the program does."""
    menu: Menu = pilot.menu()
    assert pilot.app is not None
    pilot.app.on_crash = on_crash(pilot.app)
    return menu


def dialog_text(pilot: Pilot) -> str:
    """The open dialog's title and text."""
    dialog = pilot.scene.dialog
    assert dialog is not None, "no dialog"
    return f"{dialog.title}: {dialog.text}"


@pytest.mark.real_loop
def test_a_screen_that_raises_leads_to_the_menu_with_a_report(pilot: Pilot, home: Path) -> None:
    """A screen raising in the loop: the menu says what happened and where the report is;
    the report holds the traceback and the version; OK means the next start says nothing."""
    menu_with_recovery(pilot)

    class Raises(Scene):
        def update(self, dt: float) -> bool:
            raise Broken("on purpose")

    assert pilot.app is not None
    pilot.app.switch(Raises(pilot.app))
    pilot.step(2)
    assert isinstance(pilot.scene, Menu)
    [report] = reports(home)
    assert "Something went wrong" in dialog_text(pilot) and str(report) in dialog_text(pilot)
    text = report.read_text(encoding="utf-8")
    assert "Broken: on purpose" in text and "Traceback" in text and "Screen: Raises" in text
    assert (home / crash.CRASH_NOTE).is_file()
    pilot.key(pygame.K_RETURN)
    assert pilot.scene.dialog is None and not (home / crash.CRASH_NOTE).exists()


@pytest.mark.real_loop
def test_a_table_that_raises_keeps_the_game_saved_and_continue_returns_to_it(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error mid-hand: the saved game is the last one written before it; Continue opens
    it; the report names the rules, the position and the seed."""
    menu = menu_with_recovery(pilot)
    menu.new_game()
    pilot.step()
    scene = pilot.scene
    assert isinstance(scene, TableScene)
    pilot.play_until(lambda: len(scene.ctl.game.hand.plays) >= 5 and pilot.human_turn("play"))
    saved = storage.saved_game_path().read_text(encoding="utf-8")
    broken = [True]

    def draw_once_broken(self: TableScene, surface: pygame.Surface) -> Any:
        if broken.pop() if broken else False:
            raise Broken("a table that cannot be drawn")
        return REAL_DRAW(self, surface)

    monkeypatch.setattr(TableScene, "draw", draw_once_broken)
    scene.dirty()
    pilot.step()
    assert isinstance(pilot.scene, Menu) and "Continue returns to it" in dialog_text(pilot)
    assert storage.saved_game_path().read_text(encoding="utf-8") == saved
    text = reports(home)[0].read_text(encoding="utf-8")
    assert f"Seed: {scene.ctl.seed}" in text and "Position: hand 1, play" in text
    pilot.key(pygame.K_RETURN)
    pilot.scene.continue_game()
    pilot.step()
    again = pilot.scene
    assert isinstance(again, TableScene)
    assert again.ctl.game.hand.plays == scene.ctl.game.hand.plays


def fails_after_exchange(self: TableScene, surface: pygame.Surface) -> Any:
    """A table that cannot be drawn once partner's cards have come (a save that crashes)."""
    if self.view.received:
        raise Broken("cannot show this position")
    return REAL_DRAW(self, surface)


REAL_DRAW = TableScene.draw


@pytest.mark.real_loop
def test_a_continued_game_that_fails_to_show_starts_again_from_its_hands_deal(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Continue into a save that makes the table raise: the same crash is not met again; the
    game comes back from the deal of that hand, said in words; the save that failed is kept."""
    scene = pilot.table("pagat", seed=3, save_fn=storage.save_game)
    blind_nil_exchange(pilot, scene)
    record = json.loads(storage.saved_game_path().read_text(encoding="utf-8"))
    assert record["hands"][-1]["passes"]
    scene.ctl.close(save=False)
    monkeypatch.setattr(TableScene, "draw", fails_after_exchange)
    menu_with_recovery(pilot)
    pilot.scene.continue_game()
    pilot.step(3)
    back = pilot.scene
    assert isinstance(back, TableScene) and back.resumed is not None and back.resumed.back == 1
    assert back.view.toast_text.startswith("Something went wrong continuing your game")
    hand = back.ctl.game.hand
    assert hand.dealt == scene.ctl.game.hand.dealt and not hand.passes
    kept = json.loads((home / crash.CRASHED_GAME).read_text(encoding="utf-8"))
    assert kept == record


@pytest.mark.real_loop
def test_a_save_that_fails_at_every_point_ends_at_the_menu_not_in_a_loop(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every earlier point fails too: the menu says so, once; the window stays open."""
    menu = menu_with_recovery(pilot)
    menu.new_game()
    pilot.step()
    pilot.play_until(lambda: pilot.scene.ctl.game.hand.plays)
    pilot.scene.ctl.close()
    monkeypatch.setattr(TableScene, "draw", lambda self, surface: (_ for _ in ()).throw(Broken()))
    pilot.app.switch(Menu(pilot.app))  # type: ignore[union-attr]
    pilot.step()
    pilot.scene.continue_game()
    pilot.step(6)
    assert isinstance(pilot.scene, Menu) and "Something went wrong" in dialog_text(pilot)
    assert len(reports(home)) <= 3  # as saved, its hand's deal, before its hand: then no more
    assert pilot.app is not None and pilot.app.running


def test_the_next_start_says_what_happened_when_the_window_could_not(
    pilot: Pilot, home: Path
) -> None:
    """A crash note left by a start that closed: the next menu's message line says it, once."""
    crash.write_report(Broken("earlier"), crash.CrashFacts("TableScene"))
    [report] = reports(home)
    pilot.menu()
    assert f"A report for the developers is in {report}" in pilot.scene.message.text
    assert not (home / crash.CRASH_NOTE).exists()


def test_screens_that_keep_failing_end_the_program_with_one_line_and_a_report(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The menu itself failing as it opens: no traceback, exit code 1, the report written."""
    monkeypatch.setattr(Menu, "enter", lambda self: (_ for _ in ()).throw(Broken("menu")))
    assert launch.run_window() == 1
    err = capsys.readouterr().err
    [report] = reports(home)
    assert err.strip() == (
        f"Spades stopped after an unexpected error; a report is in {report}. "
        "Your saved game is kept."
    )
    assert "Traceback" not in err


def test_a_record_goes_back_to_its_last_hands_deal_or_before_it() -> None:
    """rewound: the last hand's actions taken out (its deal kept), or the hand taken out."""
    record = {"rules": "classic", "hands": [{"dealer": 0, "deal": [], "bids": [1]}] * 2}
    assert rewound(record, 1) == {
        "rules": "classic",
        "hands": [record["hands"][0], {"dealer": 0, "deal": []}],
    }
    assert rewound(record, 2) == {"rules": "classic", "hands": [record["hands"][0]]}
    assert rewound({"hands": []}, 1) is None
