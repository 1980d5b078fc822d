"""The guided hand's deal, chosen so that each lesson comes up by itself: partner is weak and
bids nil, the player is strong in spades and has no diamonds, the other side is long in
diamonds; the dealer is the player, so partner bids first. Under the Classic rules, with a note
where the player's own rules differ; offered once on the first start, and from How to play."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...controller import Controller
from ...controller.worker import WorkerMode
from ...engine.presets import preset_rules
from ...engine.rules import RulesError
from ..how_to_play import explain
from ..practice_words import rules_note
from .scene import GuidedTable

if TYPE_CHECKING:
    from ..menu import Menu
    from ..window import App

GUIDE_RULES = "classic"
GUIDE_SEED = 62  # the computer seats' seed: their choices depend on it and the position only
GUIDE_LEVELS = ("medium", "medium", "medium")
EXECUTOR: WorkerMode = "process"  # where the seats and the coach think (tests: "inline")
THINK_MS: int | None = None  # the coach's thinking, as in a game (tests: less)
DEAL = (  # seat 0 (you), 1 (West), 2 (partner), 3 (East)
    "AS KS QS TS 6S AH KH 4H AC KC 9C 5C 3C",
    "JS 3S QH JH TH AD KD QD JD 9D 2C JC TC",
    "2S 2H 3H 5H 7H 2D 3D 5D 8D 4C 6C 7C 8C",
    "9S 8S 7S 5S 4S 9H 8H 6H TD 7D 6D 4D QC",
)
# the parts of the rules the guided hand's lessons speak of, by explain()'s section
NOTED = (("The deck", 0), ("Playing", 0), ("Playing", 2), ("Nil", 0))


def guided_record() -> dict[str, Any]:
    """The guided hand as a game record at its first decision."""
    return {
        "rules": GUIDE_RULES,
        "hands": [{"dealer": 0, "deal": [d.split() for d in DEAL]}],
        "table": {"seats": [None, *GUIDE_LEVELS], "seed": GUIDE_SEED, "shown": True},
    }


def guided_controller(
    executor: WorkerMode = "process", think_ms: int | None = None, names: Any = None
) -> Controller:
    """A controller for the guided hand: nothing saved, Hard as its coach."""
    kwargs: dict[str, Any] = {"names": tuple(names)} if names else {}
    return Controller.from_record(
        guided_record(),
        save_fn=None,
        executor=executor,
        coach_level="hard",
        coach_think_ms=think_ms,
        **kwargs,
    )


def differences(settings: Any) -> str:
    """The note on the player's own rules where they differ from the guided hand's."""
    if settings is None:
        return ""
    try:
        mine = explain(settings.rules())
        name = settings.rules_name()
    except RulesError:
        return ""
    classic = dict(explain(preset_rules(GUIDE_RULES)))
    own = dict(mine)
    lines = []
    for section, i in NOTED:
        a, b = classic.get(section, []), own.get(section, [])
        if i < len(b) and (i >= len(a) or a[i] != b[i]):
            lines.append(b[i])
    return rules_note(name, lines)


def open_guided_hand(app: App, back: Callable[[], None] | None = None) -> None:
    """Start the guided hand; it returns to `back` (the menu by default) when done or skipped."""
    settings = app.services.settings
    prefs = settings.prefs() if settings is not None else None
    names = settings.seat_names() if settings is not None else None
    ctl = guided_controller(EXECUTOR, THINK_MS, names)
    app.switch(GuidedTable(app, ctl, prefs, back, differences(settings)))


def offer_first_hand(menu: Menu) -> None:
    """On the very first start, once: offer the guided hand (remembered in the settings)."""
    settings = menu.app.services.settings
    if settings is None or settings.guide_offered:
        return
    settings.guide_offered = True
    message = settings.save()
    if message:
        menu.message.set(message, "warn")
    menu.confirm(
        "New to Spades?",
        "Play one hand with a guide: the table explains each moment as it comes, and you "
        "make every choice. You can also find it later under How to play.",
        ("Play a guided hand", lambda: open_guided_hand(menu.app)),
        "accent",
        ("Not now", None),
        ("guide:no", "guide:yes"),
    )
