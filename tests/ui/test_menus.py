"""The menu screens driven like a player: menu, settings, how to play and statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui import settings as settings_mod
from spades_gui import stats as stats_mod
from spades_gui import storage
from spades_gui.engine.presets import PRESETS
from spades_gui.ui import menu as menu_mod
from spades_gui.ui.help_scene import HelpScene
from spades_gui.ui.launch import first_scene
from spades_gui.ui.menu import Menu
from spades_gui.ui.settings_scene import SettingsScene
from spades_gui.ui.stats_scene import StatsScene
from spades_gui.ui.window import App, Scene

if TYPE_CHECKING:
    from tests.conftest import Pilot


@pytest.fixture
def app(pilot: Pilot) -> App:
    """The pilot's window at the main menu."""
    pilot.menu()
    assert pilot.app is not None
    return pilot.app


def saved_settings(home: Path) -> dict:
    """settings.json as written."""
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- menu


def test_menu_buttons_and_no_continue_without_save(pilot: Pilot, app: App) -> None:
    assert isinstance(app.scene, Menu)
    names = [b.name for b in app.scene.buttons]
    assert names == [
        "New game",
        "Settings",
        "How to play",
        "Statistics",
        "Progress",
        "Drills",
        "Quit",
    ]
    assert app.services.to_menu and app.services.storage is storage
    assert app.services.settings == settings_mod.Settings()


def test_quit_button_quits(pilot: Pilot, app: App) -> None:
    pilot.click_widget("Quit")
    assert not app.running


def test_a_quick_tap_on_a_menu_button_counts(pilot: Pilot, app: App) -> None:
    """Press and release in one frame, while the loop idles (a touchpad tap), still clicks."""
    target = app.scene.find("Settings").rect.center
    assert pilot.tap(target, lambda: isinstance(app.scene, SettingsScene))


def test_keyboard_in_menu(pilot: Pilot, app: App) -> None:
    pilot.key(pygame.K_DOWN)
    assert app.scene.focus.name == "Settings"
    pilot.key(pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, Menu)
    pilot.key(pygame.K_UP)
    assert app.scene.focus.name == "rules"  # the rules line above New game
    pilot.key(pygame.K_UP)
    assert app.scene.focus.name == "Quit"


