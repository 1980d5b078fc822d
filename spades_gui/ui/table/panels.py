"""The table's panels for the decisions around the bidding: the misdeal question, partner's
question to answer, the discard of the cards left over, the exchange and passing; and the
box, buttons and lines every table panel is made of (the bids are in bid_panels.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ...engine import Rules
from ...engine.cards import SUIT_NAMES
from ..theme import ACCENT, MODAL_BG, PANEL_BG, TEXT, Color
from ..widgets import Button, draw_panel, draw_text, text_width, wrap
from ..words import ASK_WORDS, ask_explained, misdeal_words, suit_word
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
    specs: Sequence[ButtonSpec],
    L: TableLayout,
    center_x: int,
    top: int,
    min_w: int,
    h: int = 0,
) -> list[Button]:
    """Buttons side by side, centred on center_x (h: their height, 44 units by default)."""
    h = h or L.px(44)
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
    L: TableLayout,
    title: str,
    text: str,
    specs: Sequence[ButtonSpec],
    name: str,
    extra: Sequence[ButtonSpec] = (),
    modal: bool = False,
) -> Panel:
    """A titled message with a row of buttons, in the middle of the table (and a row of
    smaller choices above them: `extra`, which come first in the buttons); a modal one is
    solid over the rest and takes the keys alone."""
    w = min(L.middle.width, L.px(620))
    if title and text_width(title, L.f_title) > w - L.px(60):
        w = min(L.middle.width, text_width(title, L.f_title) + L.px(60))
    lines = wrap(text, L.f_body, w - L.px(60)) if text else []
    h = L.px(28) + round(L.f_title) + L.px(10) + lines_height(lines, L.f_body) + L.px(22)
    h += L.px(44) + L.px(26) + (L.px(40) + L.px(14) if extra else 0)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    btn_top = rect.bottom - L.px(26) - L.px(44)
    buttons = []
    if extra:
        min_w = min(L.px(96), (w - L.px(40)) // len(extra) - L.px(14))
        buttons = button_row(extra, L, rect.centerx, btn_top - L.px(54), min_w, L.px(40))
    buttons += button_row(specs, L, rect.centerx, btn_top, L.px(150))

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L, modal)
        y = rect.top + L.px(28)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, y), "midtop")
        centered_lines(
            surface, lines, L.f_body, TEXT, rect.centerx, y + round(L.f_title) + L.px(10)
        )

    return Panel(rect, paint, buttons, modal, name)


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


def answer_panel(
    L: TableLayout,
    what: str,
    asker: str,
    rules: Rules,
    on_answer: Callable[[bool], None],
) -> Panel:
    """Partner's question before its bid (001): yes or no; the keyboard starts on no."""
    p = question_panel(
        L,
        f"{asker} asks: {ASK_WORDS.get(what, what)}",
        ask_explained(what, asker, rules),
        [
            ("No", "answer:no", lambda: on_answer(False), "secondary"),
            ("Yes", "answer:yes", lambda: on_answer(True), "accent"),
        ],
        "answer",
    )
    p.default = "answer:no"
    return p


def discard_panel(
    L: TableLayout, chosen: int, after_bidding: bool, on_discard: Callable[[], None]
) -> Panel:
    """The taker of the two cards left over chooses two of its 15 to discard face down."""
    when = "Now that the bidding is over, choose" if after_bidding else "Choose"
    p = question_panel(
        L,
        "Discard 2 cards",
        f"You took the two cards left over (marked New). {when} two of your 15 cards to "
        f"discard face down ({chosen} of 2 chosen).",
        [("Discard", "discard", on_discard, "accent")],
        "discard",
    )
    p.buttons[0].enabled = chosen == 2
    return p


def pass_panel(
    L: TableLayout,
    count: int,
    chosen: int,
    to_name: str,
    on_pass: Callable[[], None],
    ask_suit: bool = False,
    suit: int | None = None,
    on_suit: Callable[[int | None], None] | None = None,
    asked_suit: int | None = None,
    face_down: bool = False,
) -> Panel:
    """Choose cards to pass to partner; a blind nil bidder passing one card may name the suit
    it wants back, and partner passing back sees the suit asked (001)."""
    word = "card" if count == 1 else "cards"
    title = f"Pass {count} {word} to {to_name}"
    text = f"Click {'a card' if count == 1 else 'cards'} in your hand to choose "
    text += f"{'it' if count == 1 else 'them'} ({chosen} of {count} chosen)."
    if asked_suit is not None:
        text += f" {to_name} asked for {SUIT_NAMES[asked_suit]}; you may pass any card."
    if face_down:
        text += f" Double Nil: you both pass at once, so {to_name}'s cards come after yours."
    specs: list[ButtonSpec] = []
    if ask_suit:
        text += f" You may ask {to_name} for a suit back:"
        for s in (None, 3, 2, 1, 0):
            label = "No suit" if s is None else suit_word(s)
            name = f"suit:{'none' if s is None else s}"
            fn = (lambda s=s: on_suit(s)) if on_suit is not None else (lambda: None)  # type: ignore[misc]
            specs.append((label, name, fn, "accent" if s == suit else "secondary"))
    p = question_panel(L, title, text, [("Pass", "pass", on_pass, "accent")], "pass", specs)
    p.buttons[-1].enabled = chosen == count
    return p
