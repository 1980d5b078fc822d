"""The options' Browse... on Windows: the system's Open dialog (a stand-in comdlg32 here) over
the window, the frame loop held while it is open, the table drawn whole after, and nothing of
the game lost meanwhile."""

from __future__ import annotations

import functools
import json
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.coach import open_dialog, record_files
from spades_gui.controller import Controller, Notice
from spades_gui.engine import preset_rules
from spades_gui.ui.review import ReviewScene
from spades_gui.ui.table import record_actions
from spades_gui.ui.table.panels import focus_order
from tests.coach.test_open_dialog import FakeComdlg32

if TYPE_CHECKING:
    from spades_gui.ui.table import TableScene
    from tests.conftest import Pilot


@pytest.fixture
def windows(pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch) -> FakeComdlg32:
    """The table's record actions as on Windows, with a stand-in comdlg32."""
    fake = FakeComdlg32()
    monkeypatch.setattr(open_dialog, "DLL", fake)
    available = functools.partial(record_files.picker_available, "win32")
    monkeypatch.setattr(record_actions, "picker_available", available)
    monkeypatch.setattr(
        record_actions,
        "pick_record_file",
        functools.partial(record_files.pick_record_file, platform="win32"),
    )
    return fake


def table_with_options(pilot: Pilot, monkeypatch: pytest.MonkeyPatch) -> TableScene:
    """A table on the player's first card, its options open (on a display: not SDL's dummy)."""
    scene: TableScene = pilot.table("classic", seed=2, coach_level="medium")
    pilot.play_until(lambda: pilot.human_turn("play"))
    monkeypatch.delenv("SDL_VIDEODRIVER")  # the window is open: now a real system's display
    pilot.key(pygame.K_o)
    assert scene.view.overlay == "options"
    return scene


def focused(pilot: Pilot) -> str:
    """The name of the button the keyboard is on ("" for none)."""
    buttons = focus_order(pilot.scene.input.panels)
    i = pilot.scene.view.focus_button
    return buttons[i].name if 0 <= i < len(buttons) else ""


def test_a_record_chosen_in_the_dialog_opens_for_review(
    pilot: Pilot, home: Path, windows: FakeComdlg32, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = table_with_options(pilot, monkeypatch)
    record = home / "My Records" / "hand 1.json"
    record.parent.mkdir()
    record.write_text(json.dumps(scene.ctl.record()), encoding="utf-8")
    windows.chosen = str(record)
    for _ in range(4):  # practice, the two exports, then Browse... (as tools/wine_window.py)
        pilot.key(pygame.K_TAB)
    assert focused(pilot) == "browse_record"
    pilot.key(pygame.K_RETURN)
    assert [(s["title"], s["folder"]) for s in windows.shown] == [
        ("Open a game record", str(home / "exports"))
    ]
    assert isinstance(pilot.scene, ReviewScene)
    assert pilot.scene.game.hands[0].dealt == scene.ctl.game.hand.dealt
    assert record_files.recent_records()[0] == record


def test_the_dialog_sits_on_the_window(
    pilot: Pilot, windows: FakeComdlg32, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_with_options(pilot, monkeypatch)
    app = pilot.app
    assert app is not None
    monkeypatch.setattr(pygame.display, "get_wm_info", lambda: {"window": 0x7FFF_0000_0042})
    pilot.click_button("browse_record")
    assert windows.shown[0]["owner"] == 0x7FFF_0000_0042  # the HWND, all 64 bits of it


def test_after_a_cancelled_dialog_the_table_is_drawn_whole(
    pilot: Pilot, windows: FakeComdlg32, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = table_with_options(pilot, monkeypatch)
    pilot.step(3)
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1) or real_flip())
    pilot.click_button("browse_record")
    assert len(windows.shown) == 1 and windows.chosen == ""
    assert pilot.scene is scene and scene.view.overlay == "options"
    assert flips  # the whole window again, not only the pressed button: the dialog lay on it
    assert scene.view.toast_left == 0  # a cancel says nothing


def test_a_dialog_that_fails_leaves_the_typed_path(
    pilot: Pilot, windows: FakeComdlg32, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = table_with_options(pilot, monkeypatch)
    windows.error = 0xFFFF  # CDERR_DIALOGFAILURE
    pilot.click_button("browse_record")
    assert pilot.scene is scene and scene.button("path_field") is not None
    assert scene.view.toast_text.startswith("The file picker could not be shown")


def test_a_held_window_is_drawn_again_whole(pilot: Pilot) -> None:
    pilot.menu()
    app = pilot.app
    assert app is not None
    pilot.step()
    assert not app.dirty and not app.show_whole
    with app.held():
        pass
    assert app.dirty and app.show_whole


def test_an_ai_answer_waits_out_a_long_dialog(caplog: pytest.LogCaptureFixture) -> None:
    """The controller runs on the window's thread: while the dialog holds it, a computer
    seat's answer waits in its queue, and is played afterwards as it was given, even when the
    dialog stayed open longer than the seat's time limit."""
    now = [0.0]
    answered = threading.Event()

    def held(now_s: float) -> list[Any]:
        answered.clear()
        ctl = Controller.new_game(
            preset_rules("classic"),
            ("easy",) * 4,
            seed=4,
            executor="thread",
            clock=lambda: now[0],
            wake=answered.set,
        )
        try:
            ctl.pump(limit=0)  # the first seat's question goes to the worker
            assert answered.wait(30)  # its answer waits: the dialog holds the window
            now[0] += now_s
            events = ctl.pump()
            assert not [e for e in events if isinstance(e, Notice)]
            return list(ctl.record()["hands"][0]["bids"][:1])
        finally:
            ctl.close(save=False)

    assert held(3600.0) == held(0.0)
    assert "took too long" not in caplog.text  # the answer was there, only not yet read
