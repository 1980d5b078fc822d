"""Shared fixtures: `home`, a private data folder, and `pilot`, which drives the real app the
way a player does: pygame events posted under SDL's dummy drivers, one frame at a time; a test
marked `real_loop` runs the same way inside the program's own loop (tests/real_loop.py)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator  # noqa: E402
from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from spades_gui import storage  # noqa: E402
from spades_gui.controller import Controller  # noqa: E402
from spades_gui.engine import preset_rules  # noqa: E402
from spades_gui.engine.cards import cards_of  # noqa: E402
from spades_gui.ui import eventwait  # noqa: E402
from spades_gui.ui.launch import first_scene, install_services  # noqa: E402
from spades_gui.ui.table import TableScene  # noqa: E402
from spades_gui.ui.theme import Look, set_look  # noqa: E402
from spades_gui.ui.widgets import Button, Widget  # noqa: E402
from spades_gui.ui.widgets import text as text_mod  # noqa: E402
from spades_gui.ui.window import App, Scene  # noqa: E402
from tests.real_loop import RealLoop  # noqa: E402

eventwait.strict = True  # an impossible wait fails the test instead of being waited out
REAL_LOOP_SECONDS = 120.0  # the deadline of a test in the real loop: a hang fails, not blocks

DT = 1 / 60


class Pilot:
    """The real app driven by posted clicks, drags and keys; `app.scene` is what it drives."""

    def check_layout(self, scene: TableScene, size: tuple[int, int]) -> None:
        """Every card and label drawn inside the window; no label overlaps another or a card."""
        window = pygame.Rect(0, 0, *size)
        drawn = scene.render.drawn
        assert drawn, "nothing was drawn"
        for kind, name, r in drawn:
            assert window.contains(r), f"{kind} {name} {r} outside {size}"
        labels = [(n, r) for k, n, r in drawn if k == "label"]
        cards = [(n, r) for k, n, r in drawn if k == "cards"]
        panels = [(n, r) for k, n, r in drawn if k == "panel"]
        for (a, ra), (b, rb) in combinations(labels, 2):
            assert not ra.colliderect(rb), f"labels {a} and {b} overlap"
        for a, ra in labels + panels:
            for b, rb in cards:
                assert not ra.colliderect(rb), f"{a} overlaps cards {b} at {size}"
        for (a, ra), (b, rb) in combinations(cards, 2):
            assert not ra.colliderect(rb), f"cards {a} and {b} overlap at {size}"

    def __init__(self) -> None:
        self.app: App | None = None
        self.controllers: list[Controller] = []
        self.loop: RealLoop | None = None  # set while the test runs in the program's own loop

    # ----- opening screens -------------------------------------------------------------------

    def open(self, size: tuple[int, int] = (1280, 720)) -> App:
        """A fresh headless window (the one the pilot drives from now on)."""
        self.app = App(size, headless=True)
        if self.loop is not None:
            self.loop.opened(self.app)
        return self.app

    def show(self, scene: Scene) -> Any:
        """Make a scene current in the pilot's window; the scene back."""
        assert self.app is not None, "open() a window first"
        if isinstance(scene, TableScene):
            self.controllers.append(scene.ctl)
        self.app.switch(scene)
        return scene

    def menu(self, size: tuple[int, int] = (1280, 720), first_start: bool = False) -> Any:
        """A window at the main menu, services installed, one frame drawn; the guided hand
        offered as on the very first start only if `first_start`."""
        app = self.open(size)
        install_services(app)
        if not first_start:
            app.services.settings.guide_offered = True
        self.show(first_scene(app))
        self.step()
        return app.scene

    def table(
        self,
        rules: str | Any = "classic",
        seed: int = 3,
        speed: str = "off",
        size: tuple[int, int] = (1280, 720),
        levels: tuple[str, ...] = ("random", "easy", "random"),
        prefs: dict[str, Any] | None = None,
        **kw: Any,
    ) -> TableScene:
        """A window showing a fresh table; AI seats answer at once unless `executor` says."""
        kw.setdefault("executor", "inline")
        rules = preset_rules(rules) if isinstance(rules, str) else rules
        ctl = Controller.new_game(rules, levels, seed=seed, **kw)
        app = self.open(size)
        return self.show(TableScene(app, ctl, {"animation": speed, **(prefs or {})}))

    @property
    def scene(self) -> Any:
        """The current scene."""
        assert self.app is not None
        return self.app.scene

    def close(self) -> None:
        """Stop every table's controller the pilot started (nothing saved)."""
        for ctl in self.controllers:
            ctl.close(save=False)
        self.controllers.clear()

    # ----- frames and events -----------------------------------------------------------------

    def step(self, n: int = 1) -> None:
        """Frames, each with whatever events were posted (in the real loop: its frames)."""
        assert self.app is not None
        if self.loop is not None:
            self.loop.step(n)
            return
        for _ in range(n):
            self.app.step(DT)

    def settle(self) -> None:
        """The app left to itself until it would wait for the player (frames: one frame)."""
        if self.loop is not None:
            self.loop.settle()
        else:
            self.step()

    def post(self, *events: pygame.event.Event) -> None:
        """Queue events for the next frame."""
        for e in events:
            pygame.event.post(e)

    def send(self, *events: pygame.event.Event) -> None:
        """Events posted, then a frame."""
        self.post(*events)
        self.step()

    def click(self, pos: tuple[float, float]) -> None:
        """A left click (move, press, release) at a screen position, then a frame."""
        p = (int(pos[0]), int(pos[1]))
        self.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1),
        )
        self.step()

    def key(self, k: int, mod: int = 0) -> None:
        """A key press, then a frame."""
        self.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        self.step()

    def type(self, text: str) -> None:
        """Typed text, then a frame."""
        self.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.step()

    def resize(self, size: tuple[int, int]) -> None:
        """The window resized, then a frame."""
        self.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        self.step()
        assert self.app is not None and self.app.size == size

    def until(self, cond: Callable[[], Any], frames: int = 20_000) -> None:
        """Frames until cond() holds."""
        for _ in range(frames):
            if cond():
                return
            self.step()
        raise AssertionError("the app never got there")

    def tap(self, pos: tuple[float, float], done: Callable[[], bool], frames: int = 300) -> bool:
        """In the real frame loop (App.run): once it is about to idle with an empty queue, a
        press and its release together (a touchpad tap), then run until done() holds or the
        frames pass. Whether done() held."""
        app = self.app
        assert app is not None
        p = (int(pos[0]), int(pos[1]))
        real_step = app.step
        state = {"frames": 0, "posted": False, "done": False}

        def step(dt: float, events: list[pygame.event.Event] | None = None) -> bool:
            moving = real_step(dt, events)
            state["frames"] += 1
            if state["posted"] and done():
                state["done"] = True
                app.quit()
            elif state["frames"] >= frames:
                app.quit()
            elif not state["posted"] and not (moving or app.dirty) and not pygame.event.peek():
                busy = getattr(app.scene, "busy", None)
                if not (busy and busy()):
                    # The loop is about to wait for an event: the tap arrives now, both halves.
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
                    state["posted"] = True
            return moving

        app.step = step  # type: ignore[method-assign]
        try:
            app.run()
        finally:
            del app.step
        return bool(state["done"])

    def texts_drawn(self) -> list[str]:
        """Every line of text the current scene draws in one full frame."""
        seen: list[str] = []
        real = text_mod.render_text

        def record(text: str, *args: Any, **kw: Any) -> pygame.Surface:
            seen.append(text)
            return real(text, *args, **kw)

        text_mod.render_text = record  # type: ignore[assignment]
        try:
            render = getattr(self.scene, "render", None)
            if render is not None and hasattr(render, "dirty"):
                render.dirty = True  # the table draws from its cache otherwise
            self.scene.draw(self.app.screen)  # type: ignore[union-attr]
        finally:
            text_mod.render_text = real  # type: ignore[assignment]
        return seen

    # ----- buttons and widgets ---------------------------------------------------------------

    def button(self, name: str) -> Button:
        """A button of the current table scene by name, as drawn now."""
        b = self.scene.button(name)
        names = [x.name for x in self.scene.input.active_buttons()]
        assert b is not None, f"no button {name!r}; have {names}"
        return b

    def click_button(self, name: str) -> None:
        """Click a named table button where it is drawn."""
        self.click(self.button(name).rect.center)

    def widget(self, name: str) -> Widget:
        """A widget of the current widget scene by name, scrolled into view if need be."""
        scene = self.scene
        w = scene.find(name)
        if scene.view is not None and w in scene.view.rows:
            scene.view.scroll_to(w)
        assert scene.view is None or w not in scene.view.rows or scene.view.visible(w)
        return w

    def click_widget(self, name: str) -> Widget:
        """Click a named widget: a settings row on its label, anything else in the middle."""
        w = self.widget(name)
        label_share = getattr(w, "label_share", 0)
        x = w.rect.left + w.rect.width * label_share / 2 if label_share else w.rect.centerx
        self.click((x, w.rect.centery))
        return w

    # ----- playing at the table --------------------------------------------------------------

    def human_turn(self, kind: str | None = None) -> bool:
        """Whether the table waits for the player (a decision of this kind)."""
        v = self.scene.view
        p = v.prompt
        return p is not None and not v.sent and (kind is None or p.request.kind == kind)

    def act(self) -> None:
        """Answer the table's prompt the way a player would: with a click."""
        scene = self.scene
        p = scene.view.prompt
        assert p is not None
        if p.request.kind == "bid":
            plain = [b for b in p.request.options if b < 100]
            self.click_button(f"bid:{plain[min(2, len(plain) - 1)]}")
        elif p.request.kind == "blind":
            self.click_button("show")
        elif p.request.kind == "misdeal":
            self.click_button("misdeal:keep")
        elif p.request.kind == "play":
            self.click(scene.card_point(cards_of(p.request.options)[0]))
        elif p.request.kind in ("pass", "discard"):
            if p.request.kind == "pass" and scene.button("exchange:yes") is not None:
                self.click_button("exchange:yes")
            for c in scene.view.south_cards()[: p.request.options]:
                self.click(scene.card_point(c))
            self.click_button(p.request.kind)
        elif p.request.kind == "answer":
            self.click_button("answer:no")
        elif p.request.kind == "continue":
            self.click_button("continue")

    def play_until(self, cond: Callable[[], Any], frames: int = 50_000) -> None:
        """Frames, answering every prompt by clicks, until cond() holds."""
        for _ in range(frames):
            if cond():
                return
            if self.human_turn():
                self.act()
            self.step()
        raise AssertionError("the table never got there")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """A test marked `real_loop` runs its body beside the program's own loop (App.run)."""
    if pyfuncitem.get_closest_marker("real_loop") is None:
        return None
    pilot = pyfuncitem.funcargs.get("pilot")
    assert isinstance(pilot, Pilot), "a real_loop test drives the app through `pilot`"
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    pilot.loop = RealLoop(REAL_LOOP_SECONDS)
    try:
        pilot.loop.run(lambda: pyfuncitem.obj(**args))
    finally:
        pilot.loop = None
    return True


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder (settings, saves, statistics, exports)."""
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    return tmp_path


@pytest.fixture
def pilot(home: Path) -> Iterator[Pilot]:
    """The app driven by posted events, in a private data folder; tables closed after."""
    p = Pilot()
    yield p
    p.close()
    set_look(Look())  # a test's reading settings (text size, colours) stay with it
