"""Document 001's special bids and actions, decided by rule for every level (issue 10 B).

What a seat does with the two cards left over from a 54-card deal, whether it asks partner to
agree to a no trump or a Double Nil and how partner answers, the number of a blind no trump,
a Bemo declared with a bid, the suit a blind nil bidder asks back, and how a no-trump bidder
keeps its promise in the play.

Hard (and the oracle yardstick built on it) asks, answers, bids blind numbers and declares
Bemos by its search instead (`special_search.py`); the discard, the suit asked back and the
no-trump promise are every level's. A seat that did bid no trump keeps the promise through
`keep_no_trump`, whatever its level chose.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import TypeVar

from ..engine.actions import (
    Action,
    AnswerAction,
    AskAction,
    BidAction,
    BlindAction,
    DiscardAction,
    PassAction,
    PlayAction,
    Question,
)
from ..engine.bids import BLIND, bid_words, is_nil
from ..engine.cards import SPADES, SUIT_NAMES, card_name, cards_of
from ..engine.deck import deck_for
from ..engine.rules import Rules
from .bits import SPADEM, SUITM, Tables, tables_for, top_run
from .decision import Decision
from .evaluate import estimate_tricks, nil_chance, normal_weights, sure_tricks
from .view import SeatView

NIL_HAND = 0.6  # the nil chance of a 13-card hand worth keeping for nil when discarding
DOUBLE_NIL_ASK = 0.6  # the nil chance of my hand to suggest Double Nil
DOUBLE_NIL_AGREE = 0.45  # the nil chance of my hand to agree to partner's Double Nil
LITTLE_BEMO = 8  # sure tricks to declare Little Bemo (the first 6 tricks)
BIG_BEMO = 11  # sure tricks to declare Big Bemo (the first 9)
BLIND_ASKS: tuple[Question, ...] = ("blind_double_nil", "blind_no_trump")  # the order tried
T = TypeVar("T", bound=Action)
LOW_CARD = 5  # strength of a 7: a card this low or lower can duck under most


def _decision(action: T, reason: str) -> Decision[T]:
    return Decision(action, reason, [(action, None)])


def _behind(v: SeatView) -> tuple[int, int, int]:
    """(our score, theirs, the target) before the hand."""
    t = v.team
    return v.scores[t], v.scores[1 - t], v.rules.target


def lost_anyway(v: SeatView) -> bool:
    """Whether the other team is all but sure to win: near the target, far ahead of us."""
    us, them, target = _behind(v)
    return bool(target) and them >= target - 100 and them - us >= 300


# ----- the cards left over from 54 --------------------------------------------------------


def _best_discard(v: SeatView, for_nil: bool) -> int:
    """The two cards whose discard leaves the best 13: the most tricks, or the safest nil."""
    t = tables_for(v.rules)
    deck = deck_for(v.rules)
    cards = cards_of(v.hand)
    best, best_val = 0, -1e9
    for a, b in combinations(cards, 2):
        keep = t.imask(v.hand & ~(1 << a) & ~(1 << b))
        if for_nil:
            val = nil_chance(t, keep)
        else:
            # ties: throw the lowest side cards (keep the trumps and the high cards)
            low = sum(1 for c in (a, b) if deck.suit[c] != SPADES)
            val = (
                estimate_tricks(t, keep)
                + 0.01 * low
                - 0.001 * (deck.strength[a] + deck.strength[b])
            )
        if val > best_val:
            best, best_val = (1 << a) | (1 << b), val
    return best


def decide_discard(
    v: SeatView, level: str = "", rng: random.Random | None = None
) -> Decision[DiscardAction]:
    """Two cards of the 15 to discard face down (001).

    After a nil bid: the two whose loss leaves the safest nil. Before the bidding: the same
    where that leaves a nil hand (chance NIL_HAND or more), otherwise the two whose loss
    costs the fewest tricks: low side cards, shortening a suit to trump in.
    """
    if level == "random" and rng is not None:
        pick = rng.sample(cards_of(v.hand), 2)
        m = (1 << pick[0]) | (1 << pick[1])
        return _decision(DiscardAction(m), "Two random cards.")
    mine = v.bids[v.seat]
    if mine is not None:
        for_nil = is_nil(mine)
    else:
        nil_mask = _best_discard(v, True)
        t = tables_for(v.rules)
        for_nil = v.rules.nil_allowed and nil_chance(t, t.imask(v.hand & ~nil_mask)) >= NIL_HAND
    m = _best_discard(v, for_nil)
    names = " and ".join(card_name(c) for c in cards_of(m))
    why = (
        "the cards likeliest to win a trick, for a nil"
        if for_nil
        else "the cards worth least in tricks"
    )
    return _decision(DiscardAction(m), f"Discard the {names}: {why}.")


def bid_view(v: SeatView, level: str = "") -> SeatView:
    """The view a level bids on: a seat holding 15 cards (it discards after the bidding)
    bids on the 13 it will keep."""
    if v.phase != "bid" or v.hand.bit_count() != 15:
        return v
    gone = decide_discard(v, level).action.cards
    return replace(v, hand=v.hand & ~gone, out_of_play=gone)


# ----- asking partner, and answering ------------------------------------------------------


def _side_tops(t: Tables, im: int) -> int:
    """Side-suit tricks from the top: in each suit, the run of top cards held (at most 2)."""
    n = 0
    for s in range(3):
        n += min(2, top_run(im & SUITM[s], t.full & SUITM[s]))
    return n


def double_nil_need(r: Rules, base: float) -> float:
    """The nil chance a hand needs for Double Nil: less where a made one wins the game, more
    where a failed one loses it."""
    return base - (0.1 if r.double_nil_wins else 0.0) + (0.1 if r.double_nil_loses else 0.0)


def no_trump_hand(t: Tables, im: int) -> bool:
    """A hand (index mask) whose tricks come from side-suit tops, not trumping: at least 3
    such, no fewer than the trick estimate less a half, and 1 to 3 spades."""
    tops = _side_tops(t, im)
    spades = (im & SPADEM).bit_count()
    return tops >= 3 and tops >= estimate_tricks(t, im) - 0.5 and 1 <= spades <= 3


def covers_no_trump(t: Tables, im: int) -> bool:
    """A hand (index mask) that can cover partner's no trump: 3 spades, or about 3 tricks."""
    return (im & SPADEM).bit_count() >= 3 or estimate_tricks(t, im) >= 3.0


