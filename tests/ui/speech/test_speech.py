"""Speech switched and configured: off by default, on with a screen reader or a log, F2 on
every screen, the settings (old files still load); voices that queue, cut and never crash."""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from spades_gui.settings import Settings
from spades_gui.ui.speech import Speech
from spades_gui.ui.speech import voices as voices_mod
from spades_gui.ui.speech.screens import widget_words
from spades_gui.ui.speech.voices import Command, Silent, system_voice
from spades_gui.ui.widgets import Selector, Toggle
from tests.conftest import Pilot
from tests.ui.speech.heard import lines


def test_speech_is_off_by_default_and_on_with_a_screen_reader() -> None:
    speech = Speech(env={})
    assert not speech.on
    speech.configure("auto", "full", reader=False)
    assert not speech.on
    speech.configure("auto", "full", reader=True)
    assert speech.on
    speech.configure("off", "full", reader=True)
    assert not speech.on
    speech.configure("on", "brief", reader=False)
    assert speech.on and speech.detail == "brief"


def test_the_log_turns_speech_on_and_gets_every_line(tmp_path: Path) -> None:
    log = tmp_path / "said.txt"
    speech = Speech(env={"SPADES_SPEECH_LOG": str(log)})
    speech._voice = Silent()
    speech.configure("off", "full", reader=False)
    assert speech.on  # the log wins over the setting
    speech.say("West plays the Q♥")
    speech.say("Score −30 · bags 2")
    speech.say("")
    assert log.read_text(encoding="utf-8").splitlines() == [
        "West plays the queen of hearts",
        "Score minus 30, bags 2",
    ]


def test_off_says_nothing(tmp_path: Path) -> None:
    speech = Speech(env={})
    speech.say("nothing")
    assert speech.last == "" and speech._voice is None  # no voice even looked for


def test_no_voice_on_the_system_is_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(voices_mod.VOICE_ENV, raising=False)
    monkeypatch.setattr(voices_mod.shutil, "which", lambda name: None)
    voice = system_voice("linux")
    assert isinstance(voice, Silent)
    voice.speak("hello", True)
    monkeypatch.setenv(voices_mod.VOICE_ENV, "none")
    assert isinstance(system_voice("win32"), Silent)


