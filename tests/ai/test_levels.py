"""Every level plays whole games legally under every preset, through the engine's checks."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from spades_gui.ai import LEVELS, SEAT_LEVELS, legal_fallback, make_policy, seat_view
from spades_gui.ai.arena import Table, play_hand, simulate
from spades_gui.ai.medium import choose_card
from spades_gui.ai.state import PlayState
from spades_gui.ai.view_json import view_from_json
from spades_gui.engine import PRESETS, Game, preset_rules
from spades_gui.engine.cards import card_str


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_fast_levels_finish_a_game(preset: str) -> None:
    rules = preset_rules(preset)
    out = simulate(rules, ["medium", "easy", "random", "medium"], seed=3, games=1)
    assert out["games"] == 1
    assert sum(out["wins"]) == 1
    assert set(out["decisions"]) == {"easy", "medium", "random"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_hard_plays_a_hand(preset: str) -> None:
    rules = preset_rules(preset)
    game = Game(rules)
    seats = [
        make_policy("hard", 1, think_ms=None),
        make_policy("easy", 2),
        make_policy("hard", 3),
        make_policy("medium", 4),
    ]
    for p in seats:
        if hasattr(p, "budget"):
            p.budget = 1500  # a small fixed budget keeps the test quick
    rng = random.Random(5)
    dealer = game.first_dealer(rng)
    from spades_gui.engine.game import deal_cards

    play_hand(game, seats, dealer, deal_cards(rules, dealer, rng))
    assert game.hand is not None and game.hand.done


def test_levels_listed() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert (*LEVELS, "random") == SEAT_LEVELS
    with pytest.raises(ValueError):
        make_policy("grandmaster", 1)


def test_same_seed_same_game() -> None:
    rules = preset_rules("pagat")
    a = simulate(rules, ["medium", "easy", "medium", "easy"], seed=11, hands=6)
    b = simulate(rules, ["medium", "easy", "medium", "easy"], seed=11, hands=6)
    assert a["margin_per_hand"] == b["margin_per_hand"]


def test_duplicate_swaps_the_seats() -> None:
    rules = preset_rules("classic")
    out = simulate(rules, ["medium", "medium", "medium", "medium"], seed=4, hands=4, duplicate=True)
    assert out["deal_pairs"] == 4
    assert out["hands"] == 8
    t = Table(rules, ["easy", "medium", "hard", "random"], 1, None, swapped=True)
    assert t.levels == ["medium", "hard", "random", "easy"]
    assert t.level_team() == 1


def test_legal_fallback_every_phase() -> None:
    rules = preset_rules("pagat")
    game = Game(rules)
    rng = random.Random(2)
    hand = game.deal(rng)
    while not hand.done:
        hand.apply(legal_fallback(hand, rng))
    assert hand.done


def test_view_hides_other_hands() -> None:
    rules = preset_rules("pagat")
    game = Game(rules)
    hand = game.deal(random.Random(9))
    v = seat_view(game, 1)
    assert v.hand == hand.hands[1]
    others = hand.hands[0] | hand.hands[2] | hand.hands[3]
    for name in ("gone", "received", "given"):
        assert not getattr(v, name) & others
    assert seat_view(game, 1, hide_hand=True).hand == 0


def test_blind_nil_and_the_exchange() -> None:
    from spades_gui.engine.bids import BLIND_NIL
    from spades_gui.engine.game import deal_cards

    rules = preset_rules("pagat").with_options(target=500, match_hands=0)
    game = Game(rules, scores=(0, 400))
    seats = [make_policy("medium", s) for s in range(4)]
    play_hand(game, seats, 3, deal_cards(rules, 3, random.Random(1)))
    hand = game.hands[-1]
    assert BLIND_NIL in hand.bids
    assert len(hand.passes) == 2
    nil_seat = hand.bids.index(BLIND_NIL)
    given = next(c for g, _, c in hand.passes if g == nil_seat)
    spades = hand.deck.trump_mask & hand.dealt[nil_seat]
    # the blind nil bidder passes its highest spades first
    if spades.bit_count() >= 2:
        assert given & spades


def test_simulate_cli_json() -> None:
    import json
    import subprocess
    import sys

    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "spades_gui",
            "simulate",
            "--rules",
            "classic",
            "--hands",
            "3",
            "--seed",
            "2",
            "--seats",
            "medium,easy,medium,hard",
            "--think-ms",
            "20",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["hands"] == 3
    assert set(out["margin_per_hand"]) >= {"mean", "ci95"}
    assert len(out["wins"]) == 2
    for level in ("easy", "medium", "hard"):
        assert set(out["decisions"][level]) == {"count", "p50_ms", "p95_ms", "max_ms"}
    bad = subprocess.run(
        [sys.executable, "-m", "spades_gui", "simulate", "--seats", "medium,easy"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_blind_number_when_desperate() -> None:
    from spades_gui.engine.bids import BLIND
    from spades_gui.engine.game import deal_cards

    rules = preset_rules("pagat").with_options(
        blind_bids=["blind6", "blind7plus"],
        blind_nil=False,
        blind_nil_pass=0,
        target=500,
        match_hands=0,
    )
    game = Game(rules, scores=(0, 420))
    seats = [make_policy("hard" if s % 2 else "medium", s) for s in range(4)]
    play_hand(game, seats, 3, deal_cards(rules, 3, random.Random(1)))
    hand = game.hands[-1]
    blind = [b for b in hand.bids if b is not None and b >= BLIND]
    assert len(blind) == 2 and blind[0] == blind[1]  # the partner shares the blind contract


def test_no_nil_holding_the_ace_of_spades_even_far_behind() -> None:
    """Far behind with the opponents near game, a nil is a long shot worth taking, but not with
    the A♠: it takes a trick whatever the others hold (both bid nil here before)."""
    from spades_gui.ai.view_json import view_from_json
    from spades_gui.engine.bids import is_number

    hand = "AS 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 6C".split()
    view = {"rules": "classic", "seat": 1, "phase": "bid", "dealer": 0, "hand": hand}
    v = view_from_json({**view, "bids": [None] * 4, "scores": [210, 40]})
    for level in ("medium", "hard"):
        assert is_number(make_policy(level, 1).explain(v).action.bid), level


def test_easy_trumps_partners_winner_sometimes_as_a_beginner_does() -> None:
    """Easy's mistakes are a beginner's: here, trumping partner's winning ace."""
    from spades_gui.ai.simple import _slip
    from spades_gui.ai.state import PlayState
    from spades_gui.ai.view_json import view_from_json
    from spades_gui.engine.cards import card_str, parse_card

    def cards(text: str) -> list[str]:
        return [card_str(parse_card(x)) for x in text.split()]

    v = view_from_json(
        {
            "rules": "pagat",
            "seat": 0,
            "phase": "play",
            "dealer": 3,
            "hand": cards("5S 9S 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
            "bids": [3, 3, 3, 3],
            "tricks_won": [0, 0, 0, 0],
            "gone": [],
            "trick": cards("2D AD 3D"),
            "leader": 1,
            "scores": [0, 0],
            "bags": [0, 0],
        }
    )
    ps = PlayState(v)
    slip = _slip(ps, 0.0)
    assert slip is not None and ps.t.to_c[slip[0]] == parse_card("5S")
    assert _slip(ps, 0.99) is None


@pytest.mark.parametrize(
    "options",
    [
        {"bidding_order": "round_dealer"},
        {"first_lead": "dealer_no_spade"},
        {"no_bid_one": True},
        {"blind_nil_no_bags": True},
    ],
)
def test_levels_play_document_001_variations(options: dict) -> None:
    """Every level plays a whole hand under each of 001's variations; the engine checks it."""
    rules = preset_rules("classic").with_options(**options)
    out = simulate(rules, ["hard", "medium", "easy", "random"], seed=5, hands=1)
    assert out["hands"] == 1


def test_a_view_bidding_from_the_dealer_needs_no_dealer_given() -> None:
    from spades_gui.ai.view_json import view_from_json

    rules = {"preset": "classic", "bidding_order": "round_dealer"}
    hand = "AS KS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D".split()
    v = view_from_json(
        {"rules": rules, "seat": 2, "phase": "bid", "hand": hand, "bids": [None] * 4}
    )
    assert v.dealer == 2  # the dealer bids first
    assert make_policy("hard", 1).explain(v).action.bid in v.legal_bids()


def test_simulate_reads_a_rules_file(tmp_path, capsys) -> None:
    import json

    from spades_gui.app import main

    good = tmp_path / "house.json"
    good.write_text(json.dumps({"preset": "classic", "target": 200}), encoding="utf-8")
    seats = ["--seats", "medium,easy,medium,easy"]
    assert main(["simulate", "--rules", str(good), "--hands", "1", *seats, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 1
    for text, words in (("{oops", "not JSON"), ('{"preset": "classic", "target": -3}', "target")):
        bad = tmp_path / "bad.json"
        bad.write_text(text, encoding="utf-8")
        assert main(["simulate", "--rules", str(bad), "--hands", "1", *seats]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and str(bad) in err and words in err


def _medium_play(
    gone: str,
    hand: str,
    bids: Sequence[int | str],
    won: list[int],
    trick: str,
    leader: int,
    dealer: int = 2,
    scores: tuple[int, int] = (0, 0),
    rules: str | dict[str, str] = "classic",
) -> tuple[str, str]:
    """Medium's card and reason at seat 0 of a hand (Classic, to 250, unless told)."""
    from spades_gui.ai.view_json import view_from_json

    v = view_from_json(
        {
            "rules": rules,
            "seat": 0,
            "phase": "play",
            "dealer": dealer,
            "hand": hand.split(),
            "bids": bids,
            "tricks_won": won,
            "gone": gone.split(),
            "trick": trick.split(),
            "leader": leader,
            "scores": list(scores),
            "bags": [0, 0],
        }
    )
    d = make_policy("medium", 1).explain(v)
    return card_str(d.action.card), d.reason


def test_medium_says_for_sure_only_when_no_one_can_trump() -> None:
    """A master card second in hand wins for sure only once no later opponent can be out of
    the suit with a trump; before that the coach says it should win, unless it is trumped."""
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    bids = [4, 3, 4, 2]
    card, why = _medium_play(
        "2C 5C 6C 7C", "AD 4D 5D 8C 3C 4C 5S 6S 7S 2H 3H 4H", bids, [0, 0, 0, 1], "3D", 3
    )
    assert card == "AD" and "should win this trick, unless it is trumped" in why
    card, why = _medium_play(
        "2C 5C 6C 7C", "8C 3C 4C 5S 6S 7S 2H 3H 4H 5H 6H 7H", bids, [0, 0, 0, 1], "3D", 3
    )
    assert card == "5S" and "unless it is overtrumped" in why
    card, why = _medium_play(
        f"{spades} 2C 5C 6C", "AD 4D 5D 8C 3C 4C 2H 3H 4H", bids, [1, 1, 1, 1], "3D", 3
    )
    assert card == "AD" and "wins this trick for sure" in why


def test_medium_says_partner_takes_the_trick_only_when_no_one_can_trump() -> None:
    """Shedding under partner's master once the bid is made: partner takes the trick when the
    opponent still to play cannot trump, and should take it while that opponent may."""
    bids, won = [2, 3, 2, 3], [2, 0, 2, 0]
    clubs_gone = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2H 3H 4H"
    card, live = _medium_play(clubs_gone, "KD 4D 3D 5S 6S 7S 8H 9H TH", bids, won, "AD 5D", 2)
    assert card == "KD" and live.startswith("Partner's A♦ should take this trick")
    spades_gone = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H 3H 4H"
    card, gone = _medium_play(spades_gone, "KD 4D 3D 5C 6C 7C 8H 9H TH", bids, won, "AD 5D", 2)
    assert card == "KD" and gone.startswith("Partner's A♦ takes this trick")


def _last_seat_against_nil(hand: str, gone: str, won: list[int]) -> tuple[str, str]:
    """Medium last to the seventh-last trick, where the right opponent's nil (50 made, 50
    failed) is winning with the 9♥; we bid 5 and 2."""
    clubs_hearts_diamonds = "AC KC JC TC 9C 8C 2H 3H 4H 7H 8H TH JH QH KH AH KD QD JD TD"
    bids: list[int | str] = [5, 4, 2, "nil"]
    return _medium_play(f"{clubs_hearts_diamonds} {gone}", hand, bids, won, "6H 5H 9H", 1)


def test_medium_lets_a_nil_win_its_trick_though_we_need_six_of_seven() -> None:
    """Letting the 9♥ stand sets their nil for sure. With three winners for the six tricks we
    need, our 7 hangs on partner whatever this trick does: throw a low card, keep the winners."""
    card, why = _last_seat_against_nil("AS 3S AD 7D 5D QC 4C", "KS QS JS TS", [1, 5, 0, 0])
    assert card in ("7D", "5D", "4C")
    assert why.endswith("and let it stand, which sets the nil.")
    # with A-K-Q-3♠ the 3♠ should win a trick later, once the top ones draw the other spades
    card, _ = _last_seat_against_nil("AS KS QS 3S AD QC 4C", "TS 9S 8S 7S", [1, 5, 0, 0])
    assert card == "4C"


def test_medium_trumps_the_nil_when_we_need_every_trick() -> None:
    """Needing all seven tricks left, letting the nil win sets our 7 for sure (140 points
    between made and set), worth more than setting their nil (100): trump with the 3♠."""
    card, _ = _last_seat_against_nil("AS KS QS JS 3S AD QC", "TS 9S 8S 7S", [0, 6, 0, 0])
    assert card == "3S"


def test_medium_sets_a_nil_when_sure_trumps_make_the_bid_that_wins_the_game() -> None:
    """Our 8 made takes us past 250, so Medium secures it before setting their nil, unless it
    holds the A♠, which makes it whatever happens: then the 2♥ under the nil's 9♥ sets it
    (the right opponent's nil, third to the trick)."""
    from spades_gui.engine.cards import cards_of

    def last(hand: str, scores: tuple[int, int]) -> str:
        held = f"{hand} 4H 5H 9H QS JS TS 9S 8S 7S".split()
        gone = " ".join(c for c in map(card_str, cards_of((1 << 52) - 1)) if c not in held)
        bids = [4, 3, 4, "nil"]
        return _medium_play(gone, hand, bids, [4, 3, 3, 0], "4H 5H 9H", 1, 0, scores)[0]

    assert last("AS KH 2H", (230, 100)) == "2H"
    assert last("3S KH 2H", (230, 100)) == "KH"  # the bid that wins the game comes first
    assert last("3S KH 2H", (0, 100)) == "2H"


def test_medium_keeps_its_ace_setting_a_nil_while_we_need_tricks() -> None:
    """Third to partner's 2♣ after the right opponent's nil 4♣, void in clubs, our 9 needing
    nine of thirteen: throw high, to stay under the nil later, but not the A♦ our bid needs."""
    hand = "2D 5D 6D AD 4H 8H JH 5S 6S 7S 8S 9S AS"
    card, why = _medium_play("", hand, [5, 3, 4, "nil"], [0, 0, 0, 0], "2C 4C", 2, dealer=1)
    assert card == "JH"
    assert why.startswith("The right opponent bid nil and is winning this trick: discard the J♥")


def _all_but(*held: str) -> str:
    """Every card of the deck but those named (in strings of cards)."""
    keep = " ".join(held).split()
    return " ".join(f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA" if f"{r}{s}" not in keep)


def test_medium_says_lead_low_only_of_a_low_card() -> None:
    """The coach's words fit the card: a king led as the only heart is no low lead, and a
    lead when every card of mine could win is no likely loser."""
    hand, unseen = "KH 4S 5S", "AH 7H 6S 7S 8S 9C TC JD QD"
    card, why = _medium_play(_all_but(hand, unseen), hand, [3, 3, 3, 1], [3, 3, 2, 2], "", 0)
    assert (card, why) == ("KH", "We still need 1 trick: lead the K♥, my only heart.")
    hand, unseen = "KH 4H 5S", "AH 7H 6S 7S 8S 9C TC JD QD"
    card, why = _medium_play(_all_but(hand, unseen), hand, [3, 3, 3, 1], [3, 3, 2, 2], "", 0)
    assert (card, why) == ("4H", "We still need 1 trick: lead the 4♥, my lowest heart.")
    hand, unseen = "4H 2D 5S", "AH 7H 6S 7S 8S 9D TD JD QD"
    card, why = _medium_play(_all_but(hand, unseen), hand, [3, 3, 3, 1], [3, 3, 2, 2], "", 0)
    assert card == "2D" and why.endswith("lead low, the 2♦, and keep my high cards.")
    hand, unseen = "AD KH", "2C 3C 4D 5D 2H 3H"
    card, why = _medium_play(_all_but(hand, unseen), hand, [3, 3, 3, 1], [4, 2, 3, 2], "", 0)
    assert why == (
        "Our bid is made and bags cost points, but no card of mine is a likely loser: "
        f"lead the {'A♦' if card == 'AD' else 'K♥'}."
    )
    hand, unseen = "QD KH", "2C 3C AD 5D 2H 3H"
    card, why = _medium_play(_all_but(hand, unseen), hand, [3, 3, 3, 1], [4, 2, 3, 2], "", 0)
    assert (card, why) == (
        "QD",
        "Our bid is made and bags cost points: lead the Q♦, which a higher diamond may beat.",
    )


def test_medium_leaves_the_bags_to_them_once_our_bid_is_lost() -> None:
    """Our 8 can no longer be made (3 tricks won, 3 to play) and their 4 is made: a trick we
    take changes nothing for us and each one they take is a bag, so Medium ducks under the 7♥;
    while their bid is still short, the A♥ takes the trick toward setting them (and the coach
    no longer says we still need 5 tricks of the 3 left)."""
    hand, trick, unseen = "AH 2H 4D", "5H 3H 7H", "9C TC 8D 9D QS KS"
    gone = _all_but(hand, trick, unseen)
    card, why = _medium_play(gone, hand, [4, 2, 4, 2], [2, 4, 1, 3], trick, 1)
    assert (card, why) == (
        "2H",
        "Our bid is lost and theirs is made, so each trick they take is a bag: duck with the 2♥, "
        "under the 7♥.",
    )
    card, why = _medium_play(gone, hand, [4, 5, 4, 3], [2, 4, 1, 3], trick, 1)
    assert card == "AH" and why.startswith("Our bid is lost, and 3 more tricks set theirs:"), why


def test_medium_says_our_bid_is_lost_beside_partners_nil() -> None:
    """Our 5 needs 3 more tricks with 2 to play while partner's nil is live: the J♠ takes the
    A♣ trick as before, and the coach says the bid is lost, not that we still need 3 tricks;
    where a set costs only the tricks short, each trick taken still makes it smaller."""
    hand, trick, unseen = "JS QS", "AC 6C JD", "2H 3D 4S"
    gone = _all_but(hand, trick, unseen)
    card, why = _medium_play(gone, hand, [5, 2, "nil", 4], [2, 4, 0, 5], trick, 1)
    assert (card, why) == (
        "JS",
        "Our bid is lost, and partner's nil is still to cover: win as cheaply as I can, with "
        "the J♠.",
    )
    short = {"preset": "classic", "set_penalty": "short"}
    card, why = _medium_play(gone, hand, [5, 2, 3, 4], [2, 4, 0, 5], trick, 1, rules=short)
    assert card == "JS" and why.startswith(
        "Our bid is out of reach, and each trick we take makes the set smaller:"
    ), why


def test_medium_sees_its_bid_lost_with_a_trick_it_cannot_take() -> None:
    """Our 6 needs all 3 tricks left and I, last to the K♦, can neither follow nor trump: the
    bid goes with this trick, their 5 is made, so Medium throws the A♣ and leaves them the last
    tricks as bags; needing 2 of the 3 instead, it keeps the A♣."""
    hand, trick, unseen = "AC 8H 7H", "KD 3D 5D", "QC JH 2C 3C TH 9H"
    gone = _all_but(hand, trick, unseen)
    card, why = _medium_play(gone, hand, [3, 2, 3, 3], [2, 4, 1, 3], trick, 1)
    assert (card, why) == (
        "AC",
        "With this trick theirs, our bid is lost and theirs is made, so each trick they take is "
        "a bag: throw the A♣, the card likeliest to take a trick later.",
    )
    card, why = _medium_play(gone, hand, [2, 2, 3, 3], [2, 4, 1, 3], trick, 1)
    assert card == "7H", why


def test_medium_sets_a_nil_once_our_bid_is_lost() -> None:
    """Our 11 can no longer be made (6 tricks won, 3 to play): the right opponent's nil is what
    is left to play for, so Medium stays under its 9♥ rather than take the trick with the K♥;
    with our 8 still within reach (two of the three tricks), the K♥ takes it, as before."""
    hand, trick, unseen = "KH 2H 5C", "5H 9H", "QH 8H 7C 8C 9D TD 4S"
    gone = _all_but(hand, trick, unseen)
    card, why = _medium_play(gone, hand, [6, 5, 5, "nil"], [3, 4, 3, 0], trick, 2)
    assert card == "2H" and "stay under" in why, why
    card, why = _medium_play(gone, hand, [5, 5, 3, "nil"], [3, 4, 3, 0], trick, 2)
    assert card == "KH", why


def test_medium_spends_no_trump_on_a_nil_partner_is_sure_to_stay_under() -> None:
    """Both opponents are out of hearts, so partner holds the 4♥ under the 9♥: Medium's cover
    rule throws a side card rather than trump with its K♠ (the rule before trumped)."""
    path = Path(__file__).parent.parent / "scenarios"
    sc = json.loads(next(path.glob("104_*.json")).read_text(encoding="utf-8"))
    ps = PlayState(view_from_json(sc))
    assert ps.name(choose_card(ps)[0]) == "K♠"  # Hard's tie-break keeps the rule it had
    i, why = choose_card(ps, read_cover=True)
    assert i >> 4 != 3, why


def test_medium_keeps_its_rule_where_no_card_scores_more() -> None:
    """In the last tricks Medium solves every lie, but keeps its rule's card and words where no
    card beats it (scenario 101: the A♦ thrown, the A♠ kept for the trick the bid needs)."""
    path = Path(__file__).parent.parent / "scenarios"
    sc = json.loads(next(path.glob("101_*.json")).read_text(encoding="utf-8"))
    d = make_policy("medium", 1).explain(view_from_json(sc))
    assert d.action_json() == "AD" and "Played out" not in d.reason, d.reason
