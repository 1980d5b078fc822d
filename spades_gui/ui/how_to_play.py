"""How to play: the active rules in plain words, generated from a Rules value so they are never
wrong (the help screen and the guided hand show them)."""

from __future__ import annotations

from ..engine.cards import card_name, parse_card
from ..engine.rules import BLIND_KINDS, Rules

SECTIONS = ("The deck", "Dealing", "Bidding", "Nil", "Playing", "Scoring", "Winning")

_TWOS = {"2H2D": "2♥ and 2♦", "2C2H": "2♣ and 2♥"}
_TWO = {"C": "2♣", "D": "2♦", "H": "2♥", "S": "2♠"}
_MISDEAL = {
    "no_face_cards": "no face cards (no J, Q or K)",
    "no_spades": "no spades",
    "few_spades": "no more than one spade",
    "long_suit": "seven or more cards of one suit",
}
_BLIND = {
    "blind13": "Blind 13 scores 350 if the team takes all 13 tricks and loses 350 if not",
    "blind6": "Blind 6 scores 120 if the team takes exactly 6 tricks and loses 120 if not",
    "blind7plus": (
        "Blind 7 or more scores double (20 points a trick bid) if made and loses as much if not"
    ),
    "blind_moon": "Blind moon (13 tricks) scores 400 if made and loses 400 if not",
}
assert set(_BLIND) == set(BLIND_KINDS)


def _blind6(r: Rules) -> str:
    """Blind 6 with its made and failed variations (001)."""
    how = "exactly 6" if r.blind6_made == "exactly" else "6 or more"
    return f"Blind 6 scores 120 if the team takes {how} tricks and loses {r.blind6_penalty} if not"


def _card_words(text: str) -> str:
    """A card's record text in words ("3S" → "3♠")."""
    return card_name(parse_card(text))


def _pts(n: int) -> str:
    """A number of points in words."""
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _list(items: list[str], last: str = "and") -> str:
    """Items joined as in prose: a, b and c."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _signed(n: int) -> str:
    """A number with its sign (a true minus sign)."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def _deck(r: Rules) -> list[str]:
    """The deck: cards in it and the order of the trumps."""
    out = []
    if r.jokers and not r.jokers_replace:
        out.append(
            "54 cards: the standard 52 with a Big Joker and a Little Joker added; 52 are "
            "dealt and two are left over."
        )
    elif r.jokers:
        out.append(
            f"54 cards: the standard 52 with a Big Joker and a Little Joker added and the "
            f"{_TWOS[r.jokers_replace]} taken out, so 52 cards are dealt."
        )
    else:
        out.append("A standard deck of 52 cards; no jokers.")
    trumps = []
    if r.jokers:
        trumps += ["Big Joker", "Little Joker"]
    trumps += [_TWO[x] for x in r.high_twos]
    trumps += ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠ … 3♠"]
    if "S" not in r.high_twos:
        trumps[-1] = "9♠ … 2♠"
    out.append("Spades are always trumps. Trumps from high to low: " + ", ".join(trumps) + ".")
    extra = [t for t in trumps if "♠" not in t]
    if extra:
        out.append(
            f"The {_list(extra)} count as spades: they follow suit to spades and are "
            "played as spades."
        )
    side = [{"C": "clubs", "D": "diamonds", "H": "hearts"}[x] for x in r.high_twos if x != "S"]
    if side:
        their = "its 2 is a trump" if len(side) == 1 else "their 2s are trumps"
        out.append(
            f"The other suits rank from Ace (high) down to 2, but {_list(side)} run down to 3 "
            f"({their})."
        )
    else:
        out.append("The other suits rank from Ace (high) down to 2.")
    return out


