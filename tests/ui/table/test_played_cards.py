"""Issue 69 (4): the played-cards panel beside the trick: each suit's cards still out (neither
played nor in the player's hand), its setting and its key, clear of everything on the table,
and the speech's Shift+suit keys saying the same count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.controller import Controller
from spades_gui.engine import preset_rules
from spades_gui.engine.cards import (
    BIG_JOKER,
    CLUBS,
    DIAMONDS,
    HEARTS,
    LITTLE_JOKER,
    RANK_NAMES,
    SPADES,
    SUIT_NAMES,
    mask_of,
)
from spades_gui.engine.counting import suit_counts
from spades_gui.settings import Settings
from spades_gui.ui.speech import spoken
from spades_gui.ui.table import TableScene, resume_scene
from spades_gui.ui.table.played_panel import TITLE, count_rows, room, shown_by

if TYPE_CHECKING:
    from tests.conftest import Pilot

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
ORDER = (SPADES, HEARTS, CLUBS, DIAMONDS)


def saved(home: Path) -> dict[str, Any]:
    """settings.json as written."""
    data = json.loads((home / "settings.json").read_text())
    assert isinstance(data, dict)
    return data


def played_rect(scene: TableScene) -> pygame.Rect | None:
    """Where the last full frame drew the panel (None: not drawn)."""
    scene.render.dirty = True
    scene.draw(scene.app.screen)
    rects = [r for k, n, r in scene.render.drawn if k == "label" and n == "played"]
    return rects[0] if rects else None


def expected_rows(scene: TableScene) -> list[tuple[int, int, tuple[str, ...]]]:
    """Each suit's cards still out, worked out here from the engine's hand: the deck less
    every card played (the trick on the table too) and the player's cards, highest first."""
    hand = scene.ctl.game.hand
    deck = hand.deck
    gone = set(hand.plays) | {c for c in deck.cards if hand.hands[0] >> c & 1}
    out = []
    for suit in ORDER:
        cards = [c for c in deck.cards if deck.suit[c] == suit and c not in gone]
        cards.sort(key=lambda c: deck.strength[c], reverse=True)
        words = tuple(
            {BIG_JOKER: "Big Joker", LITTLE_JOKER: "Little Joker"}.get(c, RANK_NAMES[c % 13])
            for c in cards
        )
        out.append((suit, len(cards), words))
    return out


def mid_trick(pilot: Pilot, scene: TableScene, tricks: int = 4) -> None:
    """Play on to the player's card with some tricks done and cards on the trick."""
    ctl, v = scene.ctl, scene.view
    pilot.play_until(
        lambda: (
            pilot.human_turn("play")
            and len(ctl.game.hand.trick_winners) >= tricks
            and len(v.trick) >= 2
        )
    )


def test_the_panel_shows_each_suits_cards_neither_played_nor_held(pilot: Pilot) -> None:
    """After known plays, each row is the engine's deck less the cards played (the two on
    the trick too) and less the player's own: a played card or a held one left in fails."""
    scene = pilot.table("classic", seed=3, size=(1920, 1080))
    pilot.until(lambda: pilot.human_turn("bid"))
    assert played_rect(scene) is None  # nothing to count while bidding: the bid panel's time
    mid_trick(pilot, scene)
    rows = [(r.suit, r.count, r.cards) for r in count_rows(scene.view)]
    assert rows == expected_rows(scene)
    hand = scene.ctl.game.hand
    total = sum(n for _, n, _ in rows)
    assert total == 52 - len(hand.plays) - hand.hands[0].bit_count()
    assert len(scene.view.trick) >= 2  # the cards on the trick are counted as played
    texts = pilot.texts_drawn()
    assert TITLE in texts
    for _, n, cards in rows:
        assert str(n) in texts
        if cards:
            assert "   ".join(cards) in texts  # one line a suit in the widest window
        else:
            assert "none" in texts


def test_the_trumps_row_holds_the_jokers_and_the_raised_two(pilot: Pilot) -> None:
    """Tournament rules (jokers, 2♠ over A♠, 2♥ and 2♦ out of the deck): the spades' row is
    every trump still out, the jokers by name, highest first."""
    scene = pilot.table("tournament", seed=4, prefs={"played_cards": "on"})
    mid_trick(pilot, scene, tricks=2)
    rows = [(r.suit, r.count, r.cards) for r in count_rows(scene.view)]
    assert rows == expected_rows(scene)
    counts = suit_counts(scene.view.deck, 0, 0)
    assert [len(c.out) for c in counts] == [15, 12, 13, 12]  # 13 spades and 2 jokers; 2♥ 2♦ out
    assert counts[0].out[:3] == (BIG_JOKER, LITTLE_JOKER, 39)  # 39: the 2♠
    assert played_rect(scene) is not None


