"""The bidding of one hand: the bids the seat to act may make (and why not another), Bemo,
and 001's questions to partner before a bid (no trump, Double Nil) with their answers."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from .actions import (
    ASKS,
    BID,
    DISCARD,
    AnswerAction,
    AskAction,
    BidAction,
    IllegalAction,
    PartnerAsk,
    Question,
    Taken,
)
from .bids import (
    BLIND,
    BLIND_NIL,
    NIL,
    blind_no_trump_numbers,
    blind_table,
    hint_base,
    is_blind,
    is_blind_bid,
    is_nil,
    is_number,
    parse_bid,
)
from .leftover import has_looked, team_looked
from .passing import after_bidding
from .raise_round import check_total, raise_seats, raise_total, raise_totals

if TYPE_CHECKING:
    from .hand import Hand

BEMO_TRICKS = {"little": 6, "big": 9}  # 001: Little Bemo the first six tricks, Big the first nine
BEMO_KIND = {n: kind for kind, n in BEMO_TRICKS.items()}


def team_behind_by(h: Hand, seat: int) -> int:
    """How far this seat's team trailed when the hand began."""
    t = seat % 2
    return h.scores_before[1 - t] - h.scores_before[t]


def blind_nil_open(h: Hand, seat: int) -> bool:
    """Whether the rules let this seat bid blind nil now (any time, or when behind)."""
    r = h.rules
    if not r.blind_nil or has_looked(h, seat):
        return False
    return r.blind_nil_when == "any" or h.team_behind_by(seat) >= r.blind_nil_deficit


def blind_possible(h: Hand, seat: int) -> bool:
    """Whether a blind bid may still become legal for this seat this hand: its blind nil is
    open, or the rules have team blind bids and its partner bids after it."""
    if h.phase not in (BID, DISCARD) or h.bids[seat] is not None:
        return False
    if h.blind_nil_open(seat):
        return True
    r = h.rules
    blind_team = bool(r.blind_bids) or (r.double_nil_bid and r.double_nil_blind)
    return blind_team and h.order.index((seat + 2) % 4) > h.order.index(seat)


def is_second_bidder(h: Hand, seat: int) -> bool:
    """Whether this seat's partner has already bid."""
    return h.bids[(seat + 2) % 4] is not None


def read_bid(h: Hand, value: Any, seat: int) -> int:
    """A bid of this seat from its record form (parse_bid); where partners bid by hint, a 0
    from the second partner adds nothing to the team's total and is never nil."""
    b = parse_bid(value, h.rules)
    if value == 0 and h.rules.bid_style == "hint" and h.is_second_bidder(seat):
        return 0
    return b


def legal_bids(h: Hand) -> list[int]:
    """Every bid the seat to act may make, in display order."""
    if h.phase != BID:
        return []
    if h.raising:
        return raise_totals(h)
    seat = h.turn
    if h.asking:
        return []  # partner answers the question asked first (001)
    if h.agreed[seat]:
        return _agreed_bids(h, h.agreed[seat])
    if h.double_nil_team[seat % 2]:
        return [cast(int, h.bids[(seat + 2) % 4])]  # the team's Double Nil, agreed
    return _open_bids(h)


