"""The golden traces (tests/golden.py): every preset's games through the controller emit and save
exactly what they did when the traces were written."""

from __future__ import annotations

import pytest

from tests import golden


def test_every_preset_mode_and_seed_and_every_mix_has_a_trace() -> None:
    kept = sorted(p.name.removesuffix(".txt.gz") for p in golden.DATA.glob("*.txt.gz"))
    assert kept == sorted(golden.cases())
    assert len(kept) == 7 * 2 * 3 + len(golden.MIXES) * 3


@pytest.mark.parametrize("name", golden.cases())
def test_a_game_emits_and_saves_what_its_trace_kept(name: str) -> None:
    problem = golden.difference(name, golden.play(name))
    assert not problem, f"{name}: {problem}\n(if meant: python tools/golden_traces.py {name})"


def test_the_traces_use_the_players_tools() -> None:
    lines = [line for name in golden.cases() if "human" in name for line in golden.read(name)]
    seen = ("Rewound(", "HintReady(", "Claimed(", "CardsShown(", "> blind", "> ask", "save ")
    events = ("Asked(", "Answered(", "Discarded(", "RaiseProposed(", "MisdealCalled(")
    for what in seen + events:
        assert any(line.startswith(what) for line in lines), what
