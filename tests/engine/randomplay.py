"""Random legal play of a hand under random rules mixes: any action the engine offers."""

from __future__ import annotations

import random
from typing import Any

from spades_gui.engine import BID, NIL, PASS, PLAY, PRESETS, Game, Hand, Rules, RulesError
from spades_gui.engine.cards import cards_of
from spades_gui.engine.hand import DISCARD
from spades_gui.engine.rules import OPTION_BY_NAME

# Options that add actions or change who acts: laid over a preset when they fit with it.
OVERLAYS: tuple[dict[str, Any], ...] = (
    {"raise_round": True},
    {"bemo": ["little", "big"]},
    {"nil_exchange": True},
    {"blind_nil_exchange": "optional", "blind_nil_pass": 1, "blind_nil_ask_suit": True},
    {"blind_nil_exchange": "compulsory", "blind_nil_pass": 2},
    {"misdeal": ["no_face_cards", "no_spades", "few_spades", "long_suit"]},
    {"special_card": "cut"},
    {"renege": "claim_000"},
    {"bid_style": "hint"},
    {"total_not_13": True},
    {"no_bid_one": True},
    {"min_team_bid": 4},
    {"blind_bids": ["blind6", "blind7plus"]},
    {"bidding_order": "round_dealer"},
    {"zero_is_nil": False},
    {"jokers": True, "jokers_replace": "", "high_twos": "S", "leftover_discard": "after"},
    {"jokers": True, "jokers_replace": "", "high_twos": "", "leftover_to": "two_clubs"},
    {"no_trump": True, "no_trump_blind": True, "no_trump_blind_deficit": 0},
    {"double_nil_bid": True, "double_nil_deficit": 0, "double_nil_blind": True},
)

# Every option that changes which cards may be played; each takes any of its choices.
PLAY_OPTIONS = (
    "first_lead",
    "spades_lead",
    "spades_first_trick",
    "renege",
    "jokers",
    "jokers_replace",
    "high_twos",
)

PRESET_NAMES = sorted(PRESETS)


def choices(option: str) -> list[Any]:
    """The values an option takes, as the settings screen offers them."""
    return [value for value, _words in OPTION_BY_NAME[option].choices]


def overlaid(base: Rules, changes: list[dict[str, Any]]) -> Rules:
    """The base with each set of changes that goes with the rest laid over it in turn."""
    rules = base
    for change in changes:
        try:
            rules = rules.with_options(**change)
        except RulesError:
            continue  # e.g. an exchange of one card asked with blind nil off
    return rules


def fitted(base: Rules, changes: dict[str, Any]) -> Rules:
    """The base with the changes; without raising a 2 where one left the deck for the jokers;
    the base where they still do not fit."""
    try:
        return base.with_options(**changes)
    except RulesError:
        try:
            return base.with_options(**(changes | {"high_twos": ""}))
        except RulesError:
            return base


def dealt(rules: Rules, rng: random.Random) -> Hand:
    """A hand dealt by a game under the rules, with random scores before it."""
    scores = (rng.randrange(-200, 400, 10), rng.randrange(-200, 400, 10))
    return Game(rules, scores).deal(rng)


DOUBLE_NIL = {"double_nil_bid": True, "double_nil_deficit": 0, "double_nil_exchange": True}


def steered_action(h: Hand, rng: random.Random, double_nil: bool) -> bool:
    """A random legal action, but for a Double Nil asked for, agreed and bid where `double_nil`
    (random bids would seldom make one)."""
    if double_nil and h.phase == BID and not h.raising:
        if h.asking:
            h.answer(True)
            return True
        if "double_nil" in h.legal_asks():
            h.ask("double_nil")
            return True
        if h.agreed[h.turn] == "double_nil" and NIL in h.legal_bids():
            h.bid(NIL)
            return True
    if h.phase == BID and not h.asking and not h.legal_bids():
        # A partner's no trump may leave bids only without it, or (a Tournament no trump of
        # 13, its partner to bid) none at all: the hand stops there.
        plain = h.plain_bids()
        if plain:
            h.bid(rng.choice(plain), plain=True)
        return bool(plain)
    return random_action(h, rng)


def played_game(rules: Rules, rng: random.Random, hands: int, double_nil: bool) -> Game:
    """A game of up to `hands` hands played at random (fewer if it ends), with random scores
    and bags to begin with; Double Nils steered for where `double_nil`."""
    game = Game(rules, (rng.randrange(-100, 200, 10), 0), (rng.randrange(10), rng.randrange(10)))
    while len(game.hands) < hands and not game.over:
        h = game.deal(rng)
        while steered_action(h, rng, double_nil):
            pass
        if not h.done:
            break
        game.finish_hand()
    return game


def random_action(h: Hand, rng: random.Random) -> bool:
    """Take one randomly chosen legal action for the seat to act; False when the hand is done."""
    if h.done:
        return False
    if h.phase == DISCARD:
        h.discard(_some(h, 2, rng))
    elif h.phase == BID:
        _bidding_action(h, rng)
    elif h.phase == PASS:
        if h.may_skip_pass() and rng.random() < 0.3:
            h.pass_cards(0)
            return True
        ask = rng.randrange(4) if h.may_ask_suit() and rng.random() < 0.5 else None
        h.pass_cards(_some(h, h.pass_count(), rng), ask)
    elif h.phase == PLAY:
        h.play(rng.choice(cards_of(h.legal_plays())))
    return True


def _bidding_action(h: Hand, rng: random.Random) -> None:
    """A misdeal, a question to partner, partner's answer, or a bid (with a Bemo)."""
    callers = [s for s in range(4) if h.misdeal_reasons(s)]
    if callers and rng.random() < 0.05:
        h.call_misdeal(rng.choice(callers))
        return
    if h.asking:
        h.answer(rng.random() < 0.5)
        return
    asks = h.legal_asks()
    if asks and rng.random() < 0.3:
        h.ask(rng.choice(asks))
        return
    bemos = h.legal_bemos()
    h.bid(rng.choice(h.legal_bids()), rng.choice(bemos) if bemos and rng.random() < 0.3 else 0)


def _some(h: Hand, n: int, rng: random.Random) -> int:
    """A mask of n random cards of the seat to act."""
    return sum(1 << c for c in rng.sample(cards_of(h.hands[h.turn]), n))


def state(h: Hand) -> dict[str, Any]:
    """Everything a hand holds, as plain comparable values."""
    return {name: _plain(getattr(h, name)) for name in Hand.__slots__}


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value
