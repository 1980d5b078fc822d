"""Statistics counted from engine games hand by hand, by rules and by players, in stats.json."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from spades_gui import stats, storage
from spades_gui.engine.bids import BLIND_NIL, NIL
from spades_gui.engine.cards import SPADES, make_card, mask_of
from spades_gui.engine.deck import deck_for
from spades_gui.engine.game import Game
from spades_gui.engine.presets import preset_rules
from spades_gui.stats import CUSTOM, GameFacts, Stats, rules_key


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


def facts(game_id: str = "g", **kw: Any) -> GameFacts:
    """A game's facts: Pagat against Easy players unless the test says otherwise."""
    kw.setdefault("rules", "pagat")
    kw.setdefault("levels", ("easy", "easy", "easy"))
    kw["practice_hands"] = frozenset(kw.get("practice_hands", ()))
    return GameFacts(game_id, **kw)


def test_won_game_counts() -> None:
    s = Stats()
    assert s.count(won_game(), facts())
    assert (s.games_played, s.games_won, s.games_lost) == (1, 1, 0)
    assert (s.hands_played, s.bids_made, s.bids_set) == (1, 1, 0)
    assert (s.nils_made, s.nils_failed) == (0, 0)
    assert (s.partner_nils_made, s.partner_nils_failed) == (1, 0)
    assert s.bags == 3 and s.bags_per_hand() == 3.0
    assert s.streak == 1 and s.best_streak == 1
    assert s.best_score == won_game().scores[0]


def test_lost_game_counts() -> None:
    s = Stats()
    s.count(lost_game(), facts())
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
    s.count(lost_game(), facts("a", human_team=1))
    s.count(won_game(), facts("b", human_team=0))
    assert s.games_won == 2 and s.streak == 2 and s.best_streak == 2
    s.count(lost_game(), facts("c"))
    assert s.streak == -1 and s.best_streak == 2


def test_a_practice_game_counts_apart() -> None:
    s = Stats()
    s.count(won_game(), facts(practice=True))
    assert s.practice_games == 1 and s.games_played == 0
    assert s.hands_played == 1  # a hand without an undo counts in full


def five_hand_game() -> Game:
    """A finished game of five hands: South's team bids 3 and takes all 13 tricks each time."""
    game = five_hand_rules()
    for _ in range(5):
        _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    assert game.over and len(game.results) == 5, (game.scores, len(game.results))
    return game


def five_hand_rules() -> Game:
    """A new game that ends after five such hands."""
    return Game(preset_rules("pagat").with_options(target=200, bag_limit=0, match_hands=0))


def test_an_undo_makes_only_its_hand_practice() -> None:
    s = Stats()
    s.count(five_hand_game(), facts(practice_hands=[3]))
    assert s.hands_played == 4 and s.practice_hands == 1
    assert s.bids_made == 4 and s.bags == 4 * 10
    assert s.practice_games == 1 and s.games_played == 0 and s.streak == 0
    assert s.best_score is None  # a practice game's score is not a record
    assert s.bags_per_hand() == 10.0


def test_a_game_without_undos_counts_in_full() -> None:
    s = Stats()
    s.count(five_hand_game(), facts())
    assert (s.games_played, s.hands_played, s.practice_hands, s.practice_games) == (1, 5, 0, 0)


def test_empty_rates_are_none() -> None:
    s = Stats()
    assert s.win_rate() is None and s.bid_rate() is None and s.bags_per_hand() is None


# ----------------------------------------------------------------- every hand counts at once


def test_each_finished_hand_counts_at_once_and_the_game_when_it_ends() -> None:
    """The issue: nothing was counted until a game was finished."""
    s = Stats()
    game = five_hand_rules()
    assert not s.count(game, facts())
    for n in range(1, 6):
        _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
        assert s.count(game, facts())
        assert (s.hands_played, s.bids_made, s.bags) == (n, n, 10 * n)
        assert s.games_played == (1 if n == 5 else 0)
    assert not s.count(game, facts())  # counted once, however often it is asked
    assert (s.hands_played, s.games_played) == (5, 1)


