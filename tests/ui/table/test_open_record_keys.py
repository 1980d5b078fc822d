"""Opening a game record from the keyboard alone: the options' path field is in the keys'
order (Tab reaches it, Enter starts typing), beside the system's file picker."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from spades_gui.ui.review import ReviewScene
from spades_gui.ui.table.panels import focus_order

if TYPE_CHECKING:
    from tests.conftest import Pilot


def focused(pilot: Pilot) -> str:
    """The name of the button the keyboard is on ("" for none)."""
    scene = pilot.scene
    buttons = focus_order(scene.input.panels)
    i = scene.view.focus_button
    return buttons[i].name if 0 <= i < len(buttons) else ""


def test_the_path_field_is_reached_and_typed_into_from_the_keyboard(
    pilot: Pilot, home: Path
) -> None:
    scene = pilot.table("classic", seed=2, coach_level="medium")
    ctl = scene.ctl
    pilot.play_until(lambda: pilot.human_turn("play"))
    folder = home / "My Records"
    folder.mkdir()
    (folder / "hand 1.json").write_text(json.dumps(ctl.record()), encoding="utf-8")
    pilot.key(pygame.K_o)
    assert scene.view.overlay == "options"
    for _ in range(3):  # from the end: Close, Open, then the field before it
        pilot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(pilot) == "path_field"
    field = scene.records.field
    scene.draw(pilot.app.screen)  # the field shows the keyboard is on it
    assert pilot.app.screen.get_at((field.rect.left + 1, field.rect.centery))[:3] == (244, 198, 88)
    pilot.key(pygame.K_RETURN)
    assert field.editing
    pilot.key(pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pilot.type(str(folder / "hand 2.json"))  # a wrong name: one line, the field still there
    pilot.key(pygame.K_RETURN)
    assert scene.view.options_status == ("hand 2.json: no such file", "error")
    assert not field.editing and focused(pilot) == "path_field"
    pilot.key(pygame.K_RETURN)  # Enter again: typing again, the path kept to correct
    assert field.editing and field.text == str(folder / "hand 2.json")
    pilot.key(pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pilot.type(f'"{folder / "hand 1.json"}"')  # as Windows' "Copy as path" gives it
    pilot.key(pygame.K_RETURN)
    assert isinstance(pilot.scene, ReviewScene)
    assert pilot.scene.game.hands[0].dealt == ctl.game.hand.dealt


def test_the_keyboard_stays_in_the_options_when_a_turn_comes(pilot: Pilot) -> None:
    """The player's turn, coming while the options are open, left the keyboard on nothing:
    the next Enter pressed Close and the keys after it went to the table (seen under Wine)."""
    scene = pilot.table("classic", seed=2, speed="normal")
    v = scene.view
    pilot.step()
    assert not pilot.human_turn("bid")  # the others bid first
    pilot.key(pygame.K_o)
    for _ in range(3):
        pilot.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused(pilot) == "path_field"
    pilot.until(lambda: pilot.human_turn("bid"))
    pilot.step()
    assert v.overlay == "options" and focused(pilot) == "path_field"
    pilot.key(pygame.K_RETURN)
    assert scene.records.field.editing and v.overlay == "options"
    pilot.key(pygame.K_ESCAPE)  # typing stops; a second Escape closes the options
    pilot.key(pygame.K_ESCAPE)
    assert v.overlay is None and focused(pilot).startswith("bid:")  # back on the bids