def test_it_is_on_for_learning_and_off_for_a_tournament_unless_chosen() -> None:
    """A new player's setting is "Not in tournaments": on in a game without a clock, off in
    one with the tournament clock (Tournament, Championship, Jokers 350); On and Off win."""
    assert Settings().played_cards == "auto"
    assert Settings().prefs()["played_cards"] == "auto"
    for preset, shown in (
        ("classic", True),
        ("standard", True),
        ("pagat", True),
        ("tournament", False),
        ("championship", False),
        ("jokers350", False),
    ):
        rules = preset_rules(preset)
        assert shown_by("auto", rules) is shown, preset
        assert shown_by("on", rules) and not shown_by("off", rules)
    untimed = preset_rules("tournament").with_options(time_limit_min=0)
    assert shown_by("auto", untimed)
    assert Settings.from_dict({"played_cards": "on"}).played_cards == "on"
    with pytest.raises(ValueError):
        Settings.from_dict({"played_cards": "sometimes"})


def _menu_table(pilot: Pilot, preset: str) -> TableScene:
    """A new game as the menu starts it, with the settings' table options."""
    pilot.menu()
    s = pilot.app.services.settings
    s.set_preset(preset)
    ctl = Controller.new_game(s.rules(), s.computer_levels(), seed=3, executor="inline")
    return pilot.show(TableScene(pilot.app, ctl, s.prefs()))


def test_k_shows_and_hides_it_and_the_choice_is_remembered(pilot: Pilot, home: Path) -> None:
    """K at the table hides the panel and saves "Off"; K again shows it and saves "On"
    (then on in a tournament game too, as the player chose)."""
    scene = _menu_table(pilot, "classic")
    mid_trick(pilot, scene, tricks=1)
    assert played_rect(scene) is not None
    pilot.key(pygame.K_k)
    assert played_rect(scene) is None
    assert saved(home)["played_cards"] == "off"
    assert pilot.app.services.settings.played_cards == "off"
    assert "hidden" in scene.view.toast_text
    pilot.key(pygame.K_k)
    assert played_rect(scene) is not None and saved(home)["played_cards"] == "on"
    scene.ctl.close(save=False)

    scene = _menu_table(pilot, "tournament")
    assert pilot.app.services.settings.played_cards == "on"
    mid_trick(pilot, scene, tricks=1)
    assert played_rect(scene) is not None


def test_a_tournament_game_starts_without_it_and_k_brings_it(pilot: Pilot, home: Path) -> None:
    scene = _menu_table(pilot, "tournament")
    mid_trick(pilot, scene, tricks=1)
    assert played_rect(scene) is None
    pilot.key(pygame.K_k)
    assert played_rect(scene) is not None and saved(home)["played_cards"] == "on"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("text_size", "large"), [(100, False), (150, False), (100, True), (150, True)]
)
def test_it_keeps_clear_of_everything_at_every_size(
    pilot: Pilot, size: tuple[int, int], text_size: int, large: bool
) -> None:
    """Inside its room between West's cards and the trick, over no card, label or panel:
    the hands, the trick, the scores, the needs, the pace, the message line, the hint."""
    prefs = {"played_cards": "on", "text_size": text_size, "large_cards": large}
    scene = pilot.table("classic", seed=5, size=size, prefs=prefs)
    pilot.play_until(lambda: pilot.human_turn("play") and len(scene.view.trick) == 0)
    scene.view.toast("A message over the table, as long as the longest the table says")
    for _ in range(2):  # the player's lead, then mid-trick with the hint open
        rect = played_rect(scene)
        assert rect is not None
        assert room(scene.L).contains(rect)
        pilot.check_layout(scene, size)
        others = [r for k, n, r in scene.render.drawn if n != "played"]
        assert not [o for o in others if o.colliderect(rect)]
        mid_trick(pilot, scene, tricks=len(scene.ctl.game.hand.trick_winners) + 1)
        pilot.key(pygame.K_h)
        pilot.until(lambda: scene.view.hint is not None)
        assert [p for p in scene.input.panels if p.name == "hint"]


def test_the_smallest_room_keeps_every_suit_readable(pilot: Pilot) -> None:
    """At 1024x640 with 150 % text and large cards, before a card is played, the longest rows
    (a suit the player does not hold: 13 cards out) wrap within the panel, nothing cut."""
    prefs = {"played_cards": "on", "text_size": 150, "large_cards": True}
    scene = pilot.table("classic", seed=5, size=(1024, 640), prefs=prefs)
    pilot.play_until(lambda: pilot.human_turn("play"))
    rows = count_rows(scene.view)
    assert max(r.count for r in rows) >= 10
    texts = pilot.texts_drawn()
    cut = [t for t in texts if t.endswith("…") and "·" not in t]  # a plate's "Bid 3 · Won…"
    assert not cut
    lines = [t for t in texts if t.split(" ")[0] in RANK_NAMES + ("Big", "Little")]
    for r in rows:  # each suit's count, drawn as a number of its own
        lines.remove(str(r.count))
    assert sorted(" ".join(lines).split()) == sorted(
        " ".join(c for r in rows for c in r.cards).split()
    )
    rect = played_rect(scene)
    assert rect is not None and room(scene.L).contains(rect)


