"""One deal from the cards dealt to the last trick: the object that owns legality."""

from __future__ import annotations

from typing import cast

from .bids import BLIND, BLIND_NIL, NIL, blind_table, is_blind, is_nil, is_number
from .cards import CLUBS, SPADES, SUIT_NAMES, cards_of, count
from .deck import Deck, deck_for
from .rules import Rules

BID, PASS, PLAY, DONE, MISDEAL = "bid", "pass", "play", "done", "misdeal"
NO_SPADE_LEAD = ("left_no_spade", "dealer_no_spade")  # first leads that may not be a spade


class IllegalAction(ValueError):
    """An action the rules do not allow here; the message says why in plain words."""


def bidding_order(rules: Rules, dealer: int) -> tuple[int, int, int, int]:
    """Seats in the order they bid."""
    left = (dealer + 1) % 4
    if rules.bidding_order == "teams":
        return (left, (left + 2) % 4, (dealer + 2) % 4, dealer)
    if rules.bidding_order == "round_dealer":  # 001: "Beginning with ... the dealer"
        return (dealer, left, (left + 1) % 4, (left + 2) % 4)
    return (left, (left + 1) % 4, (left + 2) % 4, dealer)


def misdeal_reasons(rules: Rules, deck: Deck, hand: int) -> list[str]:
    """Which of the rules' misdeal conditions a 13-card hand meets."""
    out = []
    spades = count(hand & deck.trump_mask)
    for cond in rules.misdeal:
        if (
            (cond == "no_face_cards" and not hand & deck.face)
            or (cond == "no_spades" and spades == 0)
            or (cond == "few_spades" and spades <= 1)
            or (cond == "long_suit" and max(count(hand & m) for m in deck.suit_masks) >= 7)
        ):
            out.append(cond)
    return out


