"""Issue 70 (1): every line is drawn in Atkinson Hyperlegible, from its declared package."""

from __future__ import annotations

import ast
import importlib.util
import string
import subprocess
from pathlib import Path

import pygame
import pytest

from spades_gui import resources
from spades_gui.engine.cards import SUIT_SYMBOLS
from spades_gui.ui import card_art
from spades_gui.ui.theme import MIN_TEXT
from spades_gui.ui.typeface import Face
from spades_gui.ui.widgets import text as text_mod

PKG = Path(resources.__file__).resolve().parent


@pytest.fixture(autouse=True)
def _font() -> None:
    pygame.font.init()


def test_the_typeface_comes_from_its_package_with_its_licence() -> None:
    folder = resources.typeface_dir()
    spec = importlib.util.find_spec("fontpkg_atkinson_hyperlegible")
    assert spec is not None and spec.origin is not None
    assert folder == Path(spec.origin).parent and PKG not in folder.parents
    licence = (folder / "LICENSE").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "Braille Institute" in licence
    for weight in ("regular", "bold"):
        assert resources.typeface_path(weight).read_bytes()[:4] == b"\0\1\0\0"  # TrueType
    tracked = subprocess.run(
        ["git", "ls-files", "*.ttf", "*.otf", "*.woff*"],
        cwd=PKG.parent,
        capture_output=True,
        text=True,
    )
    assert tracked.returncode == 0 and not tracked.stdout, "a font copied into the repository"


def test_text_and_card_indices_use_the_typeface_not_pygames_default() -> None:
    face = text_mod.font(26)
    assert isinstance(face, Face) and face is card_art.get_font(26)
    default = pygame.font.Font(None, 26).render("Points your choices", True, (0, 0, 0))
    ours = text_mod.render_text("Points your choices", 26, (0, 0, 0))
    assert pygame.image.tobytes(default, "RGBA") != pygame.image.tobytes(ours, "RGBA")


def _strings_in_the_game() -> set[str]:
    """Every string constant in the game's code."""
    out: set[str] = set()
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


def test_every_character_the_game_writes_has_a_glyph() -> None:
    """Before, pygame's font drew a box for a missing glyph; the suits are shapes (text.py)."""
    chars = set(string.printable.strip()) | {c for s in _strings_in_the_game() for c in s}
    chars = {c for c in chars if c.isprintable() and not c.isspace() and ord(c) < 0x2600}
    chars -= set(SUIT_SYMBOLS)
    assert {"—", "…", "×", "−", "·", "→"} <= chars
    for weight in ("regular", "bold"):
        font = Face(40, weight).font
        missing = sorted(c for c in chars if font.metrics(c)[0] is None)
        assert not missing, (weight, missing)


@pytest.mark.parametrize("px", [9, 13, 19, 40, 101])
def test_the_line_box_holds_every_letters_ink(px: int) -> None:
    """The box cut from the font's tall line keeps whole every ASCII glyph (g, j, $, |)."""
    face = Face(px)
    for ch in string.printable.strip():
        full = face.font.render(ch, True, (0, 0, 0))
        ink = full.get_bounding_rect()
        if ink.height:
            assert face.top <= ink.top and ink.bottom <= face.top + face.get_height(), ch
    assert face.render("Hg", True, (0, 0, 0)).get_height() == face.get_height()


def test_capitals_keep_the_height_the_layouts_were_drawn_for() -> None:
    """Sizes in the code were chosen for pygame's default font: capitals stay as tall."""
    for size in (18, 26, 44, 150):
        old = pygame.font.Font(None, size).render("H", True, (0, 0, 0)).get_bounding_rect()
        new = text_mod.cap_box(size)[1]
        assert abs(new - old.height) <= max(1, old.height * 0.1), (size, old.height, new)


def test_the_least_text_is_drawn_at_12_px_or_more() -> None:
    """Issue 70 (1): nothing under 12 px at the smallest window (MIN_TEXT is its floor)."""
    assert text_mod.font(MIN_TEXT).px >= 12
    assert text_mod.font(MIN_TEXT - 3).px < 12  # the floor is where the measure says