def decide_ask(
    v: SeatView, level: str = "", rng: random.Random | None = None
) -> Decision[AskAction]:
    """Whether to ask partner to agree to a no trump, a blind no trump, Double Nil or Blind
    Double Nil before bidding (001); with the hand hidden, only the blind ones.

    - No trump (doubled): when the tricks I expect come from side-suit top cards, not from
      trumping: at least 3 such tricks, no fewer than the trick estimate less a half, and no
      more than 3 spades (one at least: the rules want one).
    - Double Nil: a hand that would make a nil on its own more often than DOUBLE_NIL_ASK
      (0.5 where a made one wins the game, 0.7 where a failed one loses it).
    - The blind ones: only when the other team is all but sure to win the game anyway.
    """
    asks = v.legal_asks()
    hidden = v.hand == 0
    asks = [a for a in asks if a.startswith("blind") == hidden]
    if not asks:
        return _decision(AskAction(None), "Nothing to ask partner.")
    if level == "random" and rng is not None:
        pick = rng.choice(asks) if rng.random() < 0.2 else None
        return _decision(AskAction(pick), "A random question.")
    if hidden:
        if lost_anyway(v):
            for a in BLIND_ASKS:
                if a in asks:
                    return _decision(
                        AskAction(a), "They are about to win: a blind bid is our last chance."
                    )
        return _decision(AskAction(None), "Not desperate enough for a blind gamble.")
    t = tables_for(v.rules)
    im = t.imask(v.hand)
    r = v.rules
    if "double_nil" in asks:
        chance = nil_chance(t, im)
        if chance >= double_nil_need(r, DOUBLE_NIL_ASK):
            return _decision(
                AskAction("double_nil"),
                f"My hand is a nil about {chance:.0%} of the time: ask partner for Double Nil.",
            )
    if "no_trump" in asks and no_trump_hand(t, im):
        return _decision(
            AskAction("no_trump"),
            f"My {_side_tops(t, im)} tricks are side-suit top cards, none by trumping: ask "
            "partner to cover a no trump (double value).",
        )
    return _decision(AskAction(None), "Bid normally.")


