"""The real program in a real window, driven by real input events only: a soak and a monkey.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/soak.py soak --seed 1 --seconds 300
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/soak.py monkey --seed 1 --seconds 120

`--bin dist/spades` drives the standalone program instead of `spades` beside this Python;
`--bin dist/Spades.exe` the Windows program under Wine (WINEPREFIX as tools/build-windows.sh
sets it; its data in the prefix's %LOCALAPPDATA%\\spades, set aside and put back after);
`--short` plays only the blind nil exchange games (the built programs' shorter run), and in
each closes the window after South's exchange, starts again, Continues and idles first.

The soak plays whole games under every preset and 001's variations (target lowered so that a
game is one or two hands), South choosing every kind of bid at some point, with kill -9 at
random moments and Continue from the menu after each. The monkey sends random clicks, drags
and keys over every screen, and closes the window now and then (WM_DELETE_WINDOW, as a window
manager's close button does) and starts it again.

How the soak knows what the screen wants, without reading pixels: the program saves the game
after every action (saved_game.json in its data folder). The driver replays that record with
the engine and asks the engine's own order of decisions (`engine.sequence.next_request`, what
the controller asks) what South must decide now, sends the keys a player would press for its
choice (README, Playing; ui/table/input.py), and waits for the save to move on, with a
deadline. Every choice comes from one seeded generator: the same seed makes the same choices
(the computer seats' play and the timing of the window may still differ from run to run).

The program runs with SDL's x11 driver on the display in $DISPLAY, its data and settings in a
scratch folder (XDG_DATA_HOME, XDG_CONFIG_HOME, HOME), its output in --logs. Passes when the
program never exited unexpectedly and no traceback is in its output. Prints the figures
(games, hands, bids of each kind, kills, actions, time, seed) and writes them as JSON with
--json FILE. Exits 1 on a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import getpass
import json
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spades_gui.engine.actions import (  # noqa: E402
    AnswerRequest,
    BidRequest,
    BlindRequest,
    DecisionRequest,
    DiscardRequest,
    MisdealRequest,
    PassRequest,
)
from spades_gui.engine.bids import BLIND_NIL, NIL, hint_base, is_blind  # noqa: E402
from spades_gui.engine.game import Game  # noqa: E402
from spades_gui.engine.hand import PLAY, Hand  # noqa: E402
from spades_gui.engine.presets import preset_rules  # noqa: E402
from spades_gui.engine.record import RecordError, load  # noqa: E402
from spades_gui.engine.rules import from_dict  # noqa: E402
from spades_gui.engine.sequence import Progress, next_request  # noqa: E402

POLL_S = 0.05
WINDOW_S = 30.0  # the longest wait for the window to appear
STALL_S = 2.5  # no change in the save this long while South is asked: press the keys again
STUCK_S = 25.0  # no change this long: back to the menu and Continue (counted)
SHORT_GAME = {"target": 0, "match_hands": 1}  # a whole game in one hand
MARK = "SPADES_SOAK_START"  # in each start's environment: its processes (Program.pids)
# Wine 8.0 now and then crashes a process that used SDL as it leaves, after the program has
# finished (docs/BUILD.md: 40 lines of pygame do too): counted, not a failure of the game.
WINE_EXIT_FAULT = "Unhandled page fault on execute access to 0000000259D937EA"

# The games: (name, preset, changes to it). Every preset and 001's variations (document 001:
# the two cards left over from 54, Bemo, the raise round, no trump, Double Nil, blind bids);
# Intramural is played as the base of 001's three (alone, one hand of it is Classic's).
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("pagat (blind nil at any time, optional exchange)", "pagat", SHORT_GAME),
    (
        "001: 54 cards, the two left over to South, discarded before the bidding",
        "intramural",
        {
            **SHORT_GAME,
            "jokers": True,
            "jokers_replace": "",
            "first_dealer": "human",
            "leftover_discard": "before",
        },
    ),
    (
        "online (blind nil at any time: compulsory exchange)",
        "online",
        {**SHORT_GAME, "blind_nil_when": "any"},
    ),
    (
        "001: Bemo, the raise round, no trump",
        "intramural",
        {**SHORT_GAME, "bemo": ["little", "big"], "raise_round": True, "no_trump": True},
    ),
    ("classic", "classic", SHORT_GAME),
    (
        "001: 54 cards discarded after the bidding, blind bids, Double Nil, raise round",
        "intramural",
        {
            **SHORT_GAME,
            "jokers": True,
            "jokers_replace": "",
            "first_dealer": "human",
            "leftover_discard": "after",
            "blind_bids": ["blind6", "blind7plus"],
            "double_nil_bid": True,
            "double_nil_deficit": 1,
            "raise_round": True,
            "blind_nil_when": "any",
        },
    ),
    ("jokers350 (blind 13)", "jokers350", SHORT_GAME),
    ("tournament", "tournament", SHORT_GAME),
    ("championship", "championship", SHORT_GAME),
]
SHORT_GAMES = [GAMES[0], GAMES[2]]  # the blind nil exchanges, optional and compulsory

# What South chose, counted from the saved games (the engine's record of each hand).
BID_KINDS = (
    "number",
    "nil",
    "blind nil",
    "blind number",
    "bemo",
    "raise round",
    "no trump",
    "double nil",
    "asked partner",
    "answered partner",
    "exchange",
    "no exchange",
    "pass",
    "discard",
    "misdeal",
)


# --------------------------------------------------------------------------- the X display


def xdotool(*args: str) -> str:
    """Run xdotool (real input events through XTEST); its output."""
    out = subprocess.run(["xdotool", *args], capture_output=True, text=True, check=False)
    return out.stdout


class X11:
    """The few Xlib calls xdotool lacks: the windows on the screen, and a window's close
    (WM_DELETE_WINDOW, what a window manager sends when its close button is clicked)."""

    def __init__(self) -> None:
        lib = ctypes.util.find_library("X11")
        self.x = ctypes.cdll.LoadLibrary(lib or "libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XInternAtom.restype = ctypes.c_ulong
        self.x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        self.x.XSendEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
            ctypes.c_long,
            ctypes.c_void_p,
        ]
        self.x.XFlush.argtypes = [ctypes.c_void_p]
        self.display = self.x.XOpenDisplay(None)
        if not self.display:
            raise RuntimeError("no X display (run under xvfb-run)")

    def close(self, window: int) -> None:
        """Ask a window to close, as a window manager's close button does."""
        protocols = self.x.XInternAtom(self.display, b"WM_PROTOCOLS", 0)
        delete = self.x.XInternAtom(self.display, b"WM_DELETE_WINDOW", 0)
        # XClientMessageEvent on 64-bit Linux: type, serial, send_event, display, window,
        # message_type, format, then five longs of data (192 bytes with the union's padding).
        event = (ctypes.c_long * 24)()
        event[0] = 33  # ClientMessage
        event[3] = self.display
        event[4] = window
        event[5] = protocols
        event[6] = 32
        event[7] = delete
        event[8] = 0  # CurrentTime
        self.x.XSendEvent(self.display, window, 0, 0, ctypes.addressof(event))
        self.x.XFlush(self.display)