def _dealing(r: Rules) -> list[str]:
    """Who deals, and when the cards are thrown in."""
    first = {
        "random": "The first dealer is chosen at random.",
        "high_card": "The first dealer is chosen by a high-card draw: the highest card deals.",
        "human": "You deal first.",
    }[r.first_dealer]
    out = [
        first,
        "Each player gets 13 cards, dealt one at a time from the dealer's left. "
        "The deal passes to the left after each hand.",
    ]
    if r.jokers and not r.jokers_replace:
        taker = {
            "dealer": "the dealer",
            "two_clubs": "the holder of the 2♣ (the dealer, if the 2♣ is one of them)",
        }[r.leftover_to]
        when = {"before": "before the bidding", "after": "after the bidding"}[r.leftover_discard]
        out.append(
            f"The two cards left over go to {taker}, who looks at all 15 cards and discards "
            f"any two face down {when}."
        )
        if r.leftover_discard == "before":
            out.append(
                "Having seen its cards, that player may not bid blind, and its team may not "
                "make a blind team bid."
            )
    if r.misdeal:
        who = {"same": "the same dealer deals again", "next": "the next dealer deals instead"}
        out.append(
            "Before bidding, a player holding "
            + _list([_MISDEAL[m] for m in r.misdeal], "or")
            + f" may call a misdeal: the cards are thrown in and {who[r.misdeal_redeal]}."
        )
        if r.jokers and "no_face_cards" in r.misdeal:
            out.append("A joker is not a face card.")
    else:
        out.append("There are no misdeals: every hand dealt is played.")
    return out


