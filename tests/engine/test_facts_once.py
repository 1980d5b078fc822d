"""The rules' small facts are written once, in the engine, and everything else asks it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import spades_gui
from spades_gui.engine.bids import BLIND, BLIND_NIL, NIL, is_blind_bid, team_contract

PACKAGE = Path(spades_gui.__file__).parent


def _sources() -> dict[str, str]:
    """Every module of the game by its path inside the package."""
    return {
        str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8")
        for p in sorted(PACKAGE.rglob("*.py"))
    }


def _defined(name_pattern: str) -> list[str]:
    """Where a function whose name matches the pattern is defined: 'module:name'."""
    out = []
    for path, text in _sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and re.fullmatch(name_pattern, node.name):
                out.append(f"{path}:{node.name}")
    return out


def test_is_blind_bid_is_defined_once_in_the_engine() -> None:
    assert _defined(r"_?is_blind(_bid)?") == [
        "engine/bids.py:is_blind",
        "engine/bids.py:is_blind_bid",
    ]


def test_no_module_spells_out_a_blind_bid_itself() -> None:
    spelled = re.compile(r"BLIND_NIL or \w+ >= BLIND|is_blind\((\w+)\) or \1 == BLIND_NIL")
    found = [p for p, text in _sources().items() if p != "engine/bids.py" and spelled.search(text)]
    assert found == []


def test_is_blind_bid_is_blind_nil_or_a_blind_number() -> None:
    assert is_blind_bid(BLIND_NIL) and is_blind_bid(BLIND + 6) and is_blind_bid(BLIND + 13)
    assert not is_blind_bid(NIL) and not is_blind_bid(0) and not is_blind_bid(13)


def test_team_contract_is_defined_once_in_the_engine() -> None:
    # the hand's method of the same name asks the function
    assert _defined(r"team_contract|contract_of|contract_bid") == [
        "engine/bids.py:team_contract",
        "engine/hand.py:team_contract",
    ]


def test_team_contract_counts_a_shared_blind_once_and_nils_as_nothing() -> None:
    cases = {
        (4, 2, 3, 5): (7, 7),
        (5, NIL, NIL, BLIND_NIL): (5, 0),
        (BLIND + 7, 3, BLIND + 7, None): (7, 3),
        (None, None, None, None): (0, 0),
        (2, -1, None, 4): (2, 3),  # a hint's negative number adds as it stands
    }
    for bids, want in cases.items():
        assert tuple(team_contract(bids, t) for t in (0, 1)) == want, bids
