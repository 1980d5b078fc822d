"""The settings screen's own widgets: the page tabs, the preset cards, and a selector that
steps over the choices the other options make impossible."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ..engine.presets import PRESETS
from .theme import ACCENT, ACCENT_TEXT, FAINT, MUTED, TEXT
from .widgets import (
    Selector,
    SidePill,
    Widget,
    draw_lines,
    draw_panel,
    draw_text,
    line_height,
    wrap,
)
from .words import plural

if TYPE_CHECKING:
    from .settings_scene import SettingsScene

# Selectors with many choices, some impossible with the other options: the arrows step over
# those (the 2s raised above A♠: a 2 that leaves the deck for the jokers cannot be raised).
SKIP_REFUSED = {"high_twos", "special_card"}


class SkippingSelector(Selector):
    """A Selector whose arrows pass over the choices the other options make impossible."""

    def __init__(
        self,
        label: str,
        choices: Any,
        get: Callable[[], Any],
        set: Callable[[Any], Any],
        allowed: Callable[[Any], bool],
        **kw: Any,
    ) -> None:
        super().__init__(label, choices, get, set, **kw)
        self.allowed = allowed

    def step(self, d: int) -> None:
        """The next allowed choice that way (or the next one, to show why none is)."""
        i, n = self.index(), len(self.choices)
        for k in range(1, n):
            value = self.choices[(i + d * k) % n][0]
            if self.allowed(value):
                self.set(value)
                return
        super().step(d)


class TabButton(SidePill):
    """One page of the settings in the column on the left."""

    text_size = 29.0
    indent = 20.0
    # the page's key: shadows Widget.key(), which only a focusable widget is sent
    key: str  # type: ignore[assignment]

    def __init__(self, key: str, text: str, scene: SettingsScene) -> None:
        super().__init__(text)
        self.key = key
        self.name = f"tab:{key}"
        self.scene = scene

    def click(self, pos: tuple[int, int]) -> bool:
        """Show this page."""
        self.scene.show_tab(self.key)
        return True

    def current(self) -> bool:
        """The page shown."""
        return self.scene.tab == self.key

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """The pill, and a dot when the page has changes."""
        super().draw(surface, focused)
        if self.scene.tab_modified(self.key):
            s, r = self.s, self.rect
            dot = ACCENT_TEXT if self.current() else ACCENT
            pygame.draw.circle(surface, dot, (r.right - 18 * s, r.centery), 5 * s)


class PresetCard(Widget):
    """A preset to choose: its name, what it is to a player, and its summary."""

    def __init__(self, preset_id: str, scene: SettingsScene) -> None:
        super().__init__()
        self.preset = PRESETS[preset_id]
        self.name = f"preset:{preset_id}"
        self.scene = scene
        self.lines: list[str] = []

    def measure(self, width: int, s: float) -> int:
        """Name line plus the wrapped summary."""
        self.s = s
        self.lines = wrap(self.preset.summary, 25 * s, width - round(96 * s))
        return round(26 * s) + line_height(33 * s) + line_height(25 * s) * len(self.lines)

    def spoken_words(self) -> str:
        """The card in words: its name, what it is, whether chosen (with changes), its
        summary."""
        chosen = self.scene.settings.preset == self.preset.id
        n = len(self.scene.settings.overrides)
        mark = (f", chosen, with {plural(n, 'change')}" if n else ", chosen") if chosen else ""
        return f"{self.preset.name}, {self.preset.tagline}{mark}. {self.preset.summary}"

    def click(self, pos: tuple[int, int]) -> bool:
        """Choose this preset."""
        self.scene.choose_preset(self.preset.id)
        return True

    def activate(self) -> bool:
        """Enter or Space chooses it."""
        self.scene.choose_preset(self.preset.id)
        return True

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """A card with a radio mark; gold border when chosen."""
        s = self.s
        r = self.rect
        chosen = self.scene.settings.preset == self.preset.id
        fill = (255, 255, 255, 34) if (self.hover or focused) else (255, 255, 255, 16)
        border = ACCENT if (chosen or focused) else (255, 255, 255, 36)
        bw = max(2, round((3 if focused else 2) * s)) if (chosen or focused) else 1
        draw_panel(surface, r, fill, round(14 * s), border, bw)
        cx, cy = r.left + round(36 * s), r.top + round(13 * s) + line_height(33 * s) // 2
        pygame.draw.circle(
            surface, ACCENT if chosen else MUTED, (cx, cy), 12 * s, max(2, round(2 * s))
        )
        if chosen:
            pygame.draw.circle(surface, ACCENT, (cx, cy), 6 * s)
        x = r.left + round(66 * s)
        name = draw_text(surface, self.preset.name, 33 * s, TEXT, (x, cy), "midleft")
        tag = self.preset.tagline
        n = len(self.scene.settings.overrides)
        if chosen and n:
            tag = f"with {plural(n, 'change')}  ·  " + tag
        draw_text(
            surface,
            tag,
            23 * s,
            ACCENT if chosen and n else FAINT,
            (name.right + round(18 * s), cy + round(2 * s)),
            "midleft",
        )
        y = r.top + round(13 * s) + line_height(33 * s)
        draw_lines(surface, self.lines, 25 * s, MUTED, (x, y))
