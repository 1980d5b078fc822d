"""tools/groan_scan.py: plays a partner would groan at, found in positions built by hand."""

from __future__ import annotations

from collections.abc import Sequence

from spades_gui.ai.view import SeatView, view_from_json
from spades_gui.engine.cards import card_str, cards_of, parse_card

from ..tools import tool

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
) -> SeatView:
    """Seat 0 of a Classic hand, to play to a trick led by `leader` (last, by seat 1); `others`
    the cards the other seats still hold, if given (every card not held has gone), else `gone`
    the cards played; `voids` the suits each seat has shown out of."""
    held = set(hand.split()) | set(trick.split()) | set((others or "").split())
    played = [c for c in DECK if c not in held] if others is not None else gone.split()
    return view_from_json(
        {
            "rules": "classic",
            "seat": 0,
            "phase": "play",
            "dealer": (leader - 1) % 4,
            "hand": hand.split(),
            "bids": list(bids),
            "tricks_won": won,
            "gone": played,
            "trick": trick.split(),
            "leader": leader,
            "scores": [0, 0],
            "bags": [0, 0],
            "voids": voids or {},
        }
    )


def _fault(view: SeatView, card: str) -> str | None:
    return tool("groan_scan").fault(view, parse_card(card))


FIRST = "AS KS QS AC KC QC JC AD KD QD JD"  # eleven cards beside two of the suit led


def test_leaving_partner_s_nil_to_win_the_trick() -> None:
    """Partner's nil 5♥ wins unless I take it: the K♥ covers, the 2♥ sets the nil."""
    v = _last(f"KH 2H {FIRST}", "3H 5H 4H", [4, 3, "nil", 4], [0, 0, 0, 0])
    assert _fault(v, "2H") == "partner_nil_left"
    assert _fault(v, "KH") is None
    # with a nil of my own, one of the two is set whatever I play: no fault either way
    v = _last(f"KH 2H {FIRST}", "3H 5H 4H", ["nil", 3, "nil", 4], [0, 0, 0, 0])
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


def test_winning_a_trick_on_my_own_nil() -> None:
    """My nil is live and the right opponent's 5♥ wins: the K♥ takes the trick, the 2♥ not.
    Second to play to the K♠, the A♠ wins for sure (nothing ranks over it): a fault too."""
    v = _last(f"KH 2H {FIRST}", "3H 4H 5H", ["nil", 3, 4, 4], [0, 0, 0, 0])
    assert _fault(v, "KH") == "own_nil_taken"
    assert _fault(v, "2H") is None
    hand = "AS 2S AC KC QC JC AD KD QD JD TD 9D 8D"
    v = _last(hand, "KS", ["nil", 3, 4, 4], [0, 0, 0, 0], leader=3)
    assert _fault(v, "AS") == "own_nil_taken"
    assert _fault(v, "2S") is None
    # over the 5♥, the 9♥ may yet be beaten: a risk, not a sure fault
    v = _last(f"9H 2H {FIRST}", "5H", ["nil", 3, 4, 4], [0, 0, 0, 0], leader=3)
    assert _fault(v, "9H") is None
    # the left opponent out of spades, the K♣ beats both opponents for sure; partner, out of
    # clubs, may trump it (no fault), unless out of spades too
    late = ("KC 3C 2D 3D", "9C", ["nil", 3, 4, 5], [0, 3, 2, 4], "4C 5C 6C 7C 8C AS KS 4D 5D 6D 7D")
    v = _last(*late, leader=3, voids={"1": ["S"], "2": ["C"]})
    assert _fault(v, "KC") is None
    v = _last(*late, leader=3, voids={"1": ["S"], "2": ["C", "S"]})
    assert _fault(v, "KC") == "own_nil_taken"


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


def test_giving_up_the_contract() -> None:
    """We need both tricks left and the Q♥ of the left opponent (not a nil) is winning: the K♠
    trumps it, the 2♦ sets our bid for sure. With three left, the 2♦ is no fault."""
    v = _last("KS 2D", "QH 3H 4H", [5, 4, 6, 4], [5, 1, 4, 1], "JH TH 9H")
    assert _fault(v, "2D") == "contract_given_up"
    assert _fault(v, "KS") is None
    v = _last("KS 2D 3D", "QH 3H 4H", [5, 4, 6, 4], [5, 1, 4, 0], "JH TH 9H 8H 7H 6H")
    assert _fault(v, "2D") is None


def test_medium_plays_none_of_them_and_easy_some() -> None:
    """Over whole hands Medium makes none of these faults (2,000 deals of every preset found
    none); Easy, a beginner, sometimes leaves partner's nil to win a trick it could take."""
    scan = tool("groan_scan").scan
    medium = scan("classic", "medium", 60, 1)
    assert medium["decisions"] > 1000
    assert not any(medium["counts"].values()), medium["found"]
    easy = scan("classic", "easy", 60, 1)
    assert easy["counts"]["partner_nil_left"] > 0
    assert all(p["fault"] in easy["counts"] for p in easy["found"])
