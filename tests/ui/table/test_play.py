"""The table driven like a player: posted clicks, drags and keys, frame by frame."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.controller import HintReady
from spades_gui.engine import BID, PLAY, preset_rules
from spades_gui.engine.actions import PlayAction
from spades_gui.engine.bids import NIL
from spades_gui.engine.cards import cards_of
from spades_gui.engine.scoring import team_need
from spades_gui.ui.table import TableScene, new_game_scene, resume_scene
from spades_gui.ui.table.panels import focus_order
from spades_gui.ui.theme import HINT_RING
from spades_gui.ui.widgets import text_width

if TYPE_CHECKING:
    from tests.conftest import Pilot


pytestmark = pytest.mark.real_loop


def test_a_player_bids_and_plays_a_whole_hand_by_clicks(pilot: Pilot) -> None:
    scene = pilot.table(speed="fast")
    ctl, v = scene.ctl, scene.view
    pilot.until(pilot.human_turn)
    assert v.prompt.request.kind == "bid"
    bids_before = sum(b is not None for b in ctl.game.hand.bids)
    pilot.act()
    pilot.until(lambda: ctl.game.hand.bids[0] is not None)
    assert sum(b is not None for b in ctl.game.hand.bids) >= bids_before + 1
    plays = 0
    while v.result is None:
        pilot.until(lambda: pilot.human_turn() or v.result is not None)
        if v.result is not None:
            break
        if v.prompt.request.kind == "play":
            plays += 1
        pilot.act()
    assert plays == 13
    hand = ctl.game.hands[0]
    assert hand.phase == "done" and sum(hand.tricks_won) == 13
    assert sum(v.tricks_won) == 13
    pilot.until(lambda: scene.button("continue") is not None)
    pilot.click_button("continue")
    pilot.until(lambda: len(ctl.game.hands) == 2 and v.result is None)


def test_an_illegal_card_is_refused_with_its_reason(pilot: Pilot) -> None:
    scene = pilot.table("pagat", seed=5)
    ctl, v = scene.ctl, scene.view
    for _ in range(60):
        pilot.until(pilot.human_turn)
        p = v.prompt
        hand = ctl.game.hand
        if p.request.kind == "play" and hand.trick and hand.hands[0] & ~p.request.options:
            break
        pilot.act()
    else:
        pytest.fail("never had to follow suit")
    bad = cards_of(hand.hands[0] & ~p.request.options)[0]
    held = hand.hands[0]
    pilot.click(scene.card_point(bad))
    pilot.step()
    led = ["clubs", "diamonds", "hearts", "spades"][hand.deck.suit[hand.trick[0]]]
    assert v.toast_text == f"You must follow {led}"
    assert v.toast_left > 0
    assert ctl.game.hand.hands[0] == held and pilot.human_turn("play")
    good = cards_of(p.request.options)[0]
    pilot.click(scene.card_point(good))
    pilot.step()
    assert not ctl.game.hand.hands[0] >> good & 1


def test_a_quick_tap_on_a_legal_card_plays_it(pilot: Pilot) -> None:
    """Press and release queued together while the loop sleeps (a touchpad tap) play the card."""
    scene = pilot.table("classic", seed=11)
    ctl = scene.ctl
    pilot.play_until(lambda: pilot.human_turn("play"))
    card = cards_of(scene.view.prompt.request.options)[0]
    pilot.settle()  # the loop is about to sleep: the tap arrives now, both halves
    p = tuple(map(int, scene.card_point(card)))
    pilot.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1),
    )
    pilot.settle()
    assert card in ctl.game.hand.plays


def test_keyboard_and_drag_play_cards(pilot: Pilot) -> None:
    scene = pilot.table("jokers350", seed=8)
    ctl, v = scene.ctl, scene.view
    pilot.play_until(lambda: pilot.human_turn("play"))
    legal = cards_of(v.prompt.request.options)
    pilot.key(pygame.K_RIGHT)
    assert v.focus_card == [c for c in scene.render.hand_rects if c in legal][0]
    chosen = v.focus_card
    pilot.key(pygame.K_RETURN)
    pilot.step()
    assert chosen in ctl.game.hand.plays
    pilot.until(lambda: pilot.human_turn("play"))
    card = cards_of(v.prompt.request.options)[-1]
    start = scene.card_point(card)
    target = scene.L.trick_center
    pilot.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (
            start[0] + (target[0] - start[0]) * i // 5,
            start[1] + (target[1] - start[1]) * i // 5,
        )
        pilot.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    pilot.step()
    assert v.drag is not None and v.drag.active
    pilot.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    pilot.step()
    assert card in ctl.game.hand.plays


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_resizing_keeps_everything_inside_and_apart(pilot: Pilot, size: tuple[int, int]) -> None:
    scene = pilot.table("classic", seed=4)
    pilot.until(lambda: pilot.human_turn("bid"))
    for s in ((1280, 720), size):
        pilot.resize(s)
        scene.draw(pilot.app.screen)
        pilot.check_layout(scene, s)
        rects = scene.render.hand_rects
        assert rects and all(r.width == scene.L.hand_w for r in rects.values())
        assert scene.art.face(0, scene.L.hand_w).get_width() == scene.L.hand_w
    pilot.act()
    # mid-trick, the player to act: lifted cards, trick cards, prompt line
    pilot.play_until(lambda: pilot.human_turn("play") and len(scene.view.trick) >= 2)
    for s in ((1280, 720), size):
        pilot.resize(s)
        scene.draw(pilot.app.screen)
        pilot.check_layout(scene, s)
    assert scene.ctl.game.hand.phase == PLAY


def test_save_mid_hand_and_resume_returns_the_same_position(pilot: Pilot) -> None:
    saved: list[dict[str, Any]] = []
    scene = pilot.table("classic", seed=6, save_fn=saved.append)
    ctl, v = scene.ctl, scene.view
    pilot.play_until(
        lambda: (
            pilot.human_turn("play") and len(ctl.game.hand.trick_winners) >= 3 and len(v.trick) >= 1
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
    shown = (list(v.trick), v.tricks_won, v.spades_broken, v.south, list(v.counts))
    legal = v.prompt.request.options
    ctl.close()

    app2 = pilot.open()
    scene2 = pilot.show(resume_scene(app2, record, prefs={"animation": "off"}))
    pilot.until(lambda: pilot.human_turn("play"))
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
    v2 = scene2.view
    assert (list(v2.trick), v2.tricks_won, v2.spades_broken, v2.south, list(v2.counts)) == shown
    assert v2.prompt.request.options == legal
    assert scene2.ctl.names == ctl.names and scene2.ctl.seats == ctl.seats


def test_blind_nil_offered_with_cards_face_down(pilot: Pilot) -> None:
    scene = pilot.table("pagat", seed=1)
    pilot.until(lambda: pilot.human_turn("blind"))
    assert scene.view.hidden
    assert scene.button("bid:101") is not None and scene.button("show") is not None
    scene.draw(pilot.app.screen)
    backs = scene.art.back(scene.L.hand_w)
    r = next(iter(scene.render.hand_rects.values()))
    assert pilot.app.screen.get_at(r.center) == backs.get_at((r.width // 2, r.height // 2))
    pilot.click_button("show")
    pilot.until(lambda: pilot.human_turn("bid"))
    assert not scene.view.hidden and scene.button("bid:101") is None


def blind_table(pilot: Pilot, seed: int = 3, **options: Any) -> TableScene:
    """Pagat rules (blind nil +200/-200 with a 2-card exchange) plus options, at the blind
    question."""
    scene = pilot.table(preset_rules("pagat").with_options(**options), seed=seed)
    pilot.until(lambda: pilot.human_turn("blind"))
    pilot.step()
    return scene


def bid_blind_nil(pilot: Pilot) -> None:
    """Bid blind nil at the blind question and wait for the exchange."""
    pilot.click_button("bid:101")
    pilot.until(lambda: pilot.human_turn("pass"))
    pilot.step()


def test_optional_exchange_no_exchange(pilot: Pilot) -> None:
    """003: "the bidder may exchange two cards with partner": a clear choice, then none."""
    scene = blind_table(pilot)
    bid_blind_nil(pilot)
    assert scene.button("exchange:yes").text == "Exchange 2 cards with partner"
    assert scene.button("exchange:no").text == "No exchange"
    assert scene.button("pass") is None
    hand = scene.ctl.game.hand
    before = hand.hands[0]
    pilot.click_button("exchange:no")
    pilot.until(lambda: scene.ctl.game.hand.phase == "play")
    assert hand.passes == [(0, 2, 0)] and hand.hands[0] == before


def test_optional_exchange_taken(pilot: Pilot) -> None:
    scene = blind_table(pilot)
    bid_blind_nil(pilot)
    pilot.click_button("exchange:yes")
    pilot.step()
    assert scene.button("exchange:yes") is None and scene.button("pass") is not None
    hand = scene.ctl.game.hand
    for card in scene.view.south_cards()[-2:]:
        pilot.click(scene.card_point(card))
    pilot.click_button("pass")
    pilot.until(lambda: scene.ctl.game.hand.phase == "play")
    assert [(g, t, m.bit_count()) for g, t, m in hand.passes] == [(0, 2, 2), (2, 0, 2)]


def test_compulsory_exchange_has_no_choice(pilot: Pilot) -> None:
    """002: "The bidder must exchange two cards with partner"."""
    scene = blind_table(pilot, blind_nil_exchange="compulsory")
    bid_blind_nil(pilot)
    assert scene.button("exchange:no") is None and scene.button("pass") is not None


def focused(scene: TableScene) -> str | None:
    """The name of the button the keyboard is on."""
    buttons = focus_order(scene.input.panels)
    i = scene.view.focus_button
    return buttons[i].name if 0 <= i < len(buttons) else None


def test_blind_question_defaults_to_looking_at_the_cards(pilot: Pilot) -> None:
    scene = blind_table(pilot, blind_bids=("blind13",))
    show = scene.button("show")
    assert show.text == "Look at my cards" and show.style == "accent"
    assert focused(scene) == "show"
    blind_nil, blind_13 = scene.button("bid:101"), scene.button("bid:213")
    assert blind_nil.text == "Blind nil: +200 / \u2212200, with an optional 2-card exchange"
    assert blind_13.text == "Blind 13: +350 / \u2212350"
    assert blind_nil.style != "accent" and blind_13.style != "accent"
    pilot.key(pygame.K_RETURN)  # Enter alone looks at the cards, never bids blind
    pilot.until(lambda: pilot.human_turn("bid"))
    assert not scene.view.hidden and scene.ctl.game.hand.bids[0] is None
    assert scene.button("bid:101") is None and scene.button("bid:213") is None
    assert focused(scene) == "bid:3"  # the keys in use: the bid panel starts on a plain 3


def test_a_blind_bid_needs_the_focus_moved_to_it(pilot: Pilot) -> None:
    scene = blind_table(pilot, blind_bids=("blind13",))
    pilot.key(pygame.K_RIGHT)
    assert focused(scene) == "bid:101"
    pilot.key(pygame.K_RIGHT)
    assert focused(scene) == "bid:213"
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: scene.ctl.game.hand.bids[0] is not None)
    assert scene.ctl.game.hand.bids[0] == 213


def test_many_blind_bids_fit_and_keep_apart(pilot: Pilot) -> None:
    scene = blind_table(pilot, blind_bids=("blind6", "blind7plus"))
    for size in ((1280, 720), (1920, 1080), (1024, 600)):
        pilot.resize(size)
        scene.draw(pilot.app.screen)
        pilot.check_layout(scene, size)
        panel = next(p for p in scene.input.panels if p.name == "blind")
        assert len(panel.buttons) == 1 + 1 + 8
        assert scene.button("bid:206").text == "Blind 6 exactly: +120 / \u2212120"
        assert scene.button("bid:210").text == "Blind 10: +200 / \u2212200"
        for b in panel.buttons:
            assert panel.rect.contains(b.rect), f"{b.name} outside the panel at {size}"
            assert text_width(b.text, b.size * b.s) <= b.rect.width, f"{b.name} clipped"
        for a, b in combinations(panel.buttons, 2):
            assert not a.rect.colliderect(b.rect), f"{a.name} and {b.name} overlap at {size}"


def test_hint_style_labels_the_second_partner_as_team_totals(pilot: Pilot) -> None:
    scene = pilot.table("online", seed=5, levels=("easy", "easy", "easy"))
    ctl, v = scene.ctl, scene.view
    for _ in range(20):
        pilot.until(pilot.human_turn)
        hand = ctl.game.hand
        if hand.phase == BID and hand.bids[2] is not None:
            break
        pilot.act()
        pilot.until(lambda: ctl.game.hand.phase != BID or not v.sent)
        if hand.phase != BID:
            pilot.until(lambda: v.result is not None or pilot.human_turn())
    hint = ctl.game.hand.bids[2]
    plate = scene.render.plate_info
    assert plate(2) == f"Hint {hint}"  # issue 11 (15): the same words as "Team"
    b = scene.button(f"bid:{1 - hint}")
    assert b is not None and b.text == "1"
    pilot.click(b.rect.center)
    pilot.step()
    assert ctl.game.hand.bids[0] == 1 - hint
    assert plate(0).startswith("Team 1")
    assert plate(2).startswith(f"Hint {hint}")


def test_score_pad_last_trick_and_escape_to_menu(pilot: Pilot) -> None:
    scene = pilot.table("classic", seed=2)
    v = scene.view
    went: list[bool] = []
    pilot.app.services.to_menu = lambda: went.append(True)
    pilot.play_until(lambda: pilot.human_turn("play") and v.last_trick is not None)
    pilot.key(pygame.K_s)
    assert v.overlay == "scores" and scene.button("close") is not None
    pilot.key(pygame.K_ESCAPE)
    assert v.overlay is None and not went
    pilot.click_button("last")
    assert v.overlay == "last"
    pilot.key(pygame.K_l)
    assert v.overlay is None
    pilot.key(pygame.K_ESCAPE)
    assert went == [True] and scene.ctl.closed


def test_new_game_scene_takes_the_menu_arguments(pilot: Pilot) -> None:
    app = pilot.open()
    prefs = {"animation": "fast", "four_color": True, "card_back_rgb": (168, 32, 44)}
    scene = new_game_scene(
        app, preset_rules("classic"), ("easy", "medium", "hard"), ("Me", "W", "N", "E"), 9, prefs
    )
    pilot.controllers.append(scene.ctl)
    assert scene.ctl.seats == (None, "easy", "medium", "hard")
    assert scene.ctl.names == ("Me", "W", "N", "E") and scene.prefs.speed == 0.5
    assert scene.art.four_color and scene.art.back_color == (168, 32, 44)


def test_an_ai_only_game_reaches_game_over_on_the_table(pilot: Pilot) -> None:
    scene = pilot.table("intramural", levels=("easy",) * 4, speed="fast")
    v = scene.view
    pilot.until(lambda: v.over is not None and v.result is None, frames=100_000)
    assert scene.ctl.game.over and scene.button("rematch") is not None
    pilot.click_button("rematch")
    assert isinstance(pilot.scene, TableScene) and pilot.scene is not scene
    pilot.controllers.append(pilot.scene.ctl)


def test_an_open_panel_is_drawn_over_a_card_still_flying(pilot: Pilot) -> None:
    """Issue 11 (7): S right after playing a card: the score pad covers the card in flight."""
    scene = pilot.table("classic", seed=2, speed="slow")
    pilot.play_until(lambda: pilot.human_turn("play") and not scene.anim.busy)
    card = cards_of(scene.view.prompt.request.options)[0]
    pilot.click(scene.card_point(card))
    pilot.key(pygame.K_s)
    assert scene.view.overlay == "scores"
    pad = next(p.rect for p in scene.input.panels if p.name == "scores")
    flight = scene.anim.flights[0]
    while not pad.collidepoint(flight.pos()):
        assert not flight.done, "the card landed outside the score pad"
        pilot.step()
    x, y = (round(c) for c in flight.pos())
    screen = pilot.app.screen
    scene.draw(screen)
    with_card = screen.get_at((x, y))
    scene.anim.flights, kept = [], scene.anim.flights
    scene.draw(screen)
    assert screen.get_at((x, y)) == with_card  # the flight is hidden under the pad
    scene.anim.flights = kept


def test_the_last_trick_is_collected_before_the_scores_and_seats_change(pilot: Pilot) -> None:
    """Issue 11 (13): the hand's end shows only once its last trick has left the table."""
    scene = pilot.table("classic", seed=2, speed="normal")
    ctl, v = scene.ctl, scene.view
    pilot.play_until(lambda: ctl.game.hand is not None and ctl.game.hand.phase == "done")
    assert ctl.game.scores != [0, 0]  # the game has scored the hand already
    seen = []
    while v.result is None:
        if v.trick or scene.anim.flights:  # the last trick still on the table
            seen.append((list(v.scores), [scene.render.plate_info(s) for s in range(4)]))
        pilot.step()
    assert seen, "the last trick was never shown"
    for scores, plates in seen:
        assert scores == [0, 0]
        assert all("Won " in p for p in plates), plates
    assert v.scores == list(ctl.game.scores)