def top_windows() -> list[tuple[int, str]]:
    """The mapped windows on the screen: (id, name)."""
    out = subprocess.run(
        ["xwininfo", "-root", "-children"], capture_output=True, text=True, check=False
    ).stdout
    found = []
    for line in out.splitlines():
        parts = line.strip().split(" ", 1)
        if parts and parts[0].startswith("0x") and len(parts) == 2:
            name = parts[1].split(":", 1)[0].strip().strip('"')
            if name and name != "(has no name)":
                found.append((int(parts[0], 16), name))
    return found


def window_size(window: int) -> tuple[int, int, int, int]:
    """x, y, width, height of a window (zeros once it is gone)."""
    out = xdotool("getwindowgeometry", "--shell", str(window))
    g = dict(line.split("=", 1) for line in out.split() if "=" in line)
    if not {"X", "Y", "WIDTH", "HEIGHT"} <= g.keys():
        return 0, 0, 0, 0
    return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


# --------------------------------------------------------------------------- the program


class Program:
    """One run of the program in its window: started, typed into, killed or closed."""

    def __init__(self, cmd: list[str], env: dict[str, str], log: Path, wine: bool = False) -> None:
        self.log = log
        self.out = log.open("wb")
        self.wine = wine
        # Each start marked in its environment, which Wine hands on to every Windows process
        # the program starts (the one-file bootloader's child, the seats' worker): Wine puts
        # each in a session of its own, so only the mark finds them all for kill -9.
        self.mark = f"{os.getpid()}-{time.monotonic_ns()}"
        before = {w for w, name in top_windows() if name == "Spades"}
        # A session of its own: kill -9 takes the program, the one-file bootloader and the
        # seats' worker process together, and nothing else.
        self.proc = subprocess.Popen(
            cmd,
            env=env | {MARK: self.mark},
            stdin=subprocess.DEVNULL,
            # CPython under Wine cannot start with a Linux file as its output: a pipe, copied
            stdout=subprocess.PIPE if wine else self.out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.copier: threading.Thread | None = None
        if wine:
            self.copier = threading.Thread(target=self._copy, daemon=True)
            self.copier.start()
        self.window = 0
        self.actions = 0
        end = time.monotonic() + WINDOW_S * (2 if wine else 1)
        while time.monotonic() < end and self.alive():
            found = [w for w, name in top_windows() if name == "Spades" and w not in before]
            if found:
                self.window = found[0]
                break
            time.sleep(POLL_S * 2)
        if self.window:
            self.point(640, 8)

    def _copy(self) -> None:
        """Copy the program's output from its pipe to its log (Wine's \r\n as \n)."""
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.out.write(line.replace(b"\r\n", b"\n"))
            self.out.flush()

    def pids(self) -> list[int]:
        """Every process of this start: those whose environment holds its mark."""
        found = []
        want = f"{MARK}={self.mark}".encode()
        for d in Path("/proc").iterdir():
            if d.name.isdigit():
                with contextlib.suppress(OSError):
                    if want in (d / "environ").read_bytes().split(b"\0"):
                        found.append(int(d.name))
        return found

    def alive(self) -> bool:
        """Whether the program is still running."""
        return self.proc.poll() is None

    def _closed_out(self) -> None:
        """The log closed, once all of the output is in it."""
        if self.copier is not None:
            self.copier.join(10)
        self.out.close()

    def point(self, x: int, y: int) -> None:
        """Move the pointer inside the window (the keyboard's focus follows it)."""
        wx, wy, _, _ = window_size(self.window)
        xdotool("mousemove", str(wx + x), str(wy + y))

    def keys(self, *keys: str) -> None:
        """Press keys, one after another."""
        self.actions += len(keys)
        xdotool("key", "--delay", "40", *keys)

    def click(self, x: int, y: int, button: int = 1) -> None:
        """Click at a point of the window."""
        self.actions += 1
        wx, wy, _, _ = window_size(self.window)
        xdotool("mousemove", str(wx + x), str(wy + y), "click", str(button))

    def drag(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Press at a, move to b in steps, let go."""
        self.actions += 1
        wx, wy, _, _ = window_size(self.window)
        xdotool("mousemove", str(wx + a[0]), str(wy + a[1]), "mousedown", "1")
        for i in range(1, 5):
            x = a[0] + (b[0] - a[0]) * i // 4
            y = a[1] + (b[1] - a[1]) * i // 4
            xdotool("mousemove", str(wx + x), str(wy + y))
        xdotool("mouseup", "1")

    def kill9(self) -> None:
        """kill -9, as a crash or a power cut would."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        for pid in self.pids() if self.wine else []:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait()
        self._closed_out()
        self.gone()

    def gone(self) -> None:
        """Wait for the window to leave the screen (Wine takes a dead program's down itself)."""
        end = time.monotonic() + WINDOW_S
        while self.window and time.monotonic() < end:
            if self.window not in {w for w, _ in top_windows()}:
                break
            time.sleep(POLL_S)

    def wait_exit(self, seconds: float) -> int | None:
        """The exit code once the program leaves, or None (then it is killed)."""
        try:
            code = self.proc.wait(seconds)
        except subprocess.TimeoutExpired:
            self.kill9()
            return None
        self._closed_out()
        self.gone()
        return code

    def wine_fault(self) -> bool:
        """Whether the output shows Wine 8's own crash of a process as it ends (docs/BUILD.md)."""
        return self.wine and WINE_EXIT_FAULT in self.log.read_text(errors="replace")


# --------------------------------------------------------------------------- the game's state


def read_save(data: Path) -> dict[str, Any] | None:
    """The saved game as the program last wrote it, or None."""
    try:
        record = json.loads((data / "saved_game.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def replay(record: dict[str, Any] | None) -> Game | None:
    """The saved game replayed by the engine, or None."""
    if record is None:
        return None
    try:
        return load(record)
    except RecordError:
        return None


def position(record: dict[str, Any] | None) -> tuple[int, ...]:
    """How far a saved game has come (hands, then the current hand's actions)."""
    if record is None:
        return ()
    hands = record.get("hands", [])
    last = hands[-1] if hands else {}
    keys = ("asks", "bids", "raises", "passes", "plays")
    return (len(hands), *(len(last.get(k, [])) for k in keys), "discard" in last)


class Notes:
    """What South answered that the save does not hold: the blind question (looked at the
    cards) and a misdeal kept, per hand; forgotten when the program starts again, as the
    controller forgets them (Progress.resume)."""

    def __init__(self) -> None:
        self.looked: set[int] = set()
        self.kept: set[int] = set()

    def progress(self, hand_no: int, hand: Hand) -> Progress:
        """The hand's progress as the controller holds it now."""
        p = Progress.resume(hand)
        if hand_no in self.looked:
            p.blind_asked.add(0)
        if hand_no in self.kept:
            p.misdeal_asked.add(0)
        return p


def asked(game: Game, notes: Notes) -> tuple[str, DecisionRequest | None]:
    """What South is asked now: ("over"|"continue"|"wait", None) or (kind, request)."""
    if game.over:
        return "over", None
    hand = game.hand
    if hand is None:
        return "wait", None
    if hand.done:
        return "continue", None
    hand_no = len(game.hands)
    progress = notes.progress(hand_no, hand)
    # A computer seat's misdeal question the resumed progress cannot know was answered.
    if hand.nbids == 0 and not hand.asks:
        progress.misdeal_asked |= {1, 2, 3}
    step = next_request(hand, progress, frozenset({0}))
    if step.seat != 0 or step.request is None:
        return "wait", None
    return step.request.kind, step.request


def playing(game: Game | None) -> bool:
    """Whether the hand's cards are being played (no blind question open)."""
    hand = game.hand if game is not None else None
    return hand is not None and hand.phase == PLAY and not hand.done


def tally(game: Game, counts: Counter[str]) -> None:
    """Count what South chose in every hand of a game."""
    for hand in game.hands:
        tally_hand(hand, counts)


def tally_hand(hand: Hand, counts: Counter[str]) -> None:
    """Count what South chose in one hand."""
    first = hand.first_bids[0] if hand.first_bids else hand.bids[0]
    if first is not None:
        if first == NIL:
            counts["nil"] += 1
        elif first == BLIND_NIL:
            counts["blind nil"] += 1
        elif is_blind(first):
            counts["blind number"] += 1
        else:
            counts["number"] += 1
    if hand.bemo[0]:
        counts["bemo"] += 1
    if hand.no_trump[0]:
        counts["no trump"] += 1
    if hand.double_nil_team[0]:
        counts["double nil"] += 1
    counts["raise round"] += sum(1 for seat, _ in hand.raises if seat == 0)
    counts["asked partner"] += sum(1 for a in hand.asks if a.asker == 0)
    counts["answered partner"] += sum(1 for a in hand.asks if a.asker == 2)
    for giver, _taker, mask in hand.passes:
        if giver != 0:
            continue
        if mask:
            counts["pass"] += 1
        else:
            counts["no exchange"] += 1
    if any(g == 0 and m for g, _, m in hand.passes) and first == BLIND_NIL:
        counts["exchange"] += 1
    if hand.taker == 0 and hand.discarded:
        counts["discard"] += 1
    if hand.misdeal_by == 0:
        counts["misdeal"] += 1


# --------------------------------------------------------------------------- South's choices


class Chooser:
    """South's choices, from one seeded generator, leaning to the kinds not yet made.

    The keys are the ones that do the same whether or not the keyboard already had a focus
    on the table (ui/table/input.py): a card choice starts with Right (the first Enter after
    a start only shows the keyboard's card); a two-button question's second button is
    Shift+Tab (from no focus or from the first); a bid is typed."""

    def __init__(
        self, rng: random.Random, counts: Counter[str], always: frozenset[str] = frozenset()
    ) -> None:
        self.rng = rng
        self.counts = counts
        self.always = always  # kinds chosen whenever offered (the short run's exchanges)

    def want(self, kind: str, p: float = 0.25) -> bool:
        """Whether to make a choice of this kind now: always at first, then at times."""
        return kind in self.always or self.counts[kind] == 0 or self.rng.random() < p

    def keys_for(
        self, kind: str, req: DecisionRequest | None, hand: Hand | None, notes: Notes, hand_no: int
    ) -> list[str]:
        """The keys a player presses for a choice on this request."""
        r = self.rng
        if kind == "continue":
            return ["Return"]  # the summary's Continue, its last button
        if isinstance(req, MisdealRequest):
            notes.kept.add(hand_no)
            return ["shift+Tab", "Return"] if self.want("misdeal", 0.1) else ["Return"]
        if isinstance(req, BlindRequest):
            return self._blind(req, hand_no, notes)
        if isinstance(req, AnswerRequest):
            return ["shift+Tab", "Return"] if r.random() < 0.6 else ["Return"]  # Yes, or No
        if isinstance(req, BidRequest) and hand is not None:
            return self._bid(req, hand)
        if isinstance(req, PassRequest):
            keys: list[str] = []
            if req.skip:  # a blind nil bidder's choice first: "Exchange", or "No exchange"
                if not self.want("exchange", 0.6) and self.counts["no exchange"] < 2:
                    return ["Return"] if r.random() < 0.5 else ["Right", "Return"]
                keys += ["shift+Tab", "Return"]
            return keys + self._pick_cards(req.count)
        if isinstance(req, DiscardRequest):
            return self._pick_cards(req.count)
        # a card to play: the keyboard's card, or another legal one to its right
        return ["Right"] * r.choice((1, 1, 2, 3)) + ["Return"]

    def _pick_cards(self, count: int) -> list[str]:
        """Choose `count` cards with Right and Enter, then Enter passes (or discards) them."""
        keys: list[str] = []
        for _ in range(count):
            keys += ["Right"] * self.rng.randrange(1, 4) + ["Return"]
        return keys + ["Return"]

    def _blind(self, req: BlindRequest, hand_no: int, notes: Notes) -> list[str]:
        """The blind panel: Look at my cards (first, the keyboard's start), blind nil, the
        questions for partner, the blind numbers, in that order (ui/table/bid_panels.py)."""
        can_look = not req.agreed.startswith("blind")
        buttons = ["show"] if can_look else []
        buttons += ["nil"] if BLIND_NIL in req.bids else []
        buttons += ["ask"] * len(req.asks) + ["number" for b in req.bids if b != BLIND_NIL]
        if "nil" in buttons and self.want("blind nil", 0.3):
            target = buttons.index("nil")
        elif "number" in buttons and self.want("blind number", 0.15):
            target = self.rng.choice([i for i, b in enumerate(buttons) if b == "number"])
        elif "ask" in buttons and self.want("asked partner", 0.1):
            target = buttons.index("ask")
        elif can_look:
            notes.looked.add(hand_no)
            return ["Return"]
        else:
            target = self.rng.randrange(len(buttons))
        return ["Tab"] * target + ["Return"]

    def _bid(self, req: BidRequest, hand: Hand) -> list[str]:
        """The bid panel: a typed number and Enter (nil: "0" where 0 is no number); a Bemo,
        a question for partner, nil where 0 is a number, by Tab from the first number
        (typed first, to put the keyboard there); the raise round's total typed, or Enter
        on partner's total or "Keep"."""
        r = self.rng
        numbers = [b for b in req.bids if b < NIL]
        specials = [b for b in req.bids if b >= NIL]
        base = 0 if req.raising else hint_base(hand.rules, hand.bids, 0) or 0
        if req.raising:
            if r.random() < 0.5 or not numbers:
                return ["Return"]
            return [*self._typed(r.choice(numbers[:4]) + base), "Return"]
        first = self._typed(numbers[0] + base) if numbers else []

        def tab_to(index: int) -> list[str]:
            return [*first, *["Tab"] * index, "Return"]

        extra = len(numbers) + len(specials) + (1 if req.plain else 0)
        if NIL in specials and self.want("nil", 0.15):
            if 0 not in numbers and base == 0:
                return ["0", "Return"]
            return tab_to(len(numbers) + specials.index(NIL))
        if req.asks and self.want("asked partner", 0.2):
            return tab_to(extra + r.randrange(len(req.asks)))
        keys: list[str] = []
        if req.bemos and numbers and self.want("bemo", 0.2):
            keys = tab_to(extra + len(req.asks) + r.randrange(len(req.bemos)))
            bid = numbers[-1] if len(numbers) < 6 else numbers[5]
        else:
            low = numbers[: max(1, len(numbers) // 3)]
            bid = r.choice(low) if low else -1
        if bid < 0:
            return ["Return"]
        return keys + [*self._typed(bid + base), "Return"]

    @staticmethod
    def _typed(n: int) -> list[str]:
        """A number typed as digits (12: "1" then "2")."""
        return list(str(n))


# --------------------------------------------------------------------------- the soak


class Run:
    """One soak or monkey run: the scratch folders, the program's runs and the figures."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.logs: Path = args.logs
        self.logs.mkdir(parents=True, exist_ok=True)
        self.scratch = Path(tempfile.mkdtemp(prefix="spades-soak-"))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "SPADES_"))}
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        # A Windows program (--bin Spades.exe) runs under Wine: its data folder is the one
        # Windows gives it in the Wine prefix, and SDL draws with Wine's own display driver.
        self.wine = bool(args.bin) and args.bin.lower().endswith(".exe")
        self.slow = 2.0 if self.wine else 1.0  # Wine starts and stops a program slower
        self.kept: Path | None = None
        if self.wine:
            self.data = wine_data_folder()
            if self.data.exists():  # the prefix's own, put back at the end
                self.kept = self.scratch / "kept-data"
                shutil.move(str(self.data), self.kept)
            self.env = env
            self.cmd = ["wine", str(Path(args.bin).resolve())]
        else:
            self.data = self.scratch / "data" / "spades"
            self.env = env | {
                "XDG_DATA_HOME": str(self.scratch / "data"),
                "XDG_CONFIG_HOME": str(self.scratch / "config"),
                "HOME": str(self.scratch / "home"),
                "SDL_VIDEODRIVER": "x11",
                "SDL_AUDIODRIVER": "dummy",
            }
            self.cmd = [str(Path(args.bin).resolve())] if args.bin else [*spades_command()]
        self.data.mkdir(parents=True)
        self.runs = 0
        self.program: Program | None = None
        self._x11: X11 | None = None
        self.failures: list[str] = []
        self.counts: Counter[str] = Counter()
        self.figures: Counter[str] = Counter()
        self.actions = 0
        self.t0 = time.monotonic()
        self.deadline = self.t0 + args.seconds

    def x11(self) -> X11:
        """The one connection to the display for window closes."""
        if self._x11 is None:
            self._x11 = X11()
        return self._x11

    def left(self) -> float:
        """Seconds left of the run."""
        return self.deadline - time.monotonic()

    def settings(self, preset: str, overrides: dict[str, Any], extra: dict[str, Any]) -> None:
        """The player's settings file: the rules, fast animations, Easy computer seats."""
        s = {
            "preset": preset,
            "overrides": overrides,
            "levels": {"west": "easy", "north": "easy", "east": "easy"},
            "animation": "fast",
            "volume": 0,
            "guide_offered": True,
        } | extra
        (self.data / "settings.json").write_text(json.dumps(s), encoding="utf-8")

    def start(self) -> Program:
        """Start the program; its output goes to logs/run-N.txt.

        Xvfb now and then refuses the display to a program started right after one was
        killed (SDL: "x11 not available", about one start in ten after a kill here; never
        without a kill): such a start is counted, its log renamed refused-N.txt, and the
        program started again."""
        for _ in range(3):
            self.runs += 1
            log = self.logs / f"run-{self.runs:03d}.txt"
            self.program = Program(self.cmd, self.env, log, self.wine)
            self.trace(f"run {self.runs} started: window {self.program.window:#x}")
            if self.program.window or self.program.alive():
                break
            self.program.wait_exit(5)
            if "x11 not available" not in log.read_text(errors="replace"):
                break
            self.figures["starts refused by the X server"] += 1
            log.rename(self.logs / f"refused-{self.runs:03d}.txt")
            time.sleep(1.0)
        if not self.program.window:
            self.fail(f"run {self.runs}: no window within {WINDOW_S:.0f} s")
        return self.program

    def fresh_data(self, why: str) -> None:
        """Set the data folder aside (kept in the logs, to replay) and start with none."""
        n = self.figures["data folders set aside"] = self.figures["data folders set aside"] + 1
        kept = self.logs / f"data-{n}"
        shutil.move(str(self.data), kept)
        self.data.mkdir(parents=True)
        print(f"   the data folder set aside as {kept} ({why})", flush=True)

    def trace(self, what: str) -> None:
        """One line of the driver's own log (logs/driver.txt): what it saw and pressed."""
        with (self.logs / "driver.txt").open("a", encoding="utf-8") as f:
            f.write(f"{time.monotonic() - self.t0:7.2f} {what}\n")

    def fail(self, what: str) -> None:
        """Note a failure (printed at once and in the summary)."""
        print(f"   FAIL {what}", flush=True)
        self.failures.append(what)

    def ended(self, program: Program, why: str) -> None:
        """The program left when nobody asked it to: a failure, with its output's end."""
        code = program.proc.returncode
        tail = program.log.read_text(errors="replace").strip().splitlines()[-3:]
        self.fail(f"run {self.runs} ({why}) exited with {code}: {' | '.join(tail)}")
        self.trace(f"run {self.runs} exited with {code}")
        self.shot(f"exit-{self.runs:03d}")

    def shot(self, name: str) -> None:
        """The screen as a PNG in the logs folder (for a failure or a stall)."""
        if shutil.which("import"):
            path = self.logs / f"{name}.png"
            subprocess.run(["import", "-window", "root", str(path)], check=False)

    def window_shot(self, program: Program, name: str) -> None:
        """The program's window alone as a PNG in the logs folder."""
        if shutil.which("import") and program.window:
            path = self.logs / f"{name}.png"
            subprocess.run(["import", "-window", str(program.window), str(path)], check=False)

    def finish_program(self) -> None:
        """Leave the program as a player does: the window's close button, or back to the
        menu (Escape) and its Quit (Escape puts the focus there, Enter); exit code 0."""
        p = self.program
        if p is None:
            return
        self.actions += p.actions
        p.actions = 0
        if p.alive():
            if self.rng.random() < 0.6:
                self.figures["window closes"] += 1
                self.x11().close(p.window)
            else:
                self.figures["menu quits"] += 1
                p.keys("Escape")
                time.sleep(2.0)  # the table counts the game and closes before the menu shows
                p.keys("Escape", "Return")
            try:
                p.proc.wait(20 * self.slow)
            except subprocess.TimeoutExpired:
                self.shot(f"quit-{self.runs:03d}")
            code = p.wait_exit(0)
            self.left_with(p, code, "leaving")
        self.program = None

    def left_with(self, p: Program, code: int | None, how: str) -> None:
        """Note how a program asked to leave did: exit code 0, or a failure (Wine's own fault
        at the very end counted apart)."""
        if code != 0 and p.wine_fault():
            self.figures["Wine's fault as a process ended (docs/BUILD.md)"] += 1
        elif code != 0:
            self.fail(f"run {self.runs}: {how} gave exit {code}")

    def summary(self) -> dict[str, Any]:
        """The figures of the run."""
        tracebacks = []
        for log in sorted(self.logs.glob("run-*.txt")):
            text = log.read_text(errors="replace")
            if "Traceback" in text:
                tracebacks.append(log.name)
        # an error the window caught: the program's crash report in the data folder
        reports = sorted(
            str(p.relative_to(self.logs)) for p in self.logs.glob("data-*/crash-*.txt")
        )
        for report in reports:
            self.failures.append(f"crash report {report}")
        return {
            "mode": self.args.mode,
            "seed": self.args.seed,
            "seconds": round(time.monotonic() - self.t0, 1),
            "program": " ".join(self.cmd),
            "runs": self.runs,
            "actions": self.actions,
            **dict(self.figures),
            "south's choices": {k: self.counts[k] for k in BID_KINDS} if self.counts else {},
            "unexpected exits": sum(1 for f in self.failures if "exited with" in f),
            "tracebacks": tracebacks,
            "crash reports": reports,
            "failures": self.failures,
            "machine": platform.uname()._asdict(),
            "cores": os.cpu_count(),
        }


def wine_data_folder() -> Path:
    """%LOCALAPPDATA%\\spades in the Wine prefix: where Spades.exe keeps its files there
    (platformdirs under Wine: C:\\users\\USER\\AppData\\Local\\spades)."""
    prefix = Path(os.environ.get("WINEPREFIX") or Path.home() / ".wine")
    user = os.environ.get("USER") or getpass.getuser()
    return prefix / "drive_c" / "users" / user / "AppData" / "Local" / "spades"


def spades_command() -> list[str]:
    """The `spades` installed beside this Python (the venv's), else python -m spades_gui."""
    here = Path(sys.executable).parent / "spades"
    return [str(here)] if here.is_file() else [sys.executable, "-m", "spades_gui"]


def soak(run: Run) -> None:
    """Whole games, one after another, until the time is up."""
    games = SHORT_GAMES if run.args.short else GAMES
    for _name, preset, overrides in games:
        from_dict(overrides, base=preset_rules(preset))  # a game the settings would refuse
    order = list(range(len(games)))
    i = 0
    while run.left() > 15:
        name, preset, overrides = games[order[i % len(order)]]
        i += 1
        extra = {
            "auto_play": run.rng.random() < 0.3,
            "collect": run.rng.choice(("auto", "auto", "auto", "click")),
            "animation": run.rng.choice(("fast", "fast", "off")),
        }
        print(f"== game {i}: {name} ({json.dumps(extra)})", flush=True)
        run.settings(preset, overrides, extra)
        for old in run.data.glob("saved_game*.json"):
            old.unlink()
        played = play_game(run, i)
        run.figures["games started"] += 1
        if played is not None:
            run.figures["games finished"] += played
        run.finish_program()


def play_game(run: Run, game_no: int) -> int | None:
    """Play one game from New game to its end; 1 if it ended, 0 if time ran out, None if it
    could not go on (the failures are noted)."""
    notes = Notes()
    always = frozenset({"blind nil", "exchange"} if run.args.short else ())
    chooser = Chooser(run.rng, run.counts, always)
    program = run.start()
    program.keys("Return")  # the menu's first button: New game (nothing is saved)
    last = None
    last_pos: tuple[int, ...] = ()
    changed = time.monotonic()
    tries = 0
    crashes = 0
    # kill -9 at random moments: about one a game, at a random time into it
    kill_at = time.monotonic() + run.rng.uniform(3, 70)
    seen_hands: dict[int, Hand] = {}
    after_cards = False
    seen_reports = len(list(run.data.glob("crash-*.txt")))
    close_at: int | None = None  # the number of cards played at which to close and Continue
    while True:
        if not program.alive():
            run.ended(program, f"game {game_no}")
            crashes += 1
            run.figures["restarts after a crash"] += 1
            if crashes >= 3:
                run.fail(f"game {game_no}: given up after {crashes} exits")
                run.fresh_data(f"game {game_no} could not go on")
                return None
            program = run.start()
            program.keys("Return")  # Continue, as a player would
            notes = Notes()
            changed = time.monotonic()
            continue
        reports = len(list(run.data.glob("crash-*.txt")))
        if reports > seen_reports:
            # an error the window caught: it wrote a report and shows the menu with a box
            seen_reports = reports
            crashes += 1
            run.figures["errors caught by the window"] += 1
            run.shot(f"caught-{game_no:03d}-{crashes}")
            run.trace(f"{last_pos} a crash report: {reports} in the data folder")
            if crashes >= 3:
                run.fail(f"game {game_no}: given up after {crashes} errors")
                run.finish_program()
                run.fresh_data(f"game {game_no} could not go on")
                return None
            time.sleep(1.0)
            program.keys("Return")  # the box's OK (or Continue)
            changed = time.monotonic()
            continue
        record = read_save(run.data)
        game = replay(record)
        if game is not None:
            for n, h in enumerate(game.hands):
                seen_hands[n] = h
        pos = position(record)
        if pos != last_pos:
            last_pos, changed, tries = pos, time.monotonic(), 0
        if game is not None and game.over:
            last = game
            run.trace(f"{pos} game over")
            break
        if record is None and last is not None:
            run.trace(f"{last_pos} the save is gone: the game ended")
            break  # cleared: the game ended (its last save was seen)
        if game is not None:
            last = game
        if run.left() <= 0:
            tallied(run, seen_hands)
            return 0
        if close_at is None and run.args.short and exchanged(game):
            # the player's blind nil exchange made: close and Continue before the first card
            # (every other game) or after a few (the passed cards are marked until then)
            close_at = plays_now(game) + (0 if game_no % 2 else run.rng.randrange(2, 7))
        if close_at is not None and close_at >= 0 and plays_now(game) >= close_at:
            close_at = -1  # once a game
            run.trace(f"{pos} closed after the exchange")
            program = reopen(run, program, game_no)
            notes = Notes()
            after_cards = True  # idle first: the cards passed may still be marked
            changed = time.monotonic()
            if kill_at is not None:  # no kill -9 before that idle
                kill_at = max(kill_at, changed + run.rng.uniform(10, 20))
            continue
        if kill_at is not None and time.monotonic() >= kill_at and game is not None:
            kill_at = time.monotonic() + run.rng.uniform(40, 120)
            before = position(read_save(run.data))
            program.kill9()
            run.actions += program.actions
            run.figures["kills"] += 1
            print(f"   kill -9 at {before}", flush=True)
            run.trace(f"kill -9 at {before}")
            program = run.start()
            program.keys("Return")  # Continue
            notes = Notes()
            after = position(read_save(run.data))
            if after < before:
                run.fail(f"game {game_no}: the save went back after kill -9: {before} -> {after}")
            changed = time.monotonic()
            continue
        kind, req = asked(game, notes) if game is not None else ("wait", None)
        idle = time.monotonic() - changed
        if kind == "wait":
            if idle > STUCK_S:
                unstick(run, program, game_no, pos)
                notes = Notes()
                changed = time.monotonic()
            elif idle > 0.7 * (tries + 1) and playing(game):
                # a trick kept until a click; never while the cards may still be face down
                # (Enter would look at them, giving up a blind bid)
                tries += 1
                run.trace(f"{pos} wait {idle:.1f} s: Return")
                program.keys("Return")  # a trick kept until a click, or a lost key
            time.sleep(POLL_S)
            continue
        if tries == 0 or idle > STALL_S * tries:
            if idle > STUCK_S:
                unstick(run, program, game_no, pos)
                notes = Notes()
                changed = time.monotonic()
                continue
            if tries == 0:
                # a player's pause (the panel shows meanwhile); now and then a long one, in
                # which every bubble and toast ends and the window waits idle
                long = run.rng.random() < 0.08 or kind == "pass" or after_cards
                time.sleep(run.rng.uniform(3.0, 4.5) if long else run.rng.uniform(0.05, 0.6))
                # cards passed back, or the two left over: marked until the next play
                after_cards = kind in ("pass", "discard")
            hand_no = len(game.hands) if game is not None else 0
            hand = game.hand if game is not None else None
            keys = chooser.keys_for(kind, req, hand, notes, hand_no)
            run.trace(f"{pos} {kind} {req} try {tries}: {' '.join(keys)}")
            program.keys(*keys)
            if os.environ.get("SOAK_SHOTS"):
                run.shot(f"t{time.monotonic() - run.t0:06.2f}-{kind}")
            tries += 1
        time.sleep(POLL_S)
    if last is not None:
        for n, h in enumerate(last.hands):
            seen_hands[n] = h
    tallied(run, seen_hands)
    # the game-over panel, then the menu: nothing is saved any more
    time.sleep(0.5)
    return 1


def exchanged(game: Game | None) -> bool:
    """Whether South bid blind nil in the current hand and its exchange with partner is made."""
    hand = game.hand if game is not None else None
    if hand is None or hand.bids[0] != BLIND_NIL:
        return False
    return {g for g, _t, m in hand.passes if m} >= {0, 2}


def plays_now(game: Game | None) -> int:
    """Cards played so far in the current hand."""
    hand = game.hand if game is not None else None
    return len(hand.plays) if hand is not None else 0


def reopen(run: Run, program: Program, game_no: int) -> Program:
    """Close the window as a player does (its close button), start again and Continue; the
    save must be where the program left it."""
    run.window_shot(program, f"exchange-{game_no:03d}")  # the table as the player left it
    run.x11().close(program.window)
    code = program.wait_exit(20 * run.slow)
    # Read once the program is gone: until its window closes the computer seats play on
    # (under Wine a close takes long enough for a card), and each play is saved.
    before = position(read_save(run.data))
    run.actions += program.actions
    program.actions = 0
    run.left_with(program, code, f"game {game_no}: the window's close after the exchange")
    run.figures["closed after the exchange, then Continue"] += 1
    print(f"   closed after the exchange at {before}; Continue", flush=True)
    program = run.start()
    after = position(read_save(run.data))  # the menu is up, before Continue plays on
    if after != before:
        run.fail(f"game {game_no}: the save moved on a close and start: {before} -> {after}")
    program.keys("Return")  # Continue
    return program


def tallied(run: Run, hands: dict[int, Hand]) -> None:
    """Count a game's hands and South's choices in them."""
    for hand in hands.values():
        if hand.done:
            run.figures["hands finished"] += 1
        tally_hand(hand, run.counts)


def unstick(run: Run, program: Program, game_no: int, pos: tuple[int, ...]) -> None:
    """Nothing moved for STUCK_S: a screenshot, then Escape to the menu and Continue."""
    run.figures["stalls (back to the menu)"] += 1
    run.shot(f"stall-{game_no:03d}-{run.figures['stalls (back to the menu)']}")
    print(f"   no change for {STUCK_S:.0f} s at {pos}: Escape, Continue", flush=True)
    program.keys("Escape")  # the table saves and goes to the menu (a second Escape is Quit)
    time.sleep(2.0)
    program.keys("Return")


# --------------------------------------------------------------------------- the monkey

MONKEY_KEYS = (
    "Return",
    "Escape",
    "Tab",
    "shift+Tab",
    "Left",
    "Right",
    "Up",
    "Down",
    "space",
    "BackSpace",
    "0",
    "1",
    "3",
    "5",
    "9",
    "h",
    "l",
    "s",
    "o",
    "u",
    "c",
    "z",
    "ctrl+z",
    "F11",
    "Page_Down",
    "Home",
    "End",
)


def monkey(run: Run) -> None:
    """Random clicks, drags and keys over every screen until the time is up; the window
    closed now and then and started again (Continue, or New game)."""
    x11 = run.x11()
    r = run.rng
    run.settings("classic", {}, {"animation": r.choice(("fast", "normal"))})
    program = run.start()
    events = 0
    next_shot = time.monotonic() + 5
    while run.left() > 0:
        if not program.alive():
            run.actions += program.actions
            program.actions = 0
            code = program.proc.returncode
            if code != 0:
                run.ended(program, "monkey")
            else:
                run.figures["quits (the menu's Quit)"] += 1
            program = run.start()
            continue
        # a dialog of the program's own (the Open dialog of Browse...): closed, never typed into
        for window, name in top_windows():
            if name != "Spades" and window != program.window:
                run.figures["dialogs closed"] += 1
                x11.close(window)
                time.sleep(0.3)
        _, _, w, h = window_size(program.window)
        if not w:
            time.sleep(POLL_S)
            continue
        if time.monotonic() >= next_shot:
            # what the monkey saw, now and then (the screens it reached)
            next_shot = time.monotonic() + 15
            run.shot(f"monkey-{events:05d}")
        roll = r.random()
        events += 1
        if roll < 0.55:
            # clicks lean to where the buttons are: the menu's column, the table's middle
            # and corners, the hand
            if r.random() < 0.5:
                x, y = r.randrange(w), r.randrange(h)
            else:
                x = r.choice((r.randrange(80, 520), r.randrange(360, 920), r.randrange(1000, w)))
                y = r.choice((r.randrange(200, 700), r.randrange(560, h), r.randrange(0, 140)))
            program.click(min(x, w - 1), min(y, h - 1), r.choice((1, 1, 1, 1, 3, 4, 5)))
        elif roll < 0.65:
            a = (r.randrange(w), r.randrange(h // 2, h))
            b = (r.randrange(w), r.randrange(h))
            program.drag(a, b)
        elif roll < 0.99:
            # Escape less often: Escape then Enter on the menu is Quit (a restart each time)
            keys = [r.choice(MONKEY_KEYS) for _ in range(r.randrange(1, 4))]
            keys = [k for k in keys if k != "Escape" or r.random() < 0.3] or ["Tab"]
            program.keys(*keys)
        elif roll < 0.995:
            # the window's close button: a saved game stays; start again
            run.figures["window closes"] += 1
            x11.close(program.window)
            code = program.wait_exit(20)
            run.actions += program.actions
            program.actions = 0
            if code != 0:
                run.fail(f"run {run.runs}: the window's close gave exit {code}")
            program = run.start()
            continue
        else:
            run.figures["kills"] += 1
            program.kill9()
            run.actions += program.actions
            program.actions = 0
            program = run.start()
            continue
        time.sleep(r.uniform(0.0, 0.12))
    run.figures["events"] = events
    run.program = program
    run.actions += program.actions
    program.actions = 0
    if program.alive():
        x11.close(program.window)
        code = program.wait_exit(20)
        if code not in (0, None):
            run.fail(f"run {run.runs}: the window's close at the end gave exit {code}")
        if code is None:
            run.fail(f"run {run.runs}: the window's close at the end left it running")
    run.program = None


def main(argv: list[str] | None = None) -> int:
    """Run the soak or the monkey; 0 when nothing failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("soak", "monkey"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--bin", help="the program to run (default: spades beside this Python)")
    parser.add_argument("--short", action="store_true", help="only the blind nil exchange games")
    parser.add_argument("--logs", type=Path, default=Path("soak-logs"))
    parser.add_argument("--json", type=Path, help="write the figures here as JSON")
    args = parser.parse_args(argv)
    for tool in ("xdotool", "xwininfo"):
        if shutil.which(tool) is None:
            print(f"soak.py: needs {tool} (Debian: xdotool, x11-utils)", file=sys.stderr)
            return 1
    if not os.environ.get("DISPLAY"):
        print("soak.py: needs an X display: run it under xvfb-run", file=sys.stderr)
        return 1
    run = Run(args)
    print(f"== {args.mode}: seed {args.seed}, {args.seconds:.0f} s, {' '.join(run.cmd)}")
    try:
        soak(run) if args.mode == "soak" else monkey(run)
    finally:
        if run.program is not None and run.program.alive():
            run.program.kill9()
        if any(run.data.glob("crash-*.txt")):
            run.fresh_data("it holds crash reports")
        figures = run.summary()
        if run.kept is not None:
            shutil.rmtree(run.data, ignore_errors=True)
            shutil.move(str(run.kept), run.data)
        shutil.rmtree(run.scratch, ignore_errors=True)
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    bad = figures["failures"] or figures["tracebacks"]
    print(f"== {args.mode}: {'FAILED' if bad else 'passed'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
