"""Render every card face plus the backs onto a green felt sheet and save it as a PNG."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from spades_gui.ui.card_art import CardArt, card_size  # noqa: E402

FELT = (26, 110, 62)
WIDTHS = (60, 140)


def _section(art: CardArt, width: int, cols: int) -> pygame.Surface:
    """One block: four suit rows, then jokers, backs, dimmed cards and four-colour samples."""
    w, h = card_size(width)
    gap = max(6, width // 10)
    rows = [list(range(s * 13, s * 13 + 13)) for s in (3, 2, 0, 1)]
    extra_art = CardArt(four_color=True, back_color=(150, 30, 40))
    surf = pygame.Surface((cols * (w + gap) + gap, 5 * (h + gap) + gap))
    surf.fill(FELT)
    for r, row in enumerate(rows):
        for c, card in enumerate(row):
            surf.blit(art.face(card, width), (gap + c * (w + gap), gap + r * (h + gap)))
    y = gap + 4 * (h + gap)
    items = [
        art.face(53, width),
        art.face(52, width),
        art.back(width),
        extra_art.back(width),
        art.dimmed(12, width),
        art.dimmed(51, width),
        extra_art.face(13 + 12, width),
        extra_art.face(0 + 12, width),
        extra_art.face(13 + 9, width),
        extra_art.face(0 + 5, width),
    ]
    for c, img in enumerate(items):
        surf.blit(img, (gap + c * (w + gap), y))
    return surf


def main() -> None:
    """Entry point: card_sheet.py OUTPUT.png [WIDTH ...] (default widths 60 and 140)."""
    out = sys.argv[1] if len(sys.argv) > 1 else "card_sheet.png"
    widths = [int(a) for a in sys.argv[2:]] or list(WIDTHS)
    pygame.init()
    pygame.display.set_mode((1, 1))
    art = CardArt()
    blocks = [_section(art, width, 13) for width in widths]
    sheet = pygame.Surface(
        (max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks))
    )
    sheet.fill(FELT)
    y = 0
    for b in blocks:
        sheet.blit(b, (0, y))
        y += b.get_height()
    pygame.image.save(sheet, out)
    print(f"saved {out} {sheet.get_size()}")


if __name__ == "__main__":
    main()
