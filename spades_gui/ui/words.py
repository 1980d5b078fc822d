"""The game in the player's words: bids (and hint-style team totals), scores, cards, results."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, cast

from ..controller.events import HandFacts
from ..engine import HandResult, Rules
from ..engine.auction import BEMO_KIND
from ..engine.bids import BLIND, BLIND_NIL, NIL, bid_words, blind_penalty, blind_table, is_nil
from ..engine.cards import SUIT_NAMES, card_name, cards_of
from ..engine.claim import ClaimObstacle
from ..engine.hand import MISDEAL, RaiseStep
from ..engine.scoring import TeamHand, TeamNeed, display_score

MISDEAL_WORDS = {
    "no_face_cards": "no face cards",
    "no_spades": "no spades",
    "few_spades": "one spade or none",
    "long_suit": "seven or more cards of one suit",
}

# --------------------------------------------------------------------------- small words


def capital(text: str) -> str:
    """Text with its first letter upper-case."""
    return text[:1].upper() + text[1:]


def plural(n: int, word: str, many: str = "") -> str:
    """'1 game', '2 games' (or the given plural: '2 losses')."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def number(n: int) -> str:
    """A score with a true minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """Points with their sign: "+30", "−100", "0"."""
    return f"+{n}" if n > 0 else number(n)


def possessive(name: str) -> str:
    """ "Your" for the player called You, else "North's"."""
    if name.strip().lower() == "you":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def team_names(names: Sequence[str]) -> tuple[str, str]:
    """Column headings for the two teams."""
    return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")


def cards_words(mask: int) -> str:
    """Cards in words: "the 4♠ and 9♥"-style names joined by "and" ("cards" for none)."""
    cards = cards_of(mask)
    if not cards:
        return "cards"
    return "the " + " and ".join(card_name(c) for c in cards)


def misdeal_words(reasons: Sequence[str]) -> str:
    """Why a hand may be thrown in: "no spades and seven or more cards of one suit"."""
    return " and ".join(MISDEAL_WORDS.get(r, r) for r in reasons)


# --------------------------------------------------------------------------- bids


def bid_text(bid: int | None) -> str:
    """A bid inside a sentence: "4", "nil", "blind nil", "blind 6", "no bid"."""
    if bid is None:
        return "no bid"
    return bid_words(bid).lower()


def bid_label(bid: int, base: int | None) -> str:
    """A bid button's words; with a hint base the numbers are team totals."""
    if bid < NIL and base is not None:
        return str(bid + base)
    return bid_words(bid)


def seat_bid(facts: HandFacts, seat: int, rules: Rules) -> str:
    """A seat's bid in words, the same on its box, its bubble and the summary: "Bid 4", "Nil",
    "Blind 6"; where partners bid by hint, the first partner's "Hint 4" and the second's
    "Team 7" (the team's total); 001's "Bid 4 NT" (no trump), "Double nil" and a Bemo beside
    the bid ("Bid 5 + Bemo 6")."""
    words = _seat_bid(facts, seat, rules)
    if facts.bemo[seat]:
        words += f" + Bemo {facts.bemo[seat]}"
    return words


def _seat_bid(facts: HandFacts, seat: int, rules: Rules) -> str:
    bids = facts.first_bids or facts.bids  # a raise of the second round is told apart
    b = bids[seat]
    if b is None:
        return "No bid"
    if facts.double_nil[seat % 2] and is_nil(b):
        return "Blind double nil" if b == BLIND_NIL else "Double nil"
    if facts.no_trump[seat]:
        return f"{bid_words(b)} NT" if b >= BLIND else f"Bid {b} NT"
    if b >= NIL:
        return bid_words(b)
    partner = (seat + 2) % 4
    pb = bids[partner]
    if rules.bid_style == "hint" and not (pb is not None and pb >= NIL):
        first = pb is None or facts.order.index(seat) < facts.order.index(partner)
        return f"Hint {b}" if first else f"Team {cast(int, pb) + b}"  # not first: pb is a bid
    return f"Bid {b}"


def raise_words(step: RaiseStep) -> str:
    """A team's answer in the second round, short: "raised to 7", "kept 5"."""
    return f"raised to {step.total}" if step.total > step.before else f"kept {step.total}"


