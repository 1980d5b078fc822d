"""A slow, plain reference for the Spades rules, written from the documents only.

Clean-room: nothing here comes from ``spades_gui/engine`` except the option names of
``Rules`` (``rules.py``).  Cards are text ("AS", "TD", "2C", "BJ", "LJ"), hands are lists
of text, options are a plain dict (``Rules.to_dict()``).  Every function is written to be
read against ``../shared/RULES.md``, ``docs/READINGS.md`` and the seed documents, which
the comments cite by their first three digits.

Seats are 0..3 clockwise; team 0 is seats 0 and 2, team 1 is seats 1 and 3.
Bids (as the engine stores them per seat): a number (may be negative under hint-style
bidding, where the second partner's own number is the total minus the hint), ``NIL`` = 100,
``BLIND_NIL`` = 101, a blind contract n = 200 + n (both partners hold the same value).

Where no document (nor READINGS.md) decides, this reference takes these readings, and the
engine agrees with every one of them:

- "dealer's left / the dealer, any card" adds no first-trick limit; whether that lead may be a
  spade is the leading-spades option (not broken yet on trick one).
- A spade (or joker, or elevated 2♦) played in any way breaks spades, including a lead from a
  hand of nothing but spades.
- Failed-nil tricks under ``bags`` are bags even when the partner is set; with two nils every
  trick taken is a bag (``partner``/``bags``) or nothing (``ignored``).
- ``doubled`` doubles each nil's own value (a blind nil's too); ``team`` scores +V/0/−V for any
  two nils, blind or not.
- A failed blind 7+ loses the whole doubled contract, also under "tricks short" set penalties.
- With bag value 0 and no bag limit (004, "extra books will not count") no bags are counted.
- Units-digit bags: the kept score is the part without the digit (369 is kept as 360 with 9
  bags); bags then score nothing whatever the bag value, until ten cost 100.
- Game end, in this order: sudden-death hand (most tricks) · all 13 with a positive score ·
  losing floor · target, if there is one (both over: higher wins) · match length (higher
  wins) · time limit (higher wins); elapsed time is the whole game's.  A tie at any of these
  ends plays another hand, or, under the sudden-death tiebreak, one sudden-death hand: 004
  says "In the event of a tie" without saying which end, and its 40-minute limit is one.
- 003's match "will play 3 hands" and names no points target: ``target`` 0 is no target.
- 001 "no penalty for sandbags when playing Blind Nil": a team with a blind nil bidder adds
  none of that hand's overtricks to its bag count (they still score their points).
- 001 "a successful Moon bid automatically wins the game": checked right after all 13 (004),
  whatever the score; a failed Moon still loses its value.
- 001 "no one can bid 1": no player's own number is 1, first or second partner.
- Bags count one at a time (000: "on the 6th Sandbag the team will be penalized 60 points.
  The sandbag count will be reset to zero"), so the bags after the 6th count again: the same
  count as 001-003's "carried over".
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "CDHS"
NIL = 100
BLIND_NIL = 101
BLIND = 200


def team_of(seat: int) -> int:
    """Team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return seat % 2


# --- deck ---------------------------------------------------------------------------


def deck(opts: dict) -> list[str]:
    """The cards in play: 52 standard, or 2 jokers in and two 2s out (000, 001-var, 004)."""
    cards = [r + s for s in SUITS for r in RANKS]
    if opts["jokers"]:
        out = {"2H2D": ["2H", "2D"], "2C2H": ["2C", "2H"]}[opts["jokers_replace"]]
        cards = [c for c in cards if c not in out] + ["LJ", "BJ"]
    return cards


def raised_twos(opts: dict) -> list[str]:
    """The 2s raised to the top of the trumps, highest first (001: "some or all of the four
    twos are elevated to the top of the spade suit, are ranked in some specified order, and
    are considered to be spades"); 000/004's BJ > LJ > 2♠ > A♠ is "S"."""
    return ["2" + x for x in opts["high_twos"]]


def is_trump(card: str, opts: dict) -> bool:
    """Spades, jokers (follow as spades, 001-var), raised 2s (001: 'considered to be spades')."""
    if card in ("BJ", "LJ"):
        return True
    if card in raised_twos(opts):
        return True
    return card[1] == "S"


