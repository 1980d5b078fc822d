"""The headless commands, run as a person would: through the program's entry point."""

import json
import subprocess
import sys

import pytest

from spades_gui import __version__
from spades_gui.app import main
from spades_gui.engine import PRESETS, preset_rules
from spades_gui.engine.record import game_to_record

from .engine.helpers import play_random_game


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "spades_gui", *args], capture_output=True, text=True, timeout=120
    )


def test_version():
    p = run("--version")
    assert p.returncode == 0 and p.stdout.strip() == f"spades {__version__}"


def test_rules_lists_presets(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == list(PRESETS)


def test_rules_json_has_every_option(capsys):
    assert main(["rules", "tournament", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == preset_rules("tournament").to_dict()


def test_rules_unknown_preset(capsys):
    assert main(["rules", "nope"]) == 2
    assert "unknown preset" in capsys.readouterr().err


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "game.json"
    game = play_random_game(preset_rules("online"), seed=11)
    path.write_text(json.dumps(game_to_record(game)))
    return path, game


def test_replay_json(record_file, capsys):
    path, game = record_file
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == game.winner
    assert out["hands"][-1]["scores"] == game.scores
    assert set(out["hands"][0]) == {"tricks", "points", "scores", "bags"}


def test_replay_text(record_file, capsys):
    path, _ = record_file
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Hand 1:" in out and "trick 13" in out and "Winner" in out


def test_replay_bad_record_one_line_exit_2(record_file, tmp_path):
    path, _ = record_file
    data = json.loads(path.read_text())
    data["hands"][0]["plays"][0], data["hands"][0]["plays"][1] = (
        data["hands"][0]["plays"][1],
        data["hands"][0]["plays"][0],
    )
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    p = run("replay", str(bad))
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "bad.json" in lines[0] and "hand 1" in lines[0]
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize("text", ["", "{", "[]", '{"rules": "pagat", "hands": 3}'])
def test_replay_malformed(tmp_path, text):
    f = tmp_path / "m.json"
    f.write_text(text)
    p = run("replay", str(f))
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1


def test_replay_missing_file(tmp_path):
    p = run("replay", str(tmp_path / "none.json"))
    assert p.returncode == 2 and "cannot read" in p.stderr


def test_bench_json(capsys):
    assert main(["bench", "--json", "--seconds", "0.2"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["playouts_per_s"] > 0
    idle = {"idle_cpu_pct", "idle_wait_cpu_pct", "idle_wakeups_per_s", "idle_frames"}
    thinking = {"table_first_frame_ms", "thinking_frame_ms_max", "thinking_frame_cpu_ms_max"}
    analysing = {"analysing_frame_ms_max", "analysing_decisions_weighed"}
    assert idle | thinking | analysing <= out.keys() and out["idle_video_driver"] == "dummy"


def test_every_command_and_flag_is_described_in_a_sentence():
    import argparse

    from spades_gui.app import _parser

    def sentences(parser: argparse.ArgumentParser, where: str) -> list[str]:
        bad = []
        for action in parser._actions:
            text = action.help or ""
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    bad += sentences(sub, f"spades {name}")
                texts = [(c.dest, c.help or "") for c in action._choices_actions]
            else:
                texts = [("/".join(action.option_strings) or action.dest, text)]
            for flag, t in texts:
                if not (t[:1].isupper() and t.endswith(".")):
                    bad.append(f"{where} {flag}: {t!r}")
        if not (parser.description or "").endswith("."):
            bad.append(f"{where}: no description")
        return bad

    assert sentences(_parser(), "spades") == []


def test_on_windows_the_program_leaves_without_waiting_for_threads_to_wind_down():
    """Its work saved and its output out, the Windows program exits at once: waiting for
    threads and the worker at exit hung for ever under Wine (docs/BUILD.md)."""
    code = (
        "import sys, threading\n"
        "sys.platform = 'win32'  # the exit the Windows program takes\n"
        "threading.Thread(target=threading.Event().wait).start()  # never ends\n"
        "sys.argv = ['spades', 'rules', 'nope']\n"
        "from spades_gui.app import run\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "unknown preset 'nope'" in done.stderr


def test_replay_text_shows_the_cards_left_over_and_the_exchanges(tmp_path, capsys):
    import random
    from pathlib import Path

    from spades_gui.engine import Game
    from spades_gui.engine.actions import PassAction

    from .engine.randomplay import random_action

    data = Path(__file__).parent / "data" / "leftover_hand.json"
    assert main(["replay", str(data)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:3] == [
        "  S takes 7C BJ left over, discards QD JS",
        "  bids: W 8, E 2, N 13, S Nil",
    ]
    rules = preset_rules("classic").with_options(nil_exchange=True)
    for seed in range(50):
        rng = random.Random(seed)
        game = Game(rules)
        h = game.deal(rng)
        while random_action(h, rng):
            pass
        passes = [t.action for t in h.actions if isinstance(t.action, PassAction)]
        if any(p.cards for p in passes) and h.phase != "misdeal":
            break
    else:
        raise AssertionError("no exchange in 50 hands")
    game.finish_hand()
    path = tmp_path / "exchange.json"
    path.write_text(json.dumps(game_to_record(game)))
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    shown = [x for x in lines if " passes " in x]
    assert len(shown) == sum(1 for p in passes if p.cards)
    assert lines.index(shown[0]) > next(i for i, x in enumerate(lines) if "bids:" in x)
