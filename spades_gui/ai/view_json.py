"""The seat-view JSON reader: a position from `spades hint` JSON (or a game record), checked
into a SeatView; ViewError names the problem."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine.bids import BLIND_NIL, NIL, parse_bid
from ..engine.cards import N_CARDS, SUITS, card_str, cards_of, mask_of, parse_card
from ..engine.deck import deck_for
from ..engine.hand import (
    ASKS,
    BID,
    DISCARD,
    PASS,
    PLAY,
    Hand,
    IllegalAction,
    bidding_order,
)
from ..engine.misdeal import misdeal_reasons
from ..engine.playing import dealer_of_first_leader
from ..engine.presets import resolve
from ..engine.rules import Rules, RulesError, has_leftover
from .view import SeatView, ViewError, guess_discard, seat_view


def _int(data: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = data.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ViewError(f'"{key}" must be a whole number from {lo} to {hi}, not {v!r}')
    return v


def _ints(data: dict[str, Any], key: str, n: int, default: list[int] | None = None) -> list[int]:
    v = data.get(key, default)
    if (
        not isinstance(v, list)
        or len(v) != n
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        raise ViewError(f'"{key}" must be a list of {n} whole numbers')
    return v


def _cards(data: dict[str, Any], key: str, deck_full: int, required: bool = True) -> list[int]:
    v = data.get(key, None if required else [])
    if not isinstance(v, list):
        raise ViewError(f'"{key}" must be a list of cards')
    out = []
    for x in v:
        if not isinstance(x, str):
            raise ViewError(f'"{key}": {x!r} is not a card')
        try:
            c = parse_card(x)
        except ValueError:
            raise ViewError(f'"{key}": {x!r} is not a card') from None
        if not deck_full >> c & 1:
            raise ViewError(f'"{key}": {x} is not in this deck')
        if c in out:
            raise ViewError(f'"{key}": {x} is listed twice')
        out.append(c)
    return out


def _parse_bids(raw: Any, rules: Rules) -> list[Any]:
    if not isinstance(raw, list) or len(raw) != 4:
        raise ViewError('"bids" must list four entries by seat (null where a seat has not bid)')
    out: list[Any] = []
    for s, v in enumerate(raw):
        if v is None:
            out.append(None)
            continue
        try:
            parse_bid(v, rules)
        except ValueError as e:
            raise ViewError(f"seat {s}'s bid: {e}") from None
        out.append(v)
    return out


def _replay_bids(
    rules: Rules,
    dealer: int,
    raw: list[Any],
    upto: int,
    nt: tuple[int, ...] = (),
    dn: tuple[int, ...] = (),
    taker: int = -1,
) -> list[int | None] | str:
    """Replay the first `upto` bids of the order; the bids by seat, or why they are illegal.

    nt: the seats that bid no trump, dn: the teams that bid Double Nil (001): partner's
    agreement is taken as given; taker: the seat that took the cards left over from 54.
    """
    h = Hand(rules, dealer, [deck_for(rules).full, 0, 0, 0])
    h.taker = taker
    for seat in h.order[:upto]:
        v = raw[seat]
        if v is None:
            return f"seat {seat} bids before seat {h.order[upto] if upto < 4 else dealer}"
        blind = isinstance(v, str) and v.strip().lower().startswith("blind")
        if seat in nt:
            h.agreed[seat] = "blind_no_trump" if blind else "no_trump"
        elif seat % 2 in dn and h.bids[(seat + 2) % 4] is None:
            h.agreed[seat] = "blind_double_nil" if blind else "double_nil"
        b = h.read_bid(v, seat)
        if b not in h.legal_bids():
            return f"seat {seat} may not bid {v!r}: {h.why_bid_illegal(b)}"
        try:
            h.bid(b)
        except IllegalAction as e:
            return f"seat {seat} may not bid {v!r}: {e}"
        if h.phase != BID and h.nbids < 4:
            break
    for seat in h.order[upto:]:
        if raw[seat] is not None:
            return f"seat {seat} has a bid but bids later in the order"
    return [b if b is not None else None for b in h.bids]


def _n_cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _feasible(counts: list[int], allowed_by_card: list[int]) -> bool:
    """Whether hidden cards can be dealt to seats: allowed_by_card holds a seat bitmask per card."""
    for subset in range(1, 16):
        only = sum(1 for a in allowed_by_card if a and not a & ~subset)
        cap = sum(counts[s] for s in range(4) if subset >> s & 1)
        if only > cap:
            return False
    return all(allowed_by_card)


def view_from_json(data: Any) -> SeatView:
    """A SeatView from the seat-view JSON of issue 6, checked; ViewError names the problem."""
    if not isinstance(data, dict):
        raise ViewError("a seat view must be a JSON object")
    if "rules" not in data:
        raise ViewError('the view has no "rules"')
    try:
        rules = resolve(data["rules"])
    except (RulesError, KeyError) as e:
        raise ViewError(f"rules: {e}") from None
    deck = deck_for(rules)
    seat = _int(data, "seat", 0, 3)
    phase = data.get("phase")
    if phase not in (BID, PASS, PLAY, DISCARD):
        raise ViewError(f'"phase" must be "bid", "pass", "play" or "discard", not {phase!r}')
    hand_cards = _cards(data, "hand", deck.full)
    gone_cards = _cards(data, "gone", deck.full, required=False)
    trick = _cards(data, "trick", deck.full, required=False)
    hand, gone, trick_m = mask_of(hand_cards), mask_of(gone_cards), mask_of(trick)
    for a, b, what in (
        (hand, gone, '"hand" and "gone"'),
        (hand, trick_m, '"hand" and "trick"'),
        (gone, trick_m, '"gone" and "trick"'),
    ):
        if a & b:
            raise ViewError(f"{what} share {card_str(cards_of(a & b)[0])}")
    tricks_won = _ints(data, "tricks_won", 4, [0, 0, 0, 0])
    if any(t < 0 for t in tricks_won):
        raise ViewError('"tricks_won" must not be negative')
    done = sum(tricks_won)
    scores = _ints(data, "scores", 2, [0, 0])
    bags = _ints(data, "bags", 2, [0, 0])
    if any(b < 0 for b in bags):
        raise ViewError('"bags" must not be negative')
    raw_bids = _parse_bids(data.get("bids"), rules)
    hands_scored = _int(data, "hands_scored", 0, 10000, 0)
    dealer_given = "dealer" in data
    dealer = _int(data, "dealer", 0, 3) if dealer_given else -1
    leader = -1
    spades_broken = False
    voids = [0, 0, 0, 0]
    pass_count = 0
    may_skip_pass = False
    received = mask_of(_cards(data, "received", deck.full, required=False))
    given = mask_of(_cards(data, "given", deck.full, required=False))
    plays: tuple[int, ...] | None = None
    first_leader: int | None = None
    x = _variations_001(data, rules, seat)
    taker = x["taker"]

    if phase in (BID, PASS, DISCARD) and (done or gone or trick):
        raise ViewError(f"in the {phase} phase no tricks can have been played")
    holding = 13
    if has_leftover(rules) and rules.leftover_discard == "after" and phase == BID:
        if taker < 0 and len(hand_cards) == 15:
            taker = seat  # 001: the taker bids holding all 15 cards, discarding after
        holding = 15 if taker == seat else 13
    if phase == DISCARD:
        if not has_leftover(rules) or len(hand_cards) != 15:
            raise ViewError("a discard is made from 15 cards, where 54 leave two over (001)")
        taker = seat
        if rules.leftover_discard == "before":
            if any(b is not None for b in raw_bids):
                raise ViewError("these rules discard before the bidding: no one has bid")
            if not dealer_given and rules.leftover_to == "dealer":
                dealer = seat
            if dealer < 0:
                raise ViewError('the view needs "dealer" (the 2♣ holder took the cards)')
    bids: list[int | None] | None
    if phase == DISCARD and rules.leftover_discard == "before":
        bids = [None, None, None, None]
    elif phase == BID:
        if len(hand_cards) != holding:
            raise ViewError(
                f"the hand holds {_n_cards(len(hand_cards))}; a seat bids with {holding}"
            )
        nb = sum(b is not None for b in raw_bids)
        bidder = (seat + 2) % 4 if x["asked"] else seat  # answering partner's question
        if raw_bids[bidder] is not None:
            raise ViewError(f"seat {bidder} is to bid but already has a bid")
        if not dealer_given:
            dealer = next(d for d in range(4) if bidding_order(rules, d)[nb] == bidder)
        if bidding_order(rules, dealer)[nb] != bidder:
            raise ViewError(f"with dealer {dealer} it is not seat {bidder}'s turn to bid")
        replayed = _replay_bids(rules, dealer, raw_bids, nb, x["nt"], x["dn"], taker)
        if isinstance(replayed, str):
            raise ViewError(replayed)
        bids = replayed
    else:
        if any(b is None for b in raw_bids):
            raise ViewError(f"in the {phase} phase every seat has bid")
        candidates = [dealer] if dealer_given else [0, 1, 2, 3]
        if not dealer_given and phase == PLAY and done == 0 and "leader" in data:
            implied = _dealer_from_first_leader(rules, data["leader"])
            if implied is not None:
                candidates = [implied] + [d for d in candidates if d != implied]
        bids = None
        why = ""
        for d in candidates:
            r = _replay_bids(rules, d, raw_bids, 4, x["nt"], x["dn"], taker)
            if isinstance(r, str):
                why = why or r
                continue
            bids, dealer = r, d
            break
        if bids is None:
            raise ViewError(why)
        if phase == DISCARD:
            pass
        elif phase == PASS:
            pair = (bids[seat], bids[(seat + 2) % 4])
            counts = _pass_counts(rules, pair, seat % 2 in x["dn"])
            if not counts:
                raise ViewError(
                    "cards are passed only between a nil or blind nil bidder and partner, "
                    "where the rules call for an exchange"
                )
            pass_count = _int(data, "pass_count", 0, 13, counts[0])
            if pass_count not in counts:
                want = " or ".join(str(n) for n in counts)
                raise ViewError(f"these rules pass {want} cards here, not {pass_count}")
            if len(hand_cards) not in (13, 13 + pass_count):
                raise ViewError(f"the hand holds {len(hand_cards)} cards; 13 or {13 + pass_count}")
            first = len(hand_cards) == 13 and not given and seat % 2 not in x["dn"]
            may_skip_pass = (
                rules.blind_nil_exchange == "optional"
                and bids[seat] == BLIND_NIL
                and pass_count == rules.blind_nil_pass
                and first
            )
            x["may_ask_suit"] = (
                rules.blind_nil_ask_suit and bids[seat] == BLIND_NIL and pass_count == 1 and first
            )
        else:
            if done > 12:
                raise ViewError('"tricks_won" adds up to more than 12: the hand is over')
            if len(gone_cards) != 4 * done:
                raise ViewError(
                    f'"gone" holds {_n_cards(len(gone_cards))}; {done} tricks make {4 * done}'
                )
            if len(trick) > 3:
                raise ViewError('"trick" holds more than 3 cards; the fourth ends it')
            if len(hand_cards) != 13 - done:
                raise ViewError(
                    f"the hand holds {_n_cards(len(hand_cards))}; after {done} tricks it holds "
                    f"{13 - done}"
                )
            if "leader" in data:
                leader = _int(data, "leader", 0, 3)
                if (leader + len(trick)) % 4 != seat:
                    raise ViewError(
                        f"seat {leader} led and {len(trick)} cards are down: "
                        f"it is seat {(leader + len(trick)) % 4}'s turn, not {seat}'s"
                    )
            else:
                leader = (seat - len(trick)) % 4
            if done and not tricks_won[leader]:
                raise ViewError(
                    f"seat {leader} leads this trick, so it won the last one, but "
                    '"tricks_won" gives it none'
                )
            broken = bool((gone | trick_m) & deck.trump_mask)
            sb = data.get("spades_broken", broken)
            if not isinstance(sb, bool):
                raise ViewError('"spades_broken" must be true or false')
            if broken and not sb:
                raise ViewError("spades have been played, so they are broken")
            spades_broken = sb
            if trick:
                led = deck.suit[trick[0]]
                for i, c in enumerate(trick[1:], start=1):
                    if deck.suit[c] != led:
                        voids[(leader + i) % 4] |= 1 << led
            if "plays" in data:
                plays_l = _cards(data, "plays", deck.full)
                if (
                    len(plays_l) != 4 * done + len(trick)
                    or mask_of(plays_l[: 4 * done]) != gone
                    or plays_l[4 * done :] != trick
                ):
                    raise ViewError('"plays" must be the cards of "gone" in order, then "trick"')
                first_leader = _first_leader(deck, plays_l, tricks_won, leader)
                if first_leader is None:
                    raise ViewError('"plays" does not give these trick counts and this leader')
                plays = tuple(plays_l)
                lead = first_leader
                for t in range(done):
                    tr = plays_l[4 * t : 4 * t + 4]
                    led = deck.suit[tr[0]]
                    for i, c in enumerate(tr):
                        if deck.suit[c] != led:
                            voids[(lead + i) % 4] |= 1 << led
                    lead = (lead + deck.winner(tr)) % 4
    vraw = data.get("voids", {})
    if not isinstance(vraw, dict):
        raise ViewError('"voids" must map seats to lists of suits, like {"2": ["C"]}')
    for k, suits in vraw.items():
        if k not in ("0", "1", "2", "3") or not isinstance(suits, list):
            raise ViewError(f'"voids": {k!r} must be a seat "0" to "3" with a list of suits')
        for sl in suits:
            if not isinstance(sl, str) or sl.upper() not in SUITS or len(sl) != 1:
                raise ViewError(f'"voids": {sl!r} is not a suit (C, D, H or S)')
            voids[int(k)] |= 1 << SUITS.index(sl.upper())
    for suit in range(4):
        if voids[seat] >> suit & 1 and hand & deck.suit_masks[suit]:
            raise ViewError(f"seat {seat} is said to be void in {SUITS[suit]} but holds one")
    if given & ~deck.full or (given and phase != PLAY):
        raise ViewError('"given" lists the cards this seat passed, in the play phase only')
    if received & ~hand & ~gone & ~trick_m:
        raise ViewError('"received" cards must be in the hand or already played')
    assert bids is not None  # set (or ViewError raised) in every phase above
    view = SeatView(
        rules=rules,
        seat=seat,
        phase=phase,
        hand=hand,
        dealer=dealer,
        bids=tuple(bids),
        scores=(scores[0], scores[1]),
        bags=(bags[0], bags[1]),
        tricks_won=tuple(tricks_won),
        gone=gone,
        trick=tuple(trick),
        leader=leader,
        spades_broken=spades_broken,
        voids=tuple(voids),
        plays=plays,
        first_leader=first_leader,
        received=received,
        given=given & ~hand,
        pass_count=pass_count,
        may_skip_pass=may_skip_pass,
        misdeal=tuple(misdeal_reasons(rules, deck, hand))
        if phase == BID and not any(b is not None for b in bids)
        else (),
        hands_scored=hands_scored,
        taker=taker,
        no_trump=tuple(s in x["nt"] for s in range(4)),
        double_nil_team=tuple(t in x["dn"] for t in (0, 1)),
        asked=x["asked"],
        agreed=x["agreed"],
        refused=x["refused"],
        may_ask_suit=x["may_ask_suit"],
        asked_suit=x["asked_suit"],
    )
    if has_leftover(rules) and phase != DISCARD and hand.bit_count() != 15:
        # 001: two of the 54 cards are in no hand: the seat's own discard, or a guess
        own = x["discarded"] if taker == seat else 0
        if own & (hand | gone | trick_m):
            raise ViewError('"discarded" cards cannot be in the hand or played')
        view = replace(view, out_of_play=own or guess_discard(deck, view.unseen()))
    if phase == PLAY:
        _check_hidden(view)
    if "all_hands" in data:
        view = replace(view, hands=_all_hands(data["all_hands"], view, deck.full))
    return view


def _pass_counts(rules: Rules, pair: tuple[Any, Any], double_nil: bool) -> list[int]:
    """How many cards a seat may be passing between itself and partner, by their bids."""
    if double_nil:
        return [2] if rules.double_nil_exchange else []  # 001: each passes two cards
    out = []
    if BLIND_NIL in pair and rules.blind_nil_exchange != "none":
        out.append(rules.blind_nil_pass)
    if NIL in pair and rules.nil_exchange:  # 001: "the bidder must exchange one card"
        out.append(1)
    return sorted(set(out))


def _variations_001(data: dict[str, Any], rules: Rules, seat: int) -> dict[str, Any]:
    """The view's facts of 001's variations, checked: the cards left over from 54, the no
    trump and Double Nil bids, what partner asked or agreed to, the suit asked back."""
    deck = deck_for(rules)
    x: dict[str, Any] = {"may_ask_suit": False}
    taker = data.get("taker", -1)
    if not isinstance(taker, int) or isinstance(taker, bool) or not -1 <= taker <= 3:
        raise ViewError(f'"taker" must be a seat 0-3, not {taker!r}')
    x["discarded"] = mask_of(_cards(data, "discarded", deck.full, required=False))
    if (taker >= 0 or x["discarded"]) and not has_leftover(rules):
        raise ViewError("these rules leave no cards over to take and discard")
    if x["discarded"] and (taker != seat or x["discarded"].bit_count() != 2):
        raise ViewError('"discarded": the two cards this seat, the taker, discarded')
    x["taker"] = taker
    nt = data.get("no_trump", [])
    if not isinstance(nt, list) or not all(s in (0, 1, 2, 3) for s in nt):
        raise ViewError('"no_trump" must list the seats that bid no trump')
    dn = data.get("double_nil", [])
    if not isinstance(dn, list) or not all(t in (0, 1) for t in dn):
        raise ViewError('"double_nil" must list the teams (0, 1) that bid Double Nil')
    if (nt and not rules.no_trump) or (dn and not rules.double_nil_bid):
        raise ViewError("these rules have no no-trump or Double Nil bids")
    x["nt"], x["dn"] = tuple(nt), tuple(dn)
    for key in ("asked", "agreed"):
        v = data.get(key, "")
        if v and v not in ASKS:
            raise ViewError(f'"{key}" must be one of {", ".join(ASKS)}, not {v!r}')
        x[key] = v
    refused = data.get("refused", [])
    if not isinstance(refused, list) or not all(v in ASKS for v in refused):
        raise ViewError(f'"refused" must list what partner refused: {", ".join(ASKS)}')
    x["refused"] = tuple(refused)
    suit = data.get("asked_suit")
    if suit is not None and suit not in ("C", "D", "H", "S"):
        raise ViewError('"asked_suit" must be a suit C, D, H or S')
    x["asked_suit"] = None if suit is None else SUITS.index(suit)
    return x


def _all_hands(raw: Any, view: SeatView, deck_full: int) -> tuple[int, ...]:
    """The optional "all_hands" of a view (for the oracle yardstick): four lists of cards."""
    if not isinstance(raw, list) or len(raw) != 4:
        raise ViewError('"all_hands" must list the four seats\' cards')
    hands = tuple(_cards({"all_hands": h}, "all_hands", deck_full) for h in raw)
    masks = tuple(mask_of(h) for h in hands)
    if masks[view.seat] != view.hand:
        raise ViewError('"all_hands" must show this seat\'s own hand as "hand" does')
    if sum(m.bit_count() for m in masks) != (masks[0] | masks[1] | masks[2] | masks[3]).bit_count():
        raise ViewError('"all_hands": a card is in two hands')
    others = masks[0] | masks[1] | masks[2] | masks[3]
    if others & ~view.hand != view.unseen() and view.phase == PLAY:
        raise ViewError('"all_hands" must hold exactly the cards not yet played')
    return masks


def _first_leader(deck: Any, plays: list[int], tricks_won: list[int], leader: int) -> int | None:
    """The first leader that makes the plays give these trick counts and this leader."""
    for fl in range(4):
        won = [0, 0, 0, 0]
        lead = fl
        for t in range(0, len(plays) - len(plays) % 4, 4):
            lead = (lead + deck.winner(plays[t : t + 4])) % 4
            won[lead] += 1
        if won == list(tricks_won) and lead == leader:
            return fl
    return None


def _dealer_from_first_leader(rules: Rules, leader: Any) -> int | None:
    """The dealer implied by who leads the first trick, when the rules tie them."""
    if not isinstance(leader, int) or not 0 <= leader <= 3:
        return None
    return dealer_of_first_leader(rules, leader)


def _check_hidden(view: SeatView) -> None:
    """Raise ViewError unless the unseen cards can be held by the other seats as shown."""
    counts = view.hand_counts()
    counts[view.seat] = 0
    unseen = view.unseen()
    if unseen.bit_count() != sum(counts):
        raise ViewError(
            f"{unseen.bit_count()} cards are unseen but the other seats hold {sum(counts)}"
        )
    forbidden = view.forbidden()
    allowed = []
    for c in range(N_CARDS):
        if unseen >> c & 1:
            a = 0
            for s in range(4):
                if s != view.seat and not forbidden[s] >> c & 1:
                    a |= 1 << s
            allowed.append(a)
    if not _feasible(counts, allowed):
        raise ViewError("the voids shown leave no way for the other seats to hold the unseen cards")


def view_or_record(data: Any, peek: bool = False) -> SeatView:
    """A SeatView from a seat-view JSON or from a game record (the seat to act in its last hand;
    peek: with all four hands, for the oracle yardstick)."""
    if isinstance(data, dict) and "hands" in data and "phase" not in data:
        from ..engine.record import RecordError, load

        try:
            game = load(data)
        except RecordError as e:
            raise ViewError(f"record: {e}") from None
        hand = game.hand
        if hand is None or hand.done:
            raise ViewError("the record's last hand is finished: there is no decision to make")
        return seat_view(game, hand.turn, peek=peek)
    return view_from_json(data)