def seat_raise(facts: HandFacts, seat: int) -> RaiseStep | None:
    """The second-round answer this seat gave for its team, if it gave one."""
    return next((r for r in facts.raises if r.seat == seat), None)


def raise_line(step: RaiseStep, names: Sequence[str], human: Collection[int]) -> str:
    """A second-round answer as the table tells it: "East raises their team's bid to 7",
    "You keep our bid at 5", "You agree with Partner: our bid is 7"."""
    seat, total = step.seat, step.total
    ours = "our bid" if seat % 2 == 0 else "their team's bid"
    partner = names[(seat + 2) % 4]
    if step.proposed is not None and seat in human:
        if step.proposed == total:
            return f"You agree with {partner}: {ours} is {total}"
        return f"{partner} said {step.proposed}; you make {ours} {total}"
    you = seat in human
    who = "You" if you else names[seat]
    if total > step.before:
        return f"{who} {'raise' if you else 'raises'} {ours} to {total}"
    return f"{who} {'keep' if you else 'keeps'} {ours} at {total}"


def blind_label(bid: int, rules: Rules, no_trump: bool = False) -> str:
    """A blind bid's button: what it wins and loses, and the exchange blind nil brings; with
    no_trump, a blind no trump's (001: 30 a trick, failed 30, 20 or 10 a trick)."""
    if no_trump:
        n = bid - BLIND
        times = {"triple": 3, "double": 2, "single": 1}[rules.no_trump_blind_penalty]
        return f"Blind {n} NT: +{30 * n} / \u2212{10 * n * times}"
    if bid == BLIND_NIL:
        text = f"Blind nil: +{rules.blind_nil_bonus} / \u2212{rules.blind_nil_penalty}"
        n = rules.blind_nil_pass
        if rules.blind_nil_exchange == "optional":
            return text + f", with an optional {n}-card exchange"
        if rules.blind_nil_exchange == "compulsory":
            return text + f", with a {n}-card exchange"
        return text
    value, exactly = blind_table(rules)[bid - BLIND]
    lost = blind_penalty(rules, bid - BLIND)
    return f"Blind {bid - BLIND}{' exactly' if exactly else ''}: +{value} / \u2212{lost}"


def pad_bid(facts: HandFacts, team: int) -> str:
    """A team's bid for the score pad: the contract and each nil by name ("3 + blind nil"),
    "4 NT" for a no trump, "double nil", and a Bemo ("5 + Bemo 6")."""
    bemo = max(facts.bemo[team], facts.bemo[team + 2])
    tail = [f"Bemo {bemo}"] if bemo else []
    if facts.double_nil[team]:
        blind = facts.bids[team] == BLIND_NIL
        return " + ".join(["blind double nil" if blind else "double nil"] + tail)
    nils, numbers = [], False
    for s in (team, team + 2):
        b = facts.bids[s]
        if b is not None and is_nil(b):
            nils.append(bid_text(b))
        else:
            numbers = True
    nt = " NT" if facts.no_trump[team] or facts.no_trump[team + 2] else ""
    head = [f"{facts.contracts[team]}{nt}"] if numbers or not nils else []
    return " + ".join(head + nils + tail)


# --------------------------------------------------------------------------- 001's bids

ASK_WORDS = {
    "no_trump": "Can you cover a no trump?",
    "double_nil": "Double Nil?",
    "blind_no_trump": "A blind no trump?",
    "blind_double_nil": "Blind Double Nil?",
}


def ask_button(what: str, partner: str) -> str:
    """A button asking partner before the bid: "Ask North: can you cover a no trump?"."""
    q = ASK_WORDS.get(what, what)
    return f"Ask {partner}: {q[:1].lower() + q[1:] if what == 'no_trump' else q}"


