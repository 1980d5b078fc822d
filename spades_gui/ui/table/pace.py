"""The pace control on the table: how fast the computer players' cards come (Slow, Normal,
Fast) and whether each finished trick waits for the player's click; the same settings as
Settings → Table ("Animation speed", "Collect each trick"), saved when changed here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from ...settings import ANIMATION_SCALE, ANIMATION_SPEEDS, NEW_PLAYER_COLLECT
from ..widgets import Button, text_width
from .panels import Panel, make_button

if TYPE_CHECKING:
    from .scene import TableScene

PACES = tuple((k, words) for k, words in ANIMATION_SPEEDS if k != "off")  # Slow, Normal, Fast
CLICK = "click"  # "Collect each trick: When I click"


def pace_now(scene: TableScene) -> str | None:
    """The pace the table plays at, by its setting's name (None for a speed set otherwise)."""
    for key, _ in ANIMATION_SPEEDS:
        if ANIMATION_SCALE[key] == scene.prefs.speed:
            return key
    return None


def cycle_pace(scene: TableScene) -> None:
    """The next pace (the button, or P)."""
    set_pace(scene, next_pace(pace_now(scene)))


def _switch_words(waits: bool) -> str:
    """The switch's words: whether each finished trick waits for a click."""
    return f"Wait for my click: {'On' if waits else 'Off'}"


def next_pace(now: str | None) -> str:
    """The pace after this one, round Slow, Normal, Fast (Slow after any other)."""
    keys = [k for k, _ in PACES]
    return keys[(keys.index(now) + 1) % len(keys)] if now in keys else keys[0]


def pace_buttons(scene: TableScene) -> list[Button]:
    """ "Pace: Slow" (a click takes the next) and "Wait for my click", under the rules' box."""
    # there they stay clear of the east fan below and of the panels in the middle
    L = scene.L
    now = pace_now(scene)
    waits = scene.prefs.collect == CLICK
    g, bh, pad = L.px(6), L.px(30), L.px(28)
    top, right = L.info_rect.bottom + L.gap, L.info_rect.right
    if scene.view.rules.special_card:  # its box under the rules' box: beside it, not below
        right = L.special_rect.left - L.gap
    pace = f"Pace: {dict(ANIMATION_SPEEDS)[now]}" if now is not None else "Pace"
    switch = _switch_words(waits)
    widths = [text_width(t, L.f_button) + pad for t in (pace, switch)]
    x = right - sum(widths) - g
    rect = pygame.Rect(x, top, widths[0], bh)
    out = [make_button(pace, "pace", lambda: cycle_pace(scene), rect, L, "secondary")]
    style = "accent" if waits else "secondary"
    toggle = lambda: set_collect(scene, NEW_PLAYER_COLLECT if waits else CLICK)  # noqa: E731
    rect = pygame.Rect(x + widths[0] + g, top, widths[1], bh)
    out.append(make_button(switch, "pace:click", toggle, rect, L, style))
    fans = [
        scene.render.fan_image(seat, n)[1]
        for seat in (1, 2, 3)
        if (n := scene.render.fan_count(seat))
    ]
    return out if not _blocked(out, fans) else []


def _blocked(buttons: Sequence[Button], rects: Sequence[pygame.Rect]) -> bool:
    """Whether any of the buttons would lie over any of these rects."""
    return any(b.rect.colliderect(r) for b in buttons for r in rects)


def step_aside(corner: list[Button], panels: Sequence[Panel]) -> list[Button]:
    """The corner buttons without the pace's while a panel lies where they would be (001's
    widest bid panels; 15 cards in a fan): they come back when it goes."""
    pace = [b for b in corner if b.name.startswith("pace")]
    if _blocked(pace, [p.rect for p in panels]):
        return [b for b in corner if b not in pace]
    return corner


def set_pace(scene: TableScene, key: str) -> None:
    """Play at this pace from now on, here and in the settings."""
    scene.prefs = replace(scene.prefs, speed=ANIMATION_SCALE[key])
    remember(scene, "animation", key, {"animation_scale": ANIMATION_SCALE[key]})
    words = {"slow": "easy to follow", "normal": "quicker", "fast": "quickest"}[key]
    scene.toast(f"Pace: {dict(PACES)[key]}, {words} (P changes it)", 2.0)


def set_collect(scene: TableScene, mode: str) -> None:
    """Finished tricks wait for a click, or leave after a pause, here and in the settings."""
    scene.prefs = replace(scene.prefs, collect=mode)
    remember(scene, "collect", mode, {})
    if mode == CLICK:
        scene.toast("Each finished trick now stays until you click", 2.6)
    else:
        scene.toast("Each finished trick leaves after a pause", 2.0)
    if mode != CLICK and scene.view.collect_wait:
        scene.events.collect()  # the trick waiting now goes too


def remember(scene: TableScene, name: str, value: str, extra: dict[str, Any]) -> None:
    """A table setting changed at the table (the pace, the played cards): kept in the
    table's prefs (a rematch, the review) and saved in settings."""
    given = scene.prefs_given
    if isinstance(given, dict):
        given[name] = value
        given.update(extra)
    settings = scene.app.services.settings
    if settings is not None:
        setattr(settings, name, value)
        problem = settings.save()
        if problem:
            scene.toast(problem)
    scene.rebuild()
