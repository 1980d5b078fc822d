"""A deal played again from the hand review: the same cards in every seat (session), played at
a table that counts nowhere and saves nothing (table), then the tries side by side with Hard
in the player's seat (compare)."""

from .session import ReplaySession, play_again

__all__ = ["ReplaySession", "play_again"]