def test_nils_and_blind_nils_count_with_their_hand() -> None:
    s = Stats()
    game = Game(preset_rules("pagat").with_options(target=1000, blind_nil_exchange="none"))
    _play_hand(game, {0: NIL, 1: 1, 2: 4, 3: 1})
    _play_hand(game, {0: BLIND_NIL, 1: 1, 2: 4, 3: 1})
    s.count(game, facts())
    assert (s.nils_made, s.nils_failed, s.hands_played, s.games_played) == (0, 2, 2, 0)


def test_an_abandoned_game_keeps_its_hands_and_a_restart_counts_nothing_twice(
    home: Path,
) -> None:
    game = five_hand_rules()
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    stats.count(game, facts("saved"))
    stats.count(game, facts("saved"))  # the game resumed from its save: nothing new
    assert stats.load()[0].hands_played == 2
    stats.count(five_hand_game(), facts("next"))  # a new game over the saved one
    s = stats.load()[0]
    assert (s.hands_played, s.games_played) == (7, 1)


def test_an_undone_last_hand_is_taken_back_and_counts_as_practice() -> None:
    """Practice mode's undo after the last card takes the hand's scoring back: the hand
    counted at once is taken back, and counts again, as practice, when played again."""
    s = Stats()
    game = five_hand_rules()
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    s.count(game, facts())
    assert (s.hands_played, s.practice_hands, s.by_rules["pagat"].hands_played) == (2, 0, 2)
    result = game.results.pop()  # what the controller's undo does to the game
    assert s.count(game, facts(practice_hands=[2]))
    assert (s.hands_played, s.bids_made, s.bags, s.practice_hands) == (1, 1, 10, 0)
    assert s.by_rules["pagat"].hands_played == 1
    game.results.append(result)  # played again
    assert s.count(game, facts(practice_hands=[2]))
    assert (s.hands_played, s.practice_hands) == (1, 1)
    assert not s.count(game, facts(practice_hands=[2]))


def test_an_undo_seen_only_after_the_hand_was_played_again_is_taken_back() -> None:
    s = Stats()
    game = five_hand_rules()
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    s.count(game, facts())
    assert s.count(game, facts(practice_hands=[1]))
    assert (s.hands_played, s.bags, s.practice_hands) == (0, 0, 1)


def test_only_recent_games_are_remembered() -> None:
    s = Stats()
    for i in range(stats.KEEP_GAMES + 5):
        s.count(won_game(), facts(f"g{i}"))
    assert len(s.counted) == stats.KEEP_GAMES and s.counted[-1].game == f"g{stats.KEEP_GAMES + 4}"
    assert s.games_played == stats.KEEP_GAMES + 5


# ----------------------------------------------------------------- by rules and by players


def test_hands_and_games_count_by_rules_and_by_computer_players() -> None:
    s = Stats()
    s.count(won_game(), facts("a", rules="pagat", levels=("hard", "medium", "hard")))
    s.count(lost_game(), facts("b", rules=CUSTOM, levels=("easy", "easy", "easy")))
    assert set(s.by_rules) == {"pagat", CUSTOM}
    assert (s.by_rules["pagat"].games_won, s.by_rules["pagat"].bids_made) == (1, 1)
    assert (s.by_rules[CUSTOM].games_played, s.by_rules[CUSTOM].nils_failed) == (1, 1)
    assert s.by_levels["hard,medium,hard"].hands_played == 1
    assert s.by_levels["easy,easy,easy"].bids_set == 1
    assert s.unsorted("rules").empty() and s.unsorted("levels").empty()


