"""Per-pair margins of duplicate runs, and lab/paired.py comparing two runs pair by pair."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lab.paired
from spades_gui.ai.arena import simulate
from spades_gui.engine.presets import preset_rules


def paired() -> Any:
    """The tool as a module."""
    return lab.paired


def run(seats: str, seed: int = 5, hands: int = 6) -> dict[str, Any]:
    out = simulate(preset_rules("classic"), seats.split(","), seed, hands=hands, duplicate=True)
    out.update(rules="classic", seed=seed)
    return out


def test_a_duplicate_run_gives_each_pairs_margin_by_its_place() -> None:
    out = run("medium,easy,medium,easy")
    pairs = out["pairs"]
    assert len(pairs) == out["deal_pairs"] == 6
    assert len({(g, h) for g, h, _ in pairs}) == 6
    mean = sum(m for _, _, m in pairs) / len(pairs)
    assert round(mean, 2) == out["margin_per_hand"]["mean"]
    single = simulate(preset_rules("classic"), ["medium"] * 4, 5, hands=2)
    assert "pairs" not in single


def test_a_run_against_itself_differs_by_nothing() -> None:
    a = run("medium,easy,medium,easy")
    r = paired().compare(a, a)
    assert (r["mean"], r["half"], r["n"]) == (0.0, 0.0, 6)


def test_runs_compare_on_the_deal_pairs_both_played() -> None:
    tool = paired()
    a = run("medium,easy,medium,easy")
    b = run("easy,medium,easy,medium")
    r = tool.compare(a, b)
    # the same deals with the teams' levels exchanged: every pair's margin changes sign
    ma, mb = tool.margins(a), tool.margins(b)
    both = set(ma) & set(mb)
    assert r["n"] == len(both) > 0
    assert r["mean"] == pytest.approx(sum(mb[k] - ma[k] for k in both) / len(both))
    assert all(mb[k] == -ma[k] for k in both)
    b["pairs"] = b["pairs"][:3]
    assert tool.compare(a, b)["n"] == 3


def test_the_tool_refuses_runs_on_other_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = paired()
    a = run("medium,easy,medium,easy", seed=5, hands=2)
    b = run("medium,easy,medium,easy", seed=6, hands=2)
    pa, pb = tmp_path / "a.json", tmp_path / "b.json"
    pa.write_text(json.dumps(a))
    pb.write_text(json.dumps(b))
    assert tool.main([str(pa), str(pb)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "seed 6" in err and str(pb) in err
    pb.write_text("{not json")
    assert tool.main([str(pa), str(pb)]) == 2
    assert str(pb) in capsys.readouterr().err
    assert tool.main([str(pa), str(pa)]) == 0
    assert "+0.00 per hand" in capsys.readouterr().out


def test_the_whole_difference_counts_the_places_one_run_alone_played() -> None:
    tool = paired()
    a = {"pairs": [[0, 0, 10.0], [0, 1, 20.0], [1, 0, 30.0]]}
    # b's first game lasted a hand longer: (0, 2) is b's alone, (1, 0) a's alone
    b = {"pairs": [[0, 0, 12.0], [0, 1, 22.0], [0, 2, 200.0]]}
    assert tool.compare(a, b)["mean"] == pytest.approx(2.0)  # the shared places alone
    w = tool.compare_all(a, b)
    assert w["mean"] == pytest.approx((12 + 22 + 200) / 3 - (10 + 20 + 30) / 3)
    assert (w["only_a"], w["only_b"], w["n_a"], w["n_b"]) == (1, 1, 3, 3)
    assert w["half"] > 10  # one place each run's own: its spread is taken from the whole run
    assert tool.compare_all(a, a) == {
        "mean": 0.0,
        "half": 0.0,
        "n_a": 3,
        "n_b": 3,
        "only_a": 0,
        "only_b": 0,
    }
