"""The window: one App owning the display, the frame loop, the current scene and the services
every scene finds (ui/services.py); the Scene base every screen builds on."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator

import pygame

from ..resources import EXIT_AFTER_FIRST_FRAME, print_first_frame
from .eventwait import wait_for_event
from .placement import Placement, player_settings
from .services import Services
from .speech import Speech, Told
from .theme import Look, set_look

MIN_SIZE = (1280, 720)
SMALLEST = (1024, 640)  # the smallest window every screen is laid out and tested for
# Room left around a first window on Windows, in unscaled pixels: its title bar, borders and
# the taskbar stay on the screen.
DESKTOP_MARGIN = (40, 100)
DPI_HINT = "SDL_WINDOWS_DPI_AWARENESS"
FPS = 60
# Screens that may fail one after another with no frame drawn in between before the window
# gives up (a continued game tries its earlier points, then the menu says so).
MOST_RECOVERIES = 5
# Window events after which the picture must be drawn again whatever the scene says.
REPAINT = (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN)


class Scene:
    """One screen. Scenes read state and send intents; they never change the game themselves."""

    # True: the scene calls app.invalidate() whenever an event or update changes what it draws,
    # so the App redraws only then; False: the App redraws after every event.
    invalidates_itself = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes current."""

    def layout(self, size: tuple[int, int]) -> None:
        """Compute positions for a window of this size (called on enter and on resize)."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event."""

    def update(self, dt: float) -> bool:
        """Advance animations by dt seconds; return True while something moves."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene changes with no event (a timed message to hide); None: never."""
        return None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the whole scene; the areas that changed since the last draw (None: all)."""
        return None


def first_window_size(scale: float, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """MIN_SIZE times the display's scale, shrunk to fit the desktop less a margin, >= SMALLEST."""
    want_w, want_h = MIN_SIZE[0] * scale, MIN_SIZE[1] * scale
    fit = 1.0
    if desktop is not None:
        room_w = desktop[0] - DESKTOP_MARGIN[0] * scale
        room_h = desktop[1] - DESKTOP_MARGIN[1] * scale
        fit = min(1.0, room_w / want_w, room_h / want_h)
    return max(SMALLEST[0], round(want_w * fit)), max(SMALLEST[1], round(want_h * fit))


def declare_dpi_awareness() -> None:
    """On Windows, have SDL declare the process DPI aware: Windows no longer stretches it."""
    # Unaware, the window is drawn at 1280x720 and blown up to the display's scale, blurred.
    # SDL reads the hint when the display starts; a player's own setting of it wins.
    if sys.platform == "win32":
        os.environ.setdefault(DPI_HINT, "permonitorv2")


def display_scale() -> float:
    """The Windows display's scale (1.5 at 150%); 1.0 elsewhere or if Windows does not say."""
    # GetDpiForSystem (Windows 10 1607 and later) says 96 to a process that is not DPI aware.
    if sys.platform != "win32":
        return 1.0
    try:
        import ctypes

        user32 = ctypes.WinDLL("user32", use_last_error=True)
        get_dpi = user32.GetDpiForSystem
        get_dpi.restype, get_dpi.argtypes = ctypes.c_uint, []
        dpi = int(get_dpi())
    except (AttributeError, OSError):
        return 1.0
    return dpi / 96 if dpi > 0 else 1.0


def opening_size() -> tuple[int, int]:
    """The window's size at start: on Windows scaled to the display, elsewhere MIN_SIZE."""
    # A DPI-aware window on Windows is sized in real pixels; macOS sizes windows in points, and
    # Linux is left as it was.
    if sys.platform != "win32":
        return MIN_SIZE
    desktops = pygame.display.get_desktop_sizes()
    return first_window_size(display_scale(), desktops[0] if desktops else None)


