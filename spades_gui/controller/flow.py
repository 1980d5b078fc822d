"""The table's flow, pure: the game advanced to its next decision (dealing, scoring, finishing
on the way), the decision asked of a seat, the answers applied (the seats', a failing seat's
legal fallback, the player's checked against what was asked) and practice's undo.

Each move returns what happened, in order: events and save points. It touches no thread,
queue, worker or coach (tests/test_controller_flow.py): the controller hands a computer
seat's question to its worker and the player's to the coach.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ..engine import Game, IllegalAction, Rules
from ..engine.actions import (
    Action,
    BidAction,
    BlindAction,
    BlindRequest,
    ContinueRequest,
    DecisionRequest,
    PlayAction,
    PlayRequest,
)
from ..engine.claim import claim_obstacle
from ..engine.hand import Hand
from ..engine.record import JsonObject, game_to_record
from ..engine.sequence import Progress, asked_blind, next_request
from .applying import At, apply_action
from .clock import GameClock
from .decisions import ANSWERS, CHECKS, Request
from .events import (
    CardsShown,
    Claimed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Illegal,
    Notice,
    Rewound,
    Turn,
    hand_facts,
    position_of,
)
from .intents import Claim, Intent, NextHand, ShowCards, Undo
from .undo import undo_point

if TYPE_CHECKING:
    from typing_extensions import Never

log = logging.getLogger(__name__)

# A sure claim's cards in play order (None: not sure); the coach's claim_plays.
ClaimLine = Callable[[Hand, int], list[int] | None]


@dataclass(frozen=True)
class SavePoint:
    """The game to be saved here: its record as it stood at this point of the move."""

    record: JsonObject


Out = Event | SavePoint  # what a move gives, in order


class TableFlow:
    """One game at one table: the game, the decision it waits for and what is hidden.

    Its moves (advance, answer, fallback, the player's intents, undo) change the game and
    return what happened; nothing else changes it.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[str | None],
        names: Sequence[str],
        seed: int,
        game_id: str,
        *,
        clock: GameClock,
        claim_line: ClaimLine,
        auto_continue: bool | None = None,
        practice: bool = False,
        undos: int = 0,
        practice_hands: Iterable[int] = (),
        shown: bool = False,
        saving: bool = True,
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.names = tuple(names)
        self.seed = seed
        self.game_id = game_id  # one name for the game across saves: statistics count a hand once
        self.human = frozenset(s for s in range(4) if seats[s] is None)
        self.auto_continue = not self.human if auto_continue is None else auto_continue
        self.clock = clock
        self.claim_line = claim_line
        self.practice = practice
        self.undos = undos
        # Hands (numbered from 1) in which something was undone: practice in the statistics.
        self.practice_hands = set(practice_hands)
        self.saving = saving  # whether moves give save points (someone keeps the saves)
        self.request: Request | None = None
        self.hidden = False
        self._out: list[Out] = []
        self._ids = itertools.count(1)
        self._fallback_rng = random.Random(seed ^ 0x5EED)
        self._over_sent = game.over
        self._need_continue = False
        self._unscored: int | None = None  # the hand last scored here: undo may unscore it
        self._progress = Progress()  # what the hand's order has offered (engine/sequence.py)
        hand = game.hand
        if hand is not None and not hand.done:
            # Resuming mid-hand: seats that already bid have decided their blind question.
            self._progress = Progress.resume(hand)
            self.hidden = 0 in self.human and not shown and self._blind_possible(0)
            if self.hidden:
                self._progress.blind_asked.discard(0)
            else:
                self._progress.blind_asked.add(0)

    # ----- what the table reads ------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.game.rules

    def record(self) -> JsonObject:
        """The game record now, with the table's seats, names and seed beside it."""
        rec = game_to_record(self.game)
        rec["table"] = {
            "seats": list(self.seats),
            "names": list(self.names),
            "seed": self.seed,
            "elapsed": round(self.clock.elapsed(), 1),
            "shown": not self.hidden,
            "id": self.game_id,
        }
        if self.undos:
            rec["table"]["undos"] = self.undos
            rec["table"]["practice_hands"] = sorted(self.practice_hands)
        return rec

    def can_undo(self) -> bool:
        """Whether undo would take something back now (practice mode, a decision this hand)."""
        return self.practice and not self.game.over and self._undo_point() is not None

    # ----- the moves -----------------------------------------------------------------------

    def advance(self) -> list[Out]:
        """On to the next decision (dealing, scoring, finishing on the way)."""
        self._advance()
        return self._take()

    def answer(self, rid: int, action: Action | None) -> list[Out]:
        """A computer seat's answer to request `rid` applied; a legal fallback in its place if
        the rules do not take it; nothing if that request is no longer asked."""
        req = self.request
        if req is None or req.id != rid:
            return []  # an answer to a question no longer asked
        hand = self._hand
        if action is None or not ANSWERS[type(req.ask)].valid(req.ask, hand, action):
            return self.fallback(rid, ValueError(f"illegal answer {action!r}"))
        self.request = None
        self._apply(req.seat, action, req.ask)
        self._advance()
        return self._take()

    def fallback(self, rid: int, error: BaseException) -> list[Out]:
        """A computer seat failed to answer request `rid` (`error`): a legal move made for it."""
        req = self.request
        if req is None or req.id != rid:
            return []
        hand = self._hand
        log.error(
            "AI seat %d (%s) failed to %s: %s; playing a legal fallback",
            req.seat,
            self.seats[req.seat],
            req.kind,
            error,
            exc_info=(type(error), error, error.__traceback__),
        )
        action = ANSWERS[type(req.ask)].fallback(req.ask, hand, self._fallback_rng)
        self._emit(
            Notice(
                f"{self.names[req.seat]} hesitated; a legal move was made",
                {"seat": req.seat, "kind": req.kind},
            )
        )
        self.request = None
        self._apply(req.seat, action, req.ask)
        self._advance()
        return self._take()

    def player(self, intent: Intent) -> list[Out]:
        """One of the player's intents at the table (PLAYER_INTENTS): a decision, cards shown,
        the next hand, a claim."""
        handle = cast("Callable[[TableFlow, Intent], None]", _PLAYER[type(intent)])
        handle(self, intent)  # the table is keyed by its type
        return self._take()

    def undo(self, intent: Undo) -> list[Out]:
        """Practice: the player's last decision of the hand taken back, with whatever followed
        it (the scoring too, when the hand had just ended); refused when there is none."""
        self._on_undo(intent)
        return self._take()

    # ----- the turns -----------------------------------------------------------------------

    def _blind_possible(self, seat: int) -> bool:
        """Whether a blind bid may still become legal for this seat in the current hand."""
        hand = self.game.hand
        return hand is not None and hand.blind_possible(seat)

    def _advance(self) -> None:
        """Ask for the next decision (or deal, score, finish) until something must wait."""
        while self.request is None:
            g = self.game
            if g.over:
                if not self._over_sent:
                    self._over_sent = True
                    assert g.winner is not None and g.end_reason is not None
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
        result = g.finish_hand(self.clock.elapsed())
        if result is not None:
            facts = hand_facts(g.hands[-1], len(g.hands), result)
            self._emit(HandScored(len(g.hands), result, facts=facts))
            self._need_continue = bool(self.human) and not self.auto_continue and not g.over
        self._save()

    def _reveal(self) -> None:
        self.hidden = False
        self._progress.blind_asked.add(0)
        self._emit(CardsShown(0))

    def _ask(self, seat: int, ask: DecisionRequest) -> None:
        """Ask a seat for a decision: a Turn event (the controller puts a computer seat's
        question to its worker)."""
        human = seat in self.human or isinstance(ask, ContinueRequest)
        self.request = Request(next(self._ids), seat, human, ask)
        self._emit(Turn(seat, human, ask))

    def _apply(self, seat: int, action: Action, ask: DecisionRequest | None = None) -> None:
        """Change the game through the engine and report what happened (`ask`: the request
        the action answers; None for a claim's cards), then save."""
        self._progress.note(seat, action, ask)
        if seat == 0 and isinstance(action, BidAction):
            self.hidden = False  # a bid made for the player (a shared blind one) shows
        try:
            at = At(self._hand, len(self.game.hands), self.human)
            events = apply_action(at, seat, action, ask)
        except IllegalAction as e:  # only reachable if a validated action raced the state
            kind = ask.kind if ask is not None else "play"
            log.error("seat %d %s %r refused by the engine: %s", seat, kind, action, e)
            self._emit(Illegal(seat, type(action), str(e), action))
            return
        if seat == 0 and isinstance(action, BlindAction) and action.bid is not None:
            self.hidden = False
        for event in events:
            self._emit(event)
        if events:
            self._save()

    # ----- the player's intents ------------------------------------------------------------

    def _on_decision(self, intent: Intent) -> None:
        """The player's bid, card, pass, discard, question, answer or misdeal call: checked
        against the decision asked (decisions.CHECKS), then applied."""
        req = self.request
        hand = self.game.hand
        if req is None or not req.human or hand is None:
            self._refuse(type(intent), "it is not your turn", intent)
            return
        checked = CHECKS[type(intent)](req, hand, intent)
        if isinstance(checked, str):
            self._refuse(type(intent), checked, intent)
            return
        self.request = None
        self._apply(req.seat, checked, req.ask)
        self._advance()

    def _on_show(self, intent: ShowCards) -> None:
        hand = self.game.hand
        req = self.request
        if not self.hidden:
            return
        if hand is not None and hand.agreed[0].startswith("blind"):
            self._refuse(type(intent), "partner agreed to your blind bid: make it before you look")
            return
        self._reveal()
        if req is not None and isinstance(req.ask, BlindRequest) and req.human:
            self.request = None
            self._advance()

    def _on_next_hand(self, intent: NextHand) -> None:
        req = self.request
        if req is None or not req.human:
            self._refuse(type(intent), "it is not your turn")
            return
        if not isinstance(req.ask, ContinueRequest):
            self._refuse(type(intent), "finish this hand first")
            return
        self._need_continue = False
        self.request = None
        self._advance()

    def _on_claim(self, intent: Claim) -> None:
        req = self.request
        hand = self.game.hand
        if req is None or not req.human or not isinstance(req.ask, PlayRequest) or hand is None:
            self._refuse(type(intent), "you can claim the rest only on your turn to play")
            return
        line = self.claim_line(hand, req.seat)
        if line is None:  # the refusal carries what stands in the way, for the table's words
            why = "your cards do not win every remaining trick for sure: play on"
            self._refuse(type(intent), why, claim_obstacle(hand, req.seat))
            return
        self.request = None
        self._emit(Claimed(req.seat, 13 - len(hand.trick_winners)))
        for card in line:
            self._apply(hand.turn, PlayAction(card))
        self._advance()

    # ----- practice's undo -----------------------------------------------------------------

    def _undo_point(self) -> int | None:
        hand = self.game.hand
        return None if hand is None else undo_point(hand, self.human)

    def _on_undo(self, intent: Undo) -> None:
        g = self.game
        if not self.practice:
            self._refuse(type(intent), "undo is for practice: turn Practice mode on in Options")
            return
        if g.over:
            self._refuse(type(intent), "the game is over")
            return
        keep = self._undo_point()
        hand = g.hand
        if keep is None or hand is None:
            self._refuse(type(intent), "there is nothing of yours to undo in this hand")
            return
        scored = len(g.results) == len(g.hands)
        if scored and self._unscored != len(g.hands):
            self._refuse(type(intent), "this position cannot be undone")
            return
        self.request = None
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
        self.undos += 1
        self.practice_hands.add(len(g.hands))
        self._emit(
            Rewound(len(g.hands), total - keep, position=position_of(g, self.hidden, self.human))
        )
        self._save()
        self._advance()

    # ----- what a move gives ---------------------------------------------------------------

    @property
    def _hand(self) -> Hand:
        hand = self.game.hand
        assert hand is not None
        return hand

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    def _save(self) -> None:
        if self.saving:
            self._out.append(SavePoint(self.record()))

    def _refuse(self, refused: type, reason: str, value: object = None) -> None:
        self._emit(Illegal(0, refused, reason, value))

    def _take(self) -> list[Out]:
        out, self._out = self._out, []
        return out


# One handler a type of the player's intents at the table.
_PLAYER: dict[type[Intent], Callable[[TableFlow, Never], None]] = {
    **{kind: TableFlow._on_decision for kind in CHECKS},
    ShowCards: TableFlow._on_show,
    NextHand: TableFlow._on_next_hand,
    Claim: TableFlow._on_claim,
}

PLAYER_INTENTS = tuple(_PLAYER)  # the intents `TableFlow.player` takes
