"""lab/groan_scan.py: plays a partner would groan at, found in positions built by hand."""

from __future__ import annotations

from collections.abc import Sequence

import lab.groan_scan
from spades_gui.ai.state import PlayState
from spades_gui.ai.view import SeatView
from spades_gui.ai.view_json import view_from_json
from spades_gui.engine.cards import card_str, cards_of, parse_card

DECK = [card_str(c) for c in cards_of((1 << 52) - 1)]


def _last(
    hand: str,
    trick: str,
    bids: Sequence[int | str],
    won: list[int],
    others: str | None = None,
    gone: str = "",
    leader: int = 1,
    voids: dict[str, list[str]] | None = None,
    scores: Sequence[int] = (0, 0),
    rules: str = "classic",
    bags: Sequence[int] = (0, 0),
) -> SeatView:
    """Seat 0 of a Classic hand, to play to a trick led by `leader` (last, by seat 1); `others`
    the cards the other seats still hold, if given (every card not held has gone), else `gone`
    the cards played; `voids` the suits each seat has shown out of."""
    held = set(hand.split()) | set(trick.split()) | set((others or "").split())
    played = [c for c in DECK if c not in held] if others is not None else gone.split()
    return view_from_json(
        {
            "rules": rules,
            "seat": 0,
            "phase": "play",
            "dealer": (leader - 1) % 4,
            "hand": hand.split(),
            "bids": list(bids),
            "tricks_won": won,
            "gone": played,
            "trick": trick.split(),
            "leader": leader,
            "scores": list(scores),
            "bags": list(bags),
            "voids": voids or {},
        }
    )


def _fault(view: SeatView, card: str) -> str | None:
    return lab.groan_scan.fault(view, parse_card(card))


FIRST = "AS KS QS AC KC QC JC AD KD QD JD"  # eleven cards beside two of the suit led
NIL_FIRST = "KS QS AC KC QC JC AD KD QD JD TD"  # the same for a nil: no trump sure to win


def test_leaving_partner_s_nil_to_win_the_trick() -> None:
    """Partner's nil 5♥ wins unless I take it: the K♥ covers, the 2♥ sets the nil."""
    v = _last(f"KH 2H {FIRST}", "3H 5H 4H", [4, 3, "nil", 4], [0, 0, 0, 0])
    assert _fault(v, "2H") == "partner_nil_left"
    assert _fault(v, "KH") is None
    # with a nil of my own, one of the two is set whatever I play: no fault either way
    v = _last(f"KH 2H {NIL_FIRST}", "3H 5H 4H", ["nil", 3, "nil", 4], [0, 0, 0, 0])
    assert _fault(v, "2H") is None
    assert _fault(v, "KH") == "own_nil_taken"


def test_leaving_partner_s_nil_with_a_sure_cover_in_third_seat() -> None:
    """Partner's nil led the 5♠ and the right opponent played under it: my A♠ covers for sure,
    the 2♠ leaves the last seat free to play under the 5♠ too."""
    hand = "AS 2S AC KC QC JC AD KD QD JD TD 9D 8D"
    v = _last(hand, "5S 3S", [4, 3, "nil", 4], [0, 0, 0, 0], leader=2)
    assert _fault(v, "2S") == "partner_nil_left"
    assert _fault(v, "AS") is None
    # with the K♥ over partner's 5♥ the A♥ is out: no sure cover, so no fault
    v = _last(f"KH 2H {FIRST}", "5H 3H", [4, 3, "nil", 4], [0, 0, 0, 0], leader=2)
    assert _fault(v, "2H") is None


def test_leaving_partner_s_nil_that_the_last_seat_must_overtake() -> None:
    """Partner's nil led the 3♣, the right opponent played the 2♣ and I have no club: every
    club still out beats the 3♣, so the last seat overtakes unless void, and keeping the Big
    Joker is a judgement, not a sure fault; over partner's 4♣, with the 3♣ out, the last seat
    may play under it."""
    hand = "BJ 3S 4S 6H 8H 9H AD KD QD JD TD 9D 8D"  # at Tournament: a trump on trick one

    def at(trick: str, voids: dict[str, list[str]] | None = None) -> SeatView:
        bids: list[int | str] = [4, 3, "nil", 4]
        return _last(hand, trick, bids, [0] * 4, leader=2, voids=voids, rules="tournament")

    assert _fault(at("3C 2C"), "6H") is None
    assert _fault(at("4C 2C"), "6H") == "partner_nil_left"
    assert _fault(at("4C 2C"), "BJ") is None
    # the last seat shown out of clubs is not forced: the 3♣ may stand
    assert _fault(at("3C 2C", {"1": ["C"]}), "6H") == "partner_nil_left"


