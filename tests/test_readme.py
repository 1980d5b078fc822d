"""The README: under 300 lines, its quick start's two commands, a Layout that names every file
of the tree and nothing that is not there, and the few screenshots it shows."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
QUICK_START = (
    "python3 -m venv .venv && .venv/bin/python -m pip install -e . && .venv/bin/spades",
    'python3 -m venv .venv && .venv/bin/python -m pip install -e ".[test]" && .venv/bin/python -m'
    " pytest",
)


def layout() -> str:
    """The code block of the README's Layout section."""
    section = README.read_text(encoding="utf-8").split("## Layout", 1)[1]
    return section.split("```", 2)[1]


def named(block: str) -> set[str]:
    """The file and folder names the block mentions ("hand.py", "table/")."""
    return set(re.findall(r"[\w.-]+\.(?:py|sh|md|yml)\b|[a-z_.][\w.-]*/", block))


def tree() -> dict[str, Path]:
    """Every source file and folder the Layout must name, by the name it is known by."""
    out: dict[str, Path] = {}
    for top in ("spades_gui", "lab"):
        pkg = ROOT / top
        for path in pkg.rglob("*"):
            rel = path.relative_to(pkg)
            if "__pycache__" in rel.parts or rel.parts[0] == "assets":
                continue
            if path.is_dir():
                out[path.name + "/"] = path
            elif path.suffix in (".py", ".sh"):
                out[path.name] = path
    for folder in ("tools", "docs"):
        for path in (ROOT / folder).iterdir():
            if path.name != "__pycache__":
                out[path.name + ("/" if path.is_dir() else "")] = path
    for folder in ("tests", "assets", "tools", "docs", "spades_gui", "lab"):
        out[folder + "/"] = ROOT / folder
    return out


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) < 300


def test_the_quick_start_keeps_its_two_commands() -> None:
    section = README.read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ")[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", section, re.S)
    assert blocks == list(QUICK_START)


def test_the_layout_names_every_file_in_the_tree() -> None:
    missing = sorted(set(tree()) - named(layout()))
    assert missing == []


def test_every_file_the_layout_names_exists() -> None:
    skip = {".venv", ".git", "__pycache__"}
    paths = [p for p in ROOT.rglob("*") if not skip & set(p.relative_to(ROOT).parts)]
    files = {p.name for p in paths}
    folders = {p.name + "/" for p in paths if p.is_dir()}
    gone = sorted(n for n in named(layout()) if n not in files | folders)
    assert gone == []


def test_the_screenshots_it_shows_are_there_and_small() -> None:
    """docs/screenshots/ keeps the README's few (tools/screenshots.py makes the rest on demand),
    under 6 MB in all."""
    text = README.read_text(encoding="utf-8")
    shown = set(re.findall(r"\(docs/screenshots/([\w.-]+\.png)\)", text))
    folder = ROOT / "docs" / "screenshots"
    kept = {p.name for p in folder.glob("*.png")}
    assert shown and shown <= kept
    assert sum(p.stat().st_size for p in folder.iterdir()) < 6 * 1024 * 1024


def test_the_docs_it_links_exist() -> None:
    text = README.read_text(encoding="utf-8")
    for link in re.findall(r"\]\((docs/[\w./-]+)\)", text):
        assert (ROOT / link).exists(), link
