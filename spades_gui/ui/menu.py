"""The main menu: Continue, New game, Settings, How to play, Statistics, Progress, Drills,
Quit."""

from __future__ import annotations

import math
import random
import sys
import traceback
from collections.abc import Callable
from typing import Any

import pygame

from .. import __version__, crash, storage
from ..engine.presets import PRESETS
from ..engine.rules import Rules, RulesError
from ..settings import Settings
from .card_art import SHOWCASE, draw_suit
from .guide import offer_first_hand
from .prefs import Prefs
from .services import Opener
from .table import new_game_scene, resume_scene
from .theme import FAINT, MUTED, TEXT
from .widgets import (
    Button,
    Dialog,
    Widget,
    WidgetScene,
    draw_text,
    font,
    line_height,
)
from .window import App, Scene


def _saved_summary(record: dict[str, Any]) -> str:
    """A few words about a saved game: the rules, the scores and the hand it stopped in."""
    from ..engine.record import load

    try:
        game = load(record)
    except ValueError:
        return ""
    preset = PRESETS.get(record["rules"]) if isinstance(record.get("rules"), str) else None
    rules = preset.name if preset else "custom rules"
    at = f"hand {game.hands_scored() + 1}"  # the hand under way or the next to deal
    return f"Saved game · {rules} · us {game.scores[0]}, them {game.scores[1]} · {at}"