def test_winning_a_trick_on_my_own_nil() -> None:
    """My nil is live and the right opponent's 5♥ wins: the K♥ takes the trick, the 2♥ not.
    Holding the A♠, which wins a trick whenever it is played, the nil is lost already (the bid
    was the fault): taking a trick is none."""
    v = _last(f"KH 2H {NIL_FIRST}", "3H 4H 5H", ["nil", 3, 4, 4], [0, 0, 0, 0])
    assert _fault(v, "KH") == "own_nil_taken"
    assert _fault(v, "2H") is None
    v = _last(f"KH 2H {FIRST}", "3H 4H 5H", ["nil", 3, 4, 4], [0, 0, 0, 0])
    assert _fault(v, "KH") is None
    # over the 5♥, the 9♥ may yet be beaten: a risk, not a sure fault
    v = _last(f"9H 2H {NIL_FIRST}", "5H", ["nil", 3, 4, 4], [0, 0, 0, 0], leader=3)
    assert _fault(v, "9H") is None
    # the left opponent out of spades, the K♣ beats both opponents for sure; partner, out of
    # clubs, may trump it (no fault), unless out of spades too (and then the right opponent,
    # holding the three top spades and no club, cannot make me win a club later)
    late = ("KC 3C 2D 3D", "9C", ["nil", 3, 4, 5], [0, 3, 2, 4], "4C 5C 6C 7C AS KS QS 4D 5D 6D 7D")
    v = _last(*late, leader=3, voids={"1": ["S"], "2": ["C"]})
    assert _fault(v, "KC") is None
    v = _last(*late, leader=3, voids={"1": ["S"], "2": ["C", "S"]})
    assert _fault(v, "KC") == "own_nil_taken"


def test_a_nil_lost_whatever_it_plays() -> None:
    """Two blind nils of Hard's whole games at Pagat, here at Classic. Four low trumps, the
    opponents out of spades and partner holding two: two of mine win whatever I do, so ruffing
    the 2♦ with the 9♠ is no fault; with the opponents' trumps unknown, it is none either (not
    sure to win). And every card's holder known (partner's three clubs, the left opponent's three
    diamonds, so the right opponent's 8♥ 10♥ behind my 4♥ 9♥), the 8♥ led next sets the nil
    whatever I play: taking the 7♥ is no fault; with the J♥ there instead of the 8♥ it is."""
    others = "8C TC 4D 5D 6D 7D 8D TD JD QD TH QH 6S AS"
    voids = {"1": ["C", "S"], "2": ["C"], "3": ["S"]}  # partner holds a diamond: no overruff
    bids: list[int | str] = ["nil", 2, 5, 1]
    spades = _last("5H 3S 4S 5S 9S", "2D", bids, [0, 1, 4, 3], others, leader=3)
    lost = _last("5H 3S 4S 5S 9S", "2D", bids, [0, 1, 4, 3], others, leader=3, voids=voids)
    assert _fault(lost, "9S") is None
    assert lab.groan_scan.nil_lost(PlayState(lost))
    assert not lab.groan_scan.nil_lost(PlayState(spades))
    known = {"1": ["C", "H", "S"], "2": ["D", "H"], "3": ["S"]}  # the rest by counting
    bids = ["nil", 2, 7, 1]

    def hearts(behind: str) -> SeatView:
        others = f"8C TC QC 8D JD AD {behind} TH"
        return _last("3C 4H 9H", "7H", bids, [0, 1, 7, 2], others, leader=3, voids=known)

    assert _fault(hearts("8H"), "9H") is None
    assert _fault(hearts("JH"), "9H") == "own_nil_taken"
    assert _fault(hearts("JH"), "4H") is None


