"""The game controller: the one thing that advances a game, driven by a queue of messages.

Messages in: the UI's intents (controller/intents.py), the seats' answers from their worker,
the coach's answers from its. Events out (controller/events.py). Each message type has one
handler, in one dispatch table; each kind of decision one row in controller/decisions.py.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import queue
import random
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from ..ai import make_policy
from ..coach.record_files import export_game, export_hand
from ..engine import Game, Rules
from ..engine.game import DEFAULT_NAMES
from ..engine.record import load
from ..engine.sequence import Progress
from .coach_jobs import CoachAnswer
from .events import Event, Exported, Illegal
from .intents import (
    Analyse,
    Answer,
    AskPartner,
    Bid,
    Claim,
    Discard,
    ExportGame,
    ExportHand,
    Hint,
    Intent,
    Misdeal,
    NextHand,
    PassCards,
    Play,
    PlayDeal,
    RunClock,
    SetPractice,
    SetWake,
    ShowCards,
    StopAnalysis,
    Undo,
)
from .keeper import HandKeeper
from .shared import SaveFn
from .turns import SeatAnswer
from .undo import Undoing
from .worker import Worker, WorkerMode

log = logging.getLogger(__name__)


def _record_id(record: dict[str, Any]) -> str:
    """A saved game's id when its record has none (saved before ids were): the same on every
    load, from what its game began with."""
    table = record.get("table")
    meta: dict[str, Any] = table if isinstance(table, dict) else {}
    hands = record.get("hands")
    first = hands[0] if isinstance(hands, list) and hands and isinstance(hands[0], dict) else {}
    deal = {"dealer": first.get("dealer"), "deal": first.get("deal")}
    start = {"rules": record.get("rules"), "seed": meta.get("seed"), "first": deal}
    text = json.dumps(start, sort_keys=True, default=str)
    return "record-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


class Controller(Undoing):
    """Owns the Game; asks seats for decisions; applies them; reports events to the UI.

    Its parts are in modules of their own, one idea each, over the state they share
    (shared.py): the turns (turns.py), the actions applied (applying.py), the coach's jobs
    (coach_jobs.py), undo (undo.py); here are its construction, its public face and the pump.

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
        policies: dict[int, Any] | None = None,
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
        self.game = game
        # One name for the game across saves and restarts: the statistics count a hand once.
        self.game_id = game_id or uuid.uuid4().hex
        self.seats = tuple(seats)
        self.names = tuple(names)
        self.seed = random.randrange(1 << 31) if seed is None else int(seed)
        self.save_fn = save_fn
        self.human = frozenset(s for s in range(4) if seats[s] is None)
        self.auto_continue = not self.human if auto_continue is None else auto_continue
        self.ai_timeout_s = ai_timeout_s
        self._wake = wake  # nudges the frame loop when a worker answers
        self._clock = clock
        self.policies = dict(policies or {})
        for s in range(4):
            if seats[s] is not None and s not in self.policies:
                self.policies[s] = make_policy(cast(str, seats[s]), self.seed * 4 + s)
        # Seats whose policy a worker process can rebuild from (level, seed).
        self._levels = {
            s: (seats[s], self.seed * 4 + s)
            for s in range(4)
            if seats[s] is not None and not (policies and s in policies)
        }
        self._practice = practice
        self.undos = undos
        # Hands (numbered from 1) in which something was undone: practice in the statistics.
        self.practice_hands = set(practice_hands)
        self.coach_level = coach_level
        self.coach_think_ms = coach_think_ms
        if executor not in ("inline", "thread", "process"):
            raise ValueError(f"unknown executor {executor!r}")
        self._coach = None
        self._coach_mode = executor
        self._jobs = {}  # coach job id -> (what, request id or ref)
        self._hint_for = None  # the request a hint was asked for
        self._hint_level = coach_level
        self._deal_table = type(self).from_record
        self._urgent = False
        # Seat decisions: policies made from (level, seed) run in this worker (a second process
        # in the game, so thinking never holds the window's interpreter lock); policy objects
        # handed in (tests) run on a local thread.
        self._seat_worker = Worker(executor)
        self._seat_worker.start()
        self._local_worker = Worker("inline" if executor == "inline" else "thread")
        self._inbox = queue.SimpleQueue()  # the game's messages
        self._control = queue.SimpleQueue()  # coach, immediate intents
        self._out = deque()
        self._ids = itertools.count(1)
        self._fallback_rng = random.Random(self.seed ^ 0x5EED)
        self.request = None
        self._started = False
        self._closed = False
        self._over_sent = game.over
        self._need_continue = False
        self._unscored = None  # the hand last scored here: undo may unscore it
        self._progress = Progress()  # what the hand's order has offered (engine/sequence.py)
        self.hidden = False
        self._elapsed_base = game.elapsed_s
        self._t0 = None
        # One handler a message type (the applied actions and the coach's replies: applying.py,
        # coach_jobs.py).
        self._handlers: dict[type, Callable[[Any], None]] = {
            SeatAnswer: self._on_seat_answer,
            CoachAnswer: self._on_coach_answer,
            Bid: self._on_decision,
            Play: self._on_decision,
            PassCards: self._on_decision,
            Discard: self._on_decision,
            AskPartner: self._on_decision,
            Answer: self._on_decision,
            Misdeal: self._on_decision,
            ShowCards: self._on_show,
            NextHand: self._on_next_hand,
            Hint: self._on_hint,
            Undo: self._on_undo,
            Claim: self._on_claim,
            SetPractice: self._on_practice,
            SetWake: self._on_wake,
            RunClock: self._on_clock,
            ExportGame: self._on_export_game,
            ExportHand: self._on_export_hand,
            Analyse: self._on_analyse,
            StopAnalysis: self._on_stop_analysis,
            PlayDeal: self._on_play_deal,
        }
        # The player's finished hands analysed in the background (in the game: a process).
        self.keeper = HandKeeper(self, self._coach_job)
        self.keeper.enabled &= executor == "process" if keep_hands is None else keep_hands
        hand = game.hand
        if hand is not None and not hand.done:
            # Resuming mid-hand: seats that already bid have decided their blind question.
            self._progress = Progress.resume(hand)
            self.hidden = 0 in self.human and not shown and self._blind_possible(0)
            if self.hidden:
                self._progress.blind_asked.discard(0)
            else:
                self._progress.blind_asked.add(0)

    # ----- construction --------------------------------------------------------------------

    @classmethod
    def new_game(
        cls,
        rules: Rules,
        levels: Sequence[str | None] = ("easy", "easy", "easy"),
        names: Sequence[str] = DEFAULT_NAMES,
        seed: int | None = None,
        **kwargs: Any,
    ) -> Controller:
        """A fresh game: seat 0 human and three AI levels, or four levels for an AI-only game."""
        seats: tuple[str | None, ...] = (None, *levels) if len(levels) == 3 else tuple(levels)
        return cls(Game(rules), seats, names, seed, **kwargs)

    @classmethod
    def from_record(cls, record: dict[str, Any], **kwargs: Any) -> Controller:
        """Resume the game of a saved record at its exact position (RecordError if bad)."""
        game = load(record)
        meta = cast(
            "dict[str, Any]", record.get("table") if isinstance(record.get("table"), dict) else {}
        )
        if "elapsed" in meta and isinstance(meta["elapsed"], (int, float)):
            game.elapsed_s = max(game.elapsed_s, float(meta["elapsed"]))
        seats = kwargs.pop("seats", None) or meta.get("seats") or (None, "easy", "easy", "easy")
        names = kwargs.pop("names", None) or meta.get("names") or DEFAULT_NAMES
        seed = kwargs.pop("seed", None)
        if seed is None:
            seed = meta.get("seed")
        kwargs.setdefault("shown", bool(meta.get("shown", False)))
        game_id = meta.get("id")
        if not (isinstance(game_id, str) and game_id):
            game_id = _record_id(record)
        kwargs.setdefault("game_id", game_id)
        undos = meta.get("undos", 0)
        if isinstance(undos, int) and not isinstance(undos, bool) and undos > 0:
            kwargs.setdefault("undos", undos)
            hands = meta.get("practice_hands")
            if not (isinstance(hands, list) and all(type(n) is int for n in hands)):
                hands = range(1, len(game.hands) + 1)  # an older record: every hand so far
            kwargs.setdefault("practice_hands", [n for n in hands if 1 <= n <= len(game.hands)])
        return cls(game, tuple(seats), tuple(names), seed, **kwargs)

    # ----- what the UI reads ---------------------------------------------------------------

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
        return self._coach_mode

    @property
    def practice(self) -> bool:
        """Whether practice mode is on (SetPractice turns it on or off)."""
        return self._practice

    def human_turn(self, kind: str | None = None) -> bool:
        """Whether a human seat must act now (of this kind, if given)."""
        r = self.request
        return r is not None and r.human and (kind is None or r.kind == kind)

    @property
    def used_practice(self) -> bool:
        """Whether this game counts as practice: practice mode is on, or an action was undone."""
        return self._practice or self.undos > 0

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
        """Stop: cancel any AI thinking, save the position, release the worker."""
        if self._closed:
            return
        if save:
            self._save()
        self._pause_clock()
        self._closed = True
        if self.request is not None:
            self.request.stop.set()
        self._seat_worker.close()
        self._local_worker.close()
        if self._coach is not None:
            self._coach.close()

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
            self._resume_clock()
            self._advance()
        self._submit_pending()
        self._check_timeout()
        self.keeper.tick()
        while limit is None or len(self._out) < limit or self._urgent:
            self._submit_pending()
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
            self._out = deque(e for e in self._out if not isinstance(e, types))
        return got

    def _take(self, limit: int | None) -> list[Event]:
        n = len(self._out) if limit is None else min(limit, len(self._out))
        return [self._out.popleft() for _ in range(n)]

    def _handle(self, msg: Any) -> None:
        """One message to its one handler; a message no handler knows is refused clearly."""
        handler = self._handlers.get(type(msg))
        if handler is None:
            name = type(msg).__name__
            log.error("the controller has no handler for %r", msg)
            self._emit(
                Illegal(0, type(msg), f"the controller does not know the message {name}", msg)
            )
            return
        handler(msg)

    def _on_practice(self, intent: SetPractice) -> None:
        self._practice = bool(intent.on)

    def _on_wake(self, intent: SetWake) -> None:
        self._wake = intent.wake

    def _on_clock(self, intent: RunClock) -> None:
        if intent.running:
            self._resume_clock()
        else:
            self._pause_clock()

    def _on_export_game(self, intent: ExportGame) -> None:
        try:
            path = export_game(self.record())
        except OSError as e:
            self._emit(Exported("game", "", e.strerror or str(e)))
            return
        self._emit(Exported("game", str(path)))

    def _on_export_hand(self, intent: ExportHand) -> None:
        if not 0 <= intent.index < len(self.game.hands):
            self._refuse(type(intent), "no such hand has been dealt", intent)
            return
        try:
            path = export_hand(self.game, intent.index, self.names)
        except OSError as e:
            self._emit(Exported("hand", "", e.strerror or str(e)))
            return
        self._emit(Exported("hand", str(path)))