def _bidding(r: Rules) -> list[str]:
    """Order and form of the bids, limits, blind and big bids."""
    out = []
    if r.bidding_order == "round":
        out.append(
            "Bidding starts at the dealer's left and goes round the table; the dealer bids last."
        )
    elif r.bidding_order == "round_dealer":
        out.append(
            "Bidding starts with the dealer and goes round the table to the left; the player at "
            "the dealer's right bids last."
        )
    else:
        out.append(
            "The team at the dealer's left bids first, as a team: the player at the dealer's "
            "left, then that player's partner, then the dealer's partner, then the dealer."
        )
    if r.bid_style == "sum":
        out.append(
            "Each player bids how many tricks they expect to take; partners' bids add up to "
            "the team's contract."
        )
    else:
        out.append(
            "The first partner of each team bids a hint; the second partner then sets the "
            "team's total contract (which may be less than the hint)."
        )
    if r.nil_allowed and r.zero_is_nil:
        out.append("A bid of 0 is Nil.")
    elif r.nil_allowed:
        out.append(
            "A bid of 0 is an ordinary bid of no tricks, not Nil: its tricks count for the "
            "team, with no nil bonus or penalty. Nil is a separate bid."
        )
    else:
        out.append("A bid of 0 is an ordinary bid of no tricks.")
    if r.no_bid_one:
        out.append(
            "No one may bid 1: the second partner adds nothing to the first partner's bid, or "
            "at least 2."
        )
    if r.raise_round:
        out.append(
            "After the four bids comes a second round: each team, the first bidding team "
            "first, may raise its bid (up to 13) or keep it. Partners agree on it: when your "
            "partner speaks for your team, you agree or choose the total. A team with a blind "
            "bid or two nils has nothing to raise."
        )
    if r.bemo:
        bemos = {
            "little": "Little Bemo (the team wins each of the first 6 tricks: +60 if it does, "
            "−60 if not)",
            "big": "Big Bemo (each of the first 9 tricks: +90 or −90)",
        }
        out.append(
            "With a bid, a player may also declare "
            + _list([bemos[k] for k in r.bemo], "or")
            + ", on top of the team's ordinary contract; one Bemo a team."
        )
    if r.no_trump:
        penalty = {"double": "double", "single": "the same as"}[r.no_trump_penalty]
        out.append(
            "A player holding at least one spade may bid a number of tricks with no trump, if "
            'partner agrees ("Can you cover a no trump?"): the player promises not to win a '
            "trick with a spade unless spades were led. The team's contract then scores double "
            f"if made and loses {penalty} a normal bid's penalty if not; a trick won by "
            "trumping loses the bid. Partner covers: no nil beside it. Asking is no promise: "
            "after a yes the player may still make an ordinary bid."
        )
    if r.no_trump_blind:
        low = max(1, min(n for k in r.blind_bids for n in BLIND_KINDS[k]) - 1, r.min_team_bid)
        times = {"triple": 30, "double": 20, "single": 10}
        behind = (
            f", only by a team behind by more than {r.no_trump_blind_deficit} points"
            if r.no_trump_blind_deficit
            else ""
        )
        out.append(
            f"A blind no trump of {low} to 13 tricks, agreed by partner before either looks"
            f"{behind}, is the team's contract: 30 points a trick if made, and it loses "
            f"{times[r.no_trump_blind_penalty]} a trick if not."
        )
    if r.min_team_bid:
        out.append(
            f"A team must bid at least {r.min_team_bid} tricks in all; a nil bidder's partner "
            f"must bid at least {r.min_team_bid}. A team bidding two nils is exempt."
        )
    else:
        out.append("There is no minimum team bid.")
    if r.total_not_13:
        out.append("The four bids may not add up to exactly 13: the last bidder must avoid it.")
    else:
        out.append("The bids of both teams may add up to any total, 13 included.")
    if r.blind_bids:
        kinds = [_blind6(r) if k == "blind6" else _BLIND[k] for k in r.blind_bids]
        out.append(
            "Blind bids, made before looking at your cards as the team's first bid (the "
            "partner then shares the contract): " + "; ".join(kinds) + "."
        )
    else:
        out.append("There are no blind number bids.")
    if r.ten_for_200 == "at_least":
        out.append(
            f"10-for-200: a team that bids 10 or more and makes it scores "
            f"{_pts(r.ten_for_200_value)} instead of 10 a trick."
        )
    elif r.ten_for_200 == "exact":
        out.append(
            f"10-for-200: a team bid of exactly 10 scores {_pts(r.ten_for_200_value)} if the "
            f"team takes exactly 10 tricks, and loses {r.ten_for_200_value} otherwise."
        )
    else:
        out.append("There is no bonus for big bids: 10 or more scores 10 a trick like any bid.")
    if r.all13 == "wins":
        out.append(
            "A team that takes all 13 tricks wins the game at once, if its score is then "
            "above zero."
        )
    elif r.all13 == "moon":
        won = "wins the game at once" if r.moon_wins else f"scores {_pts(r.moon_value)}"
        out.append(
            f"A team bid of 13 is a Moon: it {won} if the team takes all 13 tricks and loses "
            f"{r.moon_value} if not."
        )
    else:
        out.append("Taking all 13 tricks earns nothing special.")
    return out


