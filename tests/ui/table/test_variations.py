"""Document 001's variations at the table, driven like a player: the discard of the cards left
over, the questions to partner (no trump, Double Nil, and their blind kinds), Bemo, the special
card, the suit asked back, the second round of bidding; and saves in each of these phases."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.ai.simple import EasyPolicy
from spades_gui.controller import Controller
from spades_gui.engine import BLIND_NIL, NIL, Game, Rules, preset_rules
from spades_gui.engine.actions import PartnerAsk
from spades_gui.engine.bids import BLIND
from spades_gui.engine.cards import SUIT_NAMES, cards_of
from spades_gui.engine.game import deal_hand
from spades_gui.ui.table import TableScene, resume_scene
from spades_gui.ui.words import SPECIAL_LEGEND, SPECIAL_MARK, signed

if TYPE_CHECKING:
    from tests.conftest import Pilot

LEFTOVER = {"jokers": True, "jokers_replace": ""}  # 54 cards, two left over (001)


class Scripted(EasyPolicy):
    """An Easy seat that asks partner `ask` whenever it may, answers `yes`, and bids `blind`
    before looking where that is legal."""

    def __init__(
        self, seed: int, ask: str = "", yes: bool = True, blind: int | None = None
    ) -> None:
        super().__init__(seed)
        self.ask, self.yes, self.blind = ask, yes, blind

    def ask_partner(self, view: Any, stop: Any = None) -> str | None:
        """The scripted question, where it is legal."""
        return self.ask if self.ask in view.legal_asks() else None

    def answer(self, view: Any, stop: Any = None) -> bool:
        """The scripted answer."""
        return self.yes

    def bid_blind(self, view: Any, stop: Any = None) -> int | None:
        """The scripted blind bid, where it is legal."""
        if self.blind is not None and self.blind in view.legal_bids():
            return self.blind
        return super().bid_blind(view, stop)


pytestmark = pytest.mark.real_loop


def rules(**options: Any) -> Rules:
    """Pagat's rules with these options."""
    return preset_rules("pagat").with_options(**options)


def dealt(
    pilot: Pilot,
    r: Rules,
    dealer: int,
    seed: int = 3,
    policies: dict[int, Any] | None = None,
    saved: list[dict[str, Any]] | None = None,
    prefs: dict[str, Any] | None = None,
) -> TableScene:
    """A table whose first hand this dealer has just dealt (AI seats answer at once)."""
    game = Game(r)
    deal, extra = deal_hand(r, dealer, random.Random(seed))
    game.start_hand(dealer, deal, extra=extra)
    ctl = Controller(
        game,
        (None, "easy", "easy", "easy"),
        seed=seed,
        executor="inline",
        policies=policies,
        save_fn=saved.append if saved is not None else None,
    )
    pilot.open()
    return pilot.show(TableScene(pilot.app, ctl, {"animation": "off", **(prefs or {})}))


def at(pilot: Pilot, kind: str) -> None:
    """Frames until the player is asked for a decision of this kind (answering the others)."""
    pilot.play_until(lambda: pilot.human_turn(kind))
    pilot.step()


def resumed(pilot: Pilot, scene: TableScene) -> TableScene:
    """The same game saved now, closed and continued in a new window."""
    record = scene.ctl.record()
    scene.ctl.close(save=False)
    pilot.open()
    return pilot.show(resume_scene(pilot.app, record, prefs={"animation": "off"}))


# ----- 1. the discard of the cards left over ------------------------------------------------


def test_the_taker_of_the_cards_left_over_discards_two_by_clicks(pilot: Pilot) -> None:
    scene = pilot.table(rules(**LEFTOVER, first_dealer="human"), seed=4)
    ctl, v = scene.ctl, scene.view
    at(pilot, "discard")
    hand = ctl.game.hand
    assert hand.taker == 0 and hand.hands[0].bit_count() == 15
    assert len(scene.render.hand_rects) == 15 and v.received == hand.extra  # marked "New"
    assert not scene.button("discard").enabled
    chosen = v.south_cards()[:2]
    for card in chosen:
        pilot.click(scene.card_point(card))
    assert v.selected == set(chosen) and scene.button("discard").enabled
    pilot.click_button("discard")
    pilot.until(lambda: hand.phase == "bid")
    assert hand.discarded == sum(1 << c for c in chosen)
    assert hand.hands[0].bit_count() == 13 and v.counts[0] == 13
    pilot.play_until(lambda: v.result is not None)
    assert sum(ctl.game.hands[0].tricks_won) == 13


