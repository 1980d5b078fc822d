"""The player's statistics: every finished hand counted at once, a game when it ends, in
total and by rules and by computer players."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from . import storage
from .engine.bids import is_nil
from .engine.game import Game
from .engine.hand import Hand
from .engine.presets import PRESETS, name_of
from .engine.rules import Rules
from .engine.scoring import HandResult

FILE = "stats.json"
VERSION = 2
CUSTOM = "custom"  # rules that equal no preset
KEEP_GAMES = 20  # games whose counted hands are remembered (only the newest can go on)

Grouping = Literal["rules", "levels"]


@dataclass
class Tally:
    """Counts of some hands and games; bids are your team's, nils your own unless partner's."""

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

    def bags_per_hand(self) -> float | None:
        """Average bags (overtricks) your team took in a hand."""
        return self.bags / self.hands_played if self.hands_played else None

    def add(self, other: Tally, sign: int = 1) -> None:
        """Add another tally's counts (sign -1: take them away, never below zero)."""
        for f in fields(Tally):
            value = getattr(self, f.name) + sign * getattr(other, f.name)
            setattr(self, f.name, max(0, value))

    def counts(self) -> Tally:
        """The counts alone, as a Tally."""
        return Tally(**{f.name: getattr(self, f.name) for f in fields(Tally)})

    def empty(self) -> bool:
        """Whether nothing is counted."""
        return not any(getattr(self, f.name) for f in fields(Tally))


@dataclass(frozen=True)
class GameFacts:
    """What the statistics need to know of a game besides its hands."""

    game_id: str  # the same for the whole game, across saves and restarts
    rules: str  # the preset's id, or CUSTOM
    levels: tuple[str, str, str]  # the computer seats' levels: West, North (partner), East
    human_team: int = 0
    practice: bool = False  # practice mode was on
    practice_hands: frozenset[int] = frozenset()  # hands (from 1) with an undo


@dataclass
class Counted:
    """How much of one game the statistics hold: its hands so far, and the game once over."""

    game: str
    hands: int = 0
    over: bool = False
    last: Tally | None = None  # what the last hand added, taken back if it is undone
    practice: bool = False  # the last hand counted as a practice hand


def rules_key(rules: Rules) -> str:
    """How the statistics group these rules: the preset they equal, else CUSTOM."""
    return name_of(rules) or CUSTOM


def levels_key(levels: Iterable[str]) -> str:
    """How the statistics group a seating: the levels of West, North and East."""
    return ",".join(levels)


def hand_tally(hand: Hand, result: HandResult, human_team: int = 0) -> Tally:
    """What one scored hand adds to the player's counts."""
    you, partner = human_team, human_team + 2
    team = result.teams[human_team]
    t = Tally(hands_played=1, bags=team.overtricks, bag_penalties=int(team.bag_penalty > 0))
    if any(b is not None and not is_nil(b) for b in (hand.bids[you], hand.bids[partner])):
        if team.made:
            t.bids_made = 1
        else:
            t.bids_set = 1
    for nil in team.nils:
        if nil.seat == you:
            t.nils_made += nil.made
            t.nils_failed += not nil.made
        else:
            t.partner_nils_made += nil.made
            t.partner_nils_failed += not nil.made
    return t


