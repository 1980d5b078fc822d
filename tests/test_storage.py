"""Where files live and how they are written and read: atomic, kept, never lost."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from spades_gui import storage
from spades_gui.engine.game import Game
from spades_gui.engine.presets import preset_rules
from spades_gui.engine.record import game_to_record


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder through SPADES_HOME."""
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    return tmp_path


def test_data_dir_follows_env(home: Path) -> None:
    assert storage.data_dir() == home
    assert storage.path_for("x.json") == home / "x.json"


def test_data_dir_default_is_platform_user_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_data_dir

    monkeypatch.delenv(storage.ENV_HOME)
    assert storage.data_dir() == Path(user_data_dir("spades", appauthor=False))


def test_write_then_read_round_trip(home: Path) -> None:
    p = home / "sub" / "a.json"
    storage.write_json(p, {"x": [1, 2], "name": "Zoë ♠"})
    assert storage.read_json(p) == ({"x": [1, 2], "name": "Zoë ♠"}, None)
    assert not list(p.parent.glob("*.tmp"))


def test_write_keeps_a_copy_of_the_last_good_state(home: Path) -> None:
    p = home / "a.json"
    for v in (1, 2, 3):
        storage.write_json(p, {"v": v})
        assert json.loads((home / "a.prev.json").read_text()) == {"v": v}
    assert storage.read_json(p)[0] == {"v": 3}


def test_an_exported_record_keeps_no_copy(home: Path) -> None:
    storage.write_json(home / "game-1.json", {"v": 1}, keep_copy=False)
    assert sorted(f.name for f in home.iterdir()) == ["game-1.json"]


@pytest.mark.parametrize("damage", ["", '{"v": ', "[]"])
def test_a_damaged_file_comes_back_with_its_last_change(home: Path, damage: str) -> None:
    """The issue's report: the copy was written before each change, so a damaged file came
    back one change old (an animation speed just set to Fast came back Off)."""
    p = home / "a.json"
    storage.write_json(p, {"speed": "off"})
    storage.write_json(p, {"speed": "fast"})
    p.write_text(damage)
    loaded = storage.load_json(p)
    assert (loaded.data, loaded.state) == ({"speed": "fast"}, storage.RESTORED)
    assert (home / "a.json.bad").read_text() == damage
    assert storage.read_json(p)[0] == {"speed": "fast"}


def test_failed_write_leaves_old_file(home: Path) -> None:
    p = home / "a.json"
    storage.write_json(p, {"v": 1})
    with pytest.raises(ValueError):
        storage.write_json(p, {"v": float("nan")})
    assert storage.read_json(p)[0] == {"v": 1}
    assert sorted(f.name for f in home.iterdir()) == ["a.json", "a.prev.json"]
    assert storage.read_json(home / "a.prev.json")[0] == {"v": 1}


def test_missing_file_is_quietly_none(home: Path) -> None:
    assert storage.read_json(home / "nope.json") == (None, None)


def test_malformed_json_moved_aside_not_lost(home: Path) -> None:
    p = home / "settings.json"
    p.write_text('{"preset": "classic",', encoding="utf-8")
    data, msg = storage.read_json(p)
    assert data is None
    assert "settings.json" in msg and "not JSON" in msg and "settings.json.bad" in msg
    assert "\n" not in msg
    assert not p.exists()
    assert (home / "settings.json.bad").read_text() == '{"preset": "classic",'


def test_second_bad_file_never_overwrites_first(home: Path) -> None:
    p = home / "s.json"
    p.write_text("first")
    storage.read_json(p)
    p.write_text("second")
    _, msg = storage.read_json(p)
    assert (home / "s.json.bad").read_text() == "first"
    assert (home / "s.json.2.bad").read_text() == "second"
    assert "s.json.2.bad" in msg


def test_wrong_shape_and_not_utf8_moved_aside(home: Path) -> None:
    p = home / "s.json"
    p.write_text("[1, 2]")
    data, msg = storage.read_json(p)
    assert data is None and "expected a JSON object" in msg
    p.write_bytes(b'{"a": "\xff"}')
    data, msg = storage.read_json(p)
    assert data is None and "UTF-8" in msg
    assert len(list(home.glob("*.bad"))) == 2


def test_validate_reason_in_message_and_result_used(home: Path) -> None:
    p = home / "s.json"
    storage.write_json(p, {"n": 3})

    def check(d: dict) -> int:
        if d["n"] < 0:
            raise ValueError("n must not be negative")
        return d["n"] * 2

    assert storage.read_json(p, validate=check) == (6, None)
    storage.write_json(p, {"n": -1})
    data, msg = storage.read_json(p, validate=check)
    assert data is None and "n must not be negative" in msg


def _record(hands: int = 1) -> dict:
    """A record of a game with a finished hand and one in progress."""
    rules = preset_rules("classic")
    game = Game(rules)
    rng = random.Random(3)
    for i in range(hands):
        hand = game.deal(rng)
        while hand.phase == "bid":
            hand.bid(hand.legal_bids()[0])
        if i == hands - 1:
            break
        while not hand.done:
            legal = hand.legal_plays()
            hand.play((legal & -legal).bit_length() - 1)
        game.finish_hand()
    return game_to_record(game)