def test_after_the_bidding_a_computer_taker_discards_and_the_hand_goes_on(pilot: Pilot) -> None:
    scene = pilot.table(rules(**LEFTOVER, leftover_discard="after"), seed=5)
    v = scene.view
    pilot.play_until(lambda: v.result is not None)
    hand = scene.ctl.game.hands[0]
    assert hand.discarded.bit_count() == 2 and sum(hand.tricks_won) == 13
    if hand.taker != 0:
        assert v.counts[hand.taker] == 0


def test_a_game_saved_at_the_discard_continues_there(pilot: Pilot) -> None:
    scene = pilot.table(rules(**LEFTOVER, first_dealer="human"), seed=4)
    at(pilot, "discard")
    held = scene.ctl.game.hand.hands[0]
    again = resumed(pilot, scene)
    at(pilot, "discard")
    assert again.ctl.game.hand.hands[0] == held and again.view.south == held
    assert len(again.render.hand_rects) == 15
    assert again.button("discard") is not None


# ----- 2. no trump: asking, answering, the no-trump bid, blind no trump -----------------------


def test_the_player_asks_partner_to_cover_a_no_trump_and_bids_it(pilot: Pilot) -> None:
    scene = dealt(pilot, rules(no_trump=True), dealer=3, policies={2: Scripted(9, yes=True)})
    hand = scene.ctl.game.hand
    at(pilot, "bid")
    assert hand.hands[0] & hand.deck.trump_mask  # a spade: the question may be asked
    pilot.click_button("ask:no_trump")
    pilot.until(lambda: pilot.human_turn("bid") and scene.view.prompt.request.agreed == "no_trump")
    pilot.step()
    assert hand.asks == [PartnerAsk(0, "no_trump", True)]
    assert "Your no-trump bid" in pilot.texts_drawn()
    assert scene.button("bid:100") is None  # no nil with a no trump
    pilot.click_button("bid:3")
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == 3 and hand.no_trump[0]
    assert "Bid 3 NT" in scene.render.plate_info(0)


def test_after_partners_yes_the_player_may_bid_without_the_no_trump(pilot: Pilot) -> None:
    # 001: "A bid of No Trump requires agreement from partner": the question binds no one
    scene = dealt(pilot, rules(no_trump=True), dealer=3, policies={2: Scripted(9, yes=True)})
    hand, v = scene.ctl.game.hand, scene.view
    at(pilot, "bid")
    pilot.click_button("ask:no_trump")
    pilot.until(lambda: pilot.human_turn("bid") and v.prompt.request.agreed == "no_trump")
    pilot.step()
    assert scene.button(f"bid:{NIL}") is None and scene.button("bid:12") is not None
    assert scene.button("plain").text == "Bid without no trump"
    pilot.click_button("plain")
    assert "Your bid" in pilot.texts_drawn() and "Your no-trump bid" not in pilot.texts_drawn()
    assert scene.button(f"bid:{NIL}") is not None  # the plain bids, nil among them
    assert scene.button("plain").text == "Back to no trump"
    pilot.click_button("plain")  # and back again
    assert scene.button(f"bid:{NIL}") is None and "Your no-trump bid" in pilot.texts_drawn()
    pilot.click_button("plain")
    pilot.click_button("bid:4")
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == 4 and not hand.no_trump[0]
    assert scene.render.plate_info(0).startswith("Bid 4") and "NT" not in scene.render.plate_info(0)


def test_the_keyboard_reaches_the_plain_bids_after_a_yes(pilot: Pilot) -> None:
    scene = dealt(pilot, rules(no_trump=True), dealer=3, policies={2: Scripted(9, yes=True)})
    hand, v = scene.ctl.game.hand, scene.view
    at(pilot, "bid")
    pilot.click_button("ask:no_trump")
    pilot.until(lambda: pilot.human_turn("bid") and v.prompt.request.agreed == "no_trump")
    pilot.step()
    for _ in range(60):  # Tab to the switch, as a keyboard player would
        names = [b.name for b in scene.input.active_buttons()]
        if 0 <= v.focus_button < len(names) and names[v.focus_button] == "plain":
            break
        pilot.key(pygame.K_TAB)
    pilot.key(pygame.K_RETURN)
    assert v.plain_chosen and scene.button(f"bid:{NIL}") is not None
    names = [b.name for b in scene.input.active_buttons()]
    assert names[v.focus_button] == "plain"  # the focus stayed on the switch
    while names[v.focus_button] != f"bid:{NIL}":
        pilot.key(pygame.K_TAB)
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == NIL and not hand.no_trump[0]


