"""The rules value: every option of RULES.md as data, with its choices and checks."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from itertools import permutations
from typing import Any, Literal

from .cards import RANKS, SUITS, card_name, parse_card

# The values each option with fixed choices takes (OPTIONS gives each its words).
JokersReplace = Literal["2H2D", "2C2H", ""]
FirstDealer = Literal["random", "high_card", "human"]
LeftoverTo = Literal["dealer", "two_clubs"]
LeftoverDiscard = Literal["before", "after"]
MisdealHolding = Literal["no_face_cards", "no_spades", "few_spades", "long_suit"]
MisdealRedeal = Literal["same", "next"]
BiddingOrder = Literal["teams", "round", "round_dealer"]
BidStyle = Literal["sum", "hint"]
BemoKind = Literal["little", "big"]
NoTrumpPenalty = Literal["double", "single"]
NoTrumpBlindPenalty = Literal["triple", "double", "single"]
FailedNilTricks = Literal["partner", "bags", "ignored"]
DoubleNil = Literal["separate", "team", "doubled"]
BlindNilWhen = Literal["any", "behind"]
BlindNilExchange = Literal["none", "optional", "compulsory"]
BlindKind = Literal["blind13", "blind6", "blind7plus", "blind_moon"]
Blind6Made = Literal["exactly", "at_least"]
TenFor200 = Literal["off", "at_least", "exact"]
AllThirteen = Literal["none", "wins", "moon"]
FirstLead = Literal["left_no_spade", "left_any", "dealer_any", "dealer_no_spade", "two_clubs"]
SpadesLead = Literal["broken", "any"]
Renege = Literal["enforced", "claim_000", "claim_004"]
SetPenalty = Literal["bid", "short"]
BagsDisplay = Literal["counter", "units"]
Tiebreak = Literal["next_hand", "most_tricks"]

BLIND_KINDS: dict[BlindKind, dict[int, tuple[int, bool]]] = {
    # kind -> {tricks: (value, exactly)}
    "blind13": {13: (350, False)},
    "blind6": {6: (120, True)},
    "blind7plus": {n: (20 * n, False) for n in range(7, 14)},
    "blind_moon": {13: (400, False)},
}


class RulesError(ValueError):
    """An unknown option, a bad value, or options that cannot go together."""


@dataclass(frozen=True)
class Rules:
    """One complete set of house rules.

    The defaults are Pagat's (document 003) except how the game ends: a rules value plays to
    500 unless told otherwise, while the `pagat` preset plays 003's three-hand match.
    """

    # deck
    jokers: bool = False
    jokers_replace: JokersReplace = "2H2D"  # "": no 2s out, all 54 cards, two left over (001)
    high_twos: str = ""  # the 2s raised above A♠, highest first, as suit letters ("DS")
    # deal
    first_dealer: FirstDealer = "random"
    leftover_to: LeftoverTo = "dealer"  # who takes the two cards left over from 54 (001)
    leftover_discard: LeftoverDiscard = "before"  # they discard two before or after the bidding
    misdeal: tuple[MisdealHolding, ...] = ()
    misdeal_redeal: MisdealRedeal = "same"
    # bidding
    bidding_order: BiddingOrder = "round"
    bid_style: BidStyle = "sum"
    min_team_bid: int = 0
    total_not_13: bool = False
    zero_is_nil: bool = True
    no_bid_one: bool = False
    bemo: tuple[BemoKind, ...] = ()
    raise_round: bool = False
    no_trump: bool = False
    no_trump_penalty: NoTrumpPenalty = "double"
    no_trump_blind: bool = False
    no_trump_blind_penalty: NoTrumpBlindPenalty = "triple"
    no_trump_blind_deficit: int = 400
    # nil
    nil_allowed: bool = True
    nil_bonus: int = 100
    nil_penalty: int = 100
    failed_nil_tricks: FailedNilTricks = "bags"
    double_nil: DoubleNil = "separate"
    double_nil_value: int = 200
    blind_nil: bool = True
    blind_nil_when: BlindNilWhen = "any"
    blind_nil_deficit: int = 100
    blind_nil_bonus: int = 200
    blind_nil_penalty: int = 200
    blind_nil_exchange: BlindNilExchange = "optional"
    blind_nil_pass: int = 2
    blind_nil_no_bags: bool = False
    blind_nil_ask_suit: bool = False
    nil_exchange: bool = False
    double_nil_bid: bool = False
    double_nil_bonus: int = 500
    double_nil_wins: bool = False
    double_nil_penalty: int = 250
    double_nil_loses: bool = False
    double_nil_opp_bonus: int = 100
    double_nil_deficit: int = 400
    double_nil_exchange: bool = False
    double_nil_blind: bool = False
    # blind and big bids
    blind_bids: tuple[BlindKind, ...] = ()
    blind6_made: Blind6Made = "exactly"
    blind6_penalty: int = 120
    ten_for_200: TenFor200 = "off"
    ten_for_200_value: int = 200
    all13: AllThirteen = "none"
    moon_value: int = 200
    moon_wins: bool = False
    # play
    first_lead: FirstLead = "left_no_spade"
    spades_first_trick: bool = True
    spades_lead: SpadesLead = "broken"
    renege: Renege = "enforced"
    # scoring
    bag_value: int = 1
    set_penalty: SetPenalty = "bid"
    bag_limit: int = 10
    bag_penalty: int = 100
    bags_display: BagsDisplay = "counter"
    special_card: str = ""
    # game end
    target: int = 500
    tiebreak: Tiebreak = "next_hand"
    losing_floor: int | None = None
    match_hands: int = 0
    time_limit_min: int = 0

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed, checked."""
        return from_dict(changes, base=self)

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain JSON values."""
        d = asdict(self)
        for k, v in d.items():
            if isinstance(v, tuple):
                d[k] = list(v)
        return d


@dataclass(frozen=True)
class Option:
    """How one option is shown and which values it takes."""

    name: str
    group: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, words); empty for free integers
    low: int = 0
    high: int = 0
    multi: bool = False


def _c(*pairs: tuple[Any, str]) -> tuple[tuple[Any, str], ...]:
    return tuple(pairs)


YES_NO = _c((True, "yes"), (False, "no"))

_TWO = {suit: card_name(parse_card("2" + suit)) for suit in SUITS}  # "C": "2♣", ...


def _high_twos_choices() -> tuple[tuple[str, str], ...]:
    """Every choice of raised 2s in every order (001: "some or all of the four twos are
    elevated to the top of the spade suit, and are ranked in some specified order"), highest
    first; the common ones (2♠; joker-joker-deuce-deuce's 2♦ over 2♠) come first."""
    orders = ["S", "DS"]
    for n in range(1, 5):
        for p in permutations("SDCH", n):
            if "".join(p) not in orders:
                orders.append("".join(p))
    out = [("", "none: the A♠ is the highest spade")]
    for o in orders:
        twos = [_TWO[x] for x in o]
        order = twos[0] if len(twos) == 1 else f"{', '.join(twos[:-1])} then {twos[-1]}"
        out.append((o, f"{order}, above the A♠"))
    return tuple(out)


HIGH_TWOS = _high_twos_choices()


def _special_card_choices() -> tuple[tuple[str, str], ...]:
    """Off, cut before each deal, or a fixed card (001: "for example the three of spades")."""
    out = [("", "none"), ("cut", "a card cut before each deal")]
    for s in reversed(SUITS):  # spades first, each from the 3 up to the ace, then the 2
        for r in RANKS[1:] + RANKS[0]:
            out.append((r + s, f"the {card_name(parse_card(r + s))}"))
    out += [("LJ", "the Little Joker"), ("BJ", "the Big Joker")]
    return tuple(out)


SPECIAL_CARDS = _special_card_choices()

OPTIONS: tuple[Option, ...] = (
    Option("jokers", "deck", "Play with the Big and Little Joker (two 2s leave)", YES_NO),
    Option(
        "jokers_replace",
        "deck",
        "Which 2s leave for the jokers",
        _c(
            ("2H2D", "2♥ and 2♦"),
            ("2C2H", "2♣ and 2♥"),
            ("", "none: all 54 cards, two cards left over"),
        ),
    ),
    Option("high_twos", "deck", "2s that rank above the A♠", HIGH_TWOS),
    Option(
        "first_dealer",
        "deal",
        "First dealer",
        _c(("random", "chosen at random"), ("high_card", "high-card draw"), ("human", "you")),
    ),
    Option(
        "leftover_to",
        "deal",
        "The two cards left over from 54 go to",
        _c(("dealer", "the dealer"), ("two_clubs", "the holder of the 2♣")),
    ),
    Option(
        "leftover_discard",
        "deal",
        "That player discards two",
        _c(("before", "before the bidding"), ("after", "after the bidding")),
    ),
    Option(
        "misdeal",
        "deal",
        "A player may call a misdeal holding",
        _c(
            ("no_face_cards", "no face cards"),
            ("no_spades", "no spades"),
            ("few_spades", "0 or 1 spades"),
            ("long_suit", "a suit of 7 or more"),
        ),
        multi=True,
    ),
    Option(
        "misdeal_redeal",
        "deal",
        "After a misdeal",
        _c(("same", "the same dealer deals again"), ("next", "the next dealer deals")),
    ),
    Option(
        "bidding_order",
        "bidding",
        "Bidding order",
        _c(
            ("teams", "non-dealer team first, as teams"),
            ("round", "round the table from dealer's left"),
            ("round_dealer", "round the table from the dealer"),
        ),
    ),
    Option(
        "bid_style",
        "bidding",
        "Team bid",
        _c(
            ("sum", "sum of both partners' bids"),
            ("hint", "the first partner hints, the second sets the total"),
        ),
    ),
    Option("min_team_bid", "bidding", "Minimum team bid (two nils exempt)", (), 0, 13),
    Option("total_not_13", "bidding", "Refuse four bids that add up to exactly 13", YES_NO),
    Option("zero_is_nil", "bidding", "A bid of 0 is Nil", YES_NO),
    Option("no_bid_one", "bidding", "Refuse bids of 1", YES_NO),
    Option(
        "raise_round",
        "bidding",
        "A second round: each team may raise its bid",
        YES_NO,
    ),
    Option(
        "bemo",
        "bidding",
        "Bemo, declared along with a bid",
        _c(
            ("little", "Little Bemo: take the first 6 tricks, 60 won or lost"),
            ("big", "Big Bemo: take the first 9 tricks, 90 won or lost"),
        ),
        multi=True,
    ),
    Option(
        "no_trump",
        "bidding",
        "No-trump bids, if partner agrees: worth double",
        YES_NO,
    ),
    Option(
        "no_trump_penalty",
        "bidding",
        "A failed no-trump bid loses",
        _c(("double", "double a normal bid's penalty"), ("single", "a normal bid's penalty")),
    ),
    Option("no_trump_blind", "bidding", "Blind no-trump bids: worth triple", YES_NO),
    Option(
        "no_trump_blind_penalty",
        "bidding",
        "A failed blind no trump loses",
        _c(("triple", "triple"), ("double", "double"), ("single", "single")),
    ),
    Option(
        "no_trump_blind_deficit",
        "bidding",
        "Blind no trump only for a team behind by more than",
        (),
        0,
        2000,
    ),
    Option("nil_allowed", "nil", "Nil allowed", YES_NO),
    Option("nil_bonus", "nil", "Nil made scores", (), 0, 1000),
    Option("nil_penalty", "nil", "Nil failed loses", (), 0, 1000),
    Option(
        "failed_nil_tricks",
        "nil",
        "Tricks taken by a failed nil",
        _c(
            ("partner", "count toward partner's bid"),
            ("bags", "don't help partner, but are bags"),
            ("ignored", "don't help partner and are not bags"),
        ),
    ),
    Option(
        "double_nil",
        "nil",
        "Both partners nil",
        _c(
            ("separate", "each nil scored alone"),
            ("team", "scored together as the team's double nil"),
            ("doubled", "each nil scores double"),
        ),
    ),
    Option("double_nil_value", "nil", "Both nils scored together: value", (), 0, 2000),
    Option("blind_nil", "nil", "Blind nil allowed", YES_NO),
    Option(
        "blind_nil_when",
        "nil",
        "Blind nil may be bid",
        _c(("any", "at any time"), ("behind", "only when the team is behind")),
    ),
    Option("blind_nil_deficit", "nil", "Blind nil only when behind by at least", (), 1, 1000),
    Option("blind_nil_bonus", "nil", "Blind nil made scores", (), 0, 2000),
    Option("blind_nil_penalty", "nil", "Blind nil failed loses", (), 0, 2000),
    Option(
        "blind_nil_exchange",
        "nil",
        "Card exchange with partner after blind nil",
        _c(
            ("none", "none"),
            ("optional", "optional: the bidder may exchange"),
            ("compulsory", "compulsory: the bidder must exchange"),
        ),
    ),
    Option("blind_nil_pass", "nil", "Cards exchanged each way", (), 1, 3),
    Option(
        "blind_nil_ask_suit",
        "nil",
        "A blind nil bidder passing one card may name a suit wanted back",
        YES_NO,
    ),
    Option("nil_exchange", "nil", "A nil bidder must exchange one card with partner", YES_NO),
    Option(
        "double_nil_bid",
        "nil",
        "Double Nil: a team bid, one partner asks and the other agrees",
        YES_NO,
    ),
    Option("double_nil_bonus", "nil", "Double Nil made scores", (), 0, 2000),
    Option("double_nil_wins", "nil", "A made Double Nil wins the game", YES_NO),
    Option("double_nil_penalty", "nil", "Double Nil failed loses", (), 0, 2000),
    Option("double_nil_loses", "nil", "A failed Double Nil loses the game", YES_NO),
    Option(
        "double_nil_opp_bonus",
        "nil",
        "Both Double Nil partners take a trick: the other team scores",
        (),
        0,
        1000,
    ),
    Option(
        "double_nil_deficit", "nil", "Double Nil only for a team behind by more than", (), 0, 2000
    ),
    Option(
        "double_nil_exchange",
        "nil",
        "Double Nil partners each pass two cards at once",
        YES_NO,
    ),
    Option("double_nil_blind", "nil", "Blind Double Nil: wins or loses the game", YES_NO),
    Option(
        "blind_nil_no_bags",
        "nil",
        "A blind nil team collects no bags that hand",
        YES_NO,
    ),
    Option(
        "blind_bids",
        "bidding",
        "Blind bids",
        _c(
            ("blind13", "Blind 13, worth 350"),
            ("blind6", "Blind 6, worth 120"),
            ("blind7plus", "Blind 7 or more scores double"),
            ("blind_moon", "Blind moon, worth 400"),
        ),
        multi=True,
    ),
    Option(
        "blind6_made",
        "bidding",
        "Blind 6 is made by taking",
        _c(("exactly", "exactly 6 tricks"), ("at_least", "6 tricks or more")),
    ),
    Option("blind6_penalty", "bidding", "Blind 6 failed loses", (), 0, 1000),
    Option(
        "ten_for_200",
        "bidding",
        "10-for-200",
        _c(
            ("off", "off"),
            ("at_least", "a made bid of 10 or more scores the bonus"),
            ("exact", "a bid of 10 must take exactly 10: the bonus won or lost"),
        ),
    ),
    Option("ten_for_200_value", "bidding", "10-for-200 value", (), 0, 1000),
    Option(
        "all13",
        "bidding",
        "Taking all 13 tricks",
        _c(
            ("none", "nothing special"),
            ("wins", "wins the game if the team's score is positive"),
            ("moon", "a bid of 13 is a Moon: its value won or lost"),
        ),
    ),
    Option("moon_value", "bidding", "Moon value", (), 0, 2000),
    Option("moon_wins", "bidding", "A made Moon wins the game at once", YES_NO),
    Option(
        "first_lead",
        "play",
        "First lead",
        _c(
            ("left_no_spade", "dealer's left, any card but a spade"),
            ("left_any", "dealer's left, any card"),
            ("dealer_any", "the dealer, any card"),
            ("dealer_no_spade", "the dealer, any card but a spade"),
            ("two_clubs", "lowest club leads; everyone plays their lowest club"),
        ),
    ),
    Option("spades_first_trick", "play", "Spades allowed on the first trick", YES_NO),
    Option(
        "spades_lead",
        "play",
        "Leading spades",
        _c(
            ("broken", "only once spades are broken (or only spades are left)"), ("any", "any time")
        ),
    ),
    Option(
        "renege",
        "play",
        "Reneging",
        _c(
            ("enforced", "impossible: you must follow suit"),
            ("claim_000", "possible; if caught, the other team gets 3 tricks and 30 points"),
            ("claim_004", "possible; if caught, the reneging team loses 3 tricks"),
        ),
    ),
    Option(
        "bag_value",
        "scoring",
        "Each overtrick (bag) scores",
        _c((1, "1 point"), (0, "nothing"), (-1, "minus 1 point")),
    ),
    Option(
        "set_penalty",
        "scoring",
        "A set team loses",
        _c(("bid", "10 × its bid"), ("short", "10 × the tricks short")),
    ),
    Option("bag_limit", "scoring", "Bags that trigger a penalty (0 = never)", (), 0, 20),
    Option("bag_penalty", "scoring", "Bag penalty", (), 0, 1000),
    Option(
        "bags_display",
        "scoring",
        "Bags kept as",
        _c(("counter", "a separate counter"), ("units", "the units digit of the score")),
    ),
    Option("special_card", "scoring", "A special card cancels one bag", SPECIAL_CARDS),
    Option("target", "game end", "Points to win (0 = no target)", (), 0, 5000),
    Option(
        "tiebreak",
        "game end",
        "A tie when the game would end",
        _c(
            ("next_hand", "play another hand"),
            ("most_tricks", "one sudden-death hand: most tricks"),
        ),
    ),
    Option(
        "losing_floor", "game end", "A team at or below this loses (blank = never)", (), -5000, -1
    ),
    Option("match_hands", "game end", "Fixed-length match: hands (0 = off)", (), 0, 100),
    Option("time_limit_min", "game end", "Time limit in minutes (0 = off)", (), 0, 600),
)

OPTION_BY_NAME = {o.name: o for o in OPTIONS}
GROUPS = ("deck", "deal", "bidding", "nil", "play", "scoring", "game end")


def _check_value(opt: Option, value: Any) -> Any:
    """The value normalised for the option, or RulesError naming the option."""
    if opt.name == "losing_floor" and value is None:
        return None
    if opt.multi:
        if not isinstance(value, (list, tuple)):
            raise RulesError(f"option {opt.name!r} takes a list")
        allowed = {c for c, _ in opt.choices}
        for v in value:
            if v not in allowed:
                raise RulesError(f"option {opt.name!r} has no choice {v!r}")
        return tuple(c for c, _ in opt.choices if c in value)
    if opt.choices:
        for c, _ in opt.choices:
            if value == c and type(value) is type(c):
                return c
        raise RulesError(f"option {opt.name!r} has no choice {value!r}")
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"option {opt.name!r} takes a whole number, not {value!r}")
    if not opt.low <= value <= opt.high:
        raise RulesError(f"option {opt.name!r} must be from {opt.low} to {opt.high}, not {value}")
    return value


def check(rules: Rules) -> None:
    """Raise RulesError when options cannot go together, saying why."""
    r = rules
    for suit in r.high_twos:
        if r.jokers and suit in r.jokers_replace[1::2]:
            out = " and ".join(_TWO[x] for x in r.jokers_replace[1::2])
            raise RulesError(
                f"the {_TWO[suit]} cannot be raised: it leaves the deck for the jokers ({out} out)"
            )
    blind_numbers = [n for kind in r.blind_bids for n in BLIND_KINDS[kind]]
    if len(blind_numbers) != len(set(blind_numbers)):
        raise RulesError("two of the blind bids chosen would give blind 13 two different values")
    if r.special_card in ("LJ", "BJ") and not r.jokers:
        raise RulesError("a joker can be the special card only with the jokers in the deck")
    if r.jokers and r.special_card[:1] == "2" and r.special_card[1:] in r.jokers_replace[1::2]:
        raise RulesError(
            f"the {_TWO[r.special_card[1]]} cannot be the special card: it leaves the deck for "
            "the jokers"
        )
    if r.blind_nil_ask_suit and not (
        r.blind_nil and r.blind_nil_exchange != "none" and r.blind_nil_pass == 1
    ):
        raise RulesError(
            "naming a suit wanted back goes with blind nil and its exchange of one card each way"
        )
    if r.nil_exchange and not r.nil_allowed:
        raise RulesError("a nil bidder's exchange needs nil bids")
    if (r.leftover_to, r.leftover_discard) != ("dealer", "before") and not has_leftover(r):
        raise RulesError(
            "the two cards left over need the 54-card pack: the jokers in and no 2s taken out"
        )
    if has_leftover(r) and len([x for x in r.high_twos if x != "S"]) > 1:
        raise RulesError(
            "with all 54 cards in, at most one 2 besides the 2♠ can be raised: the computer "
            "players count at most 16 trumps"
        )
    if r.no_trump_blind and not r.no_trump:
        raise RulesError("a blind no trump needs no-trump bids")
    if r.no_trump_blind and not blind_numbers:
        raise RulesError(
            "a blind no trump starts one below the lowest blind bid: it needs blind bids"
        )
    if r.double_nil_bid and not r.nil_allowed:
        raise RulesError("a Double Nil bid needs nil bids")
    dn_extras = (r.double_nil_wins, r.double_nil_loses, r.double_nil_exchange, r.double_nil_blind)
    if any(dn_extras) and not r.double_nil_bid:
        raise RulesError(
            "winning or losing the game by Double Nil, its exchange and Blind Double Nil need "
            "the Double Nil bid"
        )
    if r.moon_wins and r.all13 != "moon":
        raise RulesError(
            "a Moon that wins the game needs the Moon bid (taking all 13: a bid of 13 is a Moon)"
        )
    if r.bags_display == "units" and r.bag_limit != 10:
        raise RulesError("bags kept in the units digit need the bag limit at 10")
    if r.target == 0 and not (r.match_hands or r.time_limit_min):
        raise RulesError(
            "a game with no points target needs a fixed number of hands or a time limit to end"
        )
    if 0 < r.target < 10:
        raise RulesError("the points to win must be at least 10 (or 0 for no target)")


def has_leftover(rules: Rules) -> bool:
    """Whether the deal leaves two cards over (001: "a 54-card pack ... two cards left over at
    the end of the deal"): the jokers in and no 2s taken out for them."""
    return rules.jokers and not rules.jokers_replace


# Options of earlier versions, read from old records and settings (see `_migrate`).
LEGACY = ("bags_reset", "deuce_spades_high", "deuce_diamonds_high")


def _migrate(data: dict[str, Any], base: Rules) -> dict[str, Any]:
    """Old option values in today's terms, so old records and settings still load.

    - `blind_nil_deficit: 0` once meant "behind by at least 0"; without `blind_nil_when` it is
      read as blind nil at any time (003), and a number above 0 as "only when behind".
    - `blind_nil_pass: 0` once meant no exchange; without `blind_nil_exchange` it is read as
      none, and a number above 0 keeps the base's exchange, or "compulsory" (the only kind
      there was) over a base with none.
    - `bags_reset` is gone: counting bags one at a time, "reset to zero" at the 6th bag (000)
      leaves what carrying the excess leaves, so both old values read the same.
    - `deuce_spades_high` (2♠ above A♠) and `deuce_diamonds_high` (2♦ above that,
      joker-joker-deuce-deuce) are now `high_twos`: "S" and "DS". An old 2♦ without the 2♠
      is refused, as it always was.
    """
    if "high_twos" not in data and ("deuce_spades_high" in data or "deuce_diamonds_high" in data):
        spades = data.get("deuce_spades_high", "S" in base.high_twos)
        diamonds = data.get("deuce_diamonds_high", "D" in base.high_twos)
        if not all(isinstance(v, bool) for v in (spades, diamonds)):
            raise RulesError("options 'deuce_spades_high' and 'deuce_diamonds_high' take yes or no")
        if diamonds and not spades:
            raise RulesError("an elevated 2♦ goes with an elevated 2♠ (joker-joker-deuce-deuce)")
        data = dict(data, high_twos=("D" if diamonds else "") + ("S" if spades else ""))
    data = {k: v for k, v in data.items() if k not in LEGACY}
    if "blind_nil_deficit" in data and "blind_nil_when" not in data:
        if data["blind_nil_deficit"] == 0:
            del data["blind_nil_deficit"]
            data["blind_nil_when"] = "any"
        else:
            data["blind_nil_when"] = "behind"
    if "blind_nil_pass" in data and "blind_nil_exchange" not in data:
        if data["blind_nil_pass"] == 0:
            del data["blind_nil_pass"]
            data["blind_nil_exchange"] = "none"
        elif base.blind_nil_exchange == "none":
            data["blind_nil_exchange"] = "compulsory"
    return data


def from_dict(data: dict[str, Any], base: Rules | None = None) -> Rules:
    """Rules from a JSON object of options over a base (default Pagat), checked."""
    if not isinstance(data, dict):
        raise RulesError("rules must be a preset name or an object of options")
    base = base if base is not None else Rules()
    changes = {}
    for key, value in _migrate(data, base).items():
        if key == "preset":
            continue
        opt = OPTION_BY_NAME.get(key)
        if opt is None:
            raise RulesError(f"unknown option {key!r}")
        changes[key] = _check_value(opt, value)
    rules = replace(base, **changes)
    check(rules)
    return rules


def option_names() -> list[str]:
    """Every option's name, in settings-screen order."""
    return [f.name for f in fields(Rules)]
