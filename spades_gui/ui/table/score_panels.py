"""The panels over the table about scores: the hand's summary, the score pad, the game's
end, and the last trick."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...controller.events import GameOver, HandFacts
from ...engine import Rules
from ..card_art import CardArt
from ..theme import ACCENT, BAD, FAINT, GOOD, MUTED, RULE, TEXT
from ..widgets import Button, draw_outline, draw_text, text_width
from ..words import SPECIAL_LEGEND, SPECIAL_MARK, game_over_line, pad_rows, result_rows, team_names
from .layout import MIN_FONT, TableLayout
from .panels import Panel, box, button_row, make_button


def result_panel(
    L: TableLayout,
    facts: HandFacts,
    names: Sequence[str],
    rules: Rules,
    on_continue: Callable[[], None] | None,
    on_review: Callable[[], None] | None = None,
    on_undo: Callable[[], None] | None = None,
) -> Panel:
    """The end-of-hand summary: bids against tricks, nils, bags, penalties, points, totals."""
    assert facts.result is not None  # a scored hand
    rows = result_rows(facts.result, facts, names, rules)
    hand_no = facts.hand_no
    W, H = L.size
    w = min(W - 2 * L.margin, L.px(900))
    row_h = round(L.f_body * 1.55)
    h = L.px(30) + round(L.f_title) + L.px(20) + row_h * (len(rows) + 1) + L.px(24)
    if on_continue is not None or on_review is not None or on_undo is not None:
        h += L.px(44) + L.px(24)
    rect = pygame.Rect(0, 0, w, min(h, H - 2 * L.margin))
    rect.center = (W // 2, H // 2)
    specs: list[tuple[str, str, Callable[[], None], str]] = []
    if on_undo is not None:
        specs.append(("Undo  (U)", "undo", on_undo, "secondary"))
    if on_review is not None:
        specs.append(("Review the hand", "review", on_review, "secondary"))
    if on_continue is not None:
        specs.append(("Continue", "continue", on_continue, "accent"))
    buttons = (
        button_row(specs, L, rect.centerx, rect.bottom - L.px(24 + 44), L.px(200)) if specs else []
    )
    heads = team_names(names)

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal=True)
        y = rect.top + L.px(30)
        draw_text(surface, f"Hand {hand_no}", L.f_title, ACCENT, (rect.centerx, y), "midtop")
        y += round(L.f_title) + L.px(20)
        label_w = L.px(190)
        col_w = (rect.width - label_w - L.px(60)) // 2
        x0 = rect.left + L.px(30)
        cols = [x0 + label_w, x0 + label_w + col_w]
        for c, head in zip(cols, heads):
            draw_text(surface, head, L.f_body, ACCENT, (c + L.px(10), y), "topleft")
        y += row_h
        for label, cells in rows:
            strong = label in ("This hand", "Score")
            if strong:
                pygame.draw.line(
                    surface, RULE, (x0, y - L.px(4)), (rect.right - L.px(30), y - L.px(4))
                )
            draw_text(surface, label, L.f_body, MUTED, (x0, y), "topleft")
            for c, (words, pts) in zip(cols, cells):
                color = TEXT
                if pts.startswith("−"):
                    color = BAD
                elif pts.startswith("+") and label != "Score":
                    color = GOOD
                if words:
                    draw_text(
                        surface,
                        words,
                        L.f_small if len(words) > 24 else L.f_body,
                        TEXT,
                        (c + L.px(10), y + (L.f_body - L.f_small) * 0.4 if len(words) > 24 else y),
                        "topleft",
                    )
                if pts:
                    size = L.f_body
                    draw_text(
                        surface,
                        pts,
                        size,
                        color if not strong or label == "This hand" else TEXT,
                        (c + col_w - L.px(10), y),
                        "topright",
                    )
            y += row_h

    return Panel(rect, paint, buttons, modal=True, name="result")


# --------------------------------------------------------------------------- score pad


def pad_height(L: TableLayout, n: int) -> int:
    """Height the score pad needs for n rows (headings included)."""
    return round(L.f_body * 1.4) + round(L.f_small * 1.55) * (n + 1) + L.px(4)


def pad_row_tops(rect: pygame.Rect, L: TableLayout, n: int) -> list[tuple[int, int]]:
    """(row index, top y) of the rows draw_pad shows in rect: the latest that fit."""
    row_h = round(L.f_small * 1.55)
    y = rect.top + round(L.f_body * 1.4) + row_h
    fit = max(1, (rect.bottom - y) // row_h)
    first = max(0, n - fit)
    return [(i, y + (i - first) * row_h) for i in range(first, n)]


def draw_pad(
    surface: pygame.Surface,
    rect: pygame.Rect,
    L: TableLayout,
    rows: list[list[str]],
    names: Sequence[str],
) -> None:
    """The score pad table inside rect (the latest hands when they do not all fit)."""
    heads = team_names(names)
    size = L.f_small
    row_h = round(size * 1.55)
    x = rect.left
    widths = [0.08, 0.14, 0.11, 0.09, 0.12, 0.14, 0.11, 0.09, 0.12]
    xs = []
    for f in widths:
        xs.append(x)
        x += round(rect.width * f)
    y = rect.top
    for head, i in zip(heads, (1, 5)):
        span = xs[i + 4] - xs[i] if i + 4 < len(xs) else rect.right - xs[i]
        draw_text(surface, head, L.f_body, ACCENT, (xs[i] + span // 2, y), "midtop")
    y += round(L.f_body * 1.4)
    labels = ["Hand", *["bid / took", "points", "bags", "score"] * 2]
    for lx, lab, f in zip(xs, labels, widths):
        draw_text(surface, lab, size, FAINT, (lx + round(rect.width * f) // 2, y), "midtop")
    y += row_h
    pygame.draw.line(surface, RULE, (rect.left, y - L.px(4)), (rect.right, y - L.px(4)))
    fit = max(1, (rect.bottom - y) // row_h)
    shown = rows[-fit:]
    for row in shown:
        if row[1].startswith("misdeal"):
            draw_text(
                surface,
                row[0],
                size,
                MUTED,
                (xs[0] + round(rect.width * widths[0]) // 2, y),
                "midtop",
            )
            draw_text(surface, row[1], size, MUTED, (xs[1] + L.px(8), y), "topleft")
            y += row_h
            continue
        for i, (lx, cell, f) in enumerate(zip(xs, row, widths)):
            color = MUTED if i == 0 else TEXT
            if cell.startswith("−"):
                color = BAD
            col_w = round(rect.width * f) - L.px(6)
            fit = size if text_width(cell, size) <= col_w else size * col_w / text_width(cell, size)  # type: ignore[assignment]
            draw_text(surface, cell, fit, color, (lx + round(rect.width * f) // 2, y), "midtop")
        y += row_h


def score_pad_panel(
    L: TableLayout,
    hands: Sequence[HandFacts],
    names: Sequence[str],
    rules: Rules,
    on_close: Callable[[], None],
    on_review: Callable[[int], None] | None = None,
) -> Panel:
    """Every hand so far, with a Close button (and a Review button on each finished hand)."""
    W, H = L.size
    rows = pad_rows(hands, names, rules)
    fixed = L.px(26) + round(L.f_title) + L.px(20) + pad_height(L, 0) + L.px(16 + 44 + 22)
    legend = any(c.endswith(SPECIAL_MARK) for row in rows for c in row)
    legend_h = round(L.f_small * 1.6) if legend else 0
    want = fixed + pad_height(L, max(1, len(rows))) - pad_height(L, 0) + legend_h
    rect = pygame.Rect(0, 0, min(W - 2 * L.margin, L.px(860)), min(want, H - 2 * L.px(50)))
    rect.center = (W // 2, H // 2)
    r = pygame.Rect(0, 0, L.px(180), L.px(44))
    r.midbottom = (rect.centerx, rect.bottom - L.px(22))
    buttons = [make_button("Close", "close", on_close, r, L, "secondary")]
    review_w = L.px(96) if on_review is not None else 0
    inner = pygame.Rect(
        rect.left + L.px(30),
        rect.top + L.px(26) + round(L.f_title) + L.px(20),
        rect.width - L.px(60) - review_w,
        0,
    )
    inner.height = r.top - L.px(16) - inner.top - legend_h
    if on_review is not None:
        row_h = round(L.f_small * 1.55)
        for i, top in pad_row_tops(inner, L, len(rows)):
            if hands[i].result is None:
                continue
            br = pygame.Rect(inner.right + L.px(12), top - L.px(4), review_w - L.px(12), row_h)
            size = max(15, MIN_FONT / L.u)
            b = Button("Review", lambda i=i: on_review(i), "secondary", size, f"review:{i}")  # type: ignore[misc]
            b.place(br, L.u)
            buttons.insert(len(buttons) - 1, b)

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal=True)
        draw_text(
            surface, "Score pad", L.f_title, ACCENT, (rect.centerx, rect.top + L.px(26)), "midtop"
        )
        if rows:
            draw_pad(surface, inner, L, rows, names)
            if legend:
                at = (inner.centerx, inner.bottom + L.px(4))
                draw_text(surface, SPECIAL_LEGEND, L.f_small, MUTED, at, "midtop")
        else:
            draw_text(surface, "No hands played yet.", L.f_body, MUTED, inner.center, "center")

    return Panel(rect, paint, buttons, modal=True, name="scores")


def game_over_panel(
    L: TableLayout,
    over: GameOver,
    human: bool,
    hands: Sequence[HandFacts],
    names: Sequence[str],
    rules: Rules,
    on_rematch: Callable[[], None],
    on_menu: Callable[[], None] | None,
) -> Panel:
    """The winner, why, the final pad, and Rematch / Menu."""
    winner = over.winner
    W, H = L.size
    rect = pygame.Rect(0, 0, min(W - 2 * L.margin, L.px(860)), H - 2 * L.px(40))
    rect.center = (W // 2, H // 2)
    specs: list[tuple[str, str, Callable[[], None], str]] = [
        ("Rematch", "rematch", on_rematch, "accent")
    ]
    if on_menu is not None:
        specs.insert(0, ("Menu", "to_menu", on_menu, "secondary"))
    buttons = button_row(specs, L, rect.centerx, rect.bottom - L.px(24) - L.px(44), L.px(180))
    heads = team_names(names)
    if human:
        title = "You win!" if winner == 0 else "You lose"
    else:
        title = f"{heads[winner]} win"
    rows = pad_rows(hands, names, rules)

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal=True)
        y = rect.top + L.px(28)
        draw_text(surface, title, L.f_title * 1.35, ACCENT, (rect.centerx, y), "midtop")
        y += round(L.f_title * 1.35) + L.px(10)
        line = game_over_line(winner, over.reason, over.scores, names, rules)
        draw_text(surface, line, L.f_body, TEXT, (rect.centerx, y), "midtop")
        y += round(L.f_body * 1.3) + L.px(18)
        inner = pygame.Rect(rect.left + L.px(30), y, rect.width - L.px(60), 0)
        inner.height = buttons[0].rect.top - L.px(16) - y
        draw_pad(surface, inner, L, rows, names)

    return Panel(rect, paint, buttons, modal=True, name="over")


def last_trick_panel(
    L: TableLayout,
    art: CardArt,
    trick: tuple[int, tuple[int, ...], int],
    n: int,
    names: Sequence[str],
    human: frozenset[int],
    on_close: Callable[[], None],
) -> Panel:
    """The last finished trick (the n-th of 13) in play order, the winning card ringed."""
    leader, cards, winner = trick
    w = L.px(100)
    ch = round(w * 1.4)
    gap = L.px(26)
    row_w = 4 * w + 3 * gap
    rect = pygame.Rect(0, 0, row_w + L.px(80), 0)
    rect.height = L.px(24) + round(L.f_title) + L.px(22) + ch + L.px(12)
    rect.height += round(L.f_small * 1.3) + L.px(14) + round(L.f_body * 1.3) + L.px(16)
    rect.height += L.px(44) + L.px(22)
    rect.center = (L.size[0] // 2, L.size[1] // 2)
    r = pygame.Rect(0, 0, L.px(160), L.px(44))
    r.midbottom = (rect.centerx, rect.bottom - L.px(22))
    close = make_button("Close", "close", on_close, r, L, "secondary")

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal=True)
        y = rect.top + L.px(24)
        draw_text(
            surface, f"Last trick ({n} of 13)", L.f_title, ACCENT, (rect.centerx, y), "midtop"
        )
        y += round(L.f_title) + L.px(22)
        x = rect.centerx - row_w // 2
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            cr = pygame.Rect(x + i * (w + gap), y, w, ch)
            surface.blit(art.face(card, w), cr)
            if seat == winner:
                draw_outline(surface, cr, ACCENT, L.px(10), max(2, L.px(3)), L.px(10))
            label = names[seat] + (" led" if i == 0 else "")
            draw_text(
                surface,
                label,
                L.f_small,
                TEXT if seat == winner else MUTED,
                (cr.centerx, cr.bottom + L.px(12)),
                "midtop",
            )
        y += ch + L.px(12) + round(L.f_small * 1.3) + L.px(14)
        who = "You" if winner in human else names[winner]
        draw_text(surface, f"{who} won the trick", L.f_body, TEXT, (rect.centerx, y), "midtop")

    return Panel(rect, paint, [close], modal=True, name="last")