class App:
    """Display, frame loop and scene switching; the loop sleeps when nothing changes."""

    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False) -> None:
        """Open the window at `size`; None: the player's window, as it was left (the settings
        loaded for it), else at opening_size()."""
        declare_dpi_awareness()  # read by SDL when the display starts, just below
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # Only what the window uses: SDL's wait polls while a joystick is open (and looks for new
        # ones every 3 s), and opening the audio device only to close it again could deadlock
        # SDL's dummy audio thread (a CI run hung in mixer.quit). The table's sounds open the
        # mixer when they are on (table/sound.py).
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Spades")
        set_look(Look())  # until a scene applies the player's settings
        if pygame.display.get_driver() == "x11":
            # SDL shows an X11 window through a GL texture by default, and presents all of it
            # whatever areas changed (under a software GL, 20 ms a frame at 1920x1080); the
            # shared-memory framebuffer copies only the areas given. SDL's hint, if set, wins.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        flags = pygame.RESIZABLE
        self.services = Services()
        self.placement: Placement | None = None  # the player's window's size, place and state
        if size is None:
            self.placement = Placement(player_settings(self.services))
            self.screen = self.placement.open(opening_size(), SMALLEST, flags)
        else:
            self.screen = pygame.display.set_mode(size, flags)
        self.size = self.screen.get_size()
        self.clock = pygame.time.Clock()
        self.scene: Scene | None = None
        self.running = True
        self.dirty = True
        self.show_whole = True  # the next frame goes to the display whole, whatever the scene says
        self.frame_times: list[float] = []
        self.frames = 0  # frames drawn (see frame_times)
        self.idle_waits = 0  # times the loop slept waiting for an event (see frame_times)
        # What a screen's unexpected error leads to (ui/recovery.py): the screen to show
        # instead. None (the tests' windows): the error is raised.
        self.on_crash: Callable[[Exception], Scene] | None = None
        self.recoveries = 0  # screens failed in a row, with no good frame between
        self.speech = Speech()  # off unless a setting, a screen reader or SPADES_SPEECH_LOG
        self.told: Told | None = None  # what each event changed on a screen, said (launch.py)

    def switch(self, scene: Scene) -> None:
        """Make a scene current."""
        self.scene = scene
        scene.enter()
        scene.layout(self.size)
        self.dirty = True
        self.show_whole = True
        if self.told is not None:
            self.told.after(scene)

    def invalidate(self) -> None:
        """Ask for a redraw on the next frame."""
        self.dirty = True

    def native_window(self) -> int | None:
        """The window's handle on the system (an HWND on Windows), for a dialog to sit on."""
        try:
            handle = pygame.display.get_wm_info().get("window")
        except pygame.error:
            return None
        return handle if isinstance(handle, int) and handle else None

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Around a call that holds the window's thread (the system's Open dialog): the time it
        held is no animation's, and the window is drawn again whole (the dialog lay over it)."""
        try:
            yield
        finally:
            self.clock.tick()
            self.dirty = True
            self.show_whole = True

    def quit(self) -> None:
        """Leave the loop at the end of this frame (the window's place remembered)."""
        self.running = False
        if self.placement is not None:
            self.placement.remember()

    def _resize(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], 640), max(size[1], 360)
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (w, h):
            # A real window is already resized by SDL; set_mode here would recreate it (flicker,
            # lost maximised state), so only a posted event or a too-small window gets here.
            surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.screen = surface
        self.size = (w, h)
        if self.scene:
            self.scene.layout(self.size)
        self.dirty = True
        self.show_whole = True

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame: events, update, draw if something changed; returns whether anything moved.

        The display gets the whole picture, or only the areas the scene says changed. Nothing
        is drawn once the loop is leaving (a QUIT in this frame).
        """
        redraw_on_input = not (self.scene and self.scene.invalidates_itself)
        for event in pygame.event.get() if events is None else events:
            if self.placement is not None:
                self.placement.note(event)
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.VIDEORESIZE:
                self._resize((event.w, event.h))
            elif event.type in REPAINT:
                self.dirty = True
                self.show_whole = True
            told = self.told
            if self.scene and not (told is not None and told.before(self.scene, event)):
                self.scene.handle(event)
                if told is not None:
                    told.after(self.scene)
            if redraw_on_input:
                self.dirty = True
        moving = self.scene.update(dt) if self.scene else False
        if self.speech.on and self.scene and self.told is not None:
            self.told.after(self.scene)  # what the update changed (the table's events)
        if (moving or self.dirty) and self.scene and self.running:
            t0 = time.perf_counter()
            changed = self.scene.draw(self.screen)
            if changed is None or self.show_whole:
                pygame.display.flip()
            elif changed:
                # only the moving cards' areas are copied to the window: a whole 1920x1080
                # copy to an X server costs more than the frame's budget
                pygame.display.update(changed)
            self.show_whole = False
            self.frame_times.append(time.perf_counter() - t0)
            del self.frame_times[:-600]
            self.frames += 1
            self.dirty = False
        return moving

    def run(self) -> None:
        """The frame loop until the player quits: capped at the display rate, asleep until an
        event when idle. pygame stays open (run_window closes it)."""
        dt = 0.0
        # Start-up measure (docs/BUILD.md): SPADES_EXIT_AFTER_FIRST_FRAME=1 prints the seconds
        # from launch to the first flipped frame, then leaves the loop.
        exit_after_first_frame = os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1"
        waited: list[pygame.event.Event] = []
        while self.running:
            try:
                # The event the idle wait took comes first, then the queue, in arrival order.
                moving = self.step(dt, waited + pygame.event.get())
                waited = []
                self.recoveries = 0
                if exit_after_first_frame and self.frame_times:
                    print_first_frame()
                    break
                if not self.running:
                    break
                if moving or self.dirty or self._busy():
                    dt = self.clock.tick(FPS) / 1000.0
                else:
                    # Idle: sleep until an event (input, the AI worker's wake, a timer) or the
                    # scene's next timed change. An event the wait took is kept, not posted
                    # back: posting puts it behind the ones that came after it, so a press and
                    # release in one frame became release, press and the click was lost.
                    waited = self.wait_idle()
                    dt = self.clock.tick() / 1000.0
            except Exception as exc:
                waited, dt = [], 0.0
                self.recover(exc)

    def recover(self, exc: Exception) -> None:
        """A screen raised: show what on_crash offers instead; raise when there is no on_crash
        or screens keep failing with no good frame between."""
        while True:
            self.recoveries += 1
            if self.on_crash is None or self.recoveries > MOST_RECOVERIES:
                raise exc
            try:
                self.switch(self.on_crash(exc))
                return
            except Exception as again:  # the screen offered instead failed as it opened
                exc = again

    def wait_idle(self, most: float | None = None) -> list[pygame.event.Event]:
        """Sleep until an event or the scene's next change (at most `most` s); events taken."""
        wake_in = getattr(self.scene, "wake_in", None)
        due: float | None = wake_in() if wake_in else None
        if most is not None:
            due = most if due is None else min(due, most)
        self.idle_waits += 1
        return wait_for_event(due)

    def _busy(self) -> bool:
        busy = getattr(self.scene, "busy", None)
        return bool(busy and busy())
