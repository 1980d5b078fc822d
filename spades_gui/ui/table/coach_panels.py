"""The coach on the table: hint box, coach buttons, the options panel and its path field."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from ..theme import ACCENT, BAD, FAINT, FIELD, GOOD, HINT_RING, MUTED, RULE, TEXT
from ..widgets import (
    Button,
    draw_outline,
    draw_panel,
    draw_text,
    ellipsize,
    render_text,
    text_width,
    wrap,
)
from .layout import READ_FONT, TableLayout
from .panels import Panel, box, make_button

# --------------------------------------------------------------------------- places


def coach_rects(
    L: TableLayout, names: Sequence[str] = ("undo", "hint", "claim")
) -> dict[str, pygame.Rect]:
    """The coach buttons shown, stacked upward from the player's plate in this order."""
    bh, gap = L.px(38), L.gap
    plate = L.plates[0]
    out = {}
    for i, name in enumerate(names):
        r = pygame.Rect(plate.left, 0, plate.width, bh)
        r.bottom = plate.top - L.px(10) - i * (bh + gap)
        out[name] = r
    return out


def options_button_rect(L: TableLayout) -> pygame.Rect:
    """The Options button: on top of the corner buttons."""
    r = pygame.Rect(L.button_rects["last"])
    r.bottom = r.top - L.gap
    return r


# --------------------------------------------------------------------------- the hint


def hint_panel(
    L: TableLayout,
    title: str,
    reason: str,
    avoid: Sequence[pygame.Rect] = (),
    thinking: bool = False,
) -> Panel:
    """The hint box above the hand: what the coach would do, and why in its own words."""
    left = L.plates[0].right + L.px(16)
    right = L.button_rects["menu"].left - L.px(16)
    pad = L.px(12)
    f_title, f_reason, f_tag = max(READ_FONT, L.f_body), L.f_read, READ_FONT
    tag_w = text_width("HINT", f_tag) + L.px(24)
    want = max(text_width(title, f_title) + tag_w, text_width(reason, f_reason) if reason else 0)
    w = min(L.px(760), right - left, max(L.px(420), want + 2 * pad + L.px(8)))
    inner = w - 2 * pad
    lines = wrap(reason, f_reason, inner) if reason else []
    lh = round(f_reason * 1.3)
    bottom = L.hand_top - L.lift - L.px(8)

    def height(n: int) -> int:
        return pad + round(f_title * 1.25) + L.px(4) + n * lh + pad

    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), f_reason, inner)]
    top_limit = max((r.bottom + L.px(8) for r in avoid), default=0)
    if len(lines) > 1 and bottom - height(len(lines)) < top_limit:
        lines = [ellipsize(reason, f_reason, inner)]
    rect = pygame.Rect(0, 0, w, height(len(lines)))
    rect.midbottom = (L.cx, bottom)

    def paint(surface: pygame.Surface) -> None:
        draw_panel(surface, rect, (6, 30, 20, 236), L.px(14), HINT_RING, max(2, L.px(2)))
        y = rect.top + pad
        x = rect.left + pad + L.px(4)
        tag = render_text("HINT", f_tag, (14, 40, 24))
        tr = pygame.Rect(0, 0, tag.get_width() + L.px(14), round(f_title * 1.05))
        tr.topleft = (x, y + L.px(1))
        draw_panel(surface, tr, HINT_RING, tr.height // 2)
        surface.blit(tag, tag.get_rect(center=tr.center))
        tx = tr.right + L.px(10)
        color = MUTED if thinking else TEXT
        title_fit = ellipsize(title, f_title, rect.right - pad - tx)
        draw_text(surface, title_fit, f_title, color, (tx, y))
        y += round(f_title * 1.25) + L.px(4)
        for line in lines:
            draw_text(surface, line, f_reason, MUTED, (x, y))
            y += lh

    return Panel(rect, paint, [], name="hint")


def ring(surface: pygame.Surface, rect: pygame.Rect, L: TableLayout) -> None:
    """The hint ring around a card or a button."""
    draw_outline(surface, rect, HINT_RING, L.px(6), max(3, L.px(4)), L.px(10))


# --------------------------------------------------------------------------- path field


class PathField:
    """A one-line text box for a file path: click to type, Ctrl+V pastes, Enter opens."""

    def __init__(self, text: str = "", on_submit: Callable[[str], None] | None = None) -> None:
        self.text = text
        self.on_submit = on_submit
        self.editing = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def start(self) -> None:
        """Begin typing."""
        self.editing = True
        with contextlib.suppress(pygame.error):
            pygame.key.start_text_input()

    def stop(self) -> None:
        """Stop typing."""
        self.editing = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Clicks, typed text and editing keys; True if the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.start()
                return True
            self.editing = False
            return False
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            self.text += event.text
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Backspace, Ctrl+V, Enter and Escape while typing."""
        k = event.key
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_BACKSPACE:
            self.text = "" if ctrl else self.text[:-1]
        elif k == pygame.K_v and ctrl:
            try:
                pasted = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
            except pygame.error:
                pasted = ""
            self.text += (pasted or "").strip().replace("\n", "")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.editing = False
            if self.on_submit is not None:
                self.on_submit(self.text)
        elif k == pygame.K_ESCAPE:
            self.editing = False
        return True

    def draw(self, surface: pygame.Surface, L: TableLayout, focused: bool = False) -> None:
        """The box (gold-ringed while typing or under the keyboard), the end of the path if
        it is long, and a caret while typing."""
        r = self.rect
        border = ACCENT if self.editing or focused else (255, 255, 255, 60)
        width = max(2, L.px(3)) if focused and not self.editing else max(1, L.px(2))
        draw_panel(surface, r, FIELD + (220,), L.px(10), border, width)
        pad = L.px(12)
        room = r.width - 2 * pad - L.px(4)
        size = L.f_small
        shown = self.text
        if text_width(shown, size) > room:
            while shown and text_width("…" + shown, size) > room:
                shown = shown[1:]
            shown = "…" + shown
        x = r.left + pad
        if shown:
            tr = draw_text(surface, shown, size, TEXT, (x, r.centery), "midleft")
            x = tr.right + L.px(2)
        else:
            draw_text(
                surface, "Path of a .json game record", size, FAINT, (x, r.centery), "midleft"
            )
        if self.editing:
            h = round(size * 1.2)
            pygame.draw.rect(
                surface, ACCENT, pygame.Rect(x, r.centery - h // 2, max(2, L.px(2)), h)
            )


class FieldButton(Button):
    """The path field's place in the keyboard's order: Tab reaches it, Enter types into it
    (the field takes its own clicks)."""

    def __init__(self, field: PathField, L: TableLayout) -> None:
        super().__init__("", field.start, "secondary", 22, "path_field")
        self.field = field
        self.layout = L
        self.place(field.rect, L.u)

    def handle(self, event: pygame.event.Event) -> bool:
        """Nothing: a click on the field reaches the field first."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """The field itself."""
        self.field.draw(surface, self.layout, focused)


# --------------------------------------------------------------------------- recent records


def record_when(path: Path) -> str:
    """A record file's folder and when it was written: 'exports  ·  12 Mar 14:05'."""
    try:
        stamp = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime)).lstrip("0")
    except OSError:
        stamp = ""
    folder = path.parent.name or str(path.parent)
    return f"{folder}  ·  {stamp}" if stamp else folder


