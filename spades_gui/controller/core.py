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
from dataclasses import dataclass
from typing import Any, cast

from ..ai import make_policy, seat_view
from ..coach.claim_playout import claim_check_job, claim_plays
from ..coach.record_files import export_game, export_hand
from ..coach.review import COACH_SEED, analyse, explain_job, ruff_seats
from ..engine import BID, Game, IllegalAction, Rules
from ..engine.actions import (
    Action,
    AnswerAction,
    AskAction,
    BidAction,
    BlindAction,
    ContinueRequest,
    DecisionRequest,
    DiscardAction,
    MisdealCall,
    PassAction,
    PlayAction,
    PlayRequest,
    ProposeAction,
    Question,
)
from ..engine.bids import is_blind_bid
from ..engine.claim import claim_obstacle
from ..engine.game import DEFAULT_NAMES
from ..engine.hand import DISCARD, Hand
from ..engine.record import game_to_record, load
from ..engine.sequence import Progress, asked_blind, next_request
from .decisions import ANSWERS, CHECKS, HINT_KINDS, Request
from .duplicate import play_deal_job
from .events import (
    Analysed,
    Answered,
    Asked,
    BidMade,
    CardPlayed,
    CardsPassed,
    CardsShown,
    Claimed,
    ClaimOffer,
    DealPlayed,
    Discarded,
    Event,
    Exported,
    GameOver,
    HandDealt,
    HandScored,
    HintReady,
    Illegal,
    MisdealCalled,
    Notice,
    RaiseProposed,
    Rewound,
    TrickWon,
    Turn,
    hand_facts,
    position_of,
)
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
from .worker import Worker, decide, decide_job

log = logging.getLogger(__name__)

# A seat's question unanswered this long by the worker process is asked again on a thread
# (a search stops itself well within a second or two; under Wine an answer was seen never to come).
SEAT_PATIENCE_S = 15.0

SaveFn = Callable[[dict[str, Any]], None]
KEPT_BY_UNDO = (Analysed, Exported)  # events an undo does not take back with the hand's


@dataclass(frozen=True)
class SeatAnswer:
    """A seat's decision (or its failure) for the request `request`, from its worker."""

    request: int
    action: Action | None
    error: BaseException | None


@dataclass(frozen=True)
class CoachAnswer:
    """A coach job's result (or its failure), from the coach's worker."""

    job: int
    result: Any
    error: BaseException | None


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


