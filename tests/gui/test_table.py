"""The table driven like a player: posted clicks, drags and keys through App.step."""

from __future__ import annotations

import os
from itertools import combinations
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades_gui.controller import Controller  # noqa: E402
from spades_gui.engine import BID, PLAY, preset_rules  # noqa: E402
from spades_gui.engine.cards import cards_of  # noqa: E402
from spades_gui.ui.main import App  # noqa: E402
from spades_gui.ui.table import TableScene, new_game_scene, resume_scene  # noqa: E402
from spades_gui.ui.widgets_basic import text_width  # noqa: E402
from tests.gui.helpers import tap_in_run_loop  # noqa: E402

DT = 1 / 60


def make(
    rules: str = "classic",
    seed: int = 3,
    speed: str = "off",
    size: tuple[int, int] = (1280, 720),
    levels: tuple[str, ...] = ("random", "easy", "random"),
    **kw: Any,
) -> tuple[App, TableScene]:
    """A headless app showing a fresh table; AI seats answer at once."""
    app = App(size, headless=True)
    prefs = {"animation": speed, **kw.pop("prefs", {})}
    ctl = Controller.new_game(preset_rules(rules), levels, seed=seed, executor="inline", **kw)
    scene = TableScene(app, ctl, prefs)
    app.switch(scene)
    return app, scene


def step(app: App, n: int = 1) -> None:
    """Frames with whatever events were posted."""
    for _ in range(n):
        app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    """Post a left click at a screen position and run a frame."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def key(app: App, k: int) -> None:
    """Post a key press and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    step(app)


def click_button(app: App, scene: TableScene, name: str) -> None:
    """Click a named button where the scene drew it."""
    b = scene.button(name)
    assert b is not None, f"no button {name!r}; have {[b.name for b in scene.active_buttons()]}"
    click(app, b.rect.center)


def until(app: App, cond: Any, frames: int = 20_000) -> None:
    """Run frames until cond() holds."""
    for _ in range(frames):
        if cond():
            return
        step(app)
    raise AssertionError("the table never got there")


def play_until(app: App, scene: TableScene, cond: Any, frames: int = 50_000) -> None:
    """Run frames, answering every prompt by clicks, until cond() holds at a prompt or end."""
    for _ in range(frames):
        if cond():
            return
        if human_turn(scene):
            act_by_clicks(app, scene)
        step(app)
    raise AssertionError("the table never got there")


def human_turn(scene: TableScene, kind: str | None = None) -> bool:
    p = scene.prompt
    return p is not None and not scene.sent and (kind is None or p.kind == kind)


def act_by_clicks(app: App, scene: TableScene) -> None:
    """Answer the current prompt the way a player would: with a click."""
    p = scene.prompt
    assert p is not None
    if p.kind == "bid":
        plain = [b for b in p.options if b < 100]
        click_button(app, scene, f"bid:{plain[min(2, len(plain) - 1)]}")
    elif p.kind == "blind":
        click_button(app, scene, "show")
    elif p.kind == "misdeal":
        click_button(app, scene, "misdeal:keep")
    elif p.kind == "play":
        card = cards_of(p.options)[0]
        click(app, scene.card_point(card))
    elif p.kind == "pass":
        for c in cards_of(scene.ctl.game.hand.hands[0])[: p.options]:
            click(app, scene.card_point(c))
        click_button(app, scene, "pass")
    elif p.kind == "continue":
        click_button(app, scene, "continue")


def test_a_player_bids_and_plays_a_whole_hand_by_clicks() -> None:
    app, scene = make(speed="fast")
    ctl = scene.ctl
    until(app, lambda: human_turn(scene))
    assert scene.prompt.kind == "bid"
    bids_before = sum(b is not None for b in ctl.game.hand.bids)
    act_by_clicks(app, scene)
    until(app, lambda: ctl.game.hand.bids[0] is not None)
    assert sum(b is not None for b in ctl.game.hand.bids) >= bids_before + 1
    plays = 0
    while scene.result is None:
        until(app, lambda: human_turn(scene) or scene.result is not None)
        if scene.result is not None:
            break
        if scene.prompt.kind == "play":
            plays += 1
        act_by_clicks(app, scene)
    assert plays == 13
    hand = ctl.game.hands[0]
    assert hand.phase == "done" and sum(hand.tricks_won) == 13
    assert sum(scene.tricks_shown) == 13
    until(app, lambda: scene.button("continue") is not None)
    click_button(app, scene, "continue")
    until(app, lambda: len(ctl.game.hands) == 2 and scene.result is None)


