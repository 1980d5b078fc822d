"""Plays a partner would groan at: counted over whole hands, each with its position.

    python -m lab.groan_scan RULES LEVEL DEALS SEED [--show N] [--bids | --whole]

The first hand of DEALS games (--whole: every hand, to each game's end), both ways round
(LEVEL with a LEVEL partner against the baseline). Each of LEVEL's cards is checked against
faults whose right play is not in doubt, when a legal card avoided the fault ("sure": however
the unseen cards lie):

- own_nil_taken: my nil is live and I play a card sure to win the trick (partner, still to
  play, cannot take it over), unless the nil is lost whatever I play (`nil_lost`);
- partner_nil_left: partner's nil is winning and I do not take the trick from it, though I
  held a card sure to (unless I bid nil too, or a later opponent holding the suit led must
  play over the nil's card: then only a void lets it stand, a risk and not a sure fault);
- opp_nil_saved: playing last, an opponent's nil is winning, we can spare the trick, and I
  take it (when our bid made wins the game, only if our sure trumps make it without this one);
- contract_given_up: playing last, we need every trick left, an opponent (not a nil) is
  winning, and I let it go (unless their bid made wins the game and ours does not);

and each bid made after looking at the cards:

- nil_with_sure_trick: a nil (with no card to exchange) holding a trick no lie of the others'
  cards can stop, when a number was legal;
- sure_tricks_not_bid: a number below the tricks the hand takes however the others' cards
  lie, when a number that high was legal (not where partners bid by hint: there the second
  partner's number corrects the first's);
- bid_past_the_tricks: a number that with partner's makes more than the tricks in the hand, a
  contract sure to be set, when a lower number was legal.

Trumping partner's winner is not among them: with more winners than the bid needs it sheds a
bag, and it takes the lead, say for partner to ruff.

Prints the count of each over LEVEL's decisions, then up to N positions of each (default 3).
--bids checks the bids alone, each hand left when its play begins (Hard's in seconds).
"""

from __future__ import annotations

import contextlib
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

from lab.seats import LabTable
from spades_gui.ai.arena import MAX_HANDS_PER_GAME, Timer
from spades_gui.ai.base import BasePolicy
from spades_gui.ai.bits import SPADEM, SUITM, above, bits, tables_for
from spades_gui.ai.decision import Decision, action_json
from spades_gui.ai.evaluate import sure_tricks
from spades_gui.ai.rollout import rollout_rules
from spades_gui.ai.sample import lies
from spades_gui.ai.solve import Solver
from spades_gui.ai.state import PlayState, beats
from spades_gui.ai.view import SeatView
from spades_gui.engine.actions import Action, BidAction, BlindAction, PlayAction
from spades_gui.engine.bids import NIL, bid_str, is_number
from spades_gui.engine.cards import card_str, cards_of
from spades_gui.engine.hand import BID, PLAY
from spades_gui.engine.presets import resolve

FAULTS = (
    "partner_nil_left",
    "own_nil_taken",
    "opp_nil_saved",
    "contract_given_up",
    "nil_with_sure_trick",
    "sure_tricks_not_bid",
    "bid_past_the_tricks",
)


def bid_fault(view: SeatView, bid: int) -> str | None:
    """The fault of bidding `bid` in `view`, or None."""
    t = tables_for(view.rules)
    sure = sure_tricks(t, t.imask(view.hand))
    numbers = [b for b in view.legal_bids() if is_number(b)]
    if bid == NIL and not view.rules.nil_exchange:
        return "nil_with_sure_trick" if sure and numbers else None
    hint = view.rules.bid_style == "hint"
    if not is_number(bid):
        return None
    if bid < sure and not hint and any(b >= sure for b in numbers):
        return "sure_tricks_not_bid"
    partner = view.bids[(view.seat + 2) % 4]
    ours = bid + (partner if partner is not None and is_number(partner) else 0)
    if ours > view.hand.bit_count() and any(b < bid for b in numbers):
        return "bid_past_the_tricks"
    return None