class Hand:
    """Bidding, passing and play of one deal; every change goes through a checked action."""

    __slots__ = (
        "rules",
        "deck",
        "dealer",
        "dealt",
        "hands",
        "scores_before",
        "order",
        "bids",
        "nbids",
        "phase",
        "turn",
        "misdeal_by",
        "passes",
        "pass_queue",
        "leader",
        "first_leader",
        "trick",
        "plays",
        "tricks_won",
        "trick_winners",
        "spades_broken",
        "voids",
        "reneges",
        "gone",
    )

    def __init__(
        self, rules: Rules, dealer: int, deal: list[int], scores: tuple[int, int] = (0, 0)
    ) -> None:
        self.rules = rules
        self.deck = deck_for(rules)
        self.dealer = dealer
        self.dealt = tuple(deal)
        self.hands = list(deal)
        self.scores_before = cast("tuple[int, int]", tuple(scores))
        self.order = bidding_order(rules, dealer)
        self.bids: list[int | None] = [None] * 4
        self.nbids = 0
        self.phase = BID
        self.turn = self.order[0]
        self.misdeal_by: int | None = None
        self.passes: list[tuple[int, int, int]] = []
        self.pass_queue: list[tuple[int, int]] = []
        self.leader = -1
        self.first_leader = -1
        self.trick: list[int] = []
        self.plays: list[int] = []
        self.tricks_won = [0, 0, 0, 0]
        self.trick_winners: list[int] = []
        self.spades_broken = False
        self.voids = [0, 0, 0, 0]  # per seat, a bit per suit it has shown void in
        self.reneges: list[tuple[int, int]] = []  # (seat, trick number)
        self.gone = 0  # cards of finished tricks

    def copy(self) -> Hand:
        """An independent copy (for search)."""
        h = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(h, name, getattr(self, name))
        h.hands = self.hands[:]
        h.bids = self.bids[:]
        h.passes = self.passes[:]
        h.pass_queue = self.pass_queue[:]
        h.trick = self.trick[:]
        h.plays = self.plays[:]
        h.tricks_won = self.tricks_won[:]
        h.trick_winners = self.trick_winners[:]
        h.voids = self.voids[:]
        h.reneges = self.reneges[:]
        return h

    # ----- misdeal -------------------------------------------------------------------------

    def misdeal_reasons(self, seat: int) -> list[str]:
        """Conditions that let this seat call a misdeal now (before any bid)."""
        if self.phase != BID or self.nbids:
            return []
        return misdeal_reasons(self.rules, self.deck, self.hands[seat])

    def call_misdeal(self, seat: int) -> None:
        """Throw the cards in; the game deals again."""
        if not self.misdeal_reasons(seat):
            raise IllegalAction("a misdeal can only be called before bidding, on a qualifying hand")
        self.misdeal_by = seat
        self.phase = MISDEAL

    # ----- bidding -------------------------------------------------------------------------

    def team_behind_by(self, seat: int) -> int:
        """How far this seat's team trailed when the hand began."""
        t = seat % 2
        return self.scores_before[1 - t] - self.scores_before[t]

    def blind_nil_open(self, seat: int) -> bool:
        """Whether the rules let this seat bid blind nil now (any time, or when behind)."""
        r = self.rules
        if not r.blind_nil:
            return False
        return r.blind_nil_when == "any" or self.team_behind_by(seat) >= r.blind_nil_deficit

    def is_second_bidder(self, seat: int) -> bool:
        """Whether this seat's partner has already bid."""
        return self.bids[(seat + 2) % 4] is not None

    def legal_bids(self) -> list[int]:
        """Every bid the seat to act may make, in display order."""
        if self.phase != BID:
            return []
        r = self.rules
        seat = self.turn
        pb = self.bids[(seat + 2) % 4]
        if pb is not None and is_blind(pb):
            return [pb]  # the partner of a blind bidder shares the team's blind contract
        m = r.min_team_bid
        hint_total = r.bid_style == "hint" and pb is not None and is_number(pb)
        partner_num = pb if pb is not None and is_number(pb) else 0
        lo, hi = (-partner_num if hint_total else 0), 13 - partner_num
        if r.zero_is_nil and r.nil_allowed:  # with nil off, 0 is a plain number
            lo = max(lo, 1 - partner_num if hint_total else 1)
        if pb is not None and m:
            lo = max(lo, m - partner_num)
        cands = list(range(lo, hi + 1))
        partner_ok_for_nil = pb is None or not m or is_nil(pb) or partner_num >= m
        if partner_ok_for_nil:
            if r.nil_allowed:
                cands.append(NIL)
            if self.blind_nil_open(seat):
                cands.append(BLIND_NIL)
        if r.no_bid_one:  # 001: "no one can bid 1": the team total is x, or x + 2 and more
            cands = [b for b in cands if b != 1] or cands
        if pb is None:
            for n in sorted(blind_table(r)):
                if n >= m:
                    cands.append(BLIND + n)
        if r.total_not_13 and self.nbids == 3:
            others = self._contract_total(exclude=seat)
            kept = [b for b in cands if others + _contract_part(b, pb) != 13]
            cands = kept or cands
        return cands

    def _contract_total(self, exclude: int) -> int:
        """Sum of both teams' contracts from the bids made so far, leaving one seat out."""
        total = 0
        for s in range(4):
            b = self.bids[s]
            if s == exclude or b is None or is_nil(b):
                continue
            if is_blind(b):
                if self.bids[(s + 2) % 4] == b and s > (s + 2) % 4:
                    continue  # count a team's blind contract once
                total += b - BLIND
            else:
                total += b
        return total

    def bid(self, b: int) -> None:
        """Make the bid of the seat to act."""
        if self.phase != BID:
            raise IllegalAction("it is not time to bid")
        if b not in self.legal_bids():
            raise IllegalAction(self.why_bid_illegal(b))
        self.bids[self.turn] = b
        self.nbids += 1
        if self.nbids < 4:
            self.turn = self.order[self.nbids]
            return
        if self.rules.blind_nil_exchange != "none":
            for s in self.order:
                if self.bids[s] == BLIND_NIL:
                    p = (s + 2) % 4
                    self.pass_queue += [(s, p), (p, s)]
        if self.pass_queue:
            self.phase = PASS
            self.turn = self.pass_queue[0][0]
        else:
            self._start_play()

    def why_bid_illegal(self, b: int) -> str:
        """Plain words for why a bid is not allowed here."""
        r = self.rules
        pb = self.bids[(self.turn + 2) % 4]
        if b == NIL and not r.nil_allowed:
            return "nil is not allowed under these rules"
        if b == BLIND_NIL and not r.blind_nil:
            return "blind nil is not allowed under these rules"
        if b == BLIND_NIL and not self.blind_nil_open(self.turn):
            return f"blind nil needs your team behind by at least {r.blind_nil_deficit}"
        if is_blind(b):
            return "a blind bid must be the team's first bid, of a kind the rules allow"
        if r.min_team_bid and pb is not None:
            return f"your team must bid at least {r.min_team_bid} in all"
        if r.total_not_13 and self.nbids == 3:
            return "the bids of both teams may not total 13"
        if b == 0 and r.zero_is_nil:
            return "a bid of 0 is nil here"
        if b == 1 and r.no_bid_one:
            return "no one may bid 1 under these rules"
        return "that bid is not allowed here"

    # ----- passing -------------------------------------------------------------------------

    def pass_count(self) -> int:
        """How many cards the seat to act must pass (to exchange at all, where it may choose)."""
        return self.rules.blind_nil_pass if self.phase == PASS else 0

    def may_skip_pass(self) -> bool:
        """Whether the seat to act may pass no cards: a blind nil bidder choosing "no exchange".

        Only where the exchange is optional (001, 003: "the bidder may exchange"), and only
        the bidder's own first pass; once it is made, partner must pass back.
        """
        # The queue holds (bidder → partner, partner → bidder) pairs: an even length means a
        # pair's first pass, the bidder's, is next.
        return (
            self.phase == PASS
            and self.rules.blind_nil_exchange == "optional"
            and len(self.pass_queue) % 2 == 0
        )

    def pass_cards(self, cards: int) -> None:
        """Pass a bitmask of cards from the seat to act to its partner (0: no exchange)."""
        if self.phase != PASS:
            raise IllegalAction("it is not time to pass cards")
        giver, taker = self.pass_queue[0]
        n = self.rules.blind_nil_pass
        if cards == 0 and self.may_skip_pass():
            self.passes.append((giver, taker, 0))
            del self.pass_queue[:2]  # no exchange: partner passes nothing back
            self._after_pass()
            return
        if count(cards) != n or cards & ~self.hands[giver]:
            if cards == 0 and self.rules.blind_nil_exchange == "compulsory":
                raise IllegalAction(f"the exchange is compulsory: pass exactly {n} cards")
            raise IllegalAction(f"pass exactly {n} cards from your hand")
        self.hands[giver] &= ~cards
        self.hands[taker] |= cards
        self.passes.append((giver, taker, cards))
        self.pass_queue.pop(0)
        self._after_pass()

    def _after_pass(self) -> None:
        if self.pass_queue:
            self.turn = self.pass_queue[0][0]
        else:
            self._start_play()

    # ----- play ----------------------------------------------------------------------------

    def _start_play(self) -> None:
        r = self.rules
        self.phase = PLAY
        if r.first_lead in ("dealer_any", "dealer_no_spade"):
            self.leader = self.dealer
        elif r.first_lead == "two_clubs":
            low = self.deck.suit_masks[CLUBS]
            low &= -low
            self.leader = next(s for s in range(4) if self.hands[s] & low)
        else:
            self.leader = (self.dealer + 1) % 4
        self.first_leader = self.leader
        self.turn = self.leader

    def legal_plays(self) -> int:
        """Bitmask of the cards the seat to act may play."""
        if self.phase != PLAY:
            return 0
        r = self.rules
        d = self.deck
        hand = self.hands[self.turn]
        first = len(self.plays) < 4
        trick = self.trick
        if not trick:
            if first and r.first_lead == "two_clubs":
                clubs = hand & d.suit_masks[CLUBS]
                if clubs:
                    return clubs & -clubs
            side = hand & ~d.trump_mask
            if side and (
                (first and (r.first_lead in NO_SPADE_LEAD or not r.spades_first_trick))
                or (r.spades_lead == "broken" and not self.spades_broken)
            ):
                return side
            return hand
        led = d.suit[trick[0]]
        follow = hand & d.suit_masks[led]
        if follow:
            if first and r.first_lead == "two_clubs" and led == CLUBS:
                return follow & -follow
            if r.renege != "enforced" and not first:
                return hand
            return follow
        if first and not r.spades_first_trick:
            side = hand & ~d.trump_mask
            if side:
                return side
        return hand

    def why_play_illegal(self, card: int) -> str:
        """Plain words for why a card cannot be played now."""
        if self.phase != PLAY:
            return "it is not time to play a card"
        r = self.rules
        d = self.deck
        hand = self.hands[self.turn]
        if not hand >> card & 1:
            return "that card is not in the hand"
        first = len(self.plays) < 4
        if not self.trick:
            if first and r.first_lead == "two_clubs" and hand & d.suit_masks[CLUBS]:
                return "the first trick starts with the lowest club"
            if first and (r.first_lead in NO_SPADE_LEAD or not r.spades_first_trick):
                return "spades may not be led to the first trick"
            return "spades have not been broken yet"
        led = d.suit[self.trick[0]]
        if hand & d.suit_masks[led]:
            if first and r.first_lead == "two_clubs" and led == CLUBS:
                return "everyone plays their lowest club to the first trick"
            return f"you must follow {SUIT_NAMES[led]}"
        return "no spades on the first trick while you hold another suit"

    def play(self, card: int) -> None:
        """Play a card for the seat to act."""
        legal = self.legal_plays()
        if not legal >> card & 1:
            raise IllegalAction(self.why_play_illegal(card))
        self._play_unchecked(card)

    def _play_unchecked(self, card: int) -> None:
        d = self.deck
        seat = self.turn
        self.hands[seat] ^= 1 << card
        trick = self.trick
        suit = d.suit[card]
        if trick:
            led = d.suit[trick[0]]
            if suit != led:
                if self.hands[seat] & d.suit_masks[led]:
                    self.reneges.append((seat, len(self.trick_winners)))
                else:
                    self.voids[seat] |= 1 << led
        if suit == SPADES:
            self.spades_broken = True
        trick.append(card)
        self.plays.append(card)
        if len(trick) == 4:
            w = (self.leader + d.winner(trick)) % 4
            self.tricks_won[w] += 1
            self.trick_winners.append(w)
            for c in trick:
                self.gone |= 1 << c
            self.trick = []
            self.leader = w
            self.turn = w
            if len(self.trick_winners) == 13:
                self.phase = DONE
        else:
            self.turn = (seat + 1) % 4

    # ----- views ---------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether the hand is over (all tricks played, or thrown in)."""
        return self.phase in (DONE, MISDEAL)

    def tricks(self) -> list[tuple[int, list[int], int]]:
        """Finished tricks as (leader, cards in play order, winner)."""
        out = []
        leader = self.first_leader
        for i, w in enumerate(self.trick_winners):
            out.append((leader, self.plays[4 * i : 4 * i + 4], w))
            leader = w
        return out

    def team_contract(self, team: int) -> int:
        """The number of tricks a team has contracted for (nils count 0)."""
        total = 0
        for s in (team, team + 2):
            b = self.bids[s]
            if b is None or b in (NIL, BLIND_NIL):
                continue
            if is_blind(b):
                return b - BLIND
            total += b
        return total

    def cards_in_hand(self, seat: int) -> list[int]:
        """A seat's cards as a sorted list."""
        return sorted(cards_of(self.hands[seat]), key=self.deck.sort_key)


def _contract_part(b: int, partner_bid: int | None) -> int:
    if is_nil(b):
        return 0
    if is_blind(b):
        return 0 if partner_bid == b else b - BLIND
    return b
