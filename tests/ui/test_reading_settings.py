"""Issue 70 (2, 3): the Table page's reading settings reach every screen at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spades_gui.ui.theme import HC_FELT, look
from spades_gui.ui.widgets import text as text_mod

if TYPE_CHECKING:
    from tests.conftest import Pilot


def test_text_size_and_high_contrast_change_the_screen_at_once(pilot: Pilot) -> None:
    pilot.menu()
    pilot.click_widget("Settings")
    pilot.click_widget("tab:table")
    app = pilot.app
    assert app is not None
    line = pilot.widget("text_size").rect.height
    before = text_mod.font(26).get_height()
    pilot.widget("text_size").step(1)  # type: ignore[attr-defined]
    pilot.step()
    assert app.services.settings.text_size == 125 and look().text_size == 125
    assert text_mod.font(26).get_height() > before
    assert pilot.widget("text_size").rect.height > line  # laid out again for the larger lines
    pilot.widget("text_size").step(1)  # type: ignore[attr-defined]
    assert look().text_size == 150
    pilot.click_widget("high_contrast")
    pilot.step()
    assert app.services.settings.high_contrast and look().high_contrast
    app.dirty = True
    pilot.step()
    assert app.screen.get_at((3, app.size[1] // 2))[:3] == HC_FELT
    pilot.click_widget("suit_letters")
    assert look().suit_letters
    pilot.click_widget("large_cards")
    assert look().large_cards
    pilot.key(pygame.K_ESCAPE)
    pilot.step()
    table = pilot.table("classic", prefs=app.services.settings.prefs())
    assert table.L.hand_w == 125 and table.render.felt == HC_FELT
    assert table.art.letters and look().text_size == 150