def test_an_illegal_card_is_refused_with_its_reason() -> None:
    app, scene = make("pagat", seed=5)
    ctl = scene.ctl
    for _ in range(60):
        until(app, lambda: human_turn(scene))
        p = scene.prompt
        hand = ctl.game.hand
        if p.kind == "play" and hand.trick and hand.hands[0] & ~p.options:
            break
        act_by_clicks(app, scene)
    else:
        pytest.fail("never had to follow suit")
    bad = cards_of(hand.hands[0] & ~p.options)[0]
    held = hand.hands[0]
    click(app, scene.card_point(bad))
    step(app)
    led = ["clubs", "diamonds", "hearts", "spades"][hand.deck.suit[hand.trick[0]]]
    assert scene.toast_text == f"You must follow {led}"
    assert scene.toast_left > 0
    assert ctl.game.hand.hands[0] == held and human_turn(scene, "play")
    good = cards_of(p.options)[0]
    click(app, scene.card_point(good))
    step(app)
    assert not ctl.game.hand.hands[0] >> good & 1


def test_a_quick_tap_on_a_legal_card_plays_it() -> None:
    """Press and release in one frame, while the loop idles (a touchpad tap), plays the card."""
    app, scene = make("classic", seed=11)
    ctl = scene.ctl
    try:
        play_until(app, scene, lambda: human_turn(scene, "play"))
        card = cards_of(scene.prompt.options)[0]
        played = lambda: card in ctl.game.hand.plays  # noqa: E731
        assert tap_in_run_loop(app, scene.card_point(card), played)
    finally:
        ctl.close(save=False)


