"""The bidding panels: the bids as buttons (and 001's extras beside them: the questions for
partner, the Bemos, the second round's keep or raise) and the blind question before looking."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...controller.events import HandFacts
from ...engine import Rules
from ...engine.actions import BidRequest, Question
from ...engine.bids import BLIND_NIL, NIL, bid_words, hint_base, hinting, is_nil, is_number
from ..theme import ACCENT, MUTED, TEXT
from ..widgets import Button, draw_text, text_width, wrap
from ..words import ask_button, bemo_label, bid_label, blind_label
from .layout import TableLayout
from .panels import (
    ButtonSpec,
    Panel,
    box,
    centered_lines,
    lines_height,
    make_button,
    question_panel,
)

PER_ROW = 7  # number buttons in a row of the bid panel


def flow(
    specs: Sequence[ButtonSpec], L: TableLayout, max_w: int, min_w: int
) -> list[list[tuple[ButtonSpec, int]]]:
    """Buttons with their widths, in rows no wider than max_w."""
    g = L.px(10)
    rows: list[list[tuple[ButtonSpec, int]]] = []
    used = 0
    for spec in specs:
        w = min(max_w, max(min_w, text_width(spec[0], L.f_button) + L.px(40)))
        if rows and used + g + w <= max_w:
            rows[-1].append((spec, w))
            used += g + w
        else:
            rows.append([(spec, w)])
            used = w
    return rows


def place_rows(
    rows: Sequence[Sequence[tuple[ButtonSpec, int]]],
    L: TableLayout,
    center_x: int,
    top: int,
    bh: int,
) -> list[Button]:
    """Each row of buttons centred on center_x, from top down."""
    g = L.px(10)
    out = []
    y = top
    for row in rows:
        x = center_x - (sum(w for _, w in row) + g * (len(row) - 1)) // 2
        for (text, name, fn, style), w in row:
            out.append(make_button(text, name, fn, pygame.Rect(x, y, w, bh), L, style))
            x += w + g
        y += bh + g
    return out


def refused_bids(ask: BidRequest) -> tuple[tuple[int, str], ...]:
    """The bids the rules have but the player may not make now, each with the engine's why."""
    return ask.refused


def _titles(
    facts: HandFacts,
    seat: int,
    ask: BidRequest,
    rules: Rules,
    names: Sequence[str],
    bemo: int,
    plain: bool,
) -> tuple[str, str]:
    """The bid panel's title and the line under it."""
    partner = (seat + 2) % 4
    pname = names[partner]
    pb = facts.bids[partner]
    if ask.raising and ask.proposed is not None:  # 001: the side agrees its total
        now, put = ask.bids[0], ask.proposed
        if put == now:
            return "Agree your team's bid", f"{pname} would keep {now}: agree, or raise it."
        return (
            "Agree your team's bid",
            f"{pname} would raise it from {now} to {put}: agree, or choose another total.",
        )
    if ask.raising:
        return (
            "Keep or raise your team's bid",
            f"Your team bid {ask.bids[0]}: keep it, or raise it to a new total.",
        )
    if ask.agreed == "no_trump" and plain:
        return "Your bid", f"{pname} agreed to cover a no trump, but you need not bid one."
    if ask.agreed == "no_trump":
        return (
            "Your no-trump bid",
            f"{pname} will cover it: bid 1 or more with no trump, for double the points.",
        )
    if ask.agreed == "double_nil":
        return "Double Nil", f"{pname} agreed: bid nil, and {pname} bids nil too."
    if facts.double_nil[seat % 2]:
        return "Double Nil", f"{pname} bid Double Nil with you: your bid is nil."
    if bemo:
        kind = "Little" if bemo == 6 else "Big"
        sub = f"With {kind} Bemo (your team wins each of the first {bemo} tricks): now bid."
        return "Your bid", sub
    if hint_base(rules, facts.bids, seat) is not None:
        return "Set your team's total", f"{pname} hinted {pb}: your button is the team's bid."
    if hinting(rules, facts.bids, seat):
        return "Your hint", f"Tell {pname} how many tricks you expect; they set the team total."
    made = [f"{names[s]} {bid_words(b)}" for s in facts.order if (b := facts.bids[s]) is not None]
    sub = "Bids so far: " + ", ".join(made) if made else "You bid first."
    m = rules.min_team_bid
    low = pb is not None and (is_nil(pb) or (is_number(pb) and pb < m))
    if m and low and not refused_bids(ask):
        # the low bids (and nil) missing from the buttons: say why
        sub += f" · your team must bid at least {m}"
    return "Your bid", sub