def _nil(r: Rules) -> list[str]:
    """Nil and blind nil."""
    if not r.nil_allowed:
        return ["Nil bids are not allowed, so blind nil is not either."]
    how = " (bid it as 0)" if r.zero_is_nil else ""
    out = [
        f"Nil{how} is a promise to take no tricks at all. Nil made scores "
        f"{r.nil_bonus}, failed loses {r.nil_penalty}.",
        {
            "partner": "A failed nil's tricks count toward partner's bid.",
            "bags": "A failed nil's tricks do not help partner but count as bags.",
            "ignored": "A failed nil's tricks do not help partner and are not bags.",
        }[r.failed_nil_tricks],
    ]
    if r.nil_exchange:
        out.append(
            "After the bidding, a nil bidder must pass 1 card to partner, and partner passes "
            "1 card back."
        )
    v = r.double_nil_value
    out.append(
        {
            "separate": "If both partners bid nil, each nil is scored on its own.",
            "team": (
                f"If both partners bid nil, the team scores {_signed(v)} if both make it, "
                f"0 if one fails and {_signed(-v)} if both fail."
            ),
            "doubled": (
                f"If both partners bid nil, each nil counts double: {2 * r.nil_bonus} made, "
                f"{2 * r.nil_penalty} lost if failed."
            ),
        }[r.double_nil]
    )
    if r.double_nil_bid:
        made = "wins the game" if r.double_nil_wins else f"scores {r.double_nil_bonus}"
        lost = "loses the game" if r.double_nil_loses else f"loses {r.double_nil_penalty}"
        behind = (
            f", only by a team behind by more than {r.double_nil_deficit} points"
            if r.double_nil_deficit
            else ""
        )
        out.append(
            f"Double Nil: one partner asks, and if the other agrees both bid nil together as "
            f"the team's first bid{behind}. It {made} if neither takes a trick and {lost} if "
            f"either does; if both take a trick the other team also scores "
            f"{r.double_nil_opp_bonus}."
        )
        if r.double_nil_exchange:
            out.append(
                "After the bidding, each Double Nil partner passes 2 cards face down to the "
                "other at the same time."
            )
        if r.double_nil_blind:
            out.append(
                "Blind Double Nil, agreed before either partner looks, wins the game if made "
                "and loses it if not."
            )
    if not r.blind_nil:
        out.append("Blind nil is not allowed.")
        return out
    if r.blind_nil_when == "any":
        when = "at any time"
    else:
        when = f"only by a player whose team is behind by at least {r.blind_nil_deficit} points"
    out.append(
        f"Blind nil is a nil bid made before looking at your cards, {when}. "
        f"Blind nil made scores {r.blind_nil_bonus}, failed loses {r.blind_nil_penalty}."
    )
    n = r.blind_nil_pass
    cards = "card" if n == 1 else "cards"
    if r.blind_nil_exchange == "compulsory":
        out.append(
            f"After the bidding, the blind nil bidder must pass {n} {cards} to partner, and "
            f"partner passes {n} {cards} back."
        )
    elif r.blind_nil_exchange == "optional":
        out.append(
            f"After the bidding, the blind nil bidder may exchange {n} {cards} with partner "
            f"(pass {n}, and partner passes {n} back) or choose no exchange."
        )
    else:
        out.append("Blind nil bidders do not exchange cards with partner.")
    if r.blind_nil_ask_suit:
        out.append(
            "With the card it passes, the blind nil bidder may name a suit it would like "
            "back; partner takes that into account but need not pass that suit."
        )
    if r.blind_nil_no_bags:
        out.append(
            "A team with a blind nil bidder collects no sandbags that hand: its overtricks "
            "are not counted toward a bag penalty."
        )
    return out


def _playing(r: Rules) -> list[str]:
    """Leads, following suit, trumps and reneging."""
    out = [
        {
            "left_no_spade": "The player at the dealer's left leads to the first trick, with "
            "any card but a spade (unless they hold only spades).",
            "left_any": "The player at the dealer's left leads to the first trick, with any card.",
            "dealer_any": "The dealer leads to the first trick, with any card.",
            "dealer_no_spade": "The dealer leads to the first trick, with any card but a spade "
            "(unless the dealer holds only spades).",
            "two_clubs": "The player holding the lowest club leads it to the first trick, and "
            "everyone plays their lowest club to it.",
        }[r.first_lead],
        "You must follow the suit led if you can; if you cannot, play any card. The highest "
        "trump wins the trick, or, with no trump in it, the highest card of the suit led. The "
        "winner of a trick leads to the next.",
    ]
    if r.spades_first_trick:
        out.append("Spades may be played to the first trick.")
    else:
        out.append("No spades on the first trick unless your hand holds nothing else.")
    if r.spades_lead == "broken":
        out.append(
            "Spades may not be led until a spade has been played to an earlier trick "
            "(spades are broken), unless the leader holds only spades."
        )
    else:
        out.append("Spades may be led at any time.")
    out.append(
        {
            "enforced": "You cannot renege: the game only lets you play cards that follow "
            "suit when you can.",
            "claim_000": "After the first trick you may renege (not follow suit although you "
            "can); a renege is always caught: the reneging team gives 3 of its tricks and 30 "
            "points to the other team.",
            "claim_004": "After the first trick you may renege (not follow suit although you "
            "can); a renege is always caught: the reneging team loses 3 of its tricks.",
        }[r.renege]
    )
    return out


