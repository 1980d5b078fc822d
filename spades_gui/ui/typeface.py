"""The game's letters: Atkinson Hyperlegible through pygame-ce's font module, in the line box the
layouts were drawn for."""

from __future__ import annotations

import pygame

from ..resources import typeface_path

# The sizes in the code were chosen for pygame's default font, whose capitals are 0.49 of the size
# asked; this face's are 0.68 of its pixel size. Scaled by this, capitals keep their height.
CAP_MATCH = 0.72
# The line box, in parts of the pixel size: this face leaves 0.95 above the baseline and 0.29
# under it (room for accents and a wide line gap), where its ASCII ink needs 0.77 and 0.21.
# Cut to the box, lines stand as close as the default font's did.
ASCENT = 0.78
DESCENT = 0.22


class Face:
    """One pixel size of the typeface: render, measure and the line box."""

    def __init__(self, px: int, weight: str = "regular") -> None:
        """Load the weight ("regular" or "bold") at a pixel size."""
        self.px = max(1, int(px))
        self.font = pygame.font.Font(str(typeface_path(weight)), self.px)
        # a pixel more each way: hinting moves small glyphs by one
        self.ascent = round(self.px * ASCENT) + 1
        self.descent = round(self.px * DESCENT) + 1
        self.top = max(0, self.font.get_ascent() - self.ascent)  # rows cut above the box

    def get_height(self) -> int:
        """Height of a rendered line."""
        return self.ascent + self.descent

    def get_linesize(self) -> int:
        """The same as the height: the box is the line."""
        return self.get_height()

    def get_ascent(self) -> int:
        """Pixels from the top of a line to its baseline."""
        return self.ascent

    def get_descent(self) -> int:
        """Pixels under the baseline, negative (as pygame's fonts give it)."""
        return -self.descent

    def size(self, text: str) -> tuple[int, int]:
        """(width, height) of a rendered line."""
        return self.font.size(text)[0], self.get_height()

    def render(
        self,
        text: str,
        antialias: bool,
        color: tuple[int, ...],
        background: tuple[int, ...] | None = None,
    ) -> pygame.Surface:
        """One line, cut to the line box."""
        full = self.font.render(text, antialias, color, background)
        box = pygame.Rect(0, self.top, full.get_width(), self.get_height()).clip(full.get_rect())
        return full.subsurface(box).copy()