class RecordButton(Button):
    """One recent record in a list: its file name on the left, folder and time on the right."""

    def __init__(self, path: Path, on_click: Callable[[], Any], name: str) -> None:
        super().__init__(path.name, on_click, "secondary", 22, name)
        self.path = path
        self.detail = record_when(path)
        self.f = 20.0

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """A flat row, lit on hover or focus."""
        r = self.rect
        s = self.s
        hot = self.hover or focused
        fill = (255, 255, 255, 34) if hot else (255, 255, 255, 14)
        border = ACCENT if focused else (255, 255, 255, 30)
        draw_panel(surface, r, fill, round(8 * s), border, max(2, round(2 * s)) if focused else 1)
        pad = round(14 * s)
        dw = text_width(self.detail, self.f * 0.9)
        draw_text(surface, self.detail, self.f * 0.9, FAINT, (r.right - pad, r.centery), "midright")
        room = r.width - 3 * pad - dw
        draw_text(
            surface,
            ellipsize(self.text, self.f, room),
            self.f,
            TEXT,
            (r.left + pad, r.centery),
            "midleft",
        )


# --------------------------------------------------------------------------- options


def options_panel(
    L: TableLayout,
    practice: bool,
    on_practice: Callable[[], None],
    on_export_game: Callable[[], None],
    on_export_hand: Callable[[], None] | None,
    field: PathField,
    on_open: Callable[[], None],
    status: tuple[str, str],
    on_close: Callable[[], None],
    recent: Sequence[Path] = (),
    on_recent: Callable[[Path], None] | None = None,
    on_browse: Callable[[], None] | None = None,
) -> Panel:
    """Practice mode, exporting the game or the hand, and opening a record to review: from
    the recent list (exported or opened before), the system's picker, or a typed path."""
    W, H = L.size
    w = min(W - 2 * L.margin, L.px(820))
    pad = L.px(32)
    inner = w - 2 * pad
    bh = L.px(40)
    lh = round(L.f_small * 1.3)
    status_text, status_kind = status
    status_lines = wrap(status_text, L.f_small, inner) if status_text else []
    sec = round(L.f_body * 1.3)  # a section's heading line
    h = L.px(26) + round(L.f_title) + L.px(18)
    h += sec + L.px(6) + 2 * lh + L.px(18)  # practice
    h += L.px(18) + bh + L.px(18)  # export
    h += L.px(18) + sec + L.px(10) + bh + L.px(10) + max(1, len(status_lines)) * lh + L.px(18)
    h += L.px(44) + L.px(24)
    rh, rgap = L.px(36), L.px(6)  # a recent record's row
    room = H - 2 * L.margin - h - L.px(4)
    n_recent = 0
    if on_recent is not None and recent:
        n_recent = max(0, min(len(recent), 4, room // (rh + rgap)))
    h += n_recent * (rh + rgap) + (L.px(6) if n_recent else 0)
    rect = pygame.Rect(0, 0, w, min(h, H - 2 * L.margin))
    rect.center = (W // 2, H // 2)
    x0, x1 = rect.left + pad, rect.right - pad
    y = rect.top + L.px(26) + round(L.f_title) + L.px(18)
    buttons: list[Button] = []

    # practice mode
    practice_y = y
    tw = L.px(120)
    toggle = make_button(
        "On" if practice else "Off",
        "practice",
        on_practice,
        pygame.Rect(x1 - tw, y + (sec - bh) // 2, tw, bh),
        L,
        "accent" if practice else "secondary",
    )
    buttons.append(toggle)
    note = "Undo your bids and cards with U or Ctrl+Z, back to the start of the hand."
    note2 = "A hand with an undo counts only as practice in your statistics."
    y += sec + L.px(6) + 2 * lh + L.px(18)
    rule1 = y
    y += L.px(18)

    # export
    export_y = y
    specs = [("Export this game", "export_game", on_export_game)]
    if on_export_hand is not None:
        specs.append(("Export this hand", "export_hand", on_export_hand))
    bx = x1
    for text, name, fn in reversed(specs):
        bw = text_width(text, L.f_button) + L.px(40)
        buttons.append(make_button(text, name, fn, pygame.Rect(bx - bw, y, bw, bh), L, "secondary"))
        bx -= bw + L.px(12)
    y += bh + L.px(18)
    rule2 = y
    y += L.px(18)

    # open a record: Browse..., the recent ones, a typed path
    open_y = y
    if on_browse is not None:
        bw = text_width("Browse...", L.f_button) + L.px(40)
        buttons.append(
            make_button(
                "Browse...",
                "browse_record",
                on_browse,
                pygame.Rect(x1 - bw, y + (sec - bh) // 2, bw, bh),
                L,
                "secondary",
            )
        )
    y += sec + L.px(10)
    for i, path in enumerate(list(recent)[:n_recent]):
        assert on_recent is not None
        b = RecordButton(path, lambda p=path: on_recent(p), f"recent:{i}")  # type: ignore[misc]
        b.f = L.f_small
        b.place(pygame.Rect(x0, y, inner, rh), L.u)
        buttons.append(b)
        y += rh + rgap
    if n_recent:
        y += L.px(6)
    ow = L.px(110)
    field.rect = pygame.Rect(x0, y, inner - ow - L.px(12), bh)
    buttons.append(FieldButton(field, L))
    buttons.append(make_button("Open", "open_record", on_open, pygame.Rect(x1 - ow, y, ow, bh), L))
    y += bh + L.px(10)
    status_y = y

    close_r = pygame.Rect(0, 0, L.px(160), L.px(44))
    close_r.midbottom = (rect.centerx, rect.bottom - L.px(24))
    buttons.append(make_button("Close", "close", on_close, close_r, L, "secondary"))

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal=True)
        draw_text(
            surface, "Options", L.f_title, ACCENT, (rect.centerx, rect.top + L.px(26)), "midtop"
        )
        draw_text(surface, "Practice mode", L.f_body, TEXT, (x0, practice_y))
        yy = practice_y + sec + L.px(6)
        draw_text(surface, note, L.f_small, MUTED, (x0, yy))
        draw_text(surface, note2, L.f_small, MUTED, (x0, yy + lh))
        for ry in (rule1, rule2):
            pygame.draw.line(surface, RULE, (x0, ry), (x1, ry))
        draw_text(
            surface,
            "Game record",
            L.f_body,
            TEXT,
            (x0, export_y + bh // 2),
            "midleft",
        )
        draw_text(surface, "Review a game record", L.f_body, TEXT, (x0, open_y))
        color = {"error": BAD, "ok": GOOD}.get(status_kind, MUTED)
        idle = "Type or paste (Ctrl+V) the path of a record, then Open."
        if n_recent:
            idle = "Click a recent record, or type or paste (Ctrl+V) a path, then Open."
        lines = status_lines or [idle]
        for i, line in enumerate(lines):
            draw_text(surface, line, L.f_small, color, (x0, status_y + i * lh))

    panel = Panel(rect, paint, buttons, modal=True, name="options")
    return panel