def test_saved_game_round_trip_and_clear(home: Path) -> None:
    assert storage.load_saved_game() == (None, None)
    assert not storage.has_saved_game()
    rec = _record(2)
    storage.save_game(rec)
    assert storage.has_saved_game()
    assert storage.load_saved_game() == (rec, None)
    storage.clear_saved_game()
    assert not storage.has_saved_game()
    assert storage.load_saved_game() == (None, None)
    assert (home / "saved_game.prev.json").exists()
    storage.clear_saved_game()  # nothing to clear is fine


def test_corrupt_saved_game_moved_aside_with_message(home: Path) -> None:
    (home / "saved_game.json").write_text("{oops")
    rec, msg = storage.load_saved_game()
    assert rec is None
    assert msg == storage.SAVED_GAME_WORDS[storage.DAMAGED]
    assert (home / "saved_game.json.bad").read_text() == "{oops"
    assert not storage.has_saved_game()


def test_illegal_saved_game_moved_aside(home: Path) -> None:
    rec = _record(1)
    rec["hands"][0]["bids"] = [99]
    storage.save_game(rec)
    loaded = storage.load_json(storage.saved_game_path(), dict, storage._check_record)
    assert loaded.data is None and loaded.state == storage.DAMAGED
    assert "not a playable game record" in loaded.detail and "hand 1" in loaded.detail
    assert (home / "saved_game.json.bad").exists()


# ------------------------------------------------- a damaged file and its previous copy


def _two_saves(home: Path) -> tuple[dict, dict]:
    """Two saves of one game, a trick apart: (the older, and the newer, also in .prev)."""
    older, newer = _record(1), _record(2)
    storage.save_game(older)
    storage.save_game(newer)
    assert json.loads((home / "saved_game.prev.json").read_text()) == newer
    return older, newer


@pytest.mark.parametrize("damage", ["", '{"rules": "classic", "hands": [{"dea', "\x00\xff"])
def test_damaged_save_continues_from_the_intact_copy(home: Path, damage: str) -> None:
    _, newer = _two_saves(home)
    (home / "saved_game.json").write_text(damage, encoding="latin-1")
    rec, msg = storage.load_saved_game()
    assert rec == newer  # the last move saved, not the one before it
    assert msg == "Your saved game was damaged; continuing from its backup copy."
    assert (home / "saved_game.json.bad").read_text(encoding="latin-1") == damage
    assert json.loads((home / "saved_game.json").read_text()) == newer
    assert json.loads((home / "saved_game.prev.json").read_text()) == newer
    assert storage.load_saved_game() == (newer, None)


def test_damaged_save_and_damaged_copy_both_kept_aside(home: Path) -> None:
    _two_saves(home)
    (home / "saved_game.json").write_text("")
    (home / "saved_game.prev.json").write_text('{"rules": "classic"')
    rec, msg = storage.load_saved_game()
    assert rec is None
    assert (
        msg == "Your saved game was damaged and could not be recovered, so it cannot be continued."
    )
    assert (home / "saved_game.json.bad").read_text() == ""
    assert (home / "saved_game.prev.json.bad").read_text() == '{"rules": "classic"'
    assert not storage.has_saved_game() and not (home / "saved_game.prev.json").exists()


def test_missing_save_is_a_finished_game_and_its_copy_is_left_alone(home: Path) -> None:
    older, newer = _two_saves(home)
    storage.clear_saved_game()  # what the table does when a game ends
    assert storage.load_saved_game() == (None, None)
    assert json.loads((home / "saved_game.prev.json").read_text()) == newer
    assert not list(home.glob("*.bad"))


def test_a_save_keeps_a_damaged_file_aside_and_copies_only_good_states(home: Path) -> None:
    _two_saves(home)
    (home / "saved_game.json").write_text('{"rules": "cla')
    third = _record(3)
    storage.save_game(third)
    assert json.loads((home / "saved_game.prev.json").read_text()) == third
    assert json.loads((home / "saved_game.json").read_text()) == third
    assert (home / "saved_game.json.bad").read_text() == '{"rules": "cla'


def test_a_copy_that_cannot_be_written_leaves_the_save_done(
    home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (home / "a.prev.json").mkdir()  # a folder where the copy goes
    storage.write_json(home / "a.json", {"v": 1})
    assert storage.read_json(home / "a.json") == ({"v": 1}, None)
    assert "a.prev.json could not be written" in caplog.text


def test_player_messages_are_one_plain_sentence(home: Path) -> None:
    for words in storage.SAVED_GAME_WORDS.values():
        assert words.count(".") == 1 and words.endswith(".") and "json" not in words.lower()


def test_no_pickle_in_storage() -> None:
    src = Path(storage.__file__).read_text()
    assert "pickle" not in src.replace("no pickle", "")


def test_a_failed_save_is_one_line_naming_what_was_not_saved(home: Path) -> None:
    from spades_gui.settings import FILE as SETTINGS_FILE
    from spades_gui.settings import Settings
    from spades_gui.stats import FILE as STATS_FILE
    from spades_gui.stats import Stats

    assert storage.save_file("ok.json", {"a": 1}, "Things") is None
    assert storage.read_json(home / "ok.json") == ({"a": 1}, None)
    for name in ("x.json", SETTINGS_FILE, STATS_FILE):
        (home / name).mkdir()  # a folder where the file goes: the write cannot replace it
    message = storage.save_file("x.json", {"a": 1}, "Things")
    assert message is not None and message.startswith("Things could not be saved (")
    assert "\n" not in message
    assert (Settings().save() or "").startswith("Settings could not be saved (")
    assert (Stats().save() or "").startswith("Statistics could not be saved (")
