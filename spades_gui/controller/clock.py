"""The game clock: seconds of play, running while the table is on screen, stopped for good
when the game is closed."""

from __future__ import annotations

from collections.abc import Callable


class GameClock:
    """Seconds of play so far, from a time source (monotonic seconds) and the seconds played
    before (a saved game's)."""

    def __init__(self, now: Callable[[], float], before: float = 0.0) -> None:
        self.now = now
        self._base = before  # the seconds counted up to the last pause
        self._since: float | None = None  # when the clock last started, if it runs
        self._stopped = False

    @property
    def running(self) -> bool:
        """Whether the clock runs."""
        return self._since is not None

    def elapsed(self) -> float:
        """Seconds of play so far (what the rules' time limit reads)."""
        if self._since is None:
            return self._base
        return self._base + self.now() - self._since

    def pause(self) -> None:
        """Stop counting (the table is off screen), keeping the seconds so far."""
        if self._since is not None:
            self._base = self.elapsed()
            self._since = None

    def resume(self) -> None:
        """Count again, unless the clock was stopped for good."""
        if self._since is None and not self._stopped:
            self._since = self.now()

    def stop(self) -> None:
        """Pause for good: the game is closed."""
        self.pause()
        self._stopped = True
