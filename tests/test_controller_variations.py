"""The controller and document 001's variations: computer seats do every part (the discard,
the questions and answers, Bemo, the suit asked back, the second round), the player's
intents for them are checked, and a failing seat falls back to a legal answer."""

from __future__ import annotations

import random
from typing import Any

from spades_gui.controller import Controller, GameOver, Illegal
from spades_gui.controller.events import (
    Answered,
    Asked,
    BidMade,
    Discarded,
    RaiseProposed,
    Turn,
)
from spades_gui.controller.intents import Answer, AskPartner, Bid, Discard, ShowCards, Undo
from spades_gui.engine import BLIND_NIL, NIL, Game, preset_rules
from spades_gui.engine.game import deal_hand
from spades_gui.engine.rules import Rules

EVERYTHING = {
    "jokers": True,
    "jokers_replace": "",
    "leftover_discard": "after",
    "raise_round": True,
    "bemo": ["little", "big"],
    "special_card": "cut",
    "no_trump": True,
    "no_trump_blind": True,
    "no_trump_blind_deficit": 0,
    "blind_bids": ["blind7plus"],
    "double_nil_bid": True,
    "double_nil_deficit": 0,
    "double_nil_blind": True,
    "double_nil_exchange": True,
    "blind_nil_pass": 1,
    "blind_nil_ask_suit": True,
    "nil_exchange": True,
}


def everything(**more: Any) -> Rules:
    """Pagat's rules with every variation of 001 the table plays, to 500."""
    return preset_rules("pagat").with_options(**EVERYTHING, target=500, match_hands=0, **more)


def run(ctl: Controller, until: Any = None, limit: int = 200_000) -> list[Any]:
    """Pump until the game is over (or `until(events)` holds); every event."""
    events: list[Any] = []
    for _ in range(limit):
        events += ctl.pump()
        if until is not None and until(events):
            return events
        if ctl.game.over and not ctl.pending():
            return events
    raise AssertionError("the game never got there")


def test_computer_seats_play_every_variation_to_the_game_end() -> None:
    ctl = Controller.new_game(everything(), ("easy",) * 4, seed=1, executor="inline")
    try:
        events = run(ctl)
    finally:
        ctl.close(save=False)
    assert any(isinstance(e, GameOver) for e in events)
    assert sum(isinstance(e, Discarded) for e in events) == len(ctl.game.hands)
    assert any(isinstance(e, BidMade) and e.raised for e in events)
    asks = sum(isinstance(e, Asked) for e in events)
    assert asks == sum(isinstance(e, Answered) for e in events)


class Broken:
    """A seat that fails at every decision (it has no method for 001's)."""

    def __getattr__(self, name: str) -> Any:
        def fail(*args: Any, **kw: Any) -> Any:
            raise RuntimeError("boom")

        return fail


def test_a_failing_seat_falls_back_in_every_phase() -> None:
    ctl = Controller.new_game(
        everything(),
        ("easy",) * 4,
        seed=2,
        executor="inline",
        policies={1: Broken(), 3: Broken()},
    )
    try:
        run(ctl, until=lambda ev: len(ctl.game.results) >= 3)
    finally:
        ctl.close(save=False)
    assert all(h.discarded.bit_count() == 2 for h in ctl.game.hands[:3])


def human(rules: Rules, seed: int = 4) -> Controller:
    """A game with the player at seat 0, the table's first decision for the player pending."""
    ctl = Controller.new_game(rules, ("easy",) * 3, seed=seed, executor="inline")
    for _ in range(1000):
        ctl.pump()
        if ctl.human_turn():
            return ctl
    raise AssertionError("the player was never asked")


def refusals(ctl: Controller) -> list[str]:
    """The reasons of the intents refused by the next pump."""
    return [e.reason for e in ctl.pump() if isinstance(e, Illegal)]


def test_the_players_discard_is_checked() -> None:
    ctl = human(
        preset_rules("pagat").with_options(jokers=True, jokers_replace="", first_dealer="human")
    )
    hand = ctl.game.hand
    assert ctl.human_turn("discard")
    three = hand.hands[0] & -hand.hands[0]
    ctl.send(Discard(three))
    assert refusals(ctl) == ["discard exactly two cards from your hand"]
    ctl.send(Bid(3))
    assert refusals(ctl) == ["it is not time to bid"]
    ctl.send(Answer(True))
    assert refusals(ctl) == ["no one has asked you anything"]
    low = hand.hands[0] & -hand.hands[0]
    two = low | ((hand.hands[0] & ~low) & -(hand.hands[0] & ~low))
    ctl.send(Discard(two))
    ctl.pump()
    assert hand.discarded == two


def test_a_bemo_with_a_blind_bid_and_a_question_at_the_wrong_time_are_refused() -> None:
    ctl = human(preset_rules("pagat").with_options(bemo=["little"], no_trump=True), seed=1)
    assert ctl.human_turn("blind")
    ctl.send(Bid(BLIND_NIL, 6))
    assert refusals(ctl) == ["no Bemo can be declared with this bid"]
    ctl.send(AskPartner("no_trump"))  # asked after looking, not while the cards are face down
    assert refusals(ctl) == ["a no trump cannot be asked for now"]
    ctl.send(AskPartner("nonsense"))
    assert refusals(ctl) == ["a nonsense cannot be asked for now"]