def test_a_nil_lost_in_every_lie_of_the_unseen_cards() -> None:
    """The hearts position above, where only the right opponent's cards are known (the other
    two, out of hearts and spades, share the clubs and diamonds in 20 ways): in each, its 8♥
    led next sets the nil whatever I play, so taking the 7♥ is no fault; with the J♥ there
    instead, ducking keeps the nil in each, and the 9♥ is a fault."""
    known = {"1": ["H", "S"], "2": ["H", "S"], "3": ["C", "D", "S"]}
    bids: list[int | str] = ["nil", 2, 7, 1]

    def hearts(behind: str) -> SeatView:
        others = f"8C TC QC 8D JD AD {behind} TH"
        return _last("3C 4H 9H", "7H", bids, [0, 1, 7, 2], others, leader=3, voids=known)

    assert lab.groan_scan.nil_lost(PlayState(hearts("8H")))
    assert _fault(hearts("8H"), "9H") is None
    assert not lab.groan_scan.nil_lost(PlayState(hearts("JH")))
    assert _fault(hearts("JH"), "9H") == "own_nil_taken"


def test_saving_an_opponent_s_nil_we_could_spare_the_trick_for() -> None:
    """An opponent's nil 9♥ wins unless I take it; we need 8 of 13, so let it stand."""
    v = _last(f"KH 2H {FIRST}", "9H 5H 4H", [4, "nil", 4, 3], [0, 0, 0, 0])
    assert _fault(v, "KH") == "opp_nil_saved"
    assert _fault(v, "2H") is None
    # second to the right opponent's nil 9♥, two seats still play: no sure set to spoil
    v = _last(f"KH 2H {FIRST}", "9H", [4, 3, 4, "nil"], [0, 0, 0, 0], leader=3)
    assert _fault(v, "KH") is None
    # the right opponent's nil, when we need both tricks left: the K♥ is the trick our bid
    # turns on, no fault
    late = _last("KH 2H", "5H 4H 9H", [6, 3, 5, "nil"], [5, 2, 4, 0], "QH 3S JD")
    assert _fault(late, "KH") is None
    assert _fault(late, "2H") is None


def test_saving_an_opponent_s_nil_when_our_bid_wins_the_game() -> None:
    """Our 8 made takes us past 250: taking the trick from the right opponent's nil 9♥ to
    secure it is no fault, unless the A♠ makes it anyway; from 0, the K♥ is a fault."""
    late = ("4H 5H 9H", [4, 3, 4, "nil"], [4, 3, 3, 0], "QS JS TS 9S 8S 7S")
    assert _fault(_last("3S KH 2H", *late, scores=(230, 100)), "KH") is None
    assert _fault(_last("AS KH 2H", *late, scores=(230, 100)), "KH") == "opp_nil_saved"
    assert _fault(_last("3S KH 2H", *late, scores=(0, 100)), "KH") == "opp_nil_saved"


def test_giving_up_the_contract() -> None:
    """We need both tricks left and the Q♥ of the left opponent (not a nil) is winning: the K♠
    trumps it, the 2♦ sets our bid for sure. With three left, the 2♦ is no fault."""
    v = _last("KS 2D", "QH 3H 4H", [5, 4, 6, 4], [5, 1, 4, 1], "JH TH 9H")
    assert _fault(v, "2D") == "contract_given_up"
    assert _fault(v, "KS") is None
    v = _last("KS 2D 3D", "QH 3H 4H", [5, 4, 6, 4], [5, 1, 4, 0], "JH TH 9H 8H 7H 6H")
    assert _fault(v, "2D") is None


def test_giving_up_the_contract_to_stop_their_game() -> None:
    """Two tricks from the end of a hand of Hard's whole games at Online, here at Classic (both
    to 250): 92 to 216, their 4 made with 7 tricks and 9 bags. Our 6 needs both tricks. The K♠
    takes this one, but then, unless they take the last, they reach 259 and win the game; the 7♠
    gives them this trick, their 10th bag and its 100 points, and the game goes on (Hard's
    search: the 7♠ −64, the K♠ −67). When their bid made wins the game and ours does not, giving
    up our contract is no sure fault; when ours wins it too, it is."""

    def at(scores: tuple[int, int]) -> SeatView:
        others = "7D TS JS"  # the right opponent, out of clubs and diamonds, holds a spade
        voids = {"3": ["C", "D"]}
        trick, bids, won = "6D QD 8S", [3, 3, 3, 1], [2, 4, 2, 3]
        return _last("7S KS", trick, bids, won, others, voids=voids, scores=scores, bags=(2, 6))

    assert _fault(at((92, 216)), "7S") is None  # Classic too: their 4 makes 259 of 250
    assert _fault(at((92, 150)), "7S") == "contract_given_up"
    assert _fault(at((200, 216)), "7S") == "contract_given_up"  # our 6 makes 260 and wins


