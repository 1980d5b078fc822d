"""The lab stands outside the game: it uses only the game's public names, and the game never
imports it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(path: Path) -> list[str]:
    """The private names (`_x`) of spades_gui that a file imports or reads off a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: set[str] = set()  # names imported from spades_gui (modules among them)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("spades_gui"):
            for a in node.names:
                if _private(a.name) or any(_private(p) for p in (node.module or "").split(".")):
                    out.append(f"{path.name}:{node.lineno} {node.module}.{a.name}")
                bound.add(a.asname or a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("spades_gui") and any(_private(p) for p in a.name.split(".")):
                    out.append(f"{path.name}:{node.lineno} {a.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and _private(node.attr)
        ):
            out.append(f"{path.name}:{node.lineno} {node.value.id}.{node.attr}")
    return out


def test_no_lab_module_uses_a_private_name_of_the_game() -> None:
    files = sorted((ROOT / "lab").rglob("*.py"))
    assert len(files) > 15
    assert [u for f in files for u in private_uses(f)] == []


def test_the_check_finds_a_private_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from spades_gui.ai.hard import HardPolicy, _rep_index\n"
        "from spades_gui.ai import medium\n"
        "x = medium._secret\n",
        encoding="utf-8",
    )
    assert private_uses(bad) == [
        "bad.py:1 spades_gui.ai.hard._rep_index",
        "bad.py:3 medium._secret",
    ]


def test_the_game_never_imports_the_lab() -> None:
    for path in sorted((ROOT / "spades_gui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            assert not [n for n in names if n == "lab" or n.startswith("lab.")], path
