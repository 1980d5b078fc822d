"""The table's next timed change is a finite number of seconds or None, never infinite: the
loop's idle wait is made of it (an infinite one closed the window), and an impossible wait is
refused in the tests and waited out safely in play."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades_gui.engine import preset_rules
from spades_gui.engine.presets import PRESETS
from spades_gui.ui import eventwait
from spades_gui.ui.table.table_view import Bubble

if TYPE_CHECKING:
    from tests.conftest import Pilot

seconds = st.floats(min_value=0.0, max_value=120.0, allow_nan=False)


def finite_or_none(due: float | None) -> bool:
    """Whether a wake-up time is one the loop may wait for."""
    return due is None or (math.isfinite(due) and due >= 0)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    toast=seconds,
    bubbles=st.dictionaries(st.integers(0, 3), seconds, max_size=4),
    hold=seconds,
    received=st.integers(0, (1 << 52) - 1),
    note=st.booleans(),
    timed=st.booleans(),
    elapsed=st.floats(min_value=0.0, max_value=7200.0),
)
def test_every_view_state_wakes_in_finite_time_or_never(
    pilot: Pilot,
    toast: float,
    bubbles: dict[int, float],
    hold: float,
    received: int,
    note: bool,
    timed: bool,
    elapsed: float,
) -> None:
    """Marks, toasts, bubbles, holds and the clock in any mix: None or finite, never below 0."""
    if pilot.app is None:
        pilot.table("tournament", seed=2)
    scene = pilot.scene
    v = scene.view
    v.rules = preset_rules("tournament" if timed else "classic")
    v.toast_left = toast
    v.bubbles = {seat: Bubble("4", left) for seat, left in bubbles.items()}
    scene.anim.hold = hold
    v.received, v.received_note = received, "Partner passed you two cards" if note else ""
    scene.ctl.elapsed = lambda: elapsed
    assert finite_or_none(scene.wake_in())


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_frame_of_a_hand_wakes_in_finite_time_or_never(pilot: Pilot, preset: str) -> None:
    """A whole hand under each preset, the player answering by clicks: at every frame."""
    scene = pilot.table(preset, seed=7, speed="fast")
    hand = lambda: scene.ctl.game.hand  # noqa: E731
    for _ in range(60_000):
        assert finite_or_none(scene.wake_in())
        if hand() is not None and hand().done:
            return
        if pilot.human_turn():
            pilot.act()
        pilot.step()
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan, -0.5])
def test_an_impossible_wait_is_refused_in_tests_and_waited_out_safely_in_play(
    bad: float, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """strict (the tests): BadTimeout naming the value; in play: a short wait, logged."""
    assert eventwait.strict
    with pytest.raises(eventwait.BadTimeout, match="must be finite"):
        eventwait.checked(bad)
    monkeypatch.setattr(eventwait, "strict", False)
    with caplog.at_level(logging.ERROR, logger=eventwait.__name__):
        assert eventwait.checked(bad) == eventwait.SAFE_WAIT_S
    assert "asked to wait" in caplog.text
    assert eventwait.checked(None) is None and eventwait.checked(0.0) == 0.0