def test_partner_refuses_and_the_question_is_not_offered_again(pilot: Pilot) -> None:
    scene = dealt(pilot, rules(no_trump=True), dealer=3, policies={2: Scripted(9, yes=False)})
    at(pilot, "bid")
    pilot.click_button("ask:no_trump")
    pilot.until(lambda: pilot.human_turn("bid") and scene.ctl.game.hand.asks[-1].answer is False)
    pilot.step()
    assert scene.button("ask:no_trump") is None and scene.button("bid:3") is not None


def test_asked_before_sending_a_no_trump_bid_or_a_plain_one(pilot: Pilot) -> None:
    """The question "Ask before sending a bid" asks names the no trump, and yes sends the bid
    the panel showed: after "Bid without no trump", a plain bid, typed or clicked."""
    r = rules(no_trump=True)
    policies = {2: Scripted(9, yes=True)}
    scene = dealt(pilot, r, dealer=3, policies=policies, prefs={"confirm_bid": True})
    hand, v = scene.ctl.game.hand, scene.view
    at(pilot, "bid")
    pilot.click_button("ask:no_trump")
    pilot.until(lambda: pilot.human_turn("bid") and v.prompt.request.agreed == "no_trump")
    pilot.step()
    pilot.click_button("bid:3")
    assert "Bid 3 no trump?" in pilot.texts_drawn() and hand.bids[0] is None
    pilot.click_button("confirm:no")
    pilot.click_button("plain")
    pilot.key(pygame.K_0)  # nil is among the plain bids
    assert v.toast_text == "Press Enter to bid Nil"
    pilot.key(pygame.K_4)
    pilot.key(pygame.K_RETURN)
    assert "Bid 4?" in pilot.texts_drawn() and hand.bids[0] is None
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bids[0] == 4 and not hand.no_trump[0]


def test_the_player_answers_partners_no_trump_question(pilot: Pilot) -> None:
    # dealer 1: North bids first and asks
    scene = dealt(pilot, rules(no_trump=True), dealer=1, policies={2: Scripted(9, "no_trump")})
    hand = scene.ctl.game.hand
    at(pilot, "answer")
    assert not scene.view.hidden  # a player looks to answer
    assert "Partner asks: Can you cover a no trump?" in pilot.texts_drawn()
    pilot.click_button("answer:yes")
    pilot.until(lambda: hand.bids[2] is not None)
    assert hand.asks == [PartnerAsk(2, "no_trump", True)] and hand.no_trump[2]


def test_the_player_asks_for_a_blind_no_trump_before_looking(pilot: Pilot) -> None:
    r = rules(blind_bids=["blind7plus"], no_trump=True, no_trump_blind=True)
    scene = dealt(pilot, r.with_options(no_trump_blind_deficit=0), 3, policies={2: Scripted(9)})
    hand = scene.ctl.game.hand
    at(pilot, "blind")
    assert scene.view.hidden
    pilot.click_button("ask:blind_no_trump")
    pilot.until(lambda: pilot.human_turn("blind") and scene.view.prompt.request.agreed)
    pilot.step()
    assert scene.view.hidden and scene.button("show") is None  # the bid is made blind
    pilot.click_button(f"bid:{BLIND + 6}")
    pilot.until(lambda: hand.bids[2] is not None)
    assert hand.bids[0] == BLIND + 6 and hand.no_trump[0] and hand.bids[2] == BLIND + 6


# ----- 3. Double Nil: the ask, the answer, the nil bids, blind, the exchange -----------------


def test_the_player_asks_for_double_nil_and_both_exchange_two_cards(pilot: Pilot) -> None:
    r = rules(double_nil_bid=True, double_nil_deficit=0, double_nil_exchange=True)
    scene = dealt(pilot, r, dealer=3, policies={2: Scripted(9)})
    hand, v = scene.ctl.game.hand, scene.view
    at(pilot, "bid")
    pilot.click_button("ask:double_nil")
    pilot.until(lambda: pilot.human_turn("bid") and v.prompt.request.agreed == "double_nil")
    pilot.step()
    assert v.prompt.request.options == (NIL,)
    pilot.click_button(f"bid:{NIL}")
    at(pilot, "pass")
    assert hand.bids[0] == NIL and hand.bids[2] == NIL and hand.double_nil_team[0]
    assert v.prompt.request.options == 2
    before = hand.hands[0]
    given = v.south_cards()[:2]
    for card in given:
        pilot.click(scene.card_point(card))
    pilot.click_button("pass")
    pilot.until(lambda: hand.phase == "play")
    got = [c for c in cards_of(hand.hands[0]) if not before >> c & 1]
    assert len(got) == 2 and not any(hand.hands[0] >> c & 1 for c in given)
    pilot.until(lambda: v.received != 0 or v.south == hand.hands[0])
    assert v.south == hand.hands[0]


