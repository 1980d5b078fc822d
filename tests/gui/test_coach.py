"""The coach on the table, driven like a player: hint, undo, claim, review, records."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades_gui import stats as stats_mod  # noqa: E402
from spades_gui import storage  # noqa: E402
from spades_gui.ai import make_policy, seat_view  # noqa: E402
from spades_gui.coach.review import COACH_SEED  # noqa: E402
from spades_gui.controller import Controller  # noqa: E402
from spades_gui.engine import preset_rules  # noqa: E402
from spades_gui.engine.cards import cards_of  # noqa: E402
from spades_gui.engine.record import load  # noqa: E402
from spades_gui.ui.main import App  # noqa: E402
from spades_gui.ui.review import ReviewScene  # noqa: E402
from spades_gui.ui.scenes import install_services  # noqa: E402
from spades_gui.ui.settings_scene import SettingsScene  # noqa: E402
from spades_gui.ui.stats_scene import StatsScene, tiles  # noqa: E402
from spades_gui.ui.table import TableScene  # noqa: E402

from .test_table import (  # noqa: E402
    act_by_clicks,
    click,
    click_button,
    human_turn,
    key,
    play_until,
    step,
    until,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder (exports, settings)."""
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    return tmp_path


def table(
    rules: str = "classic",
    seed: int = 3,
    executor: str = "inline",
    levels: tuple[str, ...] = ("random", "easy", "random"),
    **kw: Any,
) -> tuple[App, TableScene]:
    """A headless table; the coach at a fast level unless the test says otherwise."""
    kw.setdefault("coach_level", "medium")
    app = App((1280, 720), headless=True)
    ctl = Controller.new_game(preset_rules(rules), levels, seed=seed, executor=executor, **kw)
    scene = TableScene(app, ctl, {"animation": "off"})
    app.switch(scene)
    return app, scene


