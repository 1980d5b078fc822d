"""What Progress and Drills share: their panels' colours, the least font, a rule set's name,
the page's frame (a centred column, the title above, a bar of buttons below), and a kept hand
opened in the hand review."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..coach.history import HandEntry
from ..controller import Controller
from ..engine.presets import PRESETS
from .review import ReviewScene
from .theme import MIN_TEXT
from .window import App

MIN_FONT = MIN_TEXT  # the least size on Progress and Drills: lines 12 px tall
PANEL = (3, 26, 16, 160)
EDGE = (255, 255, 255, 28)


def rules_label(name: str) -> str:
    """A preset's name for players ("custom" for mixed rules)."""
    preset = PRESETS.get(name)
    return preset.name if preset else "Custom rules"


@dataclass(frozen=True)
class PageFrame:
    """Where a page's parts go: its centred column, the title's top, the body's top, the height
    of the bar of buttons at the bottom and the gap between panels."""

    left: int
    width: int
    title_top: int
    top: int
    bar_h: int
    gap: int


def page_frame(size: tuple[int, int], s: float, title_room: int, bar: int) -> PageFrame:
    """The frame of a page of this size at scale `s`: `title_room` and `bar` are the title's
    and the bar's heights at scale 1."""
    margin = round(36 * s)
    width = min(size[0] - 2 * margin, round(1500 * s))
    title_top = round(22 * s)
    return PageFrame(
        left=(size[0] - width) // 2,
        width=width,
        title_top=title_top,
        top=title_top + round(title_room * s),
        bar_h=round(bar * s),
        gap=round(18 * s),
    )


def open_kept_review(app: App, entry: HandEntry, back: Callable[[], None], step: int = 0) -> None:
    """A kept hand in the hand review at a step (0: the bidding, else a trick), its decisions
    as weighed when it was kept (nothing is analysed again); Back calls `back`."""
    ctl = Controller.from_record(
        entry.record, seats=(None, "hard", "hard", "hard"), executor="thread"
    )
    known = {d.point: d.verdict() for d in entry.decisions}

    def leave() -> None:
        ctl.close(save=False)
        back()

    settings = app.services.settings
    table = entry.record.get("table")
    names = table.get("names") if isinstance(table, dict) else None
    app.switch(
        ReviewScene(
            app,
            entry.record,
            0,
            ctl,
            back=leave,
            names=names,
            prefs=settings.prefs() if settings is not None else None,
            known=known,
            step=step,
            hand_no=entry.hand,
        )
    )
