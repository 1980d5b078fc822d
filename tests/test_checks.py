"""What CI checks, as configured: mypy strict on spades_gui, the `slow` marker, the README's
test command run exactly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11 on

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_is_strict_on_the_game() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and config["files"] == ["spades_gui"]
    assert "overrides" not in config  # no module let off
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^\.venv/bin/mypy --strict$", ci, re.M)


def test_the_slow_marker_is_registered_and_strict() -> None:
    pytest_ini = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "pytest"
    ]["ini_options"]
    assert any(m.startswith("slow:") for m in pytest_ini["markers"])
    assert "--strict-markers" in pytest_ini["addopts"].split()
    assert "not slow" not in pytest_ini["addopts"]  # every test runs by default, CI's too


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.findall(r"```sh\n(.*?)\n```", readme, re.S)[1]
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