def _stakes(rules: Rules, numbers: Sequence[int]) -> str:
    """What a big bid on the buttons is worth, where the rules make it more than 10 a trick."""
    v = rules.ten_for_200_value
    if rules.ten_for_200 == "at_least" and any(b >= 10 for b in numbers):
        return f"A team bid of 10 or more, made, scores {v}."
    if rules.ten_for_200 == "exact" and 10 in numbers:
        return f"A team bid of exactly 10 scores {v} with exactly 10 tricks, else loses {v}."
    return ""


def _nothing() -> None:
    """A greyed button's action: none (the table says why instead)."""


def bid_panel(
    L: TableLayout,
    facts: HandFacts,
    seat: int,
    ask: BidRequest,
    rules: Rules,
    names: Sequence[str],
    bemo: int,
    on_bid: Callable[[int], None],
    on_ask: Callable[[Question], None],
    on_bemo: Callable[[int], None],
    plain_chosen: bool = False,
    on_plain: Callable[[], None] | None = None,
) -> Panel:
    """The allowed bids as buttons, with what partner and the others bid so far; beside them
    the questions the player may ask partner first and the Bemos to declare with the bid.

    After partner agreed to cover a no trump, a switch between the no-trump bids and the
    plain ones (001 makes the question no promise: `Hand.plain_bids`).
    """
    partner = names[(seat + 2) % 4]
    plain = plain_chosen and bool(ask.plain)
    options = ask.plain if plain else ask.bids
    title, sub = _titles(facts, seat, ask, rules, names, bemo, plain)
    base = None if ask.raising else hint_base(rules, facts.bids, seat)
    keep = options[0] if ask.raising else None
    put = ask.proposed if ask.raising else None  # partner's total, to agree to or not
    numbers = [b for b in options if b < NIL and b not in (keep, put)]
    specials: list[ButtonSpec] = []
    if put is not None:
        words = f"Agree: keep {put}" if put == keep else f"Agree: {put}"
        specials.append((words, f"bid:{put}", lambda: on_bid(put), "accent"))
    if keep is not None and keep != put:
        style = "secondary" if put is not None else "accent"
        specials.append((f"Keep {keep}", f"bid:{keep}", lambda: on_bid(keep), style))
    for b in options:
        if b >= NIL:  # set apart from the numbers, but not styled as the advice
            specials.append((bid_words(b), f"bid:{b}", lambda b=b: on_bid(b), "secondary"))  # type: ignore[misc]
    if ask.plain and on_plain is not None:
        words = "Back to no trump" if plain else "Bid without no trump"
        specials.append((words, "plain", on_plain, "secondary"))
    for what in ask.asks:
        fn = lambda what=what: on_ask(what)  # noqa: E731
        specials.append((ask_button(what, partner), f"ask:{what}", fn, "secondary"))
    refused = refused_bids(ask)
    specials += [(bid_words(b), f"bid:{b}", _nothing, "secondary") for b, _ in refused]
    bemos: list[ButtonSpec] = []
    for n in ask.bemos:
        chosen = n == bemo
        text = ("With " if chosen else "") + bemo_label(n)
        style = "accent" if chosen else "secondary"
        bemos.append((text, f"bemo:{n}", lambda n=n: on_bemo(n), style))  # type: ignore[misc]
    bw, g = L.px(62), L.px(10)
    grid = [numbers[i : i + PER_ROW] for i in range(0, len(numbers), PER_ROW)]
    grid_w = min(len(numbers), PER_ROW) * (bw + g) - g if numbers else 0
    max_inner = L.middle.width - L.px(64)
    extra_rows = flow(specials, L, max_inner, L.px(120)) + flow(bemos, L, max_inner, L.px(120))
    widest = max([sum(w for _, w in r) + g * (len(r) - 1) for r in extra_rows] or [0])
    stakes = "" if ask.raising else _stakes(rules, numbers)
    notes = [sub] + ([stakes] if stakes else [])
    for b, why in refused:  # greyed with the reason: a bid the player knows never just vanishes
        notes.append(f"No {bid_words(b).lower()} now: {why}.")
    w = max(grid_w, widest, *(text_width(t, L.f_small) for t in notes)) + L.px(64)
    w = min(max(w, L.px(440)), L.middle.width)
    n_rows = len(grid) + len(extra_rows)
    head = L.px(24) + round(L.f_title) + L.px(8) + round(L.f_small * 1.3) * len(notes)
    head += L.px(16)
    bh = L.px(46)
    if head + n_rows * (bh + g) - g + L.px(26) > L.middle.height:
        bh = max(L.px(30), (L.middle.height - head - L.px(26) + g) // n_rows - g)
    h = head + n_rows * (bh + g) - g + L.px(26)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    buttons: list[Button] = []
    y = rect.top + head
    for row in grid:
        x = rect.centerx - (len(row) * (bw + g) - g) // 2
        for b in row:
            r = pygame.Rect(x, y, bw, bh)
            buttons.append(make_button(bid_label(b, base), f"bid:{b}", lambda b=b: on_bid(b), r, L))  # type: ignore[misc]
            x += bw + g
        y += bh + g
    buttons += place_rows(extra_rows, L, rect.centerx, y, bh)
    closed = {f"bid:{n}" for n, _ in refused}
    for button in buttons:
        button.enabled = button.name not in closed

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L)
        top = rect.top + L.px(24)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, top), "midtop")
        top += round(L.f_title) + L.px(8)
        for text in notes:
            draw_text(surface, text, L.f_small, MUTED, (rect.centerx, top), "midtop")
            top += round(L.f_small * 1.3)

    default = f"bid:{put if put is not None else keep}" if keep is not None else None
    return Panel(rect, paint, buttons, name="bid", default=default)