def _open_bids(h: Hand) -> list[int]:
    """The bids of the seat to act with nothing asked of partner or agreed."""
    r = h.rules
    seat = h.turn
    pb = h.bids[(seat + 2) % 4]
    if pb is not None and is_blind(pb):
        return [pb]  # the partner of a blind bidder shares the team's blind contract
    m = r.min_team_bid
    hint_total = hint_base(r, h.bids, seat) is not None
    partner_num = pb if pb is not None and is_number(pb) else 0
    lo, hi = (-partner_num if hint_total else 0), 13 - partner_num
    if r.zero_is_nil and r.nil_allowed:  # with nil off, 0 is a plain number
        lo = max(lo, 1 - partner_num if hint_total else 1)
    if pb is not None and m:
        lo = max(lo, m - partner_num)
    cands = list(range(lo, hi + 1))
    partner_ok_for_nil = pb is None or not m or is_nil(pb) or partner_num >= m
    if h.no_trump[(seat + 2) % 4]:
        partner_ok_for_nil = False  # partner's no trump needs covering (001)
    if partner_ok_for_nil:
        if r.nil_allowed:
            cands.append(NIL)
        if h.blind_nil_open(seat):
            cands.append(BLIND_NIL)
    if r.no_bid_one:  # 001: "no one can bid 1": the team total is x, or x + 2 and more
        cands = [b for b in cands if b != 1] or cands
    if pb is None and not team_looked(h, seat):
        for n in sorted(blind_table(r)):
            if n >= m:
                cands.append(BLIND + n)
    if r.total_not_13 and h.nbids == 3:
        others = _contract_total(h, exclude=seat)
        kept = [b for b in cands if others + _contract_part(b, pb) != 13]
        cands = kept or cands
    return cands


def _contract_total(h: Hand, exclude: int) -> int:
    """Sum of both teams' contracts from the bids made so far, leaving one seat out."""
    total = 0
    for s in range(4):
        b = h.bids[s]
        if s == exclude or b is None or is_nil(b):
            continue
        if is_blind(b):
            if h.bids[(s + 2) % 4] == b and s > (s + 2) % 4:
                continue  # count a team's blind contract once
            total += b - BLIND
        else:
            total += b
    return total


def legal_bemos(h: Hand) -> list[int]:
    """The Bemos (6 or 9 tricks) the seat to act may declare with its bid.

    001: "Bidding Little Bemo commits the team to win the first six tricks. It is
    additional to the normal bid" (READINGS): one Bemo a team, by either partner at
    their turn to bid.
    """
    if h.phase != BID or not h.rules.bemo or h.raising:
        return []
    seat = h.turn
    if h.bemo[seat] or h.bemo[(seat + 2) % 4]:
        return []
    return [BEMO_TRICKS[k] for k in h.rules.bemo]


def team_bemo(h: Hand, team: int) -> int:
    """The tricks of the team's Bemo (6 or 9), or 0."""
    return max(h.bemo[team], h.bemo[team + 2])


def bid(h: Hand, b: int, bemo: int = 0, plain: bool = False) -> None:
    """Make the bid of the seat to act, with a Bemo (6 or 9 tricks) where the rules allow;
    plain: a bid without the no trump partner agreed to (`plain_bids`)."""
    if h.phase != BID:
        raise IllegalAction("it is not time to bid")
    if h.raising:
        if bemo:
            raise IllegalAction("a Bemo is declared with a bid of the first round")
        if plain:
            raise IllegalAction("the second round names a team total, not a bid")
        check_total(h, b)
        h.took(Taken(h.turn, BidAction(b)))
        raise_total(h, b)
        return
    if plain:
        if b not in h.plain_bids():
            raise IllegalAction(h.why_plain_illegal(b))
    elif b not in h.legal_bids():
        raise IllegalAction(h.why_bid_illegal(b))
    if bemo and bemo not in h.legal_bemos():
        if not h.rules.bemo:
            raise IllegalAction("Bemo is not played under these rules")
        if bemo not in BEMO_KIND or BEMO_KIND[bemo] not in h.rules.bemo:
            raise IllegalAction("that Bemo is not played under these rules")
        raise IllegalAction("your team has already declared a Bemo")
    h.took(Taken(h.turn, BidAction(b, bemo, plain)))
    h.bemo[h.turn] = bemo
    h.bids[h.turn] = b
    agreed = "" if plain else h.agreed[h.turn]
    if agreed in ("no_trump", "blind_no_trump"):
        h.no_trump[h.turn] = True
    elif agreed:
        h.double_nil_team[h.turn % 2] = True
    h.nbids += 1
    if h.nbids < 4:
        h.turn = h.order[h.nbids]
        return
    if h.rules.raise_round:
        h.raise_queue = raise_seats(h)
        if h.raise_queue:
            h.first_bids = tuple(h.bids)
            h.turn = h.raise_queue[0]
            return
    after_bidding(h)