def ask_explained(what: str, asker: str, rules: Rules) -> str:
    """What saying yes to partner's question means, in a sentence or two."""
    if what == "no_trump":
        lost = "double" if rules.no_trump_penalty == "double" else "as much as usual"
        return (
            f"{asker} would bid a number with no trump, promising not to win a trick by "
            f"trumping unless spades are led. Made, the team's bid scores double; set, it "
            f"loses {lost}. Say yes if your spades can take tricks for the team."
        )
    if what == "blind_no_trump":
        times = {"triple": 3, "double": 2, "single": 1}[rules.no_trump_blind_penalty]
        return (
            f"{asker} would bid a no trump before either of you looks, and you share it: "
            f"made, 30 points a trick; failed, it loses {10 * times} a trick."
        )
    if what == "blind_double_nil":
        return (
            "Both of you would bid blind nil, before looking: if neither takes a trick your "
            "team wins the game; if either does, it loses the game."
        )
    win = "the team wins the game" if rules.double_nil_wins else f"+{rules.double_nil_bonus}"
    lose = "it loses the game" if rules.double_nil_loses else f"\u2212{rules.double_nil_penalty}"
    return f"Both of you would bid nil: if neither takes a trick, {win}; if either does, {lose}."


def answer_words(what: str, yes: bool) -> str:
    """A seat's answer in a bubble."""
    if what == "no_trump":
        return "Yes, I can cover it" if yes else "No, I cannot cover it"
    return "Yes" if yes else "No"


def bemo_label(tricks: int) -> str:
    """A Bemo toggle: "Little Bemo: first 6 tricks, ±60"."""
    kind = BEMO_KIND.get(tricks, "")
    return f"{kind.capitalize()} Bemo: first {tricks} tricks, \u00b1{10 * tricks}"


def card_words(card: int) -> str:
    """A card in full words, for small print where a suit symbol is hard to read: "3 of
    spades", "Queen of hearts", "Big Joker"."""
    name = card_name(card)
    if "Joker" in name:
        return name
    rank = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}.get(name[:-1], name[:-1])
    return f"{rank} of {SUIT_NAMES[card // 13]}"


def rank_in_suit(card: int, suit: int) -> str:
    """A card in a list of its suit's cards ("A", "10"): its rank, or its name where the rank
    alone would not tell it (a joker, a two raised into the trumps from another suit)."""
    if card >= 52 or card // 13 != suit:
        return card_name(card)
    return card_name(card)[:-1]


def suit_word(suit: int) -> str:
    """ "Hearts"."""
    return SUIT_NAMES[suit].capitalize()


# --------------------------------------------------------------------------- the coach


def action_title(
    kind: str, action: Any, level: str, base: int | None = None, hint: bool = False
) -> str:
    """'Hard would play the 10♦' and the like; in hint bidding, in the seat boxes' words (the
    first partner's "hint", the second's team total)."""
    who = level.capitalize()
    if kind == "play":
        return f"{who} would play the {card_name(action)}"
    if kind == "pass":
        return f"{who} would pass the " + " and ".join(card_name(c) for c in cards_of(action))
    if kind == "discard":
        return f"{who} would discard the " + " and ".join(card_name(c) for c in cards_of(action))
    if kind == "answer":
        return f"{who} would say {'yes' if action else 'no'}"
    if kind in ("bid", "blind"):
        if action < NIL and base is not None:
            return f"{who} would make the team's total {action + base}"
        if action < NIL and hint:
            return f"{who} would hint {action}"
        return f"{who} would bid {bid_text(action)}"
    return f"{who} would choose {action}"


def hint_reason(reason: str, warning: str = "") -> str:
    """The hint's words: a warning first (it must not be cut off), then the coach's reason."""
    if not warning:
        return reason
    return f"{warning} {reason}" if reason else warning


# --------------------------------------------------------------------------- results


def game_over_line(winner: int, reason: str, scores: tuple[int, int], names: Sequence[str]) -> str:
    """Why the game ended, in plain words, the winners' score first."""
    heads = team_names(names)
    win, lose = heads[winner], heads[1 - winner]
    score = f"{number(scores[winner])} to {number(scores[1 - winner])}"
    if reason.startswith("both passed"):
        target = reason.split()[2].rstrip(";")
        return f"Both teams passed {target}; {win} win, {score}"
    if reason.startswith("both fell below"):
        return f"Both teams fell below the floor; {win} win, {score}"
    if reason.startswith("the other team fell to "):
        floor = int(reason.rsplit(" ", 1)[1])
        return f"{lose} fell to {number(floor)}; {win} win, {score}"
    if reason.startswith("higher score after"):
        return f"{win} win with the higher score after {reason.split()[3]} hands, {score}"
    if reason.startswith("higher score when"):
        return f"Time ran out after {reason.split()[3]} minutes; {win} win, {score}"
    if reason:
        return f"{win} {reason}: {score}"
    return f"{win} win, {score}"