def test_the_smallest_window_keeps_its_small_print_readable(pilot: Pilot) -> None:
    """Issue 11 (16): at 1024×640 "Bids so far" was about 9 px tall; no text under 16 px."""
    scene = pilot.table("classic", seed=4, size=(1024, 640))
    pilot.until(lambda: pilot.human_turn("bid"))
    L = scene.L
    sizes = [L.f_name, L.f_info, L.f_small, L.f_score, L.f_title, L.f_body, L.f_button]
    assert min(sizes) >= 16
    scene.draw(pilot.app.screen)
    pilot.check_layout(scene, (1024, 640))
    panel = next(p for p in scene.input.panels if p.name == "bid")
    for b in panel.buttons:
        assert panel.rect.contains(b.rect)
    pilot.play_until(lambda: pilot.human_turn("play") and len(scene.view.trick) >= 2)
    scene.draw(pilot.app.screen)
    pilot.check_layout(scene, (1024, 640))


@pytest.mark.parametrize("auto", [False, True])
def test_a_forced_card_is_played_for_the_player_when_asked(pilot: Pilot, auto: bool) -> None:
    """Issue 11 (18): Classic's first trick (lowest club) goes by itself with the option on."""
    scene = pilot.table("classic", seed=3, prefs={"auto_play": auto})
    ctl = scene.ctl
    pilot.play_until(lambda: ctl.game.hand is not None and ctl.game.hand.phase == PLAY)
    pilot.until(lambda: pilot.human_turn("play") or len(ctl.game.hand.plays) >= 4)
    if auto:
        assert len(ctl.game.hand.plays) >= 4 and ctl.game.hand.hands[0].bit_count() == 12
        assert scene.view.toast_text.startswith("Your only card to play: the ")
    else:
        assert (
            scene.view.prompt.request.options.bit_count() == 1
        )  # forced, but waits for the player
        pilot.step(30)
        assert pilot.human_turn("play") and ctl.game.hand.hands[0].bit_count() == 13