def decide_answer(
    v: SeatView, level: str = "", rng: random.Random | None = None
) -> Decision[AnswerAction]:
    """Yes or no to what partner asked (001: "Can you cover a no trump?"; "if the other
    agrees it is played").

    - No trump: yes with 3 spades or more, or a hand of about 3 tricks: I can trump for us.
    - Double Nil: yes with a nil chance of DOUBLE_NIL_AGREE or more (less where a made one
      wins the game, more where a failed one loses it).
    - The blind ones (answered before looking): yes when the other team is all but sure to
      win anyway, as partner saw.
    """
    what = v.asked
    if level == "random" and rng is not None:
        return _decision(AnswerAction(rng.random() < 0.5), "A random answer.")
    if what.startswith("blind"):
        yes = lost_anyway(v)
        why = "we are losing anyway: yes" if yes else "not so desperate: no"
        return _decision(AnswerAction(yes), f"Partner asks for a {what.replace('_', ' ')}: {why}.")
    t = tables_for(v.rules)
    im = t.imask(v.hand)
    if what == "double_nil":
        chance = nil_chance(t, im)
        yes = chance >= double_nil_need(v.rules, DOUBLE_NIL_AGREE)
        return _decision(
            AnswerAction(yes),
            f"My hand is a nil about {chance:.0%} of the time: {'yes' if yes else 'no'} to "
            "Double Nil.",
        )
    spades = (im & SPADEM).bit_count()
    est = estimate_tricks(t, im)
    yes = covers_no_trump(t, im)
    return _decision(
        AnswerAction(yes),
        f"{spades} spades and about {est:.1f} tricks: "
        f"{'yes, I can cover' if yes else 'no, I cannot cover'} a no trump.",
    )


def blind_no_trump_bid(v: SeatView) -> Decision[BlindAction]:
    """The number of a blind no trump partner agreed to (see `blind_no_trump_number`)."""
    best = blind_no_trump_number(v.rules, [b - BLIND for b in v.legal_bids() if b >= BLIND])
    return _decision(
        BlindAction(best), f"{bid_words(best)} no trump: the best chance of the blind numbers."
    )


def blind_no_trump_number(rules: Rules, numbers: list[int]) -> int:
    """The blind no trump (a bid) with the best expected points of these numbers, the team's
    tricks before looking taken as about 6.5, give or take 2."""
    times = {"triple": 3, "double": 2, "single": 1}[rules.no_trump_blind_penalty]
    w = normal_weights(6.5, 2.0)
    best, best_ev = numbers[0], -1e9
    for n in numbers:
        p = sum(w[n:])
        ev = p * 30 * n - (1 - p) * 10 * n * times
        if ev > best_ev:
            best, best_ev = n, ev
    return BLIND + best


# ----- Bemo, the suit asked back, the no-trump promise ------------------------------------


def decide_bemo(v: SeatView, bid: int, level: str = "") -> Decision[BidAction]:
    """Little Bemo (the first 6 tricks) only with LITTLE_BEMO sure tricks or more, Big Bemo
    (the first 9) with BIG_BEMO: the team must win every one of the first tricks."""
    if not v.bemos or level == "random" or v.hand == 0:
        return _decision(BidAction(bid), "No Bemo.")
    t = tables_for(v.rules)
    sure = sure_tricks(t, t.imask(v.hand))
    for tricks, need in ((9, BIG_BEMO), (6, LITTLE_BEMO)):
        if tricks in v.bemos and sure >= need:
            kind = "Big" if tricks == 9 else "Little"
            return _decision(
                BidAction(bid, tricks),
                f"{sure} sure tricks: {kind} Bemo, the first {tricks} tricks.",
            )
    return _decision(BidAction(bid), f"{sure} sure tricks: too few for a Bemo.")


