"""The table's panels for each decision: bidding, the blind and misdeal questions, the
exchange and passing; and the box, buttons and lines every table panel is made of."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ...controller.events import HandFacts
from ...engine import Rules
from ...engine.bids import BLIND_NIL, NIL, bid_words, hint_base, hinting
from ..theme import ACCENT, MODAL_BG, MUTED, PANEL_BG, TEXT, Color
from ..widgets import Button, draw_panel, draw_text, text_width, wrap
from ..words import bid_label, blind_label, misdeal_words
from .layout import TableLayout

ButtonSpec = tuple[str, str, Callable[[], None], str]  # text, name, action, style


@dataclass
class Panel:
    """A box on the table: its rect, how to paint it, and its buttons."""

    rect: pygame.Rect
    paint: Callable[[pygame.Surface], None]
    buttons: list[Button] = field(default_factory=list)
    modal: bool = False
    name: str = ""
    default: str | None = None  # the button the keyboard starts on (the safe choice)


def focus_order(panels: Sequence[Panel]) -> list[Button]:
    """The buttons the keyboard moves through: the top modal panel's, else every panel's."""
    for p in reversed(panels):
        if p.modal:
            return p.buttons
    return [b for p in panels for b in p.buttons]


def make_button(
    text: str,
    name: str,
    on_click: Callable[[], None],
    rect: pygame.Rect,
    L: TableLayout,
    style: str = "primary",
) -> Button:
    """A table button placed at a rect."""
    b = Button(text, on_click, style, 22, name)
    b.place(rect, L.u)
    return b


def button_row(
    specs: Sequence[ButtonSpec], L: TableLayout, center_x: int, top: int, min_w: int
) -> list[Button]:
    """Buttons side by side, centred on center_x."""
    h = L.px(44)
    widths = [max(min_w, text_width(t, L.f_button) + L.px(44)) for t, _, _, _ in specs]
    total = sum(widths) + L.px(14) * (len(specs) - 1)
    x = center_x - total // 2
    out = []
    for (text, name, fn, style), w in zip(specs, widths):
        out.append(make_button(text, name, fn, pygame.Rect(x, top, w, h), L, style))
        x += w + L.px(14)
    return out


def box(surface: pygame.Surface, rect: pygame.Rect, L: TableLayout, modal: bool = False) -> None:
    """A panel's box: translucent on the table, or solid and gold-edged over it."""
    if modal:
        draw_panel(surface, rect, MODAL_BG, L.px(18), ACCENT, max(2, L.px(2)))
    else:
        draw_panel(surface, rect, PANEL_BG, L.px(16), (255, 255, 255, 60), max(1, L.px(1)))


def lines_height(lines: list[str], size: float) -> int:
    """Height of centred lines of text at a size."""
    return round(len(lines) * size * 1.25)


def centered_lines(
    surface: pygame.Surface, lines: list[str], size: float, color: Color, cx: int, top: int
) -> None:
    """Lines of text centred on cx from top down."""
    for i, line in enumerate(lines):
        draw_text(surface, line, size, color, (cx, top + round(i * size * 1.25)), "midtop")


def question_panel(
    L: TableLayout, title: str, text: str, specs: Sequence[ButtonSpec], name: str
) -> Panel:
    """A titled message with a row of buttons, in the middle of the table."""
    w = min(L.middle.width, L.px(620))
    lines = wrap(text, L.f_body, w - L.px(60)) if text else []
    h = L.px(28) + round(L.f_title) + L.px(10) + lines_height(lines, L.f_body) + L.px(22)
    h += L.px(44) + L.px(26)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    btn_top = rect.bottom - L.px(26) - L.px(44)
    buttons = button_row(specs, L, rect.centerx, btn_top, L.px(150))

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L)
        y = rect.top + L.px(28)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, y), "midtop")
        centered_lines(
            surface, lines, L.f_body, TEXT, rect.centerx, y + round(L.f_title) + L.px(10)
        )

    return Panel(rect, paint, buttons, name=name)