def _seat_line(facts: HandFacts, names: Sequence[str], seat: int, rules: Rules) -> str:
    words = seat_bid(facts, seat, rules)
    return f"{names[seat]}: {words[:1].lower() + words[1:]}, took {facts.tricks_won[seat]}"


def _raise_cell(facts: HandFacts, names: Sequence[str], team: int) -> tuple[str, str]:
    """A team's second-round answer for the hand's summary: "You: 6 raised to 8"."""
    step = next((r for r in facts.raises if r.seat % 2 == team), None)
    if step is None:
        return ("", "")
    if step.total == step.before:
        return (f"{names[step.seat]}: kept {step.total}", "")
    return (f"{names[step.seat]}: {step.before} raised to {step.total}", "")


def result_rows(
    result: HandResult, facts: HandFacts, names: Sequence[str], rules: Rules
) -> list[tuple[str, list[tuple[str, str]]]]:
    """(label, [(words, points) for us, them]) rows describing how a hand scored."""
    teams = result.teams
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    rows.append(("Bids", [(_seat_line(facts, names, t, rules), "") for t in (0, 1)]))
    rows.append(("", [(_seat_line(facts, names, t + 2, rules), "") for t in (0, 1)]))
    if facts.raises:  # 001's second round: each team's answer
        rows.append(("Second round", [_raise_cell(facts, names, t) for t in (0, 1)]))

    def contract(t: TeamHand) -> tuple[str, str]:
        if t.contract == 0 and not t.contract_points:
            return ("no bid (nil only)", "")
        word = "made" if t.made else "set"
        if t.no_trump_broken:
            return ("set: won a trick by trumping", signed(t.contract_points))
        nt = " no trump" if t.no_trump else ""
        return (f"{word}: bid {t.contract}{nt}, took {t.tricks}", signed(t.contract_points))

    rows.append(("Contract", [contract(t) for t in teams]))
    if any(t.nils for t in teams):
        cells = []
        for t in teams:
            if not t.nils:
                cells.append(("", ""))
                continue
            if t.double_nil:
                word = "Blind double nil" if t.double_nil == 2 else "Double nil"
                made = "made" if t.double_nil_made else "failed"
                cells.append((f"{word} {made}", signed(t.nil_points)))
                continue
            words = ", ".join(
                f"{possessive(names[n.seat])} {bid_text(BLIND_NIL if n.blind else NIL)} "
                + ("made it" if n.made else "failed")
                for n in t.nils
            )
            cells.append((words, signed(t.nil_points)))
        rows.append(("Nil", cells))
    if any(t.opp_bonus for t in teams):
        cells = [
            ("both took a trick", signed(t.opp_bonus)) if t.opp_bonus else ("", "") for t in teams
        ]
        rows.append(("Double nil bonus", cells))
    if any(t.bemo for t in teams):
        cells = []
        for t in teams:
            if t.bemo:
                kind = BEMO_KIND.get(t.bemo, "").capitalize()
                word = "made" if t.bemo_points > 0 else "lost"
                cells.append((f"{kind} Bemo {word}", signed(t.bemo_points)))
            else:
                cells.append(("", ""))
        rows.append(("Bemo", cells))
    if facts.special is not None and facts.special_team is not None:
        took = facts.special_team
        cells = [("", ""), ("", "")]
        cells[took] = (special_words(facts, teams[took], rules), "")
        rows.append(("Special card", cells))
    bag_word = "Overtricks" if rules.bag_value == 0 else "Overtricks (bags)"
    rows.append(
        (
            bag_word,
            [(str(t.overtricks), signed(t.bag_points) if t.bag_points else "") for t in teams],
        )
    )
    if any(t.bag_penalty for t in teams):
        rows.append(
            ("Bag penalty", [("", signed(-t.bag_penalty) if t.bag_penalty else "") for t in teams])
        )
    if any(t.renege_points for t in teams) or facts.reneges:
        rows.append(("Renege", [("", signed(t.renege_points)) for t in teams]))
    rows.append(("This hand", [("", signed(t.points)) for t in teams]))
    rows.append(("Score", [("", number(display_score(rules, t.score, t.bags))) for t in teams]))
    if rules.bags_display == "counter" and (rules.bag_limit or rules.bag_value):
        limit = f" of {rules.bag_limit}" if rules.bag_limit else ""
        rows.append(("Bags", [("", f"{t.bags}{limit}") for t in teams]))
    return rows


