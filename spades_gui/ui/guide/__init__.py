"""The guided first hand: a fixed deal under the Classic rules where the table explains each
moment as it comes and the coach nudges a poor choice (deal: the cards and the offer; scene:
the table and its guide; panels: the guide's box)."""

from .deal import offer_first_hand, open_guided_hand
from .scene import GuidedTable

__all__ = ["GuidedTable", "offer_first_hand", "open_guided_hand"]
