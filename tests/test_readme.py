"""The README's Layout names every file of the tree, and nothing that is not there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"__pycache__", "baseline"}  # baseline/ is named as a folder: a frozen copy


def layout() -> str:
    """The code block of the README's Layout section."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Layout", 1)[1]
    return section.split("```", 2)[1]


def named(block: str) -> set[str]:
    """The file and folder names the block mentions ("hand.py", "table/")."""
    return set(re.findall(r"[\w.-]+\.(?:py|sh|md|yml)\b|[a-z_.][\w.-]*/", block))


def tree() -> dict[str, Path]:
    """Every source file and folder the Layout must name, by the name it is known by."""
    out: dict[str, Path] = {}
    pkg = ROOT / "spades_gui"
    for path in pkg.rglob("*"):
        rel = path.relative_to(pkg)
        if SKIP & set(rel.parts[:-1]) or rel.parts[0] == "assets":
            continue
        if path.is_dir() and path.name != "__pycache__":
            out[path.name + "/"] = path
        elif path.suffix == ".py":
            out[path.name] = path
    for folder in ("tools", "docs"):
        for path in (ROOT / folder).iterdir():
            out[path.name + ("/" if path.is_dir() else "")] = path
    for folder in ("tests", "assets", "tools", "docs", "spades_gui"):
        out[folder + "/"] = ROOT / folder
    return out


def test_the_layout_names_every_file_in_the_tree() -> None:
    missing = sorted(set(tree()) - named(layout()))
    assert missing == []


def test_every_file_the_layout_names_exists() -> None:
    files = {p.name for p in ROOT.rglob("*") if ".venv" not in p.parts and ".git" not in p.parts}
    folders = {p.name + "/" for p in ROOT.rglob("*") if p.is_dir() and ".venv" not in p.parts}
    gone = sorted(n for n in named(layout()) if n not in files | folders)
    assert gone == []
