"""`spades hint`: the CLI path for seat views and records, --json, --serve and bad views."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

from spades_gui.ai import make_policy
from spades_gui.ai.consult import HINT_SEED
from spades_gui.ai.view_json import view_from_json
from spades_gui.commands.hint import run as hint_command
from spades_gui.engine import Game, preset_rules
from spades_gui.engine.record import dumps

from .test_scenarios import SCENARIOS, accepted, load

SPADES = [sys.executable, "-m", "spades_gui"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The program as a subprocess."""
    return subprocess.run(
        SPADES + list(args), input=stdin, capture_output=True, text=True, timeout=60
    )


def test_hint_json_on_scenarios(tmp_path: Path) -> None:
    """The CLI answers each view as the level does in process (which of those the suite counts
    right is test_scenarios' business, not this path's)."""
    for path in SCENARIOS[::10]:
        sc = load(path)
        p = run("hint", str(path), "--level", "medium", "--json")
        assert p.returncode == 0, p.stderr
        out = json.loads(p.stdout)
        assert set(out) == {"action", "reason", "candidates"}
        assert out["reason"]
        # the hint's own seat seed: Medium's sampled endgame lies are drawn from it
        want = make_policy("medium", HINT_SEED).explain(view_from_json(sc)).action_json()
        assert accepted(out["action"], [want]), (sc["name"], out)


def test_hint_words_and_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS[0]
    for level in ("easy", "medium", "hard"):
        code = hint_command(Namespace(view=str(path), level=level, json=False, serve=False))
        assert code == 0
        text = capsys.readouterr().out
        assert text.startswith(level.capitalize())


def test_hint_from_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(preset_rules("classic"))
    hand = game.deal(random.Random(3))
    hand.bid(3)
    rec = tmp_path / "game.json"
    rec.write_text(dumps(game), encoding="utf-8")
    code = hint_command(Namespace(view=str(rec), level="medium", json=True, serve=False))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out["action"], (int, str))


@pytest.mark.parametrize(
    "change, words",
    [
        ({"hand": ["QH"]}, "hand holds 1 card"),
        ({"phase": "deal"}, "phase"),
        ({"trick": ["JH", "JH"]}, "twice"),
        ({"rules": "nope"}, "unknown preset"),
        ({"bids": [5, 3]}, "four entries"),
        ({"gone": ["3D"]}, "share"),
    ],
)
def test_bad_views_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict, words: str
) -> None:
    sc = load(next(p for p in SCENARIOS if p.name.endswith("_online_no_spade_trick_one.json")))
    sc.update(change)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(sc), encoding="utf-8")
    code = hint_command(Namespace(view=str(bad), level="medium", json=True, serve=False))
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and words in err, err


def test_bad_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    p = run("hint", str(bad))
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_serve_answers_every_line() -> None:
    good = json.dumps(load(SCENARIOS[0]))
    p = run("hint", "--serve", "--level", "medium", stdin=f"{good}\nxx\n{{}}\n{good}\n")
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(lines) == 4
    assert "action" in lines[0] and "action" in lines[3]
    assert "error" in lines[1] and "error" in lines[2]