class Menu(WidgetScene):
    """The first screen."""

    def __init__(self, app: App, crashed: str = "") -> None:
        super().__init__(app)
        self.crashed = crashed  # the words of an error the window just met, said in a box
        self.settings: Settings = app.services.loaded_settings()
        self.saved: dict[str, Any] | None = None
        self.saved_text = ""
        self.buttons: list[Button] = []
        # beside the cards, not in the column: nine buttons would not fit a small window
        self.daily_button = Button("Deal of the day", self.open_daily, "primary")
        self.fan: pygame.Surface | None = None
        self.fan_rect = pygame.Rect(0, 0, 0, 0)
        self.left = 0
        self.title_top = 0
        self.msg_w = 0

    def enter(self) -> None:
        """Look for a saved game and show any notices about damaged files."""
        record, message = storage.load_saved_game()
        notices = self.app.services.notices
        if message:
            notices.append(message)
        self.saved = record
        self.saved_text = _saved_summary(record) if record else ""
        if notices:
            self.message.set("  ".join(notices), "warn")
            notices.clear()
        self.buttons = []
        if self.saved is not None:
            self.buttons.append(Button("Continue", self.continue_game, "accent"))
        self.buttons += [
            Button("New game", self.new_game, "accent" if self.saved is None else "primary"),
            Button("Settings", self.open_settings, "secondary"),
            Button("How to play", self.open_help, "secondary"),
            Button("Statistics", self.open_stats, "secondary"),
            Button("Progress", lambda: self.open(self.app.services.open_progress), "secondary"),
            Button("Drills", lambda: self.open(self.app.services.open_drills), "secondary"),
            Button("Quit", self.app.quit, "secondary"),
        ]
        self.focus = self.buttons[0]
        if self.crashed:
            ok = Button("OK", self.crash_told, "accent", name="crash:ok")
            self.open_dialog(Dialog("Something went wrong", self.crashed, [ok]))
            return
        offer_first_hand(self)

    def crash_told(self) -> None:
        """The player read what happened: the next start need not say it again."""
        self.close_dialog()
        crash.forget_note()

    def widgets(self) -> list[Widget]:
        """The menu's column of buttons, then the deal of the day's beside the cards."""
        return [*self.buttons, self.daily_button]

    # ----- layout -------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        """A title and a column of buttons on the left, a fan of cards on the right."""
        s = self.s
        w, h = size
        self.left = round(max(80 * s, w * 0.09))
        self.msg_w = min(w - 2 * self.left, round(1100 * s))
        # Room for a notice of two lines whether or not one shows, so that the buttons stay
        # under the pointer when it goes (only a longer notice takes more).
        two_lines = 2 * line_height(26 * s) + round(20 * s)
        reserve = max(two_lines, self.message.height(self.msg_w, s)) + round(44 * s)
        self.title_top = round(h * 0.08)
        title_h = font(150 * s).get_height()
        bw = round(380 * s)
        bh = round(58 * s)
        gap = round(14 * s)
        n = len(self.buttons)
        y = self.title_top + title_h + round(96 * s)
        room = h - reserve - y
        if n * bh + (n - 1) * gap > room:
            gap = round(10 * s)
            bh = max(round(38 * s), (room - (n - 1) * gap) // n)
        for b in self.buttons:
            b.size = 31 if bh >= 50 * s else 27
            b.place(pygame.Rect(self.left, y, bw, bh), s)
            y += bh + gap
        self._make_fan(size)

    def _make_fan(self, size: tuple[int, int]) -> None:
        """Four court cards fanned like a hand, sized to the window."""
        s = self.s
        w, h = size
        art = Prefs.read(self.settings.prefs()).card_art()
        cw = round(min(200 * s, w * 0.15))
        angles = [27, 9, -9, -27]
        ch = round(cw * 1.4)
        layer = pygame.Surface((round(cw * 3.6), round(ch * 1.55)), pygame.SRCALPHA)
        pivot = (layer.get_width() / 2, layer.get_height() * 0.95)
        for card, a in zip(SHOWCASE, angles):
            face = art.face(card, cw)
            rot = pygame.transform.rotozoom(face, a, 1.0)
            rad = math.radians(a)
            dist = ch * 0.75
            cx = pivot[0] - math.sin(rad) * dist
            cy = pivot[1] - math.cos(rad) * dist
            shadow = pygame.transform.rotozoom(_shadow(face.get_size(), s), a, 1.0)
            layer.blit(shadow, shadow.get_rect(center=(cx + 6 * s, cy + 9 * s)))
            layer.blit(rot, rot.get_rect(center=(cx, cy)))
        self.fan = layer
        right_space = w - (self.left + round(380 * s))
        cx = self.left + round(380 * s) + right_space // 2
        self.fan_rect = layer.get_rect(center=(cx, round(h * 0.5)))
        dw, dh = round(300 * s), round(58 * s)
        self.daily_button.size = 29
        self.daily_button.place(
            pygame.Rect(cx - dw // 2, self.fan_rect.bottom + round(10 * s), dw, dh), s
        )

    # ----- actions ------------------------------------------------------------------------

    def _start(self, make: Callable[[], Scene]) -> None:
        """Build a table scene and switch to it (a message if the game cannot start)."""
        try:
            scene = make()
        except Exception as e:
            traceback.print_exc(file=sys.stderr)
            self.message.set(f"The game could not start: {e}", "error")
            return
        self.app.switch(scene)

    def _new(self, rules: Rules) -> None:
        """A new table with the settings' seats, names and table options, and a fresh seed."""
        s = self.settings
        seed = random.randrange(1, 2**31)
        self._start(
            lambda: new_game_scene(
                self.app, rules, s.computer_levels(), s.seat_names(), seed, s.prefs()
            )
        )

    def new_game(self) -> None:
        """Start a game with the current settings (asking first if a game is saved)."""
        try:
            rules = self.settings.rules()
        except RulesError as e:
            self.message.set(f"The rules in Settings cannot be played: {e}", "error")
            return
        if self.saved is None:
            self._new(rules)
            return

        self.confirm(
            "Start a new game?",
            "Your saved game will be replaced by the new one.",
            ("New game", lambda: self._new(rules)),
            "accent",
        )

    def continue_game(self) -> None:
        """Resume the saved game."""
        saved, s = self.saved, self.settings
        if saved is not None:
            self._start(
                lambda: resume_scene(
                    self.app, saved, s.computer_levels(), s.seat_names(), s.prefs()
                )
            )

    def open(self, opener: Opener | None) -> None:
        """Another screen, whose Back returns to the menu."""
        if opener is not None:
            opener()

    def open_daily(self) -> None:
        """Today's deal, the same for everyone under these rules (if the rules can be played)."""
        try:
            self.settings.rules()
        except RulesError as e:
            self.message.set(f"The rules in Settings cannot be played: {e}", "error")
            return
        self.open(self.app.services.open_daily)

    def open_settings(self) -> None:
        """The settings screen."""
        self.open(self.app.services.open_settings)

    def open_help(self) -> None:
        """How to play."""
        self.open(self.app.services.open_help)

    def open_stats(self) -> None:
        """Statistics."""
        self.open(self.app.services.open_stats)

    def focusables(self) -> list[Widget]:
        """Up and Down walk the column; Right reaches the deal of the day beside the cards."""
        return [b for b in self.buttons if b.enabled]

    def on_key(self, event: pygame.event.Event) -> None:
        """Right to the deal of the day, Left (or Up, Down) back to the column."""
        if event.key == pygame.K_RIGHT and self.focus is not self.daily_button:
            self.focus = self.daily_button
        elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN) and (
            self.focus is self.daily_button
        ):
            self.focus = self.buttons[0]
        else:
            super().on_key(event)
            return
        self.app.invalidate()

    def back(self) -> None:
        """Escape on the menu moves to Quit (a second Enter quits)."""
        self.keyboard = True
        self.focus = self.buttons[-1]

    # ----- drawing ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        """Title, rules line, buttons, card fan, message and version."""
        s = self.s
        w, h = surface.get_size()
        if self.fan is not None:
            surface.blit(self.fan, self.fan_rect)
        size = 150 * s
        f = font(size)
        cap = f.get_ascent() * 0.72
        x = self.left
        top = self.title_top
        draw_suit(
            surface, 3, (x + round(cap * 0.5), top + round(f.get_ascent() * 0.6)), round(cap), TEXT
        )
        r = draw_text(surface, "Spades", size, TEXT, (x + round(cap * 1.15), top))
        y = r.bottom + round(6 * s)
        rules = f"Rules: {self.settings.rules_name()}"
        levels = sorted(set(self.settings.seat_levels().values()))
        comp = " / ".join(lv.capitalize() for lv in levels)
        draw_text(surface, f"{rules}   ·   Computer: {comp}", 28 * s, MUTED, (x + 4 * s, y))
        if self.saved_text:
            draw_text(surface, self.saved_text, 24 * s, FAINT, (x + 4 * s, y + 38 * s))
        for b in self.widgets():
            b.draw(surface, b is self.shown_focus())
        if self.message.text:
            mw = self.msg_w
            mh = self.message.height(mw, s)
            rect = pygame.Rect(self.left, h - mh - round(24 * s), mw, mh)
            self.message.draw(surface, rect, s)
        else:
            hint = "Arrow keys and Enter work here"
            draw_text(surface, hint, 22 * s, FAINT, (self.left, h - round(24 * s)), "bottomleft")
        draw_text(
            surface, f"v{__version__}", 22 * s, FAINT, (w - 24 * s, h - 24 * s), "bottomright"
        )


def _shadow(size: tuple[int, int], s: float) -> pygame.Surface:
    """A soft dark rounded rectangle to lay under a card."""
    w, h = size
    small = pygame.Surface((max(1, w // 4) + 6, max(1, h // 4) + 6), pygame.SRCALPHA)
    pygame.draw.rect(
        small, (0, 0, 0, 90), small.get_rect().inflate(-6, -6), border_radius=max(1, w // 40)
    )
    return pygame.transform.smoothscale(small, (w + 24, h + 24))
