"""Issue 10 part A: where the engine disagreed with the rule documents, tested from their words.

Each test quotes the document it is built from; docs/READINGS.md says the same in prose.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from spades_gui.engine import BID, BLIND_NIL, PASS, PLAY, Game, IllegalAction, Rules, preset_rules
from spades_gui.engine.cards import cards_of, mask_of
from spades_gui.engine.game import EndReason, deal_cards
from spades_gui.engine.hand import Hand
from spades_gui.engine.presets import PRESETS, resolve
from spades_gui.engine.record import RecordError, game_to_record, load
from spades_gui.engine.rules import RulesError, from_dict

from .helpers import deal, low_bidder, play_random_game

# ----- 1. 003: "Each group of 4 people ... will play 3 hands" ---------------------------------


def _finish_with(g: Game, tricks: list[int], bids=(3, 3, 3, 3)) -> None:
    """Score a hand with forced bids and tricks, the dealer rotating clockwise."""
    dealer = 0 if not g.hands else g.next_dealer()
    h = g.start_hand(dealer, deal(g.rules))
    h.bids = list(bids)
    h.tricks_won = list(tricks)
    h.phase = "done"
    g.finish_hand()


def test_003_preset_is_a_three_hand_match_with_no_points_target() -> None:
    # "will play 3 hands. Whichever team has the highest amount of points at the end of the
    # three hands will win the points" -- and 003 names no points target (the preset had 500).
    p = preset_rules("pagat")
    assert p.match_hands == 3 and p.target == 0
    g = Game(p)
    g.scores = [600, 0]  # far past the old 500: the match is not over before its three hands
    _finish_with(g, [4, 2, 4, 3])
    _finish_with(g, [4, 2, 4, 3])
    assert g.winner is None
    _finish_with(g, [3, 4, 3, 3])
    assert g.winner == 0 and g.hands_scored() == 3 and g.end_reason is EndReason.MATCH_HANDS


def test_003_tie_after_three_hands_plays_another_hand() -> None:
    g = Game(preset_rules("pagat"))
    _finish_with(g, [3, 3, 3, 4])  # +60 / +61
    _finish_with(g, [3, 3, 3, 4])
    assert g.scores == [120, 122] and g.winner is None
    g.scores = [122, 121]
    _finish_with(g, [3, 3, 3, 4])
    assert g.scores == [182, 182] and g.winner is None and not g.over
    _finish_with(g, [2, 4, 3, 4])
    assert g.winner == 1 and g.hands_scored() == 4


@pytest.mark.parametrize("seed", range(6))
def test_003_whole_game_three_hands_the_higher_total_wins(seed: int) -> None:
    g = play_random_game(preset_rules("pagat"), seed)
    scored = [r for r in g.results if r is not None]
    totals = [r.scores for r in scored]
    assert g.over
    # the game ends at the first hand from the third on whose totals are not tied
    first_untied = next(i for i, s in enumerate(totals) if i >= 2 and s[0] != s[1])
    assert len(scored) == first_untied + 1
    last = totals[-1]
    assert g.winner == (0 if last[0] > last[1] else 1)


def test_003_preset_description_says_three_hands(capsys: pytest.CaptureFixture[str]) -> None:
    from spades_gui.app import main

    assert main(["rules"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "pagat" in x)
    assert "3-hand match" in line and "500" not in line


def test_no_target_needs_another_end() -> None:
    with pytest.raises(RulesError, match="no points target needs a fixed number of hands"):
        Rules().with_options(target=0)
    assert Rules().with_options(target=0, time_limit_min=30).target == 0


# ----- 2. 003 puts no condition on blind nil -----------------------------------------------


def test_003_blind_nil_at_any_time_even_when_ahead() -> None:
    # 003: "Blind nil. This is a nil bid declared before a player looks at his cards."
    r = preset_rules("pagat")
    assert r.blind_nil_when == "any"
    h = Hand(r, 3, deal(r), scores=(300, 0))  # seat 0's team is 300 ahead
    assert BLIND_NIL in h.legal_bids()
    h.bid(BLIND_NIL)
    assert h.bids[0] == BLIND_NIL


def test_001_blind_nil_only_when_behind_by_100() -> None:
    # 001: "A player whose side is losing may only bid blind nil by at least 100 points."
    r = preset_rules("classic")
    h = Hand(r, 3, deal(r), scores=(0, 99))
    assert BLIND_NIL not in h.legal_bids()
    assert h.why_bid_illegal(BLIND_NIL) == "blind nil needs your team behind by at least 100"
    assert BLIND_NIL in Hand(r, 3, deal(r), scores=(0, 100)).legal_bids()


def test_old_blind_nil_deficit_values_still_load() -> None:
    # Before, `blind_nil_deficit: 0` stood for no condition: old records and settings keep it.
    assert from_dict({"blind_nil_deficit": 0}).blind_nil_when == "any"
    old = from_dict({"blind_nil_deficit": 200})
    assert (old.blind_nil_when, old.blind_nil_deficit) == ("behind", 200)
    assert resolve({"preset": "classic", "blind_nil_deficit": 0}).blind_nil_when == "any"
    with pytest.raises(RulesError, match="from 1 to 1000"):
        Rules().with_options(blind_nil_when="behind", blind_nil_deficit=0)


# ----- 3. the exchange: "may" (001, 003) is optional, "must" (002) compulsory ------------------


def _blind_nil_game(rules: Rules, take: bool, seed: int = 1, scores=(0, 0)) -> Game:
    """One hand: seat 0 bids blind nil, everyone else the least; the exchange taken or not."""
    rng = random.Random(seed)
    g = Game(rules, scores)
    h = g.start_hand(3, deal_cards(rules, 3, rng))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    while h.phase == PASS:
        if not take and h.may_skip_pass():
            h.pass_cards(0)
        else:
            h.pass_cards(mask_of(cards_of(h.hands[h.turn])[: h.pass_count()]))
    while h.phase == PLAY:
        h.play(rng.choice(cards_of(h.legal_plays())))
    g.finish_hand()
    return g


@pytest.mark.parametrize("preset", ["classic", "pagat"])
def test_may_exchange_is_optional(preset: str) -> None:
    # 001 and 003: "the bidder may exchange two cards with partner"
    r = preset_rules(preset)
    assert r.blind_nil_exchange == "optional" and r.blind_nil_pass == 2
    h = Hand(r, 3, deal(r), scores=(0, 100))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    assert h.phase == PASS and h.turn == 0 and h.may_skip_pass()
    before = list(h.hands)
    h.pass_cards(0)  # "No exchange": partner passes nothing back either
    assert h.phase == PLAY and h.hands == before and h.passes == [(0, 2, 0)]


def test_taken_optional_exchange_must_be_returned() -> None:
    r = preset_rules("pagat")
    h = Hand(r, 3, deal(r))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    h.pass_cards(mask_of(cards_of(h.hands[0])[:2]))
    assert h.phase == PASS and h.turn == 2 and not h.may_skip_pass()
    with pytest.raises(IllegalAction, match="pass exactly 2"):
        h.pass_cards(0)


def test_must_exchange_is_compulsory() -> None:
    # 002: "The bidder must exchange two cards with partner"
    r = preset_rules("online")
    assert r.blind_nil_exchange == "compulsory"
    h = Hand(r, 3, deal(r), scores=(0, 100))
    h.bid(BLIND_NIL)
    while h.phase == BID:
        h.bid(low_bidder(h))
    assert h.phase == PASS and not h.may_skip_pass()
    with pytest.raises(IllegalAction, match="compulsory"):
        h.pass_cards(0)


def test_records_with_and_without_the_exchange_replay_under_optional() -> None:
    r = preset_rules("pagat")
    taken = game_to_record(_blind_nil_game(r, take=True))
    declined = game_to_record(_blind_nil_game(r, take=False, seed=2))
    assert [len(p["cards"]) for p in taken["hands"][0]["passes"]] == [2, 2]
    assert declined["hands"][0]["passes"] == [{"from": 0, "to": 2, "cards": []}]
    without = copy.deepcopy(declined)
    without["hands"][0]["passes"] = []  # a record that simply has no exchange
    for rec in (taken, declined, without):
        g = load(json.loads(json.dumps(rec)))
        assert g.hands[0].phase == "done" and g.results[0] is not None
    assert load(without).scores == load(declined).scores
    assert game_to_record(load(declined)) == declined


def test_exchange_options_are_checked_and_old_values_migrate() -> None:
    with pytest.raises(RulesError, match="blind_nil_exchange"):
        Rules().with_options(blind_nil_exchange="sometimes")
    with pytest.raises(RulesError, match="from 1 to 3"):
        Rules().with_options(blind_nil_exchange="compulsory", blind_nil_pass=0)
    # before, blind_nil_pass was the only option: 0 was no exchange, a number a compulsory one
    assert from_dict({"blind_nil_pass": 0}).blind_nil_exchange == "none"
    assert resolve({"preset": "tournament", "blind_nil_pass": 2}).blind_nil_exchange == (
        "compulsory"
    )
    assert from_dict({"blind_nil_pass": 1}).blind_nil_exchange == "optional"


# ----- 4. the deal rotates clockwise --------------------------------------------------------


@pytest.fixture(scope="module")
def classic_record() -> dict:
    return game_to_record(play_random_game(preset_rules("classic"), seed=3))


def test_replay_refuses_the_same_dealer_twice(classic_record: dict) -> None:
    # 000-004: "Deal and play are clockwise"; 003: "the turn to deal rotates clockwise"
    rec = copy.deepcopy(classic_record)
    d = rec["hands"][0]["dealer"]
    rec["hands"][1]["dealer"] = d
    with pytest.raises(RecordError) as e:
        load(rec)
    msg = str(e.value)
    assert msg == (
        f"hand 2: seat {d} deals, but the deal passes clockwise from seat {d} to seat {(d + 1) % 4}"
    )


def _tournament_deal() -> list[list[str]]:
    """A legal Tournament deal (jokers in, 2♥ 2♦ out) where seat 0 holds no spade."""
    r = preset_rules("tournament")
    return [
        _cards_text(m)
        for m in deal(
            r,
            s0="AH KH QH JH TH 9H 8H 7H 6H AC KC QC JC",
            s1="AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        )
    ]


def _cards_text(mask: int) -> list[str]:
    from spades_gui.engine.cards import card_str

    return [card_str(c) for c in cards_of(mask)]


@pytest.mark.parametrize(
    "redeal,good,bad,words",
    [
        (
            "same",
            1,
            2,
            "hand 2: seat 2 deals, but after the misdeal the same dealer, seat 1, deals",
        ),
        (
            "next",
            2,
            1,
            "hand 2: seat 1 deals, but after the misdeal the next dealer, seat 2, deals",
        ),
    ],
)
def test_replay_takes_misdeals_and_their_redeal_into_account(redeal, good, bad, words) -> None:
    # 001: "a new hand is dealt by the same dealer"; 004: "a new hand is dealt by the next dealer"
    spec = {"preset": "tournament", "misdeal_redeal": redeal}
    d = _tournament_deal()

    def rec(second: int) -> dict:
        return {
            "rules": spec,
            "hands": [
                {"dealer": 1, "deal": d, "bids": [], "plays": [], "misdeal": 0},
                {"dealer": second, "deal": d, "bids": [], "plays": []},
            ],
        }

    assert load(rec(good)).hands[1].dealer == good
    with pytest.raises(RecordError) as e:
        load(rec(bad))
    assert str(e.value) == words


# ----- 5. 004: a tie when the 40 minutes are up goes to one sudden-death hand ------------------


def test_004_tie_at_the_time_limit_plays_one_sudden_death_hand() -> None:
    # 004: "In the event of a tie, one sudden death hand will be played. The team with the
    # highest amount of books in the sudden death hand, wins." ... "If neither team reaches
    # 350 points after 40 minutes of play, the team with the highest score wins."
    g = Game(preset_rules("jokers350"))
    g.scores = [100, 100]
    h = g.start_hand(0, deal(g.rules))
    h.bids, h.tricks_won, h.phase = [3, 3, 3, 3], [3, 3, 3, 4], "done"
    g.finish_hand(41 * 60)  # no bags in 004: 60 each, tied, time up
    assert g.scores == [160, 160] and g.winner is None and g.sudden_death
    h = g.start_hand(1, deal(g.rules))
    h.bids, h.tricks_won, h.phase = [5, 2, 5, 2], [3, 3, 3, 4], "done"  # team 0 set
    g.finish_hand(45 * 60)
    assert g.winner == 1 and g.end_reason is EndReason.SUDDEN_DEATH
    assert "sudden-death" in g.end_words


def test_000_tie_at_the_time_limit_plays_on() -> None:
    # 000: "If the game is tied the score for next hand will determine the winner"
    g = Game(preset_rules("tournament"))
    g.scores = [101, 100]
    h = g.start_hand(0, deal(g.rules))
    h.bids, h.tricks_won, h.phase = [3, 3, 3, 3], [3, 4, 3, 3], "done"
    g.finish_hand(31 * 60)
    assert g.scores == [161, 161] and g.winner is None and not g.sudden_death


# ----- 6. 000: bags counted one at a time -----------------------------------------------------


def test_000_sixth_bag_costs_60_and_the_count_goes_on_from_zero() -> None:
    # 000: "A team can accumulate 6 sandbags, but on the 6th Sandbag the team will be
    # penalized 60 points. The sandbag count will be reset to zero."
    from spades_gui.engine.scoring import score_hand

    r = preset_rules("tournament")
    res = score_hand(r, [3, 2, 4, 2], [5, 1, 5, 2], [0, 0], [5, 0])  # bid 7, took 10
    assert res.teams[0].bag_penalty == 60
    assert res.bags[0] == 2  # the 6th bag paid 60 and reset the count; the 7th and 8th count
    assert res.points[0] == 73 - 60


def test_old_bags_reset_option_still_loads() -> None:
    assert from_dict({"bags_reset": "zero"}) == Rules()
    assert "bags_reset" not in Rules().to_dict()


# ----- 7. a joker is not a face card ----------------------------------------------------------


def test_joker_is_not_a_face_card() -> None:
    # 000: "Can be called by a player if they have no face cards" -- J, Q, K (RULES.md)
    r = preset_rules("tournament")
    cards = "BJ LJ 2S 3C 4C 5C 6C 7C 8C 9C TC 3D 4D"
    h = Hand(r, 3, deal(r, s0=cards))
    assert "no_face_cards" in h.misdeal_reasons(0)
    with_jack = Hand(r, 3, deal(r, s0="BJ JC 2S 3C 4C 5C 6C 7C 8C 9C TC 3D 4D"))
    assert "no_face_cards" not in with_jack.misdeal_reasons(0)


# ----- 8. a record missing its compulsory exchange says so -------------------------------------


def test_record_missing_the_compulsory_exchange_names_it() -> None:
    r = preset_rules("online")
    rec = game_to_record(_blind_nil_game(r, take=True, scores=(0, 100)))
    rec["hands"][0]["passes"] = []
    with pytest.raises(RecordError) as e:
        load(rec)
    assert str(e.value) == (
        "hand 1: the blind nil exchange is missing: seat 0 must pass 2 cards to seat 2 before "
        "the first card; the rules make the blind nil exchange compulsory"
    )
    half = game_to_record(_blind_nil_game(r, take=True, scores=(0, 100)))
    half["hands"][0]["passes"] = half["hands"][0]["passes"][:1]
    with pytest.raises(RecordError, match="seat 2 must pass back 2 cards to seat 0"):
        load(half)


def test_every_preset_still_checks() -> None:
    for p in PRESETS.values():
        assert Rules().with_options(**p.rules.to_dict()) == p.rules