def fault(view: SeatView, card: int) -> str | None:
    """The fault of playing `card` in `view`, or None."""
    ps = PlayState(view)
    me, mine = ps.me, ps.t.to_i[card]
    legal = [i for i in range(64) if ps.legal >> i & 1]

    def wins(i: int) -> bool:  # over the cards down (sure, when I play last)
        return not ps.trick or beats(i, ps.win, ps.led)

    def sure(i: int) -> bool:  # over the cards down and any the others may still play
        return wins(i) and ps.sure(i)

    def forced_over(s: int) -> bool:  # seat s, if it holds the suit led, must beat the winner
        follow = ps.poss[s] & SUITM[ps.led]
        on_suit = ps.win >> 4 == ps.led and not ps.void[s] >> ps.led & 1
        return on_suit and bool(follow) and not follow & ~above(ps.win)

    if ps.nil_live[me]:  # whoever's card is winning, even partner's nil: mine comes first
        covered = ps.partner in ps.later and ps.may_take(ps.partner, mine)
        taken = sure(mine) and not covered and not all(map(sure, legal))
        # a nil that takes a trick whatever it plays was lost by the bid, not by this card
        return "own_nil_taken" if taken and not nil_lost(ps) else None
    if not ps.trick:
        return None
    if ps.win_seat == ps.partner:
        left = ps.nil_live[ps.partner] and any(map(sure, legal)) and not wins(mine)
        return "partner_nil_left" if left and not any(map(forced_over, ps.later)) else None
    if ps.later:
        return None
    team = me % 2
    if ps.nil_live[ps.win_seat]:  # an opponent's live nil is winning
        # when our bid made wins the game, the trick that secures it comes before their nil,
        # unless sure trumps secure it anyway
        secured = not ps.bid_wins_game(team) or ps.sure_trumps() >= ps.need[team]
        spare = ps.need[team] < ps.left and secured
        return "opp_nil_saved" if spare and wins(mine) and not all(map(wins, legal)) else None
    # when their bid made wins the game and ours does not, their tricks (a set, a bag over the
    # limit) may matter more than our contract
    their_game = ps.bid_wins_game(1 - team) and not ps.bid_wins_game(team)
    if ps.need[team] == ps.left and not their_game and any(map(wins, legal)) and not wins(mine):
        return "contract_given_up"
    return None


def nil_lost(ps: PlayState) -> bool:
    """Whether my nil takes a trick whatever is played: a trump of mine wins whenever played;
    the opponents hold no trump and I hold more than partner may hold to cover them; or, the
    unseen cards lying in few enough ways to solve each, best play by both sides cannot keep it
    in any of them."""
    if ps.sure_trumps():
        return True
    me, partner = ps.me, ps.partner
    counts = ps.v.hand_counts()
    mine = (ps.hand & SPADEM).bit_count()
    if mine and not any(ps.v.no_trump) and not any(ps.poss[o] & SPADEM for o in ps.opps):
        covers = min((ps.poss[partner] & SPADEM).bit_count(), counts[partner])
        if mine > covers + (ps.trick_mask & SPADEM).bit_count():
            return True  # each trump of mine wins its trick unless one of those beats it
    holders = [s for s in range(4) if s != me]
    poss = list(ps.poss)
    changed = True
    while changed:  # a seat that may hold only as many cards as it has holds them all
        changed = False
        for s in holders:
            if poss[s].bit_count() == counts[s]:
                for o in holders:
                    if o != s and poss[o] & poss[s]:
                        poss[o] &= ~poss[s]
                        changed = True
    every = lies(ps, poss, LIES)
    if every is None:
        return False
    solver = Solver(rollout_rules(ps.rules), me % 2, lambda tw: -1.0 if tw[me] else 0.0)
    return all(solver.after(ps, lie, c) < 0 for lie in every for c in bits(ps.legal))


LIES = 200  # nil_lost solves every lie of the unseen cards when there are at most this many


class _Bidden(Exception):
    """The bidding is over and only the bids are scanned."""


