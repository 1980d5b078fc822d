"""Golden traces: whole games through the controller, headless and seeded, written down as every
event's repr and a hash of every save, so that a change meant to move nothing can show it did not.

For each preset and seed, two games: four computer players, and the player's seat answered at
random (legally) with practice undo, hints, cards shown and claims at seeded points; and the
player's game again under mixes of document 001's variations (questions to partner, whom an
agreeing partner answers; Double Nil and its exchange, no trump, blind bids, the cards left over,
the second round of bids, misdeals), which no preset has. The game
clock is a constant (0.0): the saves carry the clock's seconds (`elapsed`), which a real clock
would make differ from run to run; every other value in the traces is fixed by the seeds.

`python tools/golden_traces.py` writes them again (tests/data/golden_traces/), when a change is
meant to change them.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from spades_gui.ai.simple import EasyPolicy
from spades_gui.ai.view import SeatView
from spades_gui.controller import Controller, Event, GameOver, HintReady, Notice
from spades_gui.controller.decisions import HINTED
from spades_gui.controller.events import ClaimOffer
from spades_gui.controller.intents import AskPartner, Bid, Claim, Hint, ShowCards, Undo
from spades_gui.engine import NIL, PRESETS, Game, Rules, preset_rules
from spades_gui.engine.actions import (
    BidRequest,
    BlindRequest,
    Question,
)
from tests.players import answer_at_random

DATA = Path(__file__).parent / "data" / "golden_traces"
SEEDS = (1, 2, 3)
MODES = ("ai", "human")
AI_SEATS = ("easy", "medium", "easy", "medium")
HUMAN_LEVELS = ("medium", "easy", "medium")

# How often the player's seat reaches for each tool, when it may.
UNDO_P = 0.06
HINT_P = 0.08
CLAIM_P = 0.25  # asked on a turn to play without an offer (refused but once in a while)
BLIND_P = 0.5  # a blind bid rather than turning the cards over
ASK_P = 0.5  # a question for partner, where one may be asked
HINT_LEVELS = ("easy", "medium", "hard")

# Document 001's variations over a preset, each mix a name (the player's game only).
MIXES: dict[str, tuple[str, dict[str, Any]]] = {
    "doublenil": (
        "classic",
        {
            "double_nil_bid": True,
            "double_nil_deficit": 0,
            "double_nil_exchange": True,
            "double_nil_blind": True,
        },
    ),
    "notrump": (
        "classic",
        {
            "no_trump": True,
            "no_trump_blind": True,
            "no_trump_blind_deficit": 0,
            "blind_bids": ["blind6", "blind7plus"],
        },
    ),
    "blindbids": (
        "tournament",
        {
            "blind_bids": ["blind6", "blind7plus"],
            "blind_nil_exchange": "optional",
            "blind_nil_pass": 1,
            "blind_nil_ask_suit": True,
        },
    ),
    "leftover": ("classic", {"jokers": True, "jokers_replace": "", "leftover_to": "two_clubs"}),
    "discardafter": (
        "classic",
        {"jokers": True, "jokers_replace": "", "high_twos": "S", "leftover_discard": "after"},
    ),
    "raise": ("pagat", {"raise_round": True, "bemo": ["little", "big"], "nil_exchange": True}),
    "misdeal": (
        "classic",
        {
            "misdeal": ["no_face_cards", "no_spades", "few_spades", "long_suit"],
            "special_card": "cut",
        },
    ),
}


class AgreeingPartner(EasyPolicy):
    """An Easy partner that agrees to every question, so the questions lead somewhere."""

    def answer(self, view: SeatView, stop: object = None) -> bool:
        """Yes."""
        return True


def cases() -> list[str]:
    """Every case's name: preset (or mix), mode and seed."""
    presets = [f"{p}-{m}-{s}" for p in sorted(PRESETS) for m in MODES for s in SEEDS]
    return presets + [f"{x}-human-{s}" for x in sorted(MIXES) for s in SEEDS]


def rules_of(name: str) -> Rules:
    """A preset's rules, or a mix's."""
    if name in PRESETS:
        return preset_rules(name)
    preset, options = MIXES[name]
    return preset_rules(preset).with_options(**options)


