"""Rendering checks for the code-drawn playing cards."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades_gui.ui import card_art  # noqa: E402
from spades_gui.ui.card_art import CardArt, card_size, draw_suit  # noqa: E402

WIDTHS = (40, 90, 200)
ALL_CARDS = range(54)


@pytest.fixture(scope="module")
def art() -> CardArt:
    """A two-colour renderer shared by the module."""
    pygame.init()
    return CardArt()


def _check_shape(surf: pygame.Surface, width: int) -> None:
    """Right size, transparent rounded corners, opaque middle."""
    w, h = card_size(width)
    assert surf.get_size() == (w, h)
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surf.get_at(corner).a == 0, corner
    assert surf.get_at((w // 2, h // 2)).a == 255
    assert surf.get_at((w // 2, 1)).a == 255  # the border reaches the top edge


def test_card_size() -> None:
    assert card_size(100) == (100, 140)
    assert card_size(40) == (40, 56)
    assert card_size(91) == (91, round(91 * 1.4))


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders(art: CardArt, width: int) -> None:
    for card in ALL_CARDS:
        _check_shape(art.face(card, width), width)


@pytest.mark.parametrize("width", WIDTHS)
def test_back_and_dimmed_render(art: CardArt, width: int) -> None:
    _check_shape(art.back(width), width)
    for card in (0, 25, 51, 52, 53):
        dim = art.dimmed(card, width)
        _check_shape(dim, width)
        centre = (width // 2, 3)
        assert dim.get_at(centre)[:3] != art.face(card, width).get_at(centre)[:3]


def test_cache_returns_same_object(art: CardArt) -> None:
    assert art.face(7, 90) is art.face(7, 90)
    assert art.back(90) is art.back(90)
    assert art.dimmed(7, 90) is art.dimmed(7, 90)
    bigger = art.face(7, 120)
    assert bigger is not art.face(7, 90)
    assert bigger.get_size() == card_size(120)


def _count(surf: pygame.Surface, pred) -> int:
    """Number of opaque pixels whose colour satisfies pred(r, g, b)."""
    n = 0
    for y in range(surf.get_height()):
        for x in range(surf.get_width()):
            r, g, b, a = surf.get_at((x, y))
            if a == 255 and pred(r, g, b):
                n += 1
    return n


def _bluish(r: int, g: int, b: int) -> bool:
    return b > r + 60 and b > g + 40


def _reddish(r: int, g: int, b: int) -> bool:
    return r > g + 80 and r > b + 60


def _amber(r: int, g: int, b: int) -> bool:
    return r > 180 and 100 < g < 170 and b < 60


def test_four_colour_changes_diamonds() -> None:
    two, four = CardArt(four_color=False), CardArt(four_color=True)
    diamond_ace = 1 * 13 + 12
    assert _count(two.face(diamond_ace, 40), _reddish) > 20
    assert _count(two.face(diamond_ace, 40), _bluish) == 0
    assert _count(four.face(diamond_ace, 40), _bluish) > 20
    assert _count(four.face(diamond_ace, 40), _reddish) == 0
    club_two = 0
    assert _count(four.face(club_two, 40), _amber) > 10  # not green: issue 70
    heart_two = 2 * 13
    assert _count(four.face(heart_two, 40), _reddish) > 10
    assert _count(four.face(heart_two, 40), _amber) == 0


def test_jokers_differ_in_colour(art: CardArt) -> None:
    assert _count(art.face(53, 40), _reddish) > 30
    assert _count(art.face(52, 40), _reddish) == 0


def test_draw_suit_is_antialiased() -> None:
    for suit in range(4):
        surf = pygame.Surface((40, 40), pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        draw_suit(surf, suit, (20, 20), 30, (0, 0, 0))
        alphas = {surf.get_at((x, y)).a for x in range(40) for y in range(40)}
        assert 255 in alphas and 0 in alphas
        assert any(0 < a < 255 for a in alphas)
        assert surf.get_at((20, 20)).a == 255


def test_invalid_card_rejected(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.face(54, 60)


def test_each_face_is_drawn_once_however_often_it_is_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every frame asks for the same faces again: each is drawn once, then comes from the cache
    (what makes a frame cheap; `spades bench` measures the frame times themselves)."""
    monkeypatch.setattr(card_art, "_SURFACES", card_art._LRU(card_art._CACHE_BUDGET))
    drawn: list[int] = []
    render = CardArt._render_face

    def counted(self: CardArt, card: int, width: int) -> pygame.Surface:
        drawn.append(card)
        return render(self, card, width)

    monkeypatch.setattr(CardArt, "_render_face", counted)
    art = CardArt(back_color=(10, 120, 90))
    for _ in range(3):
        for card in range(1, 54):
            art.face(card, 123)
    assert drawn == list(range(1, 54))
