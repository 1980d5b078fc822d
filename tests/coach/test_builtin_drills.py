"""The built-in drills: shipped in assets/ (so in wheels and the standalone program), made from
the scenario positions and kept in step with them."""

from __future__ import annotations

import json
from pathlib import Path

from spades_gui.coach.drills import THEMES, builtin_from, load_builtin, theme_of
from spades_gui.resources import asset_path

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIOS = {
    (sc := json.loads(p.read_text(encoding="utf-8")))["name"]: sc
    for p in (ROOT / "tests" / "scenarios").glob("*.json")
}


def test_the_built_in_drills_are_the_scenario_positions_as_they_stand() -> None:
    data = json.loads(asset_path("drills.json").read_text(encoding="utf-8"))
    items = data["drills"]
    assert len(items) >= 90 and len({d["name"] for d in items}) == len(items)
    for d in items:
        sc = SCENARIOS[d["name"]]  # run tools/make_drills.py after changing a scenario
        assert d["view"] == {k: v for k, v in sc.items() if k not in ("name", "why", "accept")}
        assert (d["why"], d["accept"]) == (sc["why"], sc["accept"]), d["name"]
        assert d["theme"] == theme_of(d["name"], sc["phase"]) and d["theme"] in THEMES
        assert d["values"], d["name"]  # what each choice averages, by Hard's search
    left_out = set(SCENARIOS) - {d["name"] for d in items}
    # left out: Hard's misses (a drill must not teach against its own figures) and a few more
    assert all(SCENARIOS[n]["phase"] == "pass" for n in left_out) or len(left_out) <= 7


def test_every_built_in_drill_is_a_position_with_its_answer_among_the_choices() -> None:
    drills = load_builtin()
    assert len(drills) >= 90
    for d in drills:
        assert len(d.choices) >= 2 and set(d.accept) <= set(d.choices), d.id
        assert d.right(d.best) and d.reason
    weighed = [d for d in drills if d.value(d.best) is not None]
    assert len(weighed) >= len(drills) - 3  # Hard plays a few by rule, without a search
    assert {d.theme for d in drills} == set(THEMES)


def test_a_drill_file_with_a_bad_position_is_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="built-in drill x"):
        builtin_from([{"name": "x", "view": {"rules": "classic"}}])


def test_the_packaging_takes_the_drills_along() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "BUILD_ONLY" in spec and "drills.json" not in spec  # assets/ goes in whole
    assert "graft assets" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "ASSETS.rglob" in (ROOT / "setup.py").read_text(encoding="utf-8")
