"""The rules of Spades in every house variant: pure Python, no I/O, deterministic."""

from .bids import BLIND, BLIND_NIL, NIL, bid_str, bid_words, parse_bid
from .cards import card_name, card_str, cards_of, mask_of, parse_card
from .deck import Deck, deck_for
from .game import Game, deal_cards
from .hand import BID, DONE, MISDEAL, PASS, PLAY, Hand, IllegalAction
from .presets import PRESETS, preset_rules, resolve
from .rules import OPTIONS, Rules, RulesError
from .scoring import HandResult, score_hand

__all__ = [
    "BID",
    "BLIND",
    "BLIND_NIL",
    "DONE",
    "MISDEAL",
    "NIL",
    "PASS",
    "PLAY",
    "OPTIONS",
    "PRESETS",
    "Deck",
    "Game",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Rules",
    "RulesError",
    "bid_str",
    "bid_words",
    "card_name",
    "card_str",
    "cards_of",
    "deal_cards",
    "deck_for",
    "mask_of",
    "parse_bid",
    "parse_card",
    "preset_rules",
    "resolve",
    "score_hand",
]
