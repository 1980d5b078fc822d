"""Issue 69 (1-3): a new player's first minutes: the rules their table plays asked at the first
start, a pace they can follow at the table, and a keyboard that starts on sensible choices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from spades_gui import settings as settings_mod
from spades_gui.controller import Controller
from spades_gui.engine import preset_rules
from spades_gui.engine.cards import SPADES, cards_of
from spades_gui.engine.presets import PRESETS, name_of
from spades_gui.engine.rules import Rules
from spades_gui.settings import ANIMATION_SCALE, Settings
from spades_gui.ui.menu import Menu
from spades_gui.ui.rules_choice import RulesChoice, preset_order
from spades_gui.ui.rules_facts import rule_facts
from spades_gui.ui.table import TableScene
from spades_gui.ui.theme import HINT_RING

if TYPE_CHECKING:
    from tests.conftest import Pilot

SIZES = ((1024, 640), (1280, 720), (1920, 1080))


def saved(home: Path) -> dict[str, object]:
    """settings.json as written."""
    data = json.loads((home / "settings.json").read_text())
    assert isinstance(data, dict)
    return data


# ----- 1. the rules at the first start ------------------------------------------------------


def test_standard_is_the_common_app_game_made_of_existing_options() -> None:
    """To 500, bidding from the dealer's left, a free first lead, nil 100, blind nil 200,
    ten bags cost 100; no other preset is the same rules."""
    r = preset_rules("standard")
    assert (r.target, r.bidding_order, r.first_lead, r.spades_lead) == (
        500,
        "round",
        "left_no_spade",
        "broken",
    )
    assert (r.nil_bonus, r.nil_penalty, r.blind_nil_bonus, r.bag_limit, r.bag_penalty) == (
        100,
        100,
        200,
        10,
        100,
    )
    assert not r.jokers and r.match_hands == 0 and r.time_limit_min == 0
    assert name_of(r) == "standard"
    assert [p.id for p in PRESETS.values() if p.rules == r] == ["standard"]


def test_the_facts_are_read_from_the_rules_values() -> None:
    """Each preset's facts differ from every other's, and follow a changed option."""
    facts = {p.id: tuple(rule_facts(p.rules)) for p in PRESETS.values()}
    assert len(set(facts.values())) == len(PRESETS)
    assert facts["standard"] == (
        "To 500",
        "Bidding starts at the dealer's left",
        "The dealer's left leads any card but a spade",
        "Nil 100, blind nil 200 when 100 or more behind",
        "No jokers",
        "10 bags cost 100",
    )
    assert facts["classic"][1:3] == (
        "The dealer's opponents bid first",
        "Everyone plays their lowest club to the first trick",
    )
    changed = PRESETS["standard"].rules.with_options(target=300, jokers=True, bag_limit=0)
    assert rule_facts(changed)[0] == "To 300"
    assert "Big and Little Joker are the top spades" in rule_facts(changed)
    assert rule_facts(Rules(bag_limit=0))[-1] == "Bags never cost"


@pytest.mark.parametrize("size", SIZES)
def test_the_first_start_asks_the_rules_then_offers_the_guided_hand(
    pilot: Pilot, home: Path, size: tuple[int, int]
) -> None:
    """The rules first, Standard at the top; one click chooses them; then the guided hand's
    offer, as before; the menu names the rules chosen."""
    scene = pilot.menu(size, first_start=True)
    assert isinstance(scene, RulesChoice)
    assert [c.preset.id for c in scene.cards] == [p.id for p in preset_order()]
    assert scene.cards[0].preset.id == "standard"
    texts = " ".join(pilot.texts_drawn())
    assert "Which rules do you play?" in texts and "Standard" in texts
    assert "Bidding starts at the dealer's left" in texts
    pilot.click(scene.find("rules:standard").rect.center)
    menu = pilot.scene
    assert isinstance(menu, Menu) and menu.dialog is not None
    assert menu.dialog.title == "New to Spades?"
    data = saved(home)
    assert data["preset"] == "standard" and data["rules_asked"] is True
    pilot.click(menu.dialog.buttons[0].rect.center)  # Not now
    assert "Rules: Standard   (change)" in pilot.texts_drawn()


def test_the_rules_are_asked_once_and_not_of_a_player_from_before(pilot: Pilot, home: Path) -> None:
    """Keyboard: Enter chooses the focused Standard; the next start goes to the menu; a
    settings file from before the question (the guide offered) is not asked either."""
    scene = pilot.menu(first_start=True)
    assert isinstance(scene, RulesChoice)
    pilot.key(pygame.K_RETURN)
    assert isinstance(pilot.scene, Menu) and saved(home)["preset"] == "standard"
    pilot.close()
    assert isinstance(pilot.menu(first_start=True), Menu)  # asked once
    old = {"version": 1, "preset": "pagat", "guide_offered": True}
    (home / "settings.json").write_text(json.dumps(old))
    s = settings_mod.load()[0]
    assert not s.first_start() and not s.rules_asked and s.preset == "pagat"


def test_new_game_can_change_the_rules_from_the_menu(pilot: Pilot, home: Path) -> None:
    """The menu's rules line opens the question; Keep goes back unchanged; a choice is kept;
    changes made in Settings are only dropped after asking."""
    pilot.menu()
    pilot.click_widget("rules")
    assert isinstance(pilot.scene, RulesChoice)
    pilot.click_widget("keep")
    assert isinstance(pilot.scene, Menu) and pilot.app.services.settings.preset == "classic"
    pilot.click_widget("rules")
    pilot.click_widget("rules:jokers350")
    assert isinstance(pilot.scene, Menu) and saved(home)["preset"] == "jokers350"
    s = pilot.app.services.settings
    s.set_option("target", 400)
    pilot.click_widget("rules")
    pilot.click_widget("rules:standard")
    dialog = pilot.scene.dialog
    assert dialog is not None and dialog.text == "Your 1 change to Jokers 350 will be lost."
    pilot.click(dialog.buttons[1].rect.center)  # Switch
    assert isinstance(pilot.scene, Menu) and s.preset == "standard" and not s.overrides


# ----- 2. the pace at the table --------------------------------------------------------------


def test_a_new_player_gets_a_pace_to_follow_and_forced_cards_played() -> None:
    """Slow cards and a long pause after each trick; an older file keeps its own choices."""
    s = Settings()
    assert (s.animation, s.collect, s.auto_play) == ("slow", "long", True)
    old = Settings.from_dict({"animation": "fast", "collect": "auto", "auto_play": False})
    assert (old.animation, old.collect, old.auto_play) == ("fast", "auto", False)


def _menu_table(pilot: Pilot, size: tuple[int, int] = (1280, 720)) -> TableScene:
    """A new game as the menu starts it (the settings' table options; test_menus checks the
    menu passes them), its computer seats answering at once."""
    pilot.menu(size)
    s = pilot.app.services.settings
    ctl = Controller.new_game(s.rules(), s.computer_levels(), seed=3, executor="inline")
    return pilot.show(TableScene(pilot.app, ctl, s.prefs()))


def test_the_pace_control_on_the_table_changes_and_remembers_the_pace(
    pilot: Pilot, home: Path
) -> None:
    """Slow at first; a click (or P) takes the next pace, at once and saved, the same setting
    as Settings → Table; "Wait for my click" keeps each trick until a click or Enter."""
    scene = _menu_table(pilot)
    assert pilot.button("pace").text == "Pace: Slow"
    assert scene.prefs.speed == ANIMATION_SCALE["slow"]
    pilot.click_button("pace")
    assert scene.prefs.speed == ANIMATION_SCALE["normal"] and saved(home)["animation"] == "normal"
    pilot.click_button("pace")
    assert scene.prefs.speed == ANIMATION_SCALE["fast"] and saved(home)["animation"] == "fast"
    assert pilot.button("pace").text == "Pace: Fast"
    pilot.key(pygame.K_p)
    assert pilot.button("pace").text == "Pace: Slow" and saved(home)["animation"] == "slow"
    assert pilot.app.services.settings.animation == "slow"
    pilot.click_button("pace:click")
    assert saved(home)["collect"] == "click" and scene.prefs.collect == "click"
    assert pilot.button("pace:click").text == "Wait for my click: On"
    v = scene.view
    pilot.play_until(lambda: v.collect_wait)
    pilot.step(600)  # ten seconds: the finished trick stays
    assert v.collect_wait and len(v.trick) == 4
    pilot.key(pygame.K_RETURN)
    pilot.key(pygame.K_RETURN)  # the first Enter after the mouse only shows the keyboard
    assert not v.collect_wait
    pilot.click_button("pace:click")
    assert saved(home)["collect"] == "long"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", ["tournament", "online"])
def test_the_pace_control_fits_the_table(pilot: Pilot, size: tuple[int, int], preset: str) -> None:
    """Clear of every card, label and panel, in the bidding (13 cards in each fan, the widest
    bid panels) and in play."""
    scene = pilot.table(preset, seed=9, size=size, speed="slow")
    for when in ("bid", "play"):
        pilot.play_until(lambda when=when: pilot.human_turn(when))  # type: ignore[misc]
        names = [b.name for b in scene.input.corner]
        assert {"pace", "pace:click"} <= set(names)
        scene.draw(pilot.app.screen)
        pilot.check_layout(scene, size)
        drawn = scene.render.drawn
        pace = [r for k, n, r in drawn if k == "label" and n.startswith("pace")]
        others = [r for k, n, r in drawn if k != "label" or not n.startswith("pace")]
        assert len(pace) == 2
        assert not [(p, o) for p in pace for o in others if p.colliderect(o)]


# ----- 3. the keyboard's start ---------------------------------------------------------------


def _start_card(scene: TableScene) -> int:
    """The lowest card that follows suit, else the lowest discard (a spade last)."""
    v = scene.view
    deck = v.deck
    legal = [c for c in v.south_cards() if v.prompt.request.legal >> c & 1]
    return min(legal, key=lambda c: (deck.suit[c] == SPADES, deck.strength[c]))


def test_each_turn_starts_on_the_lowest_card_that_follows_or_the_lowest_discard(
    pilot: Pilot,
) -> None:
    """The keyboard's card does not keep its old place from turn to turn (it threw a K♠ under
    a joker): each turn starts on a sensible card, and Enter plays it."""
    scene = pilot.table("classic", seed=3)
    v = scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.key(pygame.K_RETURN)
    pilot.key(pygame.K_RETURN)
    moved = 0
    for _ in range(13):
        pilot.until(lambda: pilot.human_turn() or v.result is not None)
        if v.result is not None:
            break
        assert v.prompt.request.kind == "play" and v.keyboard
        assert v.focus_card == _start_card(scene)
        legal = cards_of(v.prompt.request.legal)
        if len(legal) > 1 and moved < 4:  # move off it: the next turn starts afresh anyway
            pilot.key(pygame.K_LEFT)
            moved += 1
        card = v.focus_card
        pilot.key(pygame.K_RETURN)
        assert card in scene.ctl.game.hand.plays
    assert moved == 4


def test_a_hint_shows_one_ring_where_enter_goes(pilot: Pilot) -> None:
    """After H with the keys in use, the keyboard's ring moves onto the hint's card: one ring,
    not the keyboard's and the hint's on two cards."""
    scene = pilot.table("classic", seed=3, levels=("easy", "easy", "easy"))
    v = scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.key(pygame.K_RETURN)
    pilot.key(pygame.K_RETURN)
    for _ in range(13):
        pilot.until(lambda: pilot.human_turn("play"))
        start = v.focus_card
        pilot.key(pygame.K_h)
        pilot.until(lambda: v.hint is not None)
        pilot.step()
        if v.hint.action.card != start:
            break
        pilot.key(pygame.K_RETURN)
    else:
        raise AssertionError("the hint always named the starting card")
    assert v.focus_card == v.hint.action.card and v.keyboard
    screen = pilot.app.screen
    scene.render.dirty = True
    scene.draw(screen)
    hand = scene.render.drawn
    area = next(r for k, n, r in hand if k == "cards" and n == "hand").inflate(12, 60)
    boxes = [r for k, _n, r in hand if k == "panel"]  # the hint's box is green-edged too
    rings = [
        (x, y)
        for x in range(area.left, area.right, 2)
        for y in range(max(0, area.top), min(screen.get_height(), area.bottom), 2)
        if screen.get_at((x, y))[:3] == HINT_RING and not any(b.collidepoint(x, y) for b in boxes)
    ]
    assert not rings
    pilot.key(pygame.K_RETURN)
    assert v.hint is None or v.sent


def test_the_bid_panel_starts_on_a_plain_middle_bid_never_nil(pilot: Pilot) -> None:
    """With the keys in use the bids start on 3 (where 3 is a bid), never on Nil; under a
    team minimum, on the plain bid nearest 3 that is allowed."""
    scene = pilot.table("tournament", seed=9, size=(1280, 720))
    v = scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.key(pygame.K_RETURN)  # the keys in use: the focus shown
    assert scene.ctl.game.hand.bids[2] == 2  # partner 2, minimum 4: 2 is the lowest bid
    names = [b.name for b in scene.input.active_buttons()]
    assert names[v.focus_button] == "bid:3"


@pytest.mark.parametrize("key", [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_TAB])
def test_the_first_arrow_shows_the_start_not_the_first_button(pilot: Pilot, key: int) -> None:
    """A player who reaches for Right first (the mouse never used) lands on the plain bid,
    as Enter does; before, Right put the ring on 0 (Online's team total) or 1."""
    scene = pilot.table("online", seed=3, size=(1280, 720))
    v = scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    assert not v.keyboard
    pilot.key(key)
    names = [b.name for b in scene.input.active_buttons()]
    assert names[v.focus_button] == "bid:3"
    pilot.key(pygame.K_RIGHT)
    assert names[v.focus_button] == "bid:4"


def test_the_guided_hand_keeps_its_boxes_clear_of_the_pace(
    pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guide's boxes stand under the rules' box: no pace buttons there."""
    from spades_gui.ui.guide import deal as guide_deal
    from spades_gui.ui.guide import open_guided_hand

    monkeypatch.setattr(guide_deal, "EXECUTOR", "inline")
    monkeypatch.setattr(guide_deal, "THINK_MS", 5)
    pilot.menu()
    open_guided_hand(pilot.app)
    scene = pilot.scene
    pilot.controllers.append(scene.ctl)
    pilot.step()
    assert not [b for b in scene.input.corner if b.name.startswith("pace")]
    assert scene.prefs.speed == ANIMATION_SCALE["slow"]  # a new player's pace all the same


def test_a_bid_hint_moves_the_keyboard_onto_its_bid(pilot: Pilot) -> None:
    """H at a bid with the keys in use: the keyboard goes to the hint's bid (its ring the one
    shown); with the mouse, the hint's ring marks it instead."""
    scene = pilot.table("classic", seed=3, levels=("easy", "easy", "easy"))
    v = scene.view
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.key(pygame.K_RETURN)  # the keys in use: on a plain 3
    pilot.key(pygame.K_h)
    pilot.until(lambda: v.hint is not None)
    pilot.step()
    assert v.hint.action.bid != 3  # the hint's bid is not where the keyboard started
    names = [b.name for b in scene.input.active_buttons()]
    assert names[v.focus_button] == f"bid:{v.hint.action.bid}"
    assert scene.render.hinted_bid() == f"bid:{v.hint.action.bid}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("taker", [0, 3])
def test_the_pace_steps_aside_for_fifteen_cards_and_the_widest_panels(
    pilot: Pilot, size: tuple[int, int], taker: int
) -> None:
    """001's 54-card deal, special card, Bemos and partner's questions: where a fan of 15 or
    the widest bid panel needs the place, the pace buttons are not drawn over them."""
    from tests.ui.table import test_variations as variations

    r = variations.rules(
        **variations.LEFTOVER,
        leftover_discard="after",
        special_card="cut",
        bemo=["little", "big"],
        no_trump=True,
        double_nil_bid=True,
        double_nil_deficit=0,
    )
    scene = variations.dealt(pilot, r, dealer=taker)
    pilot.resize(size)
    variations.at(pilot, "bid")
    scene.draw(pilot.app.screen)
    pilot.check_layout(scene, size)
    drawn = scene.render.drawn
    pace = [r for k, n, r in drawn if k == "label" and n.startswith("pace")]
    others = [r for k, n, r in drawn if k != "label" or not n.startswith("pace")]
    assert not [(p, o) for p in pace for o in others if p.colliderect(o)]