def test_a_trick_can_wait_for_a_click_or_a_longer_pause(pilot: Pilot) -> None:
    """Issue 11 (21): the finished trick stays until a click (or for a long pause)."""
    scene = pilot.table("classic", seed=3, prefs={"collect": "click"})
    ctl, v = scene.ctl, scene.view
    pilot.play_until(lambda: v.collect_wait)
    assert len(v.trick) == 4 and v.trick_winner is not None
    pilot.step(300)  # five seconds: still there, and nothing else moved on
    assert len(v.trick) == 4 and len(ctl.game.hand.trick_winners) >= 1
    assert scene.render.prompt_line() == "Click or press Space to collect the trick"
    pilot.key(pygame.K_SPACE)
    pilot.until(lambda: len(v.trick) < 4)
    assert not v.collect_wait and sum(v.tricks_won) == 1
    pilot.play_until(lambda: v.collect_wait)
    pilot.click(scene.L.trick_center)
    pilot.until(lambda: sum(v.tricks_won) == 2)

    scene = pilot.table("classic", seed=3, prefs={"collect": "long"})
    v = scene.view
    pilot.play_until(lambda: v.trick_winner is not None)
    pilot.step(120)  # two seconds, with animation off: still on the table
    assert len(v.trick) == 4
    pilot.step(40)
    assert sum(v.tricks_won) == 1 and v.trick_winner is None