def why_bid_illegal(h: Hand, b: int) -> str:
    """Plain words for why a bid is not allowed here."""
    r = h.rules
    if h.raising:
        now = h.team_contract(h.turn % 2)
        if b < now or b >= NIL:
            return f"the second round can only raise your team's bid of {now}"
        return "the bids of both teams may not total 13" if b <= 13 else "at most 13"
    pb = h.bids[(h.turn + 2) % 4]
    agreed = h.agreed[h.turn]
    if h.asking:
        return "answer your partner's question first"
    if agreed in ("no_trump", "blind_no_trump"):
        what = ", ".join(str(x % BLIND) for x in _agreed_bids(h, agreed))
        return f"partner agreed to your {agreed.replace('_', ' ')}: bid {what} with it"
    if agreed or h.double_nil_team[h.turn % 2]:
        return "your team bids Double Nil: bid nil"
    if h.no_trump[(h.turn + 2) % 4] and is_nil(b):
        return "partner bid no trump: you cover it, so no nil"
    if is_blind_bid(b) and team_looked(h, h.turn):
        return "a blind bid before anyone of the team looks: the cards left over were seen"
    if b == NIL and not r.nil_allowed:
        return "nil is not allowed under these rules"
    if b == BLIND_NIL and not r.blind_nil:
        return "blind nil is not allowed under these rules"
    if b == BLIND_NIL and not h.blind_nil_open(h.turn):
        return f"blind nil needs your team behind by at least {r.blind_nil_deficit}"
    if is_blind(b):
        return "a blind bid must be the team's first bid, of a kind the rules allow"
    if r.min_team_bid and pb is not None:
        return f"your team must bid at least {r.min_team_bid} in all"
    if r.total_not_13 and h.nbids == 3:
        return "the bids of both teams may not total 13"
    if b == 0 and r.zero_is_nil:
        return "a bid of 0 is nil here"
    if b == 1 and r.no_bid_one:
        return "no one may bid 1 under these rules"
    return "that bid is not allowed here"


def _behind_enough(h: Hand, seat: int, deficit: int) -> bool:
    """001: "only allowed for a team who are far behind" (0: at any time)."""
    return deficit == 0 or h.team_behind_by(seat) > deficit


def _blind_no_trump_numbers(h: Hand) -> list[int]:
    """001: "The minimum ... in Blind No Trump is usually set at one less than the
    required minimum number for a normal blind bid"."""
    return blind_no_trump_numbers(h.rules)


def _agreed_bids(h: Hand, agreed: str) -> list[int]:
    """The bids a seat may make once partner has agreed to what it asked."""
    if agreed == "no_trump":
        # A partner still to bid must cover with a number (no nil beside a no trump), so the
        # no trump leaves room for its least: a no trump of 13 first would leave it no bid.
        r = h.rules
        to_cover = h.bids[(h.turn + 2) % 4] is None and r.bid_style != "hint"
        room = 12 if to_cover and r.zero_is_nil and r.nil_allowed else 13
        return [b for b in _open_bids(h) if is_number(b) and 1 <= b <= room]
    if agreed == "blind_no_trump":
        return [BLIND + n for n in _blind_no_trump_numbers(h)]
    return [NIL] if agreed == "double_nil" else [BLIND_NIL]


def plain_bids(h: Hand) -> list[int]:
    """The bids a seat whose partner agreed to cover its no trump may make without it.

    001: "A bid of 'No Trump' requires agreement from partner. The person who wants to
    bid 'No Trump' asks partner": the yes lets the asker bid no trump, and nothing in the
    document binds the asker to it, so it may still bid as if it had not asked (not blind:
    it has looked). Double Nil is different: "if the other agrees it is played".
    """
    if h.phase != BID or h.raising or h.asking:
        return []
    if h.agreed[h.turn] != "no_trump":
        return []
    return [b for b in _open_bids(h) if b != BLIND_NIL and not is_blind(b)]