def test_resuming_and_undoing_keep_the_count(pilot: Pilot) -> None:
    """A continued game and an undo put every card played back in the count (the table's
    position carries them), and Shift+suit says the same cards as the panel."""
    saved_records: list[dict[str, Any]] = []
    scene = pilot.table("classic", seed=6, save_fn=saved_records.append, prefs={"practice": True})
    mid_trick(pilot, scene, tricks=3)
    before = [(r.suit, r.count, r.cards) for r in count_rows(scene.view)]
    assert before == expected_rows(scene)
    record = saved_records[-1]

    narrator = scene.events.narrator
    for suit in ORDER:
        count = next(c for c in scene.view.suit_counts() if c.suit == suit)
        words = narrator.played_words(suit)
        if count.out:
            assert f"Still out, {len(count.out)} card" in words
        else:
            assert words.endswith("None still out")
        assert words.startswith(("No ", "Spades", "Hearts", "Clubs", "Diamonds"))

    pilot.key(pygame.K_u)  # back to the player's last card: earlier tricks stay counted
    pilot.until(lambda: pilot.human_turn("play"))
    hand = scene.ctl.game.hand
    assert scene.view.played == mask_of(hand.plays)
    assert [(r.suit, r.count, r.cards) for r in count_rows(scene.view)] == expected_rows(scene)
    spades = next(c for c in scene.view.suit_counts() if c.suit == SPADES)
    heard = narrator.played_words(SPADES)
    if spades.played:
        assert heard.startswith("Spades played: ")  # forgotten after an undo before
    scene.ctl.close(save=False)

    app2 = pilot.open()
    scene2 = pilot.show(resume_scene(app2, record, prefs={"animation": "off"}))
    pilot.until(lambda: pilot.human_turn("play"))
    assert [(r.suit, r.count, r.cards) for r in count_rows(scene2.view)] == before
    first = scene2.ctl.game.hand.plays[0]  # the hand's first card, tricks before the resume
    suit = scene2.view.deck.suit[first]
    words = scene2.events.narrator.played_words(suit)
    said_played = words.split(". ")[0]
    assert said_played.startswith(f"{SUIT_NAMES[suit].capitalize()} played: ")
    assert spoken.rank(first) in said_played.split(": ")[1].split(", ")


def test_the_played_cards_setting_is_on_the_table_page(pilot: Pilot, home: Path) -> None:
    """Settings → Table: "Show played cards", Not in tournaments / Always / Never, saved."""
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    row = pilot.widget("played_cards")
    assert row.label == "Show played cards"  # type: ignore[attr-defined]
    pilot.click_widget("played_cards")
    assert saved(home)["played_cards"] != "auto"


def test_the_cards_left_over_are_counted_as_the_player_saw_them(pilot: Pilot) -> None:
    """001's 54 cards, two left over: the taker's discard is out of the count when the player
    made it; when another seat did, its two unseen cards stay among those out, and a line
    says so."""
    leftover = preset_rules("pagat").with_options(jokers=True, jokers_replace="")
    scene = pilot.table(leftover.with_options(first_dealer="human"), seed=4)
    pilot.play_until(lambda: pilot.human_turn("play"))
    hand = scene.ctl.game.hand
    assert hand.taker == 0 and hand.discarded.bit_count() == 2
    rows = count_rows(scene.view)
    held = hand.hands[0].bit_count()
    assert sum(r.count for r in rows) == 54 - len(hand.plays) - held - 2
    assert not [t for t in pilot.texts_drawn() if "set aside" in t]
    scene.ctl.close(save=False)

    for seed in range(1, 30):
        scene = pilot.table(leftover, seed=seed)
        v = scene.view
        pilot.play_until(lambda v=v: pilot.human_turn("play") or v.result is not None)
        hand = scene.ctl.game.hand
        if hand.taker not in (-1, 0) and hand.discarded and pilot.human_turn("play"):
            break
        scene.ctl.close(save=False)
    else:
        raise AssertionError("no deal where another seat took the cards left over")
    rows = count_rows(scene.view)
    assert sum(r.count for r in rows) == 54 - len(hand.plays) - hand.hands[0].bit_count()
    assert "2 of them set aside, unseen" in pilot.texts_drawn()