@dataclass
class Stats(Tally):
    """Everything kept in stats.json: the totals, the same counts by rules and by computer
    players, and which hands of recent games are already counted."""

    hints_used: int = 0
    practice_games: int = 0
    practice_hands: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    by_rules: dict[str, Tally] = field(default_factory=dict)
    by_levels: dict[str, Tally] = field(default_factory=dict)
    counted: list[Counted] = field(default_factory=list)

    # ----- the groups ---------------------------------------------------------------------

    def groups(self, by: Grouping) -> dict[str, Tally]:
        """The counts by rules or by computer players."""
        return self.by_rules if by == "rules" else self.by_levels

    def unsorted(self, by: Grouping) -> Tally:
        """What the totals hold beyond the groups: counted before groups were kept."""
        rest = self.counts()
        for t in self.groups(by).values():
            rest.add(t, -1)
        for f in fields(Tally):
            setattr(rest, f.name, max(0, getattr(rest, f.name)))
        return rest

    # ----- counting -----------------------------------------------------------------------

    def count(self, game: Game, facts: GameFacts) -> bool:
        """Bring the counts up to date with a game: each finished hand once, the game once it
        is over; a last hand taken back by an undo is taken back here too. Whether anything
        changed."""
        entry = self._entry(facts.game_id)
        if entry.over:
            return False
        changed = False
        done = len(game.results)
        n = entry.hands
        undone = n == done + 1 or (
            n == done and n in facts.practice_hands and entry.last is not None
        )
        if n and undone:
            self._take_back(entry, facts)
            changed = True
        for number in range(entry.hands + 1, done + 1):
            self._count_hand(entry, number, game, facts)
            changed = True
        if game.over and entry.hands >= done:
            self._count_game(game, facts)
            entry.over = True
            changed = True
        return changed

    def _entry(self, game_id: str) -> Counted:
        for entry in self.counted:
            if entry.game == game_id:
                return entry
        entry = Counted(game_id)
        self.counted = [*self.counted, entry][-KEEP_GAMES:]
        return entry

    def _add(self, t: Tally, facts: GameFacts, sign: int = 1) -> None:
        self.add(t, sign)
        self.by_rules.setdefault(facts.rules, Tally()).add(t, sign)
        self.by_levels.setdefault(levels_key(facts.levels), Tally()).add(t, sign)

    def _take_back(self, entry: Counted, facts: GameFacts) -> None:
        if entry.practice:
            self.practice_hands -= 1
        elif entry.last is not None:
            self._add(entry.last, facts, -1)
        entry.hands -= 1
        entry.last, entry.practice = None, False

    def _count_hand(self, entry: Counted, number: int, game: Game, facts: GameFacts) -> None:
        entry.hands = number
        entry.last, entry.practice = None, False
        result = game.results[number - 1]
        if result is None:  # thrown in: nothing was played
            return
        if number in facts.practice_hands:
            self.practice_hands += 1
            entry.practice = True
            return
        t = hand_tally(game.hands[number - 1], result, facts.human_team)
        self._add(t, facts)
        entry.last = t

    def _count_game(self, game: Game, facts: GameFacts) -> None:
        """A finished game: a practice game (practice mode, or any undo) counts apart, not in
        games played, won or streaks."""
        if facts.practice or facts.practice_hands:
            self.practice_games += 1
            return
        won = game.winner == facts.human_team
        self._add(Tally(games_played=1, games_won=int(won)), facts)
        if won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
            score = game.scores[facts.human_team]
            if self.best_score is None or score > self.best_score:
                self.best_score = score
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1
        self.best_streak = max(self.best_streak, self.streak)

    def zeroed(self) -> Stats:
        """Every count back to zero; the games already counted stay known, so that their
        hands are neither counted again nor taken back."""
        return Stats(counted=[Counted(c.game, c.hands, c.over) for c in self.counted])

    # ----- the file -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The counters as JSON values."""
        return {"version": VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Stats from JSON values (a file without groups, from before they were kept, too);
        ValueError naming a bad counter."""
        if not isinstance(data, dict):
            raise ValueError("statistics must be a JSON object")
        s = cls()
        for f in fields(cls):
            if f.name not in data or f.name in ("by_rules", "by_levels", "counted"):
                continue
            v = data[f.name]
            if v is None and f.name == "best_score":
                continue
            setattr(s, f.name, _whole(v, f.name, f.name in ("streak", "best_score")))
        s.by_rules = _groups(data.get("by_rules", {}), "by_rules")
        s.by_levels = _groups(data.get("by_levels", {}), "by_levels")
        s.counted = _counted(data.get("counted", []))
        return s

    def save(self) -> str | None:
        """Write stats.json; a one-line message if that failed, else None."""
        return storage.save_file(FILE, self.to_dict(), "Statistics")


def _whole(v: Any, name: str, signed: bool = False) -> int:
    """A counter's value, or ValueError naming it."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f'"{name}" must be a whole number')
    if v < 0 and not signed:
        raise ValueError(f'"{name}" must not be negative')
    return v


def _tally(data: Any, where: str) -> Tally:
    """A group's counts from JSON values."""
    if not isinstance(data, dict):
        raise ValueError(f'"{where}" must be an object of counts')
    t = Tally()
    for f in fields(Tally):
        if f.name in data:
            setattr(t, f.name, _whole(data[f.name], f"{where}.{f.name}"))
    return t


def _groups(data: Any, name: str) -> dict[str, Tally]:
    """The groups of one kind from JSON values."""
    if not isinstance(data, dict):
        raise ValueError(f'"{name}" must be an object')
    return {str(k): _tally(v, f"{name}.{k}") for k, v in data.items()}


def _counted(data: Any) -> list[Counted]:
    """The counted games from JSON values."""
    if not isinstance(data, list):
        raise ValueError('"counted" must be a list')
    out = []
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("game"), str):
            raise ValueError('each of "counted" must name its game')
        last = item.get("last")
        out.append(
            Counted(
                item["game"],
                _whole(item.get("hands", 0), "counted.hands"),
                bool(item.get("over", False)),
                None if last is None else _tally(last, "counted.last"),
                bool(item.get("practice", False)),
            )
        )
    return out[-KEEP_GAMES:]


# --------------------------------------------------------------------------- the words


def rules_words(key: str) -> tuple[str, str]:
    """A rules group in the player's words: its name and a few words on it."""
    if key == CUSTOM:
        return "Custom rules", "a preset with changes"
    p = PRESETS.get(key)
    if p is None:
        return key.capitalize(), ""
    return p.name, p.tagline


def levels_words(key: str) -> tuple[str, str]:
    """A seating of computer players in the player's words: two short lines."""
    parts = [w.capitalize() for w in key.split(",")]
    if len(parts) != 3:
        return key, ""
    west, north, east = parts
    if west == north == east:
        return f"All {north}", "partner and opponents"
    if west == east:
        return f"Partner {north}", f"opponents {west}"
    return f"Partner {north}", f"West {west}, East {east}"


GROUP_WORDS: dict[Grouping, Callable[[str], tuple[str, str]]] = {
    "rules": rules_words,
    "levels": levels_words,
}


# --------------------------------------------------------------------------- the file


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


def count(game: Game, facts: GameFacts) -> Stats:
    """Load the statistics, bring them up to date with a game, save them if that changed
    anything, and return them."""
    stats, _ = load()
    if stats.count(game, facts):
        stats.save()
    return stats


def record_hint() -> Stats:
    """Count one hint used, saved at once."""
    stats, _ = load()
    stats.hints_used += 1
    stats.save()
    return stats


def reset() -> tuple[Stats, str | None]:
    """Zero every counter (Stats.zeroed), saved; a one-line message if that failed."""
    stats = load()[0].zeroed()
    return stats, stats.save()