def save_hash(record: dict[str, Any]) -> str:
    """A short hash of a saved record, as the save writes its JSON."""
    text = json.dumps(record, indent=1, ensure_ascii=False, allow_nan=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _no_clock() -> float:
    return 0.0


class Trace:
    """What a game showed: each event's line and each save's hash, in order."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def events(self, events: list[Event]) -> list[Event]:
        """Events written down; the events back."""
        self.lines += [repr(e) for e in events]
        return events

    def save(self, record: dict[str, Any]) -> None:
        """A save written down by its hash."""
        self.lines.append("save " + save_hash(record))

    def note(self, text: str) -> None:
        """What the player did."""
        self.lines.append("> " + text)


def _controller(preset: str, mode: str, seed: int, save: Callable[[dict[str, Any]], None]) -> Any:
    seats: tuple[str | None, ...] = AI_SEATS if mode == "ai" else (None, *HUMAN_LEVELS)
    partner = {2: AgreeingPartner(seed)} if preset in MIXES else None
    return Controller(
        Game(rules_of(preset)),
        seats,
        seed=seed,
        executor="inline",
        save_fn=save,
        clock=_no_clock,
        practice=mode == "human",
        game_id=f"golden-{preset}-{mode}-{seed}",
        keep_hands=False,
        policies=partner,
    )


def _settled(ctl: Controller, trace: Trace) -> list[Event]:
    """Pump until the player is asked something or the game is over; the events."""
    got: list[Event] = []
    for _ in range(10_000):
        got += trace.events(ctl.pump())
        if ctl.game.over and any(isinstance(e, GameOver) for e in got):
            return got
        req = ctl.request
        if req is not None and req.human and not ctl.pending() and not ctl.control_pending():
            return got
    raise AssertionError("the controller never settled")


def play(name: str) -> list[str]:
    """One case played through: its trace."""
    preset, mode, seed_text = name.split("-")
    seed = int(seed_text)
    trace = Trace()
    ctl = _controller(preset, mode, seed, trace.save)
    rng = random.Random(f"{name}-player")
    try:
        if mode == "ai":
            while not ctl.game.over:
                trace.events(ctl.pump(limit=1))
            trace.events(ctl.pump())
            return trace.lines
        events = _settled(ctl, trace)
        while not ctl.game.over:
            req = ctl.request
            assert req is not None and req.human
            offered = any(isinstance(e, ClaimOffer) for e in events)
            if ctl.can_undo() and rng.random() < UNDO_P:
                trace.note("undo")
                ctl.send(Undo())
            elif isinstance(req.ask, HINTED) and not ctl.hidden and rng.random() < HINT_P:
                level = rng.choice(HINT_LEVELS)
                trace.note(f"hint {level}")
                ctl.send(Hint(level))
                events = _settled(ctl, trace)
                assert any(isinstance(e, (HintReady, Notice)) for e in events)
                _answer(ctl, rng)
            elif _asks(req.ask) and rng.random() < ASK_P:
                what = rng.choice(_asks(req.ask))
                trace.note(f"ask {what}")
                ctl.send(AskPartner(what))
            elif req.kind == "play" and (offered or rng.random() < CLAIM_P / 5):
                trace.note("claim")
                ctl.send(Claim())
            elif req.kind == "blind" and rng.random() < BLIND_P and req.ask.options:
                bid = rng.choice(list(req.ask.options))
                trace.note(f"blind {bid}")
                ctl.send(Bid(bid))
            elif req.kind == "blind":
                trace.note("show")
                ctl.send(ShowCards())
            else:
                _answer(ctl, rng)
            events = _settled(ctl, trace)
        return trace.lines
    finally:
        ctl.close(save=False)


def _answer(ctl: Controller, rng: random.Random) -> None:
    """The random player's answer; a Double Nil bid when partner agreed to one, and no no trump
    of 13, which would leave partner no legal bid at all (a dead end of the engine's bidding,
    found by these games)."""
    ask = ctl.request.ask if ctl.request is not None else None
    if isinstance(ask, BidRequest) and ask.agreed == "double_nil":
        ctl.send(Bid(NIL))
    elif isinstance(ask, BidRequest) and ask.agreed == "no_trump":
        ctl.send(Bid(rng.choice([b for b in ask.bids if b != 13])))
    else:
        answer_at_random(ctl, rng)


def _asks(ask: object) -> tuple[Question, ...]:
    """The questions the player may put to partner with this request."""
    return ask.asks if isinstance(ask, (BidRequest, BlindRequest)) else ()


def path_of(name: str) -> Path:
    """The file a case's trace is kept in: its lines, gzipped (a game's are some 100 KB)."""
    return DATA / f"{name}.txt.gz"


def read(name: str) -> list[str]:
    """A case's trace as kept."""
    return gzip.decompress(path_of(name).read_bytes()).decode("utf-8").splitlines()


def write(names: list[str]) -> None:
    """Play the cases and write their traces (the same bytes for the same trace)."""
    DATA.mkdir(parents=True, exist_ok=True)
    for name in names:
        text = "\n".join(play(name)) + "\n"
        path_of(name).write_bytes(gzip.compress(text.encode("utf-8"), 9, mtime=0))


def difference(name: str, lines: list[str]) -> str:
    """Where a trace differs from the one kept ("" if nowhere): the first line that does."""
    if not path_of(name).is_file():
        return "no trace kept: python tools/golden_traces.py writes it"
    kept = read(name)
    for i, (a, b) in enumerate(zip(kept, lines)):
        if a != b:
            return f"line {i + 1} was\n  {a}\nnow\n  {b}"
    if len(kept) != len(lines):
        return f"{len(kept)} lines were kept, {len(lines)} now"
    return ""
