"""The voices speech goes out through: the player's screen reader or the system's voice
(accessible-output2 on Windows and macOS; speech-dispatcher's spd-say, else espeak-ng, on
Linux; macOS's `say`), a log file, or nothing. A voice that fails goes silent, never raises."""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)

LOG_ENV = "SPADES_SPEECH_LOG"  # FILE: speech on, every utterance written to FILE, one a line
VOICE_ENV = "SPADES_SPEECH_VOICE"  # "none" (tests), "spd-say", "espeak-ng", "say", "ao2"
# A line not said in this long failed (the voice hangs): 10 s and 0.15 s a letter, about twice
# what espeak-ng takes at its usual rate.
SAY_SECONDS, SAY_SECONDS_A_LETTER = 10.0, 0.15
SPI_GETSCREENREADER = 0x0046  # Windows: a screen reader runs (NVDA, JAWS and Narrator set it)


class Voice(Protocol):
    """Something that speaks a line."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Say `text`, first cutting what is being said if `interrupt`."""

    def stop(self) -> None:
        """Stop speaking."""


class Silent:
    """No voice: nothing is said."""

    name = "none"

    def speak(self, text: str, interrupt: bool) -> None:
        """Say nothing."""

    def stop(self) -> None:
        """Nothing to stop."""


class Command:
    """A system command that speaks its argument (spd-say, espeak-ng, say): lines said one
    after another by a thread of its own; interrupting drops the lines waiting and cuts the
    one being said."""

    def __init__(
        self,
        name: str,
        argv: list[str],
        cancel: list[str] | None = None,
        fallback: tuple[str, list[str]] | None = None,
    ) -> None:
        self.name = name
        self.argv = argv
        self.cancel = cancel  # a command that silences everything (spd-say -C)
        self.fallback = fallback  # (name, argv) that speaks once this command fails (espeak-ng)
        self.cut = False  # the line being said was cut on purpose (not a failure)
        self.lines: queue.Queue[str | None] = queue.Queue()  # None: run the cancel command
        self.current: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.failed = False
        self.thread = threading.Thread(target=self._run, name=f"speech {name}", daemon=True)
        self.thread.start()

    def speak(self, text: str, interrupt: bool) -> None:
        """Queue this line (interrupting: after cutting what is said and waits)."""
        if self.failed:
            return
        if interrupt:
            self.stop()
        self.lines.put(text)

    def stop(self) -> None:
        """Cut what is being said and drop the lines waiting (the cancel command, if any, runs
        on the voice's thread before the next line, so it never cuts that line)."""
        while True:
            try:
                self.lines.get_nowait()
            except queue.Empty:
                break
            self.lines.task_done()
        with self.lock:
            p = self.current
            if p is not None and p.poll() is None:
                self.cut = True
                p.terminate()
        if self.cancel is not None and not self.failed:
            self.lines.put(None)

    def wait(self) -> None:
        """Until every line queued has been said (the CI's audio check)."""
        self.lines.join()

    def _run(self) -> None:
        while True:
            text = self.lines.get()
            try:
                if text is None and self.cancel is not None:
                    with contextlib.suppress(OSError, subprocess.SubprocessError):
                        _start(self.cancel).wait(5)
                elif text is not None and not self.failed:
                    self._say(text)
            finally:
                self.lines.task_done()

    def _say(self, text: str) -> None:
        try:
            p = _start([*self.argv, text])
        except OSError as e:
            self._failed(text, str(e))
            return
        with self.lock:
            self.current, self.cut = p, False
        try:
            code = p.wait(SAY_SECONDS + len(text) * SAY_SECONDS_A_LETTER)
        except subprocess.TimeoutExpired:  # a speech-dispatcher that cannot reach its audio
            p.terminate()
            code = p.wait()
            with self.lock:
                self.cut = False
            if self.cancel is not None:
                with contextlib.suppress(OSError, subprocess.SubprocessError):
                    _start(self.cancel).wait(5)
        with self.lock:
            self.current = None
            cut = self.cut
        if code != 0 and not cut:
            self._failed(text, f"exit status {code}")

    def _failed(self, text: str, why: str) -> None:
        """The command failed: its fallback speaks from now on, else nothing (logged once)."""
        fallback = self.fallback
        if fallback is None:
            self.failed = True
            log.warning("speech through %s failed (%s): speech stays silent", self.name, why)
            return
        name, argv = fallback
        log.warning("speech through %s failed (%s): %s speaks instead", self.name, why, name)
        self.name, self.argv, self.cancel, self.fallback = name, argv, None, None
        self._say(text)


