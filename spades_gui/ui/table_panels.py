"""The table's panels: bidding, blind and misdeal questions, passing, hand result, score pad."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

import pygame

from ..engine import Hand, HandResult, Rules
from ..engine.bids import BLIND, BLIND_NIL, NIL, bid_words, blind_penalty, blind_table, is_nil
from ..engine.hand import MISDEAL
from ..engine.scoring import TeamHand, display_score
from .layout import MIN_FONT, TableLayout
from .widgets_basic import (
    ACCENT,
    FAINT,
    MUTED,
    TEXT,
    Button,
    draw_panel,
    draw_text,
    text_width,
    wrap,
)

PANEL_BG = (8, 40, 26, 236)
MODAL_BG = (10, 46, 30)
GOOD = (126, 226, 150)
BAD = (255, 128, 118)
RULE = (62, 104, 82)
MISDEAL_WORDS = {
    "no_face_cards": "no face cards",
    "no_spades": "no spades",
    "few_spades": "one spade or none",
    "long_suit": "seven or more cards of one suit",
}


@dataclass
class Panel:
    """A box on the table: its rect, how to paint it, and its buttons."""

    rect: pygame.Rect
    paint: Callable[[pygame.Surface], None]
    buttons: list[Button] = field(default_factory=list)
    modal: bool = False
    name: str = ""
    default: str | None = None  # the button the keyboard starts on (the safe choice)


def _button(
    text: str,
    name: str,
    on_click: Callable[[], None],
    rect: pygame.Rect,
    L: TableLayout,
    style: str = "primary",
    enabled: bool = True,
) -> Button:
    b = Button(text, on_click, style, 22, name)
    b.place(rect, L.u)
    b.enabled = enabled
    return b


def _row_of_buttons(
    specs: Sequence[tuple[str, str, Callable[[], None], str]],
    L: TableLayout,
    center_x: int,
    top: int,
    min_w: int,
) -> list[Button]:
    """Buttons side by side, centred on center_x."""
    h = L.px(44)
    widths = [max(min_w, text_width(t, L.f_button) + L.px(44)) for t, _, _, _ in specs]
    total = sum(widths) + L.px(14) * (len(specs) - 1)
    x = center_x - total // 2
    out = []
    for (text, name, fn, style), w in zip(specs, widths):
        out.append(_button(text, name, fn, pygame.Rect(x, top, w, h), L, style))
        x += w + L.px(14)
    return out


def _box(surface: pygame.Surface, rect: pygame.Rect, L: TableLayout, modal: bool = False) -> None:
    if modal:
        draw_panel(surface, rect, MODAL_BG, L.px(18), ACCENT, max(2, L.px(2)))
    else:
        draw_panel(surface, rect, PANEL_BG, L.px(16), (255, 255, 255, 60), max(1, L.px(1)))


def _lines_height(lines: list[str], size: float) -> int:
    return round(len(lines) * size * 1.25)


def _draw_lines(surface: pygame.Surface, lines: list[str], size: float, color, cx: int, top: int):
    for i, line in enumerate(lines):
        draw_text(surface, line, size, color, (cx, top + round(i * size * 1.25)), "midtop")


def question_panel(
    L: TableLayout,
    title: str,
    text: str,
    specs: Sequence[tuple[str, str, Callable[[], None], str]],
    name: str,
) -> Panel:
    """A titled message with a row of buttons, in the middle of the table."""
    w = min(L.middle.width, L.px(620))
    lines = wrap(text, L.f_body, w - L.px(60)) if text else []
    h = L.px(28) + round(L.f_title) + L.px(10) + _lines_height(lines, L.f_body) + L.px(22)
    h += L.px(44) + L.px(26)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = L.trick_center
    rect.clamp_ip(L.middle)
    btn_top = rect.bottom - L.px(26) - L.px(44)
    buttons = _row_of_buttons(specs, L, rect.centerx, btn_top, L.px(150))

    def paint(surface: pygame.Surface) -> None:
        _box(surface, rect, L)
        y = rect.top + L.px(28)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, y), "midtop")
        _draw_lines(surface, lines, L.f_body, TEXT, rect.centerx, y + round(L.f_title) + L.px(10))

    return Panel(rect, paint, buttons, name=name)


def bid_label(bid: int, hint_base: int | None) -> str:
    """A bid button's words; in hint style the second partner's numbers are team totals."""
    if bid < NIL and hint_base is not None:
        return str(bid + hint_base)
    return {NIL: "Nil", BLIND_NIL: "Blind nil"}.get(
        bid, bid_words(bid) if bid >= BLIND else str(bid)
    )


def bid_panel(
    L: TableLayout,
    hand: Hand,
    names: Sequence[str],
    options: Sequence[int],
    on_bid: Callable[[int], None],
) -> Panel:
    """The allowed bids as buttons, with what partner and the others bid so far."""
    seat = hand.turn
    partner = (seat + 2) % 4
    pb = hand.bids[partner]
    hint = hand.rules.bid_style == "hint"
    hint_base = pb if hint and pb is not None and pb < NIL else None
    if hand.raising:  # 001: the second round; the buttons are team totals
        hint_base = None
        title = "Keep or raise your team's bid"
        sub = f"Your team bid {hand.team_contract(seat % 2)}: press it to keep it, or more."
    elif hint_base is not None:
        title = "Set your team's total"
        sub = f"{names[partner]} hinted {pb}: your button is the team's bid."
    elif hint and pb is None:
        title = "Your hint"
        sub = f"Tell {names[partner]} how many tricks you expect; they set the team total."
    else:
        title = "Your bid"
        made = [
            f"{names[s]} {bid_words(cast(int, hand.bids[s]))}"
            for s in hand.order
            if hand.bids[s] is not None
        ]
        sub = "Bids so far: " + ", ".join(made) if made else "You bid first."
    numbers = [b for b in options if b < NIL]
    specials = [b for b in options if b >= NIL]
    per_row = 7
    rows = [numbers[i : i + per_row] for i in range(0, len(numbers), per_row)]
    bw, bh, g = L.px(62), L.px(46), L.px(10)
    grid_w = min(len(numbers), per_row) * (bw + g) - g if numbers else 0
    sp_w = [max(L.px(120), text_width(bid_label(b, None), L.f_button) + L.px(40)) for b in specials]
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
            label = bid_label(b, hint_base)
            buttons.append(
                _button(label, f"bid:{b}", lambda b=b: on_bid(b), pygame.Rect(x, y, bw, bh), L)  # type: ignore[misc]
            )
            x += bw + g
        y += bh + g
    if specials:
        x = rect.centerx - sp_total // 2
        for b, sw in zip(specials, sp_w):
            buttons.append(
                _button(
                    bid_label(b, None),
                    f"bid:{b}",
                    lambda b=b: on_bid(b),  # type: ignore[misc]
                    pygame.Rect(x, y, sw, bh),
                    L,
                    "secondary",  # set apart from the numbers, but not styled as the advice
                )
            )
            x += sw + g

    def paint(surface: pygame.Surface) -> None:
        _box(surface, rect, L)
        top = rect.top + L.px(24)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, top), "midtop")
        top += round(L.f_title) + L.px(8)
        draw_text(surface, sub, L.f_small, MUTED, (rect.centerx, top), "midtop")

    return Panel(rect, paint, buttons, name="bid")


def blind_label(bid: int, rules: Rules) -> str:
    """A blind bid's button: what it wins and loses, and the exchange blind nil brings."""
    if bid == BLIND_NIL:
        text = f"Blind nil: +{rules.blind_nil_bonus} / \u2212{rules.blind_nil_penalty}"
        n = rules.blind_nil_pass
        if rules.blind_nil_exchange == "optional":
            return text + f", with an optional {n}-card exchange"
        if rules.blind_nil_exchange == "compulsory":
            return text + f", with a {n}-card exchange"
        return text
    value, exactly = blind_table(rules)[bid - BLIND]
    lost = blind_penalty(rules, bid - BLIND)
    return f"Blind {bid - BLIND}{' exactly' if exactly else ''}: +{value} / \u2212{lost}"


