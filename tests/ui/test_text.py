"""Suit symbols inside text keep clear of the characters beside them."""

from __future__ import annotations

import pygame
import pytest

from spades_gui.ui.widgets.text import render_text, text_width, wrap


def _ink_runs(surf: pygame.Surface) -> int:
    """How many groups of inked columns, separated by blank columns, a line of text has."""
    runs = 0
    inked = False
    for x in range(surf.get_width()):
        col = any(surf.get_at((x, y)).a > 40 for y in range(surf.get_height()))
        if col and not inked:
            runs += 1
        inked = col
    return runs


@pytest.mark.parametrize("size", range(10, 31))
@pytest.mark.parametrize("suit", "♠♥♦♣")
def test_a_suit_symbol_stands_apart_from_the_digits_beside_it(size: int, suit: str) -> None:
    # "3♠:" read as one blot at the end-of-hand box's small size before the symbol had room
    assert _ink_runs(render_text(f"1{suit}1", size)) == 3


def test_a_figure_pair_is_never_broken_across_lines() -> None:
    pygame.font.init()
    text = "Over 280 sampled deals the K♥ averages tricks and points 5 / +49, the Q♥ 4 / +31."
    for width in range(60, round(text_width(text, 14)) + 20, 7):
        lines = wrap(text, 14, width)
        assert " ".join(lines) == text
        assert not any(ln.endswith("/") or ln.startswith("/") for ln in lines), (width, lines)