def suit_of(card: str, opts: dict) -> str:
    """The suit a card counts as for following suit."""
    return "S" if is_trump(card, opts) else card[1]


def power(card: str, opts: dict) -> int:
    """Rank within its own suit; trumps: BJ > LJ > raised 2s in their order > A♠ > … ."""
    if card == "BJ":
        return 100
    if card == "LJ":
        return 99
    raised = raised_twos(opts)
    if card in raised:
        return 98 - raised.index(card)
    return RANKS.index(card[0])


# --- play ---------------------------------------------------------------------------


def lowest_club(cards: list[str], opts: dict) -> str | None:
    """The lowest club among the cards, or None (a raised 2♣ is a spade, not a club)."""
    clubs = [c for c in cards if c[1] == "C" and c not in ("BJ", "LJ") and c != "2C"]
    if "2C" in cards and "2C" not in raised_twos(opts):
        clubs.append("2C")
    if not clubs:
        return None
    return min(clubs, key=lambda c: RANKS.index(c[0]))


def first_leader(opts: dict, dealer: int, hands: list[list[str]]) -> int:
    """Who leads to trick one (RULES.md 'first lead')."""
    fl = opts["first_lead"]
    if fl in ("dealer_any", "dealer_no_spade"):  # 001-var; 001 'dealer leads ... but a spade'
        return dealer
    if fl == "two_clubs":
        # 001: the holder of the 2♣ leads; with it out of the deck, the lowest club in play.
        low = lowest_club(deck(opts), opts)
        for seat in range(4):
            if low in hands[seat]:
                return seat
        raise AssertionError("lowest club not dealt")
    return (dealer + 1) % 4


def legal_plays(
    opts: dict, hand: list[str], trick: list[str], first_trick: bool, spades_broken: bool
) -> set[str]:
    """The cards this hand may play to the trick so far (renege impossible)."""
    all_trumps = all(is_trump(c, opts) for c in hand)
    if first_trick and opts["first_lead"] == "two_clubs":
        # 001: everyone plays his or her lowest club; with no clubs, a diamond or a heart,
        # no spades (unless spades are allowed on trick one, 001 'Variations in the play').
        low = lowest_club(hand, opts)
        if low is not None:
            return {low}
        if opts["spades_first_trick"] or all_trumps:
            return set(hand)
        return {c for c in hand if not is_trump(c, opts)}
    if not trick:
        if all_trumps:
            return set(hand)
        if first_trick and (
            not opts["spades_first_trick"]
            or opts["first_lead"] in ("left_no_spade", "dealer_no_spade")
        ):
            return {c for c in hand if not is_trump(c, opts)}
        # "left_any" / "dealer_any" add no first-trick restriction; whether a spade may
        # lead is then the leading-spades option, as on every other trick (004 and 001-var
        # pair "any card" with spades leading any time).
        if opts["spades_lead"] == "any" or spades_broken:
            return set(hand)
        return {c for c in hand if not is_trump(c, opts)}
    led = suit_of(trick[0], opts)
    follow = {c for c in hand if suit_of(c, opts) == led}
    if follow:
        return follow
    if first_trick and not opts["spades_first_trick"] and not all_trumps:
        return {c for c in hand if not is_trump(c, opts)}
    return set(hand)


def trick_winner(opts: dict, trick: list[str], leader: int) -> int:
    """Seat winning a full trick: highest trump, else highest card of the suit led."""
    led = suit_of(trick[0], opts)
    trumps = [i for i, c in enumerate(trick) if is_trump(c, opts)]
    cands = trumps if trumps else [i for i, c in enumerate(trick) if suit_of(c, opts) == led]
    best = max(cands, key=lambda i: power(trick[i], opts))
    return (leader + best) % 4


