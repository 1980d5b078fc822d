"""Game records: the JSON text of a game, written from and replayed into the engine."""

from __future__ import annotations

import json
from typing import Any, TypeAlias, cast

from .actions import (
    AnswerAction,
    AskAction,
    BidAction,
    DiscardAction,
    MisdealCall,
    PassAction,
    PlayAction,
    ProposeAction,
    Question,
)
from .auction import BEMO_KIND, BEMO_TRICKS
from .bids import BLIND_NIL, bid_str, is_number
from .cards import SUITS, card_str, cards_of, mask_of, parse_card
from .deck import deck_for
from .game import Game
from .hand import (
    ASKS,
    BID,
    DISCARD,
    MISDEAL,
    PASS,
    PLAY,
    Hand,
    IllegalAction,
)
from .presets import name_of, resolve
from .replay import take
from .rules import Rules, RulesError, has_leftover

# A JSON value as json.loads gives it, and a JSON object (a record, or a part of one).
JsonValue: TypeAlias = "None | bool | int | float | str | list[JsonValue] | dict[str, JsonValue]"
JsonObject: TypeAlias = "dict[str, JsonValue]"


class RecordError(ValueError):
    """A record that is malformed or breaks the rules; the message names the hand."""


def _fail(hand_no: int | None, msg: str) -> RecordError:
    return RecordError(f"hand {hand_no}: {msg}" if hand_no is not None else msg)


def rules_spec(rules: Rules) -> str | dict[str, Any]:
    """The record form of rules: a preset name when they equal one, else every option."""
    return name_of(rules) or rules.to_dict()


def hand_to_record(hand: Hand, elapsed_s: float | None = None) -> dict[str, Any]:
    """One hand as a record entry."""
    entry: dict[str, Any] = {
        "dealer": hand.dealer,
        "deal": [[card_str(c) for c in cards_of(m)] for m in hand.dealt],
    }
    if hand.extra:  # 001: the two cards left over from 54, and the two discarded
        entry["extra"] = [card_str(c) for c in cards_of(hand.extra)]
        if hand.discarded:
            entry["discard"] = [card_str(c) for c in cards_of(hand.discarded)]
    if hand.rules.special_card == "cut" and hand.special is not None:
        entry["special"] = card_str(hand.special)
    if hand.asks:  # 001: what a bidder asked partner to agree to, and the answer
        entry["asks"] = [
            {"seat": a.asker, "ask": a.what}
            | ({"answer": a.answer} if a.answer is not None else {})
            for a in hand.asks
        ]
    entry["bids"] = [_bid_entry(hand, s) for s in hand.order if hand.bids[s] is not None]
    if hand.raises or hand.raise_queue:  # 001: the second round, as each team's new total
        entry["raises"] = _raise_entries(hand)
    entry |= {
        "passes": [
            {"from": f, "to": t, "cards": [card_str(c) for c in cards_of(m)]}
            | ({"ask": SUITS[ask]} if ask is not None else {})
            for (f, t, m), ask in zip(hand.passes, hand.pass_asks)
        ],
        "plays": [card_str(c) for c in hand.plays],
    }
    if hand.phase == MISDEAL:
        entry["misdeal"] = hand.misdeal_by
    if elapsed_s is not None:
        entry["elapsed"] = round(elapsed_s, 1)
    return entry


def _raise_entries(hand: Hand) -> list[dict[str, Any]]:
    """The second round in order: each team's new total, after the total its answering seat
    put to partner where it did ({"seat", "propose"}), and one put but not yet settled."""
    out: list[dict[str, Any]] = []
    for (s, total), proposed in zip(hand.raises, hand.raise_proposals):
        if proposed is not None:
            out.append({"seat": (s + 2) % 4, "propose": proposed})
        out.append({"seat": s, "total": total})
    if hand.raise_proposal is not None:
        out.append({"seat": (hand.turn + 2) % 4, "propose": hand.raise_proposal})
    return out