def bid_panel(
    L: TableLayout,
    facts: HandFacts,
    seat: int,
    rules: Rules,
    names: Sequence[str],
    options: Sequence[int],
    on_bid: Callable[[int], None],
) -> Panel:
    """The allowed bids as buttons, with what partner and the others bid so far."""
    partner = (seat + 2) % 4
    pb = facts.bids[partner]
    base = hint_base(rules, facts.bids, seat)
    if all(b is not None for b in facts.bids):  # 001: the second round; buttons are totals
        base = None
        title = "Keep or raise your team's bid"
        sub = f"Your team bid {facts.contracts[seat % 2]}: press it to keep it, or more."
    elif base is not None:
        title = "Set your team's total"
        sub = f"{names[partner]} hinted {pb}: your button is the team's bid."
    elif hinting(rules, facts.bids, seat):
        title = "Your hint"
        sub = f"Tell {names[partner]} how many tricks you expect; they set the team total."
    else:
        title = "Your bid"
        made = [
            f"{names[s]} {bid_words(b)}" for s in facts.order if (b := facts.bids[s]) is not None
        ]
        sub = "Bids so far: " + ", ".join(made) if made else "You bid first."
    numbers = [b for b in options if b < NIL]
    specials = [b for b in options if b >= NIL]
    per_row = 7
    rows = [numbers[i : i + per_row] for i in range(0, len(numbers), per_row)]
    bw, bh, g = L.px(62), L.px(46), L.px(10)
    grid_w = min(len(numbers), per_row) * (bw + g) - g if numbers else 0
    sp_w = [max(L.px(120), text_width(bid_words(b), L.f_button) + L.px(40)) for b in specials]
    sp_total = sum(sp_w) + g * (len(specials) - 1) if specials else 0
    w = max(grid_w, sp_total, text_width(sub, L.f_small)) + L.px(64)
    w = min(max(w, L.px(440)), L.middle.width)
    n_rows = len(rows) + (1 if specials else 0)
    h = L.px(24) + round(L.f_title) + L.px(8) + round(L.f_small * 1.3) + L.px(16)
    h += n_rows * (bh + g) - g + L.px(26)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    buttons: list[Button] = []
    y = rect.top + L.px(24) + round(L.f_title) + L.px(8) + round(L.f_small * 1.3) + L.px(16)
    for row in rows:
        x = rect.centerx - (len(row) * (bw + g) - g) // 2
        for b in row:
            r = pygame.Rect(x, y, bw, bh)
            buttons.append(make_button(bid_label(b, base), f"bid:{b}", lambda b=b: on_bid(b), r, L))  # type: ignore[misc]
            x += bw + g
        y += bh + g
    if specials:
        x = rect.centerx - sp_total // 2
        for b, sw in zip(specials, sp_w):
            buttons.append(
                make_button(
                    bid_words(b),
                    f"bid:{b}",
                    lambda b=b: on_bid(b),  # type: ignore[misc]
                    pygame.Rect(x, y, sw, bh),
                    L,
                    "secondary",  # set apart from the numbers, but not styled as the advice
                )
            )
            x += sw + g

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L)
        top = rect.top + L.px(24)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, top), "midtop")
        top += round(L.f_title) + L.px(8)
        draw_text(surface, sub, L.f_small, MUTED, (rect.centerx, top), "midtop")

    return Panel(rect, paint, buttons, name="bid")


def blind_button(
    bid: int, rules: Rules, on_bid: Callable[[int], None], rect: pygame.Rect, L: TableLayout
) -> Button:
    """One blind bid: set apart from the default in the quiet style, its stakes on it."""
    return make_button(
        blind_label(bid, rules), f"bid:{bid}", lambda: on_bid(bid), rect, L, "secondary"
    )