def test_the_player_agrees_to_partners_double_nil_and_bids_nil(pilot: Pilot) -> None:
    r = rules(double_nil_bid=True, double_nil_deficit=0)
    scene = dealt(pilot, r, dealer=1, policies={2: Scripted(9, "double_nil")})
    hand = scene.ctl.game.hand
    at(pilot, "answer")
    pilot.click_button("answer:yes")
    at(pilot, "bid")
    assert scene.view.prompt.request.options == (NIL,) and "Double Nil" in pilot.texts_drawn()
    pilot.click_button(f"bid:{NIL}")
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.double_nil_team[0] and hand.bids[0] == NIL
    assert scene.render.plate_info(0).startswith("Double nil")


def test_blind_double_nil_asked_before_looking(pilot: Pilot) -> None:
    r = rules(double_nil_bid=True, double_nil_deficit=0, double_nil_blind=True)
    scene = dealt(pilot, r, dealer=3, policies={2: Scripted(9)})
    hand = scene.ctl.game.hand
    at(pilot, "blind")
    pilot.click_button("ask:blind_double_nil")
    pilot.until(lambda: hand.bids[2] is not None)
    assert hand.bids[0] == BLIND_NIL and hand.bids[2] == BLIND_NIL and hand.double_nil_team[0]


# ----- 4. Bemo ------------------------------------------------------------------------------


def test_a_bemo_is_declared_with_the_bid(pilot: Pilot) -> None:
    scene = pilot.table(rules(bemo=["little", "big"]), seed=3)
    at(pilot, "bid")
    hand = scene.ctl.game.hand
    pilot.click_button("bemo:6")
    assert scene.view.bemo_chosen == 6 and scene.button("bemo:6").style == "accent"
    pilot.click_button("bemo:6")  # a second click takes it back
    assert scene.view.bemo_chosen == 0
    pilot.click_button("bemo:9")
    bid = next(b for b in scene.view.prompt.request.options if b < NIL)
    pilot.click_button(f"bid:{bid}")
    pilot.until(lambda: hand.bids[0] is not None)
    assert hand.bemo[0] == 9 and "Bemo 9" in scene.render.plate_info(0)


# ----- 5. the special card ------------------------------------------------------------------


@pytest.mark.parametrize("card", ["3S", "cut"])
def test_the_special_card_is_shown_and_scored(pilot: Pilot, card: str) -> None:
    scene = pilot.table(rules(special_card=card), seed=6)
    v = scene.view
    at(pilot, "bid")
    special = scene.ctl.game.hand.special
    assert special is not None and v.facts.special == special
    scene.draw(pilot.app.screen)
    assert any(name == "special" for _, name, _ in scene.render.drawn)
    texts = pilot.texts_drawn()
    assert any(t.startswith("Special card: ") for t in texts)
    if card == "3S":
        assert "Special card: 3 of spades" in texts
    pilot.play_until(lambda: v.result is not None)
    team = scene.ctl.game.hands[0].special_team()
    assert team is not None and v.result.special_team == team
    assert "Special card" in pilot.texts_drawn()  # a row of the hand's summary
    pts = signed(scene.ctl.game.results[0].teams[team].points) + SPECIAL_MARK
    pilot.click_button("continue")
    pilot.key(pygame.K_s)  # the score pad marks the team's points and says why
    assert scene.view.overlay == "scores"
    scene.draw(pilot.app.screen)
    texts = pilot.texts_drawn()
    assert pts in texts and SPECIAL_LEGEND in texts


# ----- 6. the suit asked back ---------------------------------------------------------------

ASK_SUIT = {"blind_nil_pass": 1, "blind_nil_ask_suit": True, "blind_nil_exchange": "compulsory"}