def _bid_entry(hand: Hand, seat: int) -> Any:
    """A bid's record form; with a Bemo declared, {"seat", "bid", "bemo": "little"/"big"}; a
    bid without the no trump partner agreed to (001) says so: {"seat", "bid", "no_trump":
    false}.

    The first round's bid: a raise of the second round is written apart ("raises").
    """
    bids = hand.first_bids or hand.bids
    b = bid_str(cast(int, bids[seat]))
    plain = hand.agreed[seat] == "no_trump" and not hand.no_trump[seat]
    if not hand.bemo[seat] and not plain:
        return b
    entry: dict[str, Any] = {"seat": seat, "bid": b}
    if hand.bemo[seat]:
        entry["bemo"] = BEMO_KIND[hand.bemo[seat]]
    if plain:
        entry["no_trump"] = False
    return entry


def game_to_record(game: Game) -> dict[str, Any]:
    """A whole game (finished or in progress) as a record."""
    rec: dict[str, Any] = {"rules": rules_spec(game.rules)}
    if any(game.start_scores) or any(game.start_bags):
        rec["scores"] = list(game.start_scores)
        rec["bags"] = list(game.start_bags)
    clock = game.clock + [None] * (len(game.hands) - len(game.clock))
    rec["hands"] = [hand_to_record(h, t) for h, t in zip(game.hands, clock)]
    return rec


def dumps(game: Game) -> str:
    """The record of a game as JSON text."""
    return json.dumps(game_to_record(game), indent=1, ensure_ascii=False)


