"""lab/ai_table.py: the share of the oracle's margin Hard reaches, over the deals both played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lab.ai_table


def run(rules: str, pairs: list[list[float]]) -> dict[str, Any]:
    """A simulate JSON reduced to what the share table reads."""
    return {"rules": rules, "seed": 2026, "pairs": pairs}


def printed(
    which: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, **runs: Any
) -> str:
    """One of lab/ai_table.py's tables (its function's name) printed from runs written as
    lab/data/NAME.json."""
    ai_table = lab.ai_table
    for name, d in runs.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(d), encoding="utf-8")
    monkeypatch.setattr(ai_table, "AI", tmp_path)
    getattr(ai_table, which)()
    return str(capsys.readouterr().out)


def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, **runs: Any) -> str:
    """The share table."""
    return printed("shares", tmp_path, monkeypatch, capsys, **runs)


def test_share_counts_only_the_deal_pairs_both_runs_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    hard = run("classic", [[0, 0, 10.0], [0, 1, 20.0], [1, 0, 30.0]])
    # the oracle's run is longer: its fourth deal pair Hard never played
    oracle = run("classic", [[0, 0, 20.0], [0, 1, 40.0], [1, 0, 60.0], [1, 1, 500.0]])
    out = table(tmp_path, monkeypatch, capsys, hard_classic=hard, oracle_classic=oracle)
    row = next(line for line in out.splitlines() if line.startswith("| classic"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:4] == ["classic", "3", "+20.0", "+40.0"]
    assert cells[4].startswith("+20.0 [")
    assert cells[5] == "50%"


def test_runs_without_per_pair_margins_are_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    old = {"rules": "online", "seed": 2026}
    out = table(tmp_path, monkeypatch, capsys, hard_online=old, oracle_online=old)
    assert "| online" not in out


def test_runs_on_other_seeds_are_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    hard = run("online", [[0, 0, 10.0]])
    oracle = dict(run("online", [[0, 0, 20.0]]), seed=7)
    out = table(tmp_path, monkeypatch, capsys, hard_online=hard, oracle_online=oracle)
    assert "| online" not in out


def match(seed: int, pairs: list[list[float]]) -> dict[str, Any]:
    """A simulate JSON reduced to what the margin table reads."""
    xs = [p[2] for p in pairs]
    mean = sum(xs) / len(xs)
    m = {"mean": mean, "ci95": [mean - 1, mean + 1], "n": len(xs)}
    return dict(run("championship", pairs), seed=seed, margin_per_hand=m)


def margin_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any, **runs: Any) -> str:
    """The margin table."""
    return printed("margins", tmp_path, monkeypatch, capsys, **runs)


def test_three_seeds_pool_pair_by_pair_and_name_their_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    first = match(2026, [[0, 0, 10.0], [0, 1, 20.0]])
    second = match(202, [[0, 0, 40.0]])
    third = match(303, [[0, 0, -10.0], [0, 1, 30.0]])
    out = margin_rows(
        tmp_path,
        monkeypatch,
        capsys,
        hard_championship=first,
        hard_championship_202=second,
        hard_championship_303=third,
    )
    assert "| `--seed 202 --rules championship --hands 1 " in out
    assert "| `--seed 303 --rules championship --hands 2 " in out
    assert "| `--rules championship --hands 2 " in out
    row = next(line for line in out.splitlines() if "pooled" in line)
    cells = [c.strip() for c in row.strip("|").split("|")]
    # 90 over 5 pairs, not the mean of the three runs' means (21.7)
    assert cells[1:3] == ["5", "+18.0"]


def test_no_pooled_row_without_every_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    two = {
        "hard_championship": match(2026, [[0, 0, 10.0]]),
        "hard_championship_202": match(202, [[0, 0, 40.0]]),
    }
    out = margin_rows(tmp_path, monkeypatch, capsys, **two)
    assert "pooled" not in out


def sim(rules: str, pairs: list[list[float]], seed: int = 2026) -> dict[str, Any]:
    """A foresight or simulate JSON reduced to what the ceiling table reads."""
    return dict(match(seed, pairs), rules=rules)


def ceiling_cells(out: str, rules: str) -> list[str]:
    """The cells of one preset's row in the ceiling table."""
    row = next(line for line in out.splitlines() if line.startswith(f"| {rules} "))
    return [c.strip() for c in row.strip("|").split("|")]


def test_ceiling_leads_are_against_the_oracles_whole_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    # the oracle's run is longer: the lead is over its whole margin (20.0), not the shared pair's
    oracle = sim("classic", [[0, 0, 10.0], [0, 1, 30.0]])
    alone = sim("classic", [[0, 0, 25.0], [0, 1, 35.0]])
    partner = sim("classic", [[0, 0, 50.0]])
    out = printed(
        "ceiling",
        tmp_path,
        monkeypatch,
        capsys,
        oracle_classic=oracle,
        foresight_classic_deals=alone,
        foresight_classic_partner=partner,
    )
    cells = ceiling_cells(out, "classic")
    assert cells[1:3] == ["—", "+20.0"]  # no Hard run
    assert cells[3].startswith("+30.0 [") and cells[4].startswith("+10.0 [")
    assert cells[5].startswith("+50.0 [") and cells[6].startswith("+30.0 [")


def test_ceiling_leaves_out_runs_on_other_deals_and_presets_without_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    oracle = sim("online", [[0, 0, 10.0]])
    out = printed(
        "ceiling",
        tmp_path,
        monkeypatch,
        capsys,
        oracle_online=oracle,
        oracle_classic=sim("classic", [[0, 0, 10.0]]),
        foresight_online_partner=sim("online", [[0, 0, 40.0]], seed=7),
    )
    assert ceiling_cells(out, "online")[3:] == ["—"] * 4
    assert "| classic" not in out


def test_the_deeper_oracle_is_set_against_the_oracle_on_the_pairs_both_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    oracle = run("online", [[0, 0, 10.0], [0, 1, 20.0], [1, 0, 30.0], [1, 1, 400.0]])
    deep = run("online", [[0, 0, 14.0], [0, 1, 24.0], [1, 0, 34.0]])
    out = printed(
        "deeper", tmp_path, monkeypatch, capsys, oracle_online=oracle, deep_oracle_online=deep
    )
    row = next(line for line in out.splitlines() if line.startswith("| online"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:4] == ["online", "3", "+20.0", "+24.0"]
    assert cells[4] == "+4.0 [+4.0, +4.0]"