def bidding_order(opts: dict, dealer: int) -> list[int]:
    """Round: dealer's left clockwise (or from the dealer, 001); teams: left, left's partner,
    dealer's partner, dealer."""
    if opts["bidding_order"] == "round":
        return [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    if opts["bidding_order"] == "round_dealer":  # 001: "Beginning with ... the dealer"
        return [(dealer + k) % 4 for k in (0, 1, 2, 3)]
    return [(dealer + k) % 4 for k in (1, 3, 2, 4)]


# --- scoring ------------------------------------------------------------------------


def _nil_value(bid: int, made: bool, opts: dict, factor: int = 1) -> int:
    if bid == BLIND_NIL:
        return factor * (opts["blind_nil_bonus"] if made else -opts["blind_nil_penalty"])
    return factor * (opts["nil_bonus"] if made else -opts["nil_penalty"])


def score_team(opts: dict, bids: list[int], tricks: list[int]) -> tuple[int, int]:
    """(points before bag penalty, overtricks) of one team from its two bids and tricks.

    Bag points are included at ``bag_value`` each (the units-digit display rescoring is done
    by ``score_hand``).
    """
    bag_value = opts["bag_value"]
    total = sum(tricks)
    # Blind contracts (READINGS: one team contract made before looking; 001-var, 004).
    blinds = [b - BLIND for b in bids if b >= BLIND]
    if blinds:
        n = blinds[0]
        kinds = opts["blind_bids"]
        if n == 13 and "blind13" in kinds:
            return (350 if total == 13 else -350), 0  # 004; READINGS: loses 350 when failed
        if n == 13 and "blind_moon" in kinds:
            return (400 if total == 13 else -400), 0  # 001 'Blind moon'
        if n == 6 and "blind6" in kinds:
            # 001: exactly 6 (READINGS); "Some people play that to win blind 6 you just have
            # to win at least 6 tricks" (overtricks are then bags as usual); "Some play that a
            # lost blind 6 only loses 60" (the penalty is its own option).
            if opts["blind6_made"] == "at_least" and total >= 6:
                return 120 + (total - 6) * bag_value, total - 6
            return (120 if total == 6 else -opts["blind6_penalty"]), 0
        assert n >= 7 and "blind7plus" in kinds, (bids, kinds)
        # 001-var: "doubles the score to 140 if successful and -140 if not"; overtricks
        # count one each as usual.  The lost value is the whole doubled contract (the
        # "tricks short" set penalty is for ordinary bids).
        if total >= n:
            over = total - n
            return 20 * n + over * bag_value, over
        return -20 * n, 0

    nil_seats = [i for i, b in enumerate(bids) if b in (NIL, BLIND_NIL)]
    contract = sum(b for b in bids if b not in (NIL, BLIND_NIL))
    points = 0
    # Nil bonuses.
    if len(nil_seats) == 2:
        made = [tricks[i] == 0 for i in nil_seats]
        if opts["double_nil"] == "team":  # 000: +V / 0 / -V
            v = opts["double_nil_value"]
            points += v if all(made) else (-v if not any(made) else 0)
        else:
            factor = 2 if opts["double_nil"] == "doubled" else 1
            for i, m in zip(nil_seats, made):
                points += _nil_value(bids[i], m, opts, factor)
    else:
        for i in nil_seats:
            points += _nil_value(bids[i], tricks[i] == 0, opts)
    # Tricks toward the contract; a failed nil's tricks per failed_nil_tricks.
    counted = sum(t for i, t in enumerate(tricks) if i not in nil_seats)
    nil_tricks = sum(tricks[i] for i in nil_seats)
    extra_bags = 0
    if opts["failed_nil_tricks"] == "partner":
        counted += nil_tricks
    elif opts["failed_nil_tricks"] == "bags":
        extra_bags = nil_tricks  # 003: don't count toward partner's bid, do count as bags
    if len(nil_seats) == 2:
        # Nothing to make: every trick taken is an overtrick unless ignored.
        over = counted + extra_bags
        return points + over * bag_value, over
    ten = opts["ten_for_200"]
    if contract == 13 and opts["all13"] == "moon":  # 001 'Moon': ± moon value
        moon = opts["moon_value"] if counted == 13 else -opts["moon_value"]
        return points + moon + extra_bags * bag_value, extra_bags
    if ten == "exact" and contract == 10:  # 001 '10-for-200': exactly 10, else lose it
        if counted == 10:
            return points + opts["ten_for_200_value"] + extra_bags * bag_value, extra_bags
        return points - opts["ten_for_200_value"] + extra_bags * bag_value, extra_bags
    if counted >= contract:
        over = counted - contract + extra_bags
        if ten == "at_least" and contract >= 10:  # READINGS: bonus instead of 10 × bid
            made_points = opts["ten_for_200_value"]
        else:
            made_points = 10 * contract
        return points + made_points + over * bag_value, over
    short = contract - counted
    lost = 10 * contract if opts["set_penalty"] == "bid" else 10 * short
    return points - lost + extra_bags * bag_value, extra_bags


def contract_made(opts: dict, bids: list[int], tricks: list[int]) -> bool:
    """Whether one team (its two bids and tricks) made its contract (for the special card)."""
    total = sum(tricks)
    blinds = [b - BLIND for b in bids if b >= BLIND]
    if blinds:
        n = blinds[0]
        if n == 6 and "blind6" in opts["blind_bids"] and opts["blind6_made"] == "exactly":
            return total == 6
        return total >= n
    nil_seats = [i for i, b in enumerate(bids) if b in (NIL, BLIND_NIL)]
    if len(nil_seats) == 2:
        return True  # no contract to miss
    contract = sum(b for b in bids if b not in (NIL, BLIND_NIL))
    counted = sum(t for i, t in enumerate(tricks) if i not in nil_seats)
    if opts["failed_nil_tricks"] == "partner":
        counted += sum(tricks[i] for i in nil_seats)
    if contract == 13 and opts["all13"] == "moon":
        return counted == 13
    if contract == 10 and opts["ten_for_200"] == "exact":
        return counted == 10
    return counted >= contract


def bemo_points(team: int, bemo: int, trick_winners: list[int]) -> int:
    """001 'Bemo': Little Bemo "commits the team to win the first six tricks ... an extra
    bonus of 60 if successful and loses 60 if not"; Big Bemo the first nine, ±90."""
    if not bemo:
        return 0
    won = len(trick_winners) >= bemo and all(team_of(w) == team for w in trick_winners[:bemo])
    return 10 * bemo if won else -10 * bemo


def bemo_allowed(opts: dict, team_declared: bool) -> list[int]:
    """Bemos a player may declare at their turn to bid: one a team (READINGS)."""
    if team_declared:
        return []
    return [{"little": 6, "big": 9}[k] for k in opts["bemo"]]


def score_hand(
    opts: dict,
    bids: list[int],
    tricks: list[int],
    scores: list[int],
    bags: list[int],
    bemo: list[int] | None = None,
    trick_winners: list[int] | None = None,
    special_team: int | None = None,
) -> tuple[list[int], list[int], list[int]]:
    """(points, scores, bags) of both teams after one hand (bids and tricks by seat).

    ``bemo``: each team's Bemo in tricks (6, 9 or 0), judged on ``trick_winners`` (the seat
    winning each trick); ``special_team``: the team that took the special card (001).
    """
    points, new_scores, new_bags = [0, 0], list(scores), list(bags)
    for team in (0, 1):
        seats = [team, team + 2]
        team_bids, team_tricks = [bids[s] for s in seats], [tricks[s] for s in seats]
        base, over = score_team(opts, team_bids, team_tricks)
        if special_team == team and over > 0 and contract_made(opts, team_bids, team_tricks):
            # 001: "cancels one sandbag on that hand for the side that takes it ... If the
            # side ... makes no overtricks, or loses their bid, the special card has no effect"
            base -= opts["bag_value"]
            over -= 1
        if bemo and bemo[team]:
            base += bemo_points(team, bemo[team], trick_winners or [])
        if opts["bags_display"] == "units":
            # 001-var: bags live in the units digit and "are not part of the score", so they
            # are worth nothing until ten cost 100 (369, bid 7 took 9 → 331).  The score kept
            # here is the part without the digit (330); the digit is the bag counter (1).
            base -= over * opts["bag_value"]
        if opts["bag_value"] == 0 and opts["bag_limit"] == 0:
            over = 0  # 004: "No Sandbagging extra books will not count": no counter at all
        if opts["blind_nil_no_bags"] and BLIND_NIL in [bids[s] for s in seats]:
            over = 0  # 001: "no penalty for sandbags when playing Blind Nil"
        b = bags[team]
        penalty = 0
        limit = opts["bag_limit"]
        for _ in range(over):  # one bag at a time
            b += 1
            if limit > 0 and b == limit:  # 000: penalized on the 6th, "reset to zero"
                penalty += opts["bag_penalty"]
                b = 0
        while limit > 0 and b >= limit:  # a starting count already over the limit
            penalty += opts["bag_penalty"]
            b -= limit
        pts = base - penalty
        points[team] = pts
        new_scores[team] = scores[team] + pts
        new_bags[team] = b
    return points, new_scores, new_bags


# --- game end -----------------------------------------------------------------------


def _higher(scores: list[int]) -> int | None:
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def game_end(
    opts: dict,
    scores: list[int],
    hands_played: int,
    elapsed_s: float,
    team_tricks: list[int],
    sudden_death: bool,
    moon_team: int | None = None,
) -> tuple[int | None, bool]:
    """(winner or None, sudden death next hand) after a hand has been scored.

    ``moon_team`` is the team that made a Moon bid this hand (see ``moon_made``), if any.
    """
    if sudden_death:  # 004: one sudden-death hand, the team with more books wins
        return (0 if team_tricks[0] > team_tricks[1] else 1), False
    if opts["all13"] == "wins":  # 004: all 13 books and a positive score ends the game
        for t in (0, 1):
            if team_tricks[t] == 13 and scores[t] > 0:
                return t, False
    if opts["moon_wins"] and moon_team is not None:  # 001: a made Moon "automatically wins"
        return moon_team, False
    floor = opts["losing_floor"]
    if floor is not None:
        down = [scores[t] <= floor for t in (0, 1)]
        if down[0] and down[1]:
            w = _higher(scores)
            if w is not None:
                return w, False
        elif down[0] or down[1]:
            return (1 if down[0] else 0), False
    target = opts["target"]
    tie = (None, opts["tiebreak"] == "most_tricks")  # 004: "one sudden death hand"
    if target:
        over = [scores[t] >= target for t in (0, 1)]
        if over[0] and over[1]:
            w = _higher(scores)
            return (w, False) if w is not None else tie
        if over[0] or over[1]:
            return (0 if over[0] else 1), False
    if opts["match_hands"] and hands_played >= opts["match_hands"]:
        # 003: "Whichever team has the highest amount of points at the end of the three hands"
        w = _higher(scores)
        return (w, False) if w is not None else tie
    if opts["time_limit_min"] and elapsed_s >= 60 * opts["time_limit_min"]:
        w = _higher(scores)  # 000: finish the game; 004: "after 40 minutes ... highest score"
        return (w, False) if w is not None else tie
    return None, False


# --- deal, misdeal, blind nil -----------------------------------------------------------


def misdeal_conditions(opts: dict, hand: list[str]) -> list[str]:
    """The rules' misdeal conditions this 13-card hand meets (000, 001 'Misdeal').

    Face cards are the J, Q and K: a joker is a trump, not a face card.
    """
    trumps = [c for c in hand if is_trump(c, opts)]
    suits = [suit_of(c, opts) for c in hand]
    met = []
    for cond in opts["misdeal"]:
        if (
            cond == "no_face_cards"
            and not any(c[0] in "JQK" for c in hand if c[1] in SUITS)
            or cond == "no_spades"
            and not trumps
            or cond == "few_spades"
            and len(trumps) <= 1
            or cond == "long_suit"
            and max(suits.count(x) for x in SUITS) >= 7
        ):
            met.append(cond)
    return met


def next_dealer(opts: dict, dealer: int, misdeal: bool) -> int:
    """Deal rotates clockwise; after a misdeal the same dealer (001) or the next (004) deals."""
    if misdeal and opts["misdeal_redeal"] == "same":
        return dealer
    return (dealer + 1) % 4


def blind_nil_allowed(opts: dict, scores: list[int], seat: int) -> bool:
    """003: no condition; 000/001/002: "losing by at least 100 points" (scores before the hand)."""
    if not opts["blind_nil"]:
        return False
    if opts["blind_nil_when"] == "any":
        return True
    t = team_of(seat)
    return scores[1 - t] - scores[t] >= opts["blind_nil_deficit"]


def moon_made(opts: dict, bids: list[int], tricks: list[int]) -> bool:
    """Whether a team (its two bids and tricks) made a Moon: a plain team bid of 13 (001)."""
    if opts["all13"] != "moon" or any(b >= BLIND for b in bids):
        return False
    nils = [i for i, b in enumerate(bids) if b in (NIL, BLIND_NIL)]
    if len(nils) == 2 or sum(b for b in bids if b not in (NIL, BLIND_NIL)) != 13:
        return False
    counted = sum(t for i, t in enumerate(tricks) if i not in nils)
    if opts["failed_nil_tricks"] == "partner":
        counted += sum(tricks[i] for i in nils)
    return counted == 13


def number_bid_allowed(opts: dict, n: int) -> bool:
    """001: "no one can bid 1" (round-the-table bidding) where the rules say so."""
    return not (opts["no_bid_one"] and n == 1)


def exchange_may_be_declined(opts: dict, bidder_bid: int = BLIND_NIL) -> bool:
    """001/003: "the bidder may exchange two cards"; 002: "The bidder must exchange"; a nil
    bidder's one-card exchange (001) "must" be made."""
    return opts["blind_nil_exchange"] == "optional" and bidder_bid == BLIND_NIL


def exchanges(opts: dict, order: list[int], bids: list[int]) -> list[tuple[int, int, int, bool]]:
    """The card passes after the bidding, in turn: (giver, taker, cards, bidder's own pass).

    Each nil or blind nil bidder, in bidding order, passes to partner and partner passes back.
    Blind nil: ``blind_nil_pass`` cards each way unless there is no exchange (000; 001 "may",
    002 "must").  Nil: 001 "when Nil is played the bidder must exchange one card with partner".
    """
    out = []
    for s in order:
        p = (s + 2) % 4
        if bids[s] == BLIND_NIL and opts["blind_nil_exchange"] != "none":
            n = opts["blind_nil_pass"]
        elif bids[s] == NIL and opts["nil_exchange"]:
            n = 1
        else:
            continue
        out += [(s, p, n, True), (p, s, n, False)]
    return out


def may_ask_suit(opts: dict, giver_bid: int, own_pass: bool) -> bool:
    """001: "if you bid Blind Nil you pass one card to your partner and can specify one suit
    which you would like passed back" (partner "is not forced" to: no rule on the pass back)."""
    return bool(opts["blind_nil_ask_suit"]) and own_pass and giver_bid == BLIND_NIL


def raise_round(opts: dict, order: list[int], bids: list[int]) -> list[int]:
    """001: "after each partnership has agreed its initial bid, each side, beginning with the
    side that made the first bid, is then given the opportunity to increase its bid": the
    seats answering for each team in turn (READINGS: the team's first bidder of a number; a
    blind contract or two nils has no number to increase)."""
    if not opts["raise_round"]:
        return []
    out = []
    first_team = team_of(order[0])
    for team in (first_team, 1 - first_team):
        seats = [s for s in order if team_of(s) == team]
        if any(bids[s] >= BLIND for s in seats):
            continue
        numbers = [s for s in seats if bids[s] < NIL]
        if numbers:
            out.append(numbers[0])
    return out


def raise_totals(opts: dict, team_total: int, other_total: int) -> list[int]:
    """The totals a team may name in the second round: the same or more, at most 13 (RULES.md
    "A team's combined bid may not exceed 13"); where both sides' bids may not add up to 13
    (001), a raise may not make them."""
    out = list(range(team_total, 14))
    if opts["total_not_13"]:
        out = [t for t in out if t == team_total or t + other_total != 13]
    return out


def contract_of(bids: list[int], team: int) -> int:
    """A team's contract from the four bids (nils count 0; a blind contract once)."""
    seats = [team, team + 2]
    blinds = [bids[s] - BLIND for s in seats if bids[s] >= BLIND]
    if blinds:
        return blinds[0]
    return sum(bids[s] for s in seats if bids[s] < NIL)