def test_a_blind_nil_bidder_names_the_suit_it_wants_back(pilot: Pilot) -> None:
    scene = pilot.table(rules(**ASK_SUIT), seed=1)
    at(pilot, "blind")
    hand = scene.ctl.game.hand
    pilot.click_button(f"bid:{BLIND_NIL}")
    at(pilot, "pass")
    assert scene.view.prompt.request.ask_suit
    pilot.click_button("suit:2")
    card = scene.view.south_cards()[0]
    pilot.click(scene.card_point(card))
    pilot.click_button("pass")
    pilot.until(lambda: hand.phase == "play")
    assert hand.pass_asks[0] == 2 and hand.passes[0] == (0, 2, 1 << card)


def test_passing_back_the_player_sees_the_suit_asked(pilot: Pilot) -> None:
    r = rules(**ASK_SUIT)
    scene = dealt(pilot, r, dealer=1, policies={2: Scripted(9, blind=BLIND_NIL)})
    hand = scene.ctl.game.hand
    at(pilot, "pass")
    asked = hand.asked_suit()
    assert asked is not None and scene.view.prompt.request.asked_suit == asked
    assert f"asked for {SUIT_NAMES[asked]}" in " ".join(pilot.texts_drawn())
    again = resumed(pilot, scene)  # saved while passing back
    at(pilot, "pass")
    assert again.view.prompt.request.asked_suit == asked


# ----- 7. the second round ------------------------------------------------------------------


def test_the_player_raises_the_teams_bid_in_the_second_round(pilot: Pilot) -> None:
    scene = dealt(pilot, rules(raise_round=True), dealer=3)
    hand = scene.ctl.game.hand
    at(pilot, "bid")
    pilot.click_button(f"bid:{scene.view.prompt.request.options[0]}")
    pilot.until(lambda: pilot.human_turn("bid") and scene.view.prompt.request.raising)
    pilot.step()
    team = hand.team_contract(0)
    assert scene.button(f"bid:{team}").text == f"Keep {team}"
    again = resumed(pilot, scene)  # saved at the second round
    at(pilot, "bid")
    assert again.view.prompt.request.raising and again.view.prompt.request.options[0] == team
    pilot.click_button(f"bid:{team + 1}")
    hand = again.ctl.game.hand
    pilot.until(lambda: hand.raises and hand.raises[0][0] == 0)
    assert hand.raises[0] == (0, team + 1) and hand.team_contract(0) == team + 1


class Raiser(EasyPolicy):
    """An Easy seat that bids `first` in the first round and names `total` in the second."""

    def __init__(self, seed: int, first: int, total: int) -> None:
        super().__init__(seed)
        self.first, self.total = first, total

    def bid(self, view: Any, stop: Any = None) -> int:
        """The scripted bid, or the scripted total in the second round."""
        second = all(b is not None for b in view.bids)
        want = self.total if second else self.first
        return want if want in view.legal_bids() else super().bid(view, stop)


def _partners_total(pilot: Pilot, total: int = 7) -> TableScene:
    """The player deals: partner bids 3 first for the team and puts `total` to the player in
    the second round; the player bid 2."""
    r = rules(raise_round=True)
    scene = dealt(pilot, r, dealer=0, policies={2: Raiser(9, 3, total)})
    at(pilot, "bid")
    assert scene.ctl.game.hand.bids[2] == 3
    pilot.click_button("bid:2")
    pilot.until(lambda: pilot.human_turn("bid") and scene.view.prompt.request.raising)
    pilot.step()
    return scene


def test_partners_second_round_total_is_the_players_to_agree_or_change(pilot: Pilot) -> None:
    # 001: the second round "proceeds exactly as in partnership bidding": the side agrees
    scene = _partners_total(pilot)
    hand, v = scene.ctl.game.hand, scene.view
    assert hand.raise_proposal == 7 and hand.team_contract(0) == 5  # nothing settled yet
    assert v.bubbles[2].text == "I'd raise to 7"
    texts = pilot.texts_drawn()
    assert "Agree your team's bid" in texts
    assert "Partner would raise it from 5 to 7: agree, or choose another total." in texts
    assert scene.button("bid:7").text == "Agree: 7" and scene.button("bid:7").style == "accent"
    assert scene.button("bid:5").text == "Keep 5"
    east = hand.raises[0][0]  # the other team answered first, and its plate shows it
    assert east % 2 == 1
    assert any(w in scene.render.plate_info(east) for w in ("Raised to", "Kept"))
    pilot.click_button("bid:8")  # the player's total, not partner's
    pilot.until(lambda: not hand.raising)
    assert hand.team_contract(0) == 8 and hand.raises[-1] == (0, 8)
    assert v.toast_text == "Partner said 7; you make our bid 8"
    pilot.play_until(lambda: v.result is not None)
    texts = pilot.texts_drawn()  # the hand's summary tells the second round
    assert "Second round" in texts and "You: 5 raised to 8" in texts
    assert f"You: bid 2, took {hand.tricks_won[0]}" in texts
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")  # the review's bidding: the first round, then the second
    pilot.step()
    texts = pilot.texts_drawn()
    assert "4 bids, then the second round, in the order made." in texts
    assert "Would make it 7" in texts and "Raised to 8" in texts and "2" in texts


