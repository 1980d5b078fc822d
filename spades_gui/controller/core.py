"""The game controller: the one thing that advances a game, driven by a queue of messages.

Messages in: the UI's intents (controller/intents.py), the seats' answers from their worker,
the coach's answers from its. Events out (controller/events.py). Each message type has one
handler, in one dispatch table; each kind of decision one row in controller/decisions.py.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import random
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypedDict, cast

from ..ai import Policy
from ..coach.claim_playout import claim_plays
from ..coach.record_files import export_game, export_hand
from ..engine import Game, Rules
from ..engine.actions import PlayRequest
from ..engine.game import DEFAULT_NAMES
from ..engine.record import JsonObject, JsonValue, load
from .clock import GameClock
from .coach_jobs import CoachAnswer, CoachJobs
from .decisions import Request
from .events import Event, Exported, HandScored, Illegal
from .flow import PLAYER_INTENTS, Out, SavePoint, TableFlow
from .intents import (
    Analyse,
    ExportGame,
    ExportHand,
    Hint,
    Intent,
    KeepHand,
    KeepHands,
    PlayDeal,
    RunClock,
    SetPractice,
    SetWake,
    StopAnalysis,
    Undo,
)
from .keeper import HandKeeper
from .seats import ComputerSeats, SeatAnswer
from .undo import KEPT_BY_UNDO
from .worker import Worker, WorkerMode

SaveFn = Callable[[JsonObject], None]

# What the table's queues carry: the player's intents, the seats' and the coach's answers.
Message = Intent | SeatAnswer | CoachAnswer

if TYPE_CHECKING:
    from typing_extensions import Never, Unpack

log = logging.getLogger(__name__)


def _record_id(record: JsonObject) -> str:
    """A saved game's id when its record has none (saved before ids were): the same on every
    load, from what its game began with."""
    table = record.get("table")
    meta: JsonObject = table if isinstance(table, dict) else {}
    hands = record.get("hands")
    first = hands[0] if isinstance(hands, list) and hands and isinstance(hands[0], dict) else {}
    deal = {"dealer": first.get("dealer"), "deal": first.get("deal")}
    start = {"rules": record.get("rules"), "seed": meta.get("seed"), "first": deal}
    text = json.dumps(start, sort_keys=True, default=str)
    return "record-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def _texts(value: JsonValue) -> tuple[str | None, ...] | None:
    """A saved list of names or levels (None for an empty seat), or None if it is not one."""
    if not isinstance(value, list) or not value:
        return None
    if not all(v is None or isinstance(v, str) for v in value):
        return None
    return tuple(v if isinstance(v, str) else None for v in value)


class TableOptions(TypedDict, total=False):
    """A table's settings beside its game, seats, names and seed: `Controller`'s keywords."""

    save_fn: SaveFn | None
    executor: WorkerMode
    auto_continue: bool | None
    ai_timeout_s: float
    clock: Callable[[], float]
    wake: Callable[[], None] | None
    policies: dict[int, Policy] | None
    shown: bool
    practice: bool
    coach_level: str
    coach_think_ms: int | None
    undos: int
    practice_hands: Iterable[int]
    game_id: str | None
    keep_hands: bool | None


class Controller:
    """Owns the table; asks seats for decisions; applies them; reports events to the UI.

    A router over parts with their own state: the table's flow (flow.py: the game, the
    request, what is hidden; its moves return events), the computer seats (seats.py: their
    policies and workers), the coach's jobs (coach_jobs.py, with the hands kept: keeper.py)
    and the game clock (clock.py). Here are its construction, its public face and the pump.

    Everything that changes state arrives as a message (the UI's intents, the seats' and the
    coach's answers) and is handled on the thread that calls `pump()`: the game's messages
    on one queue, the coach's answers and the immediate intents on a second one that every
    pump empties first, so that they never wait for the table's animations.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[str | None] = (None, "easy", "easy", "easy"),
        names: Sequence[str] = DEFAULT_NAMES,
        seed: int | None = None,
        *,
        save_fn: SaveFn | None = None,
        executor: WorkerMode = "thread",
        auto_continue: bool | None = None,
        ai_timeout_s: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        wake: Callable[[], None] | None = None,
        policies: dict[int, Policy] | None = None,
        shown: bool = False,
        practice: bool = False,
        coach_level: str = "hard",
        coach_think_ms: int | None = None,
        undos: int = 0,
        practice_hands: Iterable[int] = (),
        game_id: str | None = None,
        keep_hands: bool | None = None,
    ) -> None:
        if len(seats) != 4 or len(names) != 4:
            raise ValueError("seats and names need four entries, seat 0 first")
        if executor not in ("inline", "thread", "process"):
            raise ValueError(f"unknown executor {executor!r}")
        seed = random.randrange(1 << 31) if seed is None else int(seed)
        self.save_fn = save_fn
        self._wake = wake  # nudges the frame loop when a worker answers
        self._mode: WorkerMode = executor
        self._inbox: queue.SimpleQueue[Message] = queue.SimpleQueue()  # the game's messages
        self._control: queue.SimpleQueue[Message] = queue.SimpleQueue()  # coach, immediate intents
        self._out: deque[Event] = deque()
        self._urgent = False
        self._started = False
        self._closed = False
        self.clock = GameClock(clock, game.elapsed_s)
        self.flow = TableFlow(
            game,
            seats,
            names,
            seed,
            game_id or uuid.uuid4().hex,
            clock=self.clock,
            claim_line=claim_plays,
            auto_continue=auto_continue,
            practice=practice,
            undos=undos,
            practice_hands=practice_hands,
            shown=shown,
            saving=save_fn is not None,
        )
        self.computers = ComputerSeats(
            seats,
            seed,
            executor,
            post=self._inbox.put,
            wake=self._wake_ui,
            now=clock,
            timeout_s=ai_timeout_s,
            policies=policies,
        )
        keep = 0 in self.flow.human and (
            executor == "process" if keep_hands is None else keep_hands
        )
        self.coach_jobs = CoachJobs(
            self.flow,
            executor,
            post=self._control.put,
            emit=self._out.append,
            wake=self._wake_ui,
            deal_table=type(self).from_record,
            level=coach_level,
            think_ms=coach_think_ms,
            keep=keep,
        )
        # One handler a message type: the seats' answers, the coach's, the player's moves
        # at the table (the flow's), the coach's questions, the table's settings and files.
        coach = self.coach_jobs
        self._handlers: dict[type, Callable[[Never], None]] = {
            SeatAnswer: self._on_seat_answer,
            CoachAnswer: coach.on_answer,
            **{kind: self._on_player for kind in PLAYER_INTENTS},
            Undo: self._on_undo,
            Hint: coach.on_hint,
            Analyse: coach.on_analyse,
            StopAnalysis: coach.on_stop_analysis,
            PlayDeal: coach.on_play_deal,
            SetPractice: self._on_practice,
            SetWake: self._on_wake,
            RunClock: self._on_clock,
            KeepHands: self._on_keep_hands,
            KeepHand: self._on_keep_hand,
            ExportGame: self._on_export_game,
            ExportHand: self._on_export_hand,
        }

    # ----- construction --------------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        rules: Rules,
        levels: Sequence[str | None] = ("easy", "easy", "easy"),
        names: Sequence[str] = DEFAULT_NAMES,
        seed: int | None = None,
        **kwargs: Unpack[TableOptions],
    ) -> Controller:
        """A fresh game: seat 0 human and three AI levels, or four levels for an AI-only game."""
        seats: tuple[str | None, ...] = (None, *levels) if len(levels) == 3 else tuple(levels)
        return cls(Game(rules), seats, names, seed, **kwargs)

    @classmethod
    def from_record(
        cls,
        record: JsonObject,
        *,
        seats: Sequence[str | None] | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        **kwargs: Unpack[TableOptions],
    ) -> Controller:
        """Resume the game of a saved record at its exact position (RecordError if bad)."""
        game = load(record)
        table = record.get("table")
        meta: JsonObject = table if isinstance(table, dict) else {}
        elapsed = meta.get("elapsed")
        if isinstance(elapsed, (int, float)):
            game.elapsed_s = max(game.elapsed_s, float(elapsed))
        seats = seats or _texts(meta.get("seats")) or (None, "easy", "easy", "easy")
        names = names or [n for n in _texts(meta.get("names")) or () if n is not None]
        names = names or DEFAULT_NAMES
        if seed is None:
            saved = meta.get("seed")
            seed = saved if isinstance(saved, int) else None
        kwargs.setdefault("shown", bool(meta.get("shown", False)))
        game_id = meta.get("id")
        if not (isinstance(game_id, str) and game_id):
            game_id = _record_id(record)
        kwargs.setdefault("game_id", game_id)
        undos = meta.get("undos", 0)
        if isinstance(undos, int) and not isinstance(undos, bool) and undos > 0:
            kwargs.setdefault("undos", undos)
            saved_hands = meta.get("practice_hands")
            hands: Iterable[JsonValue] = (
                saved_hands
                if isinstance(saved_hands, list) and all(type(n) is int for n in saved_hands)
                else range(1, len(game.hands) + 1)  # an older record: every hand so far
            )
            played = [n for n in hands if isinstance(n, int) and 1 <= n <= len(game.hands)]
            kwargs.setdefault("practice_hands", played)
        return cls(game, tuple(seats), tuple(names), seed, **kwargs)

    # ----- what the UI reads ---------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game."""
        return self.flow.game

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.flow.game.rules

    @property
    def request(self) -> Request | None:
        """The decision the game waits for."""
        return self.flow.request

    @property
    def hidden(self) -> bool:
        """Whether the player's cards are face down (a blind bid may still be made)."""
        return self.flow.hidden

    @property
    def seats(self) -> tuple[str | None, ...]:
        """Each seat's level, None for a player's."""
        return self.flow.seats

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name."""
        return self.flow.names

    @property
    def seed(self) -> int:
        """The seed of the deals and the seats' choices."""
        return self.flow.seed

    @property
    def game_id(self) -> str:
        """One name for the game across saves and restarts: the statistics count a hand once."""
        return self.flow.game_id

    @property
    def human(self) -> frozenset[int]:
        """The players' seats."""
        return self.flow.human

    @property
    def auto_continue(self) -> bool:
        """Whether the next hand is dealt without the player's word."""
        return self.flow.auto_continue

    @property
    def undos(self) -> int:
        """How many decisions were undone in this game."""
        return self.flow.undos

    @property
    def practice_hands(self) -> frozenset[int]:
        """The hands (numbered from 1) in which something was undone."""
        return frozenset(self.flow.practice_hands)

    @property
    def policies(self) -> dict[int, Policy]:
        """The computer seats' policies."""
        return self.computers.policies

    @property
    def keeper(self) -> HandKeeper:
        """The player's finished hands kept and weighed (to read: KeepHands, KeepHand change it)."""
        return self.coach_jobs.keeper

    @property
    def coach_level(self) -> str:
        """The level hints come from unless a hint names one."""
        return self.coach_jobs.coach_level

    @property
    def coach_think_ms(self) -> int | None:
        """The coach's thinking time per decision."""
        return self.coach_jobs.coach_think_ms

    @property
    def thinking(self) -> int | None:
        """The AI seat being asked right now, if any."""
        r = self.request
        return r.seat if r is not None and not r.human else None

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._closed

    @property
    def executor(self) -> WorkerMode:
        """How seat decisions and coach jobs run: "process", "thread" or "inline"."""
        return self._mode

    @property
    def practice(self) -> bool:
        """Whether practice mode is on (SetPractice turns it on or off)."""
        return self.flow.practice

    def human_turn(self, kind: str | None = None) -> bool:
        """Whether a human seat must act now (of this kind, if given)."""
        r = self.request
        return r is not None and r.human and (kind is None or r.kind == kind)

    @property
    def used_practice(self) -> bool:
        """Whether this game counts as practice: practice mode is on, or an action was undone."""
        return self.flow.practice or self.flow.undos > 0

    def can_undo(self) -> bool:
        """Whether undo would take something back now (practice mode, a decision this hand)."""
        return self.flow.can_undo()

    def elapsed(self) -> float:
        """Seconds of play so far (the game clock fed to the rules' time limit)."""
        return self.clock.elapsed()

    def record(self) -> JsonObject:
        """The game record now, with the table's seats, names and seed beside it."""
        return self.flow.record()

    def coach(self) -> Worker:
        """The worker for hints, claim checks and hand reviews (started on first use)."""
        return self.coach_jobs.coach()

    def handles(self, message: type) -> bool:
        """Whether a type of message (an intent, a worker's answer) has a handler."""
        return message in self._handlers

    # ----- messages in, events out ---------------------------------------------------------

    def send(self, intent: Intent) -> None:
        """Queue one of the UI's intents (any thread); TypeError for anything else."""
        if not isinstance(intent, Intent):
            raise TypeError(f"{intent!r} is not an intent: send one of controller.intents")
        if intent.immediate:
            self._control.put(intent)
            return
        if intent.urgent:
            self._urgent = True
        self._inbox.put(intent)

    def close(self, save: bool = True) -> None:
        """Stop: cancel any AI thinking, save the position, release the workers."""
        if self._closed:
            return
        if save:
            self._save(self.flow.record())
        self.clock.stop()
        self._closed = True
        self.computers.close()
        self.coach_jobs.close()

    def pump(self, limit: int | None = None, block: float = 0.0) -> list[Event]:
        """Handle queued messages and return up to `limit` new events (all if None).

        The coach's answers and the immediate intents are handled first, whatever the limit;
        `block` waits that long for a message when none is queued (headless loops).
        """
        if self._closed:
            return self._take(limit)
        self.pump_control()
        if not self._started:
            self._started = True
            self.clock.resume()
            self._move(self.flow.advance)
        seats = self.computers
        seats.submit_pending()
        seats.check_timeout()
        self.keeper.tick(self.thinking is not None)
        while limit is None or len(self._out) < limit or self._urgent:
            seats.submit_pending()
            try:
                msg = self._inbox.get(timeout=block) if block and not self._out else None
                if msg is None:
                    msg = self._inbox.get_nowait()
            except queue.Empty:
                self._urgent = False
                break
            self._handle(msg)
            if self._closed:
                break
        return self._take(limit)

    def pump_control(self) -> None:
        """Handle the coach's answers and the immediate intents queued so far, and nothing of
        the game (one hop: an answer an inline worker gives while its job is handled waits
        for the next call); their events wait for pump() or take()."""
        for _ in range(self._control.qsize()):
            try:
                msg = self._control.get_nowait()
            except queue.Empty:
                break
            self._handle(msg)
            if self._closed:
                break

    def pending(self) -> bool:
        """Whether events are waiting to be taken by pump()."""
        return bool(self._out)

    def control_pending(self) -> bool:
        """Whether coach answers or immediate intents wait for a pump."""
        return not self._control.empty()

    def take(self, *types: type[Event]) -> list[Event]:
        """Take the waiting events of these types out of turn (the others stay in order):
        what an export or the hand review waits for while the table's events wait."""
        got = [e for e in self._out if isinstance(e, types)]
        if got:
            kept = [e for e in self._out if not isinstance(e, types)]
            self._out.clear()
            self._out.extend(kept)
        return got

    def _take(self, limit: int | None) -> list[Event]:
        n = len(self._out) if limit is None else min(limit, len(self._out))
        return [self._out.popleft() for _ in range(n)]

    def _handle(self, msg: Message) -> None:
        """One message to its one handler; a message no handler knows is refused clearly."""
        handler = self._handlers.get(type(msg))
        if handler is None:
            name = type(msg).__name__
            log.error("the controller has no handler for %r", msg)
            self._emit(
                Illegal(0, type(msg), f"the controller does not know the message {name}", msg)
            )
            return
        cast("Callable[[Message], None]", handler)(msg)  # the table is keyed by its type

    # ----- the table's moves routed --------------------------------------------------------

    def _move(self, move: Callable[[], list[Out]]) -> None:
        """One of the flow's moves made, and what it gave routed (_route)."""
        before = self.flow.request
        self._route(before, move())

    def _route(self, before: Request | None, out: list[Out]) -> None:
        """What a move gave routed: events out, saves to the save, a scored hand to the
        keeper; the decision asked `before` forgotten by whoever thought about it if it is
        gone, a new one put to its seat."""
        req = self.flow.request
        if req is not before and before is not None and before.human:
            self.coach_jobs.cancel()  # the player's decision is gone: so are its hint, its claim
        for item in out:
            if isinstance(item, SavePoint):
                self._save(item.record)
                continue
            self._out.append(item)
            if isinstance(item, HandScored):
                self.coach_jobs.hand_done(item.hand_no - 1)
        if req is before:
            return
        if req is None or req.human:
            self.computers.forget()
        if req is not None and req.human and isinstance(req.ask, PlayRequest):
            self.coach_jobs.check_claim(req)
        elif req is not None and not req.human:
            self.computers.ask(req, self.flow.game)

    def _on_seat_answer(self, msg: SeatAnswer) -> None:
        if msg.error is not None:
            error = msg.error
            self._move(lambda: self.flow.fallback(msg.request, error))
        else:
            self._move(lambda: self.flow.answer(msg.request, msg.action))

    def _on_player(self, intent: Intent) -> None:
        self._move(lambda: self.flow.player(intent))

    def _on_undo(self, intent: Undo) -> None:
        self._urgent = False
        before, undos = self.flow.request, self.flow.undos
        out = self.flow.undo(intent)
        if self.flow.undos != undos:  # taken back: with what waits to be shown of it
            if before is not None and not before.human:
                self.computers.stop()
            self.coach_jobs.cancel()
            kept = [e for e in self._out if isinstance(e, KEPT_BY_UNDO)]
            self._out.clear()
            self._out.extend(kept)
        self._route(before, out)

    # ----- the table's settings and files --------------------------------------------------

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    def _wake_ui(self) -> None:
        if self._wake is not None:
            self._wake()

    def _save(self, record: JsonObject) -> None:
        if self.save_fn is None:
            return
        try:
            self.save_fn(record)
        except Exception:
            log.exception("saving the game failed")

    def _on_practice(self, intent: SetPractice) -> None:
        self.flow.practice = bool(intent.on)

    def _on_wake(self, intent: SetWake) -> None:
        self._wake = intent.wake

    def _on_clock(self, intent: RunClock) -> None:
        if intent.running:
            self.clock.resume()
        else:
            self.clock.pause()

    def _on_keep_hands(self, intent: KeepHands) -> None:
        self.keeper.enabled = intent.on

    def _on_keep_hand(self, intent: KeepHand) -> None:
        self.keeper.keep(intent.entry)

    def _on_export_game(self, intent: ExportGame) -> None:
        try:
            path = export_game(self.record())
        except OSError as e:
            self._emit(Exported("game", "", e.strerror or str(e)))
            return
        self._emit(Exported("game", str(path)))

    def _on_export_hand(self, intent: ExportHand) -> None:
        if not 0 <= intent.index < len(self.game.hands):
            self._emit(Illegal(0, type(intent), "no such hand has been dealt", intent))
            return
        try:
            path = export_hand(self.game, intent.index, self.names)
        except OSError as e:
            self._emit(Exported("hand", "", e.strerror or str(e)))
            return
        self._emit(Exported("hand", str(path)))
