"""Which rules does your table play? Every preset with the facts that tell it apart, asked on
the first start and from the menu's rules line; a click chooses and goes on."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine.presets import PRESETS, Preset
from ..settings import Settings
from .rules_facts import rule_facts
from .theme import ACCENT, FAINT, MUTED, TEXT
from .widgets import (
    Button,
    ScrollView,
    Widget,
    WidgetScene,
    draw_lines,
    draw_panel,
    draw_text,
    line_height,
    text_width,
    title_bar,
    wrap,
)
from .window import App
from .words import plural

FIRST = "standard"  # the game most players know from apps, listed first
FACT_SIZE = 23
NAME_SIZE = 31


SEP = "  ·  "


def wrap_facts(facts: list[str], size: float, width: int) -> list[str]:
    """The facts in lines no wider than width, each fact kept whole where it fits a line."""
    lines: list[str] = []
    for fact in facts:
        joined = f"{lines[-1]}{SEP}{fact}" if lines else fact
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines += wrap(fact, size, width)
    return lines


def preset_order() -> list[Preset]:
    """Standard first, then the presets in their usual order."""
    return [PRESETS[FIRST]] + [p for p in PRESETS.values() if p.id != FIRST]


class RulesCard(Widget):
    """One preset: its name, what it is to a player, and its distinguishing facts."""

    def __init__(self, preset: Preset, scene: RulesChoice) -> None:
        super().__init__()
        self.preset = preset
        self.name = f"rules:{preset.id}"
        self.scene = scene
        self.lines: list[str] = []

    def measure(self, width: int, s: float) -> int:
        """The name line and the wrapped facts."""
        self.s = s
        facts = rule_facts(self.preset.rules)
        self.lines = wrap_facts(facts, FACT_SIZE * s, width - round(92 * s))
        body = line_height(FACT_SIZE * s) * len(self.lines)
        return round(22 * s) + line_height(NAME_SIZE * s) + body

    def spoken_words(self) -> str:
        """The card in words: its name, what it is, whether chosen, and its facts."""
        chosen = self.scene.settings.preset == self.preset.id and not self.scene.first
        facts = ". ".join(f.rstrip(".") for f in rule_facts(self.preset.rules))
        mark = ", chosen" if chosen else ""
        return f"{self.preset.name}, {self.preset.tagline}{mark}. {facts}"

    def click(self, pos: tuple[int, int]) -> bool:
        """Choose these rules."""
        self.scene.choose(self.preset.id)
        return True

    def activate(self) -> bool:
        """Enter or Space chooses them."""
        self.scene.choose(self.preset.id)
        return True

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """A card with a radio mark, gold when these are the rules now."""
        s, r = self.s, self.rect
        chosen = self.scene.settings.preset == self.preset.id and not self.scene.first
        fill = (255, 255, 255, 34) if (self.hover or focused) else (255, 255, 255, 16)
        border = ACCENT if (chosen or focused) else (255, 255, 255, 36)
        bw = max(2, round((3 if focused else 2) * s)) if (chosen or focused) else 1
        draw_panel(surface, r, fill, round(14 * s), border, bw)
        cy = r.top + round(10 * s) + line_height(NAME_SIZE * s) // 2
        cx = r.left + round(34 * s)
        pygame.draw.circle(
            surface, ACCENT if chosen else MUTED, (cx, cy), 12 * s, max(2, round(2 * s))
        )
        if chosen:
            pygame.draw.circle(surface, ACCENT, (cx, cy), 6 * s)
        x = r.left + round(62 * s)
        name = draw_text(surface, self.preset.name, NAME_SIZE * s, TEXT, (x, cy), "midleft")
        tag = self.preset.tagline
        if chosen and self.scene.settings.overrides:
            tag = f"yours, with {plural(len(self.scene.settings.overrides), 'change')}"
        at = (name.right + round(16 * s), cy + round(2 * s))
        draw_text(surface, tag, FACT_SIZE * s, ACCENT if chosen else FAINT, at, "midleft")
        y = r.top + round(10 * s) + line_height(NAME_SIZE * s)
        draw_lines(surface, self.lines, FACT_SIZE * s, MUTED, (x, y))


class RulesChoice(WidgetScene):
    """The presets to choose from; `done` goes on (to the menu) once chosen or kept."""

    view: ScrollView  # made here, never None

    def __init__(self, app: App, done: Callable[[], None], first: bool = False) -> None:
        super().__init__(app, done)
        self.settings: Settings = app.services.loaded_settings()
        self.done = done
        self.first = first
        self.view = ScrollView(gap=10)
        self.cards = [RulesCard(p, self) for p in preset_order()]
        self.view.set_rows(list(self.cards))
        name = self.settings.rules_name()
        keep = f"Later (play {name})" if first else f"Keep {name}"
        self.keep_button = Button(keep, self.keep, "secondary", 27, name="keep")
        self.left = 0
        self.title_top = 0
        self.note_y = 0
        now = next(c for c in self.cards if c.preset.id == self.settings.preset)
        self.focus = self.cards[0] if first else now

    def widgets(self) -> list[Widget]:
        """The cards, then Keep."""
        return [*self.view.rows, self.keep_button]

    def arrange(self, size: tuple[int, int]) -> None:
        """The title, the cards in a scrolling column, Keep at the bottom right."""
        s = self.s
        w, h = size
        width = min(w - round(80 * s), round(1120 * s))
        self.left = (w - width) // 2
        self.title_top = round(26 * s)
        top = self.title_top + round(112 * s)
        bar_h = round(84 * s)
        self.view.layout(pygame.Rect(self.left, top, width, h - bar_h - top), s)
        bh = round(27 * 1.75 * s)
        bw = self.keep_button.natural_width(s)
        y = h - bar_h // 2 - bh // 2
        self.keep_button.place(pygame.Rect(self.left + width - bw, y, bw, bh), s)
        self.note_y = y + bh // 2

    def paint(self, surface: pygame.Surface) -> None:
        """Title, the question's line, the cards, and where to change them later."""
        s = self.s
        bottom = title_bar(surface, "Your table's rules", "", s, self.left, self.title_top)
        ask = "Which rules do you play? Click yours; Standard is what most Spades apps play."
        draw_text(surface, ask, 27 * s, TEXT, (self.left, bottom + round(12 * s)))
        focus = self.shown_focus()
        self.view.draw(surface, focus)
        self.keep_button.draw(surface, self.keep_button is focus)
        later = "Change them later from the menu, or any single rule in Settings."
        room = self.keep_button.rect.left - self.left - round(20 * s)
        lines = wrap(later, 22 * s, room)
        top = self.note_y - line_height(22 * s) * len(lines) // 2
        draw_lines(surface, lines, 22 * s, FAINT, (self.left, top))

    def back(self) -> None:
        """Escape keeps the rules as they are."""
        self.keep()

    def keep(self) -> None:
        """Go on with the rules as they are."""
        self.finish()

    def choose(self, preset_id: str) -> None:
        """These rules from now on (asking first if that drops the player's changes)."""
        s = self.settings
        if s.preset == preset_id or not s.overrides:
            if s.preset != preset_id:
                s.set_preset(preset_id)
            self.finish()
            return
        n = len(s.overrides)
        self.confirm(
            f"Switch to {PRESETS[preset_id].name}?",
            f"Your {plural(n, 'change')} to {PRESETS[s.preset].name} will be lost.",
            ("Switch", lambda: self._switch(preset_id)),
            no=("Keep my rules", None),
            names=("keep_rules", "switch_preset"),
        )

    def _switch(self, preset_id: str) -> None:
        """Set the preset, dropping the changes, and go on."""
        self.settings.set_preset(preset_id)
        self.finish()

    def finish(self) -> None:
        """Note that the rules were asked, save, and go on."""
        self.settings.rules_asked = True
        problem = self.settings.save()
        if problem:
            self.app.services.notices.append(problem)
        self.done()
