"""The menu screens driven like a player: posted clicks and keys through App.step."""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys
import types
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades_gui import settings as settings_mod  # noqa: E402
from spades_gui import stats as stats_mod  # noqa: E402
from spades_gui import storage  # noqa: E402
from spades_gui.engine.presets import PRESETS  # noqa: E402
from spades_gui.ui import menu as menu_mod  # noqa: E402
from spades_gui.ui.help_scene import HelpScene  # noqa: E402
from spades_gui.ui.main import App, Scene  # noqa: E402
from spades_gui.ui.menu import Menu  # noqa: E402
from spades_gui.ui.scenes import first_scene  # noqa: E402
from spades_gui.ui.settings_scene import SettingsScene  # noqa: E402
from spades_gui.ui.stats_scene import StatsScene  # noqa: E402
from spades_gui.ui.widgets_basic import Widget  # noqa: E402
from tests.gui.helpers import tap_in_run_loop  # noqa: E402

DT = 1 / 60


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder."""
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home: Path) -> App:
    """A headless window at the menu."""
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    a.step(DT, [])
    return a


def step(app: App, *events: pygame.event.Event) -> None:
    """One frame with these events."""
    app.step(DT, list(events))


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click (down and up) at a screen position."""
    pos = (int(pos[0]), int(pos[1]))
    step(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def press(app: App, key: int, mod: int = 0) -> None:
    """A key press."""
    step(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def widget(app: App, name: str) -> Widget:
    """A widget of the current scene by name, scrolled into view if need be."""
    scene = app.scene
    w = scene.find(name)
    if scene.view is not None and w in scene.view.rows:
        scene.view.scroll_to(w)
    assert scene.view is None or w not in scene.view.rows or scene.view.visible(w)
    return w


def click_widget(app: App, name: str) -> Widget:
    """Click a named widget: a settings row on its label, anything else in the middle."""
    w = widget(app, name)
    label_share = getattr(w, "label_share", 0)
    x = w.rect.left + w.rect.width * label_share / 2 if label_share else w.rect.centerx
    click(app, (x, w.rect.centery))
    return w


def saved_settings(home: Path) -> dict:
    """settings.json as written."""
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- menu


def test_menu_buttons_and_no_continue_without_save(app: App) -> None:
    assert isinstance(app.scene, Menu)
    names = [b.name for b in app.scene.buttons]
    assert names == ["New game", "Settings", "How to play", "Statistics", "Quit"]
    assert app.services["to_menu"] and app.services["storage"] is storage
    assert app.services["settings"] == settings_mod.Settings()


def test_quit_button_quits(app: App) -> None:
    click_widget(app, "Quit")
    assert not app.running


def test_a_quick_tap_on_a_menu_button_counts(app: App) -> None:
    """Press and release in one frame, while the loop idles (a touchpad tap), still clicks."""
    target = app.scene.find("Settings").rect.center
    assert tap_in_run_loop(app, target, lambda: isinstance(app.scene, SettingsScene))


def test_keyboard_in_menu(app: App) -> None:
    press(app, pygame.K_DOWN)
    assert app.scene.focus.name == "Settings"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, Menu)
    press(app, pygame.K_UP)
    assert app.scene.focus.name == "Quit"


def test_new_game_without_table_shows_toast(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menu_mod, "TABLE_MODULE", "spades_gui.ui.no_such_table_module")
    click_widget(app, "New game")
    assert isinstance(app.scene, Menu)
    assert app.scene.toast.active and app.scene.toast.text == "table not built yet"
    assert app.step(DT, [])  # the toast animates


def _fake_table(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Install a stand-in table module that records how it was called."""
    calls: dict[str, Any] = {}
    mod = types.ModuleType("fake_table_for_tests")
    mod.__spec__ = importlib.machinery.ModuleSpec("fake_table_for_tests", None)

    def new_game_scene(app, rules, levels, names, seed, prefs):
        calls["new"] = (rules, levels, names, seed, prefs)
        return Scene(app)

    def resume_scene(app, record, levels, names, prefs):
        calls["resume"] = (record, levels, names, prefs)
        return Scene(app)

    mod.new_game_scene = new_game_scene
    mod.resume_scene = resume_scene
    monkeypatch.setitem(sys.modules, "fake_table_for_tests", mod)
    monkeypatch.setattr(menu_mod, "TABLE_MODULE", "fake_table_for_tests")
    return calls


def test_new_game_passes_settings_to_table(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fake_table(monkeypatch)
    s = app.services["settings"]
    s.set_preset("pagat")
    s.levels["north"] = "hard"
    click_widget(app, "New game")
    rules, levels, names, seed, prefs = calls["new"]
    assert rules == PRESETS["pagat"].rules
    assert levels == ("medium", "hard", "medium")
    assert names == ["You", "West", "Partner", "East"]
    assert isinstance(seed, int)
    assert prefs["animation"] == "normal" and "card_back_rgb" in prefs
    assert type(app.scene) is Scene


def _save_a_game() -> dict:
    """Save a record with one hand bid and partly played."""
    import random

    from spades_gui.engine.game import Game
    from spades_gui.engine.record import game_to_record

    game = Game(PRESETS["classic"].rules)
    hand = game.deal(random.Random(5))
    while hand.phase == "bid":
        hand.bid([b for b in hand.legal_bids() if b < 100][2])
    legal = hand.legal_plays()
    hand.play((legal & -legal).bit_length() - 1)
    record = game_to_record(game)
    storage.save_game(record)
    return record


def test_continue_shown_and_resumes(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = _save_a_game()
    calls = _fake_table(monkeypatch)
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    assert a.scene.buttons[0].name == "Continue"
    assert "Saved game" in a.scene.saved_text
    press(a, pygame.K_RETURN)
    assert calls["resume"][0] == record


def test_new_game_over_a_save_asks_first(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _save_a_game()
    calls = _fake_table(monkeypatch)
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    click_widget(a, "New game")
    assert a.scene.dialog is not None and "new" not in calls
    press(a, pygame.K_ESCAPE)
    assert a.scene.dialog is None and "new" not in calls
    click_widget(a, "New game")
    click(a, a.scene.dialog.buttons[1].rect.center)
    assert "new" in calls


def test_corrupt_settings_message_and_bad_file(home: Path) -> None:
    (home / "settings.json").write_text('{"preset": "classic", oops', encoding="utf-8")
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    a.step(DT, [])
    text = a.scene.message.text
    assert text == "Your settings file was damaged, so the default settings are in use."
    assert (home / "settings.json.bad").read_text() == '{"preset": "classic", oops'
    assert a.services["settings"] == settings_mod.Settings()


def test_corrupt_save_message_and_no_continue(home: Path) -> None:
    (home / "saved_game.json").write_text('{"rules": "classic", "hands": [{"dealer": 9}]}')
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    assert a.scene.message.text == (
        "Your saved game was damaged and could not be recovered, so it cannot be continued."
    )
    assert a.scene.buttons[0].name == "New game"
    assert (home / "saved_game.json.bad").exists()


def _damaged_with_good_copies(home: Path) -> tuple[dict, settings_mod.Settings]:
    """The issue's start: two saves and two settings changes, then saved_game.json cut short
    and settings.json damaged; the .prev copies (one move / one change older) are intact."""
    older = _save_a_game()
    newer = dict(older, scores=[10, 0])
    storage.save_game(newer)
    good = settings_mod.Settings()
    good.set_preset("pagat")
    good.save()
    changed = settings_mod.Settings(preset="pagat", animation="fast")
    changed.save()
    text = (home / "saved_game.json").read_text()
    (home / "saved_game.json").write_text(text[: len(text) // 2])
    (home / "settings.json").write_text("")
    return older, good


def test_damaged_files_fall_back_to_their_copies_in_the_players_words(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    older, good = _damaged_with_good_copies(home)
    calls = _fake_table(monkeypatch)
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    a.step(DT, [])
    assert a.scene.message.text == (
        "Your settings file was damaged; your previous settings were restored.  "
        "Your last save was damaged; continuing from the move before it."
    )
    assert "json" not in a.scene.message.text and "line" not in a.scene.message.text
    assert a.services["settings"] == good
    assert a.scene.buttons[0].name == "Continue"
    # New game over the restored save asks first, and Cancel keeps the copy
    click_widget(a, "New game")
    assert a.scene.dialog is not None and "new" not in calls
    press(a, pygame.K_ESCAPE)
    assert json.loads((home / "saved_game.prev.json").read_text()) == older
    click_widget(a, "Continue")
    assert calls["resume"][0] == older


def test_settings_changes_after_a_restore_keep_the_good_copy(home: Path) -> None:
    _, good = _damaged_with_good_copies(home)
    a = App((1280, 720), headless=True)
    a.switch(first_scene(a))
    click_widget(a, "Settings")
    click_widget(a, "tab:table")
    click_widget(a, "four_color")
    click_widget(a, "animation")
    prev = settings_mod.Settings.from_dict(json.loads((home / "settings.prev.json").read_text()))
    assert prev.preset == "pagat" and prev != settings_mod.Settings()
    assert settings_mod.load()[0].preset == "pagat"


# ----------------------------------------------------------------------------- settings


def test_settings_preset_click_persists(app: App, home: Path) -> None:
    click_widget(app, "Settings")
    assert isinstance(app.scene, SettingsScene)
    click_widget(app, "preset:tournament")
    assert saved_settings(home)["preset"] == "tournament"
    loaded, _ = settings_mod.load()
    assert loaded.rules() == PRESETS["tournament"].rules
    assert app.services["settings"].rules() == PRESETS["tournament"].rules


def test_settings_target_stepper_click_persists(app: App, home: Path) -> None:
    click_widget(app, "Settings")
    click_widget(app, "tab:game end")
    target = widget(app, "target")
    box = target._box()
    click(app, (box.right - 8, box.centery))
    assert saved_settings(home)["overrides"] == {"target": 300}
    assert settings_mod.load()[0].rules().target == 300
    click(app, (box.left + 8, box.centery))
    click(app, (box.left + 8, box.centery))
    assert settings_mod.load()[0].rules().target == 200
    assert target.modified()


def test_settings_selector_toggle_checkbox_by_click(app: App, home: Path) -> None:
    click_widget(app, "Settings")
    click_widget(app, "tab:deal")
    click_widget(app, "first_dealer")
    click_widget(app, "misdeal:no_spades")
    rules = settings_mod.load()[0].rules()
    assert rules.first_dealer == "high_card" and rules.misdeal == ("no_spades",)
    sel = widget(app, "first_dealer")
    click(app, (sel.control_rect().left + 5, sel.rect.centery))
    assert settings_mod.load()[0].rules().first_dealer == "random"
    click_widget(app, "tab:play")
    click_widget(app, "spades_first_trick")
    assert settings_mod.load()[0].rules().spades_first_trick is True


def test_impossible_combination_refused_with_reason(app: App, home: Path) -> None:
    click_widget(app, "Settings")
    click_widget(app, "tab:deck")
    click_widget(app, "high_twos")
    click_widget(app, "high_twos")  # 2♦ > 2♠ > A♠
    assert app.services["settings"].rules().high_twos == "DS"
    before = app.services["settings"].to_dict()
    saved = (home / "settings.json").read_text()
    click_widget(app, "jokers")  # the jokers would take the 2♦ out
    assert "2♦ cannot be raised" in app.scene.message.text
    assert app.scene.message.kind == "error"
    assert app.services["settings"].to_dict() == before
    assert app.services["settings"].rules().jokers is False
    assert (home / "settings.json").read_text() == saved


def test_raised_twos_selector_steps_over_twos_out_of_the_deck(app: App) -> None:
    click_widget(app, "Settings")
    click_widget(app, "tab:deck")
    click_widget(app, "jokers")  # 2♥ and 2♦ leave for the jokers
    click_widget(app, "high_twos")
    assert app.services["settings"].rules().high_twos == "S"
    click_widget(app, "high_twos")  # past every choice with a 2♦ or a 2♥
    assert app.services["settings"].rules().high_twos == "C"
    assert app.scene.message.kind != "error"


def test_losing_floor_never_and_keyboard_steps(app: App) -> None:
    click_widget(app, "Settings")
    click_widget(app, "tab:game end")
    floor = click_widget(app, "losing_floor")
    assert floor.text() == "never"
    app.scene.keyboard = True
    app.scene.set_focus(floor)
    press(app, pygame.K_LEFT)
    assert app.services["settings"].rules().losing_floor == -50
    press(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert app.services["settings"].rules().losing_floor == -550
    press(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert app.services["settings"].rules().losing_floor == -50
    press(app, pygame.K_RIGHT)
    assert app.services["settings"].rules().losing_floor is None
    assert "losing_floor" not in app.services["settings"].overrides


def test_reset_to_preset_asks_then_resets(app: App) -> None:
    s = app.services["settings"]
    click_widget(app, "Settings")
    s.set_option("target", 400)
    click(app, app.scene.reset_button.rect.center)
    assert app.scene.dialog is not None
    click(app, app.scene.dialog.buttons[1].rect.center)
    assert s.overrides == {} and app.scene.dialog is None
    assert settings_mod.load()[0].overrides == {}


def test_players_and_table_settings(app: App, home: Path) -> None:
    click_widget(app, "Settings")
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.scene.tab == "players"
    click_widget(app, "level:north")
    field = click_widget(app, "name:0")
    for _ in range(3):
        press(app, pygame.K_BACKSPACE)
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    press(app, pygame.K_RETURN)
    assert not field.editing
    s = settings_mod.load()[0]
    assert s.levels["north"] == "hard" and s.seat_names()[0] == "Ann"
    click_widget(app, "tab:table")
    click_widget(app, "four_color")
    click_widget(app, "card_back")
    click_widget(app, "animation")
    s = settings_mod.load()[0]
    assert s.four_color and s.card_back == "red" and s.animation == "fast"
    # issue 11 (18, 21): forced cards and collecting tricks, off and automatic by default
    assert not s.auto_play and s.collect == "auto"
    click_widget(app, "auto_play")
    click_widget(app, "collect")
    s = settings_mod.load()[0]
    assert s.auto_play and s.collect == "long"
    assert s.prefs()["auto_play"] and s.prefs()["collect"] == "long"


def test_wheel_scrolls_long_page(app: App) -> None:
    click_widget(app, "Settings")
    click_widget(app, "tab:nil")
    view = app.scene.view
    assert view.max_scroll() > 0
    step(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert view.scroll > 0


# ----------------------------------------------------------------------------- help, stats


def _help_text(app: App) -> str:
    return "\n".join(getattr(r, "text", "") for r in app.scene.view.rows)


def test_help_reflects_preset(app: App) -> None:
    click_widget(app, "How to play")
    assert isinstance(app.scene, HelpScene)
    text = _help_text(app)
    assert "Nil made scores 50, failed loses 50." in text and "reach 250 points" in text
    press(app, pygame.K_ESCAPE)
    click_widget(app, "Settings")
    click_widget(app, "preset:jokers350")
    press(app, pygame.K_ESCAPE)
    click_widget(app, "How to play")
    text = _help_text(app)
    assert "Nil bids are not allowed" in text and "Blind 13 scores 350" in text
    assert "reach 350 points" in text and "Jokers 350" in text
    press(app, pygame.K_END)
    assert app.scene.view.scroll == app.scene.view.max_scroll() > 0
    click_widget(app, "section:Nil")
    assert app.scene.current_section().title == "Nil"


def test_stats_show_and_reset_with_confirm(app: App) -> None:
    stats_mod.Stats(games_played=4, games_won=3).save()
    click_widget(app, "Statistics")
    assert isinstance(app.scene, StatsScene)
    assert app.scene.stats.games_played == 4
    click(app, app.scene.reset_button.rect.center)
    press(app, pygame.K_ESCAPE)
    assert stats_mod.load()[0].games_played == 4
    click(app, app.scene.reset_button.rect.center)
    click(app, app.scene.dialog.buttons[1].rect.center)
    assert stats_mod.load()[0].games_played == 0 and app.scene.stats.games_played == 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, Menu)


def test_big_window_layout(app: App) -> None:
    step(app, pygame.event.Event(pygame.VIDEORESIZE, w=3840, h=2160, size=(3840, 2160)))
    assert app.scene.s == 3.0
    click_widget(app, "Settings")
    click_widget(app, "tab:scoring")
    click_widget(app, "bags_display")
    assert "bag limit" in app.scene.message.text or app.services["settings"].rules()


def _texts_drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the current scene draws in one frame."""
    from spades_gui.ui import widgets_basic

    seen: list[str] = []
    real = widgets_basic.render_text

    def record(text: str, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(widgets_basic, "render_text", record)
    app.scene.draw(app.screen)
    monkeypatch.setattr(widgets_basic, "render_text", real)
    return seen


def test_the_rules_have_one_name_everywhere(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11 (9): menu, settings, How to play and the table name the rules alike."""
    from spades_gui.controller import Controller
    from spades_gui.ui.table import TableScene

    settings = app.services["settings"]
    settings.set_option("target", 300)
    settings.set_option("nil_bonus", 60)
    name = "Classic with 2 changes"
    assert settings.rules_name() == name
    app.switch(first_scene(app))
    assert any(f"Rules: {name}" in t for t in _texts_drawn(app, monkeypatch))
    click_widget(app, "Settings")
    assert f"Rules: {name}" in _texts_drawn(app, monkeypatch)
    press(app, pygame.K_ESCAPE)
    click_widget(app, "How to play")
    texts = _texts_drawn(app, monkeypatch)
    assert f"Rules: {name}" in texts and f"The rules you play: {name}" in _help_text(app)
    ctl = Controller.new_game(settings.rules(), ("random",) * 3, seed=1, executor="inline")
    table = TableScene(app, ctl, {"animation": "off"})
    app.switch(table)
    assert name in _texts_drawn(app, monkeypatch)
    ctl.close(save=False)


def test_presets_are_named_for_players_not_by_document(
    app: App, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 (17): no "document 001" in the player's text."""
    from spades_gui.app import main

    click_widget(app, "Settings")
    texts = _texts_drawn(app, monkeypatch)
    assert not [t for t in texts if "document" in t]
    assert "the common house game" in texts
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "document" not in out and "Classic \u2014 the common house game" in out


def test_a_name_field_selects_all_and_says_when_a_name_is_too_long(
    app: App, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11 (10): Ctrl+A selects the name; typing past 16 characters says so."""
    click_widget(app, "Settings")
    click_widget(app, "tab:players")
    field = click_widget(app, "name:1")
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="Bob"))
    assert app.services["settings"].names[1] == "WestBob"
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="Al"))
    assert app.services["settings"].names[1] == "Al"
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    press(app, pygame.K_BACKSPACE)
    assert app.services["settings"].names[1] == ""
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="Bartholomew-Jones the Third"))
    assert app.services["settings"].names[1] == "Bartholomew-Jone"
    assert field.cut and "16 characters at most" in _texts_drawn(app, monkeypatch)
    press(app, pygame.K_RETURN)
    assert not field.editing and settings_mod.load()[0].names[1] == "Bartholomew-Jone"


def test_choosing_a_preset_over_changes_asks_first(app: App, home: Path) -> None:
    """Issue 11 (3): a preset does not drop the player's changes without asking."""
    s = app.services["settings"]
    click_widget(app, "Settings")
    click_widget(app, "tab:game end")
    target = widget(app, "target")
    box = target._box()
    click(app, (box.right - 8, box.centery))
    s.set_option("bag_limit", 5)
    s.save()
    assert s.preset == "classic" and s.overrides == {"target": 300, "bag_limit": 5}
    changed = s.rules()
    click_widget(app, "tab:preset")
    click_widget(app, "preset:tournament")
    dialog = app.scene.dialog
    assert dialog is not None and dialog.title == "Switch to Tournament?"
    assert dialog.text == "Your 2 changes to Classic will be lost."
    assert [b.text for b in dialog.buttons] == ["Keep my rules", "Switch"]
    assert s.preset == "classic" and s.rules() == changed  # nothing changed while asking
    click(app, dialog.buttons[0].rect.center)  # Keep my rules
    assert app.scene.dialog is None
    assert s.preset == "classic" and s.rules() == changed
    assert saved_settings(home)["overrides"] == {"target": 300, "bag_limit": 5}
    click_widget(app, "preset:tournament")
    press(app, pygame.K_ESCAPE)  # Escape keeps them too
    assert app.scene.dialog is None and s.rules() == changed
    click_widget(app, "preset:tournament")
    click(app, app.scene.dialog.buttons[1].rect.center)  # Switch
    assert app.scene.dialog is None
    assert s.preset == "tournament" and s.overrides == {}
    assert saved_settings(home)["preset"] == "tournament"
    assert settings_mod.load()[0].rules() == PRESETS["tournament"].rules
    click_widget(app, "preset:classic")  # no changes now: no question
    assert app.scene.dialog is None and s.preset == "classic"
