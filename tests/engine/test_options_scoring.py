"""Scoring and game-end options: each test fails when its option is ignored."""

import pytest

from spades_gui.engine import BLIND, BLIND_NIL, NIL, Game, score_hand
from spades_gui.engine.game import EndReason
from spades_gui.engine.scoring import display_score

from .helpers import deal, play_random_game, rules


def pts(r, bids, tricks, scores=(0, 0), bags=(0, 0), reneges=(), **more):
    return score_hand(r, list(bids), list(tricks), scores, bags, reneges, **more)


# ----- the four nil examples of document 000 (nil 60, partner bid 5, game to 300) -------------


@pytest.mark.parametrize(
    "nil_tricks,partner_tricks,expect",
    [(0, 5, 110), (0, 3, 10), (1, 5, -10), (1, 3, -110)],
)
def test_document_000_nil_examples(nil_tricks, partner_tricks, expect):
    r = rules("tournament")
    other = 13 - nil_tricks - partner_tricks
    res = pts(r, [NIL, 4, 5, 4], [nil_tricks, other // 2, partner_tricks, other - other // 2])
    assert res.points[0] == expect


# ----- nil ------------------------------------------------------------------------------------


def test_nil_values():
    made = pts(rules(nil_bonus=50, nil_penalty=30), [NIL, 3, 4, 3], [0, 4, 5, 4])
    failed = pts(rules(nil_bonus=50, nil_penalty=30), [NIL, 3, 4, 3], [1, 4, 4, 4])
    assert made.teams[0].nil_points == 50 and failed.teams[0].nil_points == -30


@pytest.mark.parametrize(
    "mode,expect",
    [("partner", -100 + 40 + 1), ("bags", -100 - 40 + 2), ("ignored", -100 - 40)],
)
def test_failed_nil_tricks(mode, expect):
    # Nil takes 2, partner bid 4 and took 3: only counting nil's tricks makes the bid.
    res = pts(rules(failed_nil_tricks=mode), [NIL, 3, 4, 3], [2, 4, 3, 4])
    assert res.points[0] == expect


def test_failed_nil_tricks_bags_counted():
    r_bags = rules(failed_nil_tricks="bags")
    r_ign = rules(failed_nil_tricks="ignored")
    bids, tricks = [NIL, 3, 4, 3], [2, 3, 4, 4]
    assert pts(r_bags, bids, tricks).bags[0] == 2
    assert pts(r_ign, bids, tricks).bags[0] == 0


@pytest.mark.parametrize(
    "mode,made_made,made_failed,failed_failed",
    [("separate", 200, 0, -200), ("team", 300, 0, -300), ("doubled", 400, 0, -400)],
)
def test_double_nil(mode, made_made, made_failed, failed_failed):
    r = rules(double_nil=mode, double_nil_value=300, failed_nil_tricks="ignored")
    assert pts(r, [NIL, 6, NIL, 7], [0, 6, 0, 7]).points[0] == made_made
    assert pts(r, [NIL, 6, NIL, 7], [0, 6, 1, 6]).points[0] == made_failed
    assert pts(r, [NIL, 6, NIL, 7], [1, 5, 1, 6]).points[0] == failed_failed


def test_blind_nil_values():
    r = rules(blind_nil_bonus=100, blind_nil_penalty=50)
    assert pts(r, [BLIND_NIL, 3, 4, 3], [0, 4, 4, 5]).teams[0].nil_points == 100
    assert pts(r, [BLIND_NIL, 3, 4, 3], [1, 4, 4, 4]).teams[0].nil_points == -50


# ----- blind and big bids ---------------------------------------------------------------------


def test_blind_13():
    r = rules(blind_bids=("blind13",))
    b = BLIND + 13
    assert pts(r, [b, 0, b, 0], [7, 0, 6, 0]).points[0] == 350
    assert pts(r, [b, 0, b, 0], [7, 1, 5, 0]).points[0] == -350


def test_blind_6_exactly():
    r = rules(blind_bids=("blind6",))
    b = BLIND + 6
    assert pts(r, [b, 3, b, 4], [3, 3, 3, 4]).points[0] == 120
    assert pts(r, [b, 3, b, 4], [4, 3, 3, 3]).points[0] == -120


def test_blind_7_doubles():
    r = rules(blind_bids=("blind7plus",))
    b = BLIND + 7
    assert pts(r, [b, 3, b, 3], [4, 2, 4, 3]).points[0] == 140 + 1
    assert pts(r, [b, 3, b, 3], [3, 4, 3, 3]).points[0] == -140


def test_blind_moon():
    r = rules(blind_bids=("blind_moon",))
    b = BLIND + 13
    assert pts(r, [b, 0, b, 0], [6, 0, 7, 0]).points[0] == 400


@pytest.mark.parametrize("mode,p10,p11,p9", [("off", 100, 101, -100), ("at_least", 120, 121, -100)])
def test_ten_for_200_at_least(mode, p10, p11, p9):
    r = rules(ten_for_200=mode, ten_for_200_value=120)
    assert pts(r, [5, 1, 5, 2], [5, 1, 5, 2]).points[0] == p10
    assert pts(r, [5, 1, 5, 1], [6, 1, 5, 1]).points[0] == p11
    assert pts(r, [5, 1, 5, 2], [4, 2, 5, 2]).points[0] == p9


def test_ten_for_200_exact():
    r = rules(ten_for_200="exact", ten_for_200_value=200)
    assert pts(r, [5, 1, 5, 2], [5, 1, 5, 2]).points[0] == 200
    assert pts(r, [5, 1, 5, 1], [6, 1, 5, 1]).points[0] == -200


def test_moon_bid():
    r = rules(all13="moon", moon_value=500)
    assert pts(r, [7, 0, 6, 0], [7, 0, 6, 0]).points[0] == 500
    assert pts(r, [7, 0, 6, 0], [7, 1, 5, 0]).points[0] == -500
    assert pts(rules(), [7, 0, 6, 0], [7, 0, 6, 0]).points[0] == 130


def test_all_13_wins_with_positive_score():
    r = rules(all13="wins", target=500)
    g = Game(r)
    g.scores = [20, 0]
    _finish_with(g, bids=[4, 0, 4, 0], tricks=[7, 0, 6, 0])
    assert g.winner == 0 and g.end_reason is EndReason.ALL13 and "13" in g.end_words
    g2 = Game(rules(target=500))
    _finish_with(g2, bids=[4, 0, 4, 0], tricks=[7, 0, 6, 0])
    assert g2.winner is None


def test_all_13_needs_positive_score():
    g = Game(rules(all13="wins", target=500))
    g.scores = [-300, 0]
    _finish_with(g, bids=[4, 0, 4, 0], tricks=[7, 0, 6, 0])
    assert g.winner is None


# ----- scoring --------------------------------------------------------------------------------


@pytest.mark.parametrize("value,expect", [(1, 42), (0, 40), (-1, 38)])
def test_bag_value(value, expect):
    r = rules(bag_value=value, bag_limit=0)
    assert pts(r, [2, 3, 2, 3], [3, 3, 3, 4]).points[0] == expect


@pytest.mark.parametrize("mode,expect", [("bid", -60), ("short", -20)])
def test_set_penalty(mode, expect):
    assert pts(rules(set_penalty=mode), [3, 3, 3, 3], [2, 4, 2, 5]).points[0] == expect


def test_bag_limit_and_penalty():
    r = rules(bag_limit=6, bag_penalty=60)
    res = pts(r, [2, 3, 2, 3], [3, 3, 3, 4], bags=(4, 0))
    assert res.teams[0].bag_penalty == 60 and res.points[0] == 42 - 60 and res.bags[0] == 0
    res10 = pts(rules(), [2, 3, 2, 3], [3, 3, 3, 4], bags=(4, 0))
    assert res10.teams[0].bag_penalty == 0 and res10.bags[0] == 6


def test_bags_after_the_penalty_count_on():
    # 003: "Any bags beyond ten are carried over"; 000's "reset to zero" counts bags one at a
    # time, which leaves the same count (tests/engine/test_documents.py).
    r = rules(bag_limit=10, bag_penalty=100)
    res = pts(r, [2, 3, 2, 3], [4, 2, 4, 3], bags=(8, 0))
    assert res.bags[0] == 2 and res.teams[0].bag_penalty == 100


def test_bags_in_units_digit_example():
    # 001: a score of 369 (360 and 9 bags); bid 7, took 9 -> 331, not 341.
    r = rules(bags_display="units")
    res = pts(r, [4, 3, 3, 3], [5, 2, 4, 2], scores=(360, 0), bags=(9, 0))
    assert display_score(r, res.scores[0], res.bags[0]) == 331
    std = pts(rules(), [4, 3, 3, 3], [5, 2, 4, 2], scores=(369, 0), bags=(9, 0))
    assert std.scores[0] == 341


def test_renege_claims():
    bids, tricks = [3, 3, 3, 3], [4, 3, 3, 3]
    r000 = rules(renege="claim_000")
    r004 = rules(renege="claim_004")
    res = pts(r000, bids, tricks, reneges=[0])
    assert res.teams[0].tricks == 4 and res.points[0] == -60
    assert res.teams[1].tricks == 9 and res.points[1] == 60 + 3 + 30
    res4 = pts(r004, bids, tricks, reneges=[0])
    assert res4.points[0] == -60 and res4.teams[1].tricks == 6


# ----- game end -------------------------------------------------------------------------------


def _finish_with(g: Game, bids, tricks, elapsed=None):
    """Score a hand with forced bids and tricks (the trick play itself is tested elsewhere)."""
    r = g.rules
    h = g.start_hand(0, deal(r))
    h.bids = list(bids)
    h.tricks_won = list(tricks)
    h.phase = "done"
    return g.finish_hand(elapsed)


def test_target():
    g = Game(rules(target=150))
    g.scores = [100, 0]
    _finish_with(g, [3, 3, 3, 3], [4, 2, 3, 4])
    assert g.winner == 0
    g2 = Game(rules(target=500))
    g2.scores = [100, 0]
    _finish_with(g2, [3, 3, 3, 3], [4, 2, 3, 4])
    assert g2.winner is None


def test_both_over_target_higher_wins_tie_plays_on():
    g = Game(rules(target=200))
    g.scores = [170, 180]
    _finish_with(g, [3, 3, 3, 3], [3, 3, 3, 4])  # +60 / +61
    assert g.winner == 1
    tie = Game(rules(target=200))
    tie.scores = [170, 170]
    _finish_with(tie, [3, 3, 3, 3], [3, 3, 3, 3])
    assert tie.winner is None


def test_tiebreak_most_tricks_sudden_death():
    g = Game(rules(target=200, tiebreak="most_tricks", bag_value=0, bag_limit=0))
    g.scores = [170, 170]
    _finish_with(g, [3, 3, 3, 3], [3, 3, 3, 4])  # both 230 (no bag points)
    assert g.winner is None and g.sudden_death
    _finish_with(g, [6, 1, 5, 1], [2, 4, 2, 5])  # team 0 set, but team 1 took more tricks
    assert g.winner == 1


def test_losing_floor():
    g = Game(rules(losing_floor=-150))
    g.scores = [-100, 0]
    _finish_with(g, [5, 3, 5, 0], [4, 5, 4, 0])
    assert g.winner == 1
    g2 = Game(rules())
    g2.scores = [-100, 0]
    _finish_with(g2, [5, 3, 5, 0], [4, 5, 4, 0])
    assert g2.winner is None


def test_fixed_length_match():
    g = Game(rules(match_hands=3))
    for _ in range(2):
        _finish_with(g, [3, 3, 3, 3], [4, 2, 4, 3])
    assert g.winner is None
    _finish_with(g, [3, 3, 3, 3], [4, 2, 4, 3])
    assert g.winner == 0


def test_time_limit_fed_by_caller():
    g = Game(rules(time_limit_min=30))
    _finish_with(g, [3, 3, 3, 3], [4, 2, 4, 3], elapsed=29 * 60)
    assert g.winner is None
    _finish_with(g, [3, 3, 3, 3], [4, 2, 4, 3], elapsed=31 * 60)
    assert g.winner == 0 and g.end_reason is EndReason.TIME_LIMIT
    assert "30 minutes" in g.end_words
    g2 = Game(rules())
    _finish_with(g2, [3, 3, 3, 3], [4, 2, 4, 3], elapsed=3 * 3600)
    assert g2.winner is None


# ----- every preset plays a whole game --------------------------------------------------------


@pytest.mark.parametrize(
    "preset",
    ["classic", "intramural", "tournament", "championship", "online", "pagat", "jokers350"],
)
def test_every_preset_plays_a_whole_random_game(preset):
    from spades_gui.engine import preset_rules

    g = play_random_game(preset_rules(preset), seed=7)
    assert g.over, (preset, g.scores)
    assert all(h.done for h in g.hands)


# ----- what a team still needs mid-hand (issue 59, 14) -----------------------------------------


@pytest.mark.parametrize("mode,counted", [("partner", 3), ("bags", 1), ("ignored", 1)])
def test_team_need_counts_a_nils_tricks_only_where_the_rules_say(mode, counted):
    from spades_gui.engine.scoring import TeamNeed, team_need

    r = rules("classic", failed_nil_tricks=mode)
    need = team_need(r, 0, [NIL, 3, 4, 2], [2, 1, 1, 3])
    assert need == TeamNeed(4, counted, 6)
    assert need.need == 4 - counted and need.sets == 6 - need.need + 1


def test_team_need_made_set_and_exact():
    from spades_gui.engine.scoring import team_need

    r = rules("classic")
    made = team_need(r, 1, [3, 2, 4, 3], [2, 3, 1, 3])
    assert (made.contract, made.counted, made.need, made.left) == (5, 6, 0, 4)
    out_of_reach = team_need(r, 0, [6, 1, 6, 1], [1, 4, 0, 4])
    assert out_of_reach.need == 11 and out_of_reach.left == 4 and out_of_reach.sets == 0
    ten = team_need(rules("classic", ten_for_200="exact"), 0, [5, 1, 5, 1], [4, 0, 4, 0])
    assert ten.exact and ten.need == 2
    blind = team_need(rules("pagat"), 0, [BLIND + 6, 2, NIL, 2], [2, 1, 0, 1])
    assert blind.contract == 6 and blind.counted == 2
