"""Differential test: the engine against the clean-room reference in ``spades_ref``.

Random games are played through the engine's public API only; at every decision the engine's
legal cards are compared with the reference's, and after every trick and hand the winner,
points, scores, bags and the game-end decision.  ``SPADES_DIFF_HANDS`` sets how many hands
(default 2,000), ``SPADES_DIFF_GAMES`` how many whole games (default 200) and
``SPADES_DIFF_SEED`` shifts every random choice.  ``python -m tests.reference.test_differential``
runs the same comparison and prints what it covered.

The three engine bugs this comparison found (fixed since) are kept as regression tests at the
end.
"""

from __future__ import annotations

import collections
import os
import random
from dataclasses import dataclass, field

import pytest

from spades_gui.engine import (
    BID,
    PASS,
    PLAY,
    PRESETS,
    Game,
    Rules,
    RulesError,
    card_str,
    cards_of,
)
from spades_gui.engine.rules import OPTIONS

from . import spades_ref as ref

HANDS = int(os.environ.get("SPADES_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("SPADES_DIFF_SEED", "0"))
GAMES = int(os.environ.get("SPADES_DIFF_GAMES", "200"))
PRESET_SHARE = 0.4  # of HANDS, spread over the presets; the rest go to random mixes
MAX_GAME_HANDS = 60
DEFAULTS = Rules().to_dict()

# Integer options take values seen in the documents (RULES.md table).
INT_VALUES: dict[str, list] = {
    "min_team_bid": [0, 4],
    "nil_bonus": [50, 60, 100],
    "nil_penalty": [50, 60, 100],
    "double_nil_value": [120, 200],
    "blind_nil_deficit": [100, 200],
    "blind_nil_bonus": [100, 120, 200],
    "blind_nil_penalty": [50, 100, 120, 200],
    "blind_nil_pass": [1, 2],
    "ten_for_200_value": [120, 200],
    "blind6_penalty": [120, 60],
    "moon_value": [200, 500],
    "bag_limit": [0, 6, 10],
    "bag_penalty": [60, 100],
    "target": [0, 150, 250, 300, 350, 500, 1000],
    "losing_floor": [None, -150, -250, -500],
    "match_hands": [0, 0, 3],
    "time_limit_min": [0, 0, 30, 40],
}
# Renege (claims checked at the end of a hand) is outside this reference: the engine's
# "renege allowed" legality is not defined by any document, so mixes keep it enforced.
# 001's last three variations (the 54-card pack with two cards left over, no-trump bids,
# Double Nil as a team bid) are outside it too: tests/engine/test_variations.py checks them.
FIXED = {
    "renege": "enforced",
    "leftover_to": "dealer",
    "leftover_discard": "before",
    "no_trump": False,
    "no_trump_penalty": "double",
    "no_trump_blind": False,
    "no_trump_blind_penalty": "triple",
    "no_trump_blind_deficit": 400,
    "double_nil_bid": False,
    "double_nil_bonus": 500,
    "double_nil_wins": False,
    "double_nil_penalty": 250,
    "double_nil_loses": False,
    "double_nil_opp_bonus": 100,
    "double_nil_deficit": 400,
    "double_nil_exchange": False,
    "double_nil_blind": False,
}
LEFT_OUT = {"jokers_replace": [""]}  # choices outside the reference (all 54 cards dealt from)


def random_options(rng: random.Random) -> dict:
    """A random mix of option values (may be refused by the rules check)."""
    out: dict = {}
    for opt in OPTIONS:
        if opt.name in FIXED:
            out[opt.name] = FIXED[opt.name]
        elif opt.multi:
            out[opt.name] = [c for c, _ in opt.choices if rng.random() < 0.3]
        elif opt.choices:
            out[opt.name] = rng.choice(
                [c for c, _ in opt.choices if c not in LEFT_OUT.get(opt.name, ())]
            )
        else:
            out[opt.name] = rng.choice(INT_VALUES[opt.name])
    if out["jokers"] and out["high_twos"] and rng.random() < 0.8:
        # a 2 that leaves the deck for the jokers cannot be raised: keep the others
        gone = out["jokers_replace"][1::2]
        out["high_twos"] = "".join(x for x in out["high_twos"] if x not in gone)
    if out["bags_display"] == "units" and rng.random() < 0.8:
        out["bag_limit"] = 10
    if not out["nil_allowed"] and rng.random() < 0.7:
        out["blind_nil"], out["blind_nil_exchange"], out["double_nil"] = False, "none", "separate"
    if not out["blind_nil"] and rng.random() < 0.7:
        out["blind_nil_exchange"] = "none"
    if out["moon_wins"] and rng.random() < 0.8:
        out["all13"] = "moon"
    if out["target"] == 0 and rng.random() < 0.8:
        out["match_hands"] = rng.choice([1, 2, 3, 5])
    return out


def endgame_options(rng: random.Random) -> dict:
    """A random mix with small targets and floors, so that games end in every way."""
    out = random_options(rng)
    out["target"] = rng.choice([0, 10, 20, 30, 50, 80, 150])
    out["losing_floor"] = rng.choice([None, None, -30, -60, -150])
    out["match_hands"] = rng.choice([0, 0, 1, 2, 3])
    out["time_limit_min"] = rng.choice([0, 0, 5, 10, 30])
    out["tiebreak"] = rng.choice(["next_hand", "most_tricks"])
    if rng.random() < 0.5:
        out["bag_value"] = 0  # more tied scores
    return out


def random_mixes(rng: random.Random, n: int, endgame: bool = False) -> list[Rules]:
    """n random rule mixes the rules check accepts."""
    mixes = []
    while len(mixes) < n:
        try:
            options = endgame_options(rng) if endgame else random_options(rng)
            mixes.append(Rules().with_options(**options))
        except RulesError:
            continue
    return mixes


# --- the driver ---------------------------------------------------------------------


@dataclass
class Mismatch:
    """One disagreement between the engine and the reference."""

    kind: str
    where: str
    engine: object
    reference: object
    options: dict

    def __str__(self) -> str:
        return (
            f"{self.kind} at {self.where}: engine={self.engine!r} ref={self.reference!r}"
            f"  options={self.options}"
        )


@dataclass
class Tally:
    """What was compared."""

    hands: int = 0
    games_finished: int = 0
    plays: int = 0
    tricks: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    events: collections.Counter = field(default_factory=collections.Counter)


def strs(mask: int) -> list[str]:
    """Card texts of a mask."""
    return [card_str(c) for c in cards_of(mask)]


def card_int(text: str) -> int:
    """The engine's int for a card text."""
    if text == "LJ":
        return 52
    if text == "BJ":
        return 53
    return ref.SUITS.index(text[1]) * 13 + ref.RANKS.index(text[0])


def estimate(opts: dict, cards: list[str]) -> float:
    """A rough trick count for bidding."""
    est = 0.0
    trumps = [c for c in cards if ref.is_trump(c, opts)]
    for c in cards:
        p = ref.power(c, opts)
        if ref.is_trump(c, opts):
            est += 1.0 if p >= 11 else 0.5 if p >= 9 else 0.0
        else:
            est += 1.0 if p == 12 else 0.6 if p == 11 else 0.0
    return est + max(0, len(trumps) - 3) * 0.7


def choose_bid(rng: random.Random, legal: list[int], opts: dict, cards: list[str]) -> int:
    """A bid from the legal list: mostly sensible, sometimes nil, blind, huge or random."""
    specials = [b for b in legal if b >= ref.NIL]
    numbers = [b for b in legal if b < ref.NIL]
    r = rng.random()
    if specials and (r < 0.08 or not numbers):
        nils = [b for b in specials if b == ref.NIL]
        return nils[0] if nils and rng.random() < 0.6 else rng.choice(specials)
    if r < 0.14:
        return rng.choice(numbers)
    if r < 0.17:
        return max(numbers)
    est = 0.8 * estimate(opts, cards) + rng.choice([-1, 0, 0, 0, 1])
    return min(numbers, key=lambda b: (abs(b - est), b))


def choose_card(
    rng: random.Random,
    style: str,
    legal: list[str],
    opts: dict,
    trick: list[str],
    leader: int,
    seat: int,
    nil: bool,
) -> str:
    """A card from the legal list, by the seat's style this hand."""
    if style == "random":
        return rng.choice(legal)
    order = sorted(legal, key=lambda c: (ref.is_trump(c, opts), ref.power(c, opts), c))
    if style in ("high", "low"):
        return order[-1] if style == "high" else order[0]
    # "smart": a nil ducks; otherwise win cheaply unless partner is already winning.
    if not trick:
        return order[0] if nil else rng.choice(legal)

    def wins(card: str) -> bool:
        return ref.trick_winner(opts, [*trick, card], leader) == seat

    winners = [c for c in order if wins(c)]
    losers = [c for c in order if c not in winners]
    if nil:
        return losers[-1] if losers else order[0]
    partner_winning = len(trick) >= 2 and ref.trick_winner(opts, trick, leader) == (seat + 2) % 4
    if partner_winning or not winners:
        return order[0]
    return winners[0] if len(trick) == 3 else winners[-1]


def play_game(rules: Rules, rng: random.Random, max_hands: int, tally: Tally) -> int | None:
    """Play one game (at most max_hands) comparing engine and reference; its winner."""
    opts = rules.to_dict()
    diff = {k: v for k, v in opts.items() if DEFAULTS[k] != v}
    game = Game(rules)
    scores, bags = [0, 0], [0, 0]
    sudden = False
    elapsed = 0.0
    prev_dealer = None

    def miss(kind: str, where: str, engine: object, reference: object) -> None:
        tally.mismatches.append(Mismatch(kind, where, engine, reference, diff))

    misdealt = False
    n = 0
    while n < max_hands:
        hand = game.deal(rng)
        dealer = hand.dealer
        if prev_dealer is not None:
            want = ref.next_dealer(opts, prev_dealer, misdealt)
            if dealer != want:
                miss("dealer", f"hand {n + 1} misdeal before={misdealt}", dealer, want)
        prev_dealer = dealer
        dealt = sorted(c for seat in range(4) for c in strs(hand.hands[seat]))
        if dealt != sorted(ref.deck(opts)) or any(len(strs(m)) != 13 for m in hand.hands):
            miss("deck", f"hand {n + 1}", dealt, sorted(ref.deck(opts)))
        callers = []
        for seat in range(4):
            eng_md = sorted(hand.misdeal_reasons(seat))
            ref_md = sorted(ref.misdeal_conditions(opts, strs(hand.hands[seat])))
            if eng_md != ref_md:
                miss(
                    "misdeal", f"hand {n + 1} seat {seat} {strs(hand.hands[seat])}", eng_md, ref_md
                )
            if eng_md:
                callers.append(seat)
        misdealt = bool(callers) and rng.random() < 0.5
        if misdealt:
            hand.call_misdeal(callers[0])
            game.finish_hand(elapsed)
            tally.events["misdeal called"] += 1
            continue
        n += 1
        tally.hands += 1
        order = ref.bidding_order(opts, dealer)
        raisers: list[int] | None = None
        mine = [0, 0, 0, 0]  # the bids as the reference keeps them
        bemo = [0, 0]
        special = opts["special_card"] or None
        if special == "cut":  # 001: cut afresh before each deal: any card of the deck
            special = card_str(hand.special) if hand.special is not None else "none cut"
            if special not in ref.deck(opts):
                miss("special card", f"hand {n}", special, "a card of the deck")
        elif (card_str(hand.special) if hand.special is not None else None) != special:
            miss("special card", f"hand {n}", hand.special, special)
        special_team = None
        winners: list[int] = []
        k = 0
        while hand.phase == BID and k < 4:
            seat = hand.turn
            if seat != order[k % 4]:
                miss("bid turn", f"hand {n} bid {k}", seat, order[k % 4])
            cards = strs(hand.hands[seat])
            legal_bids = list(hand.legal_bids())
            if not legal_bids:
                miss("no legal bid", f"hand {n} seat {seat} bids {list(hand.bids)}", [], "some")
                return game.winner
            if hand.bids[(seat + 2) % 4] is None:  # the team's first bid: nothing else limits it
                eng_bn = ref.BLIND_NIL in legal_bids
                ref_bn = ref.blind_nil_allowed(opts, scores, seat)
                if eng_bn != ref_bn:
                    miss(
                        "blind nil allowed", f"hand {n} seat {seat} scores {scores}", eng_bn, ref_bn
                    )
            refused = [b for b in legal_bids if b < ref.NIL and not ref.number_bid_allowed(opts, b)]
            if refused:
                miss("number bid", f"hand {n} seat {seat} bids {list(hand.bids)}", refused, [])
            eng_bemo = hand.legal_bemos()
            ref_bemo = ref.bemo_allowed(opts, bool(bemo[seat % 2]))
            if eng_bemo != ref_bemo:
                miss("bemo allowed", f"hand {n} seat {seat} bemo {bemo}", eng_bemo, ref_bemo)
            declare = rng.choice(eng_bemo) if eng_bemo and rng.random() < 0.3 else 0
            mine[seat] = choose_bid(rng, legal_bids, opts, cards)
            hand.bid(mine[seat], declare)
            bemo[seat % 2] = bemo[seat % 2] or declare
            k += 1
        while hand.phase == BID and k >= 4:  # 001: the second round
            if raisers is None:
                raisers = ref.raise_round(opts, order, mine)
            seat = hand.turn
            where = f"hand {n} raise {k - 4} bids {mine}"
            if not raisers or seat != raisers[0]:
                miss("raise turn", where, seat, raisers[:1])
                return game.winner
            team = seat % 2
            now, other = ref.contract_of(mine, team), ref.contract_of(mine, 1 - team)
            want_totals = ref.raise_totals(opts, now, other)
            if list(hand.legal_bids()) != want_totals:
                miss("raise totals", where, list(hand.legal_bids()), want_totals)
            total = now if rng.random() < 0.6 else rng.choice(want_totals)
            hand.bid(total)
            mine[seat] += total - now
            raisers.pop(0)
            tally.events["second round: " + ("kept" if total == now else "raised")] += 1
            k += 1
        if k >= 4 and raisers is None and ref.raise_round(opts, order, mine):
            miss("raise round", f"hand {n} bids {mine}", "none", "a second round")
        want = ref.exchanges(opts, order, mine)
        if want and hand.phase != PASS:
            miss("exchange", f"hand {n} bids {list(hand.bids)}", hand.phase, PASS)
        while hand.phase == PASS:
            seat = hand.turn
            if not want:
                miss("exchange", f"hand {n} seat {seat} passes", "a pass", "none")
                break
            giver, taker, count, own = want[0]
            where = f"hand {n} seat {seat} bids {list(hand.bids)}"
            if (seat, hand.pass_count()) != (giver, count):
                miss("pass", where, (seat, hand.pass_count()), (giver, count))
            may_decline = own and ref.exchange_may_be_declined(opts, hand.bids[seat])
            if hand.may_skip_pass() != may_decline:
                miss("exchange optional", where, hand.may_skip_pass(), may_decline)
            may_ask = ref.may_ask_suit(opts, hand.bids[seat], own)
            if hand.may_ask_suit() != may_ask:
                miss("ask suit", where, hand.may_ask_suit(), may_ask)
            if may_decline and rng.random() < 0.4:
                hand.pass_cards(0)
                want = want[2:]  # no exchange: partner passes nothing back
                tally.events["optional exchange declined"] += 1
                continue
            give = rng.sample(cards_of(hand.hands[seat]), hand.pass_count())
            ask = rng.randrange(4) if may_ask and rng.random() < 0.7 else None
            hand.pass_cards(sum(1 << c for c in give), ask)
            want = want[1:]
            kind = "nil" if hand.bids[giver if own else taker] == ref.NIL else "blind nil"
            asked = ", a suit asked" if ask is not None else ""
            tally.events[f"pass of {count} ({kind}{asked})"] += 1
        if hand.phase != PLAY:
            miss("phase", f"hand {n} after bidding", hand.phase, PLAY)
            return game.winner
        if list(hand.bids) != mine:
            miss("bids", f"hand {n}", list(hand.bids), mine)
        bids = mine
        held = [strs(hand.hands[s]) for s in range(4)]
        styles = [rng.choice(["smart", "smart", "smart", "random", "high", "low"]) for _ in (0, 1)]
        leader = ref.first_leader(opts, dealer, held)
        broken = False
        tricks = [0, 0, 0, 0]
        for t in range(13):
            trick: list[str] = []
            if hand.turn != leader:
                miss("leader", f"hand {n} trick {t}", hand.turn, leader)
                leader = hand.turn
            for i in range(4):
                seat = (leader + i) % 4
                where = f"hand {n} trick {t} card {i} seat {seat} dealer {dealer}"
                if hand.turn != seat:
                    miss("turn", where, hand.turn, seat)
                    seat = hand.turn
                if sorted(strs(hand.hands[seat])) != sorted(held[seat]):
                    miss("hand", where, sorted(strs(hand.hands[seat])), sorted(held[seat]))
                    held[seat] = strs(hand.hands[seat])
                eng = sorted(strs(hand.legal_plays()))
                mine = sorted(ref.legal_plays(opts, held[seat], trick, t == 0, broken))
                tally.plays += 1
                if eng != mine:
                    ctx = f"{where} hand={sorted(held[seat])} trick={trick} broken={broken}"
                    miss("legal", ctx, eng, mine)
                nil = bids[seat] in (ref.NIL, ref.BLIND_NIL)
                card = choose_card(rng, styles[seat % 2], eng, opts, trick, leader, seat, nil)
                hand.play(card_int(card))
                held[seat].remove(card)
                trick.append(card)
                if ref.is_trump(card, opts):
                    broken = True
            win = ref.trick_winner(opts, trick, leader)
            tally.tricks += 1
            eng_win = hand.trick_winners[t]
            if eng_win != win:
                miss("trick winner", f"hand {n} trick {t} leader {leader} {trick}", eng_win, win)
                win = eng_win
            tricks[win] += 1
            winners.append(win)
            if special in trick:
                special_team = ref.team_of(win)
            leader = win
        if list(hand.tricks_won) != tricks:
            miss("tricks", f"hand {n}", list(hand.tricks_won), tricks)
            tricks = list(hand.tricks_won)
        elapsed += rng.uniform(120, 420)
        res = game.finish_hand(elapsed)
        points, new_scores, new_bags = ref.score_hand(
            opts, bids, tricks, scores, bags, bemo, winners, special_team
        )
        eng = (list(res.points), list(res.scores), list(res.bags))
        if eng != (points, new_scores, new_bags):
            ctx = f"hand {n} bids={bids} tricks={tricks} before={scores}/{bags}"
            miss("score", ctx, eng, (points, new_scores, new_bags))
        note_events(tally.events, opts, bids, tricks, points, bags, new_bags)
        for t in (0, 1):
            if bemo[t]:
                won = ref.bemo_points(t, bemo[t], winners) > 0
                tally.events[f"bemo {bemo[t]} {'made' if won else 'failed'}"] += 1
        scores, bags = list(game.scores), list(game.bags)
        team_tricks = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
        moons = [t for t in (0, 1) if ref.moon_made(opts, bids[t::2], tricks[t::2])]
        winner, sudden = ref.game_end(
            opts, scores, n, elapsed, team_tricks, sudden, moons[0] if moons else None
        )
        if game.winner != winner:
            ctx = (
                f"hand {n} scores={scores} team_tricks={team_tricks} "
                f"elapsed={elapsed:.0f}s sudden={sudden}"
            )
            miss("winner", ctx, game.winner, winner)
            return game.winner
        if sudden:
            tally.events["tied at the end: sudden death next"] += 1
        elif winner is None and scores[0] == scores[1]:
            if opts["target"] and scores[0] >= opts["target"]:
                tally.events["tied over the target: another hand"] += 1
            elif (opts["match_hands"] and n >= opts["match_hands"]) or (
                opts["time_limit_min"] and elapsed >= 60 * opts["time_limit_min"]
            ):
                tally.events["tied at match end / time: another hand"] += 1
        if winner is not None:
            tally.games_finished += 1
            tally.events[game_end_reason(opts, scores, n, elapsed, team_tricks)] += 1
            return winner
    return None


def note_events(
    ev: collections.Counter,
    opts: dict,
    bids: list[int],
    tricks: list[int],
    points: list[int],
    bags: list[int],
    new_bags: list[int],
) -> None:
    """Count the scoring situations a hand exercised (to show what was covered)."""
    for team in (0, 1):
        tb = [bids[team], bids[team + 2]]
        tt = [tricks[team], tricks[team + 2]]
        nils = [i for i in (0, 1) if tb[i] in (ref.NIL, ref.BLIND_NIL)]
        for i in nils:
            kind = "blind nil" if tb[i] == ref.BLIND_NIL else "nil"
            ev[f"{kind} {'made' if tt[i] == 0 else 'failed'}"] += 1
        if len(nils) == 2:
            ev[f"double nil ({opts['double_nil']})"] += 1
        elif nils and tt[nils[0]]:
            ev[f"failed nil tricks: {opts['failed_nil_tricks']}"] += 1
        if tb[0] == ref.BLIND + 6 and (opts["blind6_made"], opts["blind6_penalty"]) != (
            "exactly",
            120,
        ):
            ev[f"blind 6 ({opts['blind6_made']}, loses {opts['blind6_penalty']})"] += 1
        if tb[0] >= ref.BLIND:
            ev[
                f"blind {tb[0] - ref.BLIND} {'made' if sum(tt) >= tb[0] - ref.BLIND else 'set'}"
            ] += 1
            continue
        contract = sum(b for b in tb if b < ref.NIL)
        made = sum(tt) >= contract
        if contract >= 10 and opts["ten_for_200"] != "off":
            ev[f"10-for-200 {opts['ten_for_200']} bid {'made' if made else 'set'}"] += 1
        if contract == 13 and opts["all13"] == "moon":
            ev[f"moon {'made' if made else 'set'}{' (wins)' if opts['moon_wins'] else ''}"] += 1
        if ref.BLIND_NIL in tb and opts["blind_nil_no_bags"] and new_bags[team] == bags[team]:
            ev["blind nil hand: no bags counted"] += 1
        if sum(tt) == 13:
            ev[f"all 13 taken (all13={opts['all13']})"] += 1
        if new_bags[team] < bags[team] and opts["bag_limit"]:
            ev[f"bag penalty ({opts['bags_display']})"] += 1
        if not made and opts["set_penalty"] == "short":
            ev["set, short penalty"] += 1
        if opts["special_card"] and new_bags[team] != bags[team]:
            ev["special card in play, bags counted"] += 1


def game_end_reason(opts: dict, scores: list[int], n: int, elapsed: float, tt: list[int]) -> str:
    """Rough name of why a game ended (for the coverage counts)."""
    if opts["losing_floor"] is not None and min(scores) <= opts["losing_floor"]:
        return "end: floor"
    if opts["target"] and max(scores) >= opts["target"]:
        return "end: target" + (" (both over)" if min(scores) >= opts["target"] else "")
    if opts["all13"] == "wins" and 13 in tt:
        return "end: all 13 tricks"
    if opts["match_hands"] and n >= opts["match_hands"]:
        return "end: match length"
    return "end: time limit"


def run(rules_list: list[Rules], hands: int, seed: int, max_hands: int, games: int = 0) -> Tally:
    """Play games round-robin over rules_list until `hands` hands (or `games` ended games)."""
    rng = random.Random(seed)
    tally = Tally()
    i = 0
    while (tally.games_finished < games) if games else (tally.hands < hands):
        play_game(rules_list[i % len(rules_list)], rng, max_hands, tally)
        i += 1
    return tally


def report(tally: Tally) -> str:
    """The mismatches, first few in full."""
    lines = [f"{len(tally.mismatches)} mismatches in {tally.hands} hands"]
    lines += [str(m) for m in tally.mismatches[:15]]
    return "\n".join(lines)


def full_game_rules(seed: int) -> list[Rules]:
    """Presets, random mixes and short-game mixes, for whole games."""
    rng = random.Random(seed)
    presets = [p.rules for p in PRESETS.values()]
    return presets + random_mixes(rng, 20) + random_mixes(rng, 60, endgame=True)


# --- tests --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_preset_hands(preset: str) -> None:
    rules = PRESETS[preset].rules
    hands = max(20, int(HANDS * PRESET_SHARE / len(PRESETS)))
    tally = run([rules], hands, SEED * 1000 + sorted(PRESETS).index(preset), max_hands=12)
    assert tally.plays >= hands * 52
    assert not tally.mismatches, report(tally)


@pytest.mark.slow
def test_random_mixes() -> None:
    hands = max(50, int(HANDS * (1 - PRESET_SHARE)))
    mixes = random_mixes(random.Random(SEED + 77), max(10, hands // 8))
    tally = run(mixes, hands, SEED + 78, max_hands=8)
    assert not tally.mismatches, report(tally)


@pytest.mark.slow
def test_full_games() -> None:
    """Whole games to their end (presets and mixes), checking every game-end decision."""
    tally = run(full_game_rules(SEED + 99), 0, SEED + 100, MAX_GAME_HANDS, games=max(10, GAMES))
    assert not tally.mismatches, report(tally)


def test_reference_matches_document_examples() -> None:
    """The reference itself against the worked examples in the documents."""
    t = PRESETS["tournament"].rules.to_dict()  # 000, to 300
    nil5 = [ref.NIL, 5]
    assert ref.score_team(t, nil5, [0, 5])[0] == 110  # 000 situation 1
    assert ref.score_team(t, nil5, [0, 3])[0] == 10  # situation 2
    assert ref.score_team(t, nil5, [1, 5])[0] == -10  # situation 3
    assert ref.score_team(t, nil5, [1, 3])[0] == -110  # situation 4
    assert ref.score_team(t, [3, 4], [4, 4])[0] == 71  # 000 'bids 7 and takes 8'
    assert ref.score_team(t, [3, 4], [2, 3])[0] == -70  # 000 'bids 7 and takes 5'
    dn = [ref.NIL, ref.NIL]
    assert [ref.score_team(t, dn, tr)[0] for tr in ([0, 0], [0, 2], [1, 1])] == [120, 0, -120]
    assert (
        ref.score_hand(t, [3, 0, 4, 0], [5, 0, 3, 5], [0, 0], [5, 0])[0][0] == 71 - 60
    )  # 6th bag: -60
    # 000: on 5 bags, 3 more: penalized 60 at the 6th, reset to zero, then 2 more counted
    assert ref.score_hand(t, [3, 0, 4, 0], [5, 0, 5, 0], [0, 0], [5, 0])[0][0] == 73 - 60
    assert ref.score_hand(t, [3, 0, 4, 0], [5, 0, 5, 0], [0, 0], [5, 0])[2] == [2, 0]
    assert ref.misdeal_conditions(t, ["BJ", "2S", *"3C 4C 5C 6C 7C 8C 9C TC 3D 4D 5D".split()]) == [
        "no_face_cards"
    ]  # a joker is no face card
    p3 = PRESETS["pagat"].rules.to_dict()  # 003: three hands, the higher total wins
    assert ref.game_end(p3, [600, 20], 2, 0, [7, 6], False) == (None, False)
    assert ref.game_end(p3, [60, 20], 3, 0, [7, 6], False) == (0, False)
    assert ref.game_end(p3, [60, 60], 3, 0, [7, 6], False) == (None, False)
    assert ref.blind_nil_allowed(p3, [300, 0], 0)  # 003 puts no condition on blind nil
    assert ref.exchange_may_be_declined(p3)
    assert not ref.exchange_may_be_declined(PRESETS["online"].rules.to_dict())  # 002 "must"
    pagat = Rules().to_dict()
    assert ref.score_team(pagat, [ref.NIL, 4], [2, 4])[0:2] == (-100 + 40 + 2, 2)  # 003
    assert ref.score_hand(pagat, [4, 0, 3, 0], [5, 0, 4, 0], [0, 0], [8, 0])[1:] == (
        [-100 + 72, 0],
        [0, 0],
    )
    var = Rules().with_options(blind_bids=["blind7plus"], set_penalty="short").to_dict()
    assert ref.score_team(var, [ref.BLIND + 7] * 2, [4, 3])[0] == 140  # 001-var blind 7
    assert ref.score_team(var, [ref.BLIND + 7] * 2, [4, 2])[0] == -140
    assert ref.score_team(var, [4, 4], [3, 3])[0] == -20  # 'tricks short' variation
    units = Rules().with_options(bags_display="units").to_dict()  # 001: 369 → 331
    assert ref.score_hand(units, [3, 0, 4, 0], [5, 0, 4, 0], [360, 0], [9, 0])[1:] == (
        [330, 0],
        [1, 0],
    )
    j = PRESETS["jokers350"].rules.to_dict()  # 004: a made 10 is worth 200, no bags
    assert ref.score_hand(j, [5, 0, 5, 0], [6, 0, 5, 0], [0, 0], [0, 0])[0] == [200, 0]
    assert ref.score_team(j, [ref.BLIND + 13] * 2, [7, 6])[0] == 350
    assert ref.game_end(j, [340, 10], 3, 0, [13, 0], False) == (0, False)  # all 13, positive
    assert ref.game_end(j, [360, 360], 3, 0, [7, 6], False) == (None, True)  # sudden death
    assert ref.game_end(j, [360, 360], 4, 0, [5, 8], True) == (1, False)
    assert ref.game_end(j, [100, -150], 3, 0, [7, 6], False) == (0, False)  # out at -150
    assert ref.game_end(j, [100, 90], 3, 40 * 60, [7, 6], False) == (0, False)  # 40 minutes
    assert ref.game_end(j, [100, 100], 3, 40 * 60, [7, 6], False) == (None, True)  # tie: 004
    classic = PRESETS["classic"].rules.to_dict()  # 001: both over 250, higher wins
    assert ref.game_end(classic, [260, 270], 9, 0, [7, 6], False) == (1, False)
    assert ref.game_end(classic, [260, 260], 9, 0, [7, 6], False) == (None, False)
    opts = classic | {"jokers": True, "jokers_replace": "2H2D", "high_twos": "S"}
    order = sorted(["AS", "2S", "LJ", "BJ", "KS"], key=lambda c: ref.power(c, opts))
    assert order == ["KS", "AS", "2S", "LJ", "BJ"]  # 000: BJ, LJ, 2♠, A♠
    assert ref.legal_plays(opts, ["LJ", "5H"], ["3S"], False, True) == {"LJ"}  # joker = spade
    hands = [["3C", "AS"], ["2C", "5D"], ["4D", "KS"], ["9C", "2H"]]
    assert ref.first_leader(classic, 0, hands) == 1  # 2♣ holder
    # 001's house rules (issue 10 B)
    d_ns = pagat | {"first_lead": "dealer_no_spade", "spades_lead": "any"}
    assert ref.first_leader(d_ns, 2, hands) == 2  # "the dealer leads first"
    assert ref.legal_plays(d_ns, ["AS", "4D"], [], True, False) == {"4D"}  # "except a spade"
    assert ref.legal_plays(d_ns, ["AS", "4D"], [], False, False) == {"AS", "4D"}
    assert ref.bidding_order(pagat | {"bidding_order": "round_dealer"}, 2) == [2, 3, 0, 1]
    assert not ref.number_bid_allowed(pagat | {"no_bid_one": True}, 1)
    assert ref.number_bid_allowed(pagat | {"no_bid_one": True}, 2)
    b6 = pagat | {"blind_bids": ["blind6"], "blind6_made": "at_least", "blind6_penalty": 60}
    assert ref.score_team(b6, [ref.BLIND + 6] * 2, [4, 4]) == (122, 2)  # "at least 6"
    assert ref.score_team(b6, [ref.BLIND + 6] * 2, [3, 2]) == (-60, 0)  # "only loses 60"
    nb = pagat | {"blind_nil_no_bags": True}
    bn = [ref.BLIND_NIL, 3, 5, 3]
    assert ref.score_hand(nb, bn, [0, 3, 8, 2], [0, 0], [9, 0])[2] == [9, 0]  # no bags
    assert ref.score_hand(pagat, bn, [0, 3, 8, 2], [0, 0], [9, 0])[2] == [2, 0]
    moon = pagat | {"all13": "moon", "moon_wins": True, "target": 500}
    assert ref.moon_made(moon, [13, ref.NIL], [13, 0])
    assert not ref.moon_made(moon, [13, ref.NIL], [12, 0])
    assert ref.game_end(moon, [-100, 50], 2, 0, [13, 0], False, 0) == (0, False)  # any score
    assert ref.legal_plays(classic, ["9C", "4C", "2H"], ["2C"], True, False) == {"4C"}
    assert ref.legal_plays(classic, ["4D", "KS"], ["2C"], True, False) == {"4D"}
    # 001's next batch: raised 2s, Bemo, the special card, exchanges, the second round
    twos = pagat | {"high_twos": "CS"}
    assert ref.trick_winner(twos, ["AS", "2C", "KS", "3S"], 0) == 1  # 2♣ > 2♠ > A♠
    assert ref.lowest_club(["2C", "3C", "9C"], twos) == "3C"  # a raised 2♣ is no club
    assert ref.bemo_points(0, 6, [0, 2, 0, 0, 2, 0, 1]) == 60
    assert ref.bemo_points(0, 6, [0, 2, 1, 0, 2, 0, 0]) == -60
    assert ref.bemo_points(1, 9, [1] * 8 + [0]) == -90
    sp = pagat | {"special_card": "3S"}
    assert ref.score_hand(sp, [4, 3, 3, 1], [5, 3, 4, 1], [0, 0], [0, 0], None, None, 0)[2] == [
        1,
        0,
    ]  # two bags, one cancelled
    assert ref.score_hand(sp, [4, 3, 3, 3], [4, 3, 3, 3], [0, 0], [0, 0], None, None, 0)[2] == [
        0,
        0,
    ]
    ne = pagat | {"nil_exchange": True}
    assert ref.exchanges(ne, [0, 1, 2, 3], [ref.NIL, 3, 4, 3]) == [
        (0, 2, 1, True),
        (2, 0, 1, False),
    ]
    ask = pagat | {"blind_nil_ask_suit": True, "blind_nil_pass": 1}
    assert ref.may_ask_suit(ask, ref.BLIND_NIL, True) and not ref.may_ask_suit(ask, 3, False)
    rr = pagat | {"raise_round": True, "total_not_13": True}
    assert ref.raise_round(rr, [0, 1, 2, 3], [ref.NIL, 3, 4, 3]) == [2, 1]
    assert 7 not in ref.raise_totals(rr, 4, 6) and ref.raise_totals(rr, 4, 6)[0] == 4


# --- the three engine bugs this comparison found, now fixed: kept as regression tests ---


def _deal_and_bid(rules: Rules, seed: int, first: int, second: int) -> tuple[Game, object]:
    """A deal where the first bidding team bids `first` then `second`; others bid 3."""
    game = Game(rules)
    hand = game.deal(random.Random(seed))
    order = ref.bidding_order(rules.to_dict(), hand.dealer)
    mine = {order[0]: first, (order[0] + 2) % 4: second}
    while hand.phase == BID:
        legal = list(hand.legal_bids())
        assert legal, f"seat {hand.turn} has no legal bid after {list(hand.bids)}"
        want = mine.get(hand.turn, 3)
        hand.bid(want if want in legal else min(legal, key=lambda b: abs(b - want)))
    return game, hand


def test_nil_off_partner_of_a_13_bid_may_bid_0() -> None:
    """With nil off, 0 is a plain number (004: 'any number from 0 to 13')."""
    rules = Rules().with_options(nil_allowed=False, blind_nil=False, blind_nil_exchange="none")
    game, hand = _deal_and_bid(rules, 1, 13, 0)
    assert hand.phase != BID


def test_blind13_with_blind7plus_is_refused() -> None:
    """Blind 13 = 350 and Blind 7+ doubled would give blind 13 two values."""
    with pytest.raises(RulesError, match="two different values"):
        Rules().with_options(blind_bids=["blind13", "blind7plus"])


def test_elevated_two_of_diamonds_needs_elevated_two_of_spades() -> None:
    """READINGS: joker-joker-deuce-deuce ranks BJ, LJ, 2♦, 2♠, A♠ (old option names)."""
    with pytest.raises(RulesError, match="2♠"):
        Rules().with_options(jokers=True, jokers_replace="2C2H", deuce_diamonds_high=True)
    rules = Rules().with_options(
        jokers=True, jokers_replace="2C2H", deuce_diamonds_high=True, deuce_spades_high=True
    )
    assert rules.high_twos == "DS"
    tally = run([rules], 40, 3, max_hands=8)
    assert not [m for m in tally.mismatches if m.kind == "trick winner"], report(tally)


@pytest.mark.parametrize("order", ["CHDS", "HC", "D", "SC"])
def test_raised_twos_in_any_order(order: str) -> None:
    """001: any or all four 2s raised to the top of the trumps, in a chosen order."""
    opts = Rules().with_options(high_twos=order).to_dict()
    ranked = sorted(["AS", "KS", *("2" + x for x in order)], key=lambda c: ref.power(c, opts))
    assert ranked == ["KS", "AS", *reversed(["2" + x for x in order])]
    tally = run([Rules().with_options(high_twos=order, first_lead="two_clubs")], 60, 5, 8)
    assert not tally.mismatches, report(tally)


def main() -> None:  # pragma: no cover - the long run, by hand
    """Run the comparison at SPADES_DIFF_HANDS / SPADES_DIFF_GAMES and print the coverage."""
    import time

    t0 = time.time()
    total = Tally()
    parts = [
        run([p.rules], int(HANDS * PRESET_SHARE / len(PRESETS)), SEED + k, 12)
        for k, p in enumerate(PRESETS.values())
    ]
    mixes = random_mixes(random.Random(SEED + 77), max(10, HANDS // 8))
    parts.append(run(mixes, int(HANDS * (1 - PRESET_SHARE)), SEED + 78, 8))
    parts.append(run(full_game_rules(SEED + 99), 0, SEED + 100, MAX_GAME_HANDS, games=GAMES))
    for t in parts:
        total.hands += t.hands
        total.games_finished += t.games_finished
        total.plays += t.plays
        total.tricks += t.tricks
        total.mismatches += t.mismatches
        total.events.update(t.events)
    print(
        f"{total.hands} hands, {total.plays} plays, {total.tricks} tricks, "
        f"{total.games_finished} games ended, {time.time() - t0:.0f}s"
    )
    for k, v in sorted(total.events.items()):
        print(f"  {v:7d}  {k}")
    print(report(total))


if __name__ == "__main__":  # pragma: no cover
    main()