def test_show_is_refused_once_partner_agreed_to_a_blind_bid() -> None:
    from spades_gui.ai.simple import EasyPolicy

    class Yes(EasyPolicy):
        def answer(self, view: Any, stop: Any = None) -> bool:
            return True

    r = preset_rules("pagat").with_options(
        blind_bids=["blind7plus"], no_trump=True, no_trump_blind=True, no_trump_blind_deficit=0
    )
    for seed in range(40):
        ctl = Controller.new_game(
            r, ("easy",) * 3, seed=seed, executor="inline", policies={2: Yes(2)}
        )
        run(ctl, until=lambda ev, c=ctl: c.human_turn())
        if ctl.human_turn("blind") and "blind_no_trump" in ctl.game.hand.legal_asks():
            break
        ctl.close(save=False)
    else:
        raise AssertionError("the player never bid first for the team")
    ctl.send(AskPartner("blind_no_trump"))
    run(ctl, until=lambda ev: ctl.human_turn())
    assert ctl.game.hand.agreed[0] == "blind_no_trump" and ctl.human_turn("blind")
    ctl.send(ShowCards())
    assert refusals(ctl) == ["partner agreed to your blind bid: make it before you look"]
    assert ctl.hidden
    ctl.close(save=False)


def test_practice_undo_takes_back_a_discard() -> None:
    r = preset_rules("pagat").with_options(jokers=True, jokers_replace="", first_dealer="human")
    ctl = Controller.new_game(r, ("easy",) * 3, seed=4, executor="inline", practice=True)
    run(ctl, until=lambda ev: ctl.human_turn("discard"))
    held = ctl.game.hand.hands[0]
    low = held & -held
    ctl.send(Discard(low | ((held & ~low) & -(held & ~low))))
    run(ctl, until=lambda ev: ctl.human_turn("bid"))
    ctl.send(Undo())
    run(ctl, until=lambda ev: ctl.human_turn())
    assert ctl.human_turn("discard") and ctl.game.hand.hands[0] == held
    ctl.close(save=False)


def test_practice_undo_takes_back_a_question() -> None:
    r = preset_rules("pagat").with_options(no_trump=True)
    game = Game(r)
    deal, _ = deal_hand(r, 3, random.Random(3))
    game.start_hand(3, deal)  # the player bids first
    ctl = Controller(game, (None, "easy", "easy", "easy"), seed=3, executor="inline", practice=True)
    run(ctl, until=lambda ev: ctl.human_turn())
    ctl.send(ShowCards())  # no blind nil
    run(ctl, until=lambda ev: ctl.human_turn("bid"))
    ctl.send(AskPartner("no_trump"))
    run(ctl, until=lambda ev: ctl.human_turn() and ctl.game.hand.asks[-1].answer is not None)
    ctl.send(Undo())
    run(ctl, until=lambda ev: ctl.human_turn())
    hand = ctl.game.hand
    assert ctl.human_turn("bid") and hand.asks == [] and "no_trump" in hand.legal_asks()
    ctl.close(save=False)


def _agreed_no_trump(seed: int = 3) -> Controller:
    """The player, first to bid, asked partner to cover a no trump and partner said yes."""
    from spades_gui.ai.simple import EasyPolicy

    class Yes(EasyPolicy):
        def answer(self, view: Any, stop: Any = None) -> bool:
            return True

    r = preset_rules("pagat").with_options(no_trump=True)
    game = Game(r)
    deal, _ = deal_hand(r, 3, random.Random(seed))
    game.start_hand(3, deal)  # the player bids first
    ctl = Controller(
        game, (None, "easy", "easy", "easy"), seed=seed, executor="inline", policies={2: Yes(2)}
    )
    run(ctl, until=lambda ev: ctl.human_turn())
    ctl.send(ShowCards())  # no blind nil
    run(ctl, until=lambda ev: ctl.human_turn("bid"))
    ctl.send(AskPartner("no_trump"))
    run(ctl, until=lambda ev: ctl.human_turn("bid") and ctl.game.hand.agreed[0] == "no_trump")
    return ctl


def test_after_partners_yes_to_a_no_trump_the_player_may_still_bid_plain() -> None:
    # 001: "A bid of No Trump requires agreement from partner": a question, not a promise
    ctl = _agreed_no_trump()
    hand = ctl.game.hand
    assert ctl.request is not None and list(ctl.request.options) == hand.legal_bids()
    assert hand.plain_bids() and NIL in hand.plain_bids()
    ctl.send(Bid(14, plain=True))
    assert refusals(ctl) == ["that bid is not allowed here"]
    ctl.send(Bid(NIL, 6, plain=True))
    assert refusals(ctl) == ["no Bemo can be declared with this bid"]
    ctl.send(Bid(NIL, plain=True))
    events = run(ctl, until=lambda ev: any(isinstance(e, BidMade) and e.seat == 0 for e in ev))
    made = next(e for e in events if isinstance(e, BidMade) and e.seat == 0)
    assert made.bid == NIL and hand.bids[0] == NIL and not hand.no_trump[0]
    assert not made.facts.no_trump[0]
    rec = ctl.record()
    assert rec["hands"][0]["bids"][0] == {"seat": 0, "bid": "nil", "no_trump": False}
    ctl.close(save=False)


