"""The table in the program's own loop (App.run, its idle waits included), as players run it:
the turns where cards come to the player, which once closed the window (a mark timed for ever
made the loop's wait infinite), and continuing such a game."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pytest

from spades_gui import storage
from spades_gui.engine import preset_rules
from spades_gui.engine.cards import cards_of
from tests.ui.table.exchange import blind_nil_exchange
from tests.ui.table.test_resumed_marks import continued, marks

if TYPE_CHECKING:
    from tests.conftest import Pilot

pytestmark = pytest.mark.real_loop


def test_after_a_blind_nil_exchange_the_loop_waits_for_the_player_and_plays_on(
    pilot: Pilot,
) -> None:
    """Issue 66: bid blind nil, exchange, and the loop sleeps with a finite wait (or none)
    while the player thinks, then the hand plays on; on 211fa54 the window closed here."""
    scene = pilot.table("pagat", seed=3, save_fn=storage.save_game)
    back, words = blind_nil_exchange(pilot, scene)
    assert pilot.loop is not None
    pilot.settle()  # the loop about to sleep while the player looks at the cards passed
    assert scene.view.received == back and words in pilot.texts_drawn()
    due = scene.wake_in()
    assert due is None or math.isfinite(due)
    pilot.play_until(lambda: scene.ctl.game.hand.hands[0].bit_count() == 12)
    pilot.settle()
    assert scene.view.received == 0 and not marks(scene)
    assert all(t is None or (math.isfinite(t) and t >= 0) for t in pilot.loop.waits)


def test_a_game_saved_after_the_exchange_continues_in_the_loop(pilot: Pilot) -> None:
    """Continue after partner's cards came (the save that crashed twice on Continue)."""
    scene = pilot.table("pagat", seed=3, save_fn=storage.save_game)
    back, _ = blind_nil_exchange(pilot, scene)
    again = continued(pilot, scene)
    pilot.settle()
    assert again.view.received == back
    assert marks(again) == {f"received{c}" for c in cards_of(back)}
    pilot.play_until(lambda: again.ctl.game.hand.hands[0].bit_count() == 12)
    pilot.settle()
    assert again.view.received == 0


def test_the_player_holding_the_cards_left_over_discards_in_the_loop(pilot: Pilot) -> None:
    """A 54-card deal with the player dealing: the two cards left over are marked until the
    discard, the loop sleeps meanwhile, and a continued game does the same."""
    rules = preset_rules("pagat").with_options(jokers=True, jokers_replace="", first_dealer="human")
    scene = pilot.table(rules, seed=4, save_fn=storage.save_game)
    pilot.play_until(lambda: pilot.human_turn("discard"))
    pilot.settle()
    extra = scene.ctl.game.hand.extra
    assert scene.view.received == extra != 0
    again = continued(pilot, scene)
    pilot.play_until(lambda: pilot.human_turn("discard"))
    pilot.settle()
    assert again.view.received == extra
    pilot.act()
    pilot.play_until(lambda: again.ctl.game.hand.plays)
    assert again.view.received == 0


def test_a_timed_game_sleeps_until_its_clock_shows_the_next_minute(pilot: Pilot) -> None:
    """Tournament's 30 minutes: while the player thinks, the loop's wait is bounded by the
    clock's next minute (never for ever, never infinite), and the hand plays on."""
    scene = pilot.table("tournament", seed=5)
    assert scene.view.rules.time_limit_min
    pilot.play_until(lambda: pilot.human_turn("play"))
    pilot.settle()
    due = scene.wake_in()
    assert due is not None and 0 <= due <= 60
    assert pilot.loop is not None and pilot.loop.waits
    assert all(t is not None and 0 <= t <= 60 for t in pilot.loop.waits)
    pilot.play_until(lambda: scene.ctl.game.hand.hands[0].bit_count() <= 11)