def test_medium_plays_none_of_them_and_easy_some() -> None:
    """Over whole hands Medium makes none of these faults (2,000 deals of every preset found
    none); Easy, a beginner, sometimes leaves partner's nil to win a trick it could take."""
    scan = lab.groan_scan.scan
    medium = scan("classic", "medium", 60, 1)
    assert medium["decisions"] > 1000
    assert not any(medium["counts"].values()), medium["found"]
    easy = scan("classic", "easy", 60, 1)
    assert easy["counts"]["partner_nil_left"] > 0
    assert all(p["fault"] in easy["counts"] for p in easy["found"])


def _bid(
    hand: str, bids: Sequence[int | str | None], rules: object = "classic", dealer: int = 3
) -> SeatView:
    """Seat 0's bid from 0–0 with `hand` (bids: those made so far)."""
    return view_from_json(
        {
            "rules": rules,
            "seat": 0,
            "phase": "bid",
            "dealer": dealer,
            "hand": hand.split(),
            "bids": list(bids),
            "tricks_won": [0, 0, 0, 0],
            "gone": [],
            "trick": [],
            "scores": [0, 0],
            "bags": [0, 0],
        }
    )


def _bid_fault(view: SeatView, bid: int | str) -> str | None:
    from spades_gui.engine.bids import NIL

    return lab.groan_scan.bid_fault(view, NIL if bid == "nil" else bid)


LOW = "2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 6C"  # twelve low side cards


def test_a_nil_holding_a_sure_trick() -> None:
    """The A♠ (or the Big Joker) takes a trick whatever the others hold: a nil with it is lost
    before it is bid. Not when the nil passes a card to partner, nor with the 2♠."""
    assert _bid_fault(_bid(f"AS {LOW}", [None] * 4), "nil") == "nil_with_sure_trick"
    assert _bid_fault(_bid(f"AS {LOW}", [None] * 4), 1) is None
    assert _bid_fault(_bid(f"2S {LOW}", [None] * 4), "nil") is None
    exchange = {"preset": "classic", "nil_exchange": True}
    assert _bid_fault(_bid(f"AS {LOW}", [None] * 4, exchange), "nil") is None
    jokers = "BJ 3H 4H 5H 6H 3D 4D 5D 6D 3C 4C 6C 7C"
    assert _bid_fault(_bid(jokers, [None] * 4, "tournament"), "nil") == "nil_with_sure_trick"


def test_bidding_fewer_than_the_sure_tricks() -> None:
    """A♠ K♠ Q♠ take three tricks however the cards lie: bidding 2 leaves one on the table.
    Where partners bid by hint (Online) the second number corrects the first: no fault."""
    hand = "AS KS QS 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"
    assert _bid_fault(_bid(hand, [None] * 4), 2) == "sure_tricks_not_bid"
    assert _bid_fault(_bid(hand, [None] * 4), 3) is None
    assert _bid_fault(_bid(hand, [None] * 4, "online"), 2) is None
    spades = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    assert _bid_fault(_bid(spades, [None] * 4), 12) == "sure_tricks_not_bid"


def test_a_bid_past_the_tricks() -> None:
    """Partner bid 7: my 7 makes 14 of 13 tricks, set for sure; 6 may be made."""
    hand = "AS KS QS JS TS AH KH QH 2D 3D 4D 2C 3C"
    v = _bid(hand, [None, 2, 7, 3], dealer=0)
    assert _bid_fault(v, 7) == "bid_past_the_tricks"
    assert _bid_fault(v, 6) is None


def test_the_bids_of_the_baseline_and_medium() -> None:
    """At Jokers 350 the baseline now and then bids fewer than its sure tricks (0 with the Big
    Joker); Medium never (--bids: each hand left when its play begins)."""
    scan = lab.groan_scan.scan
    base = scan("jokers350", "baseline", 60, 1, bids_only=True)
    assert base["decisions"] == 8 * 60  # all four seats, both ways round
    assert base["counts"]["sure_tricks_not_bid"] > 0
    medium = scan("jokers350", "medium", 60, 1, bids_only=True)
    assert medium["decisions"] == 4 * 60
    assert not any(medium["counts"].values()), medium["found"]