def test_a_long_name_is_cut_to_fit_its_seat_box(pilot: Pilot) -> None:
    """Issue 11 (10): a 16-character name ends in "…" inside its box, never past it."""
    names = ("You", "WWWWWWWWWWWWWWWW", "Partner", "East")
    scene = pilot.table("classic", seed=4, names=names)
    pilot.until(lambda: pilot.human_turn("bid"))
    shown = [t for t in pilot.texts_drawn() if t.startswith("WWW")]
    assert shown and all(t.endswith("…") for t in shown)
    plate = scene.L.plates[1]
    assert text_width(shown[0], scene.L.f_name) < plate.width - scene.L.px(60)


def test_the_keyboard_card_is_clearly_marked_and_a_ring_keeps_off_its_neighbour(
    pilot: Pilot,
) -> None:
    """Issue 11 (12): a gold pointer over the focused card; the hint ring around only the
    part of a card that shows."""
    scene = pilot.table("classic", seed=8)
    v, render, screen = scene.view, scene.render, pilot.app.screen
    pilot.play_until(lambda: pilot.human_turn("play") and len(render.hand_rects) > 6)
    pilot.key(pygame.K_RIGHT)
    card = v.focus_card
    scene.draw(screen)
    cards = list(render.hand_rects)
    r = render.hand_rects[card]
    right = render.hand_rects[cards[cards.index(card) + 1]].left if card != cards[-1] else r.right
    above = ((r.left + right) // 2, r.top - scene.L.px(8))
    assert screen.get_at(above)[:3] == (244, 198, 88)  # the gold pointer
    # a hint on a covered card: its ring stays off the face of the card to its right
    v.keyboard = False  # the mouse in use again: the keyboard's card is not marked
    covered = cards[0]
    nxt = render.hand_rects[cards[1]]
    p = v.prompt
    v.hint = HintReady(1, 0, PlayAction(covered), "because", "hard")
    scene.rebuild()
    scene.draw(screen)
    old_edge = (render.hand_rects[covered].right + scene.L.px(2), nxt.centery)
    assert nxt.collidepoint(old_edge)
    assert screen.get_at(old_edge)[:3] != HINT_RING
    edge = (nxt.left - 1, nxt.centery)
    assert (
        screen.get_at(edge)[:3] == HINT_RING
        or screen.get_at((nxt.left, nxt.centery))[:3] == HINT_RING
    )
    assert v.prompt is p


def test_the_cards_received_in_an_exchange_are_marked_until_the_first_play(pilot: Pilot) -> None:
    """Issue 11 (20): after a blind nil exchange, partner's cards stand out in the hand."""
    scene = blind_table(pilot, blind_nil_exchange="compulsory")
    bid_blind_nil(pilot)
    hand = scene.ctl.game.hand
    for card in scene.view.south_cards()[-2:]:
        pilot.click(scene.card_point(card))
    pilot.click_button("pass")
    pilot.until(lambda: len(hand.passes) == 2)
    pilot.step()
    got = hand.passes[1][2]
    assert hand.passes[1][:2] == (2, 0) and scene.view.received == got
    assert scene.view.south == hand.hands[0]  # the view holds the cards the player now has
    scene.draw(pilot.app.screen)
    marked = {n for k, n, _r in scene.render.drawn if k == "mark"}
    assert marked == {f"received{c}" for c in cards_of(got)}
    pilot.step(60 * 6)  # issue 59 (12): still marked seconds later, until the first play
    assert scene.view.received == got
    pilot.play_until(lambda: hand.hands[0].bit_count() == 12)
    pilot.step()
    scene.draw(pilot.app.screen)
    assert scene.view.received == 0 and not [n for k, n, _r in scene.render.drawn if k == "mark"]


def test_enter_alone_answers_every_turn_once_the_keys_are_in_use(pilot: Pilot) -> None:
    """Issue 59 (2): at every turn the keyboard is on something that can be chosen (a plain
    3, a legal card) and Enter does what the focus shows; the first Enter after the mouse
    only shows where the keyboard is."""
    scene = pilot.table("classic", seed=3)
    ctl, v = scene.ctl, scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.key(pygame.K_RETURN)
    assert focused(scene) == "bid:3" and not v.sent
    pilot.key(pygame.K_RETURN)
    hand = ctl.game.hand
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == 3
    pilot.until(lambda: pilot.human_turn("play"))
    pilot.key(pygame.K_RIGHT)
    pilot.key(pygame.K_RETURN)
    plays = 1
    while True:
        pilot.until(lambda: pilot.human_turn() or v.result is not None)
        if v.result is not None:
            break
        assert v.prompt.request.kind == "play" and v.keyboard
        card = v.focus_card
        assert card is not None and v.prompt.request.options >> card & 1
        pilot.key(pygame.K_RETURN)
        assert card in hand.plays, v.toast_text
        plays += 1
    assert plays == 13 and hand.phase == "done"


def test_after_the_mouse_the_first_enter_shows_the_keyboards_card(pilot: Pilot) -> None:
    """Issue 59 (2): a card played by a click, then Enter on the next turn: the keyboard's
    card appears on a legal card, and only the next Enter plays it."""
    scene = pilot.table("classic", seed=3)
    ctl, v = scene.ctl, scene.view
    pilot.play_until(lambda: pilot.human_turn("play"))
    pilot.key(pygame.K_RIGHT)
    pilot.click(scene.card_point(v.focus_card))
    assert not v.keyboard
    pilot.until(lambda: pilot.human_turn("play"))
    held = ctl.game.hand.hands[0]
    pilot.key(pygame.K_RETURN)
    card = v.focus_card
    assert v.keyboard and card is not None and v.prompt.request.options >> card & 1
    assert ctl.game.hand.hands[0] == held
    pilot.key(pygame.K_RETURN)
    assert card in ctl.game.hand.plays


def test_typing_a_bid_chooses_it_and_enter_makes_it(pilot: Pilot) -> None:
    """Issue 59 (3): a digit chooses its bid without making it; "1" then "2" chooses 12,
    "1" alone chooses 1, "1" then "5" chooses 5; Enter bids what is chosen."""
    scene = pilot.table("classic", seed=3)
    ctl, v = scene.ctl, scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    hand = ctl.game.hand
    pilot.key(pygame.K_4)
    assert focused(scene) == "bid:4" and not v.sent and hand.bids[0] is None
    pilot.key(pygame.K_1)
    assert focused(scene) == "bid:1"
    pilot.key(pygame.K_2)
    assert focused(scene) == "bid:12" and v.toast_text == "Press Enter to bid 12"
    pilot.key(pygame.K_1)
    pilot.key(pygame.K_5)
    assert focused(scene) == "bid:5"
    pilot.key(pygame.K_1)
    pilot.key(pygame.K_KP0)
    assert focused(scene) == "bid:10"
    pilot.key(pygame.K_KP3)
    assert focused(scene) == "bid:3" and hand.bids[0] is None
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == 3


def test_a_bid_can_be_asked_about_before_it_is_sent(pilot: Pilot) -> None:
    """Issue 59 (3): with "Ask before sending a bid" on, a bid asks "Bid 4?" first; Back
    returns to the bids, yes (Enter) makes it."""
    scene = pilot.table("classic", seed=3, prefs={"confirm_bid": True})
    ctl, v = scene.ctl, scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    hand = ctl.game.hand
    pilot.click_button("bid:4")
    assert drawn(scene, "panel", "confirm") and "Bid 4?" in pilot.texts_drawn()
    assert pilot.button("confirm:yes").text == "Bid 4" and not v.sent
    pilot.click_button("confirm:no")
    assert not drawn(scene, "panel", "confirm") and hand.bids[0] is None
    assert focused(scene) == "bid:4"
    pilot.click_button(f"bid:{NIL}")
    assert "Bid nil?" in pilot.texts_drawn()
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is scene and not drawn(scene, "panel", "confirm")
    pilot.key(pygame.K_6)
    pilot.key(pygame.K_RETURN)
    assert "Bid 6?" in pilot.texts_drawn() and hand.bids[0] is None
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == 6
    for size in ((1024, 640), (1920, 1080)):
        pilot.resize(size)
        scene.draw(pilot.app.screen)
        pilot.check_layout(scene, size)


def drawn(scene: TableScene, kind: str, name: str) -> bool:
    """Whether the last full frame drew this panel or label."""
    scene.render.dirty = True
    scene.draw(scene.app.screen)
    return any(k == kind and n == name for k, n, _r in scene.render.drawn)


@pytest.mark.parametrize("shown", [True, False])
def test_what_each_side_needs_is_on_the_table_while_the_cards_are_played(
    pilot: Pilot, shown: bool
) -> None:
    """Issue 59 (14): beside the scores, during play only, each side's need as the engine
    counts it ("We need 2 more · They need 1 to set us"); off in Settings, not there."""
    scene = pilot.table("classic", seed=3, prefs=None if shown else {"show_needs": False})
    ctl, v = scene.ctl, scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    assert not drawn(scene, "label", "needs")
    pilot.play_until(lambda: pilot.human_turn("play") and len(ctl.game.hand.trick_winners) >= 3)
    hand = ctl.game.hand
    assert drawn(scene, "label", "needs") == shown
    if not shown:
        return
    ours = team_need(v.rules, 0, hand.bids, hand.tricks_won)
    theirs = team_need(v.rules, 1, hand.bids, hand.tricks_won)
    texts = pilot.texts_drawn()
    assert f"We need {ours.need} more" in texts and f"They need {ours.sets} to set us" in texts
    assert f"They need {theirs.need} more" in texts
    assert f"We need {theirs.sets} to set them" in texts
    for size in ((1024, 640), (1280, 720), (1920, 1080), (1024, 600)):
        pilot.resize(size)
        scene.draw(pilot.app.screen)
        pilot.check_layout(scene, size)
    pilot.play_until(lambda: v.result is not None)
    assert not drawn(scene, "label", "needs")


def test_a_side_that_has_made_its_bid_is_said_in_full_at_the_smallest_window(
    pilot: Pilot,
) -> None:
    """At 1024x640 the needs box is narrow (partner's fan beside it): "They have made their
    bid" goes on two lines rather than losing its last word to an ellipsis."""
    scene = pilot.table("classic", seed=2, size=(1024, 640))
    v = scene.view

    def made() -> bool:
        hand = scene.ctl.game.hand
        needs = (team_need(v.rules, t, hand.bids, hand.tricks_won) for t in (0, 1))
        return pilot.human_turn("play") and any(n.need == 0 for n in needs)

    pilot.play_until(lambda: made() or v.result is not None)
    assert v.result is None, "no side made its bid with cards still to play"
    texts = pilot.texts_drawn()
    assert not [t for t in texts if t.endswith("…")]
    i = next(i for i, t in enumerate(texts) if t.startswith(("They have made", "We have made")))
    said = (texts[i], " ".join(texts[i : i + 2]))
    assert any(t.endswith(("have made their bid", "have made our bid")) for t in said)
    pilot.check_layout(scene, (1024, 640))


def test_the_bid_panel_says_why_low_bids_are_missing_under_a_team_minimum(
    pilot: Pilot,
) -> None:
    """Tournament (team minimum 4): partner bid 2, so 1 is not offered and Nil stands greyed
    (issue 69: it had vanished); the line under the title says why, from the engine."""
    scene = pilot.table("tournament", seed=9, size=(1024, 640))
    pilot.until(lambda: pilot.human_turn("bid"))
    assert scene.ctl.game.hand.bids[2] == 2
    nil = scene.button(f"bid:{NIL}")
    assert scene.button("bid:1") is None and nil is not None and not nil.enabled
    texts = pilot.texts_drawn()
    assert "Bids so far: Partner 2" in texts
    assert "No nil now: your team must bid at least 4 in all." in texts
    pilot.click(nil.rect.center)
    assert not scene.view.sent and scene.ctl.game.hand.bids[0] is None
    assert scene.view.toast_text == "Nil is closed now: your team must bid at least 4 in all"
    pilot.check_layout(scene, (1024, 640))


def test_the_bid_panel_says_nothing_of_a_team_minimum_that_takes_nothing_away(
    pilot: Pilot,
) -> None:
    """Tournament, partner bid 4: every bid stays open, nil too, so no word of the minimum."""
    scene = pilot.table("tournament", seed=14, size=(1024, 640))
    pilot.until(lambda: pilot.human_turn("bid"))
    assert scene.ctl.game.hand.bids[2] == 4 and scene.button("bid:1") is not None
    assert scene.button(f"bid:{NIL}") is not None
    assert not [t for t in pilot.texts_drawn() if "must bid at least" in t]


@pytest.mark.parametrize(
    "ten_for_200,words",
    [
        ("at_least", "A team bid of 10 or more, made, scores 200."),
        ("exact", "A team bid of exactly 10 scores 200 with exactly 10 tricks, else loses 200."),
        ("off", None),
    ],
)
def test_the_bid_panel_says_what_a_big_bid_is_worth(
    pilot: Pilot, ten_for_200: str, words: str | None
) -> None:
    """Under 10-for-200 (Jokers 350's "at least" and the exact kind) the panel says what the
    10 to 13 buttons are worth, which scores nothing like 10 a trick; without it, nothing."""
    r = preset_rules("jokers350").with_options(ten_for_200=ten_for_200)
    scene = pilot.table(r, seed=5, size=(1024, 640))
    pilot.until(lambda: pilot.human_turn("blind"))  # Blind 13 is offered before looking
    pilot.click_button("show")
    pilot.until(lambda: pilot.human_turn("bid"))
    assert scene.button("bid:10") is not None
    said = [t for t in pilot.texts_drawn() if t.startswith("A team bid of")]
    assert said == ([words] if words else [])
    pilot.check_layout(scene, (1024, 640))
