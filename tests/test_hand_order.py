"""The hand's order is written once (engine/sequence.py): the controller and the headless
table of `spades simulate` ask the same seats the same things, so the same policies on the
same deal play the same hand in both."""

from __future__ import annotations

import random

import pytest

from spades_gui.ai import make_policy
from spades_gui.ai.arena import play_hand
from spades_gui.controller import Controller
from spades_gui.engine import Game, Hand, preset_rules
from spades_gui.engine.actions import (
    AnswerRequest,
    AskAction,
    AskRequest,
    BidAction,
    BlindRequest,
    MisdealCall,
    MisdealRequest,
)
from spades_gui.engine.record import hand_to_record
from spades_gui.engine.sequence import Progress, Step, asked_blind, next_request

from .test_controller_variations import EVERYTHING, run

BLIND_QUESTIONS = {
    **EVERYTHING,
    "special_card": "",
    "misdeal": ["no_face_cards", "few_spades", "long_suit"],
    "target": 500,
    "match_hands": 0,
}


@pytest.mark.parametrize(
    ("rules", "levels"),
    [
        (preset_rules("tournament"), ("medium", "easy", "medium", "easy")),
        (preset_rules("pagat").with_options(**BLIND_QUESTIONS), ("easy",) * 4),
        (preset_rules("pagat").with_options(**BLIND_QUESTIONS), ("medium", "easy") * 2),
    ],
)
def test_the_controller_and_the_headless_table_play_the_same_hands(rules, levels):
    ctl = Controller.new_game(rules, levels, seed=9, executor="inline")
    try:
        run(ctl, until=lambda ev: len(ctl.game.results) >= 6)
    finally:
        ctl.close(save=False)
    played = ctl.game.hands[:6]
    seats = [make_policy(levels[s], 9 * 4 + s) for s in range(4)]
    game = Game(rules)
    for hand in played:
        play_hand(game, seats, hand.dealer, list(hand.dealt), extra=hand.extra)
        assert hand_to_record(game.hands[-1]) == hand_to_record(hand)
    assert game.results == ctl.game.results[:6]


def _hand(seed: int = 4, **options: object) -> Hand:
    r = preset_rules("pagat").with_options(**options)
    return Game(r).deal(random.Random(seed))


def misdeals(h: Hand) -> list[int]:
    """The seats that may call a misdeal, in bidding order."""
    return [s for s in h.order if h.misdeal_reasons(s)]


def test_a_misdeal_is_offered_first_to_each_seat_that_may_call_one():
    every = ["no_face_cards", "no_spades", "few_spades", "long_suit"]
    h = next(h for k in range(500) if len(misdeals(h := _hand(k, misdeal=every))) >= 2)
    callers = misdeals(h)
    progress = Progress()
    for s in callers:
        step = next_request(h, progress)
        assert step.seat == s and isinstance(step.request, MisdealRequest)
        progress.note(s, MisdealCall(False), step.request)
    step = next_request(h, progress)  # pagat's blind nil, any time: offered before looking
    assert isinstance(step.request, BlindRequest) and step.seat == h.order[0]


def test_a_computer_seat_is_asked_its_blind_question_first_the_player_sees_it_beside_the_bid():
    h = _hand(double_nil_bid=True, double_nil_deficit=0, double_nil_blind=True, blind_nil=False)
    seat = h.turn
    computer = next_request(h, Progress())
    assert computer.request == AskRequest(("blind_double_nil",), blind=True)
    assert asked_blind(computer.request)
    player = next_request(h, Progress(), frozenset({seat}))
    assert isinstance(player.request, BlindRequest)
    assert player.request.asks == ("blind_double_nil",)
    looked = next_request(h, Progress(offered={(seat, "blind")}))
    assert looked.request == AskRequest(("double_nil",))
    assert not asked_blind(looked.request)


def test_partner_answers_and_a_shared_blind_contract_is_bid_by_the_order_itself():
    h = _hand(blind_bids=["blind7plus"], bidding_order="teams")
    first = h.turn
    h.apply(BidAction(207))  # a blind 7 for the team; partner bids next in "teams" order
    step = next_request(h, Progress(blind_asked={first}))
    assert step == Step((first + 2) % 4, auto=BidAction(207))
    q = _hand(no_trump=True)
    asker = q.turn
    q.apply(AskAction("no_trump"))
    assert next_request(q, Progress()) == Step((asker + 2) % 4, AnswerRequest("no_trump"))
