"""The named rule sets: one per source document, plus the common online game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .rules import Rules, RulesError, check, from_dict


@dataclass(frozen=True)
class Preset:
    """A named rule set and where it comes from."""

    id: str
    name: str
    source: str  # the rule document it follows (for the docs, not the player's text)
    summary: str
    rules: Rules
    tagline: str = ""  # what it is to a player, in a few words


# 003: "Each group of 4 people ... will play 3 hands. Whichever team has the highest amount
# of points at the end of the three hands will win"; it names no points target.
PAGAT = Rules(target=0, match_hands=3)

CLASSIC = Rules(
    bidding_order="teams",
    target=250,
    nil_bonus=50,
    nil_penalty=50,
    failed_nil_tricks="partner",
    blind_nil_when="behind",
    blind_nil_deficit=100,
    blind_nil_bonus=100,
    blind_nil_penalty=100,
    blind_nil_exchange="optional",  # 001: "The bidder may exchange two cards with partner"
    first_lead="two_clubs",
    spades_first_trick=False,
)

TOURNAMENT = Rules(
    jokers=True,
    jokers_replace="2H2D",
    high_twos="S",
    first_dealer="high_card",
    misdeal=("no_face_cards", "no_spades"),
    bidding_order="teams",
    min_team_bid=4,
    nil_bonus=60,
    nil_penalty=60,
    failed_nil_tricks="ignored",
    double_nil="team",
    double_nil_value=120,
    blind_nil_when="behind",
    blind_nil_deficit=100,
    blind_nil_bonus=120,
    blind_nil_penalty=120,
    blind_nil_exchange="none",
    ten_for_200="at_least",
    ten_for_200_value=120,
    bag_limit=6,
    bag_penalty=60,
    target=300,
    time_limit_min=30,
)

CHAMPIONSHIP = Rules(
    **{
        **TOURNAMENT.__dict__,
        "target": 500,
        "nil_bonus": 100,
        "nil_penalty": 100,
        "blind_nil_bonus": 200,
        "blind_nil_penalty": 200,
        "double_nil_value": 200,
        "ten_for_200_value": 200,
        "bag_limit": 10,
        "bag_penalty": 100,
    }
)

ONLINE = Rules(
    first_dealer="human",
    bidding_order="round",
    bid_style="hint",
    zero_is_nil=False,
    nil_bonus=50,
    nil_penalty=50,
    failed_nil_tricks="partner",
    blind_nil_when="behind",
    blind_nil_deficit=100,
    blind_nil_bonus=100,
    blind_nil_penalty=100,
    blind_nil_exchange="compulsory",  # 002: "The bidder must exchange two cards with partner"
    spades_first_trick=False,
    target=250,
    losing_floor=-250,
)

# As card apps commonly play it (docs/VARIATIONS.md: "Standard"): Pagat's game to 500, blind
# nil only for a team 100 behind.
STANDARD = Rules(blind_nil_when="behind", blind_nil_deficit=100)

JOKERS350 = Rules(
    jokers=True,
    jokers_replace="2H2D",
    high_twos="S",
    misdeal_redeal="next",
    bidding_order="teams",
    min_team_bid=4,
    zero_is_nil=False,
    nil_allowed=False,
    blind_nil=False,
    blind_nil_exchange="none",
    blind_bids=("blind13",),
    ten_for_200="at_least",
    ten_for_200_value=200,
    all13="wins",
    first_lead="left_any",
    spades_lead="any",
    bag_value=0,
    bag_limit=0,
    target=350,
    tiebreak="most_tricks",
    losing_floor=-150,
    time_limit_min=40,
)

PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        Preset(
            "classic",
            "Classic",
            "001",
            "to 250, nil 50, blind nil 100 when behind by 100 (optional exchange), lowest club "
            "starts",
            CLASSIC,
            tagline="the common house game",
        ),
        Preset(
            "intramural",
            "Intramural",
            "001",
            "Classic, but the first team to 150 wins",
            Rules(**{**CLASSIC.__dict__, "target": 150}),
            tagline="a quick game for a club night",
        ),
        Preset(
            "tournament",
            "Tournament",
            "000",
            "jokers (top spades: Big joker, little joker, 2♠, then A♠), to 300, team minimum 4, "
            "nil 60, 6 bags cost 60, 30 minutes",
            TOURNAMENT,
            tagline="club tournament play, with jokers and a clock",
        ),
        Preset(
            "championship",
            "Championship",
            "000",
            "Tournament to 500: nil 100, blind nil 200, 10 bags cost 100",
            CHAMPIONSHIP,
            tagline="the tournament game, played long",
        ),
        Preset(
            "online",
            "Online",
            "002",
            "to 250, hint bidding round the table, 0 is not nil, blind nil with a compulsory "
            "exchange, out at −250, no spades on trick 1",
            ONLINE,
            tagline="as card sites commonly play it",
        ),
        Preset(
            "pagat",
            "Pagat",
            "003",
            "round the table, nil 100, blind nil 200 at any time (optional exchange), a 3-hand "
            "match: the higher total wins",
            PAGAT,
            tagline="the standard rules, over three hands",
        ),
        Preset(
            "jokers350",
            "Jokers 350",
            "004",
            "jokers, no nil, Blind 13 worth 350, 10-for-200, no bags, spades lead any time, to 350",
            JOKERS350,
            tagline="jokers and big blind bids, to 350",
        ),
        Preset(
            "standard",
            "Standard",
            "003",
            "to 500, round the table from the dealer's left, any first lead but a spade, nil 100, "
            "blind nil 200 when 100 behind (optional exchange), 10 bags cost 100",
            STANDARD,
            tagline="as most Spades apps play it",
        ),
    )
}

for _p in PRESETS.values():
    check(_p.rules)


def preset_rules(preset_id: str) -> Rules:
    """The rules of a preset by id, or RulesError."""
    p = PRESETS.get(preset_id) if isinstance(preset_id, str) else None
    if p is None:
        raise RulesError(f"unknown preset {preset_id!r} (presets: {', '.join(PRESETS)})")
    return p.rules


def resolve(spec: Any) -> Rules:
    """Rules from a preset name or an options object (optionally with a base "preset")."""
    if isinstance(spec, str):
        return preset_rules(spec)
    if isinstance(spec, dict):
        base = preset_rules(spec["preset"]) if "preset" in spec else None
        return from_dict(spec, base)
    raise RulesError("rules must be a preset name or an object of options")


def changes_from(rules: Rules, preset_id: str) -> int:
    """How many options of these rules differ from a preset's."""
    base = preset_rules(preset_id).to_dict()
    return sum(1 for k, v in rules.to_dict().items() if base.get(k) != v)


@lru_cache(maxsize=64)  # drawn in every table frame that changes; rules are immutable
def rules_name(rules: Rules, preset_id: str | None = None) -> str:
    """The rules in a player's words, one name everywhere: "Classic", "Classic with 2 changes".

    Without a preset id, the preset they equal or else the one they differ least from.
    """
    if preset_id is None:
        preset_id = name_of(rules) or min(PRESETS, key=lambda p: changes_from(rules, p))
    n = changes_from(rules, preset_id)
    name = PRESETS[preset_id].name
    return name if not n else f"{name} with {n} change{'s' if n != 1 else ''}"


def name_of(rules: Rules) -> str | None:
    """The id of the preset these rules equal, if any."""
    for p in PRESETS.values():
        if p.rules == rules:
            return p.id
    return None
