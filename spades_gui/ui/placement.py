"""The window across starts: its size, place and maximised state restored from the settings
(kept on the desktop, never under the smallest size), followed while it runs and remembered
when it closes; full screen (F11, or the setting) fills the desktop without changing its mode."""

from __future__ import annotations

import logging
import os
import warnings

import pygame

from .. import crash
from .. import settings as settings_mod
from ..settings import Settings, WindowPlace
from .services import Services

log = logging.getLogger(__name__)

POSITION_ENV = "SDL_VIDEO_WINDOW_POS"  # where SDL opens a new window, "x,y"
TITLE_ROOM = 32  # pixels kept above a moved window's top for its title bar, where there is room
FRAME_MOST = 100  # the most a window manager's border and title bar put a window off its place
FULLSCREEN_KEY = pygame.K_F11


def player_settings(services: Services) -> Settings:
    """The settings, loaded into the services at start if they are not yet; a damaged file,
    and an error the last start could not show, noted for the menu."""
    if services.settings is None:
        s, message = settings_mod.load()
        services.settings = s
        if message:
            services.notices.append(message)
        note = crash.take_note()
        if note is not None:
            services.notices.append(crash.note_words(note))
    return services.settings


def desktop_area() -> pygame.Rect:
    """The desktop: the displays side by side from the first one's corner (as SDL numbers
    them); the first display alone is the one a new window is centred on."""
    sizes = pygame.display.get_desktop_sizes()
    if not sizes:
        return pygame.Rect(0, 0, 0, 0)
    return pygame.Rect(0, 0, sum(w for w, _ in sizes), max(h for _, h in sizes))