def special_words(facts: HandFacts, team: TeamHand, rules: Rules) -> str:
    """What the special card did for the team that took it (001: it cancels one bag, if the
    team made its bid with an overtrick)."""
    name = card_name(cast(int, facts.special))
    if not team.made:
        return f"the {name}: no effect (set)"
    exact = team.moon or (rules.ten_for_200 == "exact" and team.contract == 10)
    over = 0 if exact else max(0, team.tricks - team.contract)
    if rules.failed_nil_tricks == "bags":
        over += sum(facts.tricks_won[n.seat] for n in team.nils)
    return f"the {name}: one bag cancelled" if over > 0 else f"the {name}: no bag to cancel"


def pad_rows(hands: Sequence[HandFacts], names: Sequence[str], rules: Rules) -> list[list[str]]:
    """One row per hand: number, and for each team bid/took, points, bags and score
    ("playing" for a hand not yet scored)."""
    out = []
    for facts in hands:
        i = facts.hand_no
        if facts.phase == MISDEAL:
            who = names[facts.misdeal_by] if facts.misdeal_by is not None else "?"
            out.append([str(i), f"misdeal ({who})", *[""] * 7])
            continue
        row = [str(i)]
        res = facts.result
        for t in (0, 1):
            took = facts.tricks_won[t] + facts.tricks_won[t + 2]
            cell = f"{pad_bid(facts, t)} / {took}"
            if res is None:
                row += [cell, "", "", "playing"]
            else:
                team = res.teams[t]
                took = facts.special is not None and facts.special_team == t
                row += [
                    cell,
                    signed(team.points) + (SPECIAL_MARK if took else ""),
                    str(team.bags),
                    number(display_score(rules, team.score, team.bags)),
                ]
        out.append(row)
    return out


SPECIAL_MARK = "*"  # on the score pad: the team took the special card that hand (001)
SPECIAL_LEGEND = "* took the special card (it cancels one bag)"


NOT_YOUR_CLAIM = "You can claim the rest only on your turn to play"


def claim_refused(obstacle: ClaimObstacle, names: Sequence[str], human: frozenset[int]) -> str:
    """Why a claim cannot be made, from what the player can know: "The others can still take
    a trick: the K♥ is out"."""
    card = card_name(obstacle.card) if obstacle.card is not None else ""
    if obstacle.why == "on_table":
        seat = obstacle.seat
        whose = "your partner's" if seat is not None and (seat + 2) % 4 in human else ""
        if seat is not None and not whose:
            whose = f"{names[seat]}'s"
        return f"You cannot take this trick: none of your cards beats {whose} {card}"
    if obstacle.why == "higher":
        return f"The others can still take a trick: the {card} is out"
    if obstacle.why == "trump":
        return f"The others can still trump a trick: the {card} is out"
    if obstacle.why == "first_trick":
        return "A claim can be made from the second trick on"
    if obstacle.why == "mid_trick":
        return "With this many cards left, claim when it is your lead"
    if obstacle.why == "not_playing":
        return NOT_YOUR_CLAIM
    return "Your cards do not win every remaining trick for sure: play on"


def needs_lines(us: TeamNeed, them: TeamNeed) -> tuple[str, str]:
    """What each side still needs in the hand being played, one line a side: "We need 2
    more · They need 1 to set us"."""
    ours = _need_line(us, "We", "They", "us", "our")
    return ours, _need_line(them, "They", "We", "them", "their")


def _need_line(n: TeamNeed, who: str, other: str, whom: str, whose: str) -> str:
    if n.contract == 0:
        return f"{who} bid no tricks"
    if n.need > n.left or (n.exact and n.counted > n.contract):
        return f"{who} are set"
    if n.need == 0 and n.exact:
        return f"{who} have exactly {n.contract}: one more trick sets {whom}"
    if n.need == 0:
        return f"{who} have made {whose} bid"
    return f"{who} need {n.need} more · {other} need {n.sets} to set {whom}"
