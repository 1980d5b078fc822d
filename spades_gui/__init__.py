"""Offline Spades: every house rule, a computer partner and two computer opponents."""

__version__ = "0.1.0"
