"""Writes the scenario seat views (tests/scenarios/*.json) from compact specs: run to regenerate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spades_gui.engine import card_str, parse_card, preset_rules
from spades_gui.engine.deck import deck_for

HERE = Path(__file__).parent


def cards(text: str) -> list[str]:
    """Card names from a space-separated string."""
    return [card_str(parse_card(x)) for x in text.split()]


def fill(
    rules_name: str, hand: str, trick: str, keep: str, n: int, gone: str = "", spades: bool = True
) -> list[str]:
    """The gone cards: the given ones, then low cards round the suits, never `keep`."""
    rules = preset_rules(rules_name)
    deck = deck_for(rules)
    used = {parse_card(x) for x in (hand + " " + trick + " " + keep + " " + gone).split()}
    out = cards(gone)
    suits = [0, 1, 2, 3] if spades else [0, 1, 2]
    by_suit = {
        s: [
            c
            for c in sorted(deck.cards, key=lambda c: deck.strength[c])
            if deck.suit[c] == s and c not in used
        ]
        for s in suits
    }
    k = 0
    while len(out) < n:
        if not any(by_suit.values()):
            raise ValueError("not enough filler cards")
        s = suits[k % len(suits)]
        k += 1
        if by_suit[s]:
            out.append(card_str(by_suit[s].pop(0)))
    return out


def play(
    name: str,
    why: str,
    accept: list[Any],
    rules: str,
    hand: str,
    trick: str,
    leader: int,
    bids: list[Any],
    tricks_won: list[int],
    keep: str = "",
    gone: str = "",
    spades: bool = True,
    seat: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    """A play-phase scenario for `seat` (South by default)."""
    done = sum(tricks_won)
    view: dict[str, Any] = {
        "name": name,
        "why": why,
        "accept": accept,
        "rules": rules,
        "seat": seat,
        "phase": "play",
        "hand": cards(hand),
        "bids": bids,
        "tricks_won": tricks_won,
        "gone": fill(rules, hand, trick, keep, 4 * done, gone, spades),
        "trick": cards(trick),
        "leader": leader,
        "scores": extra.pop("scores", [0, 0]),
        "bags": extra.pop("bags", [0, 0]),
    }
    view.update(extra)
    return view


def bid(
    name: str,
    why: str,
    accept: list[Any],
    rules: str,
    hand: str,
    bids: list[Any],
    seat: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    """A bidding scenario."""
    view: dict[str, Any] = {
        "name": name,
        "why": why,
        "accept": accept,
        "rules": rules,
        "seat": seat,
        "phase": "bid",
        "hand": cards(hand),
        "bids": bids,
        "tricks_won": [0, 0, 0, 0],
        "gone": [],
        "trick": [],
        "scores": extra.pop("scores", [0, 0]),
        "bags": extra.pop("bags", [0, 0]),
    }
    view.update(extra)
    return view


SCENARIOS: list[dict[str, Any]] = [
    # ----- bidding ---------------------------------------------------------------------------
    bid(
        "partner_nil_bid_full",
        "Partner bid nil: count every trick, covering wins more, not fewer.",
        [5, 6, 7],
        "pagat",
        "AS KS QS 4S AH KH 7H 3H AD 8D 5D 9C 4C",
        [None, "nil", 3, None],
        seat=3,
    ),
    bid(
        "no_nil_after_partner_nil",
        "Partner already bid nil: a second nil is not the answer.",
        [1, 2, 3],
        "pagat",
        "5S 3S 9H 6H 2H JD 7D 4D 3D 8C 6C 4C 2C",
        [None, 2, "nil", 3],
        seat=0,
        dealer=0,
    ),
    bid(
        "no_nil_after_opp_blind_nil",
        "An opponent bid blind nil: do not bid nil into it.",
        [1, 2, 3],
        "pagat",
        "6S 3S 9H 6H 2H TD 7D 4D 3D 8C 6C 4C 2C",
        ["blind_nil", None, None, None],
        seat=1,
        scores=[0, 200],
    ),
    bid(
        "clear_nil",
        "No spade above 5, no high cards: nil pays 100 here.",
        ["nil"],
        "pagat",
        "5S 2S 9H 6H 3H 2H 8D 6D 3D 7C 5C 4C 2C",
        [None, None, None, None],
        seat=1,
        dealer=0,
    ),
    bid(
        "no_nil_with_ace_of_spades",
        "The ace of spades always wins a trick: no nil.",
        [1, 2],
        "pagat",
        "AS 2S 9H 6H 3H 2H 8D 6D 3D 7C 5C 4C 2C",
        [None, None, None, None],
        seat=1,
        dealer=0,
    ),
    bid(
        "no_nil_with_big_joker",
        "The Big Joker is the top trump: no nil, count it.",
        [1, 2, 3],
        "tournament",
        "BJ 3S 9H 6H 4H 3H 8D 6D 3D 7C 5C 4C 2C",
        [None, None, None, None],
        seat=1,
        dealer=0,
    ),
    bid(
        "strong_hand_counts",
        "Three top spades, two side aces and a king: about six tricks.",
        [5, 6, 7],
        "pagat",
        "AS KS QS 7S 3S AH KH 4H AD 6D 5D 9C 2C",
        [None, None, None, None],
        seat=1,
        dealer=0,
    ),
    # ----- passing ---------------------------------------------------------------------------
    {
        "name": "blind_nil_passes_high_spades",
        "why": "After a blind nil the nil bidder passes its most dangerous cards: the top spades.",
        "accept": [["AS", "KS"]],
        "rules": "pagat",
        "seat": 0,
        "phase": "pass",
        "pass_count": 2,
        "hand": cards("AS KS 5S 9H 6H 3H 2H 8D 6D 3D 7C 5C 2C"),
        "bids": ["blind_nil", 3, 4, 3],
        "tricks_won": [0, 0, 0, 0],
        "gone": [],
        "trick": [],
        "scores": [0, 200],
        "bags": [0, 0],
    },
    {
        "name": "partner_of_blind_nil_passes_low",
        "why": "Partner bid blind nil: give two low side cards, keep the spades to cover.",
        "accept": [["2C", "2D"]],
        "rules": "pagat",
        "seat": 2,
        "phase": "pass",
        "pass_count": 2,
        "hand": cards("AS KS 4S 3S AH KH 9H 2D JD QD 2C TC KC AC QH"),
        "bids": ["blind_nil", 3, 5, 3],
        "tricks_won": [0, 0, 0, 0],
        "gone": [],
        "trick": [],
        "scores": [0, 200],
        "bags": [0, 0],
    },
    # ----- my nil ----------------------------------------------------------------------------
    play(
        "nil_stay_under",
        "I bid nil and the J♥ is winning: play my highest heart under it.",
        ["TH"],
        "pagat",
        "QH TH 3H 9D 5D 2C 6C 8C 4S 3S 6D 7D 9C",
        "JH",
        3,
        ["nil", 3, 4, 3],
        [0, 0, 0, 0],
        seat=0,
    ),
    play(
        "nil_discard_ace",
        "I bid nil and cannot follow: throw the ace, my most dangerous card.",
        ["AD"],
        "pagat",
        "AD 5D 2D 9C 5C 2C 8S 4S 3S 3C 4C",
        "KH",
        3,
        ["nil", 3, 4, 3],
        [0, 1, 0, 1],
        keep="2H 3H 4H 5H 6H",
        gone="AH QH JH TH 9H",
        spades=False,
    ),
    play(
        "nil_lead_low",
        "I bid nil and lead: the 2♦ cannot win; my other cards might.",
        ["2D", "3C"],
        "pagat",
        "2D 9C 7C 8H 5H 6S 4S 7D 6D QD 5C 3C 3S",
        "",
        0,
        ["nil", 3, 4, 3],
        [0, 0, 0, 0],
        seat=0,
    ),
    play(
        "nil_all_cards_high_play_lowest",
        "I bid nil and all my hearts beat the J♥: play the lower one; others may still overtake.",
        ["QH"],
        "pagat",
        "QH KH 9D 5D 2C 6C 8C 4S 3S 6D 7D 9C 3D",
        "JH",
        3,
        ["nil", 3, 4, 3],
        [0, 0, 0, 0],
    ),
    play(
        "nil_trumped_shed_highest",
        "I bid nil; the heart lead is trumped: shed my highest heart.",
        ["KH"],
        "pagat",
        "KH 3H 9D 5D 2C 6C 8C 4S 2S 6D 7D 7C",
        "5H 8S",
        2,
        ["nil", 3, 4, 3],
        [0, 0, 1, 0],
        keep="QH JH TH 9H AH 7H 6H 4H 2H",
        spades=False,
        spades_broken=True,
    ),
    play(
        "nil_shed_deuce_under_joker",
        "Tournament rules, I bid nil: the Little Joker has "
        "trumped, so shed the 2♠, which ranks just below it.",
        ["2S"],
        "tournament",
        "2S 9D 5D 3C 6C 8C 3D 6D 7D 4C 9C",
        "5H 9H LJ",
        1,
        ["nil", 4, 5, 3],
        [0, 1, 0, 1],
        keep="BJ AS KS QS JS TS 9S 8S 7S 6S 5S 3S 4S",
        spades=False,
        voids={"0": ["H"]},
    ),
    # ----- covering partner's nil ------------------------------------------------------------
    play(
        "cover_queen_over_nine",
        "Partner bid nil and the 9♥ is winning: play the Q♥ so partner can stay under it.",
        ["QH"],
        "pagat",
        "QH 2H",
        "9H",
        3,
        [5, 3, "nil", 5],
        [3, 4, 0, 4],
        keep="JH TH 4C 5C 6C",
    ),
    play(
        "cover_second_hand_ace",
        "Partner bid nil and a low heart is led: cover with the ace.",
        ["AH"],
        "pagat",
        "AH 5H KD QD 4D AC 8C 3C AS 5S 2S JD 6C",
        "4H",
        3,
        [4, 3, "nil", 3],
        [0, 0, 0, 0],
    ),
    play(
        "cover_overtake_cheaply",
        "Partner's 9♥ is winning and I play last: overtake with the 10♥, keep the king for later.",
        ["TH"],
        "pagat",
        "KH TH 3H 9D 4D QC 8C 3C 7S 5S 2S 6C",
        "7H 9H 8H",
        1,
        [4, 3, "nil", 3],
        [0, 1, 0, 0],
        keep="AH QH JH 6H 5H 4H 2H",
        spades=False,
    ),
    play(
        "cover_overtake_partner_lead",
        "Partner led the 3♥ and is winning: overtake with the 5♥, not the king.",
        ["5H"],
        "pagat",
        "KH 5H 9D 4D QC 8C 3C 7S 5S 2S 6C JD TD",
        "3H 2H",
        2,
        [4, 3, "nil", 3],
        [0, 0, 0, 0],
    ),
    play(
        "cover_keep_king",
        "Partner is already under the ace: keep the K♥ for later covering.",
        ["4H"],
        "pagat",
        "KH 4H 9D 4D QC 8C 3C 7S 5S 2S 6C JD",
        "6H 5H AH",
        1,
        [4, 3, "nil", 3],
        [0, 1, 0, 0],
        keep="QH JH TH 9H 8H 7H 3H 2H",
        spades=False,
    ),
    play(
        "cover_small_spade",
        "Partner bid nil and is next after the left opponent: trump the low "
        "diamond with a small spade.",
        ["2S"],
        "pagat",
        "2S KS QC 8C 3C AH 5H 9H 6C 7C JH",
        "3D",
        3,
        [4, 3, "nil", 3],
        [0, 1, 0, 1],
        gone="AD KD QD JD TD 9D 8D 7D",
        keep="6D 5D 4D 2D",
        spades=False,
        spades_broken=True,
        voids={"0": ["D"]},
    ),
    play(
        "cover_save_last_spade",
        "Partner is safe this trick: throw the diamond and keep the "
        "last spade to cover partner on the last trick.",
        ["7D"],
        "pagat",
        "3S 7D",
        "4C 2C KC",
        1,
        [5, 3, "nil", 2],
        [5, 3, 0, 3],
        keep="AS KD QH",
    ),
    play(
        "cover_lead_winner",
        "Partner bid nil and I lead: the A♣ wins for sure; partner throws under it.",
        ["AC", "KC", "AH"],
        "pagat",
        "AC KC 4C AH 6H 5H 9D 4D 3D AS KS 2S QD",
        "",
        0,
        [4, 3, "nil", 3],
        [0, 0, 0, 0],
        seat=0,
        dealer=3,
    ),
    # ----- the other team's nil --------------------------------------------------------------
    play(
        "set_nil_when_made",
        "Our bid is made and the nil bidder's J♥ is winning: stay under it.",
        ["8H"],
        "pagat",
        "QH 8H 9D 4D 3D 7S 2S 5C",
        "4H JH",
        0,
        [2, "nil", 3, 3],
        [3, 0, 2, 0],
        keep="AH KH 9H 7H 6H 5H 3H 2H",
        seat=2,
    ),
    play(
        "take_tricks_to_win_game",
        "Making our bid wins the game: take the trick with the ace rather than chase their nil.",
        ["AH"],
        "pagat",
        "AH 9H 2C",
        "5H JH",
        0,
        [3, "nil", 4, 3],
        [3, 0, 3, 4],
        scores=[460, 300],
        keep="KS QS 3C 8H 7H 6H 4D",
        seat=2,
    ),
    # ----- ordinary play ---------------------------------------------------------------------
    play(
        "no_overtake_partner",
        "Partner's A♣ is winning: play the 3♣, not the king.",
        ["3C"],
        "pagat",
        "KC 3C 9D 4D 7H 5H 2S 8S QD JH 6D TD",
        "5C AC 6C",
        1,
        [4, 3, 3, 3],
        [0, 1, 0, 0],
        keep="QC JC TC 9C 8C 7C 4C 2C",
        spades=False,
    ),
    play(
        "dont_trump_partner",
        "Partner's A♦ is winning and I am last: throw a club, don't trump.",
        ["3C", "4C", "5C", "5H", "7H"],
        "pagat",
        "4C 3C 9H 7H 5H 2S 8S QH JH KS JC 5C",
        "5D AD 6D",
        1,
        [4, 3, 3, 3],
        [0, 1, 0, 0],
        keep="KD QD JD TD 9D 8D 7D 4D 3D 2D",
        spades=False,
        voids={"0": ["D"]},
    ),
    play(
        "second_hand_low",
        "Second hand low: the ace of hearts is out; keep the king.",
        ["2H", "7H"],
        "pagat",
        "KH 7H 2H 9D 4D QC 8C 3C 7S 5S 2S 6C JD",
        "5H",
        3,
        [4, 3, 3, 3],
        [0, 0, 0, 0],
    ),
    play(
        "third_hand_high",
        "Third hand high: beat the 9♣ with the jack (the queen is the same).",
        ["JC", "QC"],
        "pagat",
        "QC JC 3C 9D 4D 7H 5H 2S 8S JH 6D TD 4S",
        "4C 9C",
        2,
        [4, 3, 3, 3],
        [0, 0, 0, 0],
    ),
    play(
        "fourth_hand_cheapest",
        "Last to play: win with the 10♦, the cheapest card that wins.",
        ["TD"],
        "pagat",
        "KD TD 5D 9C 4C 7H 5H 2S 8S JH 6C QC",
        "7D 3D 9D",
        1,
        [4, 3, 3, 3],
        [0, 1, 0, 0],
        keep="AD QD JD 8D 6D 4D 2D",
        spades=False,
    ),
    play(
        "ruff_cheaply",
        "The opponents' K♥ is winning and I have no hearts: trump with the 4♠.",
        ["4S"],
        "pagat",
        "4S 9S 9D 4D QC 8C 3C 7D 5D 2D 6C 4C",
        "KH 3H 2H",
        1,
        [2, 3, 2, 3],
        [0, 1, 0, 0],
        keep="AH QH JH TH 9H 8H 7H",
        spades=False,
        spades_broken=True,
        voids={"0": ["H"]},
    ),
    play(
        "duck_when_bags_cost",
        "Both bids are made and we hold 8 bags: duck with the 5♦.",
        ["5D"],
        "pagat",
        "QD 5D 9C 7C 8H",
        "9D 4D 3D",
        1,
        [1, 2, 2, 1],
        [2, 3, 1, 2],
        bags=[8, 2],
        keep="AD KD JD TD 8D AS KS",
    ),
    play(
        "no_bags_take_tricks",
        "Jokers 350 has no bags: overtricks are free, so take the trick the opponents need.",
        ["QD"],
        "jokers350",
        "QD 5D 9C 7C 8H",
        "9D 4D 3D",
        1,
        [3, 3, 3, 2],
        [3, 1, 3, 1],
        keep="AD KD JD TD 8D AS KS",
    ),
    play(
        "set_their_contract",
        "The opponents need every trick left: take this one to set them.",
        ["QD"],
        "pagat",
        "QD 5D 9C 7C 8H",
        "9D 4D 3D",
        1,
        [2, 5, 2, 4],
        [3, 2, 1, 2],
        keep="AD KD JD TD 8D AS KS",
    ),
    play(
        "cash_ace",
        "We need tricks: cash the A♣ before the clubs run out.",
        ["AC"],
        "pagat",
        "AC 7C 9H 6H 5H 9D 4D 3D 8S 6S 2S QD",
        "",
        0,
        [2, 3, 2, 3],
        [1, 0, 0, 0],
        seat=0,
        keep="KC QC JC TC 9C 8C",
        spades=False,
    ),
    play(
        "lead_partner_void",
        "Partner is out of diamonds and still holds spades: lead a diamond for partner to trump.",
        ["3D", "4D"],
        "pagat",
        "9D 4D 3D 9H 6H 5H 7C 6C 2C 8S QH",
        "",
        0,
        [2, 3, 3, 3],
        [1, 0, 0, 1],
        voids={"2": ["D"]},
        spades=False,
        keep="AD KD QD JD TD 8D 7D 6D 5D 2D AS KS QS",
    ),
    play(
        "avoid_opponent_ruff",
        "The right-hand opponent is out of hearts: lead clubs, not hearts.",
        ["2C", "7C", "6C", "4D", "8D", "9D", "QD"],
        "pagat",
        "9H 6H 5H 7C 6C 2C 9D 8D 4D 8S QD",
        "",
        0,
        [4, 3, 4, 3],
        [1, 0, 0, 1],
        voids={"3": ["H"]},
        spades=False,
        keep="AH KH QH JH TH 8H 7H 4H AS KS QS",
    ),
    play(
        "elevated_deuce_wins",
        "Tournament rules: the 2♠ outranks the ace; win the spade trick we need.",
        ["2S"],
        "tournament",
        "2S 5S 9D 5D 3C 6C 8C 7H 3H 6D",
        "AS 7S 3S",
        1,
        [4, 4, 5, 3],
        [1, 1, 0, 1],
        keep="BJ LJ KS QS JS TS 9S 8S 6S 4S",
        spades=False,
        spades_broken=True,
    ),
    play(
        "little_joker_wins",
        "Tournament rules: the Big Joker is gone, so the Little Joker wins over the 2♠.",
        ["LJ"],
        "tournament",
        "LJ 5S 9D 5D 3C 6C 8C 7H 3H 6D",
        "2S 3S KS",
        1,
        [4, 4, 5, 3],
        [1, 1, 0, 1],
        gone="BJ 4S 5C 6H",
        spades=True,
        spades_broken=True,
        keep="AS QS JS TS 9S 8S 7S 6S",
    ),
    play(
        "no_overtrump_partner",
        "Partner's trump is winning and I am void too: throw a side card, don't overtrump.",
        ["4C", "9C", "7H", "8H"],
        "pagat",
        "9C 4C KS 5S 8H 7H",
        "AD 6S 3D",
        1,
        [4, 3, 3, 3],
        [2, 2, 1, 2],
        voids={"0": ["D"], "2": ["D"]},
        keep="KD QD JD TD 9D AS QS JS",
    ),
    play(
        "classic_lowest_club",
        "Classic: the first trick takes everyone's lowest club.",
        ["5C"],
        "classic",
        "5C 9C KC 9D 4D 7H 5H 2S 8S JH 6D TD 4S",
        "2C 3C 4C",
        1,
        [4, 3, 3, 3],
        [0, 0, 0, 0],
        dealer=0,
    ),
    play(
        "online_no_spade_trick_one",
        "Online rules: no spade on the first trick while I hold another suit.",
        ["3D", "7D", "8D", "9D", "JD", "4H", "5H", "7H", "9H"],
        "online",
        "3D 5S AS KS QS 9H 7H 5H 4H JD 9D 8D 7D",
        "AC 2C 4C",
        1,
        [4, 3, 3, 3],
        [0, 0, 0, 0],
        dealer=0,
        voids={"0": ["C"]},
    ),
]


def main() -> None:
    """Write every scenario file, numbered in list order."""
    for old in HERE.glob("*.json"):
        old.unlink()
    for n, sc in enumerate(SCENARIOS, start=1):
        path = HERE / f"{n:02d}_{sc['name']}.json"
        path.write_text(json.dumps(sc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(SCENARIOS)} scenarios")


if __name__ == "__main__":
    main()
