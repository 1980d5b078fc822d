"""Settings: rules as a preset plus changes, checked; seats, names, table; settings.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades_gui import settings, storage
from spades_gui.engine.presets import PRESETS, preset_rules
from spades_gui.engine.rules import RulesError
from spades_gui.settings import Settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder through SPADES_HOME."""
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    return tmp_path


def test_defaults() -> None:
    s = Settings()
    assert s.rules() == PRESETS[settings.DEFAULT_PRESET].rules
    assert s.seat_levels() == {1: "medium", 2: "medium", 3: "medium"}
    assert s.computer_levels() == ("medium", "medium", "medium")
    assert s.seat_names() == ["You", "West", "Partner", "East"]
    assert s.animation == "normal" and s.sound and not s.four_color and not s.practice
    assert s.card_back_rgb() == settings.CARD_BACKS["blue"][1]


def test_option_change_is_an_override_and_back_again() -> None:
    s = Settings()
    s.set_option("target", 400)
    assert s.overrides == {"target": 400}
    assert s.rules().target == 400
    assert s.rules_name() == "Classic with 1 change"
    s.set_option("target", preset_rules("classic").target)
    assert s.overrides == {}
    assert s.rules_name() == "Classic"


def test_multi_and_floor_overrides() -> None:
    s = Settings()
    s.set_option("misdeal", ["no_spades", "no_face_cards"])
    s.set_option("losing_floor", -300)
    assert s.rules().misdeal == ("no_face_cards", "no_spades")
    assert s.overrides == {"misdeal": ["no_face_cards", "no_spades"], "losing_floor": -300}
    s.set_option("losing_floor", None)
    assert "losing_floor" not in s.overrides


def test_impossible_change_refused_and_nothing_changes() -> None:
    s = Settings()
    s.set_option("target", 300)
    s.set_option("high_twos", "HS")
    with pytest.raises(RulesError, match="2♥ cannot be raised"):
        s.set_option("jokers", True)  # 2♥ and 2♦ would leave for the jokers
    assert s.overrides == {"target": 300, "high_twos": "HS"}
    s.reset_option("high_twos")
    with pytest.raises(RulesError):
        s.set_option("target", 3)
    with pytest.raises(RulesError):
        s.set_option("no_such_option", 1)
    assert s.overrides == {"target": 300}


def test_preset_change_drops_overrides_and_reset() -> None:
    s = Settings()
    s.set_option("target", 300)
    s.set_preset("jokers350")
    assert s.overrides == {} and s.rules() == PRESETS["jokers350"].rules
    with pytest.raises(RulesError):
        s.set_preset("nope")
    assert s.preset == "jokers350"
    s.set_option("target", 500)
    s.reset_option("target")
    assert s.overrides == {}
    s.set_option("target", 500)
    s.reset_rules()
    assert s.rules() == PRESETS["jokers350"].rules


def test_prefs_for_the_table() -> None:
    s = Settings(animation="off", four_color=True, card_back="red", volume=0)
    p = s.prefs()
    assert p["animation"] == "off" and p["animation_scale"] == 0.0
    assert p["four_color"] and not p["sound"] and p["card_back_rgb"] == (168, 32, 44)
    assert p["practice"] is False


def test_save_load_round_trip(home: Path) -> None:
    s = Settings()
    s.set_preset("tournament")
    s.set_option("target", 250)
    s.levels["north"] = "hard"
    s.names = ["Ann", "", "Bo", "Cy"]
    s.animation = "fast"
    s.four_color = True
    assert s.save() is None
    loaded, msg = settings.load()
    assert msg is None
    assert loaded == s
    assert loaded.rules().target == 250
    assert loaded.seat_levels()[2] == "hard"
    assert loaded.computer_levels() == ("medium", "hard", "medium")
    assert loaded.seat_names() == ["Ann", "West", "Bo", "Cy"]
    assert json.loads((home / "settings.json").read_text())["preset"] == "tournament"


def test_old_raised_two_options_still_load(home: Path) -> None:
    """Settings saved before `high_twos` wrote 2♠ (and 2♦) above A♠ as two yes/no options."""
    (home / "settings.json").write_text(
        '{"preset": "classic", "overrides": {"jokers": true, "jokers_replace": "2C2H", '
        '"deuce_spades_high": true, "deuce_diamonds_high": true}}'
    )
    loaded, msg = settings.load()
    assert msg is None and loaded.rules().high_twos == "DS"
    assert "deuce_spades_high" not in loaded.overrides