def test_enter_agrees_to_partners_second_round_total(pilot: Pilot) -> None:
    scene = _partners_total(pilot, total=5)  # partner would keep the team's 5
    hand, v = scene.ctl.game.hand, scene.view
    assert v.bubbles[2].text == "I'd keep 5" and scene.button("bid:5").text == "Agree: keep 5"
    assert "Partner would keep 5: agree, or raise it." in pilot.texts_drawn()
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: not hand.raising)
    assert hand.team_contract(0) == 5 and hand.raise_proposals[-1] == 5
    assert v.toast_text == "You agree with Partner: our bid is 5"


def test_a_typed_second_round_total_is_the_total_where_partners_bid_by_hint(
    pilot: Pilot,
) -> None:
    """In the second round the buttons are team totals, also where the first round's number
    added to partner's hint: "8" chooses 8, and "Ask before sending a bid" asks about 8."""
    r = rules(raise_round=True, bid_style="hint")
    scene = dealt(pilot, r, dealer=0, policies={2: Raiser(9, 3, 7)}, prefs={"confirm_bid": True})
    hand, v = scene.ctl.game.hand, scene.view
    at(pilot, "bid")
    assert hand.bids[2] == 3
    pilot.key(pygame.K_5)  # the team's total: 3 hinted and 2 more
    pilot.key(pygame.K_RETURN)
    assert "Team bid 5?" in pilot.texts_drawn()
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: pilot.human_turn("bid") and v.prompt.request.raising)
    pilot.step()
    assert hand.team_contract(0) == 5 and v.prompt.request.proposed == 7
    pilot.key(pygame.K_8)
    assert v.toast_text == "Press Enter to bid 8"
    pilot.key(pygame.K_RETURN)
    assert "Team bid 8?" in pilot.texts_drawn() and hand.raising
    pilot.key(pygame.K_RETURN)
    pilot.until(lambda: not hand.raising)
    assert hand.team_contract(0) == 8 and hand.raises[-1] == (0, 8)


def test_a_game_saved_at_partners_total_continues_there(pilot: Pilot) -> None:
    scene = _partners_total(pilot)
    again = resumed(pilot, scene)
    at(pilot, "bid")
    assert again.view.prompt.request.raising and again.view.prompt.request.proposed == 7
    assert again.button("bid:7").text == "Agree: 7"


def test_every_variation_together_plays_a_hand_to_its_end(pilot: Pilot) -> None:
    r = rules(
        **LEFTOVER,
        raise_round=True,
        bemo=["little", "big"],
        special_card="cut",
        no_trump=True,
        double_nil_bid=True,
        double_nil_deficit=0,
        nil_exchange=True,
    )
    scene = pilot.table(r, seed=2, levels=("easy", "easy", "easy"))
    pilot.play_until(lambda: len(scene.ctl.game.results) >= 2)
    assert all(sum(h.tricks_won) == 13 for h in scene.ctl.game.hands[:2])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("taker", [0, 1, 2, 3])
def test_fifteen_cards_and_the_new_panels_stay_inside_and_apart(
    pilot: Pilot, size: tuple[int, int], taker: int
) -> None:
    r = rules(
        **LEFTOVER,
        leftover_discard="after",
        special_card="cut",
        bemo=["little", "big"],
        no_trump=True,
        double_nil_bid=True,
        double_nil_deficit=0,
    )
    scene = dealt(pilot, r, dealer=taker)
    pilot.resize(size)
    at(pilot, "bid")
    assert scene.view.counts[taker] == 15
    scene.draw(pilot.app.screen)
    pilot.check_layout(scene, size)
    assert scene.button("bemo:6") is not None
