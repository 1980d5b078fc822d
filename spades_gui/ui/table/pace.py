"""The pace control on the table: how fast the computer players' cards come (Slow, Normal,
Fast) and whether each finished trick waits for the player's click; the same settings as
Settings → Table ("Animation speed", "Collect each trick"), saved when changed here."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from ...settings import ANIMATION_SCALE, ANIMATION_SPEEDS, NEW_PLAYER_COLLECT
from ..widgets import Button, text_width
from .layout import NORTH
from .panels import make_button

if TYPE_CHECKING:
    from .scene import TableScene

PACES = tuple((k, words) for k, words in ANIMATION_SPEEDS if k != "off")  # Slow, Normal, Fast
CLICK = "click"  # "Collect each trick: When I click"


def pace_now(scene: TableScene) -> str | None:
    """The pace the table plays at, by its setting's name (None for a speed not offered)."""
    for key, _ in PACES:
        if ANIMATION_SCALE[key] == scene.prefs.speed:
            return key
    return None


def _switch_words(waits: bool, short: bool) -> str:
    """The switch's words: whether each finished trick waits for a click."""
    state = "On" if waits else "Off"
    return f"Wait: {state}" if short else f"Wait for my click: {state}"


def pace_buttons(scene: TableScene) -> list[Button]:
    """Slow, Normal and Fast (the one in use lit) and the trick's "Wait for my click", in a
    row under the partner's plate and the rules' box, clear of the east fan below."""
    L = scene.L
    now = pace_now(scene)
    waits = scene.prefs.collect == CLICK
    g, bh, pad = L.px(6), L.px(30), L.px(28)
    right = L.info_rect.right
    if scene.view.rules.special_card:  # its box sits under the rules' box
        right = L.special_rect.left - L.gap
    top = max(L.info_rect.bottom, L.plates[NORTH].bottom) + L.gap
    left = L.plates[NORTH].left
    words = [w for _, w in PACES]
    switch = _switch_words(waits, short=False)
    widths = [text_width(w, L.f_button) + pad for w in [*words, switch]]
    if sum(widths) + 3 * g > right - left:
        switch = _switch_words(waits, short=True)
        widths[-1] = text_width(switch, L.f_button) + pad
    x = right - sum(widths) - 3 * g
    out = []
    for (key, text), w in zip(PACES, widths):
        style = "accent" if key == now else "secondary"
        fn = lambda k=key: set_pace(scene, k)  # noqa: E731
        out.append(make_button(text, f"pace:{key}", fn, pygame.Rect(x, top, w, bh), L, style))
        x += w + g
    style = "accent" if waits else "secondary"
    toggle = lambda: set_collect(scene, NEW_PLAYER_COLLECT if waits else CLICK)  # noqa: E731
    rect = pygame.Rect(x, top, widths[-1], bh)
    out.append(make_button(switch, "pace:click", toggle, rect, L, style))
    return out


def set_pace(scene: TableScene, key: str) -> None:
    """Play at this pace from now on, here and in the settings."""
    scene.prefs = replace(scene.prefs, speed=ANIMATION_SCALE[key])
    _remember(scene, "animation", key, {"animation_scale": ANIMATION_SCALE[key]})
    scene.toast(f"Pace: {dict(PACES)[key]}", 1.6)


def set_collect(scene: TableScene, mode: str) -> None:
    """Finished tricks wait for a click, or leave after a pause, here and in the settings."""
    scene.prefs = replace(scene.prefs, collect=mode)
    _remember(scene, "collect", mode, {})
    if mode == CLICK:
        scene.toast("Each finished trick now stays until you click", 2.6)
    else:
        scene.toast("Each finished trick leaves after a pause", 2.0)
    if mode != CLICK and scene.view.collect_wait:
        scene.events.collect()  # the trick waiting now goes too


def _remember(scene: TableScene, name: str, value: str, extra: dict[str, Any]) -> None:
    """The change kept in the table's prefs (a rematch, the review) and saved in settings."""
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
