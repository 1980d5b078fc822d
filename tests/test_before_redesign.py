"""A player's files from before the redesign load and play on: saved games mid-bidding, mid-trick
and after a blind nil's exchange, game records, settings and statistics, all written by the code
of 52088e2 (before typed actions, the split modules and progress), with what that code read from
each in expected.json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from spades_gui import settings as settings_mod
from spades_gui import stats as stats_mod
from spades_gui import storage
from spades_gui.controller import Controller
from spades_gui.controller.events import position_of
from spades_gui.engine.actions import PlayAction
from spades_gui.engine.cards import cards_of
from spades_gui.engine.record import load

DATA = Path(__file__).parent / "data" / "before_redesign"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
SAVES = sorted(k for k in EXPECTED if k.rsplit("_", 1)[-1] in ("bidding", "play", "passed"))
RECORDS = sorted(k for k in EXPECTED if k.endswith("_record"))


def read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_there_are_files_of_every_kind() -> None:
    assert len(SAVES) == 12 and len(RECORDS) == 5
    assert {"classic_passed", "pagat_passed"} <= set(SAVES)


@pytest.mark.parametrize("name", SAVES + RECORDS)
def test_a_file_gives_the_position_that_version_read(name: str) -> None:
    game = load(read(name))
    want = EXPECTED[name]
    assert (list(game.scores), list(game.bags)) == (want["scores"], want["bags"])
    assert (len(game.hands), len(game.results), game.over) == (
        want["hands"],
        want["results"],
        want["over"],
    )
    h = game.hand
    assert h is not None
    assert (h.phase, list(h.bids), list(h.plays), h.turn) == (
        want["phase"],
        want["bids"],
        want["plays"],
        want["turn"],
    )
    assert [list(p) for p in h.passes] == want["passes"] and list(h.hands) == want["hand"]


@pytest.mark.parametrize("name", SAVES)
def test_a_saved_game_continues_to_its_end(name: str, tmp_path: Path) -> None:
    # The player's seat played by a computer player, so the whole game runs headless.
    record = read(name)
    ctl = Controller.from_record(record, executor="inline", seats=(None, "easy", "easy", "easy"))
    try:
        assert ctl.game.hand is not None and ctl.game.hand.plays == EXPECTED[name]["plays"]
    finally:
        ctl.close(save=False)
    ctl = Controller.from_record(record, executor="inline", seats=("easy",) * 4)
    try:
        for _ in range(200_000):
            if ctl.game.over:
                break
            ctl.pump(limit=1)
        assert ctl.game.over and ctl.game.winner is not None
    finally:
        ctl.close(save=False)


def test_the_cards_partner_passed_are_marked_after_continue_until_the_players_first_card() -> None:
    for name, player_has_played in (("classic_passed", False), ("pagat_passed", True)):
        ctl = Controller.from_record(read(name), executor="inline")
        try:
            got = position_of(ctl.game, ctl.hidden, ctl.human).received
            hand = ctl.game.hand
            assert hand is not None
            played = {t.seat for t in hand.actions if isinstance(t.action, PlayAction)}
            assert (0 in played) == player_has_played  # pagat: the player led the first trick
            if player_has_played:
                assert got is None
                continue
            passed = next(p for p in EXPECTED[name]["passes"] if p[1] == 0)  # giver, taker, cards
            assert got is not None and got.giver == passed[0]
            assert cards_of(got.cards) == cards_of(passed[2])
        finally:
            ctl.close(save=False)


def test_settings_and_statistics_from_before_load_as_they_were(tmp_path: Path) -> None:
    for name in ("settings.json", "stats.json"):
        shutil.copyfile(DATA / name, tmp_path / name)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(storage.ENV_HOME, str(tmp_path))
        settings, words = settings_mod.load()
        assert words is None
        assert (settings.preset, settings.names, settings.four_color, settings.auto_play) == (
            "tournament",
            ["Ana", "Bo", "Cy", "Di"],
            True,
            True,
        )
        stats, words = stats_mod.load()
        assert words is None
        old = EXPECTED["stats"]
        for key in ("games_played", "games_won", "hands_played", "bids_made", "bags", "streak"):
            assert getattr(stats, key) == old[key], key
        assert stats.best_score == old["best_score"]
    # Loading changed nothing on disk.
    for name in ("settings.json", "stats.json"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()
