"""Game records from the table: export the game or a hand, open a record for review (a typed
path, the recent list or the system's picker), and review a finished hand of this game."""

from __future__ import annotations

import contextlib
import logging
import os
from typing import TYPE_CHECKING, Any

from ...coach.record_files import (
    RecordFileError,
    exports_dir,
    pick_record_file,
    picker_available,
    read_record_file,
    recent_records,
    remember_record,
)
from ...controller import Exported, ExportGame, ExportHand, Intent, RunClock
from ..review import ReviewScene
from .coach_panels import PathField

if TYPE_CHECKING:
    from .scene import TableScene

log = logging.getLogger(__name__)


def exports_hint() -> str:
    """What the path field starts with: the exports folder."""
    try:
        return str(exports_dir()) + os.sep
    except Exception:  # no data folder: start empty
        return ""


class RecordActions:
    """The options panel's record actions, and the hand review they and the summary open."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.view = scene.view
        self.field = PathField(exports_hint(), lambda _text: self.open_record())

    def _status(self, text: str, kind: str, toast: bool = True) -> None:
        self.view.options_status = (text, kind)
        if toast:
            self.view.toast(text, 4.0)
        self.scene.rebuild()

    def export_game(self) -> None:
        """Write the game's record to exports/ and say where."""
        self._export(ExportGame())

    def export_hand(self) -> None:
        """Write the current (or last) hand as a record of its own to exports/."""
        if not self.view.hands:
            self.scene.toast("No hand has been dealt yet")
            return
        self._export(ExportHand(len(self.view.hands) - 1))

    def _export(self, intent: Intent) -> None:
        """The controller writes the file now; its Exported says where, or why not."""
        ctl = self.scene.ctl
        ctl.send(intent)
        ctl.pump_control()
        for e in ctl.take(Exported):
            assert isinstance(e, Exported)
            if e.error:
                self._status(f"The record could not be saved ({e.error})", "error")
            else:
                self.field.text = e.path
                self.remember(e.path)
                self._status(f"Saved {e.path}", "ok")

    def open_record(self) -> None:
        """Open the record named in the path field for review; one line if it is bad."""
        self.field.stop()
        try:
            record, _game = read_record_file(self.field.text)
        except RecordFileError as e:
            self.scene.sound.play("error")
            self._status(str(e), "error", toast=False)
            return
        self.view.options_status = ("", "")
        names = None
        meta = record.get("table")
        if isinstance(meta, dict) and isinstance(meta.get("names"), list):
            names = meta["names"]
        if self.open_review(record, 0, names):  # only a record that opens is offered again
            self.remember(self.field.text.strip().strip('"').strip("'"))

    def remember(self, path: Any) -> None:
        """Put a record file first in the recent list (not remembered if that cannot be saved)."""
        with contextlib.suppress(OSError, ValueError):
            remember_record(path)
        self.view.recent = recent_records()

    def refresh_recent(self) -> None:
        """The recent records and the exports folder's, for the options panel."""
        try:
            self.view.recent = recent_records()
        except OSError:
            self.view.recent = []
        self.view.can_browse = picker_available()

    def open_recent(self, path: Any) -> None:
        """Open a record from the recent list."""
        self.field.text = str(path)
        self.open_record()

    def browse_record(self) -> None:
        """The system's file picker (modal: the game's messages wait); a chosen record opens."""
        app = self.scene.app
        with app.held():
            chosen = pick_record_file(owner=app.native_window())
        if chosen is None:
            self.scene.toast(
                "The file picker could not be shown: choose a recent record or type its path", 4.0
            )
            return
        if chosen:
            self.field.text = chosen
            self.open_record()

    def review_hand(self, index: int) -> None:
        """Review a finished hand of this game (0-based)."""
        if not self.view.finished(index):
            self.scene.toast("A hand can be reviewed once it is finished")
            return
        ctl = self.scene.ctl
        self.open_review(ctl.record(), index, list(ctl.names))

    def open_review(self, record: dict[str, Any], index: int, names: Any = None) -> bool:
        """Switch to the hand review; Back returns to this table as it was. Whether it opened
        (if not, one line says so and the table goes on)."""
        scene = self.scene
        ctl = scene.ctl
        self.field.stop()
        try:
            review = ReviewScene(
                scene.app,
                record,
                index,
                ctl,
                back=lambda: scene.app.switch(scene),
                names=names,
                level=ctl.coach_level,
                think_ms=ctl.coach_think_ms,
                prefs=scene.prefs_given,
            )
        except Exception:
            log.exception("the hand review could not be opened")
            self.scene.sound.play("error")
            self._status("This hand could not be shown for review", "error")
            return False
        ctl.send(RunClock(False))
        ctl.pump_control()
        scene.app.switch(review)
        return True