def _start(argv: list[str]) -> subprocess.Popen[bytes]:
    """A command started with no input or output."""
    return subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def spd_say(path: str, fallback: tuple[str, list[str]] | None = None) -> Command:
    """speech-dispatcher (Orca's voice on Linux): -w waits until the line is said (so lines
    go one after another), -C cancels what it says."""
    return Command("speech-dispatcher", [path, "-w", "-N", "spades"], [path, "-C"], fallback)


class Accessible:
    """accessible-output2: NVDA, JAWS and other screen readers on Windows (SAPI5, the
    system's voice, when none runs); VoiceOver on macOS."""

    def __init__(self) -> None:
        from accessible_output2.outputs.auto import Auto  # type: ignore[import-not-found]

        self.name = "accessible-output2"
        self.auto = Auto()
        self.failed = False

    def active(self) -> bool:
        """Whether any of its outputs is usable now."""
        try:
            return self.auto.get_first_available_output() is not None
        except Exception:
            return False

    def speak(self, text: str, interrupt: bool) -> None:
        """Say it through the first output that runs."""
        if self.failed:
            return
        try:
            self.auto.output(text, interrupt=interrupt)
        except Exception as e:  # a screen reader that quit, a COM error: silence, not a crash
            self.failed = True
            log.warning("speech through accessible-output2 failed, speech stays silent: %s", e)

    def stop(self) -> None:
        """Silence the output."""
        try:
            out = self.auto.get_first_available_output()
            if out is not None:
                out.silence()
        except Exception:
            pass


def _accessible() -> Accessible | None:
    """accessible-output2 if it is installed and loads."""
    try:
        return Accessible()
    except Exception as e:  # missing, or its DLLs or COM objects unavailable
        log.info("accessible-output2 not available: %s", e)
        return None


def system_voice(platform: str = sys.platform) -> Voice:
    """The best voice on this system: a screen reader if one runs, else the system's voice,
    else Silent."""
    forced = os.environ.get(VOICE_ENV, "")
    if forced == "none":
        return Silent()
    if forced in ("spd-say", "espeak-ng", "say"):
        path = shutil.which(forced)
        if path is None:
            log.warning("%s=%s: no such command; speech stays silent", VOICE_ENV, forced)
            return Silent()
        return spd_say(path) if forced == "spd-say" else Command(forced, [path])
    if platform == "win32" or platform == "darwin" or forced == "ao2":
        acc = _accessible()
        if acc is not None and (platform == "win32" or acc.active()):
            return acc  # on Windows it falls back to SAPI5 itself
    if platform == "darwin" and (say := shutil.which("say")):
        return Command("say", [say])
    if platform.startswith("linux"):
        found = [(n, p) for n in ("espeak-ng", "espeak") if (p := shutil.which(n))]
        espeak = (found[0][0], [found[0][1]]) if found else None
        if spd := shutil.which("spd-say"):
            return spd_say(spd, espeak)
        if espeak is not None:
            return Command(*espeak)
    log.warning("no voice found on this system: speech stays silent")
    return Silent()


def screen_reader_running(platform: str = sys.platform) -> bool:
    """Whether the player runs a screen reader (speech then starts on)."""
    try:
        if platform == "win32":
            flag = ctypes.c_int(0)
            windll = getattr(ctypes, "windll", None)
            if windll is None:
                return False
            windll.user32.SystemParametersInfoW(SPI_GETSCREENREADER, 0, ctypes.byref(flag), 0)
            return bool(flag.value)
        if platform == "darwin":
            out = subprocess.run(
                ["defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey"],
                capture_output=True,
                text=True,
                timeout=2,
            )
            return out.stdout.strip() == "1"
        return _orca_running(Path("/proc"))
    except (OSError, subprocess.SubprocessError):
        return False


def _orca_running(proc: Path) -> bool:
    """Whether a process named orca (GNOME's screen reader) runs."""
    # Processes come and go while the folder is read: each one that is gone is passed over
    # (pathlib's glob let such an error end the whole search).
    with os.scandir(proc) as entries:
        pids = [e.name for e in entries if e.name.isdigit()]
    for pid in pids:
        try:
            if (proc / pid / "comm").read_text().strip() == "orca":
                return True
        except OSError:
            continue
    return False


class LogFile:
    """Every utterance appended to a file, one a line (for tests and a player's bug report)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failed = False

    def write(self, text: str) -> None:
        """Append one line."""
        if self.failed:
            return
        try:
            with self.path.open("a", encoding="utf-8") as f:
                f.write(text.replace("\n", " ") + "\n")
        except OSError as e:
            self.failed = True
            log.warning("the speech log %s cannot be written: %s", self.path, e)