def _scoring(r: Rules) -> list[str]:
    """Contracts, sets, bags and their penalty."""
    out = ["A team that takes at least its contract scores 10 points a trick bid."]
    out.append(
        {
            "bid": "A team that takes fewer tricks than its contract is set: it loses 10 "
            "points a trick bid.",
            "short": "A team that takes fewer tricks than its contract is set: it loses 10 "
            "points for each trick it fell short.",
        }[r.set_penalty]
    )
    if r.bags_display == "units":
        out.append(
            "Each trick over the contract (a bag) adds 1 to the units digit of the score, "
            "which counts the bags: 234 means 230 points and 4 bags."
        )
    else:
        out.append(
            {
                1: "Each trick over the contract (an overtrick, or bag) scores 1 point.",
                0: "Overtricks (bags) score nothing.",
                -1: "Each trick over the contract (an overtrick, or bag) costs 1 point.",
            }[r.bag_value]
        )
    if r.bag_limit:
        out.append(
            f"Each time a team's bag count reaches {r.bag_limit} it loses "
            f"{_pts(r.bag_penalty)} and the count starts again from zero; bags are counted one "
            "at a time, so later bags of the same hand count again."
        )
    else:
        out.append("There is no penalty for collecting bags.")
    if r.special_card:
        if r.special_card == "cut":
            which = "A card cut from the deck before each deal is that hand's special card"
        else:
            which = f"The {_card_words(r.special_card)} is the special card"
        out.append(
            f"{which}: the team that takes it in its tricks has one bag cancelled that hand, "
            "if it made its bid with overtricks (otherwise it does nothing)."
        )
    if r.bags_display == "counter" and (r.bag_limit or r.bag_value):
        out.append("Bags are kept in a counter beside each team's score.")
    return out


def _winning(r: Rules) -> list[str]:
    """Target, ties, floor, match length and the clock."""
    tie = {
        "next_hand": "on a tie another hand is played",
        "most_tricks": "on a tie one sudden-death hand is played, and the team taking more "
        "tricks in it wins",
    }[r.tiebreak]
    out = []
    if r.target:
        out.append(f"The first team to reach {r.target} points wins.")
        out.append(
            f"If both teams reach {r.target} on the same hand, the higher score wins; {tie}."
        )
    else:
        out.append("There is no points target.")
    if r.losing_floor is not None:
        out.append(f"A team whose score falls to {_signed(r.losing_floor)} or below loses.")
    else:
        out.append("There is no losing floor: a team can fall any distance behind.")
    if r.match_hands:
        hands = "hand" if r.match_hands == 1 else "hands"
        out.append(f"The match lasts {r.match_hands} {hands}: then the higher total wins; {tie}.")
    if r.time_limit_min:
        out.append(
            f"Time limit {r.time_limit_min} minutes: when it has run out, the game ends "
            f"after the hand being played and the higher score wins; {tie}."
        )
    if not r.match_hands and not r.time_limit_min:
        out.append("There is no time limit and no fixed number of hands.")
    return out


def explain(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules in plain words: (section title, sentences) for each of SECTIONS."""
    parts = (_deck, _dealing, _bidding, _nil, _playing, _scoring, _winning)
    return [(title, part(rules)) for title, part in zip(SECTIONS, parts)]


def explain_text(rules: Rules) -> str:
    """The rules in plain words as one text, sections separated by blank lines."""
    return "\n\n".join(title + "\n" + "\n".join(lines) for title, lines in explain(rules))