def _blind_button(
    bid: int, rules: Rules, on_bid: Callable[[int], None], rect: pygame.Rect, L: TableLayout
) -> Button:
    """One blind bid: set apart from the default in the quiet style, its stakes on it."""
    return _button(blind_label(bid, rules), f"bid:{bid}", lambda: on_bid(bid), rect, L, "secondary")


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
    head = L.px(24) + round(L.f_title) + L.px(8) + _lines_height(lines, L.f_body) + L.px(16)
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
    buttons = [_button("Look at my cards", "show", on_show, show_rect, L, "accent")]
    y = show_rect.bottom + L.px(18)
    sub_top = y
    y += sub_h
    left = rect.centerx - inner // 2
    for b in nil:
        r = pygame.Rect(left, y, inner, bh)
        buttons.append(_blind_button(b, rules, on_bid, r, L))
        y += bh + g
    cw = (inner - g * (cols - 1)) // cols
    for i, b in enumerate(numbers):
        row, col = divmod(i, cols)
        in_row = min(cols, len(numbers) - row * cols)
        x = rect.centerx - (in_row * (cw + g) - g) // 2 + col * (cw + g)
        r = pygame.Rect(x, y + row * (bh + g), cw, bh)
        buttons.append(_blind_button(b, rules, on_bid, r, L))

    def paint(surface: pygame.Surface) -> None:
        _box(surface, rect, L)
        top = rect.top + L.px(24)
        draw_text(surface, title, L.f_title, ACCENT, (rect.centerx, top), "midtop")
        top += round(L.f_title) + L.px(8)
        _draw_lines(surface, lines, L.f_body, TEXT, rect.centerx, top)
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
    why = " and ".join(MISDEAL_WORDS.get(r, r) for r in reasons)
    return question_panel(
        L,
        "Call a misdeal?",
        f"Your hand has {why}, so you may throw it in for a new deal.",
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


# --------------------------------------------------------------------------- hand result


def number(n: int) -> str:
    """A score with a true minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else number(n)


def seat_bid(hand: Hand, seat: int) -> str:
    """A seat's bid in words, the same on its box, its bubble and the summary: "Bid 4", "Nil",
    "Blind 6"; where partners bid by hint, the first partner's "Hint 4" and the second's
    "Team 7" (the team's total)."""
    b = hand.bids[seat]
    if b is None:
        return "No bid"
    if b >= NIL:
        return bid_words(b) if b < BLIND else f"Blind {b - BLIND}"
    partner = (seat + 2) % 4
    pb = hand.bids[partner]
    if hand.rules.bid_style == "hint" and not (pb is not None and pb >= NIL):
        first = pb is None or hand.order.index(seat) < hand.order.index(partner)
        return f"Hint {b}" if first else f"Team {cast(int, pb) + b}"  # not first: pb is a bid
    return f"Bid {b}"


def _seat_line(hand: Hand, names: Sequence[str], seat: int) -> str:
    words = seat_bid(hand, seat)
    return f"{names[seat]}: {words[:1].lower() + words[1:]}, took {hand.tricks_won[seat]}"


def possessive(name: str) -> str:
    """ "Your" for the player called You, else "North's"."""
    if name.strip().lower() == "you":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def pad_bid(hand: Hand, team: int) -> str:
    """A team's bid for the score pad: the contract and each nil by name ("3 + blind nil")."""
    nils, numbers = [], False
    for s in (team, team + 2):
        b = hand.bids[s]
        if b is not None and is_nil(b):
            nils.append("blind nil" if b == BLIND_NIL else "nil")
        else:
            numbers = True
    head = [str(hand.team_contract(team))] if numbers or not nils else []
    return " + ".join(head + nils)


def game_over_line(winner: int, reason: str, scores: tuple[int, int], names: Sequence[str]) -> str:
    """Why the game ended, in plain words, the winners' score first."""
    heads = team_names(names)
    win, lose = heads[winner], heads[1 - winner]
    score = f"{number(scores[winner])} to {number(scores[1 - winner])}"
    if reason.startswith("both passed"):
        target = reason.split()[2].rstrip(";")
        return f"Both teams passed {target}; {win} win, {score}"
    if reason.startswith("both fell below"):
        return f"Both teams fell below the floor; {win} win, {score}"
    if reason.startswith("the other team fell to "):
        floor = int(reason.rsplit(" ", 1)[1])
        return f"{lose} fell to {number(floor)}; {win} win, {score}"
    if reason.startswith("higher score after"):
        return f"{win} win with the higher score after {reason.split()[3]} hands, {score}"
    if reason.startswith("higher score when"):
        return f"Time ran out after {reason.split()[3]} minutes; {win} win, {score}"
    if reason:
        return f"{win} {reason}: {score}"
    return f"{win} win, {score}"


def result_rows(
    result: HandResult, hand: Hand, names: Sequence[str], rules: Rules
) -> list[tuple[str, list[tuple[str, str]]]]:
    """(label, [(words, points) for us, them]) rows describing how a hand scored."""
    teams = result.teams
    rows: list[tuple[str, list[tuple[str, str]]]] = []
    rows.append(("Bids", [(_seat_line(hand, names, t), "") for t in (0, 1)]))
    rows.append(("", [(_seat_line(hand, names, t + 2), "") for t in (0, 1)]))

    def contract(t: TeamHand) -> tuple[str, str]:
        if t.contract == 0 and not t.contract_points:
            return ("no bid (nil only)", "")
        word = "made" if t.made else "set"
        return (f"{word}: bid {t.contract}, took {t.tricks}", _signed(t.contract_points))

    rows.append(("Contract", [contract(t) for t in teams]))
    if any(t.nils for t in teams):
        cells = []
        for t in teams:
            if not t.nils:
                cells.append(("", ""))
                continue
            words = ", ".join(
                f"{possessive(names[n.seat])} {'blind nil' if n.blind else 'nil'} "
                + ("made it" if n.made else "failed")
                for n in t.nils
            )
            cells.append((words, _signed(t.nil_points)))
        rows.append(("Nil", cells))
    bag_word = "Overtricks" if rules.bag_value == 0 else "Overtricks (bags)"
    rows.append(
        (
            bag_word,
            [(str(t.overtricks), _signed(t.bag_points) if t.bag_points else "") for t in teams],
        )
    )
    if any(t.bag_penalty for t in teams):
        rows.append(
            ("Bag penalty", [("", _signed(-t.bag_penalty) if t.bag_penalty else "") for t in teams])
        )
    if any(t.renege_points for t in teams) or hand.reneges:
        rows.append(("Renege", [("", _signed(t.renege_points)) for t in teams]))
    rows.append(("This hand", [("", _signed(t.points)) for t in teams]))
    rows.append(("Score", [("", number(display_score(rules, t.score, t.bags))) for t in teams]))
    if rules.bags_display == "counter" and (rules.bag_limit or rules.bag_value):
        limit = f" of {rules.bag_limit}" if rules.bag_limit else ""
        rows.append(("Bags", [("", f"{t.bags}{limit}") for t in teams]))
    return rows


def team_names(names: Sequence[str]) -> tuple[str, str]:
    """Column headings for the two teams."""
    return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")


def result_panel(
    L: TableLayout,
    hand_no: int,
    result: HandResult,
    hand: Hand,
    names: Sequence[str],
    rules: Rules,
    on_continue: Callable[[], None] | None,
    on_review: Callable[[], None] | None = None,
    on_undo: Callable[[], None] | None = None,
) -> Panel:
    """The end-of-hand summary: bids against tricks, nils, bags, penalties, points, totals."""
    rows = result_rows(result, hand, names, rules)
    W, H = L.size
    w = min(W - 2 * L.margin, L.px(900))
    row_h = round(L.f_body * 1.55)
    h = L.px(30) + round(L.f_title) + L.px(20) + row_h * (len(rows) + 1) + L.px(24)
    if on_continue is not None or on_review is not None or on_undo is not None:
        h += L.px(44) + L.px(24)
    rect = pygame.Rect(0, 0, w, min(h, H - 2 * L.margin))
    rect.center = (W // 2, H // 2)
    specs = []
    if on_undo is not None:
        specs.append(("Undo  (U)", "undo", on_undo, "secondary"))
    if on_review is not None:
        specs.append(("Review the hand", "review", on_review, "secondary"))
    if on_continue is not None:
        specs.append(("Continue", "continue", on_continue, "accent"))
    buttons = (
        _row_of_buttons(specs, L, rect.centerx, rect.bottom - L.px(24 + 44), L.px(200))
        if specs
        else []
    )
    heads = team_names(names)

    def paint(surface: pygame.Surface) -> None:
        _box(surface, rect, L, modal=True)
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


def pad_rows(
    hands: Sequence[Hand], results: Sequence[HandResult | None], names: Sequence[str], rules: Rules
) -> list[list[str]]:
    """One row per hand: number, and for each team bid/took, points, score."""
    out = []
    for i, hand in enumerate(hands):
        res = results[i] if i < len(results) else None
        if hand.phase == MISDEAL:
            who = names[hand.misdeal_by] if hand.misdeal_by is not None else "?"
            out.append([str(i + 1), f"misdeal ({who})", "", "", "", "", ""])
            continue
        row = [str(i + 1)]
        for t in (0, 1):
            bid = pad_bid(hand, t)
            took = hand.tricks_won[t] + hand.tricks_won[t + 2]
            if res is None:
                row += [f"{bid} / {took}", "", "playing"]
            else:
                team = res.teams[t]
                row += [
                    f"{bid} / {took}",
                    _signed(team.points),
                    number(display_score(rules, team.score, team.bags)),
                ]
        out.append(row)
    return out


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
    widths = [0.1, 0.17, 0.13, 0.15, 0.17, 0.13, 0.15]
    xs = []
    for f in widths:
        xs.append(x)
        x += round(rect.width * f)
    y = rect.top
    for head, i in zip(heads, (1, 4)):
        span = xs[i + 3] - xs[i] if i + 3 < len(xs) else rect.right - xs[i]
        draw_text(surface, head, L.f_body, ACCENT, (xs[i] + span // 2, y), "midtop")
    y += round(L.f_body * 1.4)
    labels = ["Hand", "bid / took", "points", "score", "bid / took", "points", "score"]
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
    hands: Sequence[Hand],
    results: Sequence[HandResult | None],
    names: Sequence[str],
    rules: Rules,
    on_close: Callable[[], None],
    on_review: Callable[[int], None] | None = None,
) -> Panel:
    """Every hand so far, with a Close button (and a Review button on each finished hand)."""
    W, H = L.size
    rows = pad_rows(hands, results, names, rules)
    fixed = L.px(26) + round(L.f_title) + L.px(20) + pad_height(L, 0) + L.px(16 + 44 + 22)
    want = fixed + pad_height(L, max(1, len(rows))) - pad_height(L, 0)
    rect = pygame.Rect(0, 0, min(W - 2 * L.margin, L.px(860)), min(want, H - 2 * L.px(50)))
    rect.center = (W // 2, H // 2)
    r = pygame.Rect(0, 0, L.px(180), L.px(44))
    r.midbottom = (rect.centerx, rect.bottom - L.px(22))
    buttons = [_button("Close", "close", on_close, r, L, "secondary")]
    review_w = L.px(96) if on_review is not None else 0
    inner = pygame.Rect(
        rect.left + L.px(30),
        rect.top + L.px(26) + round(L.f_title) + L.px(20),
        rect.width - L.px(60) - review_w,
        0,
    )
    inner.height = r.top - L.px(16) - inner.top
    if on_review is not None:
        row_h = round(L.f_small * 1.55)
        for i, top in pad_row_tops(inner, L, len(rows)):
            if i >= len(results) or results[i] is None:
                continue
            br = pygame.Rect(inner.right + L.px(12), top - L.px(4), review_w - L.px(12), row_h)
            size = max(15, MIN_FONT / L.u)
            b = Button("Review", lambda i=i: on_review(i), "secondary", size, f"review:{i}")  # type: ignore[misc]
            b.place(br, L.u)
            buttons.insert(len(buttons) - 1, b)

    def paint(surface: pygame.Surface) -> None:
        _box(surface, rect, L, modal=True)
        draw_text(
            surface, "Score pad", L.f_title, ACCENT, (rect.centerx, rect.top + L.px(26)), "midtop"
        )
        if rows:
            draw_pad(surface, inner, L, rows, names)
        else:
            draw_text(surface, "No hands played yet.", L.f_body, MUTED, inner.center, "center")

    return Panel(rect, paint, buttons, modal=True, name="scores")


def game_over_panel(
    L: TableLayout,
    winner: int,
    reason: str,
    scores: tuple[int, int],
    human: bool,
    hands: Sequence[Hand],
    results: Sequence[HandResult | None],
    names: Sequence[str],
    rules: Rules,
    on_rematch: Callable[[], None],
    on_menu: Callable[[], None] | None,
) -> Panel:
    """The winner, why, the final pad, and Rematch / Menu."""
    W, H = L.size
    rect = pygame.Rect(0, 0, min(W - 2 * L.margin, L.px(860)), H - 2 * L.px(40))
    rect.center = (W // 2, H // 2)
    specs = [("Rematch", "rematch", on_rematch, "accent")]
    if on_menu is not None:
        specs.insert(0, ("Menu", "to_menu", on_menu, "secondary"))
    buttons = _row_of_buttons(specs, L, rect.centerx, rect.bottom - L.px(24) - L.px(44), L.px(180))
    heads = team_names(names)
    if human:
        title = "You win!" if winner == 0 else "You lose"
    else:
        title = f"{heads[winner]} win"
    rows = pad_rows(hands, results, names, rules)

    def paint(surface: pygame.Surface) -> None:
        _box(surface, rect, L, modal=True)
        y = rect.top + L.px(28)
        draw_text(surface, title, L.f_title * 1.35, ACCENT, (rect.centerx, y), "midtop")
        y += round(L.f_title * 1.35) + L.px(10)
        line = game_over_line(winner, reason, scores, names)
        draw_text(surface, line, L.f_body, TEXT, (rect.centerx, y), "midtop")
        y += round(L.f_body * 1.3) + L.px(18)
        inner = pygame.Rect(rect.left + L.px(30), y, rect.width - L.px(60), 0)
        inner.height = buttons[0].rect.top - L.px(16) - y
        draw_pad(surface, inner, L, rows, names)

    return Panel(rect, paint, buttons, modal=True, name="over")
