"""The player's statistics across games, computed from finished engine games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any

from . import storage
from .engine.bids import is_nil
from .engine.game import Game

FILE = "stats.json"


@dataclass
class Stats:
    """Counters kept in stats.json; bids are your team's, nils are your own."""

    games_played: int = 0
    games_won: int = 0
    hands_played: int = 0
    bids_made: int = 0
    bids_set: int = 0
    nils_made: int = 0
    nils_failed: int = 0
    partner_nils_made: int = 0
    partner_nils_failed: int = 0
    bags: int = 0
    bag_penalties: int = 0
    hints_used: int = 0
    practice_games: int = 0
    practice_hands: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None

    # ----- derived ------------------------------------------------------------------------

    @property
    def games_lost(self) -> int:
        """Games played and not won."""
        return self.games_played - self.games_won

    def win_rate(self) -> float | None:
        """Share of games won, or None before the first game."""
        return self.games_won / self.games_played if self.games_played else None

    def bid_rate(self) -> float | None:
        """Share of your team's contracts made."""
        n = self.bids_made + self.bids_set
        return self.bids_made / n if n else None

    def nil_rate(self) -> float | None:
        """Share of your nils made."""
        n = self.nils_made + self.nils_failed
        return self.nils_made / n if n else None

    def bags_per_game(self) -> float | None:
        """Average bags (overtricks) your team took per game (practice games count their
        hands without an undo, so they count here too)."""
        games = self.games_played + self.practice_games
        return self.bags / games if games else None

    # ----- updating -----------------------------------------------------------------------

    def record_game(
        self,
        game: Game,
        human_team: int = 0,
        practice: bool = False,
        practice_hands: Iterable[int] = (),
    ) -> None:
        """Add one finished game.

        `practice_hands` are the hands (numbered from 1) in which something was undone: they
        count only as practice hands. The others count in full. A practice game (practice
        mode, or any undo) counts as a practice game, not in games played, won or streaks.
        """
        if not game.over:
            raise ValueError("only a finished game is recorded")
        redone = set(practice_hands)
        practice = practice or bool(redone)
        you, partner = human_team, human_team + 2
        won = game.winner == human_team
        if practice:
            self.practice_games += 1
        else:
            self.games_played += 1
            if won:
                self.games_won += 1
                self.streak = self.streak + 1 if self.streak > 0 else 1
            else:
                self.streak = self.streak - 1 if self.streak < 0 else -1
            self.best_streak = max(self.best_streak, self.streak)
        for number, (hand, result) in enumerate(zip(game.hands, game.results), 1):
            if result is None:
                continue
            if number in redone:
                self.practice_hands += 1
                continue
            self.hands_played += 1
            team = result.teams[human_team]
            bids = hand.bids
            if any(b is not None and not is_nil(b) for b in (bids[you], bids[partner])):
                if team.made:
                    self.bids_made += 1
                else:
                    self.bids_set += 1
            for nil in team.nils:
                if nil.seat == you:
                    self.nils_made += nil.made
                    self.nils_failed += not nil.made
                else:
                    self.partner_nils_made += nil.made
                    self.partner_nils_failed += not nil.made
            self.bags += team.overtricks
            self.bag_penalties += team.bag_penalty > 0
        score = game.scores[human_team]
        if won and not practice and (self.best_score is None or score > self.best_score):
            self.best_score = score

    def to_dict(self) -> dict[str, Any]:
        """The counters as JSON values."""
        return {"version": 1, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Stats from JSON values; ValueError naming a bad counter."""
        if not isinstance(data, dict):
            raise ValueError("statistics must be a JSON object")
        s = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            v = data[f.name]
            if v is None and f.name == "best_score":
                continue
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f'"{f.name}" must be a whole number')
            if v < 0 and f.name not in ("streak", "best_score"):
                raise ValueError(f'"{f.name}" must not be negative')
            setattr(s, f.name, v)
        return s

    def save(self) -> str | None:
        """Write stats.json; a one-line message if that failed, else None."""
        return storage.save_file(FILE, self.to_dict(), "Statistics")


LOAD_WORDS = {
    storage.RESTORED: "Your statistics file was damaged; your last saved statistics were restored.",
    storage.RECOVERED: (
        "Your statistics file was missing; your last saved statistics were restored."
    ),
    storage.DAMAGED: "Your statistics file was damaged, so your statistics start again from zero.",
    storage.UNREADABLE: "Your statistics file could not be opened, so zeros are shown for now.",
}


def load() -> tuple[Stats, str | None]:
    """The saved statistics, or zeros; and one sentence for the player if the file was
    damaged or lost (its intact copy is used then, else zeros)."""
    loaded = storage.load_json(storage.path_for(FILE), dict, Stats.from_dict)
    data = loaded.data
    return (data if isinstance(data, Stats) else Stats()), LOAD_WORDS.get(loaded.state)


def record_game(
    game: Game, human_team: int = 0, practice: bool = False, practice_hands: Iterable[int] = ()
) -> Stats:
    """Load the statistics, add a finished game, save them, and return them."""
    stats, _ = load()
    stats.record_game(game, human_team, practice, practice_hands)
    stats.save()
    return stats


def record_hint() -> Stats:
    """Count one hint used, saved at once."""
    stats, _ = load()
    stats.hints_used += 1
    stats.save()
    return stats


def reset() -> Stats:
    """Zero every counter."""
    stats = Stats()
    stats.save()
    return stats