def test_rules_and_players_in_the_players_words() -> None:
    rules = preset_rules("classic")
    assert rules_key(rules) == "classic"
    assert rules_key(rules.with_options(target=300)) == CUSTOM
    assert stats.rules_words("classic")[0] == "Classic"
    assert stats.rules_words(CUSTOM)[0] == "Custom rules"
    assert stats.levels_words("hard,hard,hard") == ("All Hard", "partner and opponents")
    assert stats.levels_words("hard,easy,hard") == ("Partner Easy", "opponents Hard")
    assert stats.levels_words("easy,medium,hard") == ("Partner Medium", "West Easy, East Hard")


def test_an_older_statistics_file_loads_with_every_count(home: Path) -> None:
    old = {
        "version": 1,
        "games_played": 4,
        "games_won": 3,
        "hands_played": 31,
        "bids_made": 24,
        "bids_set": 5,
        "nils_made": 3,
        "nils_failed": 1,
        "bags": 40,
        "hints_used": 5,
        "best_score": 512,
    }
    (home / "stats.json").write_text(json.dumps(old))
    s, msg = stats.load()
    assert msg is None
    assert all(getattr(s, k) == v for k, v in old.items() if k != "version")
    assert s.by_rules == {} and s.unsorted("rules").hands_played == 31
    assert s.unsorted("levels").games_won == 3
    stats.count(won_game(), facts())  # counting goes on; the older counts stay apart
    s2 = stats.load()[0]
    assert (s2.games_played, s2.hands_played, s2.hints_used) == (5, 32, 5)
    assert s2.unsorted("rules").hands_played == 31 and s2.by_rules["pagat"].hands_played == 1
    assert json.loads((home / "stats.json").read_text())["version"] == 2


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"by_rules": []}, '"by_rules" must be an object'),
        ({"by_rules": {"classic": {"bags": -1}}}, '"by_rules.classic.bags" must not be negative'),
        ({"by_levels": {"easy,easy,easy": 3}}, "must be an object of counts"),
        ({"counted": [{"hands": 2}]}, "must name its game"),
    ],
)
def test_a_bad_group_is_named(data: dict, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        Stats.from_dict(data)


def test_persisted_record_hint_and_reset(home: Path) -> None:
    stats.count(won_game(), facts("a"))
    stats.count(lost_game(), facts("b"))
    stats.record_hint()
    s, msg = stats.load()
    assert msg is None
    assert (s.games_played, s.games_won, s.hints_used) == (2, 1, 1)
    assert s.by_rules["pagat"].games_played == 2
    assert stats.reset()[1] is None
    s = stats.load()[0]
    assert s.counts() == Stats().counts() and s.by_rules == {} and s.hints_used == 0


def test_a_reset_mid_game_counts_only_the_hands_after_it() -> None:
    game = five_hand_rules()
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    s = Stats()
    s.count(game, facts())
    s = s.zeroed()
    assert s.hands_played == 0 and not s.count(game, facts())
    result = game.results.pop()  # an undo of the last hand counted before the reset
    s.count(game, facts(practice_hands=[2]))
    assert s.counts() == Stats().counts()  # nothing taken below zero
    game.results.append(result)
    _play_hand(game, {0: 2, 1: 1, 2: 1, 3: 1})
    s.count(game, facts(practice_hands=[2]))
    assert (s.hands_played, s.practice_hands, s.by_rules["pagat"].hands_played) == (1, 1, 1)


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
    stats.count(won_game(), facts("a"))
    stats.count(lost_game(), facts("b"))
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
    stats.count(won_game(), facts("c"))  # counting goes on from the restored copy
    stats.record_hint()
    assert stats.load() == (_after_won(last), None)


def test_a_hint_counted_just_before_the_damage_is_not_lost(home: Path) -> None:
    """The issue's report: with stats.json damaged, a hint went missing."""
    stats.record_hint()
    stats.record_hint()
    (home / "stats.json").write_text('{"hints_used": ')
    s, msg = stats.load()
    assert s.hints_used == 2 and msg is not None


def _after_won(s: Stats) -> Stats:
    t = copy.deepcopy(s)
    t.count(won_game(), facts("c"))
    t.hints_used += 1
    return t


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
