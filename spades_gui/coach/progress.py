"""The Progress screen's figures from the player's records: what their choices cost a hand,
by kind, game by game, by rules and by computer level; their bid accuracy."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .history import HandEntry, History, Judged
from .kinds import GROUP_OF, Group, Kind

TREND = 5  # games in the trend's window


@dataclass(frozen=True)
class GameCost:
    """One game's hands: points the player's choices cost a hand, by group."""

    game: str
    hands: int
    by_group: dict[Group, float]

    @property
    def total(self) -> float:
        """All groups together."""
        return sum(self.by_group.values())


@dataclass(frozen=True)
class Share:
    """Hands counted under one label (a preset, a level) and their cost a hand."""

    label: str
    hands: int
    per_hand: float


@dataclass(frozen=True)
class Worst:
    """The costliest decision of a kind, and the hand it was in."""

    entry: HandEntry
    index: int
    decision: Judged


@dataclass(frozen=True)
class Summary:
    """Everything the Progress screen shows."""

    hands: int  # counted hands
    practice: int  # hands kept apart: practice or undone
    games: list[GameCost]
    by_kind: dict[Kind, float]  # points a hand
    costliest: Kind | None
    worst: Worst | None
    by_rules: list[Share]
    by_level: list[Share]
    accuracy: dict[int, int]  # tricks over (+) or under (-) the team's bid: hands
    trend_now: float | None  # cost a hand over the last TREND games
    trend_before: float | None  # the TREND games before those


def level_label(levels: Sequence[str]) -> str:
    """The computer seats' levels as one label ("Hard", "Easy / Hard")."""
    names = sorted({lv.capitalize() for lv in levels})
    return " / ".join(names) if names else "—"


def _per_hand(entries: Sequence[HandEntry]) -> float:
    return sum(e.cost() for e in entries) / len(entries) if entries else 0.0


def _shares(groups: dict[str, list[HandEntry]]) -> list[Share]:
    out = [Share(k, len(v), _per_hand(v)) for k, v in groups.items()]
    return sorted(out, key=lambda s: -s.hands)


def summarise(history: History) -> Summary:
    """The figures from the counted hands (analysed, no practice, nothing undone)."""
    counted = [h for h in history.hands if h.counted]
    apart = sum(1 for h in history.hands if h.analysed and not h.counted)
    by_game: dict[str, list[HandEntry]] = {}
    for h in counted:
        by_game.setdefault(h.game, []).append(h)
    games = []
    for key, hands in by_game.items():
        sums = dict.fromkeys(Group, 0.0)
        for h in hands:
            for d in h.decisions:
                sums[GROUP_OF[d.kind]] += d.cost or 0.0
        games.append(GameCost(key, len(hands), {g: v / len(hands) for g, v in sums.items()}))
    kinds = dict.fromkeys(Kind, 0.0)
    worst: dict[Kind, Worst] = {}
    for h in counted:
        for i, d in enumerate(h.decisions):
            kinds[d.kind] += d.cost or 0.0
            w = worst.get(d.kind)
            if d.cost and (w is None or d.cost > (w.decision.cost or 0.0)):
                worst[d.kind] = Worst(h, i, d)
    n = len(counted)
    by_kind = {k: (v / n if n else 0.0) for k, v in kinds.items()}
    costly = max(by_kind, key=lambda k: by_kind[k]) if n else None
    if costly is not None and by_kind[costly] <= 0:
        costly = None
    rules: dict[str, list[HandEntry]] = {}
    levels: dict[str, list[HandEntry]] = {}
    for h in counted:
        rules.setdefault(h.rules, []).append(h)
        levels.setdefault(level_label(h.levels), []).append(h)
    acc = Counter(h.accuracy for h in counted if h.accuracy is not None)
    now = [h for g in games[-TREND:] for h in by_game[g.game]]
    before = [h for g in games[-2 * TREND : -TREND] for h in by_game[g.game]]
    return Summary(
        n,
        apart,
        games,
        by_kind,
        costly,
        worst.get(costly) if costly is not None else None,
        _shares(rules),
        _shares(levels),
        {int(k): v for k, v in sorted(acc.items())},
        _per_hand(now) if now else None,
        _per_hand(before) if before else None,
    )
