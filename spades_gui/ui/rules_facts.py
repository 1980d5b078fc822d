"""The few facts that tell one rule set from another (target, who bids first, the first lead,
nil and blind nil, jokers, bags), each read from the rules value, in a player's words."""

from __future__ import annotations

from ..engine.rules import Rules


def _minus(n: int) -> str:
    """A negative number with a true minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def game_end(r: Rules) -> str:
    """How the game is won: "To 500", "3 hands, the higher total wins", with any clock."""
    if r.match_hands:
        out = f"{r.match_hands} hands, the higher total wins"
    elif r.target:
        out = f"To {r.target}"
    else:
        out = "No points target"
    if r.time_limit_min:
        out += f" or {r.time_limit_min} minutes"
    if r.losing_floor is not None:
        out += f", out at {_minus(r.losing_floor)}"
    return out


def who_bids_first(r: Rules) -> str:
    """The bidding order, and partners' hints and a team minimum where the rules have them."""
    out = {
        "teams": "The dealer's opponents bid first",
        "round": "Bidding starts at the dealer's left",
        "round_dealer": "Bidding starts with the dealer",
    }[r.bidding_order]
    if r.bid_style == "hint":
        out += ", partners bid by hint"
    if r.min_team_bid:
        out += f", each team at least {r.min_team_bid}"
    return out


def first_lead(r: Rules) -> str:
    """Who leads the first trick and what they may lead."""
    if r.first_lead == "two_clubs":
        return "Everyone plays their lowest club to the first trick"
    who = "The dealer" if r.first_lead.startswith("dealer") else "The dealer's left"
    if r.first_lead.endswith("no_spade") or r.spades_lead == "broken":
        out = f"{who} leads any card but a spade"
    else:
        out = f"{who} leads any card, spades too"
    if not r.spades_first_trick:
        out += ", no spades on the first trick"
    return out


def _won_lost(bonus: int, penalty: int) -> str:
    """ "100", or "+100/−50" where winning and losing differ."""
    return str(bonus) if bonus == penalty else f"+{bonus}/−{penalty}"


def nils(r: Rules) -> str:
    """What nil and blind nil are worth, and when blind nil may be bid."""
    if not r.nil_allowed and not r.blind_nil:
        return "No nil"
    parts = []
    if r.nil_allowed:
        parts.append(f"Nil {_won_lost(r.nil_bonus, r.nil_penalty)}")
    else:
        parts.append("No nil")
    if r.blind_nil:
        blind = f"blind nil {_won_lost(r.blind_nil_bonus, r.blind_nil_penalty)}"
        if r.blind_nil_when == "behind":
            blind += f" when {r.blind_nil_deficit} or more behind"
        parts.append(blind)
    else:
        parts.append("no blind nil")
    return ", ".join(parts)


def jokers(r: Rules) -> str:
    """Whether the two jokers are in the deck."""
    return "Big and Little Joker are the top spades" if r.jokers else "No jokers"


def bags(r: Rules) -> str:
    """What overtricks (bags) cost."""
    if r.bag_limit:
        return f"{r.bag_limit} bags cost {r.bag_penalty}"
    if r.bag_value < 0:
        return "Each bag costs a point"
    return "Bags never cost" if r.bag_value else "No bags"


def rule_facts(r: Rules) -> list[str]:
    """The facts that tell these rules from others', in the order a player asks them."""
    return [game_end(r), who_bids_first(r), first_lead(r), nils(r), jokers(r), bags(r)]
