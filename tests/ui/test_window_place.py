"""The player's window across starts: its size, place and maximised state remembered in the
settings and restored on the desktop; full screen by F11 and by the setting, kept by Escape."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from spades_gui import crash
from spades_gui import settings as settings_mod
from spades_gui.settings import Settings, WindowPlace
from spades_gui.ui import placement
from spades_gui.ui.launch import first_scene
from spades_gui.ui.menu import Menu
from spades_gui.ui.placement import TITLE_ROOM, fit
from spades_gui.ui.settings_scene import SettingsScene
from spades_gui.ui.window import SMALLEST, App
from tests.conftest import Pilot

DESKTOP = pygame.Rect(0, 0, 1920, 1080)


@pytest.fixture(autouse=True)
def desktop(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A 1920x1080 desktop (the dummy driver's is 1024x768); the display closed after, so no
    test's full screen reaches the next."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [DESKTOP.size])
    yield
    pygame.display.quit()


def _saved(home: Path) -> dict[str, Any]:
    data = json.loads((home / "settings.json").read_text())
    assert isinstance(data, dict)
    return data


def _write(home: Path, **entries: Any) -> None:
    (home / "settings.json").write_text(json.dumps({"version": 1, **entries}))


def _players_window(pilot: Pilot) -> App:
    """The program's own window (App with no size: the settings' place), at the menu."""
    app = App(headless=True)
    pilot.app = app
    app.services.loaded_settings().guide_offered = True  # no first start's offer over the menu
    pilot.show(first_scene(app))
    pilot.step()
    return app


# ----- where a window opens ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "size", "position"),
    [
        (WindowPlace((1100, 700), (50, 60)), (1100, 700), (50, 60)),
        (WindowPlace((1100, 700)), (1100, 700), None),
        (WindowPlace((1100, 700), (5000, 3000)), (1100, 700), (820, 380)),  # past the corner
        (WindowPlace((1100, 700), (-900, -500)), (1100, 700), (0, TITLE_ROOM)),
        (WindowPlace((4000, 3000), (10, 10)), (1920, 1080), (0, 0)),  # bigger than the desktop
        (WindowPlace((300, 200), (10, 500)), SMALLEST, (10, 440)),  # never under the smallest
    ],
)
def test_a_window_opens_on_the_desktop_and_never_under_the_smallest_size(
    place: WindowPlace, size: tuple[int, int], position: tuple[int, int] | None
) -> None:
    assert fit(place, DESKTOP, SMALLEST) == (size, position)


def test_a_desktop_smaller_than_the_smallest_window_keeps_its_corner_on_screen() -> None:
    small = pygame.Rect(0, 0, 800, 600)
    assert fit(WindowPlace((1280, 720), (300, 300)), small, SMALLEST) == (SMALLEST, (0, 0))


def test_two_displays_side_by_side_make_one_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (1280, 1024)])
    assert placement.desktop_area() == pygame.Rect(0, 0, 3200, 1080)
    on_second = WindowPlace((1100, 700), (2000, 100))
    assert fit(on_second, placement.desktop_area(), SMALLEST) == ((1100, 700), (2000, 100))


# ----- the settings file ---------------------------------------------------------------------


def test_the_window_place_and_full_screen_round_trip_through_the_settings() -> None:
    s = Settings(fullscreen=True, window=WindowPlace((1300, 800), (-20, 40), True))
    data = json.loads(json.dumps(s.to_dict()))
    assert data["window"] == {"size": [1300, 800], "position": [-20, 40], "maximized": True}
    again = Settings.from_dict(data)
    assert again.fullscreen and again.window == s.window
    assert "window" not in Settings().to_dict()  # never placed: nothing written


def test_settings_saved_before_the_window_was_remembered_still_load(home: Path) -> None:
    _write(home, preset="pagat", names=["Ann", "", "", ""], four_color=True)
    s, message = settings_mod.load()
    assert message is None and s.preset == "pagat" and s.four_color
    assert s.window is None and not s.fullscreen


@pytest.mark.parametrize(
    "window",
    [
        "big",
        {"size": [1200]},
        {"size": [1200, "700"]},
        {"size": [0, 700]},
        {"size": [1200, 700], "position": [1.5, 2]},
        {"size": [1200, 700], "maximized": "yes"},
        {"size": [True, 700]},
        {"size": [1200, 10**9]},
    ],
)
def test_a_window_place_that_cannot_be_read_costs_only_the_place(home: Path, window: Any) -> None:
    _write(home, preset="pagat", four_color=True, window=window)
    s, message = settings_mod.load()
    assert s.preset == "pagat" and s.four_color  # the player's settings kept
    assert s.window is None and message == settings_mod.WINDOW_UNREAD


def test_a_bad_window_place_is_said_once_and_the_window_opens_at_its_usual_size(
    pilot: Pilot, home: Path
) -> None:
    _write(home, window={"size": "big"})
    app = _players_window(pilot)
    assert app.size == (1280, 720)
    assert isinstance(app.scene, Menu)
    assert settings_mod.WINDOW_UNREAD in " ".join(pilot.texts_drawn())
    assert not app.services.notices  # said once


def test_the_players_window_says_an_error_the_last_start_could_not_show(
    pilot: Pilot, home: Path
) -> None:
    # the window loads the settings before the menu's services: the crash note comes too
    crash.write_report(RuntimeError("earlier"), crash.CrashFacts("TableScene"))
    app = _players_window(pilot)
    assert isinstance(app.scene, Menu)
    assert "A report for the developers is in" in app.scene.message.text
    assert not (home / crash.CRASH_NOTE).exists()


def test_a_full_screen_setting_that_is_not_true_or_false_is_refused() -> None:
    with pytest.raises(ValueError, match='"fullscreen" must be true or false'):
        Settings.from_dict({"fullscreen": "on"})


# ----- the player's window -------------------------------------------------------------------


def test_the_window_opens_where_it_was_left(pilot: Pilot, home: Path) -> None:
    _write(home, window={"size": [1100, 700], "position": [50, 60], "maximized": False})
    app = _players_window(pilot)
    assert app.size == (1100, 700) and pygame.display.get_window_size() == (1100, 700)
    assert pygame.display.get_window_position() == (50, 60)
    assert app.placement is not None and not app.placement.maximized


def test_a_window_manager_s_frame_does_not_move_the_window_down_at_every_start(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # X11 with a window manager: asked for (50, 60), the frame goes there and the window
    # lands a border and title bar lower; it must be asked for (50, 60) again next time
    _write(home, window={"size": [1100, 700], "position": [50, 60]})
    landed = [(51, 80)]
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: landed[0])
    app = _players_window(pilot)
    app.quit()
    assert _saved(home)["window"]["position"] == [50, 60]
    app = _players_window(pilot)
    pilot.send(pygame.event.Event(pygame.WINDOWMOVED, x=301, y=220))  # the player moves it
    app.quit()
    assert _saved(home)["window"]["position"] == [300, 200]


def test_a_window_left_off_the_desktop_opens_on_it(pilot: Pilot, home: Path) -> None:
    _write(home, window={"size": [5000, 700], "position": [4000, -400]})
    app = _players_window(pilot)
    assert app.size == (1920, 700)
    assert pygame.display.get_window_position() == (0, TITLE_ROOM)


def test_a_resized_and_moved_window_is_remembered_when_it_closes(pilot: Pilot, home: Path) -> None:
    app = _players_window(pilot)
    pilot.send(
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1400, y=820),
        pygame.event.Event(pygame.WINDOWMOVED, x=70, y=90),
    )
    assert not (
        home / "settings.json"
    ).exists()  # written when the window closes, not at every move
    pilot.send(pygame.event.Event(pygame.QUIT))
    assert not app.running
    assert _saved(home)["window"] == {"size": [1400, 820], "position": [70, 90], "maximized": False}
    assert _saved(home) == json.loads((home / "settings.prev.json").read_text())  # its copy


def test_the_menus_quit_remembers_the_window_too(pilot: Pilot, home: Path) -> None:
    app = _players_window(pilot)
    pilot.send(pygame.event.Event(pygame.WINDOWMOVED, x=300, y=200))
    quit_button = next(b for b in app.scene.buttons if b.text == "Quit")
    pilot.click(quit_button.rect.center)
    assert not app.running and _saved(home)["window"]["position"] == [300, 200]


def test_a_maximised_window_keeps_its_size_under_it_and_opens_maximised(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(home, window={"size": [1100, 700], "position": [50, 60]})
    _players_window(pilot)
    # as Windows tells it: the move and resize first, then that the window is maximised
    real = pygame.display.get_window_size, pygame.display.get_window_position
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (1920, 1040))
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: (0, 0))
    pilot.send(
        pygame.event.Event(pygame.WINDOWMOVED, x=0, y=0),
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1040),
        pygame.event.Event(pygame.WINDOWMAXIMIZED),
    )
    pilot.send(pygame.event.Event(pygame.QUIT))
    saved = _saved(home)["window"]
    assert saved == {"size": [1100, 700], "position": [50, 60], "maximized": True}
    monkeypatch.setattr(pygame.display, "get_window_size", real[0])
    monkeypatch.setattr(pygame.display, "get_window_position", real[1])
    maximized: list[bool] = []

    class Window:
        minimum_size = (0, 0)

        def maximize(self) -> None:
            maximized.append(True)

    monkeypatch.setattr(placement, "_window", Window)
    again = _players_window(pilot)
    assert maximized == [True] and again.placement is not None and again.placement.maximized
    assert pygame.display.get_window_size() == (1100, 700)  # the size it comes back to
    # restored (un-maximised) by the player, then moved: an ordinary window again
    pilot.send(
        pygame.event.Event(pygame.WINDOWRESTORED),
        pygame.event.Event(pygame.WINDOWMOVED, x=80, y=90),
    )
    again.quit()
    assert _saved(home)["window"] == {"size": [1100, 700], "position": [80, 90], "maximized": False}


def test_a_window_minimised_and_back_stays_maximised(pilot: Pilot, home: Path) -> None:
    app = _players_window(pilot)
    pilot.send(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    pilot.send(
        pygame.event.Event(pygame.WINDOWMINIMIZED),
        pygame.event.Event(pygame.WINDOWMOVED, x=-32000, y=-32000),  # Windows' minimised place
        pygame.event.Event(pygame.WINDOWRESTORED),
    )
    app.quit()
    saved = _saved(home)["window"]
    assert saved["maximized"] and saved["position"] != [-32000, -32000]


def test_f11_switches_full_screen_and_escape_does_not_leave_it(pilot: Pilot, home: Path) -> None:
    app = _players_window(pilot)
    pilot.key(pygame.K_F11)
    pilot.step()  # the resize it brings comes in the next frame
    assert pygame.display.is_fullscreen() and app.size == pygame.display.get_window_size()
    assert _saved(home)["fullscreen"] is True
    pilot.key(pygame.K_ESCAPE)  # on the menu: the keyboard moves to Quit, nothing more
    pilot.step()
    assert pygame.display.is_fullscreen() and app.running
    pilot.key(pygame.K_F11)
    pilot.step()
    assert not pygame.display.is_fullscreen() and app.size == (1280, 720)
    assert _saved(home)["fullscreen"] is False


def test_the_window_opens_full_screen_when_it_was(pilot: Pilot, home: Path) -> None:
    _write(home, fullscreen=True, window={"size": [1100, 700], "position": [50, 60]})
    app = _players_window(pilot)
    assert pygame.display.is_fullscreen() and app.size == pygame.display.get_window_size()
    pilot.key(pygame.K_F11)  # back to the window as it was left
    pilot.step()
    assert not pygame.display.is_fullscreen() and app.size == (1100, 700)
    assert pygame.display.get_window_position() == (50, 60)


def test_the_full_screen_setting_switches_the_window_at_once(pilot: Pilot, home: Path) -> None:
    app = _players_window(pilot)
    app.services.open_settings()  # type: ignore[misc]
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    pilot.click_widget("tab:table")
    pilot.click_widget("fullscreen")
    assert pygame.display.is_fullscreen() and _saved(home)["fullscreen"] is True
    assert "Full screen" in pilot.texts_drawn()
    pilot.key(pygame.K_F11)  # and the setting follows F11
    pilot.step()  # its resize, laid out before the next click
    assert not pygame.display.is_fullscreen() and not scene.settings.fullscreen
    pilot.click_widget("fullscreen")
    pilot.step()
    pilot.click_widget("fullscreen")
    assert not pygame.display.is_fullscreen() and _saved(home)["fullscreen"] is False