def fit(
    place: WindowPlace, desktop: pygame.Rect, smallest: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The size and place to open a window at: no bigger than the desktop and no smaller
    than `smallest`, and a place that keeps it all on the desktop (None: the system's)."""
    if desktop.width <= 0 or desktop.height <= 0:
        return (max(place.size[0], smallest[0]), max(place.size[1], smallest[1])), None
    w = max(smallest[0], min(place.size[0], desktop.width))
    h = max(smallest[1], min(place.size[1], desktop.height))
    if place.position is None:
        return (w, h), None
    x, y = place.position
    top = desktop.top + min(TITLE_ROOM, max(0, desktop.height - h))
    x = max(desktop.left, min(x, desktop.right - w))
    y = max(top, min(y, desktop.bottom - h))
    return (w, h), (x, y)


def _window() -> pygame.Window:
    """The display module's window, for the states pygame.display does not set."""
    with warnings.catch_warnings():
        # pygame-ce 2.5 warns that such a window should draw through its own surface; the
        # game draws through pygame.display and uses this only for maximise and full screen.
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class Placement:
    """Opens the player's window as it was left, follows its size, place, maximised and full
    screen states from the window's events, and keeps them in the settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.size = (0, 0)  # as a window: not maximised, minimised nor full screen
        self.position: tuple[int, int] | None = None
        self.maximized = False
        self.minimized = False
        self.fullscreen = False
        self.frame = (0, 0)  # how far the window lands from where it is put (its frame)
        # the window's size and place before their last change: a maximise that the system
        # reports after the move and resize it made takes them back
        self.size_before = (0, 0)
        self.position_before: tuple[int, int] | None = None

    def open(self, usual: tuple[int, int], smallest: tuple[int, int], flags: int) -> pygame.Surface:
        """Open the window where it was left (else at the `usual` size where the system puts
        it), maximised or full screen if it was; the display surface."""
        saved = self.settings.window
        desktop = desktop_area()
        size, position = fit(saved or WindowPlace(usual), desktop, smallest)
        if position is None and desktop.width > 0:  # centred on the first display
            first = pygame.display.get_desktop_sizes()[0]
            position = (max(0, (first[0] - size[0]) // 2), max(0, (first[1] - size[1]) // 2))
        if POSITION_ENV in os.environ:
            position = None  # the player's own choice of place wins
        if position is not None:
            os.environ[POSITION_ENV] = f"{position[0]},{position[1]}"
        try:
            pygame.display.set_mode(size, flags)
        finally:
            if position is not None:
                del os.environ[POSITION_ENV]
        self.size = pygame.display.get_window_size()
        self.position = pygame.display.get_window_position()
        if position is not None:
            # An X11 window manager puts the frame, not the window, where it was asked to:
            # the window lands its border and title bar lower. Places are kept as asked, so
            # the window does not open a title bar lower at every start.
            dx, dy = self.position[0] - position[0], self.position[1] - position[1]
            if 0 <= dx <= FRAME_MOST and 0 <= dy <= FRAME_MOST:
                self.frame = (dx, dy)
        self.size_before, self.position_before = self.size, self.position
        try:
            _window().minimum_size = smallest
            if saved is not None and saved.maximized:
                self.maximized = True  # set first: the resize it brings is not the window's
                _window().maximize()
        except pygame.error as e:
            log.warning("the window could not be maximised or limited: %s", e)
        if self.settings.fullscreen:
            self.set_fullscreen(True, save=False)
        surface = pygame.display.get_surface()
        assert surface is not None
        return surface

    def note(self, event: pygame.event.Event) -> None:
        """Follow one window event; F11 switches full screen; closing remembers the place."""
        t = event.type
        if t == pygame.KEYDOWN and event.key == FULLSCREEN_KEY:
            self.set_fullscreen(not self.fullscreen)
        elif t == pygame.QUIT:
            self.remember()
        elif t == pygame.WINDOWMINIMIZED:
            self.minimized = True
        elif t == pygame.WINDOWMAXIMIZED:
            self.maximized = True
            now = pygame.display.get_window_size(), pygame.display.get_window_position()
            if self.size == now[0]:
                self.size = self.size_before
            if self.position == now[1]:
                self.position = self.position_before
        elif t == pygame.WINDOWRESTORED:
            if self.minimized:
                self.minimized = False  # back from the taskbar, maximised or not as it was
            else:
                self.maximized = False
        elif t == pygame.WINDOWSIZECHANGED and self.as_window():
            self.size_before, self.size = self.size, (event.x, event.y)
        elif t == pygame.WINDOWMOVED and self.as_window():
            self.position_before, self.position = self.position, (event.x, event.y)

    def as_window(self) -> bool:
        """Whether the window is an ordinary window now (its size and place are its own)."""
        return not (self.maximized or self.minimized or self.fullscreen)

    def set_fullscreen(self, on: bool, save: bool = True) -> None:
        """Fill the desktop (SDL's desktop full screen: the display's mode is not changed)
        or go back to the window as it was; the setting follows (saved if `save`)."""
        if on == self.fullscreen and on == pygame.display.is_fullscreen():
            return
        self.fullscreen = on  # first: the resizes it brings are not the window's own
        try:
            if on:
                _window().set_fullscreen(desktop=True)
            else:
                _window().set_windowed()
                if not self.maximized and self.position is not None:
                    # a window manager may put it back anywhere
                    pygame.display.set_window_position(self.asked(self.position))
        except pygame.error as e:
            log.warning("full screen could not be switched: %s", e)
            self.fullscreen = pygame.display.is_fullscreen()
        if self.settings.fullscreen != self.fullscreen:
            self.settings.fullscreen = self.fullscreen
            if save:
                self._save()

    def remember(self) -> None:
        """Keep the window's size, place and maximised state in the settings file."""
        if self.size == (0, 0):
            return
        position = None if self.position is None else self.asked(self.position)
        place = WindowPlace(self.size, position, self.maximized)
        if place != self.settings.window:
            self.settings.window = place
            self._save()

    def asked(self, position: tuple[int, int]) -> tuple[int, int]:
        """The place to ask for to have the window at `position` (less its frame)."""
        return position[0] - self.frame[0], position[1] - self.frame[1]

    def _save(self) -> None:
        message = self.settings.save()
        if message:
            log.warning("%s", message)