def test_keyboard_and_drag_play_cards() -> None:
    app, scene = make("jokers350", seed=8)
    ctl = scene.ctl
    play_until(app, scene, lambda: human_turn(scene, "play"))
    legal = cards_of(scene.prompt.options)
    key(app, pygame.K_RIGHT)
    assert scene.focus_card == [c for c in scene.hand_rects if c in legal][0]
    chosen = scene.focus_card
    key(app, pygame.K_RETURN)
    step(app)
    assert chosen in ctl.game.hand.plays
    until(app, lambda: human_turn(scene, "play"))
    card = cards_of(scene.prompt.options)[-1]
    start = scene.card_point(card)
    target = scene.L.trick_center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (
            start[0] + (target[0] - start[0]) * i // 5,
            start[1] + (target[1] - start[1]) * i // 5,
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    step(app)
    assert scene.drag is not None and scene.drag.active
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    step(app)
    assert card in ctl.game.hand.plays


def _check_layout(scene: TableScene, size: tuple[int, int]) -> None:
    """Every card and label drawn inside the window; no label overlaps another or a card."""
    window = pygame.Rect(0, 0, *size)
    assert scene.drawn, "nothing was drawn"
    for kind, name, r in scene.drawn:
        assert window.contains(r), f"{kind} {name} {r} outside {size}"
    labels = [(n, r) for k, n, r in scene.drawn if k == "label"]
    cards = [(n, r) for k, n, r in scene.drawn if k == "cards"]
    panels = [(n, r) for k, n, r in scene.drawn if k == "panel"]
    for (a, ra), (b, rb) in combinations(labels, 2):
        assert not ra.colliderect(rb), f"labels {a} and {b} overlap"
    for a, ra in labels + panels:
        for b, rb in cards:
            assert not ra.colliderect(rb), f"{a} overlaps cards {b} at {size}"
    for (a, ra), (b, rb) in combinations(cards, 2):
        assert not ra.colliderect(rb), f"cards {a} and {b} overlap at {size}"


def _resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    step(app)
    assert app.size == size


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_resizing_keeps_everything_inside_and_apart(size: tuple[int, int]) -> None:
    app, scene = make("classic", seed=4)
    ctl = scene.ctl
    until(app, lambda: human_turn(scene, "bid"))
    for s in ((1280, 720), size):
        _resize(app, s)
        scene.draw(app.screen)
        _check_layout(scene, s)
        assert scene.hand_rects and all(
            r.width == scene.L.hand_w for r in scene.hand_rects.values()
        )
        assert scene.art.face(0, scene.L.hand_w).get_width() == scene.L.hand_w
    act_by_clicks(app, scene)
    # mid-trick, the player to act: lifted cards, trick cards, prompt line
    play_until(app, scene, lambda: human_turn(scene, "play") and len(scene.trick) >= 2)
    for s in ((1280, 720), size):
        _resize(app, s)
        scene.draw(app.screen)
        _check_layout(scene, s)
    assert ctl.game.hand.phase == PLAY


def test_save_mid_hand_and_resume_returns_the_same_position() -> None:
    saved: list[dict[str, Any]] = []
    app, scene = make("classic", seed=6, save_fn=saved.append)
    ctl = scene.ctl
    play_until(
        app,
        scene,
        lambda: (
            human_turn(scene, "play")
            and len(ctl.game.hand.trick_winners) >= 3
            and len(scene.trick) >= 1
        ),
    )
    record = saved[-1]
    assert record == ctl.record() | {"table": record["table"]}
    hand = ctl.game.hand
    before = {
        "hands": list(hand.hands),
        "trick": list(hand.trick),
        "tricks_won": list(hand.tricks_won),
        "bids": list(hand.bids),
        "turn": hand.turn,
        "scores": list(ctl.game.scores),
    }
    view = (list(scene.trick), list(scene.tricks_shown), scene.spades_broken)
    legal = scene.prompt.options
    ctl.close()

    app2 = App((1280, 720), headless=True)
    scene2 = resume_scene(app2, record, prefs={"animation": "off"})
    app2.switch(scene2)
    until(app2, lambda: human_turn(scene2, "play"))
    h2 = scene2.ctl.game.hand
    after = {
        "hands": list(h2.hands),
        "trick": list(h2.trick),
        "tricks_won": list(h2.tricks_won),
        "bids": list(h2.bids),
        "turn": h2.turn,
        "scores": list(scene2.ctl.game.scores),
    }
    assert after == before
    assert (list(scene2.trick), list(scene2.tricks_shown), scene2.spades_broken) == view
    assert scene2.prompt.options == legal
    assert scene2.ctl.names == ctl.names and scene2.ctl.seats == ctl.seats
    scene2.ctl.close(save=False)


def test_blind_nil_offered_with_cards_face_down() -> None:
    app, scene = make("pagat", seed=1)
    until(app, lambda: human_turn(scene, "blind"))
    assert scene.hidden
    assert scene.button("bid:101") is not None and scene.button("show") is not None
    scene.draw(app.screen)
    backs = scene.art.back(scene.L.hand_w)
    r = next(iter(scene.hand_rects.values()))
    assert app.screen.get_at((r.left + r.width // 2, r.top + r.height // 2)) == backs.get_at(
        (r.width // 2, r.height // 2)
    )
    click_button(app, scene, "show")
    until(app, lambda: human_turn(scene, "bid"))
    assert not scene.hidden and scene.button("bid:101") is None


def _blind_table(seed: int = 3, **options: Any) -> tuple[App, TableScene]:
    """Pagat rules (blind nil +200/-200 with a 2-card exchange) plus options, at the blind
    question."""
    app = App((1280, 720), headless=True)
    rules = preset_rules("pagat").with_options(**options)
    ctl = Controller.new_game(rules, ("random", "easy", "random"), seed=seed, executor="inline")
    scene = TableScene(app, ctl, {"animation": "off"})
    app.switch(scene)
    until(app, lambda: human_turn(scene, "blind"))
    step(app)
    return app, scene


def _bid_blind_nil(app: App, scene: TableScene) -> None:
    click_button(app, scene, "bid:101")
    until(app, lambda: human_turn(scene, "pass"))
    step(app)


def test_optional_exchange_no_exchange() -> None:
    """003: "the bidder may exchange two cards with partner": a clear choice, then none."""
    app, scene = _blind_table()
    _bid_blind_nil(app, scene)
    assert scene.button("exchange:yes").text == "Exchange 2 cards with partner"
    assert scene.button("exchange:no").text == "No exchange"
    assert scene.button("pass") is None
    hand = scene.ctl.game.hand
    before = hand.hands[0]
    click_button(app, scene, "exchange:no")
    until(app, lambda: scene.ctl.game.hand.phase == "play")
    assert hand.passes == [(0, 2, 0)] and hand.hands[0] == before
    scene.ctl.close(save=False)


def test_optional_exchange_taken() -> None:
    app, scene = _blind_table()
    _bid_blind_nil(app, scene)
    click_button(app, scene, "exchange:yes")
    step(app)
    assert scene.button("exchange:yes") is None and scene.button("pass") is not None
    hand = scene.ctl.game.hand
    for card in hand.cards_in_hand(0)[-2:]:
        scene._card_action(card)
    click_button(app, scene, "pass")
    until(app, lambda: scene.ctl.game.hand.phase == "play")
    assert [(g, t, m.bit_count()) for g, t, m in hand.passes] == [(0, 2, 2), (2, 0, 2)]
    scene.ctl.close(save=False)


def test_compulsory_exchange_has_no_choice() -> None:
    """002: "The bidder must exchange two cards with partner"."""
    app, scene = _blind_table(blind_nil_exchange="compulsory")
    _bid_blind_nil(app, scene)
    assert scene.button("exchange:no") is None and scene.button("pass") is not None
    scene.ctl.close(save=False)


def _focused(scene: TableScene) -> str | None:
    buttons = scene._panel_buttons()
    return buttons[scene.focus_button].name if 0 <= scene.focus_button < len(buttons) else None


def test_blind_question_defaults_to_looking_at_the_cards() -> None:
    app, scene = _blind_table(blind_bids=("blind13",))
    show = scene.button("show")
    assert show.text == "Look at my cards" and show.style == "accent"
    assert _focused(scene) == "show"
    blind_nil, blind_13 = scene.button("bid:101"), scene.button("bid:213")
    assert blind_nil.text == "Blind nil: +200 / \u2212200, with an optional 2-card exchange"
    assert blind_13.text == "Blind 13: +350 / \u2212350"
    assert blind_nil.style != "accent" and blind_13.style != "accent"
    key(app, pygame.K_RETURN)  # Enter alone looks at the cards, never bids blind
    until(app, lambda: human_turn(scene, "bid"))
    assert not scene.hidden and scene.ctl.game.hand.bids[0] is None
    assert scene.button("bid:101") is None and scene.button("bid:213") is None
    assert _focused(scene) != "show" and scene.focus_button == -1


def test_a_blind_bid_needs_the_focus_moved_to_it() -> None:
    app, scene = _blind_table(blind_bids=("blind13",))
    key(app, pygame.K_RIGHT)
    assert _focused(scene) == "bid:101"
    key(app, pygame.K_RIGHT)
    assert _focused(scene) == "bid:213"
    key(app, pygame.K_RETURN)
    until(app, lambda: scene.ctl.game.hand.bids[0] is not None)
    assert scene.ctl.game.hand.bids[0] == 213


def test_many_blind_bids_fit_and_keep_apart() -> None:
    app, scene = _blind_table(blind_bids=("blind6", "blind7plus"))
    for size in ((1280, 720), (1920, 1080), (1024, 600)):
        _resize(app, size)
        scene.draw(app.screen)
        _check_layout(scene, size)
        panel = next(p for p in scene.panels if p.name == "blind")
        assert len(panel.buttons) == 1 + 1 + 8
        assert scene.button("bid:206").text == "Blind 6 exactly: +120 / \u2212120"
        assert scene.button("bid:210").text == "Blind 10: +200 / \u2212200"
        for b in panel.buttons:
            assert panel.rect.contains(b.rect), f"{b.name} outside the panel at {size}"
            assert text_width(b.text, b.size * b.s) <= b.rect.width, f"{b.name} clipped"
        for a, b in combinations(panel.buttons, 2):
            assert not a.rect.colliderect(b.rect), f"{a.name} and {b.name} overlap at {size}"


def test_hint_style_labels_the_second_partner_as_team_totals() -> None:
    app, scene = make("online", seed=5, levels=("easy", "easy", "easy"))
    ctl = scene.ctl
    for _ in range(20):
        until(app, lambda: human_turn(scene))
        hand = ctl.game.hand
        if hand.phase == BID and hand.bids[2] is not None:
            break
        act_by_clicks(app, scene)
        until(app, lambda: ctl.game.hand.phase != BID or not scene.sent)
        if hand.phase != BID:
            until(app, lambda: scene.result is not None or human_turn(scene))
    hint = ctl.game.hand.bids[2]
    assert scene._plate_info(2) == f"Hint {hint}"  # issue 11 (15): the same words as "Team"
    b = scene.button(f"bid:{1 - hint}")
    assert b is not None and b.text == "1"
    click(app, b.rect.center)
    step(app)
    assert ctl.game.hand.bids[0] == 1 - hint
    assert scene._plate_info(0).startswith("Team 1")
    assert scene._plate_info(2).startswith(f"Hint {hint}")


def test_score_pad_last_trick_and_escape_to_menu() -> None:
    app, scene = make("classic", seed=2)
    went: list[bool] = []
    app.services["to_menu"] = lambda: went.append(True)
    play_until(app, scene, lambda: human_turn(scene, "play") and scene.last_trick is not None)
    key(app, pygame.K_s)
    assert scene.overlay == "scores" and scene.button("close") is not None
    key(app, pygame.K_ESCAPE)
    assert scene.overlay is None and not went
    click_button(app, scene, "last")
    assert scene.overlay == "last"
    key(app, pygame.K_l)
    assert scene.overlay is None
    key(app, pygame.K_ESCAPE)
    assert went == [True] and scene.ctl.closed


def test_new_game_scene_takes_the_menu_arguments() -> None:
    app = App((1280, 720), headless=True)
    prefs = {"animation": "fast", "four_color": True, "card_back_rgb": (168, 32, 44)}
    scene = new_game_scene(
        app, preset_rules("classic"), ("easy", "medium", "hard"), ("Me", "W", "N", "E"), 9, prefs
    )
    assert scene.ctl.seats == (None, "easy", "medium", "hard")
    assert scene.ctl.names == ("Me", "W", "N", "E") and scene.speed == 0.5
    assert scene.art.four_color and scene.art.back_color == (168, 32, 44)
    scene.ctl.close(save=False)


def test_an_ai_only_game_reaches_game_over_on_the_table() -> None:
    app = App((1280, 720), headless=True)
    ctl = Controller.new_game(preset_rules("intramural"), ("easy",) * 4, seed=3, executor="inline")
    scene = TableScene(app, ctl, {"animation": "fast"})
    app.switch(scene)
    until(app, lambda: scene.over is not None and scene.result is None, frames=100_000)
    assert ctl.game.over and scene.button("rematch") is not None
    click_button(app, scene, "rematch")
    assert isinstance(app.scene, TableScene) and app.scene is not scene
    app.scene.ctl.close(save=False)


def test_an_open_panel_is_drawn_over_a_card_still_flying() -> None:
    """Issue 11 (7): S right after playing a card: the score pad covers the card in flight."""
    app, scene = make("classic", seed=2, speed="slow")
    ctl = scene.ctl
    play_until(app, scene, lambda: human_turn(scene, "play") and not scene.anim.busy)
    card = cards_of(scene.prompt.options)[0]
    click(app, scene.card_point(card))
    key(app, pygame.K_s)
    assert scene.overlay == "scores"
    pad = next(p.rect for p in scene.panels if p.name == "scores")
    flight = scene.anim.flights[0]
    while not pad.collidepoint(flight.pos()):
        assert not flight.done, "the card landed outside the score pad"
        step(app)
    x, y = (round(v) for v in flight.pos())
    scene.draw(app.screen)
    with_card = app.screen.get_at((x, y))
    scene.anim.flights, kept = [], scene.anim.flights
    scene.draw(app.screen)
    assert app.screen.get_at((x, y)) == with_card  # the flight is hidden under the pad
    scene.anim.flights = kept
    ctl.close(save=False)


def test_the_last_trick_is_collected_before_the_scores_and_seats_change() -> None:
    """Issue 11 (13): the hand's end shows only once its last trick has left the table."""
    app, scene = make("classic", seed=2, speed="normal")
    ctl = scene.ctl
    play_until(app, scene, lambda: ctl.game.hand is not None and ctl.game.hand.phase == "done")
    assert ctl.game.scores != [0, 0]  # the game has scored the hand already
    seen = []
    while scene.result is None:
        if scene.trick or scene.anim.flights:  # the last trick still on the table
            seen.append((list(scene.shown_scores[0]), [scene._plate_info(s) for s in range(4)]))
        step(app)
    assert seen, "the last trick was never shown"
    for scores, plates in seen:
        assert scores == [0, 0]
        assert all("Won " in p for p in plates), plates
    assert scene.shown_scores[0] == list(ctl.game.scores)
    ctl.close(save=False)


def test_the_smallest_window_keeps_its_small_print_readable() -> None:
    """Issue 11 (16): at 1024×640 "Bids so far" was about 9 px tall; no text under 16 px."""
    app, scene = make("classic", seed=4, size=(1024, 640))
    until(app, lambda: human_turn(scene, "bid"))
    L = scene.L
    sizes = [L.f_name, L.f_info, L.f_small, L.f_score, L.f_title, L.f_body, L.f_button]
    assert min(sizes) >= 16
    scene.draw(app.screen)
    _check_layout(scene, (1024, 640))
    panel = next(p for p in scene.panels if p.name == "bid")
    for b in panel.buttons:
        assert panel.rect.contains(b.rect)
    play_until(app, scene, lambda: human_turn(scene, "play") and len(scene.trick) >= 2)
    scene.draw(app.screen)
    _check_layout(scene, (1024, 640))
    scene.ctl.close(save=False)


@pytest.mark.parametrize("auto", [False, True])
def test_a_forced_card_is_played_for_the_player_when_asked(auto: bool) -> None:
    """Issue 11 (18): Classic's first trick (lowest club) goes by itself with the option on."""
    app, scene = make("classic", seed=3, prefs={"auto_play": auto})
    ctl = scene.ctl
    play_until(app, scene, lambda: ctl.game.hand is not None and ctl.game.hand.phase == PLAY)
    until(app, lambda: human_turn(scene, "play") or len(ctl.game.hand.plays) >= 4)
    if auto:
        assert len(ctl.game.hand.plays) >= 4 and ctl.game.hand.hands[0].bit_count() == 12
        assert scene.toast_text.startswith("Your only card to play: the ")
    else:
        assert scene.prompt.options.bit_count() == 1  # forced, but waits for the player
        step(app, 30)
        assert human_turn(scene, "play") and ctl.game.hand.hands[0].bit_count() == 13
    ctl.close(save=False)


def test_a_trick_can_wait_for_a_click_or_a_longer_pause() -> None:
    """Issue 11 (21): the finished trick stays until a click (or for a long pause)."""
    app, scene = make("classic", seed=3, prefs={"collect": "click"})
    ctl = scene.ctl
    play_until(app, scene, lambda: scene.collect_wait is not None)
    assert len(scene.trick) == 4 and scene.trick_winner is not None
    step(app, 300)  # five seconds: still there, and nothing else moved on
    assert len(scene.trick) == 4 and len(ctl.game.hand.trick_winners) >= 1
    assert scene._prompt_line() == "Click or press Space to collect the trick"
    key(app, pygame.K_SPACE)
    until(app, lambda: len(scene.trick) < 4)
    assert scene.collect_wait is None and sum(scene.tricks_shown) == 1
    play_until(app, scene, lambda: scene.collect_wait is not None)
    click(app, scene.L.trick_center)
    until(app, lambda: sum(scene.tricks_shown) == 2)
    ctl.close(save=False)

    app, scene = make("classic", seed=3, prefs={"collect": "long"})
    play_until(app, scene, lambda: scene.trick_winner is not None)
    step(app, 120)  # two seconds, with animation off: still on the table
    assert len(scene.trick) == 4
    step(app, 40)
    assert sum(scene.tricks_shown) == 1 and scene.trick_winner is None
    scene.ctl.close(save=False)


def test_a_long_name_is_cut_to_fit_its_seat_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11 (10): a 16-character name ends in "…" inside its box, never past it."""
    from spades_gui.ui import widgets_basic

    app, scene = make("classic", seed=4, names=("You", "WWWWWWWWWWWWWWWW", "Partner", "East"))
    until(app, lambda: human_turn(scene, "bid"))
    seen: list[str] = []
    real = widgets_basic.render_text

    def record(text: str, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(widgets_basic, "render_text", record)
    scene._base_dirty = True
    scene.draw(app.screen)
    monkeypatch.setattr(widgets_basic, "render_text", real)
    shown = [t for t in seen if t.startswith("WWW")]
    assert shown and all(t.endswith("…") for t in shown)
    plate = scene.L.plates[1]
    assert text_width(shown[0], scene.L.f_name) < plate.width - scene.L.px(60)
    scene.ctl.close(save=False)


def test_the_keyboard_card_is_clearly_marked_and_a_ring_keeps_off_its_neighbour() -> None:
    """Issue 11 (12): a gold pointer over the focused card; the hint ring around only the
    part of a card that shows."""
    from spades_gui.controller import HintReady
    from spades_gui.ui.coach_panels import HINT_RING

    app, scene = make("classic", seed=8)
    play_until(app, scene, lambda: human_turn(scene, "play") and len(scene.hand_rects) > 6)
    key(app, pygame.K_RIGHT)
    card = scene.focus_card
    scene.draw(app.screen)
    cards = list(scene.hand_rects)
    r = scene.hand_rects[card]
    right = scene.hand_rects[cards[cards.index(card) + 1]].left if card != cards[-1] else r.right
    above = ((r.left + right) // 2, r.top - scene.L.px(8))
    assert app.screen.get_at(above)[:3] == (244, 198, 88)  # the gold pointer
    # a hint on a covered card: its ring stays off the face of the card to its right
    scene.focus_card = None
    covered = cards[0]
    nxt = scene.hand_rects[cards[1]]
    p = scene.prompt
    scene.hint = HintReady(1, 0, "play", covered, "because", "hard")
    scene._rebuild()
    scene.draw(app.screen)
    old_edge = (scene.hand_rects[covered].right + scene.L.px(2), nxt.centery)
    assert nxt.collidepoint(old_edge)
    assert app.screen.get_at(old_edge)[:3] != HINT_RING
    edge = (nxt.left - 1, nxt.centery)
    assert (
        app.screen.get_at(edge)[:3] == HINT_RING
        or app.screen.get_at((nxt.left, nxt.centery))[:3] == HINT_RING
    )
    assert scene.prompt is p
    scene.ctl.close(save=False)


def test_the_cards_received_in_an_exchange_are_marked_for_a_moment() -> None:
    """Issue 11 (20): after a blind nil exchange, partner's cards stand out in the hand."""
    app, scene = _blind_table(blind_nil_exchange="compulsory")
    _bid_blind_nil(app, scene)
    hand = scene.ctl.game.hand
    for card in hand.cards_in_hand(0)[-2:]:
        scene._card_action(card)
    click_button(app, scene, "pass")
    until(app, lambda: len(hand.passes) == 2)
    step(app)
    got = hand.passes[1][2]
    assert hand.passes[1][:2] == (2, 0) and scene.received == got
    scene.draw(app.screen)
    marked = {n for k, n, _r in scene.drawn if k == "mark"}
    assert marked == {f"received{c}" for c in cards_of(got)}
    step(app, 60 * 6)  # a few seconds later the marks are gone
    scene.draw(app.screen)
    assert scene.received == 0 and not [n for k, n, _r in scene.drawn if k == "mark"]
    scene.ctl.close(save=False)