def blind_panel(
    L: TableLayout,
    rules: Rules,
    options: Sequence[int],
    my_turn: bool,
    on_bid: Callable[[int], None],
    on_show: Callable[[], None],
) -> Panel:
    """Look at the cards (the default, first and gold) or, set apart below, bid blind.

    Each blind button says what it wins and loses; the panel's `default` is "show", so the
    keyboard starts there and a blind bid needs the focus moved to it on purpose.
    """
    if my_turn:
        title = "Bid blind?"
        text = "Your cards are still face down. Look at them first, or bid blind without looking."
    else:
        title = "Before you look"
        text = "Your cards are face down: you may bid blind when your turn comes."
        options = ()
    nil = [b for b in options if b == BLIND_NIL]
    numbers = [b for b in options if b != BLIND_NIL]
    w = min(L.middle.width, L.px(720))
    inner = w - L.px(64)
    lines = wrap(text, L.f_body, inner)
    g = L.px(10)
    cols = 1 if len(numbers) <= 1 else 2 if len(numbers) in (2, 4) else 3
    grid_rows = -(-len(numbers) // cols) if numbers else 0
    n_rows = len(nil) + grid_rows
    head = L.px(24) + round(L.f_title) + L.px(8) + lines_height(lines, L.f_body) + L.px(16)
    sub_h = round(L.f_small * 1.3) + L.px(8) if n_rows else 0
    fixed = head + L.px(44) + (L.px(18) + sub_h if n_rows else 0) + L.px(24)
    bh = L.px(44)
    if n_rows and fixed + n_rows * (bh + g) - g > L.middle.height:
        bh = max(L.px(30), (L.middle.height - fixed + g) // n_rows - g)
    h = fixed + (n_rows * (bh + g) - g if n_rows else 0)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    y = rect.top + head
    show_w = max(L.px(260), text_width("Look at my cards", L.f_button) + L.px(44))
    show_rect = pygame.Rect(rect.centerx - show_w // 2, y, show_w, L.px(44))
    buttons = [make_button("Look at my cards", "show", on_show, show_rect, L, "accent")]
    y = show_rect.bottom + L.px(18)
    sub_top = y
    y += sub_h
    left = rect.centerx - inner // 2
    for b in nil:
        r = pygame.Rect(left, y, inner, bh)
        buttons.append(blind_button(b, rules, on_bid, r, L))
        y += bh + g
    cw = (inner - g * (cols - 1)) // cols
    for i, b in enumerate(numbers):
        row, col = divmod(i, cols)
        in_row = min(cols, len(numbers) - row * cols)
        x = rect.centerx - (in_row * (cw + g) - g) // 2 + col * (cw + g)
        r = pygame.Rect(x, y + row * (bh + g), cw, bh)
        buttons.append(blind_button(b, rules, on_bid, r, L))

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L)
        top = rect.top + L.px(24)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, top), "midtop")
        top += round(L.f_title) + L.px(8)
        centered_lines(surface, lines, L.f_body, TEXT, rect.centerx, top)
        if n_rows:
            sub = "Or bid blind, before you look (more points, more risk):"
            draw_text(surface, sub, L.f_small, MUTED, (rect.centerx, sub_top), "midtop")

    return Panel(rect, paint, buttons, name="blind", default="show")


def misdeal_panel(
    L: TableLayout,
    reasons: Sequence[str],
    on_call: Callable[[], None],
    on_keep: Callable[[], None],
) -> Panel:
    """Offer a misdeal, saying why the hand qualifies."""
    return question_panel(
        L,
        "Call a misdeal?",
        f"Your hand has {misdeal_words(reasons)}, so you may throw it in for a new deal.",
        [
            ("Keep my cards", "misdeal:keep", on_keep, "secondary"),
            ("Call misdeal", "misdeal:call", on_call, "accent"),
        ],
        "misdeal",
    )


def exchange_panel(
    L: TableLayout,
    count: int,
    partner: str,
    on_exchange: Callable[[], None],
    on_skip: Callable[[], None],
) -> Panel:
    """After a blind nil, where the rules make the exchange optional: exchange, or not."""
    return question_panel(
        L,
        "Exchange cards with your partner?",
        f"After a blind nil you may pass {count} cards face down to {partner}, who passes "
        f"{count} back. Or keep your hand as it is.",
        [
            ("No exchange", "exchange:no", on_skip, "secondary"),
            (f"Exchange {count} cards with partner", "exchange:yes", on_exchange, "accent"),
        ],
        "exchange",
    )


def pass_panel(
    L: TableLayout, count: int, chosen: int, to_name: str, on_pass: Callable[[], None]
) -> Panel:
    """Choose cards to pass to partner."""
    p = question_panel(
        L,
        f"Pass {count} cards to {to_name}",
        f"Click cards in your hand to choose them ({chosen} of {count} chosen).",
        [("Pass", "pass", on_pass, "accent")],
        "pass",
    )
    p.buttons[0].enabled = chosen == count
    return p
