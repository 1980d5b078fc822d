"""The game's modules import one another without a loop: the import graph is read from the
source with `ast` (imports at module level and inside functions both count, those under
`if TYPE_CHECKING:` do not) and must have no cycle but the known ones listed here. No module
is over 700 lines; what crosses the table's edge names its types."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A loop that cannot be broken yet, with the reason; each must still be a loop (see below).
KNOWN: dict[frozenset[str], str] = {}


def module_name(root: Path, path: Path) -> str:
    """`spades_gui.ui.menu` for spades_gui/ui/menu.py, `spades_gui.ui` for its __init__.py."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(node: ast.AST) -> Iterator[ast.AST]:
    """Every statement below a node, leaving out the body of an `if TYPE_CHECKING:`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                yield other
                yield from _statements(other)
            continue
        yield child
        yield from _statements(child)


def imports_of(name: str, path: Path, modules: set[str]) -> set[str]:
    """The package's modules that this module imports (a name imported from a package counts
    as its submodule when there is one, else as the package's __init__), with the packages they
    are in."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                found.add(full if full in modules else source)
    # Importing a.b.c runs a/__init__ and a/b/__init__ first: a package the importer is not
    # inside is imported with it.
    for target in list(found):
        parts = target.split(".")
        for n in range(1, len(parts)):
            parent = ".".join(parts[:n])
            if not (name == parent or name.startswith(parent + ".")):
                found.add(parent)
    return {m for m in found if m in modules and m != name}


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of a package (a folder of .py files) and the package's modules it imports."""
    paths = {module_name(package.parent, p): p for p in package.rglob("*.py")}
    return {name: imports_of(name, path, set(paths)) for name, path in paths.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = {stack.pop()}
            while v not in group:
                group.add(stack.pop())
            if len(group) > 1:
                found.append(frozenset(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_check_finds_a_loop(tmp_path: Path) -> None:
    """A loop through a function-level import and a package's __init__ is found; one closed
    only under TYPE_CHECKING is not."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from .b import B\n")
    (pkg / "a.py").write_text("def f():\n    from .sub import B\n")
    (pkg / "sub" / "b.py").write_text("from .. import a\nB = 1\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import d\n"
    )
    (pkg / "d.py").write_text("from . import c\n")
    assert cycles(import_graph(pkg)) == [frozenset({"pkg.a", "pkg.sub", "pkg.sub.b"})]


def test_the_game_has_no_import_loop() -> None:
    found = cycles(import_graph(ROOT / "spades_gui"))
    unknown = [sorted(c) for c in found if c not in KNOWN]
    assert unknown == []


def test_every_known_loop_is_still_there() -> None:
    """A known loop that is broken comes off the list."""
    found = cycles(import_graph(ROOT / "spades_gui"))
    assert [sorted(c) for c in KNOWN if c not in found] == []


MOST_LINES = 700
# Modules still longer, each split by a change of its own.
LONG: dict[str, str] = {}


def test_no_module_is_over_700_lines() -> None:
    long = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "spades_gui").rglob("*.py")
        if len(p.read_text(encoding="utf-8").splitlines()) > MOST_LINES
    }
    assert sorted(long - set(LONG)) == []
    assert sorted(set(LONG) - long) == []  # one split comes off the list


TYPED_EDGE = (
    "spades_gui/controller/intents.py",
    "spades_gui/controller/events.py",
    "spades_gui/ai/decision.py",
)


@pytest.mark.parametrize("path", TYPED_EDGE)
def test_what_crosses_the_table_edge_is_typed(path: str) -> None:
    """The intents, the events and a level's Decision name their types: no `Any` in them."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert "Any" not in names
