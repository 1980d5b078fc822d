"""The coach on the table, driven like a player: hint, undo, claim, records, practice mode."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui import stats as stats_mod
from spades_gui.ai import make_policy, seat_view
from spades_gui.coach.review import COACH_SEED
from spades_gui.controller import Controller
from spades_gui.engine import preset_rules
from spades_gui.engine.actions import BidAction, PlayAction
from spades_gui.engine.cards import card_name, cards_of
from spades_gui.engine.record import load
from spades_gui.ui.launch import install_services
from spades_gui.ui.review import ReviewScene
from spades_gui.ui.settings_scene import SettingsScene
from spades_gui.ui.stats_scene import StatsScene, tiles
from spades_gui.ui.table import TableScene

if TYPE_CHECKING:
    from tests.conftest import Pilot


def coach_table(pilot: Pilot, seed: int = 3, **kw: Any) -> TableScene:
    """A table with the coach at a fast level unless the test says otherwise."""
    kw.setdefault("coach_level", "medium")
    return pilot.table(kw.pop("rules", "classic"), seed=seed, **kw)


def drawn(scene: TableScene, kind: str, name: str) -> bool:
    """Whether a frame drawn now shows this thing."""
    scene.draw(scene.app.screen)
    return any(k == kind and n == name for k, n, _ in scene.render.drawn)


def test_a_hint_appears_with_its_reason_and_is_counted(pilot: Pilot) -> None:
    scene = coach_table(pilot, seed=5)
    v = scene.view
    hints: list[int] = []
    pilot.app.services.record_hint = lambda: hints.append(1)
    ctl = scene.ctl
    pilot.until(lambda: pilot.human_turn("bid"))
    assert scene.button("hint") is not None and scene.button("hint").enabled
    expect = make_policy("medium", COACH_SEED).explain(seat_view(ctl.game, 0))
    pilot.key(pygame.K_h)
    pilot.until(lambda: v.hint is not None)
    h = v.hint
    assert (h.action, h.reason) == (expect.action, expect.reason) and h.reason
    assert isinstance(h.action, BidAction)
    assert drawn(scene, "panel", "hint") and scene.render.hinted_bid() == f"bid:{h.action.bid}"
    assert hints == [1]
    pilot.key(pygame.K_h)  # hides it; again shows it, without counting twice
    assert not drawn(scene, "panel", "hint")
    pilot.click_button("hint")
    assert drawn(scene, "panel", "hint") and hints == [1]
    pilot.click_button(f"bid:{h.action.bid}")
    pilot.until(lambda: ctl.game.hand.bids[0] is not None)
    assert v.hint is None and not drawn(scene, "panel", "hint")


def test_a_card_hint_is_worked_out_away_from_the_window(pilot: Pilot) -> None:
    scene = coach_table(pilot, seed=5, executor="thread", coach_level="hard", coach_think_ms=20)
    v = scene.view
    pilot.play_until(lambda: pilot.human_turn("play") and v.prompt.request.options.bit_count() >= 3)
    pilot.key(pygame.K_h)
    assert v.hint is None and v.hint_wait  # asked; the frame did not wait
    assert drawn(scene, "panel", "hint")  # "Hard is thinking..."
    assert scene.ctl.coach().wait(timeout=30)
    pilot.until(lambda: v.hint is not None)
    h = v.hint
    assert isinstance(h.action, PlayAction) and h.level == "hard" and "sampled deals" in h.reason
    assert v.prompt.request.options >> h.action.card & 1
    assert scene.render.hinted_cards() == 1 << h.action.card
    pilot.key(pygame.K_RIGHT)  # the keyboard still works beside the hint
    assert v.focus_card is not None


def shown(scene: TableScene) -> tuple:
    """What the table shows of the position."""
    v = scene.view
    return (list(v.trick), v.tricks_won, v.spades_broken, v.south, v.prompt)


def test_undo_restores_the_exact_position_back_to_the_bid(pilot: Pilot) -> None:
    scene = coach_table(pilot, seed=6, practice=True)
    ctl, v = scene.ctl, scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    before_bid = ctl.record()
    pilot.act()
    pilot.play_until(lambda: pilot.human_turn("play") and len(ctl.game.hand.trick_winners) >= 2)
    before_card = ctl.record()
    view = shown(scene)
    pilot.act()
    pilot.until(lambda: pilot.human_turn("play"))
    assert ctl.record()["hands"] != before_card["hands"]
    pilot.key(pygame.K_u)
    pilot.until(lambda: pilot.human_turn("play"))
    assert ctl.record()["hands"] == before_card["hands"]
    assert shown(scene) == view
    assert ctl.undos == 1 and ctl.used_practice
    assert ctl.record()["table"]["undos"] == 1
    pilot.play_until(lambda: v.result is not None)  # undo from the hand's summary
    last = ctl.game.hand.plays[-4:]
    pilot.key(pygame.K_u)
    pilot.until(lambda: pilot.human_turn("play"))
    assert v.result is None and not ctl.game.results
    assert ctl.game.hand.hands[0] and len(ctl.game.hand.plays) < 52
    assert set(last) & set(cards_of(ctl.game.hand.hands[0]))
    assert v.south == ctl.game.hand.hands[0]
    for _ in range(40):  # Ctrl+Z as many times as wanted, back to the start of the hand
        if not ctl.can_undo():
            break
        pilot.key(pygame.K_z, pygame.KMOD_CTRL)
        pilot.until(pilot.human_turn)
    assert ctl.record()["hands"] == before_bid["hands"]
    assert v.prompt.request.kind == "bid" and v.trick == [] and v.tricks_won == [0] * 4
    assert scene.button("undo") is not None and not scene.button("undo").enabled
    pilot.key(pygame.K_u)
    assert "nothing" in v.toast_text


def test_undo_is_refused_outside_practice_and_a_game_with_undos_counts_as_practice(
    pilot: Pilot,
) -> None:
    scene = coach_table(pilot, seed=6)
    pilot.until(lambda: pilot.human_turn("bid"))
    assert scene.button("undo") is None
    pilot.key(pygame.K_u)
    assert "practice" in scene.view.toast_text.lower()
    # a finished game whose record says an action was undone
    ai = Controller.new_game(preset_rules("intramural"), ("easy",) * 4, seed=3, executor="inline")
    while not ai.game.over:
        ai.pump()
    record = ai.record()
    record["table"]["undos"] = 2
    app2 = pilot.open()
    booked: list[tuple[bool, tuple[int, ...]]] = []
    app2.services.count_game = lambda game, facts: booked.append(
        (facts.practice, tuple(sorted(facts.practice_hands)))
    )
    ctl = Controller.from_record(record, seats=(None, "easy", "easy", "easy"), executor="inline")
    scene2 = pilot.show(TableScene(app2, ctl, {"animation": "off"}))
    scene2.close()
    # an older record does not say which hands had the undos: all of them are practice
    assert booked and set(booked) == {(True, tuple(range(1, len(ai.game.hands) + 1)))}


def test_a_game_with_one_undo_keeps_its_other_hands_in_the_statistics(pilot: Pilot) -> None:
    scene = coach_table(pilot, rules="intramural", seed=4, practice=True)
    install_services(pilot.app)
    ctl, v = scene.ctl, scene.view
    pilot.play_until(lambda: len(ctl.game.hands) == 2 and pilot.human_turn("play"))
    pilot.key(pygame.K_u)
    pilot.until(pilot.human_turn)
    assert ctl.undos == 1 and ctl.practice_hands == {2}
    again = Controller.from_record(ctl.record(), executor="inline")
    assert again.practice_hands == {2}
    again.close(save=False)
    pilot.play_until(lambda: v.over is not None)
    hands = len(ctl.game.results)
    assert hands >= 3
    st = stats_mod.load()[0]
    assert (st.hands_played, st.practice_hands) == (hands - 1, 1)
    assert (st.games_played, st.practice_games) == (0, 1)
    assert st.bids_made + st.bids_set == hands - 1
    pilot.show(StatsScene(pilot.app))
    pilot.step()
    assert "practice: 1 game · 1 hand" in [t[2] for t in tiles(pilot.scene.stats)]


def test_a_sure_claim_finishes_the_hand_and_a_doubtful_one_is_refused(pilot: Pilot) -> None:
    scene = coach_table(pilot, seed=10)
    ctl, v = scene.ctl, scene.view
    pilot.play_until(lambda: pilot.human_turn("play"))
    held = ctl.game.hand.hands[0]
    pilot.key(pygame.K_c)
    pilot.step()
    assert v.toast_text.startswith(("The others can still", "You cannot take this trick"))
    assert ctl.game.hand.hands[0] == held and pilot.human_turn("play")
    assert scene.button("claim") is None
    pilot.play_until(lambda: v.claim_offer is not None)
    hand = ctl.game.hand
    left = 13 - len(hand.trick_winners)
    won_before = hand.tricks_won[0]
    assert drawn(scene, "label", "claim")
    pilot.click_button("claim")
    pilot.until(lambda: v.result is not None)
    done = ctl.game.hands[0]
    assert done.phase == "done" and len(done.plays) == 52
    assert done.tricks_won[0] == won_before + left
    assert all(w == 0 for w in done.trick_winners[13 - left :])
    assert load(ctl.record()).hands[0].tricks_won == done.tricks_won


def test_export_writes_records_that_load(pilot: Pilot, home: Path) -> None:
    scene = coach_table(pilot, seed=2)
    ctl = scene.ctl
    pilot.play_until(lambda: pilot.human_turn("play") and len(ctl.game.hand.plays) >= 6)
    pilot.key(pygame.K_o)
    assert scene.view.overlay == "options"
    pilot.click_button("export_game")
    games = list((home / "exports").glob("game-*.json"))
    assert len(games) == 1 and str(games[0]) in scene.view.toast_text
    data = json.loads(games[0].read_text(encoding="utf-8"))
    assert load(data).hands[0].plays == ctl.game.hand.plays
    pilot.click_button("export_hand")
    hands = list((home / "exports").glob("hand-1-*.json"))
    assert len(hands) == 1
    one = load(json.loads(hands[0].read_text(encoding="utf-8")))
    assert len(one.hands) == 1 and one.hands[0].dealt == ctl.game.hand.dealt


def type_path(pilot: Pilot, scene: TableScene, path: str) -> None:
    """Click the path field, clear it, type a path and press Enter."""
    pilot.click(scene.records.field.rect.center)
    assert scene.records.field.editing
    pilot.key(pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pilot.type(path)
    pilot.key(pygame.K_RETURN)


def test_opening_a_malformed_record_says_what_is_wrong(pilot: Pilot, home: Path) -> None:
    scene = coach_table(pilot, seed=2)
    ctl = scene.ctl
    pilot.play_until(lambda: pilot.human_turn("play"))
    before = ctl.record()
    bad = home / "broken.json"
    broken = {"rules": "classic", "hands": [{"dealer": 0, "deal": [["ZZ"], [], [], []]}]}
    bad.write_text(json.dumps(broken))
    pilot.key(pygame.K_o)
    type_path(pilot, scene, str(bad))
    text, kind = scene.view.options_status
    assert kind == "error" and text.startswith("broken.json: not a playable game record")
    assert "\n" not in text and "ZZ" in text
    assert pilot.scene is scene and ctl.record()["hands"] == before["hands"]
    type_path(pilot, scene, str(home / "missing.json"))
    assert scene.view.options_status == ("missing.json: no such file", "error")
    good = home / "good.json"
    good.write_text(json.dumps(before))
    type_path(pilot, scene, str(good))
    assert isinstance(pilot.scene, ReviewScene)
    assert pilot.scene.game.hands[0].dealt == ctl.game.hand.dealt


def test_practice_mode_from_the_options_and_the_settings(pilot: Pilot) -> None:
    from spades_gui import settings as settings_mod

    scene = coach_table(pilot, seed=2)
    install_services(pilot.app)
    pilot.key(pygame.K_o)
    pilot.click_button("practice")
    assert scene.ctl.practice and pilot.app.services.settings.practice
    assert settings_mod.load()[0].practice
    settings = pilot.show(SettingsScene(pilot.app))
    settings.show_tab("table")
    settings.find("practice").activate()
    assert not settings_mod.load()[0].practice


def test_a_failed_hint_says_so_and_the_table_goes_on(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import spades_gui.controller.coach_jobs as coach_jobs

    def broken(*args: Any, stop: Any = None) -> None:
        raise RuntimeError("no coach today")

    monkeypatch.setattr(coach_jobs, "explain_job", broken)
    scene = coach_table(pilot, seed=5)
    v = scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.key(pygame.K_h)
    pilot.until(lambda: not v.hint_wait)
    assert v.hint is None and v.toast_text.startswith("No hint this time")
    assert not drawn(scene, "panel", "hint")
    pilot.act()
    pilot.until(lambda: scene.ctl.game.hand.bids[0] is not None)


def test_an_exported_hand_opens_for_review_from_the_recent_list(pilot: Pilot, home: Path) -> None:
    """Issue 11 (19): a record opens from a list of recent ones, no typed path."""
    scene = coach_table(pilot, seed=2)
    ctl = scene.ctl
    pilot.play_until(lambda: pilot.human_turn("play") and len(ctl.game.hand.plays) >= 6)
    pilot.key(pygame.K_o)
    assert scene.button("recent:0") is None  # nothing exported or opened yet
    pilot.click_button("export_hand")
    pilot.key(pygame.K_o)  # close the options, and open them again later
    assert scene.view.overlay is None
    scene.records.field.text = ""  # no typed path to fall back on
    pilot.key(pygame.K_o)
    row = scene.button("recent:0")
    assert row is not None and row.text.startswith("hand-1-")
    assert scene.button("browse_record") is None  # no system picker under the dummy driver
    pilot.click_button("recent:0")
    assert isinstance(pilot.scene, ReviewScene)
    assert pilot.scene.game.hands[0].dealt == ctl.game.hand.dealt
    # what was exported and opened is remembered for the next table; other exports follow
    from spades_gui.coach.record_files import recent_records

    other = home / "exports" / "older.json"
    other.write_text(json.dumps(ctl.record()))
    os.utime(other, (1, 1))
    assert [p.name for p in recent_records()] == [row.text, "older.json"]


def test_a_refused_claim_says_what_stands_in_its_way(pilot: Pilot) -> None:
    """Issue 59 (8): C always answers. On the player's turn a claim that is not sure names
    what the player can know stands in the way (a card still out, or the one on the table);
    just after a card is played, it says a claim waits for the player's turn."""
    scene = coach_table(pilot, seed=10, speed="fast")  # cards fly: the others play later
    ctl, v = scene.ctl, scene.view
    reasons = set()
    while v.claim_offer is None and v.result is None:
        pilot.play_until(lambda: pilot.human_turn("play") or v.result is not None)
        if v.result is not None or v.claim_offer is not None:
            break
        hand = ctl.game.hand
        v.toast_text = ""
        pilot.key(pygame.K_c)
        pilot.step()
        text = v.toast_text
        reasons.add(text.split(":")[0])
        named = text.rsplit(" ", 3 if text.endswith("is out") else 1)[1].split(" ")[0]
        if text.endswith("is out"):  # a card in no one's sight: not the player's, not played
            assert named not in {card_name(c) for c in cards_of(hand.hands[0])}
            assert named not in {card_name(c) for c in hand.plays}
        else:
            assert text.startswith("You cannot take this trick: none of your cards beats ")
            assert named in {card_name(c) for c in hand.trick}
        pilot.act()
        assert v.sent  # the card went; the others have not played yet
        v.toast_text = ""
        pilot.key(pygame.K_c)
        assert v.toast_text == "You can claim the rest only on your turn to play"
    assert "The others can still take a trick" in reasons
