"""Progress's and Statistics' figures in words, as the keyboard stops at each and as each
screen opens ("Points your choices cost a hand: 3.2, last 5 games")."""

from __future__ import annotations

from collections.abc import Sequence

from ...coach.kinds import KIND_WORDS, Kind
from ...coach.progress import TREND, Summary
from ..words import plural

MOVE_HINT = "Left and Right go through the figures"
DASH = "—"  # the screens' mark for no figure yet


def points(x: float) -> str:
    """Points a hand, to a tenth ("3.2")."""
    return f"{x:.1f}"


def progress_trend(sm: Summary) -> str:
    """The cost a hand lately, and before, with the word for the change ("" with no games)."""
    if sm.trend_now is None:
        return ""
    words = f"{points(sm.trend_now)}, last {plural(min(TREND, len(sm.games)), 'game')}"
    if sm.trend_before is not None:
        words += f"; {points(sm.trend_before)} the {TREND} games before"
        if sm.trend_now < sm.trend_before - 0.05:
            words += ", better"
        elif sm.trend_now > sm.trend_before + 0.05:
            words += ", worse"
    return words


def progress_summary(sm: Summary, waiting: int) -> str:
    """What Progress says as it opens: the hands weighed and the cost a hand now."""
    if not sm.hands:
        words = "Nothing to show yet: play a hand against the computer and it appears here"
        if waiting:
            words += f". {plural(waiting, 'hand')} waiting to be weighed"
        return words
    words = f"{plural(sm.hands, 'hand')} weighed against Hard's play"
    if sm.practice:
        words += f", {sm.practice} practice kept apart"
    trend = progress_trend(sm)
    if trend:
        words += f". Points your choices cost a hand: {trend}"
    return f"{words}. {MOVE_HINT}"


def progress_chart(sm: Summary, shown: int) -> str:
    """The chart: the trend, then each game's cost a hand (the last `shown` games)."""
    games = sm.games[-shown:]
    words = f"Points your choices cost a hand: {progress_trend(sm)}"
    first = len(sm.games) - len(games) + 1
    each = ", ".join(points(g.total) for g in games)
    return f"{words}. Game by game, games {first} to {len(sm.games)}: {each}"


def kind_figure(sm: Summary, kind: Kind) -> str:
    """One kind of choice's cost a hand ("Leads: 0.8 points a hand, the costliest")."""
    words = f"{KIND_WORDS[kind]}: {points(sm.by_kind[kind])} points a hand"
    return words + (", the costliest" if kind == sm.costliest else "")


def progress_worst(sm: Summary, worst_words: str) -> str:
    """The costliest kind's worst choice, as the screen writes it, or none."""
    return worst_words or "No costly choices so far"


def shares_figure(title: str, rows: Sequence[tuple[str, int, float]]) -> str:
    """A small table by rules or by level: each label, its hands and its cost a hand."""
    each = "; ".join(
        f"{label}, {plural(hands, 'hand')}, {points(per)} points a hand"
        for label, hands, per in rows
    )
    return f"{title}: {each or 'none'}"


def accuracy_figure(accuracy: dict[int, int]) -> str:
    """The tricks over the bid: how many hands at each difference, the commonest first."""
    bins: dict[int, int] = {}
    for k, v in accuracy.items():
        key = max(-4, min(4, k))
        bins[key] = bins.get(key, 0) + v
    parts = []
    for k, v in sorted(bins.items(), key=lambda kv: (-kv[1], abs(kv[0]), kv[0])):
        if not v:
            continue
        if k == 0:
            where = "exactly the bid"
        else:
            n = f"{abs(k)} or more" if abs(k) == 4 else str(abs(k))
            where = f"{n} {'over' if k > 0 else 'under'}"
        parts.append(f"{where} in {plural(v, 'hand')}")
    return "Our tricks against our bid: " + ("; ".join(parts) or "no hands yet")


def tile_words(title: str, value: str, detail: str) -> str:
    """A Statistics tile: "Games won: 58%, on a run of 2 wins"."""
    return f"{title}: {'none yet' if value == DASH else value}, {detail}"


def row_words(headings: Sequence[str], row: Sequence[tuple[str, str]]) -> str:
    """A Statistics table's row under its headings: "Classic: 40 hands; Bids made: 75%, 3 of
    4; ..."."""
    (name, note), *cells = row
    parts = [f"{name}{f', {note}' if note else ''}"]
    for heading, (main, detail) in zip(headings[1:], cells):
        if heading == "Hands":
            parts.append(plural(int(main), "hand") if main.isdigit() else main)
            continue
        value = "none" if main == DASH else main
        parts.append(f"{heading}: {value}{f', {detail}' if detail else ''}")
    return "; ".join(parts)


def stats_summary(games: int, won: str, hands: int, view: str, rows: int | None) -> str:
    """What Statistics says as it opens, or as a tab shows another view (its name, and its
    rows; None for the totals)."""
    if rows is None:
        if not hands:
            return "No hands counted yet: every hand you finish counts here"
        won_words = f", {won} won" if won != DASH else ""
        return f"{plural(games, 'game')} played{won_words}, {plural(hands, 'hand')}. {MOVE_HINT}"
    if not rows:
        return f"{view}: no hands counted yet"
    return f"{view}: {plural(rows, 'row')}. {MOVE_HINT}"