def test_reading_settings_are_kept_and_older_files_load_without_them(home: Path) -> None:
    """Issue 70: text size, large cards, high contrast and suit letters; a file written
    before them loads with each at its default."""
    (home / "settings.json").write_text('{"version": 1, "preset": "classic", "four_color": true}')
    loaded, msg = settings.load()
    assert msg is None and loaded.four_color
    assert (loaded.text_size, loaded.large_cards, loaded.high_contrast, loaded.suit_letters) == (
        100,
        False,
        False,
        False,
    )
    loaded.text_size, loaded.large_cards, loaded.suit_letters = 150, True, True
    loaded.high_contrast = True
    assert loaded.save() is None
    again, msg = settings.load()
    assert msg is None and again == loaded
    p = again.prefs()
    assert (p["text_size"], p["large_cards"], p["high_contrast"], p["suit_letters"]) == (
        150,
        True,
        True,
        True,
    )


@pytest.mark.parametrize("bad", ['"150"', "90", "true", "null"])
def test_a_text_size_off_the_list_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="text_size"):
        Settings.from_dict(json.loads(f'{{"text_size": {bad}}}'))


def test_missing_file_gives_defaults() -> None:
    assert settings.load() == (Settings(), None)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", "not JSON"),
        ("[]", "expected a JSON object"),
        ('{"preset": "bridge"}', "unknown preset"),
        ('{"overrides": {"target": 1}}', "target"),
        ('{"overrides": {"deuce_diamonds_high": true}}', "goes with an elevated 2♠"),
        ('{"levels": {"north": "genius"}}', "AI level"),
        ('{"names": ["a"]}', "names"),
        ('{"animation": "warp"}', "animation"),
        ('{"sound": "loud"}', "sound"),
    ],
)
def test_damaged_file_aside_defaults_and_message(
    home: Path, text: str, reason: str, caplog: pytest.LogCaptureFixture
) -> None:
    (home / "settings.json").write_text(text)
    s, msg = settings.load()
    assert s == Settings()
    assert msg == "Your settings file was damaged, so the default settings are in use."
    assert reason in caplog.text and "settings.json.bad" in caplog.text  # the log has details
    assert (home / "settings.json.bad").read_text() == text
    assert not (home / "settings.json").exists()


def _saved_twice(home: Path) -> Settings:
    """Settings saved, then changed and saved again: settings.prev.json holds the second."""
    first = Settings()
    first.set_preset("tournament")
    first.names = ["Ann", "", "Bo", "Cy"]
    assert first.save() is None
    second = Settings(**{**first.__dict__, "overrides": {}, "names": list(first.names)})
    second.set_option("target", 400)
    assert second.save() is None
    assert json.loads((home / "settings.prev.json").read_text()) == second.to_dict()
    return second


@pytest.mark.parametrize("damage", ["", '{"version": 1, "preset": "tourn', "[]"])
def test_damaged_file_falls_back_to_the_last_saved_settings(home: Path, damage: str) -> None:
    last = _saved_twice(home)
    (home / "settings.json").write_text(damage)
    s, msg = settings.load()
    assert s == last and s.overrides == {"target": 400}  # the last change is not lost
    assert msg == "Your settings file was damaged; your last saved settings were restored."
    assert (home / "settings.json.bad").read_text() == damage
    s.animation = "fast"
    assert s.save() is None
    (home / "settings.json").write_text("{")
    again, _ = settings.load()
    assert again.animation == "fast" and again.overrides == {"target": 400}
    assert again.preset == "tournament" and again.seat_names()[0] == "Ann"
    assert settings.load() == (s, None)


def test_damaged_file_and_damaged_copy_give_defaults_both_kept(home: Path) -> None:
    _saved_twice(home)
    (home / "settings.json").write_text("{")
    (home / "settings.prev.json").write_text('{"preset": "bridge"}')
    s, msg = settings.load()
    assert s == Settings()
    assert msg == "Your settings file was damaged, so the default settings are in use."
    assert (home / "settings.json.bad").read_text() == "{"
    assert (home / "settings.prev.json.bad").read_text() == '{"preset": "bridge"}'


def test_missing_file_comes_back_from_the_previous_copy(home: Path) -> None:
    last = _saved_twice(home)
    (home / "settings.json").unlink()
    s, msg = settings.load()
    assert s == last
    assert msg == "Your settings file was missing; your last saved settings were restored."
    assert settings.load() == (last, None)


def test_settings_messages_are_one_plain_sentence() -> None:
    for words in settings.LOAD_WORDS.values():
        assert words.count(".") == 1 and words.endswith(".") and "json" not in words.lower()


def test_unknown_keys_are_ignored(home: Path) -> None:
    (home / "settings.json").write_text('{"preset": "pagat", "future_thing": 3}')
    s, msg = settings.load()
    assert msg is None and s.preset == "pagat"


def test_settings_import_nothing_above_them() -> None:
    """settings.py sits beside the UI, over the engine and storage only: the seats' default
    names come from the engine, not the controller."""
    import ast

    tree = ast.parse(Path(settings.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 1
    }
    assert imported <= {"", "engine", "storage"}, imported