def scan(
    rules_name: str,
    level: str,
    deals: int,
    seed: int,
    bids_only: bool = False,
    whole: bool = False,
    play_check: Callable[[SeatView, int], str | None] = fault,
    bid_check: Callable[[SeatView, int], str | None] | None = bid_fault,
    faults: tuple[str, ...] = FAULTS,
) -> dict[str, Any]:
    """LEVEL's decisions over the first hand of DEALS games both ways round (bids_only: its
    bids; whole: every hand to the game's end, the later scores and bags), and each fault
    (`play_check` names a card's and `bid_check` a bid's, of `faults`; no bid_check, no bids)."""
    rules = resolve(rules_name)
    levels = (level, "baseline", level, "baseline")
    found: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    decisions = 0

    def watch(pol: BasePolicy, deal: int) -> None:
        explain = pol.explain

        def explained(view: SeatView, stop: Any = None) -> Decision[Action]:
            nonlocal decisions
            if bids_only and view.phase == PLAY:
                raise _Bidden
            d = explain(view, stop)
            f = None
            if view.phase == PLAY and view.legal_plays().bit_count() > 1:
                decisions += 1
                f = play_check(view, _value(d.action))
            elif bid_check and view.phase == BID and view.hand and len(view.legal_bids()) > 1:
                decisions += 1
                f = bid_check(view, _value(d.action))
            if f:
                counts[f] += 1
                found.append(_position(f, deal, view, d))
            return d

        pol.explain = explained  # type: ignore[method-assign]

    for deal in range(deals):
        for swapped in (False, True):
            tb = LabTable(rules, levels, seed, None, swapped)
            for s, lv in enumerate(tb.levels):
                if lv == level:
                    watch(tb.policies[s], deal)
            with contextlib.suppress(_Bidden):  # bids_only: the hand is left once bid
                tb.play_next(seed, deal, Timer())
            while whole and not tb.game.over and len(tb.game.hands) < MAX_HANDS_PER_GAME:
                tb.play_next(seed, deal, Timer())
    return {
        "rules": rules_name,
        "level": level,
        "deals": deals,
        "seed": seed,
        "decisions": decisions,
        "counts": {f: counts[f] for f in faults},
        "found": found,
    }


def _value(a: Action) -> int:
    """A card played or a bid made: the decisions scanned."""
    if isinstance(a, PlayAction):
        return a.card
    return a.bid if isinstance(a, (BidAction, BlindAction)) and a.bid is not None else -1


def _position(f: str, deal: int, view: SeatView, d: Decision[Action]) -> dict[str, Any]:
    """A fault's position, in words a reader can check."""
    return {
        "fault": f,
        "deal": deal,
        "hand_no": view.hands_scored + 1,  # of the game (--whole)
        "scores": list(view.scores),
        "bags": list(view.bags),
        "seat": view.seat,
        "hand": " ".join(card_str(c) for c in cards_of(view.hand)),
        "trick": " ".join(card_str(c) for c in view.trick),
        "bids": [None if b is None else bid_str(b) for b in view.bids],
        "tricks_won": list(view.tricks_won),
        "played": action_json(d.action),
        "reason": d.reason,
    }


def position_line(p: dict[str, Any]) -> str:
    """A found position on one line, up to the card or bid played."""
    return (
        f"deal {p['deal']} hand {p['hand_no']} seat {p['seat']} scores {p['scores']}"
        f" bags {p['bags']}: {p['hand']} | trick {p['trick']} | bids {p['bids']}"
        f" won {p['tricks_won']} | played {p['played']}"
    )


def main(argv: list[str]) -> None:
    show = 3
    bids_only, whole = "--bids" in argv, "--whole" in argv
    argv = [a for a in argv if a not in ("--bids", "--whole")]
    if "--show" in argv:
        k = argv.index("--show")
        show = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2 :]
    if len(argv) != 4 or (bids_only and whole):
        sys.exit(__doc__)
    data = scan(argv[0], argv[1], int(argv[2]), int(argv[3]), bids_only, whole)
    games = "games" if whole else "deals"
    print(
        f"{data['rules']} {data['level']}: {data['decisions']} decisions, {data['deals']} {games}"
    )
    for f in FAULTS:
        print(f"  {f:20} {data['counts'][f]}")
    for f in FAULTS:
        for p in [p for p in data["found"] if p["fault"] == f][:show]:
            print(f"{f} {position_line(p)}: {p['reason']}")


if __name__ == "__main__":
    main(sys.argv[1:])