def _fake_table(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Stand-ins for the table's entry points that record how the menu called them."""
    calls: dict[str, Any] = {}

    def new_game_scene(
        app: App, rules: Any, levels: Any, names: Any, seed: Any, prefs: Any
    ) -> Scene:
        calls["new"] = (rules, levels, names, seed, prefs)
        return Scene(app)

    def resume_scene(app: App, record: Any, levels: Any, names: Any, prefs: Any) -> Scene:
        calls["resume"] = (record, levels, names, prefs)
        return Scene(app)

    monkeypatch.setattr(menu_mod, "new_game_scene", new_game_scene)
    monkeypatch.setattr(menu_mod, "resume_scene", resume_scene)
    return calls


def test_a_table_that_cannot_start_says_why(
    pilot: Pilot, app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> Scene:
        raise RuntimeError("no table today")

    monkeypatch.setattr(menu_mod, "new_game_scene", broken)
    pilot.click_widget("New game")
    assert isinstance(app.scene, Menu)
    assert app.scene.message.text == "The game could not start: no table today"


def test_new_game_passes_settings_to_table(
    pilot: Pilot, app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _fake_table(monkeypatch)
    s = app.services.settings
    s.set_preset("pagat")
    s.levels["north"] = "hard"
    pilot.click_widget("New game")
    rules, levels, names, seed, prefs = calls["new"]
    assert rules == PRESETS["pagat"].rules
    assert levels == ("medium", "hard", "medium")
    assert names == ["You", "West", "Partner", "East"]
    assert isinstance(seed, int)
    assert prefs["animation"] == "slow" and "card_back_rgb" in prefs
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


def test_continue_shown_and_resumes(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _save_a_game()
    calls = _fake_table(monkeypatch)
    pilot.menu()
    a = pilot.app
    assert a.scene.buttons[0].name == "Continue"
    # stopped in its first hand: "hand 1", not "0 hands played"
    assert a.scene.saved_text == "Saved game · Classic · us 0, them 0 · hand 1"
    pilot.key(pygame.K_RETURN)
    assert calls["resume"][0] == record


def test_new_game_over_a_save_asks_first(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _save_a_game()
    calls = _fake_table(monkeypatch)
    pilot.menu()
    a = pilot.app
    pilot.click_widget("New game")
    assert a.scene.dialog is not None and "new" not in calls
    pilot.key(pygame.K_ESCAPE)
    assert a.scene.dialog is None and "new" not in calls
    pilot.click_widget("New game")
    pilot.click(a.scene.dialog.buttons[1].rect.center)
    assert "new" in calls


def test_corrupt_settings_message_and_bad_file(pilot: Pilot, home: Path) -> None:
    (home / "settings.json").write_text('{"preset": "classic", oops', encoding="utf-8")
    pilot.menu()
    a = pilot.app
    text = a.scene.message.text
    assert text == "Your settings file was damaged, so the default settings are in use."
    assert (home / "settings.json.bad").read_text() == '{"preset": "classic", oops'
    assert a.services.settings == settings_mod.Settings()


def test_corrupt_save_message_and_no_continue(pilot: Pilot, home: Path) -> None:
    (home / "saved_game.json").write_text('{"rules": "classic", "hands": [{"dealer": 9}]}')
    pilot.menu()
    a = pilot.app
    assert a.scene.message.text == (
        "Your saved game was damaged and could not be recovered, so it cannot be continued."
    )
    assert a.scene.buttons[0].name == "New game"
    assert (home / "saved_game.json.bad").exists()


def _damaged_with_good_copies(home: Path) -> tuple[dict, settings_mod.Settings]:
    """The issue's start: two saves and two settings changes, then saved_game.json cut short
    and settings.json damaged; the .prev copies (the last save, the last change) are intact."""
    older = _save_a_game()
    newer = dict(older, scores=[10, 0])
    storage.save_game(newer)
    first = settings_mod.Settings()
    first.set_preset("pagat")
    first.save()
    changed = settings_mod.Settings(preset="pagat", animation="fast")
    changed.save()
    text = (home / "saved_game.json").read_text()
    (home / "saved_game.json").write_text(text[: len(text) // 2])
    (home / "settings.json").write_text("")
    return newer, changed


def test_damaged_files_fall_back_to_their_copies_in_the_players_words(
    pilot: Pilot, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    newer, changed = _damaged_with_good_copies(home)
    calls = _fake_table(monkeypatch)
    pilot.menu()
    a = pilot.app
    assert a.scene.message.text == (
        "Your settings file was damaged; your last saved settings were restored.  "
        "Your saved game was damaged; continuing from its backup copy."
    )
    assert "json" not in a.scene.message.text and "line" not in a.scene.message.text
    assert a.services.settings == changed  # the last change too, not the one before
    assert a.scene.buttons[0].name == "Continue"
    # New game over the restored save asks first, and Cancel keeps the copy
    pilot.click_widget("New game")
    assert a.scene.dialog is not None and "new" not in calls
    pilot.key(pygame.K_ESCAPE)
    assert json.loads((home / "saved_game.prev.json").read_text()) == newer
    pilot.click_widget("Continue")
    assert calls["resume"][0] == newer


def test_settings_changes_after_a_restore_keep_the_good_copy(pilot: Pilot, home: Path) -> None:
    _damaged_with_good_copies(home)
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    pilot.click_widget("four_color")
    pilot.click_widget("animation")
    prev = settings_mod.Settings.from_dict(json.loads((home / "settings.prev.json").read_text()))
    assert prev.preset == "pagat" and prev.four_color and prev == settings_mod.load()[0]


def test_a_setting_just_changed_survives_a_damaged_settings_file(pilot: Pilot, home: Path) -> None:
    """The issue's report: the animation speed just set came back as it was before."""
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    before = pilot.app.services.settings.animation
    pilot.click_widget("animation")
    chosen = pilot.app.services.settings.animation
    assert chosen != before and saved_settings(home)["animation"] == chosen
    (home / "settings.json").write_text('{"version": 1, "anim')
    pilot.menu()
    assert pilot.app.services.settings.animation == chosen
    assert pilot.scene.message.text == (
        "Your settings file was damaged; your last saved settings were restored."
    )
    assert (home / "settings.json.bad").read_text() == '{"version": 1, "anim'


# ----------------------------------------------------------------------------- settings


def test_settings_preset_click_persists(pilot: Pilot, app: App, home: Path) -> None:
    pilot.click_widget("Settings")
    assert isinstance(app.scene, SettingsScene)
    pilot.click_widget("preset:tournament")
    assert saved_settings(home)["preset"] == "tournament"
    loaded, _ = settings_mod.load()
    assert loaded.rules() == PRESETS["tournament"].rules
    assert app.services.settings.rules() == PRESETS["tournament"].rules


def test_settings_target_stepper_click_persists(pilot: Pilot, app: App, home: Path) -> None:
    pilot.click_widget("Settings")
    pilot.click_widget("tab:game end")
    target = pilot.widget("target")
    box = target._box()
    pilot.click((box.right - 8, box.centery))
    assert saved_settings(home)["overrides"] == {"target": 300}
    assert settings_mod.load()[0].rules().target == 300
    pilot.click((box.left + 8, box.centery))
    pilot.click((box.left + 8, box.centery))
    assert settings_mod.load()[0].rules().target == 200
    assert target.modified()


def test_settings_selector_toggle_checkbox_by_click(pilot: Pilot, app: App, home: Path) -> None:
    pilot.click_widget("Settings")
    pilot.click_widget("tab:deal")
    pilot.click_widget("first_dealer")
    pilot.click_widget("misdeal:no_spades")
    rules = settings_mod.load()[0].rules()
    assert rules.first_dealer == "high_card" and rules.misdeal == ("no_spades",)
    sel = pilot.widget("first_dealer")
    pilot.click((sel.control_rect().left + 5, sel.rect.centery))
    assert settings_mod.load()[0].rules().first_dealer == "random"
    pilot.click_widget("tab:play")
    pilot.click_widget("spades_first_trick")
    assert settings_mod.load()[0].rules().spades_first_trick is True


def test_impossible_combination_refused_with_reason(pilot: Pilot, app: App, home: Path) -> None:
    pilot.click_widget("Settings")
    pilot.click_widget("tab:deck")
    pilot.click_widget("high_twos")
    pilot.click_widget("high_twos")  # 2♦ > 2♠ > A♠
    assert app.services.settings.rules().high_twos == "DS"
    before = app.services.settings.to_dict()
    saved = (home / "settings.json").read_text()
    pilot.click_widget("jokers")  # the jokers would take the 2♦ out
    assert "2♦ cannot be raised" in app.scene.message.text
    assert app.scene.message.kind == "error"
    assert app.services.settings.to_dict() == before
    assert app.services.settings.rules().jokers is False
    assert (home / "settings.json").read_text() == saved


def test_raised_twos_selector_steps_over_twos_out_of_the_deck(pilot: Pilot, app: App) -> None:
    pilot.click_widget("Settings")
    pilot.click_widget("tab:deck")
    pilot.click_widget("jokers")  # 2♥ and 2♦ leave for the jokers
    pilot.click_widget("high_twos")
    assert app.services.settings.rules().high_twos == "S"
    pilot.click_widget("high_twos")  # past every choice with a 2♦ or a 2♥
    assert app.services.settings.rules().high_twos == "C"
    assert app.scene.message.kind != "error"


def test_losing_floor_never_and_keyboard_steps(pilot: Pilot, app: App) -> None:
    pilot.click_widget("Settings")
    pilot.click_widget("tab:game end")
    floor = pilot.click_widget("losing_floor")
    assert floor.text() == "never"
    app.scene.keyboard = True
    app.scene.set_focus(floor)
    pilot.key(pygame.K_LEFT)
    assert app.services.settings.rules().losing_floor == -50
    pilot.key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert app.services.settings.rules().losing_floor == -550
    pilot.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert app.services.settings.rules().losing_floor == -50
    pilot.key(pygame.K_RIGHT)
    assert app.services.settings.rules().losing_floor is None
    assert "losing_floor" not in app.services.settings.overrides


def test_reset_to_preset_asks_then_resets(pilot: Pilot, app: App) -> None:
    s = app.services.settings
    pilot.click_widget("Settings")
    s.set_option("target", 400)
    pilot.click(app.scene.reset_button.rect.center)
    assert app.scene.dialog is not None
    pilot.click(app.scene.dialog.buttons[1].rect.center)
    assert s.overrides == {} and app.scene.dialog is None
    assert settings_mod.load()[0].overrides == {}


def test_players_and_table_settings(pilot: Pilot, app: App, home: Path) -> None:
    pilot.click_widget("Settings")
    pilot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    pilot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.scene.tab == "players"
    pilot.click_widget("level:north")
    field = pilot.click_widget("name:0")
    for _ in range(3):
        pilot.key(pygame.K_BACKSPACE)
    pilot.send(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    pilot.key(pygame.K_RETURN)
    assert not field.editing
    s = settings_mod.load()[0]
    assert s.levels["north"] == "hard" and s.seat_names()[0] == "Ann"
    pilot.click_widget("tab:table")
    pilot.click_widget("four_color")
    pilot.click_widget("card_back")
    pilot.click_widget("animation")
    s = settings_mod.load()[0]
    assert s.four_color and s.card_back == "red" and s.animation == "normal"
    # issue 69: forced cards played and a long pause after each trick for a new player
    assert s.auto_play and s.collect == "long"
    pilot.click_widget("auto_play")
    pilot.click_widget("collect")
    s = settings_mod.load()[0]
    assert not s.auto_play and s.collect == "click"
    assert not s.prefs()["auto_play"] and s.prefs()["collect"] == "click"


def test_wheel_scrolls_long_page(pilot: Pilot, app: App) -> None:
    pilot.click_widget("Settings")
    pilot.click_widget("tab:nil")
    view = app.scene.view
    assert view.max_scroll() > 0
    pilot.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert view.scroll > 0


# ----------------------------------------------------------------------------- help, stats


def _help_text(app: App) -> str:
    return "\n".join(getattr(r, "text", "") for r in app.scene.view.rows)


def test_help_reflects_preset(pilot: Pilot, app: App) -> None:
    pilot.click_widget("How to play")
    assert isinstance(app.scene, HelpScene)
    text = _help_text(app)
    assert "Nil made scores 50, failed loses 50." in text and "reach 250 points" in text
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("Settings")
    pilot.click_widget("preset:jokers350")
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("How to play")
    text = _help_text(app)
    assert "Nil bids are not allowed" in text and "Blind 13 scores 350" in text
    assert "reach 350 points" in text and "Jokers 350" in text
    pilot.key(pygame.K_END)
    assert app.scene.view.scroll == app.scene.view.max_scroll() > 0
    pilot.click_widget("section:Nil")
    assert app.scene.current_section().text == "Nil"


def test_help_at_its_end_marks_the_last_section(pilot: Pilot, app: App) -> None:
    """Scrolled to the end, the last sections cannot reach the top: the contents column
    marks the last one on screen, not the one whose tail shows at the top."""
    pilot.click_widget("How to play")
    scene = app.scene
    pilot.key(pygame.K_END)
    assert scene.view.scroll == scene.view.max_scroll() > 0
    assert scene.current_section() is scene.links[-1]
    pilot.key(pygame.K_UP)
    pilot.key(pygame.K_HOME)
    assert scene.current_section() is scene.links[0]


def test_stats_show_and_reset_with_confirm(pilot: Pilot, app: App) -> None:
    stats_mod.Stats(games_played=4, games_won=3).save()
    pilot.click_widget("Statistics")
    assert isinstance(app.scene, StatsScene)
    assert app.scene.stats.games_played == 4
    pilot.click(app.scene.reset_button.rect.center)
    pilot.key(pygame.K_ESCAPE)
    assert stats_mod.load()[0].games_played == 4
    pilot.click(app.scene.reset_button.rect.center)
    pilot.click(app.scene.dialog.buttons[1].rect.center)
    assert stats_mod.load()[0].games_played == 0 and app.scene.stats.games_played == 0
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, Menu)


def test_big_window_layout(pilot: Pilot, app: App) -> None:
    pilot.send(pygame.event.Event(pygame.VIDEORESIZE, w=3840, h=2160, size=(3840, 2160)))
    assert app.scene.s == 3.0
    pilot.click_widget("Settings")
    pilot.click_widget("tab:scoring")
    pilot.click_widget("bags_display")
    assert "bag limit" in app.scene.message.text or app.services.settings.rules()


def test_the_rules_have_one_name_everywhere(pilot: Pilot, app: App) -> None:
    """Issue 11 (9): menu, settings, How to play and the table name the rules alike."""
    from spades_gui.controller import Controller
    from spades_gui.ui.table import TableScene

    settings = app.services.settings
    settings.set_option("target", 300)
    settings.set_option("nil_bonus", 60)
    name = "Classic with 2 changes"
    assert settings.rules_name() == name
    pilot.show(first_scene(app))
    assert any(f"Rules: {name}" in t for t in pilot.texts_drawn())
    pilot.click_widget("Settings")
    assert f"Rules: {name}" in pilot.texts_drawn()
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("How to play")
    texts = pilot.texts_drawn()
    assert f"Rules: {name}" in texts and f"The rules you play: {name}" in _help_text(app)
    ctl = Controller.new_game(settings.rules(), ("random",) * 3, seed=1, executor="inline")
    pilot.show(TableScene(app, ctl, {"animation": "off"}))
    assert name in pilot.texts_drawn()


def test_presets_are_named_for_players_not_by_document(
    pilot: Pilot, app: App, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 (17): no "document 001" in the player's text."""
    from spades_gui.app import main

    pilot.click_widget("Settings")
    texts = pilot.texts_drawn()
    assert not [t for t in texts if "document" in t]
    assert "the common house game" in texts
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "document" not in out and "Classic \u2014 the common house game" in out


def test_a_name_field_selects_all_and_says_when_a_name_is_too_long(
    pilot: Pilot, app: App, home: Path
) -> None:
    """Issue 11 (10): Ctrl+A selects the name; typing past 16 characters says so."""
    pilot.click_widget("Settings")
    pilot.click_widget("tab:players")
    field = pilot.click_widget("name:1")
    pilot.send(pygame.event.Event(pygame.TEXTINPUT, text="Bob"))
    assert app.services.settings.names[1] == "WestBob"
    pilot.key(pygame.K_a, pygame.KMOD_CTRL)
    pilot.send(pygame.event.Event(pygame.TEXTINPUT, text="Al"))
    assert app.services.settings.names[1] == "Al"
    pilot.key(pygame.K_a, pygame.KMOD_CTRL)
    pilot.key(pygame.K_BACKSPACE)
    assert app.services.settings.names[1] == ""
    pilot.send(pygame.event.Event(pygame.TEXTINPUT, text="Bartholomew-Jones the Third"))
    assert app.services.settings.names[1] == "Bartholomew-Jone"
    assert field.cut and "16 characters at most" in pilot.texts_drawn()
    pilot.key(pygame.K_RETURN)
    assert not field.editing and settings_mod.load()[0].names[1] == "Bartholomew-Jone"


def test_choosing_a_preset_over_changes_asks_first(pilot: Pilot, app: App, home: Path) -> None:
    """Issue 11 (3): a preset does not drop the player's changes without asking."""
    s = app.services.settings
    pilot.click_widget("Settings")
    pilot.click_widget("tab:game end")
    target = pilot.widget("target")
    box = target._box()
    pilot.click((box.right - 8, box.centery))
    s.set_option("bag_limit", 5)
    s.save()
    assert s.preset == "classic" and s.overrides == {"target": 300, "bag_limit": 5}
    changed = s.rules()
    pilot.click_widget("tab:preset")
    pilot.click_widget("preset:tournament")
    dialog = app.scene.dialog
    assert dialog is not None and dialog.title == "Switch to Tournament?"
    assert dialog.text == "Your 2 changes to Classic will be lost."
    assert [b.text for b in dialog.buttons] == ["Keep my rules", "Switch"]
    assert s.preset == "classic" and s.rules() == changed  # nothing changed while asking
    pilot.click(dialog.buttons[0].rect.center)  # Keep my rules
    assert app.scene.dialog is None
    assert s.preset == "classic" and s.rules() == changed
    assert saved_settings(home)["overrides"] == {"target": 300, "bag_limit": 5}
    pilot.click_widget("preset:tournament")
    pilot.key(pygame.K_ESCAPE)  # Escape keeps them too
    assert app.scene.dialog is None and s.rules() == changed
    pilot.click_widget("preset:tournament")
    pilot.click(app.scene.dialog.buttons[1].rect.center)  # Switch
    assert app.scene.dialog is None
    assert s.preset == "tournament" and s.overrides == {}
    assert saved_settings(home)["preset"] == "tournament"
    assert settings_mod.load()[0].rules() == PRESETS["tournament"].rules
    pilot.click_widget("preset:classic")  # no changes now: no question
    assert app.scene.dialog is None and s.preset == "classic"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_menu_keeps_its_buttons_in_place_when_its_notice_goes(
    pilot: Pilot, home: Path, size: tuple[int, int]
) -> None:
    """Issue 59 (5): with a notice shown, then gone (back from Settings), every button is
    where it was, so a click aimed at the old place still lands on the same button."""
    (home / "settings.json").write_text('{"preset": "classic", oops', encoding="utf-8")
    pilot.menu(size)
    a = pilot.app
    assert a.scene.message.text
    before = {b.name: b.rect.copy() for b in a.scene.buttons}
    message_top = size[1] - a.scene.message.height(a.scene.msg_w, a.scene.s)
    assert all(r.bottom < message_top for r in before.values())
    pilot.click(before["Settings"].center)
    assert isinstance(a.scene, SettingsScene)
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(a.scene, Menu) and not a.scene.message.text
    assert {b.name: b.rect for b in a.scene.buttons} == before
    pilot.click(before["Statistics"].center)
    assert isinstance(a.scene, StatsScene)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_all_eight_buttons_fit_above_the_notice_kept_room_for(
    pilot: Pilot, home: Path, size: tuple[int, int]
) -> None:
    """Issue 59's room for a notice and issue 62's Progress and Drills together: with a saved
    game (Continue) and a notice, every button stands whole above the notice, none on another,
    its words at the table's least size or more."""
    _save_a_game()
    (home / "settings.json").write_text('{"preset": "classic", oops', encoding="utf-8")
    menu = pilot.menu(size)
    assert menu.message.text
    names = [b.name for b in menu.buttons]
    assert names == [
        "Continue", "New game", "Settings", "How to play", "Statistics", "Progress", "Drills",
        "Quit",
    ]  # fmt: skip
    message_top = size[1] - menu.message.height(menu.msg_w, menu.s)
    rects = [b.rect for b in menu.buttons]
    assert all(r.bottom < message_top for r in rects)
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:]))
    assert all(round(b.size * menu.s) >= 16 for b in menu.buttons)


def test_asking_before_a_bid_is_a_table_setting_and_the_keys_are_in_how_to_play(
    pilot: Pilot, app: App, home: Path
) -> None:
    """Issue 59 (3): "Ask before sending a bid", off by default, saved and handed to the
    table; How to play names the bid keys."""
    assert not settings_mod.load()[0].confirm_bid
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    row = pilot.click_widget("confirm_bid")
    assert row.label == "Ask before sending a bid"
    s = settings_mod.load()[0]
    assert s.confirm_bid and s.prefs()["confirm_bid"] and saved_settings(home)["confirm_bid"]
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("How to play")
    text = _help_text(app)
    assert "type the number (1 then 2 for 12)" in text and "then press Enter" in text


def test_what_each_side_needs_is_a_table_setting_on_by_default(
    pilot: Pilot, app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 59 (14): "Show what each side needs" is on until turned off, and a new game
    takes the choice to the table."""
    calls = _fake_table(monkeypatch)
    assert settings_mod.load()[0].show_needs
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    row = pilot.click_widget("show_needs")
    assert row.label == "Show what each side needs"
    assert not settings_mod.load()[0].show_needs
    pilot.key(pygame.K_ESCAPE)
    pilot.click_widget("New game")
    assert calls["new"][4]["show_needs"] is False