def decide_ask_suit(v: SeatView, cards: int) -> int | None:
    """The suit a blind nil bidder passing `cards` asks back (001): a low card helps a nil
    where its lowest card is high, so the side suit (never a void: a card there would end
    it) whose lowest card is the highest; the shorter suit on a tie. None with no side suit."""
    deck = deck_for(v.rules)
    left = v.hand & ~cards
    best, key = None, None
    for s in range(3):
        mine = left & deck.suit_masks[s]
        if not mine:
            continue
        lowest = min(deck.strength[c] for c in cards_of(mine))
        k = (lowest, -mine.bit_count())
        if key is None or k > key:
            best, key = s, k
    return best


def heed_asked_suit(v: SeatView, d: Decision[PassAction]) -> Decision[PassAction]:
    """Partner passing back to a blind nil bidder heeds the suit asked (001: "partner takes
    this into consideration ... but is not forced"): its lowest card of that suit, if that is
    a 7 or lower."""
    if v.asked_suit is None or v.pass_count != 1:
        return d
    deck = deck_for(v.rules)
    mine = cards_of(v.hand & deck.suit_masks[v.asked_suit])
    if not mine:
        return d
    c = min(mine, key=lambda x: deck.strength[x])
    if deck.strength[c] > LOW_CARD:
        return d
    return _decision(
        PassAction(1 << c),
        f"Partner asked for {SUIT_NAMES[v.asked_suit]}: the {card_name(c)}, low enough to duck.",
    )


def keep_no_trump(v: SeatView, d: Decision[PlayAction]) -> Decision[PlayAction]:
    """A no-trump bidder "promises not to win any tricks with spades, except when spades are
    led" (001): on another suit's lead it discards rather than trump; holding only trumps,
    it plays one that cannot win if it has one, else its lowest."""
    if not v.no_trump[v.seat] or not isinstance(d.action.card, int):
        return d
    deck = deck_for(v.rules)
    if not v.trick:
        return _shed_trumps(v, d)
    if deck.suit[v.trick[0]] == SPADES or deck.suit[d.action.card] != SPADES:
        return d
    legal = v.legal_plays()
    side = legal & ~deck.trump_mask
    if side:
        c = min(cards_of(side), key=lambda x: (deck.strength[x], x))
        why = f"I bid no trump, so no winning by trumping: discard the {card_name(c)}."
        return _decision(PlayAction(c), why)
    trumps = sorted(cards_of(legal), key=lambda x: deck.strength[x])
    top = [x for x in v.trick if deck.suit[x] == SPADES]
    best = max((deck.strength[x] for x in top), default=-1)
    under = [x for x in trumps if deck.strength[x] < best]
    c = under[-1] if under else trumps[0]
    return _decision(PlayAction(c), f"I bid no trump and hold only trumps: the {card_name(c)}.")


def _shed_trumps(v: SeatView, d: Decision[PlayAction]) -> Decision[PlayAction]:
    """On lead, a no-trump bidder with half its hand or more in trumps leads one: a spade led
    breaks no promise, and a hand left with only spades would have to trump. The highest if
    no unseen trump beats it, else the lowest."""
    deck = deck_for(v.rules)
    legal = v.legal_plays()
    trumps = legal & deck.trump_mask
    if not trumps or 2 * (v.hand & deck.trump_mask).bit_count() < v.hand.bit_count():
        return d
    if deck.suit[d.action.card] == SPADES:
        return d
    mine = sorted(cards_of(trumps), key=lambda x: deck.strength[x])
    out = v.unseen() & deck.trump_mask
    master = all(deck.strength[x] < deck.strength[mine[-1]] for x in cards_of(out))
    c = mine[-1] if master else mine[0]
    return _decision(
        PlayAction(c), f"I bid no trump and hold many trumps: lead the {card_name(c)} to shed them."
    )
