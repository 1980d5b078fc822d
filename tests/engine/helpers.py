"""Small builders for engine tests: rules, deals and hands from text."""

from __future__ import annotations

import random

from spades_gui.engine import BID, PASS, PLAY, Game, Hand, Rules, mask_of, parse_card, preset_rules
from spades_gui.engine.cards import cards_of
from spades_gui.engine.deck import deck_for
from spades_gui.engine.hand import Position


def rules(preset: str = "pagat", **changes: object) -> Rules:
    """A preset with some options changed."""
    return preset_rules(preset).with_options(**changes)


def deal(r: Rules, out: int = 0, **seats: str) -> list[int]:
    """Four hand masks: the given seats (s0="AS KS ...") get those cards, the rest fill up
    (the cards of mask `out` kept out of every hand)."""
    given = {int(k[1:]): [parse_card(c) for c in v.split()] for k, v in seats.items()}
    used = {c for cs in given.values() for c in cs} | set(cards_of(out))
    rest = [c for c in deck_for(r).cards if c not in used]
    hands = []
    for s in range(4):
        cs = list(given.get(s, []))
        while len(cs) < 13:
            cs.append(rest.pop(0))
        hands.append(mask_of(cs))
    return hands


def hand_at_play(r: Rules, dealer: int = 3, bids: tuple = (3, 3, 3, 3), **seats: str) -> Hand:
    """A hand with the given cards, bids made (in bidding order), ready for the first lead."""
    h = Hand(r, dealer, deal(r, **seats))
    for b in bids:
        h.bid(b)
    return h


def play_text(h: Hand, *cards: str) -> None:
    """Play cards given as text, in turn order."""
    for c in cards:
        h.play(parse_card(c))


def low_bidder(h: Hand) -> int:
    """The smallest plain-number bid allowed (a sensible policy for finishing random games)."""
    nums = [b for b in h.legal_bids() if b < 100]
    return min(nums) if nums else h.legal_bids()[0]


def foreseen_bids(h, rng: random.Random) -> list[int]:
    """Tricks each seat will take if the hand is played with this RNG state (bids don't
    change which cards are legal, so an oracle bidder can keep random games short)."""
    probe = h.copy()
    twin = random.Random()
    twin.setstate(rng.getstate())
    while probe.phase == BID:
        probe.bid(low_bidder(probe))
    while probe.phase == PLAY:
        probe.play(twin.choice(cards_of(probe.legal_plays())))
    return probe.tricks_won


def nearest_bid(h, want: int) -> int:
    """The legal plain bid closest to `want` (nil for 0 where a number 0 is not allowed)."""
    legal = h.legal_bids()
    nums = [b for b in legal if b < 100]
    if want == 0 and 0 not in nums and 100 in legal:
        return 100
    return min(nums, key=lambda b: (abs(b - want), b)) if nums else legal[0]


def play_random_game(r: Rules, seed: int, max_hands: int = 200) -> Game:
    """A whole game: uniformly random legal cards, each seat bidding what it will take."""
    rng = random.Random(seed)
    g = Game(r)
    clock = 0.0
    while not g.over and len(g.hands) < max_hands:
        h = g.deal(rng)
        want = foreseen_bids(h, rng)
        while not h.done:
            if h.phase == BID:
                h.bid(nearest_bid(h, want[h.turn]))
            elif h.phase == PASS:
                h.pass_cards(mask_of(rng.sample(cards_of(h.hands[h.turn]), h.pass_count())))
            elif h.phase == PLAY:
                h.play(rng.choice(cards_of(h.legal_plays())))
        clock += 240.0
        g.finish_hand(clock)
    return g


def position(h: Hand) -> Position:
    """Everything the table knows of a live hand, with all four hands."""
    seat = h.turn
    return Position(
        h.rules,
        h.dealer,
        seat,
        h.phase,
        (h.hands[0], h.hands[1], h.hands[2], h.hands[3]),
        tuple(h.bids),
        h.scores_before,
        taker=h.taker,
        no_trump=tuple(h.no_trump),
        double_nil_team=tuple(h.double_nil_team),
        asking=h.asking,
        agreed=h.agreed[seat],
        refused=h.refused[seat],
        bemo=tuple(h.bemo),
        leader=h.leader,
        first_leader=h.first_leader,
        trick=tuple(h.trick),
        plays=tuple(h.plays),
        tricks_won=tuple(h.tricks_won),
        gone=h.gone,
        spades_broken=h.spades_broken,
        voids=tuple(h.voids),
    )
