"""Statistics computed from finished engine games and kept in stats.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades_gui import stats, storage
from spades_gui.engine.bids import NIL
from spades_gui.engine.cards import SPADES, make_card, mask_of
from spades_gui.engine.deck import deck_for
from spades_gui.engine.game import Game
from spades_gui.engine.presets import preset_rules
from spades_gui.stats import Stats


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder through SPADES_HOME."""
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    return tmp_path


def _spades_to_south(rules) -> list[int]:
    """A deal where South (seat 0) holds all 13 spades."""
    spades = [make_card(r, SPADES) for r in range(13)]
    rest = [c for c in deck_for(rules).cards if c not in spades]
    return [mask_of(spades)] + [mask_of(rest[13 * i : 13 * i + 13]) for i in range(3)]


def _play_hand(game: Game, bids: dict[int, int]) -> None:
    """Bid by seat, then play each seat's lowest legal card, and score the hand."""
    hand = game.start_hand(3, _spades_to_south(game.rules))
    while hand.phase == "bid":
        hand.bid(bids[hand.turn])
    while not hand.done:
        legal = hand.legal_plays()
        hand.play((legal & -legal).bit_length() - 1)
    game.finish_hand()


def won_game() -> Game:
    """South bids 10 and takes all 13 while North's nil is made: team 0 wins at once."""
    game = Game(preset_rules("pagat").with_options(target=100))
    _play_hand(game, {0: 10, 1: NIL, 2: NIL, 3: 1})
    assert game.winner == 0
    return game


def lost_game() -> Game:
    """South's nil fails (all 13 tricks) and North's 4 is set: team 0 falls below the floor."""
    game = Game(preset_rules("pagat").with_options(losing_floor=-100))
    _play_hand(game, {0: NIL, 1: 1, 2: 4, 3: 1})
    assert game.winner == 1
    return game


def test_won_game_counts() -> None:
    s = Stats()
    s.record_game(won_game())
    assert (s.games_played, s.games_won, s.games_lost) == (1, 1, 0)
    assert (s.hands_played, s.bids_made, s.bids_set) == (1, 1, 0)
    assert (s.nils_made, s.nils_failed) == (0, 0)
    assert (s.partner_nils_made, s.partner_nils_failed) == (1, 0)
    assert s.bags == 3 and s.bags_per_game() == 3.0
    assert s.streak == 1 and s.best_streak == 1
    assert s.best_score == won_game().scores[0]


def test_lost_game_counts() -> None:
    s = Stats()
    s.record_game(lost_game())
    assert (s.games_played, s.games_won) == (1, 0)
    assert (s.bids_made, s.bids_set) == (0, 1)
    assert (s.nils_made, s.nils_failed) == (0, 1)
    # the failed nil's 13 tricks are bags under Pagat rules
    assert s.bags == 13
    assert s.bag_penalties == 1
    assert s.streak == -1 and s.best_score is None
    assert s.win_rate() == 0.0 and s.bid_rate() == 0.0 and s.nil_rate() == 0.0


def test_other_team_view_and_streaks() -> None:
    s = Stats()
    s.record_game(lost_game(), human_team=1)
    s.record_game(won_game(), human_team=0)
    assert s.games_won == 2 and s.streak == 2 and s.best_streak == 2
    s.record_game(lost_game())
    assert s.streak == -1 and s.best_streak == 2


def test_practice_and_unfinished_games() -> None:
    s = Stats()
    s.record_game(won_game(), practice=True)
    assert s.practice_games == 1 and s.games_played == 0
    with pytest.raises(ValueError):
        s.record_game(Game(preset_rules("pagat")))


def five_hand_game() -> Game:
    """A finished game of five hands: South's team bids 3 and takes all 13 tricks each time."""
    game = Game(preset_rules("pagat").with_options(target=200, bag_limit=0, match_hands=0))
    for _ in range(5):
        _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    assert game.over and len(game.results) == 5, (game.scores, len(game.results))
    return game