def blind_button(
    bid: int,
    rules: Rules,
    on_bid: Callable[[int], None],
    rect: pygame.Rect,
    L: TableLayout,
    no_trump: bool = False,
) -> Button:
    """One blind bid: set apart from the default in the quiet style, its stakes on it."""
    text = blind_label(bid, rules, no_trump)
    return make_button(text, f"bid:{bid}", lambda: on_bid(bid), rect, L, "secondary")


def _blind_words(my_turn: bool, agreed: str, partner: str) -> tuple[str, str]:
    """The blind panel's title and text."""
    if agreed == "blind_no_trump":
        return (
            "Your blind no trump",
            f"{partner} agreed. Bid it before you look: made, 30 points a trick.",
        )
    if my_turn:
        return (
            "Bid blind?",
            "Your cards are still face down. Look at them first, or bid blind without looking.",
        )
    return "Before you look", "Your cards are face down: you may bid blind when your turn comes."


def blind_panel(
    L: TableLayout,
    rules: Rules,
    options: Sequence[int],
    my_turn: bool,
    on_bid: Callable[[int], None],
    on_show: Callable[[], None],
    asks: Sequence[str] = (),
    on_ask: Callable[[Question], None] | None = None,
    partner: str = "partner",
    agreed: str = "",
) -> Panel:
    """Look at the cards (the default, first and gold) or, set apart below, bid blind or ask
    partner for a blind team bid (001).

    Each blind button says what it wins and loses; the panel's `default` is "show", so the
    keyboard starts there and a blind bid needs the focus moved to it on purpose. Once
    partner has agreed to a blind no trump, its numbers are the only choice.
    """
    title, text = _blind_words(my_turn, agreed, partner)
    if not my_turn:
        options, asks = (), ()
    can_look = not agreed.startswith("blind")
    nil = [b for b in options if b == BLIND_NIL]
    numbers = [b for b in options if b != BLIND_NIL]
    w = min(L.middle.width, L.px(720))
    inner = w - L.px(64)
    lines = wrap(text, L.f_body, inner)
    g = L.px(10)
    cols = 1 if len(numbers) <= 1 else 2 if len(numbers) in (2, 4) else 3
    grid_rows = -(-len(numbers) // cols) if numbers else 0
    n_rows = len(nil) + len(asks) + grid_rows
    head = L.px(24) + round(L.f_title) + L.px(8) + lines_height(lines, L.f_body) + L.px(16)
    sub_h = round(L.f_small * 1.3) + L.px(8) if n_rows and can_look else 0
    show_h = L.px(44) + L.px(18) if can_look else 0
    fixed = head + show_h + sub_h + L.px(24) - (0 if n_rows else L.px(18))
    bh = L.px(44)
    if n_rows and fixed + n_rows * (bh + g) - g > L.middle.height:
        bh = max(L.px(30), (L.middle.height - fixed + g) // n_rows - g)
    h = fixed + (n_rows * (bh + g) - g if n_rows else 0)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    y = rect.top + head
    buttons = []
    if can_look:
        show_w = max(L.px(260), text_width("Look at my cards", L.f_button) + L.px(44))
        show_rect = pygame.Rect(rect.centerx - show_w // 2, y, show_w, L.px(44))
        buttons.append(make_button("Look at my cards", "show", on_show, show_rect, L, "accent"))
        y = show_rect.bottom + L.px(18)
    sub_top = y
    y += sub_h
    left = rect.centerx - inner // 2
    for b in nil:
        r = pygame.Rect(left, y, inner, bh)
        buttons.append(blind_button(b, rules, on_bid, r, L))
        y += bh + g
    for what in asks:
        r = pygame.Rect(left, y, inner, bh)
        fn = (lambda what=what: on_ask(what)) if on_ask is not None else (lambda: None)  # type: ignore[misc]
        buttons.append(make_button(ask_button(what, partner), f"ask:{what}", fn, r, L, "secondary"))
        y += bh + g
    cw = (inner - g * (cols - 1)) // cols
    for i, b in enumerate(numbers):
        row, col = divmod(i, cols)
        in_row = min(cols, len(numbers) - row * cols)
        x = rect.centerx - (in_row * (cw + g) - g) // 2 + col * (cw + g)
        r = pygame.Rect(x, y + row * (bh + g), cw, bh)
        buttons.append(blind_button(b, rules, on_bid, r, L, agreed == "blind_no_trump"))

    def paint(surface: pygame.Surface) -> None:
        box(surface, rect, L)
        top = rect.top + L.px(24)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, top), "midtop")
        top += round(L.f_title) + L.px(8)
        centered_lines(surface, lines, L.f_body, TEXT, rect.centerx, top)
        if sub_h:
            sub = "Or bid blind, before you look (more points, more risk):"
            draw_text(surface, sub, L.f_small, MUTED, (rect.centerx, sub_top), "midtop")

    return Panel(rect, paint, buttons, name="blind", default="show" if can_look else None)


def bid_question_panel(
    L: TableLayout,
    bid: int,
    base: int | None,
    on_yes: Callable[[], None],
    on_no: Callable[[], None],
    team: bool = False,
    no_trump: bool = False,
) -> Panel:
    """ "Bid 4?" before the bid is sent (the setting "Ask before sending a bid"); the keyboard
    starts on the bid, so Enter, Enter makes it. `team`: the bid is the team's total (the
    second round); `no_trump`: the number is a no trump partner agreed to (001)."""
    words = bid_label(bid, base)
    number = bid not in (NIL, BLIND_NIL)
    team = team or (base is not None and bid < NIL)
    what = f"Team bid {words}" if team else f"Bid {words.lower()}"
    if no_trump and number:
        what += " no trump"
    p = question_panel(
        L,
        f"{what}?",
        "To bid without this question, turn off “Ask before sending a bid” in Settings.",
        [("Back", "confirm:no", on_no, "secondary"), (what, "confirm:yes", on_yes, "accent")],
        "confirm",
        modal=True,
    )
    p.default = "confirm:yes"
    return p