class Controller:
    """Owns the Game; asks seats for decisions; applies them; reports events to the UI.

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
        executor: str = "thread",
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
        self.policies: dict[int, Any] = dict(policies or {})
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
        self.practice_hands: set[int] = set(practice_hands)
        self.coach_level = coach_level
        self.coach_think_ms = coach_think_ms
        if executor not in ("inline", "thread", "process"):
            raise ValueError(f"unknown executor {executor!r}")
        self._coach: Worker | None = None
        self._coach_mode = executor
        self._jobs: dict[int, tuple[str, Any]] = {}  # coach job id -> (what, request id or ref)
        self._hint_for: int | None = None  # the request a hint was asked for
        self._hint_level = coach_level
        self._urgent = False
        # Seat decisions: policies made from (level, seed) run in this worker (a second process
        # in the game, so thinking never holds the window's interpreter lock); policy objects
        # handed in (tests) run on a local thread.
        self._seat_worker = Worker(executor)
        self._seat_worker.start()
        self._local_worker = Worker("inline" if executor == "inline" else "thread")
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()  # the game's messages
        self._control: queue.SimpleQueue[Any] = queue.SimpleQueue()  # coach, immediate intents
        self._out: deque[Event] = deque()
        self._ids = itertools.count(1)
        self._fallback_rng = random.Random(self.seed ^ 0x5EED)
        self.request: Request | None = None
        self._started = False
        self._closed = False
        self._over_sent = game.over
        self._need_continue = False
        self._unscored: int | None = None  # the hand last scored here: undo may unscore it
        self._progress = Progress()  # what the hand's order has offered (engine/sequence.py)
        self.hidden = False
        self._elapsed_base = game.elapsed_s
        self._t0: float | None = None
        # One handler a message type, one an applied kind of decision, one a coach job.
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
        # (seat, action, the request it answers: None for a claim's cards)
        self._appliers: dict[type, Callable[[int, Any, DecisionRequest | None], None]] = {
            MisdealCall: self._apply_misdeal,
            BlindAction: self._apply_blind,
            BidAction: self._apply_bid,
            DiscardAction: self._apply_discard,
            AskAction: self._apply_ask,
            AnswerAction: self._apply_answer,
            PassAction: self._apply_pass,
            PlayAction: self._apply_play,
        }
        self._coach_replies: dict[str, Callable[[Any, Any, BaseException | None], None]] = {
            "claim": self._on_claim_checked,
            "hint": self._on_hint_ready,
            "review": self._on_analysed,
            "keep": self._on_kept,
            "keep_point": self._on_kept_point,
            "deal": self._on_deal_played,
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
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.game.rules

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
    def executor(self) -> str:
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

    def elapsed(self) -> float:
        """Seconds of play so far (the game clock fed to the rules' time limit)."""
        if self._t0 is None:
            return self._elapsed_base
        return self._elapsed_base + self._clock() - self._t0

    def record(self) -> dict[str, Any]:
        """The game record now, with the table's seats, names and seed beside it."""
        rec = game_to_record(self.game)
        rec["table"] = {
            "seats": list(self.seats),
            "names": list(self.names),
            "seed": self.seed,
            "elapsed": round(self.elapsed(), 1),
            "shown": not self.hidden,
            "id": self.game_id,
        }
        if self.undos:
            rec["table"]["undos"] = self.undos
            rec["table"]["practice_hands"] = sorted(self.practice_hands)
        return rec

    def can_undo(self) -> bool:
        """Whether undo would take something back now (practice mode, a decision this hand)."""
        return self._practice and not self.game.over and self._undo_point() is not None

    @property
    def used_practice(self) -> bool:
        """Whether this game counts as practice: practice mode is on, or an action was undone."""
        return self._practice or self.undos > 0

    def handles(self, message: type) -> bool:
        """Whether a type of message (an intent, a worker's answer) has a handler."""
        return message in self._handlers

    def coach(self) -> Worker:
        """The worker for hints, claim checks and hand reviews (started on first use)."""
        if self._coach is None:
            self._coach = Worker(self._coach_mode)
        return self._coach

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

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    def _handle(self, msg: Any) -> None:
        """One message to its one handler; a message no handler knows is refused clearly."""
        handler = self._handlers.get(type(msg))
        if handler is None:
            name = type(msg).__name__
            log.error("the controller has no handler for %r", msg)
            self._emit(Illegal(0, name, f"the controller does not know the message {name}", msg))
            return
        handler(msg)

    def _wake_ui(self) -> None:
        if self._wake is not None:
            self._wake()

    def _save(self) -> None:
        if self.save_fn is None:
            return
        try:
            self.save_fn(self.record())
        except Exception:
            log.exception("saving the game failed")

    def _pause_clock(self) -> None:
        if self._t0 is not None:
            self._elapsed_base = self.elapsed()
            self._t0 = None

    def _resume_clock(self) -> None:
        if self._t0 is None and not self._closed:
            self._t0 = self._clock()

    # ----- advancing -----------------------------------------------------------------------

    def _blind_possible(self, seat: int) -> bool:
        """Whether a blind bid may still become legal for this seat in the current hand."""
        hand = self.game.hand
        if hand is None or hand.phase not in (BID, DISCARD) or hand.bids[seat] is not None:
            return False
        r = self.rules
        if hand.blind_nil_open(seat):
            return True
        partner = (seat + 2) % 4
        blind_team = bool(r.blind_bids) or (r.double_nil_bid and r.double_nil_blind)
        return blind_team and hand.order.index(partner) > hand.order.index(seat)

    def _advance(self) -> None:
        """Ask for the next decision (or deal, score, finish) until something must wait."""
        while self.request is None and not self._closed:
            g = self.game
            if g.over:
                if not self._over_sent:
                    self._over_sent = True
                    assert g.winner is not None
                    self._emit(GameOver(g.winner, g.end_reason, (g.scores[0], g.scores[1])))
                return
            hand = g.hand
            if hand is None or (hand.done and len(g.results) == len(g.hands)):
                if self._need_continue:
                    self._ask(0, ContinueRequest())
                    return
                self._deal()
                continue
            if hand.done:
                self._finish()
                continue
            step = next_request(hand, self._progress, self.human)
            if step.auto is not None:  # a blind contract shared: not a decision
                self._apply(step.seat, step.auto)
                continue
            assert step.request is not None
            if step.seat == 0 and self.hidden and not asked_blind(step.request):
                self._reveal()  # the player looks to decide: a blind bid is gone
            self._ask(step.seat, step.request)
            return

    def _deal(self) -> None:
        g = self.game
        rng = random.Random(f"spades:{self.seed}:{len(g.hands)}")
        hand = g.deal(rng)
        self.hidden = 0 in self.human and self._blind_possible(0)
        # A player who sees the cards at once has had no blind question to answer.
        self._progress = Progress(blind_asked={0} if 0 in self.human and not self.hidden else set())
        self._emit(
            HandDealt(
                len(g.hands),
                hand.dealer,
                self.hidden,
                south=hand.hands[0],
                facts=hand_facts(hand, len(g.hands)),
                counts=tuple(m.bit_count() for m in hand.hands),
                extra=hand.extra if hand.taker in self.human else 0,
            )
        )
        self._save()

    def _finish(self) -> None:
        g = self.game
        self._unscored = len(g.hands)  # an undo after the last card takes the scoring back
        result = g.finish_hand(self.elapsed())
        if result is not None:
            facts = hand_facts(g.hands[-1], len(g.hands), result)
            self._emit(HandScored(len(g.hands), result, facts=facts))
            self._need_continue = bool(self.human) and not self.auto_continue and not g.over
            self.keeper.hand_done(len(g.hands) - 1)
        self._save()

    def _reveal(self) -> None:
        self.hidden = False
        self._progress.blind_asked.add(0)
        self._emit(CardsShown(0))

    def _ask(self, seat: int, ask: DecisionRequest) -> None:
        """Ask a seat for a decision: the human through a Turn event, an AI through a job."""
        human = seat in self.human or isinstance(ask, ContinueRequest)
        req = Request(next(self._ids), seat, human, ask, self._clock())
        self.request = req
        self._emit(Turn(seat, human, ask))
        kind = ask.kind
        if human:
            if isinstance(ask, PlayRequest) and self.game.hand is not None:
                self._coach_job("claim", req.id, claim_check_job, (self.game.hand.copy(), seat))
            return
        view = seat_view(self.game, seat, hide_hand=asked_blind(ask))
        stop = req.stop
        inbox = self._inbox
        args: tuple[Any, ...]
        fn: Callable[..., Any]
        if seat in self._levels:
            level, seed = self._levels[seat]
            worker, fn, args = self._seat_worker, decide_job, (level, seed, kind, view)
        else:
            worker, fn, args = self._local_worker, decide, (self.policies[seat], kind, view)

        def answered(_job: int, action: Action | None, error: BaseException | None) -> None:
            inbox.put(SeatAnswer(req.id, action, error))
            self._wake_ui()

        def work() -> None:
            if not stop.is_set():
                worker.submit(fn, args, answered, patience=SEAT_PATIENCE_S)

        req.job = work

    def _submit_pending(self) -> None:
        """Hand the pending AI question to the worker.

        This happens on the next pump, not when the question is asked: the table pumps only
        when its animations are done, so a thinking AI never competes with moving cards for
        the interpreter lock.
        """
        r = self.request
        if r is None or r.job is None:
            return
        job, r.job = r.job, None
        r.started = self._clock()
        job()

    def _check_timeout(self) -> None:
        r = self.request
        if r is None or r.human or r.job is not None:
            return
        if self._clock() - r.started < self.ai_timeout_s:
            return
        r.stop.set()
        self._seat_worker.cancel()
        log.warning("seat %d took too long to %s; playing a legal fallback", r.seat, r.kind)
        self._inbox.put(SeatAnswer(r.id, None, TimeoutError(f"no answer in {self.ai_timeout_s} s")))

    # ----- the seats' answers --------------------------------------------------------------

    def _on_seat_answer(self, msg: SeatAnswer) -> None:
        req = self.request
        if req is None or req.id != msg.request:
            return  # an answer to a question no longer asked
        hand = self.game.hand
        assert hand is not None
        answers = ANSWERS[type(req.ask)]
        action, error = msg.action, msg.error
        if error is None and (action is None or not answers.valid(req.ask, hand, action)):
            error = ValueError(f"illegal answer {action!r}")
        if error is not None:
            log.error(
                "AI seat %d (%s) failed to %s: %s; playing a legal fallback",
                req.seat,
                self.seats[req.seat],
                req.kind,
                error,
                exc_info=(type(error), error, error.__traceback__),
            )
            action = answers.fallback(req.ask, hand, self._fallback_rng)
            self._emit(
                Notice(
                    f"{self.names[req.seat]} hesitated; a legal move was made",
                    {"seat": req.seat, "kind": req.kind},
                )
            )
        self.request = None
        assert action is not None
        self._apply(req.seat, action, req.ask)
        self._advance()

    # ----- the player's intents ------------------------------------------------------------

    def _refuse(self, action: str, reason: str, value: Any = None) -> None:
        self._emit(Illegal(0, action, reason, value))

    def _on_decision(self, intent: Intent) -> None:
        """The player's bid, card, pass, discard, question, answer or misdeal call: checked
        against the decision asked (decisions.CHECKS), then applied."""
        req = self.request
        hand = self.game.hand
        if req is None or not req.human or hand is None:
            self._refuse(intent.name, "it is not your turn", intent)
            return
        checked = CHECKS[type(intent)](req, hand, intent)
        if isinstance(checked, str):
            self._refuse(intent.name, checked, intent)
            return
        self._cancel_coach()
        self.request = None
        self._apply(req.seat, checked, req.ask)
        self._advance()

    def _on_show(self, intent: ShowCards) -> None:
        hand = self.game.hand
        req = self.request
        if not self.hidden:
            return
        if hand is not None and hand.agreed[0].startswith("blind"):
            self._refuse(intent.name, "partner agreed to your blind bid: make it before you look")
            return
        self._reveal()
        if req is not None and req.kind == "blind" and req.human:
            self.request = None
            self._advance()

    def _on_next_hand(self, intent: NextHand) -> None:
        req = self.request
        if req is None or not req.human:
            self._refuse(intent.name, "it is not your turn")
            return
        if req.kind != "continue":
            self._refuse(intent.name, "finish this hand first")
            return
        self._need_continue = False
        self.request = None
        self._advance()

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
            self._refuse(intent.name, "no such hand has been dealt", intent)
            return
        try:
            path = export_hand(self.game, intent.index, self.names)
        except OSError as e:
            self._emit(Exported("hand", "", e.strerror or str(e)))
            return
        self._emit(Exported("hand", str(path)))

    # ----- applying a decision -------------------------------------------------------------

    def _apply(self, seat: int, action: Action, ask: DecisionRequest | None = None) -> None:
        """Change the game through the engine and report what happened (`ask`: the request
        the action answers; None for a claim's cards)."""
        self._progress.note(seat, action, ask)
        try:
            self._appliers[type(action)](seat, action, ask)
        except IllegalAction as e:  # only reachable if a validated action raced the state
            kind = ask.kind if ask is not None else "play"
            log.error("seat %d %s %r refused by the engine: %s", seat, kind, action, e)
            self._emit(Illegal(seat, kind, str(e), action))

    @property
    def _hand(self) -> Hand:
        hand = self.game.hand
        assert hand is not None
        return hand

    def _facts(self) -> Any:
        return hand_facts(self._hand, len(self.game.hands))

    def _apply_misdeal(self, seat: int, a: MisdealCall, ask: DecisionRequest | None) -> None:
        hand = self._hand
        if a.call:
            reasons = tuple(hand.misdeal_reasons(seat))
            hand.apply(a, seat)
            self._emit(MisdealCalled(seat, reasons))
            self._save()

    def _apply_blind(self, seat: int, a: BlindAction, ask: DecisionRequest | None) -> None:
        if a.bid is not None:
            self._hand.apply(a)
            if seat == 0:
                self.hidden = False
            self._emit(BidMade(seat, a.bid, self._facts()))
            self._save()

    def _apply_bid(self, seat: int, a: BidAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        if seat == 0:
            self.hidden = False  # a bid made for the player (a shared blind one) shows
        bid, bemo = a.bid, a.bemo
        raised = hand.raising
        if raised and hand.raise_proposal is None and self._player_settles(seat):
            # 001: a side agrees its second-round total; the player has the last word
            hand.apply(ProposeAction(bid))
            self._emit(RaiseProposed(seat, bid, self._facts()))
            self._save()
            return
        hand.apply(a)
        self._emit(BidMade(seat, bid, self._facts(), bemo, raised))
        self._save()

    def _player_settles(self, seat: int) -> bool:
        """Whether a computer seat's second-round total goes to its partner, a player, to
        settle (the player takes part in the side's raise) rather than standing alone."""
        return seat not in self.human and (seat + 2) % 4 in self.human

    def _apply_discard(self, seat: int, a: DiscardAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        hand.apply(a)
        cards = a.cards
        seen = cards if seat in self.human else 0
        self._emit(Discarded(seat, 2, seen, south=hand.hands[0], facts=self._facts()))
        self._save()

    def _apply_ask(self, seat: int, a: AskAction, ask: DecisionRequest | None) -> None:
        """A seat's question for partner (None: it asks nothing), before looking when the
        request was a computer seat's blind question."""
        if a.what is not None:
            self._hand.apply(a)
            self._emit(Asked(seat, a.what, self._facts()))
            self._save()

    def _apply_answer(self, seat: int, a: AnswerAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        what = cast(Question, hand.asking)
        hand.apply(a)
        self._emit(Answered(seat, (seat + 2) % 4, what, a.yes, self._facts()))
        self._save()

    def _apply_pass(self, seat: int, a: PassAction, ask: DecisionRequest | None) -> None:
        """Pass cards to partner; in a Double Nil exchange the first pass lies face down until
        partner has passed too (001: "simultaneously"), so seat 0 sees it only then."""
        hand = self._hand
        mask = a.cards
        giver, taker = hand.pass_queue[0]
        held = hand.double_nil_team[giver % 2]
        first = len(hand.pass_queue) % 2 == 0
        revealed = hand.in_transit if held and not first and giver in self.human else 0
        hand.apply(a)
        seen = mask if self.human & ({giver} if held and first else {giver, taker}) else 0
        self._emit(
            CardsPassed(
                giver, taker, mask.bit_count(), seen, hand.hands[0], ask=a.ask, revealed=revealed
            )
        )
        self._save()

    def _apply_play(self, seat: int, a: PlayAction, ask: DecisionRequest | None) -> None:
        hand = self._hand
        card = a.card
        trick_no = len(hand.trick_winners)
        index = len(hand.trick)
        leader = hand.leader
        broken = hand.spades_broken
        hand.apply(a)
        self._emit(CardPlayed(seat, card, trick_no, index, hand.spades_broken and not broken))
        if not hand.trick:
            cards = tuple(hand.plays[-4:])
            self._emit(TrickWon(hand.trick_winners[-1], leader, cards, trick_no))
        self._save()

    # ----- the coach: hints, claims, the hand review ---------------------------------------

    def _coach_job(
        self, what: str, key: Any, fn: Callable[..., Any], args: tuple[Any, ...]
    ) -> None:
        """Run a coach job off this thread; its answer comes back as a CoachAnswer."""
        control = self._control

        def sink(jid: int, result: Any, error: BaseException | None) -> None:
            control.put(CoachAnswer(jid, result, error))
            self._wake_ui()

        # An inline worker answers inside submit(), but only onto the queue: the answer is
        # handled by a later pump, after the job is registered here.
        jid = self.coach().submit(fn, args, sink)
        self._jobs[jid] = (what, key)

    def _on_coach_answer(self, msg: CoachAnswer) -> None:
        job = self._jobs.pop(msg.job, None)
        if job is None:
            return  # forgotten: its decision or its review is gone
        what, key = job
        self._coach_replies[what](key, msg.result, msg.error)

    def _cancel_coach(self, whats: tuple[str, ...] = ("hint", "claim")) -> None:
        """Forget the coach's questions of these kinds (a decision, or a review, is gone)."""
        gone = {jid for jid, (what, _) in self._jobs.items() if what in whats}
        running = {jid for jid in gone if self._jobs[jid][0] != "claim"}
        if running and self._coach is not None:
            self._coach.cancel(running)
        for jid in gone:
            del self._jobs[jid]
        if "hint" in whats:
            self._hint_for = None

    def _current(self, rid: int) -> Request | None:
        """The player's request, if it is still the one `rid` names."""
        req = self.request
        return req if req is not None and req.id == rid and req.human else None

    def _on_claim_checked(self, rid: int, result: Any, error: BaseException | None) -> None:
        req = self._current(rid)
        if req is not None and error is None and result:
            self._emit(ClaimOffer(rid, req.seat, 13 - len(self._hand.trick_winners)))

    def _on_hint_ready(self, rid: int, result: Any, error: BaseException | None) -> None:
        req = self._current(rid)
        if req is None or self._hint_for != rid:
            return
        if error is not None or result is None:
            log.error("the hint failed: %s", error)
            self._hint_for = None
            self._emit(
                Notice("No hint this time: the coach could not work it out", {"coach": "hint"})
            )
            return
        d = result
        ruffers = ruff_seats(seat_view(self.game, req.seat), d.action) if req.kind == "play" else ()
        self._emit(
            HintReady(
                rid,
                req.seat,
                req.kind,
                d.action,
                d.reason,
                self._hint_level,
                tuple(d.candidates),
                ruffers=ruffers,
            )
        )

    def _on_hint(self, intent: Hint) -> None:
        req = self.request
        level = intent.level or self.coach_level
        if req is None or not req.human or req.kind not in HINT_KINDS or self.hidden:
            self._refuse(
                intent.name, "hints are for your bids, passes and cards, on your turn", level
            )
            return
        if self._hint_for == req.id:
            return  # already on its way
        self._hint_for = req.id
        self._hint_level = level
        view = seat_view(self.game, req.seat)
        args = (level, COACH_SEED, self.coach_think_ms, view)
        self._coach_job("hint", req.id, explain_job, args)

    def _on_claim(self, intent: Claim) -> None:
        req = self.request
        hand = self.game.hand
        if req is None or not req.human or req.kind != "play" or hand is None:
            self._refuse(intent.name, "you can claim the rest only on your turn to play")
            return
        line = claim_plays(hand, req.seat)
        if line is None:  # the refusal carries what stands in the way, for the table's words
            why = "your cards do not win every remaining trick for sure: play on"
            self._refuse(intent.name, why, claim_obstacle(hand, req.seat))
            return
        self._cancel_coach()
        self.request = None
        self._emit(Claimed(req.seat, 13 - len(hand.trick_winners)))
        for card in line:
            self._apply(hand.turn, PlayAction(card))
        self._advance()

    def _on_analyse(self, intent: Analyse) -> None:
        args = (intent.record, intent.point, intent.level, COACH_SEED, intent.think_ms)
        self._coach_job("review", (intent.ref, intent.point), analyse, args)

    def _on_stop_analysis(self, intent: StopAnalysis) -> None:
        self._cancel_coach(("review",))

    def _on_analysed(self, key: Any, result: Any, error: BaseException | None) -> None:
        ref, point = key
        self._emit(Analysed(ref, point, result if error is None else None, error is not None))

    def _on_kept(self, key: Any, result: Any, error: BaseException | None) -> None:
        problem = self.keeper.on_kept(key, result, error)
        if problem:
            self._emit(Notice(problem, {"coach": "records"}))

    def _on_kept_point(self, key: Any, result: Any, error: BaseException | None) -> None:
        self.keeper.on_point(key, result, error)

    def _on_play_deal(self, intent: PlayDeal) -> None:
        args = (intent.deal, intent.level, intent.think_ms, type(self).from_record)
        self._coach_job("deal", intent.ref, play_deal_job, args)

    def _on_deal_played(self, ref: Any, result: Any, error: BaseException | None) -> None:
        if error is not None:
            log.error("playing the deal again failed: %s", error)
        ok = error is None and result is not None
        self._emit(DealPlayed(ref, result if ok else None, not ok))

    # ----- undo ----------------------------------------------------------------------------

    def _undo_point(self) -> int | None:
        """How many of the current hand's actions to keep: those before the human's last."""
        hand = self.game.hand
        if hand is None:
            return None
        for i in range(len(hand.actions) - 1, -1, -1):
            seat, action = hand.actions[i]
            if seat not in self.human:
                continue
            if (
                isinstance(action, BidAction)
                and is_blind_bid(action.bid)
                and hand.bids[(seat + 2) % 4] == action.bid
            ):
                continue  # shared the partner's blind contract: not a decision
            return i
        return None

    def _on_undo(self, intent: Undo) -> None:
        self._urgent = False
        g = self.game
        if not self._practice:
            self._refuse(intent.name, "undo is for practice: turn Practice mode on in Options")
            return
        if g.over:
            self._refuse(intent.name, "the game is over")
            return
        keep = self._undo_point()
        hand = g.hand
        if keep is None or hand is None:
            self._refuse(intent.name, "there is nothing of yours to undo in this hand")
            return
        scored = len(g.results) == len(g.hands)
        if scored and self._unscored != len(g.hands):
            self._refuse(intent.name, "this position cannot be undone")
            return
        r = self.request
        if r is not None and not r.human:
            r.stop.set()
            self._seat_worker.cancel()
        self.request = None
        self._cancel_coach()
        if scored:
            g.unscore()
        total = len(hand.actions)
        while len(hand.actions) > keep:
            hand.pop()
        self.hidden = False
        misdeal_asked = self._progress.misdeal_asked
        self._progress = Progress.resume(hand)
        self._progress.misdeal_asked = misdeal_asked
        self._progress.blind_asked |= self.human
        self._need_continue = False
        self._over_sent = False
        # reports of what was undone (not an export's or the review's)
        self._out = deque(e for e in self._out if isinstance(e, KEPT_BY_UNDO))
        self.undos += 1
        self.practice_hands.add(len(g.hands))
        self._emit(Rewound(len(g.hands), total - keep, position=position_of(g, self.hidden)))
        self._save()
        self._advance()
