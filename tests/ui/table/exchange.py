"""The player bids blind nil and exchanges with partner, by clicks, as a player would."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_gui.engine.cards import card_name, cards_of
from spades_gui.ui.table import TableScene

if TYPE_CHECKING:
    from tests.conftest import Pilot


def blind_nil_exchange(pilot: Pilot, scene: TableScene) -> tuple[int, str]:
    """Bid blind nil, pass partner the two rightmost cards, wait for the play: the cards
    partner passed back, and the line that names them."""
    v, hand = scene.view, lambda: scene.ctl.game.hand
    pilot.until(lambda: pilot.human_turn("blind"))
    pilot.click_button("bid:101")  # blind nil
    pilot.until(lambda: pilot.human_turn("pass"))
    pilot.click_button("exchange:yes")
    for card in v.south_cards()[-2:]:
        pilot.click(scene.card_point(card))
    pilot.click_button("pass")
    pilot.until(lambda: len(hand().passes) == 2)
    giver, taker, back = hand().passes[1]
    assert (giver, taker) == (2, 0) and back.bit_count() == 2
    words = "Partner passed you the " + " and ".join(card_name(c) for c in cards_of(back))
    pilot.until(lambda: pilot.human_turn("play") or hand().plays)
    return back, words