def press(app: App, k: int, mod: int = 0) -> None:
    """A key press with modifiers, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    step(app)


def drawn(scene: TableScene, kind: str, name: str) -> bool:
    """Whether the last frame drew this thing."""
    scene.draw(scene.app.screen)
    return any(k == kind and n == name for k, n, _ in scene.drawn)


def test_a_hint_appears_with_its_reason_and_is_counted() -> None:
    app, scene = table(seed=5)
    hints: list[int] = []
    app.services["record_hint"] = lambda: hints.append(1)
    ctl = scene.ctl
    until(app, lambda: human_turn(scene, "bid"))
    assert scene.button("hint") is not None and scene.button("hint").enabled
    expect = make_policy("medium", COACH_SEED).explain(seat_view(ctl.game, 0))
    key(app, pygame.K_h)
    until(app, lambda: scene.hint is not None)
    h = scene.hint
    assert (h.kind, h.action, h.reason) == ("bid", expect.action, expect.reason) and h.reason
    assert drawn(scene, "panel", "hint") and scene._hinted_bid() == f"bid:{h.action}"
    assert hints == [1]
    key(app, pygame.K_h)  # hides it; again shows it, without counting twice
    assert not drawn(scene, "panel", "hint")
    click_button(app, scene, "hint")
    assert drawn(scene, "panel", "hint") and hints == [1]
    click_button(app, scene, f"bid:{h.action}")
    until(app, lambda: ctl.game.hand.bids[0] is not None)
    assert scene.hint is None and not drawn(scene, "panel", "hint")


def test_a_card_hint_is_worked_out_away_from_the_window() -> None:
    app, scene = table(seed=5, executor="thread", coach_level="hard", coach_think_ms=20)
    try:
        play_until(
            app,
            scene,
            lambda: human_turn(scene, "play") and scene.prompt.options.bit_count() >= 3,
        )
        key(app, pygame.K_h)
        assert scene.hint is None and scene.hint_wait  # asked; the frame did not wait
        assert drawn(scene, "panel", "hint")  # "Hard is thinking..."
        assert scene.ctl.coach().wait(timeout=30)
        until(app, lambda: scene.hint is not None)
        h = scene.hint
        assert h.kind == "play" and h.level == "hard" and "sampled deals" in h.reason
        assert scene.prompt.options >> h.action & 1
        assert scene._hinted_cards() == 1 << h.action
        key(app, pygame.K_RIGHT)  # the keyboard still works beside the hint
        assert scene.focus_card is not None
    finally:
        scene.ctl.close(save=False)


def _view(scene: TableScene) -> tuple:
    return (list(scene.trick), list(scene.tricks_shown), scene.spades_broken, scene.prompt)


def test_undo_restores_the_exact_position_back_to_the_bid() -> None:
    app, scene = table(seed=6, practice=True)
    ctl = scene.ctl
    until(app, lambda: human_turn(scene, "bid"))
    before_bid = ctl.record()
    act_by_clicks(app, scene)
    play_until(
        app, scene, lambda: human_turn(scene, "play") and len(ctl.game.hand.trick_winners) >= 2
    )
    before_card = ctl.record()
    view = _view(scene)
    act_by_clicks(app, scene)
    until(app, lambda: human_turn(scene, "play"))
    assert ctl.record()["hands"] != before_card["hands"]
    key(app, pygame.K_u)
    until(app, lambda: human_turn(scene, "play"))
    assert ctl.record()["hands"] == before_card["hands"]
    assert _view(scene) == view
    assert ctl.undos == 1 and ctl.used_practice
    assert ctl.record()["table"]["undos"] == 1
    play_until(app, scene, lambda: scene.result is not None)  # undo from the hand's summary
    last = ctl.game.hand.plays[-4:]
    key(app, pygame.K_u)
    until(app, lambda: human_turn(scene, "play"))
    assert scene.result is None and not ctl.game.results
    assert ctl.game.hand.hands[0] and len(ctl.game.hand.plays) < 52
    assert set(last) & set(cards_of(ctl.game.hand.hands[0]))
    for _ in range(40):  # Ctrl+Z as many times as wanted, back to the start of the hand
        if not ctl.can_undo():
            break
        press(app, pygame.K_z, pygame.KMOD_CTRL)
        until(app, lambda: human_turn(scene))
    assert ctl.record()["hands"] == before_bid["hands"]
    assert scene.prompt.kind == "bid" and scene.trick == [] and scene.tricks_shown == [0] * 4
    assert scene.button("undo") is not None and not scene.button("undo").enabled
    key(app, pygame.K_u)
    assert "nothing" in scene.toast_text


def test_undo_is_refused_outside_practice_and_a_game_with_undos_counts_as_practice() -> None:
    app, scene = table(seed=6)
    until(app, lambda: human_turn(scene, "bid"))
    assert scene.button("undo") is None
    key(app, pygame.K_u)
    assert "practice" in scene.toast_text.lower()
    scene.ctl.close(save=False)
    # a finished game whose record says an action was undone
    ai = Controller.new_game(preset_rules("intramural"), ("easy",) * 4, seed=3, executor="inline")
    while not ai.game.over:
        ai.pump()
    record = ai.record()
    record["table"]["undos"] = 2
    app2 = App((1280, 720), headless=True)
    booked: list[tuple[bool, list[int]]] = []
    app2.services["record_game"] = lambda game, practice=False, practice_hands=(): booked.append(
        (practice, list(practice_hands))
    )
    ctl = Controller.from_record(record, seats=(None, "easy", "easy", "easy"), executor="inline")
    scene2 = TableScene(app2, ctl, {"animation": "off"})
    app2.switch(scene2)
    scene2._close()
    # an older record does not say which hands had the undos: all of them are practice
    assert booked == [(True, list(range(1, len(ai.game.hands) + 1)))]


def test_a_game_with_one_undo_keeps_its_other_hands_in_the_statistics() -> None:
    app, scene = table("intramural", seed=4, practice=True)
    install_services(app)
    ctl = scene.ctl
    play_until(app, scene, lambda: len(ctl.game.hands) == 2 and human_turn(scene, "play"))
    key(app, pygame.K_u)
    until(app, lambda: human_turn(scene))
    assert ctl.undos == 1 and ctl.practice_hands == {2}
    again = Controller.from_record(ctl.record(), executor="inline")
    assert again.practice_hands == {2}
    again.close(save=False)
    play_until(app, scene, lambda: scene.over is not None)
    hands = len(ctl.game.results)
    assert hands >= 3
    st = stats_mod.load()[0]
    assert (st.hands_played, st.practice_hands) == (hands - 1, 1)
    assert (st.games_played, st.practice_games) == (0, 1)
    assert st.bids_made + st.bids_set == hands - 1
    app.switch(StatsScene(app))
    step(app)
    assert "practice: 1 game · 1 hand" in [t[2] for t in tiles(app.scene.stats)]


def test_a_sure_claim_finishes_the_hand_and_a_doubtful_one_is_refused() -> None:
    app, scene = table(seed=10)
    ctl = scene.ctl
    play_until(app, scene, lambda: human_turn(scene, "play"))
    held = ctl.game.hand.hands[0]
    key(app, pygame.K_c)
    step(app)
    assert scene.toast_text.startswith("Your cards do not win every remaining trick")
    assert ctl.game.hand.hands[0] == held and human_turn(scene, "play")
    assert scene.button("claim") is None
    play_until(app, scene, lambda: scene.claim_offer is not None)
    hand = ctl.game.hand
    left = 13 - len(hand.trick_winners)
    won_before = hand.tricks_won[0]
    assert drawn(scene, "label", "claim")
    click_button(app, scene, "claim")
    until(app, lambda: scene.result is not None)
    done = ctl.game.hands[0]
    assert done.phase == "done" and len(done.plays) == 52
    assert done.tricks_won[0] == won_before + left
    assert all(w == 0 for w in done.trick_winners[13 - left :])
    assert load(ctl.record()).hands[0].tricks_won == done.tricks_won


def test_the_review_steps_through_a_hand_with_every_card_face_up() -> None:
    app, scene = table(seed=4, coach_level="hard", coach_think_ms=5)
    ctl = scene.ctl
    play_until(app, scene, lambda: scene.result is not None)
    until(app, lambda: scene.button("review") is not None)
    click_button(app, scene, "review")
    review = app.scene
    assert isinstance(review, ReviewScene) and review.hand_index == 0
    step(app)
    assert review.step == 0 and review.analysing()  # usable while the analysis fills in
    assert [len(review.shown[s]) for s in range(4)] == [13, 13, 13, 13]
    faces = set().union(*map(set, review.shown.values()))
    assert faces == set(cards_of(sum(ctl.game.hands[0].dealt)))
    seen_in_tricks: list[int] = []
    for k in range(1, 14):
        key(app, pygame.K_RIGHT)
        assert review.step == k
        assert len(review.trick_shown) == 4 and sum(len(c) for c in review.shown.values()) == (
            52 - 4 * k
        )
        seen_in_tricks += review.trick_shown
    assert sorted(seen_in_tricks) == sorted(ctl.game.hands[0].plays)
    key(app, pygame.K_RIGHT)
    assert review.step == 13
    until(app, lambda: not review.analysing())
    assert len(review.verdicts) == len(review.points) == 14  # the bid and 13 cards
    labels = [review.cell_label(s) for s in range(14)]
    assert all(lab in ("good", "slip", "mistake", "none") for lab in labels)
    click(app, review.cells[2][1].center)
    assert review.step == 2
    click_button(app, review, "back")
    assert app.scene is scene and scene.result is not None


def test_export_writes_records_that_load(home: Path) -> None:
    app, scene = table(seed=2)
    ctl = scene.ctl
    play_until(app, scene, lambda: human_turn(scene, "play") and len(ctl.game.hand.plays) >= 6)
    key(app, pygame.K_o)
    assert scene.overlay == "options"
    click_button(app, scene, "export_game")
    games = list((home / "exports").glob("game-*.json"))
    assert len(games) == 1 and str(games[0]) in scene.toast_text
    data = json.loads(games[0].read_text(encoding="utf-8"))
    assert load(data).hands[0].plays == ctl.game.hand.plays
    click_button(app, scene, "export_hand")
    hands = list((home / "exports").glob("hand-1-*.json"))
    assert len(hands) == 1
    one = load(json.loads(hands[0].read_text(encoding="utf-8")))
    assert len(one.hands) == 1 and one.hands[0].dealt == ctl.game.hand.dealt


def _type_path(app: App, scene: TableScene, path: str) -> None:
    """Click the path field, clear it, type a path and press Enter."""
    click(app, scene.path_field.rect.center)
    assert scene.path_field.editing
    press(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=path))
    step(app)
    key(app, pygame.K_RETURN)


def test_opening_a_malformed_record_says_what_is_wrong(home: Path) -> None:
    app, scene = table(seed=2)
    ctl = scene.ctl
    play_until(app, scene, lambda: human_turn(scene, "play"))
    before = ctl.record()
    bad = home / "broken.json"
    broken = {"rules": "classic", "hands": [{"dealer": 0, "deal": [["ZZ"], [], [], []]}]}
    bad.write_text(json.dumps(broken))
    key(app, pygame.K_o)
    _type_path(app, scene, str(bad))
    text, kind = scene.options_status
    assert kind == "error" and text.startswith("broken.json: not a playable game record")
    assert "\n" not in text and "ZZ" in text
    assert app.scene is scene and ctl.record()["hands"] == before["hands"]
    _type_path(app, scene, str(home / "missing.json"))
    assert scene.options_status == ("missing.json: no such file", "error")
    good = home / "good.json"
    good.write_text(json.dumps(before))
    _type_path(app, scene, str(good))
    assert isinstance(app.scene, ReviewScene)
    assert app.scene.game.hands[0].dealt == ctl.game.hand.dealt


def test_practice_mode_from_the_options_and_the_settings(home: Path) -> None:
    from spades_gui import settings as settings_mod
    from spades_gui.ui.scenes import install_services

    app, scene = table(seed=2)
    install_services(app)
    key(app, pygame.K_o)
    click_button(app, scene, "practice")
    assert scene.ctl.practice and app.services["settings"].practice
    assert settings_mod.load()[0].practice
    settings = SettingsScene(app)
    app.switch(settings)
    settings.show_tab("table")
    toggle = settings.find("practice")
    toggle.activate()
    assert not settings_mod.load()[0].practice


def test_a_failed_hint_says_so_and_the_table_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades_gui.controller.core as core

    def broken(*args: Any, stop: Any = None) -> None:
        raise RuntimeError("no coach today")

    monkeypatch.setattr(core, "explain_job", broken)
    app, scene = table(seed=5)
    until(app, lambda: human_turn(scene, "bid"))
    key(app, pygame.K_h)
    until(app, lambda: not scene.hint_wait)
    assert scene.hint is None and scene.toast_text.startswith("No hint this time")
    assert not drawn(scene, "panel", "hint")
    act_by_clicks(app, scene)
    until(app, lambda: scene.ctl.game.hand.bids[0] is not None)


def test_an_exported_hand_opens_for_review_from_the_recent_list(home: Path) -> None:
    """Issue 11 (19): a record opens from a list of recent ones, no typed path."""
    app, scene = table(seed=2)
    ctl = scene.ctl
    play_until(app, scene, lambda: human_turn(scene, "play") and len(ctl.game.hand.plays) >= 6)
    key(app, pygame.K_o)
    assert scene.button("recent:0") is None  # nothing exported or opened yet
    click_button(app, scene, "export_hand")
    key(app, pygame.K_o)  # close the options, and open them again later
    assert scene.overlay is None
    scene.path_field.text = ""  # no typed path to fall back on
    key(app, pygame.K_o)
    row = scene.button("recent:0")
    assert row is not None and row.text.startswith("hand-1-")
    assert scene.button("browse_record") is None  # no system picker under the dummy driver
    click_button(app, scene, "recent:0")
    assert isinstance(app.scene, ReviewScene)
    assert app.scene.game.hands[0].dealt == ctl.game.hand.dealt
    # what was exported and opened is remembered for the next table; other exports follow
    from spades_gui.coach.records import recent_records

    other = home / "exports" / "older.json"
    other.write_text(json.dumps(ctl.record()))
    os.utime(other, (1, 1))
    assert [p.name for p in recent_records()] == [row.text, "older.json"]
