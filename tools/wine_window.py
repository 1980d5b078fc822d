"""The Windows program's own paths, exercised under Wine as a player would (tools/build-windows.sh).

    python tools/wine_window.py dist/Spades.exe [--shots DIR] [--winpython PYTHON.EXE]

Needs WINEPREFIX and DISPLAY (an Xvfb screen) set, and xdotool, xwd and tmux. Checks:
- the console: from `cmd` in a terminal, `Spades.exe rules nope` prints its error into that
  console (the program attaches to it) and `start /wait` returns its exit code 2;
- a redirect made by cmd (`Spades.exe rules pagat --json > file`) holds what the source prints;
- a real window (Wine's own display driver, not SDL's dummy): New game, a bid and a whole hand
  played from the keyboard, the game saved in %LOCALAPPDATA%\\spades; the window resized to
  1920x1080 through Windows (tools/wine_resize.py, run by WINPYTHON) and drawn whole at that size;
  the program killed hard, started again, the menu offers Continue, the game goes on from the
  same position; a game record in a folder with a space in its name opened from the keyboard by
  its typed Windows path (the options' path field), a wrong path answered by its one line;
  another opened with Windows' own Open dialog (Browse...), its path typed into the dialog; and
  the window closes with exit code 0;
- a scaled display (LogPixels 144, Windows' 150%): the window opens at 1920x1080, 1280x720
  times the scale, drawn whole, and closes with Alt+F4; the setting is taken out again
  whatever happens. (Wine 8 stretches no window, so the blur this prevents is not seen here.)
  Screenshots at 1280x720 and 1920x1080 go to DIR.
Prints a line per check; exits 1 if any fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WINDOW_S = 60.0  # the longest wait for the window, or for a hand to be played
POLL_S = 0.25
IDLE_S = 4.0  # how long the table is left idle after Continue (nothing timed on it)


class Check:
    """Counts failures; prints one line a check."""

    def __init__(self) -> None:
        self.failed = 0

    def __call__(self, ok: bool, what: str, detail: str = "") -> bool:
        print(f"   {'ok  ' if ok else 'FAIL'} {what}{': ' + detail if detail and not ok else ''}")
        self.failed += not ok
        return ok


def windows_path(path: Path) -> str:
    """A Linux path as Wine's Z: drive names it."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def wait_for(test: Callable[[], Any], seconds: float = WINDOW_S) -> Any:
    """Poll `test` until it returns something true, or None after `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = test()
        if found:
            return found
        time.sleep(POLL_S)
    return None


def tmux(*args: str) -> str:
    """Run one tmux command; its output."""
    # A server of our own: it starts with this process's environment (WINEPREFIX, DISPLAY).
    socket = f"spades-wine-{os.getpid()}"
    return subprocess.run(
        ["tmux", "-L", socket, *args], capture_output=True, text=True, check=False
    ).stdout


def pane(session: str) -> str:
    """What the terminal shows, the last lines."""
    return "\n".join(tmux("capture-pane", "-p", "-t", session).strip().splitlines()[-6:])


def console_checks(exe: Path, check: Check) -> None:
    """The program run from cmd in a terminal: it prints into that console."""
    session = f"spades-{os.getpid()}"
    tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "40", "wine cmd")
    try:
        if not check(bool(wait_for(lambda: ">" in pane(session))), "cmd starts in a terminal"):
            return
        exe_name = windows_path(exe)
        tmux("send-keys", "-t", session, f"{exe_name} rules nope", "Enter")
        screen = wait_for(lambda: "(presets: classic" in pane(session) and pane(session))
        check(bool(screen), "Spades.exe prints into the console it was started from", pane(session))
        # cmd does not wait for a windowed program; `start /wait` does, and sets errorlevel.
        tmux("send-keys", "-t", session, f"start /wait {exe_name} rules nope", "Enter")
        tmux("send-keys", "-t", session, "echo exit code %errorlevel%", "Enter")
        said = wait_for(lambda: re.search(r"^exit code (\d+)\s*$", pane(session), re.M))
        check(
            bool(said) and said.group(1) == "2",
            "start /wait returns its exit code (2)",
            pane(session),
        )
    finally:
        tmux("kill-session", "-t", session)


def redirect_check(exe: Path, check: Check, python: str) -> None:
    """cmd's own redirect to a file: the output is the source's, line for line."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rules.json"
        subprocess.run(
            ["wine", "cmd", "/c", f"{windows_path(exe)} rules pagat --json > {windows_path(out)}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=120,
            check=False,
        )
        want = subprocess.run(
            [python, "-m", "spades_gui", "rules", "pagat", "--json"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        got = out.read_text(encoding="utf-8").replace("\r\n", "\n") if out.exists() else ""
        check(got == want and bool(want), "cmd's redirect to a file holds what the source prints")


def user_folder() -> Path:
    """The Windows user's folder (C:\\users\\NAME) inside the Wine prefix."""
    return Path(os.environ["WINEPREFIX"]) / "drive_c" / "users" / os.environ.get("USER", "root")


def data_folder() -> Path:
    """%LOCALAPPDATA%\\spades inside the Wine prefix (README: where the saves are kept)."""
    return user_folder() / "AppData" / "Local" / "spades"


def recent_records() -> list[str]:
    """The record files the program lists as opened lately (recent_records.json), newest first."""
    try:
        data = json.loads((data_folder() / "recent_records.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    paths = data.get("paths") if isinstance(data, dict) else None
    return [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else []


def saved_game() -> dict[str, Any] | None:
    """The saved game in the data folder, or None."""
    try:
        data = json.loads((data_folder() / "saved_game.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def settings() -> dict[str, Any]:
    """The settings file in the data folder ({} when missing or unreadable)."""
    try:
        data = json.loads((data_folder() / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def plays_made(game: dict[str, Any] | None) -> int:
    """Cards played in the saved game so far, over all its hands."""
    if not game:
        return 0
    return sum(len(h.get("plays", [])) for h in game.get("hands", []))


def windows() -> list[str]:
    """The ids of the visible windows named Spades."""
    return subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^Spades$"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()


def geometry(window: str) -> tuple[int, int, int, int]:
    """x, y, width, height of a window on the screen (zeros once it is gone)."""
    out = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    g = dict(line.split("=", 1) for line in out.split() if "=" in line)
    if not {"X", "Y", "WIDTH", "HEIGHT"} <= g.keys():
        return 0, 0, 0, 0
    return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


def screen_shot(path: Path, rect: tuple[int, int, int, int]) -> None:
    """Save what the screen shows inside rect (x, y, width, height) as a PNG."""
    dump = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    crop = ",".join(map(str, rect))
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "xwd_png.py"), str(path), "--crop", crop],
        input=dump,
        check=True,
    )


def window_picture(path: Path, window: str) -> bool:
    """Save one window's own picture (`xwd -id`) as a PNG; whether it could be taken."""
    dump = subprocess.run(["xwd", "-id", window, "-silent"], capture_output=True, check=False)
    if dump.returncode or not dump.stdout:
        return False
    tool = [sys.executable, str(ROOT / "tools" / "xwd_png.py"), str(path)]
    return subprocess.run(tool, input=dump.stdout, capture_output=True, check=False).returncode == 0


def drawn_in(png: Path, points: tuple[tuple[int, int], ...]) -> bool:
    """Whether a picture is drawn (not black) at each point."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(png))
    return all(sum(image.get_at(point)[:3]) > 0 for point in points)


def one_colour(png: Path) -> bool:
    """Whether a picture is one colour all over: a window the program has not drawn into yet
    is black (Wine maps it at once; the first frame can come seconds later)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(png))
    image.set_colorkey(image.get_at((0, 0)))
    return image.get_bounding_rect().size == (0, 0)


def lay_over(png: Path, top: Path, at: tuple[int, int]) -> None:
    """Draw the picture `top` over the PNG `png` at `at`, in place."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(png))
    image.blit(pygame.image.load(str(top)), at)
    pygame.image.save(image, str(png))


def drawn_at(rect: tuple[int, int, int, int], points: tuple[tuple[int, int], ...]) -> bool:
    """Whether the screen inside rect is drawn (not black) at each point, relative to rect."""
    if not rect[2] or not rect[3]:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "window.png"
        screen_shot(png, rect)
        return drawn_in(png, points)


class Window:
    """Spades.exe in a real window on the X screen, driven by xdotool."""

    def __init__(self, exe: Path) -> None:
        self.exe = exe.resolve()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "SPADES_"))}
        self.proc = subprocess.Popen(
            ["wine", str(exe)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.id = wait_for(self._find) or ""

    def _find(self) -> str:
        found = windows()
        return found[0] if found else ""

    def geometry(self) -> tuple[int, int, int, int]:
        """x, y, width, height of the window on the screen."""
        return geometry(self.id)

    def keys(self, *keys: str) -> None:
        """Type keys into the window (the pointer rests inside it: focus follows it)."""
        x, y, w, h = self.geometry()
        subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(y + 12)], check=False)
        subprocess.run(["xdotool", "key", "--delay", "60", *keys], check=False)

    def type(self, text: str) -> None:
        """Type text into the window, a key at a time."""
        x, y, w, h = self.geometry()
        subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(y + 12)], check=False)
        subprocess.run(["xdotool", "type", "--delay", "40", text], check=False)

    def resize(self, w: int, h: int, winpython: Path) -> str:
        """Resize the window as a player dragging its edge would, through Windows itself
        (tools/wine_resize.py); what Windows says the window's inside now measures."""
        # xdotool's resize, made on the X server, is not always passed on to the program by
        # Wine when no window manager runs (docs/BUILD.md); one made by Windows' SetWindowPos is.
        script = windows_path(ROOT / "tools" / "wine_resize.py")
        out = subprocess.run(
            ["wine", str(winpython), script, str(w), str(h)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        return (out.stdout + out.stderr).replace("\r", "").strip()

    def picture(self, path: Path) -> bool:
        """Save the window's own picture as a PNG; whether it is drawn (not one colour)."""
        return window_picture(path, self.id) and not one_colour(path)

    def shot(self, path: Path) -> None:
        """Save what the window shows as a PNG, once the program has drawn into it."""
        drawn = wait_for(lambda: self.picture(path), 30.0)
        x, y, w, h = self.geometry()
        if not drawn:
            screen_shot(path, (x, y, w, h))
        print(f"   shot {path} ({w}x{h}{'' if drawn else ', not drawn in 30 s'})")

    def painted_whole(self) -> bool:
        """Whether the window shows the table out to its edges: its far corner and the middles
        of its right and bottom edges (a part the program never drew stays black)."""
        x, y, w, h = self.geometry()
        return drawn_at((x, y, w, h), ((w - 3, h - 3), (w - 3, h // 2), (w // 2, h - 3)))

    def end(self, timeout: float = 30, kill: bool = True) -> int | None:
        """Wait for the program to leave; its exit code, or None if it has not (then killed,
        unless `kill` is False)."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            if kill:
                self.kill()
            return None

    def kill(self) -> None:
        """Kill the program hard, as a crash or a power cut would."""
        # Both processes of the one-file program: the bootloader and the game it starts.
        for name in (str(self.exe), windows_path(self.exe)):
            pattern = "^" + name.replace("\\", "\\\\").replace(".", "\\.") + "( |$)"
            subprocess.run(["pkill", "-9", "-f", pattern], check=False)
        self.proc.wait()
        wait_for(lambda: not windows(), 30)  # Wine takes the dead program's window down


def progress(game: dict[str, Any] | None) -> int:
    """How far the saved game has come: its hands, bids and cards played."""
    if not game:
        return 0
    hands = game.get("hands", [])
    return len(hands) + sum(len(h.get("bids", [])) + len(h.get("plays", [])) for h in hands)


def current_hand(game: dict[str, Any] | None) -> Any:
    """The saved game's current hand, replayed by the engine (None when nothing is saved)."""
    from spades_gui.engine.record import RecordError, load

    if not game:
        return None
    try:
        hand = load(game).hand
    except RecordError:
        return None
    return hand


def our_turn_to_bid(game: dict[str, Any] | None) -> bool:
    """Whether the saved game waits for South's bid."""
    from spades_gui.engine.hand import BID

    hand = current_hand(game)
    return hand is not None and hand.phase == BID and hand.turn == 0


def our_bid(game: dict[str, Any] | None) -> int | None:
    """South's bid in the saved game's first hand, as the engine reads it."""
    from spades_gui.engine.record import RecordError, load

    if not game:
        return None
    try:
        hands = load(game).hands
    except RecordError:
        return None
    return hands[0].bids[0] if hands else None


def press_until(
    win: Window, keys: tuple[str, ...], done: Callable[[], bool], seconds: float
) -> bool:
    """Type `keys` again and again until `done()`; whether it came in time."""
    return bool(wait_for(lambda: done() or win.keys(*keys), seconds))


def open_record_checks(win: Window, check: Check, shots: Path | None) -> None:
    """A game record opened by its typed Windows path, from the keyboard alone: O opens the
    options, Shift+Tab three times reaches the path field (before Open and Close), Enter types
    into it, Ctrl+Backspace clears it. A wrong path first, then the right one."""
    folder = user_folder() / "My Records"
    folder.mkdir(parents=True, exist_ok=True)
    # The record: the saved game as the program wrote it, its first hand finished.
    shutil.copyfile(data_folder() / "saved_game.json", folder / "hand 1.json")
    user = os.environ.get("USER", "root")
    right = f"C:\\users\\{user}\\My Records\\hand 1.json"
    wrong = f"C:\\users\\{user}\\My Records\\hand 2.json"
    before = recent_records()
    # The program takes the keys in order, and O opens the panel before the next key is read.
    win.keys("o", "shift+Tab", "shift+Tab", "shift+Tab", "Return", "ctrl+BackSpace")
    win.type(wrong)
    win.keys("Return")
    time.sleep(1.0)  # its answer is a line under the field, no file: drawn before the shot
    if shots:
        win.shot(shots / "windows_open_wrong_path_1280x720.png")
    check(
        win.proc.poll() is None and bool(windows()) and recent_records() == before,
        "a wrong record path typed into the options leaves the window as it was",
        f"exit {win.proc.poll()}, recent {recent_records()}",
    )
    win.keys("Return", "ctrl+BackSpace")  # the field still has the keyboard: type again
    win.type(right)
    win.keys("Return")
    opened = wait_for(lambda: recent_records()[:1] == [right], 20.0)
    check(
        bool(opened),
        f"the record {right} opens for review, typed from the keyboard",
        f"recent {recent_records()}",
    )
    if shots:
        win.shot(shots / "windows_open_record_1280x720.png")
    win.keys("Escape")  # the review's Back: the table again


DIALOG = "Open a game record"  # the Open dialog's title (spades_gui/coach/open_dialog.py)


def dialogs() -> list[str]:
    """The ids of the visible windows titled as the program's Open dialog."""
    return subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", f"^{DIALOG}$"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()


def open_dialog_checks(win: Window, check: Check, shots: Path | None) -> None:
    """A game record opened with Windows' own Open dialog (Browse... in the options, from the
    keyboard): the dialog appears over the window, the record's path is typed into its file
    name box, and the record opens for review."""
    folder = user_folder() / "My Records"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(data_folder() / "saved_game.json", folder / "picked hand.json")
    user = os.environ.get("USER", "root")
    picked = f"C:\\users\\{user}\\My Records\\picked hand.json"
    # The options are open still (the review's Back returns to them): O closes them and O opens
    # them again with the keyboard on nothing; Tab passes practice and the two exports.
    win.keys("o", "o", "Tab", "Tab", "Tab", "Tab", "Return")
    found = wait_for(dialogs, 30.0)
    if not check(bool(found), f"Browse... shows Windows' Open dialog ({DIALOG!r})"):
        if shots:
            win.shot(shots / "failed_open_dialog.png")
        return
    dialog = found[0]
    x, y, w, h = geometry(dialog)
    # Under Xvfb a dump of the whole screen shows Wine's dialog black (a dump of the dialog's
    # own window has its picture): the dialog is taken on its own, laid over the screen's.
    inside = tuple((w * i // 4, h * j // 4) for i in (1, 2, 3) for j in (1, 2, 3))
    with tempfile.TemporaryDirectory() as tmp:
        own = Path(tmp) / "dialog.png"
        drawn = wait_for(lambda: window_picture(own, dialog) and drawn_in(own, inside), 30.0)
        check(bool(drawn), "the dialog is drawn", f"at {x},{y} {w}x{h}")
        if shots and drawn:
            wx, wy, ww, wh = win.geometry()
            left, top = min(x, wx), min(y, wy)
            right, bottom = max(x + w, wx + ww), max(y + h, wy + wh)
            path = shots / "windows_open_dialog_1280x720.png"
            screen_shot(path, (left, top, right - left, bottom - top))
            lay_over(path, own, (x - left, y - top))
            print(f"   shot {path} (the dialog at {x},{y} {w}x{h}; the window at {wx},{wy})")
    # The file name box has the keyboard when the dialog opens; the pointer rests on the dialog.
    subprocess.run(["xdotool", "mousemove", str(x + w // 2), str(y + 12)], check=False)
    subprocess.run(["xdotool", "type", "--delay", "40", picked], check=False)
    subprocess.run(["xdotool", "key", "Return"], check=False)
    opened = wait_for(lambda: recent_records()[:1] == [picked], 20.0)
    check(
        bool(opened) and not dialogs(),
        f"the record {picked} chosen in the Open dialog opens for review",
        f"recent {recent_records()}, dialog open: {bool(dialogs())}",
    )
    if shots:
        win.shot(shots / "windows_open_dialog_review_1280x720.png")
    win.keys("Escape")  # the review's Back: the table again


def window_checks(exe: Path, check: Check, shots: Path | None, winpython: Path) -> None:
    """A hand in a real window, a resize, a hard kill, Continue, and a record opened."""
    if data_folder().exists():
        shutil.rmtree(data_folder())
    win = Window(exe)
    if not check(bool(win.id), "the window opens on Wine's display driver"):
        win.kill()
        return
    before = 0
    try:
        check(
            win.geometry()[2:] == (1280, 720), "the window opens at 1280x720", str(win.geometry())
        )
        if shots:
            win.shot(shots / "windows_menu_1280x720.png")
        # The first start asks which rules the table plays: Escape keeps them (Classic).
        # Then it offers a guided hand (and notes the offer in settings.json): Escape says
        # "Not now", then Return is New game, the menu's first button.
        win.keys("Escape")
        offered = wait_for(lambda: settings().get("guide_offered"), 20.0)
        if offered and shots:
            win.shot(shots / "windows_first_start_1280x720.png")
        if offered:
            win.keys("Escape")
        win.keys("Return")

        # Nothing is saved before the first bid: if nothing comes, South bids first.
        first = wait_for(saved_game, 5.0) is None

        def bid_four() -> bool:
            # A digit chooses the bid and Return makes it (a digit before the bids are shown
            # is lost, and then so is the Return: nothing is chosen).
            if (first and saved_game() is None) or our_turn_to_bid(saved_game()):
                win.keys("4")  # the same digit twice still chooses 4: one may come too early
                win.keys("4", "Return")
                wait_for(lambda: our_bid(saved_game()) is not None, 1.0)
            return our_bid(saved_game()) is not None

        wait_for(bid_four, WINDOW_S)
        check(
            our_bid(saved_game()) == 4,
            "New game and a bid of 4 from the keyboard, saved in %LOCALAPPDATA%\\spades",
            f"bid {our_bid(saved_game())}",
        )
        if our_bid(saved_game()) != 4 and shots:
            win.shot(shots / "failed_bid.png")
        press_until(win, ("Right", "Return"), lambda: plays_made(saved_game()) >= 24, WINDOW_S)
        if shots:
            win.shot(shots / "windows_table_1280x720.png")
        # Mid-hand, a player makes the window larger; the rest of the hand is played at that size.
        said = win.resize(1920, 1080, winpython)
        sized = wait_for(lambda: win.geometry()[2:] == (1920, 1080), 10)
        # The program drew at the new size: a window it had not redrawn stays black outside
        # the old 1280x720 picture.
        whole = bool(sized and wait_for(win.painted_whole, 30))
        check(
            said == "client 1920x1080" and whole,
            "the window resized to 1920x1080 is drawn whole at that size",
            f"{said!r}, window {win.geometry()[2:]}, drawn whole: {whole}",
        )
        if shots:
            win.shot(shots / "windows_table_1920x1080.png")
        check(
            press_until(
                win, ("Right", "Return"), lambda: plays_made(saved_game()) >= 52, 3 * WINDOW_S
            ),
            "a whole hand played from the keyboard",
            f"{plays_made(saved_game())} cards played",
        )
        before = progress(saved_game())
        first_hand = (saved_game() or {}).get("hands", [None])[0]
    finally:
        win.kill()
    check(
        plays_made(saved_game()) >= 52 and (data_folder() / "saved_game.json").is_file(),
        "the game is saved in %LOCALAPPDATA%\\spades when the program is killed",
    )
    check((data_folder() / "saved_game.prev.json").is_file(), "the previous copy is kept beside it")

    win = Window(exe)
    try:
        if not check(bool(win.id), "the window opens again after the kill"):
            return
        if shots:
            win.shot(shots / "windows_continue_1280x720.png")
        # Return: Continue, the menu's first button when a game is saved; then on into the
        # next hand, whatever it asks first (the end of the hand, a blind bid, a bid, a card).
        went_on = press_until(
            win,
            ("Return", "4", "Right", "Return"),
            lambda: progress(saved_game()) > before,
            2 * WINDOW_S,
        )
        same = (saved_game() or {}).get("hands", [None])[0] == first_hand
        check(
            went_on and same,
            "Continue goes on from the saved position",
            f"progress {progress(saved_game())}, {before} before the kill",
        )
        if not (went_on and same) and shots:
            win.shot(shots / "failed_continue.png")
        open_record_checks(win, check, shots)
        open_dialog_checks(win, check, shots)
        win.keys("alt+F4")
        code = win.end(30, kill=False)
        if code is None:  # a key can be lost on a loaded machine: ask once more
            win.keys("alt+F4")
            code = win.end(60)
        check(code == 0, "Alt+F4 closes the window, exit code 0", f"exit {code}")
    finally:
        if win.proc.poll() is None:
            win.kill()


DESKTOP_KEY = "HKCU\\Control Panel\\Desktop"


def set_log_pixels(dpi: int | None) -> None:
    """Set Windows' display scale in the prefix (LogPixels, 96 a 100%); None takes it out."""
    if dpi is None:
        args = ["delete", DESKTOP_KEY, "/v", "LogPixels", "/f"]
    else:
        args = ["add", DESKTOP_KEY, "/v", "LogPixels", "/t", "REG_DWORD", "/d", str(dpi), "/f"]
    subprocess.run(
        ["wine", "reg", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def scaled_display_check(exe: Path, check: Check, shots: Path | None) -> None:
    """At 150% (LogPixels 144) the window opens at 1280x720 times 1.5."""
    # As at a first start: no window size remembered from the checks before (the window
    # opens as it was left, and they left it at 1280x720).
    if data_folder().exists():
        shutil.rmtree(data_folder())
    data_folder().mkdir(parents=True)
    (data_folder() / "settings.json").write_text(
        json.dumps({"guide_offered": True, "rules_asked": True}), encoding="utf-8"
    )
    set_log_pixels(144)
    win: Window | None = None
    try:
        win = Window(exe)
        if not check(bool(win.id), "the window opens on a display scaled to 150%"):
            return
        size = wait_for(lambda: win is not None and win.painted_whole() and win.geometry()[2:])
        check(
            size == (1920, 1080),
            "at 150% the window opens at 1920x1080 (1280x720 times the scale), drawn whole",
            f"window {win.geometry()[2:]}",
        )
        if shots:
            win.shot(shots / "windows_menu_150percent.png")
        win.keys("alt+F4")
        code = win.end(30, kill=False)
        if code is None:  # a key can be lost on a loaded machine: ask once more
            win.keys("alt+F4")
            code = win.end(60)
        check(code == 0, "Alt+F4 closes the scaled window, exit code 0", f"exit {code}")
    finally:
        if win is not None and win.proc.poll() is None:
            win.kill()
        set_log_pixels(None)


def main(argv: list[str] | None = None) -> int:
    """Run every check; 0 when all pass."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exe", type=Path)
    parser.add_argument("--shots", type=Path, help="a folder for the window's screenshots")
    parser.add_argument("--python", default=sys.executable, help="runs the source for comparison")
    cache = os.environ.get("SPADES_WINE_CACHE") or Path.home() / ".cache" / "spades-windows"
    parser.add_argument(
        "--winpython",
        type=Path,
        default=Path(cache) / "python" / "python.exe",
        help="the Windows CPython that runs tools/wine_resize.py (tools/build-windows.sh's)",
    )
    args = parser.parse_args(argv)
    if not args.winpython.is_file():
        print(f"wine_window.py: no Windows CPython at {args.winpython}", file=sys.stderr)
        return 1
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    for tool in ("wine", "xdotool", "xwd", "tmux"):
        if shutil.which(tool) is None:
            print(f"wine_window.py: needs {tool}", file=sys.stderr)
            return 1
    check = Check()
    console_checks(args.exe, check)
    redirect_check(args.exe, check, args.python)
    window_checks(args.exe, check, args.shots, args.winpython)
    scaled_display_check(args.exe, check, args.shots)
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())
