"""Game records: round trips, replay output, and one clear line for every kind of bad record."""

import copy
import json

import pytest

from spades_gui.engine import preset_rules
from spades_gui.engine.record import RecordError, game_to_record, load, loads, replay_summary

from .helpers import play_random_game


@pytest.fixture(scope="module")
def record() -> dict:
    return game_to_record(play_random_game(preset_rules("classic"), seed=3))


def test_round_trip_same_scores(record):
    g = load(record)
    assert game_to_record(g) == record
    s = replay_summary(g)
    assert s["winner"] == g.winner is not None
    last = s["hands"][-1]
    assert last["scores"] == g.scores and sum(last["tricks"]) == 13


def test_bids_as_seat_objects(record):
    r = copy.deepcopy(record)
    h = load(record).hands[0]
    r["hands"][0]["bids"] = [{"seat": s, "bid": b} for s, b in zip(h.order, r["hands"][0]["bids"])]
    assert load(r).scores == load(record).scores


def test_unfinished_last_hand_allowed(record):
    r = copy.deepcopy(record)
    r["hands"][-1]["plays"] = r["hands"][-1]["plays"][:10]
    g = load(r)
    assert len(g.hands[-1].plays) == 10 and replay_summary(g)["hands"][-1]["unfinished"]


def mutate(record, fn):
    r = copy.deepcopy(record)
    fn(r)
    return r


H = "hands"


@pytest.mark.parametrize(
    "change,words",
    [
        (lambda r: r.update(rules="bogus"), "unknown preset"),
        (lambda r: r.update(rules={"nil_bonus": "x"}), "nil_bonus"),
        (lambda r: r.update(rules={"no_such": 1}), "unknown option"),
        (lambda r: r[H][0]["deal"][0].pop(), "hand 1: seat 0 was dealt 12 cards"),
        (lambda r: r[H][1]["deal"][0].__setitem__(0, r[H][1]["deal"][1][0]), "hand 2: "),
        (lambda r: r[H][0]["deal"][2].__setitem__(0, "ZZ"), "hand 1: seat 2's deal: 'ZZ'"),
        (lambda r: r[H][0].update(dealer=4), "hand 1: dealer must be a seat 0-3"),
        (lambda r: r[H][0]["bids"].__setitem__(0, 14), "hand 1: seat"),
        (lambda r: r[H][0]["bids"].__setitem__(0, "blind_13"), "hand 1: seat"),
        (lambda r: r[H][0]["plays"].__setitem__(0, r[H][0]["plays"][1]), "hand 1: trick 1"),
        (lambda r: r[H][0]["plays"].pop(), "hand 1: the hand stops during play"),
        (lambda r: r[H].append(copy.deepcopy(r[H][0])), "already over"),
    ],
)
def test_bad_records_name_the_hand_and_problem(record, change, words):
    with pytest.raises(RecordError) as e:
        load(mutate(record, change))
    assert words in str(e.value)
    assert "\n" not in str(e.value)


def test_duplicated_card_message(record):
    r = mutate(record, lambda r: r[H][0]["deal"][0].__setitem__(0, r[H][0]["deal"][1][0]))
    with pytest.raises(RecordError, match=r"hand 1: .* is dealt twice"):
        load(r)


def test_not_json():
    with pytest.raises(RecordError, match="not JSON"):
        loads("{nope")


def _first_trick_record(first_cards: dict) -> dict:
    """A pagat record whose first hand is fixed, for revoke and broken-spades checks."""
    deal = [
        "AS KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H TH".split(),
        "TS 9S 8S 7S JH QH KH AH 2C 3C 4C 5C 6C".split(),
        "6S 5S 4S 3S 2S 7C 8C 9C TC JC QC KC AC".split(),
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD".split(),
    ]
    return {
        "rules": "pagat",
        "hands": [{"dealer": 3, "deal": deal, "bids": [3, 3, 3, 3], "plays": first_cards}],
    }


def test_revoke_is_refused():
    # Seat 0 leads 2H; seat 1 holds hearts but plays a club.
    with pytest.raises(
        RecordError, match="hand 1: trick 1: seat 1 plays 2C: you must follow hearts"
    ):
        load(_first_trick_record(["2H", "2C"]))


def test_spade_led_before_broken_is_refused():
    with pytest.raises(RecordError, match="hand 1: trick 1: seat 0 plays AS"):
        load(_first_trick_record(["AS"]))


def test_card_not_held():
    with pytest.raises(RecordError, match="which it does not hold"):
        load(_first_trick_record(["2H", "2D"]))


def test_record_is_json_serialisable(record):
    assert json.loads(json.dumps(record)) == record