def test_linux_prefers_speech_dispatcher(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(voices_mod.VOICE_ENV, raising=False)
    found = {"spd-say": "/usr/bin/spd-say", "espeak-ng": "/usr/bin/espeak-ng"}
    monkeypatch.setattr(voices_mod.shutil, "which", found.get)
    voice = system_voice("linux")
    assert isinstance(voice, Command) and voice.name == "speech-dispatcher"
    assert voice.cancel == ["/usr/bin/spd-say", "-C"]
    del found["spd-say"]
    voice = system_voice("linux")
    assert isinstance(voice, Command) and voice.name == "espeak-ng"


def writer(path: Path) -> list[str]:
    """A command that appends its argument to a file (a voice that leaves a trace)."""
    code = "import sys; open(sys.argv[1], 'a').write(sys.argv[2] + '\\n')"
    return [sys.executable, "-c", code, str(path)]


def test_a_command_voice_says_lines_in_order(tmp_path: Path) -> None:
    out = tmp_path / "said.txt"
    voice = Command("test", writer(out))
    for line in ("one", "two", "three"):
        voice.speak(line, interrupt=False)
    voice.wait()
    assert out.read_text().splitlines() == ["one", "two", "three"]


def test_interrupting_drops_the_lines_waiting(tmp_path: Path) -> None:
    out = tmp_path / "said.txt"
    gate = tmp_path / "gate"
    # a voice that holds the line "held" until the gate opens, and writes down every line said
    code = (
        "import os, sys\n"
        "while sys.argv[3] == 'held' and not os.path.exists(sys.argv[2]): os.sched_yield()\n"
        "open(sys.argv[1], 'a').write(sys.argv[3] + '\\n')"
    )
    voice = Command("test", [sys.executable, "-c", code, str(out), str(gate)])
    voice.speak("held", interrupt=False)
    while voice.current is None:  # until "held" is being said
        threading.Event().wait(0.005)
    voice.speak("stale", interrupt=False)
    voice.speak("new", interrupt=True)  # cuts "held", drops "stale"
    gate.touch()
    voice.wait()
    assert out.read_text().splitlines() == ["new"]


def test_a_voice_that_cannot_start_goes_silent(tmp_path: Path) -> None:
    voice = Command("gone", [str(tmp_path / "no-such-program")])
    voice.speak("hello", interrupt=False)
    voice.wait()
    assert voice.failed
    voice.speak("again", interrupt=True)  # no error, nothing said


def test_settings_from_before_speech_still_load() -> None:
    old = {"version": 1, "preset": "classic", "animation": "fast", "volume": 40}
    s = Settings.from_dict(old)
    assert (s.speech, s.speech_detail) == ("auto", "full")
    s.speech, s.speech_detail = "on", "brief"
    again = Settings.from_dict(json.loads(json.dumps(s.to_dict())))
    assert (again.speech, again.speech_detail) == ("on", "brief")
    with pytest.raises(ValueError, match="speech"):
        Settings.from_dict({"speech": "loud"})


def test_settings_rows_say_their_name_and_value() -> None:
    box = {"on": True, "mode": "auto"}
    toggle = Toggle("Play forced cards", lambda: box["on"], lambda v: None, ("On", "Off"))
    assert widget_words(toggle) == "Play forced cards: On"
    choices = [("auto", "With a screen reader"), ("on", "On"), ("off", "Off")]
    selector = Selector("Speech", choices, lambda: box["mode"], lambda v: None)
    assert widget_words(selector) == "Speech: With a screen reader"


def test_f2_switches_speech_on_every_screen_and_keeps_it(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    pilot.key(pygame.K_F2)
    assert lines(said)[-1] == "Speech off"
    n = len(lines(said))
    pilot.key(pygame.K_DOWN)
    pilot.key(pygame.K_DOWN)
    assert len(lines(said)) == n  # nothing said while off
    assert pilot.app is not None and pilot.app.services.settings is not None
    assert pilot.app.services.settings.speech == "off"
    pilot.key(pygame.K_F2)
    assert lines(said)[-3:] == ["Speech on", "Main menu", widget_words(pilot.scene.focus)]


def test_left_and_right_move_the_focus_on_the_menu_and_say_it(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    first = lines(said)[-1]
    pilot.key(pygame.K_RIGHT)
    second = lines(said)[-1]
    assert second != first and second == widget_words(pilot.scene.focus)
    pilot.key(pygame.K_LEFT)
    assert lines(said)[-1] == first


def test_the_speech_setting_takes_effect_at_once(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    assert pilot.app is not None
    pilot.app.services.open_settings()
    pilot.step()
    assert "Settings" in lines(said)
    assert "Preset settings; Tab for the next page" in lines(said)
    pilot.key(pygame.K_TAB)
    assert "Deck settings; Tab for the next page" in lines(said)
    pilot.app.services.settings.speech_detail = "brief"
    pilot.step()
    pilot.key(pygame.K_DOWN)
    assert pilot.app.speech.detail == "brief"


def test_every_hearing_key_is_listed_in_how_to_play_the_readme_and_the_doc() -> None:
    from spades_gui.ui.help_scene import CONTROLS
    from spades_gui.ui.speech.table import HEARING_KEYS

    root = Path(__file__).resolve().parents[3]
    readme = (root / "README.md").read_text(encoding="utf-8")
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    doc = (root / "docs" / "ACCESSIBILITY.md").read_text(encoding="utf-8")
    help_text = " ".join(CONTROLS)
    for key, _ in HEARING_KEYS:
        assert f"| {key} |" in doc
        if key != "F2":
            assert f"{key} " in help_text
        first = key.split(",")[0]  # "Shift+S/H/D/C" in the README
        assert re.search(rf"(?<![\w+]){re.escape(first)}\b", playing), key


def test_a_bid_drill_by_ear(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    for _ in range(12):
        if lines(said)[-1] == "Drills":
            break
        pilot.key(pygame.K_DOWN)
    pilot.key(pygame.K_RETURN)
    assert lines(said)[-2] == "Drills"  # the screen's name, then its first button
    for _ in range(20):
        if lines(said)[-1].startswith("Bidding nil: "):
            break
        pilot.key(pygame.K_DOWN)
    n = len(lines(said))
    pilot.key(pygame.K_RETURN)
    position = lines(said)[n]
    assert position.startswith("Drill 1 of ") and ": Bidding nil. " in position
    assert "Your hand: spades: " in position and position.endswith(
        "Choose a bid: Left and Right, then Enter"
    )
    pilot.key(pygame.K_RIGHT)
    bid = lines(said)[-1]
    pilot.key(pygame.K_RETURN)
    answer = next(x for x in lines(said)[n:] if x.startswith(("Right.", "Not the best.")))
    assert "Hard chooses " in answer and bid


def test_the_cancel_command_runs_before_the_line_that_interrupts(tmp_path: Path) -> None:
    out = tmp_path / "said.txt"
    voice = Command("test", writer(out), cancel=[*writer(out), "CANCEL"])
    voice.speak("first", interrupt=False)
    voice.wait()
    voice.speak("second", interrupt=True)
    voice.wait()
    assert out.read_text().splitlines() == ["first", "CANCEL", "second"]


def test_the_guided_hand_says_its_lessons(
    pilot: Pilot, said: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spades_gui.ui.guide import deal as guide_deal
    from spades_gui.ui.guide.deal import open_guided_hand
    from spades_gui.ui.practice_words import WELCOME

    monkeypatch.setattr(guide_deal, "EXECUTOR", "inline")
    monkeypatch.setattr(guide_deal, "THINK_MS", 5)
    pilot.menu()
    assert pilot.app is not None
    open_guided_hand(pilot.app)
    pilot.controllers.append(pilot.scene.ctl)
    pilot.until(lambda: WELCOME.title in " ".join(lines(said)))
    told = next(x for x in lines(said) if x.startswith(WELCOME.title))
    assert told.startswith(f"{WELCOME.title}. {WELCOME.text[:40]}")
    assert lines(said)[lines(said).index(told) - 1] == "The guided hand"


def test_a_card_drill_by_ear_and_by_keys(pilot: Pilot, said: Path) -> None:
    pilot.menu()
    assert pilot.app is not None and pilot.app.services.open_drills is not None
    pilot.app.services.open_drills()
    pilot.step()
    for _ in range(20):
        if lines(said)[-1].startswith("Covering partner's nil: "):
            break
        pilot.key(pygame.K_DOWN)
    n = len(lines(said))
    pilot.key(pygame.K_RETURN)
    position = lines(said)[n]
    assert ": Covering partner's nil. " in position and "Choose a card: " in position
    choices = position.split("Choose a card: ")[1]
    pilot.key(pygame.K_RIGHT)
    card = lines(said)[-1]
    rank, suit = card.split(" of ")
    assert f"{suit}: " in choices and rank in choices.split(f"{suit}: ")[1].split(";")[0]
    pilot.key(pygame.K_RETURN)
    assert pilot.scene.mode == "answer" and pilot.scene.chosen is not None
    answer = next(x for x in lines(said)[n:] if x.startswith(("Right.", "Not the best.")))
    assert "Hard chooses " in answer


def test_a_voice_that_fails_hands_over_to_its_fallback(tmp_path: Path) -> None:
    out = tmp_path / "said.txt"
    failing = [sys.executable, "-c", "raise SystemExit(1)"]  # spd-say with no speech-dispatcher
    voice = Command(
        "speech-dispatcher", failing, cancel=failing, fallback=("espeak-ng", writer(out))
    )
    voice.speak("first", interrupt=False)
    voice.wait()
    voice.speak("second", interrupt=True)  # the fallback has no cancel command: none runs
    voice.wait()
    assert out.read_text().splitlines() == ["first", "second"]
    assert voice.name == "espeak-ng" and not voice.failed


def test_a_voice_that_hangs_hands_over_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices_mod, "SAY_SECONDS", 0.2)
    monkeypatch.setattr(voices_mod, "SAY_SECONDS_A_LETTER", 0.0)
    out = tmp_path / "said.txt"
    never = tmp_path / "never"  # spd-say -w with a speech-dispatcher that has no audio
    hangs = [
        sys.executable,
        "-c",
        "import os, sys\nwhile not os.path.exists(sys.argv[1]): os.sched_yield()",
        str(never),
    ]
    voice = Command("speech-dispatcher", hangs, fallback=("espeak-ng", writer(out)))
    voice.speak("hello", interrupt=False)
    voice.wait()
    assert out.read_text().splitlines() == ["hello"] and voice.name == "espeak-ng"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Orca is looked for in /proc")
def test_a_running_orca_is_found_by_its_process_name(tmp_path: Path) -> None:
    """Orca itself is not installed here: a stand-in process named orca is."""
    import shutil
    import subprocess

    fake = tmp_path / "orca"
    shutil.copy("/bin/sleep", fake)
    stand_in = subprocess.Popen([str(fake), "60"])
    # Popen may return (vfork) before the kernel names the new program: wait for the name.
    comm = Path(f"/proc/{stand_in.pid}/comm")
    deadline = time.monotonic() + 10
    while comm.read_text().strip() != "orca" and time.monotonic() < deadline:
        time.sleep(0.005)
    try:
        assert voices_mod._orca_running(Path("/proc"))
        assert voices_mod.screen_reader_running("linux")
    finally:
        stand_in.kill()
        stand_in.wait()
    empty = tmp_path / "proc"
    (empty / "1").mkdir(parents=True)
    (empty / "1" / "comm").write_text("bash\n")
    assert not voices_mod._orca_running(empty)