def _pair(data: dict[str, Any], key: str) -> tuple[int, int]:
    v = data.get(key, [0, 0])
    if (
        not isinstance(v, list)
        or len(v) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        raise _fail(None, f'"{key}" must be a list of two whole numbers')
    return v[0], v[1]


def _cards(values: Any, hand_no: int, what: str) -> list[int]:
    if not isinstance(values, list):
        raise _fail(hand_no, f"{what} must be a list of cards")
    out = []
    for v in values:
        if not isinstance(v, str):
            raise _fail(hand_no, f"{what}: {v!r} is not a card")
        try:
            out.append(parse_card(v))
        except ValueError:
            raise _fail(hand_no, f"{what}: {v!r} is not a card") from None
    return out


def _deal(entry: dict[str, Any], rules: Rules, hand_no: int) -> list[int]:
    deal = entry.get("deal")
    if not isinstance(deal, list) or len(deal) != 4:
        raise _fail(hand_no, '"deal" must list four hands')
    deck = deck_for(rules)
    seen = 0
    masks = []
    for seat, cards in enumerate(deal):
        cs = _cards(cards, hand_no, f"seat {seat}'s deal")
        if len(cs) != 13:
            raise _fail(hand_no, f"seat {seat} was dealt {len(cs)} cards, not 13")
        for c in cs:
            if seen >> c & 1:
                raise _fail(hand_no, f"{card_str(c)} is dealt twice")
            if not deck.full >> c & 1:
                raise _fail(hand_no, f"{card_str(c)} is not in this deck")
            seen |= 1 << c
        masks.append(mask_of(cs))
    return masks


def _check_dealer(game: Game, dealer: int, hand_no: int) -> None:
    """The deal passes clockwise; after a misdeal the rules say who deals again."""
    want = game.next_dealer()
    if dealer == want:
        return
    last = game.hands[-1]
    if last.phase == MISDEAL:
        who = "the same dealer" if want == last.dealer else "the next dealer"
        why = f"after the misdeal {who}, seat {want}, deals"
    else:
        why = f"the deal passes clockwise from seat {last.dealer} to seat {want}"
    raise _fail(hand_no, f"seat {dealer} deals, but {why}")


def _replay_hand(game: Game, entry: Any, hand_no: int, last: bool) -> Hand:
    if not isinstance(entry, dict):
        raise _fail(hand_no, "a hand must be an object")
    dealer = entry.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
        raise _fail(hand_no, f"dealer must be a seat 0-3, not {dealer!r}")
    if game.hands:
        _check_dealer(game, dealer, hand_no)
    special = None
    if game.rules.special_card == "cut":  # 001: a special card "determined afresh by cutting"
        cut = entry.get("special")
        if cut is None:
            raise _fail(hand_no, "the special card cut before the deal is missing")
        special = _cards([cut], hand_no, "the special card")[0]
        if not deck_for(game.rules).full >> special & 1:
            raise _fail(hand_no, f"the special card {card_str(special)} is not in this deck")
    elif "special" in entry:
        raise _fail(hand_no, "these rules cut no special card")
    deal = _deal(entry, game.rules, hand_no)
    extra = 0
    if has_leftover(game.rules):  # 001: "two cards left over at the end of the deal"
        extra = mask_of(_cards(entry.get("extra"), hand_no, "the cards left over"))
        if extra.bit_count() != 2 or any(extra & m for m in deal):
            raise _fail(hand_no, '"extra" must list the two cards left over, not dealt')
        if not deck_for(game.rules).full & extra == extra:
            raise _fail(hand_no, "a card left over is not in this deck")
    elif "extra" in entry or "discard" in entry:
        raise _fail(hand_no, "these rules leave no cards over to take and discard")
    hand = game.start_hand(dealer, deal, special, extra)
    keys = ("misdeal", "asks", "bids", "raises", "passes", "plays")
    _replay_discard(
        hand, entry, hand_no, not last or any(entry.get(k) not in (None, []) for k in keys)
    )
    if "misdeal" in entry:
        seat = entry["misdeal"]
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise _fail(hand_no, f"misdeal must name a seat 0-3, not {seat!r}")
        try:
            take(hand, seat, MisdealCall(True))
        except IllegalAction as e:
            raise _fail(hand_no, f"seat {seat} may not call a misdeal: {e}") from None
        return hand
    bids = entry.get("bids", [])
    if not isinstance(bids, list) or len(bids) > 4:
        raise _fail(hand_no, '"bids" must be a list of at most four bids')
    asks = entry.get("asks", [])
    if not isinstance(asks, list):
        raise _fail(hand_no, '"asks" must be a list')
    asks = asks[:]
    for raw in bids:
        _replay_asks(hand, asks, hand_no)
        seat = hand.turn
        value = raw
        bemo = 0
        plain = False
        if isinstance(raw, dict):
            value = raw.get("bid")
            if raw.get("seat") != seat:
                raise _fail(hand_no, f"seat {raw.get('seat')!r} bid out of turn (seat {seat} bids)")
            if "bemo" in raw:
                if raw["bemo"] not in BEMO_TRICKS:
                    raise _fail(hand_no, f"seat {seat}: {raw['bemo']!r} is no Bemo (little, big)")
                bemo = BEMO_TRICKS[raw["bemo"]]
            plain = _plain(hand, raw, seat, hand_no)
        try:
            b = hand.read_bid(value, seat)
        except ValueError as e:
            raise _fail(hand_no, f"seat {seat}: {e}") from None
        if plain and b not in hand.plain_bids():
            raise _fail(hand_no, f"seat {seat} may not bid {value!r} without its no trump")
        if not plain and is_number(b) and b not in hand.legal_bids():
            raise _fail(hand_no, f"seat {seat} may not bid {value!r}: {hand.why_bid_illegal(b)}")
        try:
            take(hand, seat, BidAction(b, bemo, plain))
        except IllegalAction as e:
            raise _fail(hand_no, f"seat {seat} may not bid {value!r}: {e}") from None
    _replay_asks(hand, asks, hand_no)
    if asks:
        raise _fail(hand_no, f"seat {asks[0].get('seat')!r} asks out of turn")
    raises = entry.get("raises", [])
    if not isinstance(raises, list):
        raise _fail(hand_no, '"raises" must be a list')
    for raw in raises:
        if not hand.raising:
            raise _fail(hand_no, "a raise the rules do not call for (no second round here)")
        seat = hand.turn
        if not isinstance(raw, dict) or raw.get("seat") != seat:
            raise _fail(hand_no, f"the second round's next answer is seat {seat}'s")
        if "propose" in raw:  # a total put to partner, who settles it next
            put = raw["propose"]
            if not isinstance(put, int) or isinstance(put, bool):
                raise _fail(hand_no, f"seat {seat} must put a team total to partner, not {put!r}")
            try:
                take(hand, seat, ProposeAction(put))
            except IllegalAction as e:
                raise _fail(hand_no, f"seat {seat} may not put {put} to partner: {e}") from None
            continue
        total = raw.get("total")
        if not isinstance(total, int) or isinstance(total, bool):
            raise _fail(hand_no, f"seat {seat}'s raise must be a team total, not {total!r}")
        try:
            take(hand, seat, BidAction(total))
        except IllegalAction as e:
            raise _fail(hand_no, f"seat {seat} may not raise to {total}: {e}") from None
    _replay_discard(hand, entry, hand_no, not last or any(entry.get(k) for k in keys[-2:]))
    passes = entry.get("passes", [])
    if not isinstance(passes, list):
        raise _fail(hand_no, '"passes" must be a list')
    for p in passes:
        if hand.phase != PASS:
            raise _fail(hand_no, "a card pass the rules do not call for")
        if not isinstance(p, dict):
            raise _fail(hand_no, "a pass must be an object")
        giver, taker = hand.pass_queue[0]
        if p.get("from") != giver or p.get("to") != taker:
            raise _fail(hand_no, f"the next pass is from seat {giver} to seat {taker}")
        ask = p.get("ask")
        if ask is not None and (not isinstance(ask, str) or ask not in SUITS):
            raise _fail(hand_no, f'seat {giver}\'s pass: "ask" must be a suit C, D, H or S')
        try:
            cards = mask_of(_cards(p.get("cards"), hand_no, "passed cards"))
            asked = SUITS.index(ask) if ask is not None else None
            take(hand, giver, PassAction(cards, asked))
        except IllegalAction as e:
            raise _fail(hand_no, f"seat {giver}'s pass: {e}") from None
    plays = entry.get("plays", [])
    while hand.phase == PASS and (plays or not last):
        giver, taker = hand.pass_queue[0]
        if hand.may_skip_pass():
            take(
                hand, giver, PassAction(0)
            )  # a record without the optional exchange: none was made
            continue
        n = hand.pass_count()
        back = len(hand.pass_queue) % 2 == 1
        blind = hand.bids[taker if back else giver] == BLIND_NIL
        kind = "blind nil" if blind else "nil"
        if hand.double_nil_team[giver % 2]:
            kind = "Double Nil"
        what = "pass back" if back else "pass"
        why = "" if back else f"; the rules make the {kind} exchange compulsory"
        word = "card" if n == 1 else "cards"
        raise _fail(
            hand_no,
            f"the {kind} exchange is missing: seat {giver} must {what} {n} {word} to seat "
            f"{taker} before the first card{why}",
        )
    if hand.raising and (plays or not last):
        raise _fail(
            hand_no,
            f"the second round of bidding is missing: seat {hand.turn} keeps or raises its "
            "team's bid before the first card",
        )
    for i, c in enumerate(_cards(plays, hand_no, '"plays"')):
        if hand.phase != PLAY:
            raise _fail(hand_no, f"card {i + 1} ({card_str(c)}) is played before bidding ends")
        seat = hand.turn
        if not hand.hands[seat] >> c & 1:
            raise _fail(
                hand_no,
                f"trick {i // 4 + 1}: seat {seat} plays {card_str(c)}, which it does not hold",
            )
        try:
            take(hand, seat, PlayAction(c))
        except IllegalAction as e:
            raise _fail(
                hand_no, f"trick {i // 4 + 1}: seat {seat} plays {card_str(c)}: {e}"
            ) from None
    if not hand.done and not last:
        where = {BID: "bidding", PASS: "passing", PLAY: "play"}[hand.phase]
        raise _fail(hand_no, f"the hand stops during {where}; only the last hand may be unfinished")
    return hand


def _plain(hand: Hand, raw: dict[str, Any], seat: int, hand_no: int) -> bool:
    """Whether a bid entry is made without the no trump partner agreed to ("no_trump": false;
    without the key, a bid after partner's yes is the no trump)."""
    if "no_trump" not in raw:
        return False
    nt = raw["no_trump"]
    if not isinstance(nt, bool):
        raise _fail(hand_no, f'seat {seat}\'s "no_trump" must be true or false, not {nt!r}')
    if hand.agreed[seat] != "no_trump":
        raise _fail(hand_no, f"seat {seat} bids with or without no trump, but none was agreed")
    return not nt


def _replay_discard(hand: Hand, entry: dict[str, Any], hand_no: int, more: bool) -> None:
    """The discard of the taker of the cards left over, when the hand has come to it (001);
    more: the record goes on past it."""
    if hand.phase != DISCARD:
        return
    if "discard" not in entry:
        if not more:
            return  # the record stops before the discard
        raise _fail(
            hand_no,
            f"the discard is missing: seat {hand.taker} took the two cards left over and "
            "discards two",
        )
    try:
        cards = mask_of(_cards(entry["discard"], hand_no, '"discard"'))
        take(hand, hand.taker, DiscardAction(cards))
    except IllegalAction as e:
        raise _fail(hand_no, f"seat {hand.taker}'s discard: {e}") from None


def _replay_asks(hand: Hand, asks: list[Any], hand_no: int) -> None:
    """The questions the seat to act asked partner before its bid, and the answers (001)."""
    while asks and isinstance(asks[0], dict) and asks[0].get("seat") == hand.turn:
        raw = asks.pop(0)
        what, yes = raw.get("ask"), raw.get("answer")
        seat = hand.turn
        if what not in ASKS:
            raise _fail(hand_no, f"seat {seat} asks {what!r}: no such question ({', '.join(ASKS)})")
        if yes is not None and not isinstance(yes, bool):
            raise _fail(hand_no, f"seat {seat}'s partner answers {yes!r}: true or false")
        try:
            take(hand, seat, AskAction(cast(Question, what)))
            if yes is not None:
                take(hand, hand.turn, AnswerAction(yes))  # partner answers
        except IllegalAction as e:
            what_words = what.replace("_", " ")
            raise _fail(hand_no, f"seat {seat} may not ask for a {what_words}: {e}") from None
        if yes is None and asks:
            raise _fail(hand_no, f"seat {seat}'s question has no answer")
    if asks and not isinstance(asks[0], dict):
        raise _fail(hand_no, "an ask must be an object")


def load(data: Any) -> Game:
    """Replay a record (parsed JSON) into a game, checking every action; RecordError if bad."""
    if not isinstance(data, dict):
        raise _fail(None, "a game record must be a JSON object")
    if "rules" not in data:
        raise _fail(None, 'the record has no "rules"')
    try:
        rules = resolve(data["rules"])
    except RulesError as e:
        raise _fail(None, f"rules: {e}") from None
    game = Game(rules, _pair(data, "scores"), _pair(data, "bags"))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise _fail(None, '"hands" must be a list')
    for i, entry in enumerate(hands, start=1):
        if game.over:
            raise _fail(i, f"the game was already over after hand {i - 1}")
        hand = _replay_hand(game, entry, i, last=i == len(hands))
        if hand.done:
            elapsed = entry.get("elapsed") if isinstance(entry, dict) else None
            game.finish_hand(float(elapsed) if isinstance(elapsed, (int, float)) else None)
    return game


def loads(text: str) -> Game:
    """Replay a record from JSON text; RecordError if bad."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _fail(None, f"not JSON ({e.msg} at line {e.lineno})") from None
    return load(data)


def replay_summary(game: Game) -> dict[str, Any]:
    """What `spades replay --json` prints: each hand's tricks, points, scores and bags."""
    out = []
    for i, hand in enumerate(game.hands):
        res = game.results[i] if i < len(game.results) else None
        if res is not None:
            out.append(
                {"tricks": res.tricks, "points": res.points, "scores": res.scores, "bags": res.bags}
            )
            continue
        entry: dict[str, Any] = {
            "tricks": list(hand.tricks_won),
            "points": [0, 0],
            "scores": list(hand.scores_before),
            "bags": list(game.bags_before(i)),
        }
        if hand.phase == MISDEAL:
            entry["misdeal"] = hand.misdeal_by
        else:
            entry["unfinished"] = True
        out.append(entry)
    return {"hands": out, "winner": game.winner}


DEAL_KEYS = ("dealer", "deal", "extra", "special")  # what a hand's entry holds before any action


def rewound(data: dict[str, Any], back: int) -> dict[str, Any] | None:
    """A record taken back to an earlier point, for a saved game that could not be continued
    where it stood: back=1, the deal of its last hand (every action of it taken out); back=2,
    before its last hand (dealt anew); None when there is no such point."""
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands or back not in (1, 2):
        return None
    last = hands[-1]
    if back == 2:
        return {**data, "hands": hands[:-1]}
    if not isinstance(last, dict):
        return None
    start = {k: last[k] for k in DEAL_KEYS if k in last}
    return {**data, "hands": [*hands[:-1], start]}