def test_the_plain_bids_after_a_yes_reach_the_players_turn() -> None:
    ctl = _agreed_no_trump()
    hand = ctl.game.hand
    ctl2 = Controller.from_record(ctl.record(), executor="inline")  # a save at this moment
    ctl.close(save=False)
    events = run(ctl2, until=lambda ev: ctl2.human_turn("bid"))
    turn = [e for e in events if isinstance(e, Turn) and e.human][-1]
    r = turn.request
    assert r.agreed == "no_trump" and r.plain == tuple(ctl2.game.hand.plain_bids())
    assert list(turn.request.options) == hand.legal_bids() == list(range(1, 13))  # partner covers
    ctl2.send(Bid(3))  # without the flag: the no trump, as before
    run(ctl2, until=lambda ev: ctl2.game.hand.bids[0] is not None)
    assert ctl2.game.hand.no_trump[0]
    ctl2.close(save=False)


def _partner_answers_the_raise(seed: int) -> tuple[Controller, list[Any]]:
    """The player deals, so partner bids first for the team and answers its second round; the
    game stops where the player is asked about partner's total."""
    r = preset_rules("pagat").with_options(raise_round=True, first_dealer="human")
    for s in range(seed, seed + 40):
        ctl = Controller.new_game(r, ("easy",) * 3, seed=s, executor="inline")
        events = run(ctl, until=lambda ev, c=ctl: c.human_turn("bid") or c.human_turn("blind"))
        if ctl.human_turn("blind"):
            ctl.send(ShowCards())
            events += run(ctl, until=lambda ev, c=ctl: c.human_turn("bid"))
        hand = ctl.game.hand
        if hand.bids[2] is not None and hand.bids[2] < NIL:
            ctl.send(Bid(ctl.request.options[1]))
            events += run(ctl, until=lambda ev, c=ctl: c.human_turn("bid"))
            return ctl, events
        ctl.close(save=False)
    raise AssertionError("partner never bid a number first")


def test_partners_second_round_total_is_put_to_the_player_who_settles_it() -> None:
    # 001: the second round "proceeds exactly as in partnership bidding": the side agrees
    ctl, events = _partner_answers_the_raise(1)
    hand = ctl.game.hand
    before = hand.team_contract(0)
    put = [e for e in events if isinstance(e, RaiseProposed)]
    assert len(put) == 1 and put[0].seat == 2 and hand.raise_proposal == put[0].total
    assert hand.team_contract(0) == before and hand.turn == 0  # nothing settled yet
    turn = [e for e in events if isinstance(e, Turn) and e.human][-1]
    assert (
        turn.request.raising
        and turn.request.proposed == put[0].total
        and turn.request.options[0] == before
    )
    other = next(t for t in turn.request.options if t != put[0].total)
    ctl.send(Bid(other))  # the player chooses another total: the engine applies the player's
    run(ctl, until=lambda ev: not hand.raising)
    assert hand.team_contract(0) == other
    assert (0, other) in hand.raises and put[0].total in hand.raise_proposals
    rec = ctl.record()["hands"][0]["raises"]
    assert {"seat": 2, "propose": put[0].total} in rec and {"seat": 0, "total": other} in rec
    ctl.close(save=False)


def test_the_player_agrees_to_partners_total_and_a_save_resumes_at_the_question() -> None:
    ctl, events = _partner_answers_the_raise(5)
    put = next(e for e in events if isinstance(e, RaiseProposed))
    again = Controller.from_record(ctl.record(), executor="inline")  # saved at the question
    ctl.close(save=False)
    events = run(again, until=lambda ev: again.human_turn("bid"))
    turn = [e for e in events if isinstance(e, Turn) and e.human][-1]
    assert turn.request.raising and turn.request.proposed == put.total
    again.send(Bid(put.total))
    run(again, until=lambda ev: not again.game.hand.raising)
    assert again.game.hand.team_contract(0) == put.total
    again.close(save=False)


def test_computer_sides_answer_the_second_round_alone() -> None:
    # where no player sits, nothing is put to partner: each side's seat names its total
    r = preset_rules("pagat").with_options(raise_round=True)
    ctl = Controller.new_game(r, ("easy",) * 4, seed=3, executor="inline")
    try:
        events = run(ctl, until=lambda ev: len(ctl.game.results) >= 2)
    finally:
        ctl.close(save=False)
    assert not any(isinstance(e, RaiseProposed) for e in events)
    assert any(isinstance(e, BidMade) and e.raised for e in events)
