"""The policy interface, decisions with reasons, per-decision randomness, a legal fallback."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, TypeVar

from ..engine.actions import (
    Action,
    AnswerAction,
    AnswerRequest,
    AskAction,
    AskRequest,
    BidAction,
    BidRequest,
    BlindAction,
    BlindRequest,
    DecisionRequest,
    DiscardAction,
    DiscardRequest,
    MisdealCall,
    MisdealRequest,
    PassAction,
    PassRequest,
    PlayAction,
    PlayRequest,
    Question,
)
from ..engine.bids import BLIND_NIL, NIL
from ..engine.cards import card_name, cards_of
from ..engine.deck import deck_for
from ..engine.hand import BID, DISCARD, PASS, PLAY, Hand
from . import special_bids
from .decision import Decision, Stop
from .exchange import decide_exchange
from .view import SeatView


class Policy(Protocol):
    """What the table asks of a seat."""

    def call_misdeal(self, view: SeatView, stop: Stop | None = None) -> bool: ...

    def bid_blind(self, view: SeatView, stop: Stop | None = None) -> int | None: ...

    def bid(self, view: SeatView, stop: Stop | None = None) -> int: ...

    def pass_cards(self, view: SeatView, stop: Stop | None = None) -> int: ...

    def play(self, view: SeatView, stop: Stop | None = None) -> int: ...

    def explain(self, view: SeatView, stop: Stop | None = None) -> Decision[Action]: ...


def level_view(view: SeatView, no_target_as: int | None) -> SeatView:
    """The view as a level reads it: a game with no points target (0: 003's match, a clock)
    shown with `no_target_as`, for a level written before such games existed."""
    if no_target_as is None or view.rules.target:
        return view
    return replace(view, rules=replace(view.rules, target=no_target_as))


def plain_bids(view: SeatView) -> list[int]:
    """The legal bids made after looking at the cards (numbers and nil)."""
    return [b for b in view.legal_bids() if b <= NIL]


class BasePolicy:
    """Dispatch, checking and seeding shared by every level."""

    level = "base"
    peeks = False  # a measurement yardstick that is shown all four hands (the oracle)
    no_target_as: int | None = None  # the target a game without one is read as (None: as is)

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.label = self.level  # how `spades simulate` names the seat in its timings

    def rng(self, view: SeatView, salt: str = "") -> random.Random:
        """This decision's random numbers: from the seed and the view, never the clock."""
        h = hashlib.blake2b(
            f"{self.level}:{self.seed}:{salt}:".encode() + view.key(), digest_size=8
        )
        return random.Random(int.from_bytes(h.digest(), "big"))

    # ----- the table's calls ----------------------------------------------------------------

    def call_misdeal(self, view: SeatView, stop: Stop | None = None) -> bool:
        """Whether to throw in a hand that allows a misdeal."""
        if not view.misdeal:
            return False
        return self.decide_misdeal(level_view(view, self.no_target_as)).action.call

    def bid_blind(self, view: SeatView, stop: Stop | None = None) -> int | None:
        """A blind bid before looking, or None to look at the cards."""
        if view.agreed == "blind_no_trump":  # partner agreed: the number is the rule's
            return special_bids.blind_no_trump_bid(view).action.bid
        bid = self.decide_blind(level_view(view, self.no_target_as)).action.bid
        return bid if bid is not None and bid in view.legal_bids() else None

    def bid(self, view: SeatView, stop: Stop | None = None) -> int:
        """A bid from the legal ones (never a blind one: the seat has looked)."""
        a = self.explain(view, stop).action
        if isinstance(a, BlindAction) and a.bid is not None:  # the blind no trump agreed
            return a.bid
        return _of(a, BidAction).bid

    def pass_cards(self, view: SeatView, stop: Stop | None = None) -> int:
        """The mask of cards to pass to partner."""
        return _of(self.explain(view, stop).action, PassAction).cards

    # ----- 001's special bids and actions: one rule for every level (ai/special_bids.py) ----

    def discard(self, view: SeatView, stop: Stop | None = None) -> int:
        """The two cards the taker of the cards left over from 54 discards (a mask)."""
        return _of(self.explain(view, stop).action, DiscardAction).cards

    def ask_partner(self, view: SeatView, stop: Stop | None = None) -> Question | None:
        """What to ask partner to agree to before bidding (a no trump, Double Nil), or None;
        asked with the hand hidden, only the blind ones."""
        what = self.decide_ask(view).action.what
        return what if what in view.legal_asks() else None

    def answer(self, view: SeatView, stop: Stop | None = None) -> bool:
        """Partner's yes or no to what it was asked."""
        return _of(self.explain(view, stop).action, AnswerAction).yes

    def bemo(self, view: SeatView, bid: int, stop: Stop | None = None) -> int:
        """The Bemo (6, 9 tricks) to declare with the bid, or 0."""
        bemo = self.decide_bemo(view, bid).action.bemo
        return bemo if bemo in view.bemos else 0

    def ask_suit(self, view: SeatView, cards: int, stop: Stop | None = None) -> int | None:
        """The suit a blind nil bidder passing `cards` asks back, or None."""
        if not view.may_ask_suit:
            return None
        return special_bids.decide_ask_suit(view, cards)

    def play(self, view: SeatView, stop: Stop | None = None) -> int:
        """A legal card."""
        return _of(self.explain(view, stop).action, PlayAction).card

    def explain(self, view: SeatView, stop: Stop | None = None) -> Decision[Action]:
        """The action this level takes, its reason and the candidate values, checked legal."""
        view = level_view(view, self.no_target_as)
        legal: list[int] | int  # the legal bids, or the mask of the legal cards
        if view.phase == DISCARD:
            return special_bids.decide_discard(view, self.level, self.rng(view, "discard"))
        if view.phase == BID and view.asked:
            return self.decide_answer(view)
        if view.phase == BID:
            if view.agreed == "blind_no_trump":
                return special_bids.blind_no_trump_bid(view)
            d = self.decide_bid(special_bids.bid_view(view, self.level), stop)
            legal = plain_bids(view) or view.legal_bids()
            if d.action.bid not in legal:
                d = Decision(
                    BidAction(_closest_bid(legal, 3)), "fallback: the chosen bid was illegal"
                )
            return d
        if view.phase == PASS:
            if view.may_skip_pass:
                take, why = decide_exchange(view)
                if not take:
                    return Decision(PassAction(0), why, [(PassAction(0), None)])
            p = special_bids.heed_asked_suit(view, self.decide_pass(view, stop))
            m = p.action.cards
            if not isinstance(m, int) or m.bit_count() != view.pass_count or m & ~view.hand:
                low = cards_of(view.hand)[: view.pass_count]
                p = Decision(
                    PassAction(sum(1 << c for c in low)), "fallback: the chosen pass was bad"
                )
            return p
        if view.phase == PLAY:
            legal = view.legal_plays()  # never a renege
            if legal.bit_count() == 1:
                only = PlayAction(cards_of(legal)[0])
                return Decision(
                    only, f"The {card_name(only.card)} is the only legal card.", [(only, None)]
                )
            c = special_bids.keep_no_trump(view, self.decide_play(view, stop))
            if not isinstance(c.action.card, int) or not legal >> c.action.card & 1:
                c = Decision(
                    PlayAction(cards_of(legal)[0]), "fallback: the chosen card was illegal"
                )
            return c
        raise ValueError(f"no decision in the {view.phase!r} phase")

    # ----- what a level implements -----------------------------------------------------------

    def decide_misdeal(self, view: SeatView) -> Decision[MisdealCall]:
        """Whether to call a misdeal."""
        return Decision(MisdealCall(False), "Keep the cards.")

    def decide_blind(self, view: SeatView) -> Decision[BlindAction]:
        """A blind bid or None."""
        return Decision(BlindAction(None), "Look at the cards before bidding.")

    def decide_bid(self, view: SeatView, stop: Stop | None) -> Decision[BidAction]:
        """A bid."""
        raise NotImplementedError

    def decide_ask(self, view: SeatView) -> Decision[AskAction]:
        """What to ask partner to agree to, or None: by the rule of `special_bids.py`."""
        return special_bids.decide_ask(view, self.level, self.rng(view, "ask"))

    def decide_answer(self, view: SeatView) -> Decision[AnswerAction]:
        """Yes or no to what partner asked: by the rule of `special_bids.py`."""
        return special_bids.decide_answer(view, self.level, self.rng(view, "answer"))

    def decide_bemo(self, view: SeatView, bid: int) -> Decision[BidAction]:
        """The bid with the Bemo to declare, or 0: by the rule of `special_bids.py`."""
        return special_bids.decide_bemo(view, bid, self.level)

    def decide_pass(self, view: SeatView, stop: Stop | None) -> Decision[PassAction]:
        """Cards to pass."""
        raise NotImplementedError

    def decide_play(self, view: SeatView, stop: Stop | None) -> Decision[PlayAction]:
        """A card."""
        raise NotImplementedError


def _closest_bid(legal: list[int], want: int) -> int:
    """The legal number bid closest to `want` (nil only if nothing else is legal)."""
    nums = [b for b in legal if b < NIL]
    if not nums:
        return legal[0]
    return min(nums, key=lambda b: (abs(b - want), b))


def legal_fallback(hand: Hand, rng: random.Random) -> Action:
    """A legal action for the seat to act, for when a policy fails: a discard, partner's no, a
    bid, a pass or a card."""
    legal: list[int] | int  # the legal bids, or the mask of the legal cards
    if hand.phase == DISCARD:
        return DiscardAction(sum(1 << c for c in cards_of(hand.hands[hand.taker])[:2]))
    if hand.phase == BID and hand.asking:
        return AnswerAction(False)
    if hand.phase == BID:
        legal = [b for b in hand.legal_bids() if b != BLIND_NIL and b <= NIL]
        return BidAction(_closest_bid(legal or hand.legal_bids(), 3))
    if hand.phase == PASS:
        giver = hand.pass_queue[0][0]
        cards = cards_of(hand.hands[giver])
        return PassAction(sum(1 << c for c in rng.sample(cards, hand.pass_count())))
    if hand.phase == PLAY:
        legal = hand.legal_plays()
        if hand.trick:
            deck = deck_for(hand.rules)
            follow = legal & deck.suit_masks[deck.suit[hand.trick[0]]]
            legal = follow or legal
        return PlayAction(rng.choice(cards_of(legal)))
    raise ValueError(f"no action in the {hand.phase!r} phase")


T = TypeVar("T", bound=Action)


def _of(action: Action, kind: type[T]) -> T:
    """The action, checked to be of the type the table asked for."""
    if not isinstance(action, kind):
        raise TypeError(f"{action!r} where a {kind.__name__} was asked for")
    return action


def _kw(stop: Stop | None) -> dict[str, Stop]:
    """The stop flag as a keyword, only when there is one: a headless table's policies
    (measurement tools' own among them) are called without it."""
    return {} if stop is None else {"stop": stop}


def _bid(policy: BasePolicy, view: SeatView, stop: Stop | None) -> Action:
    """A bid with its Bemo, asking the policy for the Bemo only where the view offers one."""
    bid = policy.bid(view, **_kw(stop))
    return BidAction(bid, policy.bemo(view, bid, **_kw(stop)) if view.bemos else 0)


def _pass(policy: BasePolicy, view: SeatView, stop: Stop | None) -> Action:
    """Cards passed with the suit asked back, asking for the suit only where the view may."""
    cards = policy.pass_cards(view, **_kw(stop))
    ask = policy.ask_suit(view, cards, **_kw(stop)) if cards and view.may_ask_suit else None
    return PassAction(cards, ask)


def _ask(policy: BasePolicy, view: SeatView, stop: Stop | None) -> Action:
    return AskAction(policy.ask_partner(view, **_kw(stop)))


# For each type of request a seat is asked: the policy's method, its answer made the engine's
# typed action. The one place a policy's answer becomes an action.
DECIDE: dict[type, Callable[[BasePolicy, SeatView, Stop | None], Action]] = {
    MisdealRequest: lambda p, v, stop: MisdealCall(p.call_misdeal(v, **_kw(stop))),
    BlindRequest: lambda p, v, stop: BlindAction(p.bid_blind(v, **_kw(stop))),
    AskRequest: _ask,
    AnswerRequest: lambda p, v, stop: AnswerAction(p.answer(v, **_kw(stop))),
    DiscardRequest: lambda p, v, stop: DiscardAction(p.discard(v, **_kw(stop))),
    BidRequest: _bid,
    PassRequest: _pass,
    PlayRequest: lambda p, v, stop: PlayAction(p.play(v, **_kw(stop))),
}


def decide(
    policy: BasePolicy, request: DecisionRequest, view: SeatView, stop: Stop | None = None
) -> Action:
    """A seat's answer to a request, as the engine's typed action."""
    return DECIDE[type(request)](policy, view, stop)