def test_an_undo_makes_only_its_hand_practice() -> None:
    s = Stats()
    s.record_game(five_hand_game(), practice_hands=[3])
    assert s.hands_played == 4 and s.practice_hands == 1
    assert s.bids_made == 4 and s.bags == 4 * 10
    assert s.practice_games == 1 and s.games_played == 0 and s.streak == 0
    assert s.best_score is None  # a practice game's score is not a record
    assert s.bags_per_game() == 40.0


def test_a_game_without_undos_counts_in_full() -> None:
    s = Stats()
    s.record_game(five_hand_game())
    assert (s.games_played, s.hands_played, s.practice_hands, s.practice_games) == (1, 5, 0, 0)


def test_empty_rates_are_none() -> None:
    s = Stats()
    assert s.win_rate() is None and s.bid_rate() is None and s.bags_per_game() is None


def test_persisted_record_hint_and_reset(home: Path) -> None:
    stats.record_game(won_game())
    stats.record_game(lost_game())
    stats.record_hint()
    s, msg = stats.load()
    assert msg is None
    assert (s.games_played, s.games_won, s.hints_used) == (2, 1, 1)
    stats.reset()
    assert stats.load()[0] == Stats()
    assert (home / "stats.prev.json").exists()


def test_damaged_stats_moved_aside(home: Path, caplog: pytest.LogCaptureFixture) -> None:
    (home / "stats.json").write_text('{"games_played": -4}')
    s, msg = stats.load()
    assert s == Stats()
    assert msg == "Your statistics file was damaged, so your statistics start again from zero."
    assert "games_played" in caplog.text and "stats.json.bad" in caplog.text
    (home / "stats.json").write_text('{"games_won": "many"}')
    stats.load()
    assert (home / "stats.json.2.bad").exists()


def _two_games(home: Path) -> Stats:
    """Two games recorded: stats.prev.json holds the counters after the second."""
    stats.record_game(won_game())
    stats.record_game(lost_game())
    last = stats.load()[0]
    assert Stats.from_dict(json.loads((home / "stats.prev.json").read_text())) == last
    return last


@pytest.mark.parametrize("damage", ["", '{"version": 1, "games_pl'])
def test_damaged_stats_fall_back_to_the_last_saved_copy(home: Path, damage: str) -> None:
    last = _two_games(home)
    (home / "stats.json").write_text(damage)
    s, msg = stats.load()
    assert s == last and s.games_played == 2
    assert msg == "Your statistics file was damaged; your last saved statistics were restored."
    assert (home / "stats.json.bad").read_text() == damage
    stats.record_game(won_game())  # counting goes on from the restored copy
    stats.record_hint()
    assert stats.load() == (Stats(**{**last.__dict__, **_after_won(last)}), None)


def test_a_hint_counted_just_before_the_damage_is_not_lost(home: Path) -> None:
    """The issue's report: with stats.json damaged, a hint went missing."""
    stats.record_hint()
    stats.record_hint()
    (home / "stats.json").write_text('{"hints_used": ')
    s, msg = stats.load()
    assert s.hints_used == 2 and msg is not None


def _after_won(s: Stats) -> dict:
    t = Stats(**s.__dict__)
    t.record_game(won_game())
    t.hints_used += 1
    return t.__dict__


def test_damaged_stats_and_damaged_copy_start_from_zero(home: Path) -> None:
    _two_games(home)
    (home / "stats.json").write_text("")
    (home / "stats.prev.json").write_text("{")
    s, msg = stats.load()
    assert s == Stats()
    assert msg == "Your statistics file was damaged, so your statistics start again from zero."
    assert (home / "stats.prev.json.bad").read_text() == "{"


def test_missing_stats_come_back_from_the_last_saved_copy(home: Path) -> None:
    last = _two_games(home)
    (home / "stats.json").unlink()
    s, msg = stats.load()
    assert s == last
    assert msg == "Your statistics file was missing; your last saved statistics were restored."
