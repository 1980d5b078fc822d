"""The marks on cards that came to the player (a blind nil exchange, the cards left over)
come back when a saved game is continued, as they were before it was saved."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from spades_gui import storage
from spades_gui.ai.simple import EasyPolicy
from spades_gui.controller import Controller
from spades_gui.engine import NIL, Game, preset_rules
from spades_gui.engine.cards import cards_of
from spades_gui.engine.game import deal_hand
from spades_gui.ui.table import TableScene
from tests.ui.table.exchange import blind_nil_exchange

if TYPE_CHECKING:
    from tests.conftest import Pilot


pytestmark = pytest.mark.real_loop


def continued(pilot: Pilot, scene: TableScene, size: tuple[int, int] = (1280, 720)) -> TableScene:
    """The game as saved on disk, its table closed, continued in a new window."""
    record, message = storage.load_saved_game()
    assert record is not None, message
    scene.ctl.close(save=False)
    pilot.open(size)
    ctl = Controller.from_record(record, save_fn=storage.save_game, executor="inline")
    again: TableScene = pilot.show(TableScene(pilot.app, ctl, {"animation": "off"}))
    pilot.step()
    return again


def marks(scene: TableScene) -> set[str]:
    """The cards drawn with the "New" mark in a frame drawn now."""
    scene.render.dirty = True
    scene.draw(scene.app.screen)
    return {n for k, n, _ in scene.render.drawn if k == "mark"}


def test_a_continued_game_marks_the_cards_partner_passed_again(pilot: Pilot) -> None:
    """Issue 59 (leftover): after a blind nil exchange, saved and continued, the cards partner
    passed are marked and named again until the player's first card."""
    scene = pilot.table("pagat", seed=3, save_fn=storage.save_game)
    v, hand = scene.view, lambda: scene.ctl.game.hand
    back, words = blind_nil_exchange(pilot, scene)
    assert v.received == back and words in pilot.texts_drawn()

    again = continued(pilot, scene)
    v2 = again.view
    assert again.ctl.game.hand.passes[1] == (2, 0, back) and v2.south == hand().hands[0]
    assert v2.received == back
    assert marks(again) == {f"received{c}" for c in cards_of(back)}
    assert words in pilot.texts_drawn()
    pilot.check_layout(again, (1280, 720))
    pilot.step(60 * 8)  # still there seconds later, as before the save
    assert v2.received == back and words in pilot.texts_drawn()
    pilot.play_until(lambda: pilot.human_turn("play"))
    pilot.act()  # the player's first card ends them, as before the save
    pilot.until(lambda: again.ctl.game.hand.hands[0].bit_count() == 12)
    pilot.step()
    assert v2.received == 0 and words not in pilot.texts_drawn() and not marks(again)

    # once the first card is played, a continued game marks nothing
    third = continued(pilot, again)
    assert third.view.received == 0 and not marks(third)


def test_a_continued_game_at_the_discard_marks_the_cards_left_over(pilot: Pilot) -> None:
    """The two cards left over from a 54-card deal stay marked until the taker discards; a
    game saved before the discard shows them marked again."""
    rules = preset_rules("pagat").with_options(jokers=True, jokers_replace="", first_dealer="human")
    scene = pilot.table(rules, seed=4, save_fn=storage.save_game)
    pilot.play_until(lambda: pilot.human_turn("discard"))
    hand = scene.ctl.game.hand
    assert hand.taker == 0 and scene.view.received == hand.extra != 0
    again = continued(pilot, scene, (1024, 640))
    pilot.play_until(lambda: pilot.human_turn("discard"))
    assert again.view.received == hand.extra
    assert marks(again) == {f"received{c}" for c in cards_of(hand.extra)}


class AsksDoubleNil(EasyPolicy):
    """An Easy partner that agrees to every question (here: Double Nil)."""

    def answer(self, view: Any, stop: Any = None) -> bool:
        """Yes."""
        return True


def test_a_continued_game_after_a_double_nil_exchange_marks_what_the_table_marked(
    pilot: Pilot,
) -> None:
    """In a Double Nil exchange partner's cards lie face down until the player has passed too;
    a game continued after it marks and names the same cards as the table did."""
    r = preset_rules("pagat").with_options(
        double_nil_bid=True, double_nil_deficit=0, double_nil_exchange=True
    )
    game = Game(r)
    deal, extra = deal_hand(r, 3, random.Random(3))
    game.start_hand(3, deal, extra=extra)
    ctl = Controller(
        game,
        (None, "easy", "easy", "easy"),
        seed=3,
        executor="inline",
        policies={2: AsksDoubleNil(9)},
        save_fn=storage.save_game,
    )
    pilot.open()
    scene = pilot.show(TableScene(pilot.app, ctl, {"animation": "off"}))
    v, hand = scene.view, ctl.game.hand
    pilot.play_until(lambda: pilot.human_turn("bid"))
    pilot.click_button("ask:double_nil")
    pilot.until(lambda: pilot.human_turn("bid") and v.prompt.request.agreed == "double_nil")
    pilot.click_button(f"bid:{NIL}")
    pilot.play_until(lambda: pilot.human_turn("pass"))
    for card in v.south_cards()[:2]:
        pilot.click(scene.card_point(card))
    pilot.click_button("pass")
    pilot.until(lambda: hand.phase == "play" and v.south == hand.hands[0])
    pilot.step()
    partner_gave = next(cards for giver, _t, cards in hand.passes if giver == 2)
    assert v.received == partner_gave and v.received_note.startswith("Partner passed you the ")
    again = continued(pilot, scene)
    assert (again.view.received, again.view.received_note) == (v.received, v.received_note)
    assert marks(again) == {f"received{c}" for c in cards_of(partner_gave)}