def why_plain_illegal(h: Hand, b: int) -> str:
    """Plain words for why a bid without the agreed no trump is not allowed here."""
    if h.agreed[h.turn] != "no_trump" or h.asking:
        return "only a bidder whose partner agreed to a no trump bids without it"
    if is_blind_bid(b):
        return "a blind bid is made before looking, and you have looked"
    return "that bid is not allowed here"


def legal_asks(h: Hand) -> list[Question]:
    """What the seat to act may ask partner to agree to before its bid (001): a no trump
    ("Can you cover a no trump?"), a blind no trump, Double Nil or Blind Double Nil.

    A no trump needs a spade in the hand and a partner who can cover it (no nil, no
    blind); one a team. The blind ones and Double Nil are the team's first bid, only for
    a team far enough behind; a blind one only before either partner has seen its cards.
    What partner has refused is not asked again.
    """
    if h.phase != BID or h.raising or h.asking:
        return []
    r = h.rules
    seat = h.turn
    p = (seat + 2) % 4
    pb = h.bids[p]
    if h.agreed[seat] or h.double_nil_team[seat % 2]:
        return []
    first = pb is None
    blind_ok = first and not team_looked(h, seat)
    out: list[Question] = []
    if (
        r.no_trump
        and not h.no_trump[p]
        and (pb is None or is_number(pb))
        and h.hands[seat] & h.deck.trump_mask  # "at least one spade in your hand"
        and _agreed_bids(h, "no_trump")
    ):
        out.append("no_trump")
    if (
        r.no_trump_blind
        and blind_ok
        and _behind_enough(h, seat, r.no_trump_blind_deficit)
        and _blind_no_trump_numbers(h)
    ):
        out.append("blind_no_trump")
    if r.double_nil_bid and first and _behind_enough(h, seat, r.double_nil_deficit):
        out.append("double_nil")
        if r.double_nil_blind and blind_ok:
            out.append("blind_double_nil")
    return [k for k in out if k not in h.refused[seat]]


def ask(h: Hand, what: str) -> None:
    """The seat to act asks partner to agree to a no trump or Double Nil (001); partner
    answers next (`answer`), then the seat bids."""
    if what not in h.legal_asks():
        if what not in ASKS:
            raise IllegalAction(f"nothing called {what!r} can be asked")
        if what in h.refused[h.turn]:
            raise IllegalAction("partner has already said no to that")
        raise IllegalAction(f"a {what.replace('_', ' ')} cannot be asked for here")
    h.took(Taken(h.turn, AskAction(what)))
    h.asks.append(PartnerAsk(h.turn, what))
    h.asking = what
    h.turn = (h.turn + 2) % 4


def answer(h: Hand, yes: bool) -> None:
    """Partner's yes or no to the question asked; the asker bids next. After a yes its bid
    is what was asked (a number with no trump, or the team's Double Nil), or after a no
    trump's yes a plain bid still (`plain_bids`)."""
    if not h.asking:
        raise IllegalAction("no one has asked you anything")
    h.took(Taken(h.turn, AnswerAction(bool(yes))))
    seat = (h.turn + 2) % 4
    h.asks[-1] = replace(h.asks[-1], answer=bool(yes))
    if yes:
        h.agreed[seat] = h.asking
    else:
        h.refused[seat] = h.refused[seat] + (h.asking,)
    h.asking = ""
    h.turn = seat


def team_no_trump(h: Hand, team: int) -> bool:
    """Whether the team's contract is a no trump (one partner bid it, 001)."""
    return h.no_trump[team] or h.no_trump[team + 2]


def _contract_part(b: int, partner_bid: int | None) -> int:
    if is_nil(b):
        return 0
    if is_blind(b):
        return 0 if partner_bid == b else b - BLIND
    return b
