"""The table's flow (controller/flow.py) alone: built without a controller, it plays a game by
its moves, each returning events and save points, and it touches no thread, queue, worker or
coach, by its imports (read from the source) and by what it does."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from spades_gui.controller.clock import GameClock
from spades_gui.controller.events import Event, GameOver, HandDealt, Illegal, Rewound, Turn
from spades_gui.controller.flow import Out, SavePoint, TableFlow
from spades_gui.controller.intents import Bid, Play, ShowCards, Undo
from spades_gui.engine import Game, preset_rules
from spades_gui.engine.actions import BidRequest, BlindRequest
from spades_gui.engine.record import load

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spades_gui"
# What the flow may not reach, directly or through the modules it imports.
BANNED_STDLIB = {"threading", "queue", "concurrent", "multiprocessing", "asyncio", "_thread"}
BANNED_OURS = (
    "spades_gui.coach",
    "spades_gui.controller.worker",
    "spades_gui.controller.seats",
    "spades_gui.controller.coach_jobs",
    "spades_gui.controller.keeper",
    "spades_gui.controller.core",
)
# The packages the flow lies in: importing it runs their __init__, which is not its doing.
AROUND = {"spades_gui", "spades_gui.controller"}


def _path(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for p in (base.with_suffix(".py"), base / "__init__.py"):
        if p.is_file():
            return p
    return None


def _imports(module: str) -> set[str]:
    """The modules a module of ours imports (not those only for type checking)."""
    path = _path(module)
    assert path is not None, module
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            found.add(source)
            found.update(f"{source}.{a.name}" for a in node.names if _path(f"{source}.{a.name}"))
    parents = {".".join(m.split(".")[:n]) for m in found for n in range(1, m.count(".") + 1)}
    return found | parents


def reach(start: str) -> set[str]:
    """Every module a module imports, following ours, but not the packages around `start`."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        module = todo.pop()
        for name in _imports(module):
            if name in seen or name in AROUND:
                continue
            seen.add(name)
            if name.split(".")[0] == "spades_gui":
                todo.append(name)
    return seen


def test_the_flow_imports_no_thread_queue_worker_or_coach() -> None:
    reached = reach("spades_gui.controller.flow")
    assert "spades_gui.engine.hand" in reached and "spades_gui.controller.decisions" in reached
    stdlib = {m for m in reached if m.split(".")[0] in BANNED_STDLIB}
    ours = {m for m in reached if m.startswith(BANNED_OURS)}
    assert not stdlib and not ours, (stdlib, ours)


def test_the_import_reader_sees_a_thread_where_there_is_one() -> None:
    assert "threading" in reach("spades_gui.controller.seats")
    assert "spades_gui.controller.worker" in reach("spades_gui.controller.seats")


def _flow(
    seats: tuple[str | None, ...],
    preset: str = "classic",
    practice: bool = False,
    saving: bool = True,
) -> TableFlow:
    game = Game(preset_rules(preset))
    names = ("S", "W", "N", "E")
    clock = GameClock(lambda: 0.0)
    return TableFlow(
        game,
        seats,
        names,
        5,
        "test",
        clock=clock,
        claim_line=_no_claim,
        practice=practice,
        saving=saving,
    )


def _no_claim(hand: object, seat: int) -> None:
    return None


def _events(out: list[Out]) -> list[Event]:
    return [e for e in out if not isinstance(e, SavePoint)]


def test_a_game_played_by_its_moves_alone_starts_no_thread() -> None:
    threads = threading.active_count()
    flow = _flow(("easy",) * 4)
    out = flow.advance()
    assert isinstance(_events(out)[0], HandDealt) and isinstance(out[-1], Turn)
    saves = [p for p in out if isinstance(p, SavePoint)]
    for _ in range(5000):
        req = flow.request
        if req is None:
            break
        assert not req.human
        # every computer seat fails: the flow makes a legal move for it
        got = flow.fallback(req.id, RuntimeError("no answer"))
        assert got and flow.request is not req
        assert flow.answer(req.id, None) == []  # an answer to a question no longer asked
        saves += [p for p in got if isinstance(p, SavePoint)]
        out += got
    assert flow.game.over and isinstance(_events(out)[-1], GameOver)
    assert threading.active_count() == threads
    assert len(saves) > 52
    for point in saves[::25] + saves[-1:]:
        load(point.record)  # each save point holds a whole record


def test_the_players_intents_are_checked_applied_and_undone() -> None:
    flow = _flow((None, "easy", "easy", "easy"), "pagat", practice=True, saving=False)
    out = flow.advance()
    while flow.request is not None and not flow.request.human:
        out = flow.fallback(flow.request.id, RuntimeError("no answer"))
    assert not any(isinstance(p, SavePoint) for p in out)  # nobody keeps the saves
    req = flow.request
    assert req is not None and req.human
    refused = flow.player(Play(0))
    assert [type(e) for e in refused] == [Illegal] and flow.request is req
    if isinstance(req.ask, BlindRequest):
        flow.player(ShowCards())
        req = flow.request
    assert req is not None and isinstance(req.ask, BidRequest)
    bid = max(b for b in req.ask.bids if b > 0)
    flow.player(Bid(bid))
    assert flow.game.hand is not None and flow.game.hand.bids[0] == bid
    assert flow.can_undo()
    undone = _events(flow.undo(Undo()))
    assert isinstance(undone[0], Rewound) and flow.undos == 1
    assert flow.game.hand.bids[0] is None and flow.practice_hands == {1}
