"""Progress: what the player's choices cost a hand against Hard's, by kind, game by game, with
a trend; the costliest kind and its worst example (opened in the hand review); the same by
rules and by computer level; the bid accuracy as a histogram. Drawn on the felt with pygame."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..coach import history as history_mod
from ..coach.history import History
from ..coach.kinds import GROUP_OF, GROUP_WORDS, KIND_WORDS, Group, Kind
from ..coach.progress import TREND, Summary, summarise
from ..engine.cards import card_name
from .coach_pages import EDGE, PANEL, open_kept_review, page_frame, rules_label
from .speech import figures as said
from .theme import ACCENT, BAD, FAINT, GOOD, MIN_TEXT, MUTED, RULE, TEXT, Color
from .widgets import (
    Button,
    Figure,
    Widget,
    WidgetScene,
    draw_panel,
    draw_text,
    ellipsize,
    line_height,
    text_width,
    title_bar,
    wrap,
)
from .window import App
from .words import bid_text, plural

GROUP_COLORS: dict[Group, Color] = {
    Group.BIDDING: (116, 176, 255),
    Group.NIL_PLAY: (200, 146, 255),
    Group.LEADS: (244, 198, 88),
    Group.FOLLOWING: (126, 226, 150),
    Group.TRUMPING: (255, 128, 118),
    Group.DISCARDS: (150, 206, 206),
}
GAMES_SHOWN = 24


def action_words(kind: str, action: int) -> str:
    """A bid or card in words."""
    return f"bid {bid_text(action)}" if kind == "bid" else card_name(action)


def worst_text(sm: Summary) -> str:
    """The costliest kind and its worst choice in a sentence ("" with none)."""
    worst = sm.worst
    if sm.costliest is None or worst is None:
        return ""
    d = worst.decision
    p = d.point
    return (
        f"Costliest: {KIND_WORDS[sm.costliest].lower()}. The worst: "
        f"{action_words(p.kind, p.action)} where Hard chose {action_words(p.kind, d.best)}"
        f" (hand {worst.entry.hand}"
        + (f", trick {p.step}" if p.kind == "play" else "")
        + f"), about {round(d.cost or 0)} points."
    )


class ProgressScene(WidgetScene):
    """The player's progress over time, from their records."""

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, back)
        self.history, problem = history_mod.load()
        if problem:
            self.message.set(problem, "warn")
        self.summary: Summary = summarise(self.history)
        self.review_button = Button("Review that hand", self.open_worst, "primary", 24, "worst")
        self.drills_button = Button("Drills", self.open_drills, "secondary", 27, "drills")
        self.back_button = Button("Back", self.back, "accent", 27, "back")
        self.review_button.enabled = self.summary.worst is not None
        self.focus = self.back_button
        self.rects: dict[str, pygame.Rect] = {}
        self.figures: dict[str, Figure] = {}
        self.make_figures()

    @classmethod
    def of(
        cls, app: App, history: History, back: Callable[[], None] | None = None
    ) -> ProgressScene:
        """The screen for given records (tests, screenshots)."""
        scene = cls(app, back)
        scene.history = history
        scene.summary = summarise(history)
        scene.review_button.enabled = scene.summary.worst is not None
        scene.make_figures()
        return scene

    def make_figures(self) -> None:
        """The figures the keyboard stops at, each with its words: the chart, each kind, the
        worst choice, by rules, by level, the tricks against the bid (none when empty)."""
        sm = self.summary
        self.figures = {}
        if not sm.hands:
            return
        self.figures["chart"] = Figure(said.progress_chart(sm, GAMES_SHOWN))
        for k in Kind:
            self.figures[k.value] = Figure(said.kind_figure(sm, k))
        self.figures["worst"] = Figure(said.progress_worst(sm, worst_text(sm)))
        self.figures["rules"] = Figure(said.shares_figure("By rules", self.rule_rows()))
        self.figures["levels"] = Figure(said.shares_figure("By computer level", self.level_rows()))
        self.figures["accuracy"] = Figure(said.accuracy_figure(sm.accuracy))

    def rule_rows(self) -> list[tuple[str, int, float]]:
        """By rules: (the rules' name, hands, points a hand)."""
        return [(rules_label(x.label), x.hands, x.per_hand) for x in self.summary.by_rules]

    def level_rows(self) -> list[tuple[str, int, float]]:
        """By computer level: (the levels, hands, points a hand)."""
        return [(x.label, x.hands, x.per_hand) for x in self.summary.by_level]

    def waiting(self) -> int:
        """Hands finished but not yet weighed."""
        return sum(1 for h in self.history.hands if not h.analysed and not h.failed)

    def summary_words(self) -> str:
        """What the screen says as it opens."""
        return said.progress_summary(self.summary, self.waiting())

    def widgets(self) -> list[Widget]:
        """The figures, then Review the worst hand, Drills, Back."""
        out: list[Widget] = [*self.figures.values(), self.drills_button, self.back_button]
        if self.summary.hands:
            out.insert(len(self.figures), self.review_button)
        return out

    def on_key(self, event: pygame.event.Event) -> None:
        """Left/Right also move between the buttons."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return
        super().on_key(event)

    # ----- actions ------------------------------------------------------------------------

    def open_drills(self) -> None:
        """The Drills screen; Back returns here."""
        fn = self.app.services.open_drills
        if fn is not None:
            fn(lambda: self.app.switch(self))

    def open_worst(self) -> None:
        """The costliest kind's worst hand in the hand review, at that decision; Back returns
        here."""
        worst = self.summary.worst
        if worst is None:
            return
        step = worst.decision.point.step
        open_kept_review(self.app, worst.entry, lambda: self.app.switch(self), step)

    # ----- layout -------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        """Chart and breakdowns over a bar of buttons."""
        s = self.s
        h = size[1]
        frame = page_frame(size, s, title_room=78, bar=84)
        self.left, self.title_top = frame.left, frame.title_top
        left, gw, top, bar_h, gap = frame.left, frame.width, frame.top, frame.bar_h, frame.gap
        bottom = h - bar_h
        right_w = round(gw * 0.36)
        chart_w = gw - right_w - gap
        body = bottom - top
        chart_h = round(body * 0.56)
        self.rects = {
            "chart": pygame.Rect(left, top, chart_w, chart_h),
            "kinds": pygame.Rect(left + chart_w + gap, top, right_w, body),
        }
        lower = pygame.Rect(left, top + chart_h + gap, chart_w, body - chart_h - gap)
        third = (lower.width - 2 * gap) // 3
        for i, name in enumerate(("rules", "levels", "accuracy")):
            self.rects[name] = pygame.Rect(
                lower.left + i * (third + gap), lower.top, third, lower.height
            )
        self.rects["empty"] = pygame.Rect(left, top, gw, body)
        for name in ("chart", "rules", "levels", "accuracy"):
            if name in self.figures:
                self.figures[name].place(self.rects[name], s)
        bh = round(27 * 1.75 * s)
        y = bottom + (bar_h - bh) // 2
        right = left + gw
        for b in (self.back_button, self.drills_button, self.review_button):
            bw = max(round(140 * s), b.natural_width(s))
            b.place(pygame.Rect(right - bw, y, bw, bh), s)
            right -= bw + round(14 * s)
        self.msg_rect = pygame.Rect(left, y, right - left - round(8 * s), bh)

    # ----- drawing ------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        """Title, the figures (or what will appear), buttons and any message."""
        s = self.s
        sm = self.summary
        sub = (
            f"{plural(sm.hands, 'hand')} weighed against Hard's play"
            + (f" · {sm.practice} practice kept apart" if sm.practice else "")
            if sm.hands
            else ""
        )
        title_bar(surface, "Progress", sub, s, self.left, self.title_top)
        if not sm.hands:
            self._empty(surface)
        else:
            self._chart(surface, self.rects["chart"])
            self._kinds(surface, self.rects["kinds"])
            self._shares(surface, self.rects["rules"], "By rules", self.rule_rows())
            self._shares(surface, self.rects["levels"], "By computer level", self.level_rows())
            self._accuracy(surface, self.rects["accuracy"])
        for b in self.widgets():
            b.draw(surface, b is self.shown_focus())
        if self.message.text:
            self.message.draw(surface, self.msg_rect, s)

    def _panel(self, surface: pygame.Surface, r: pygame.Rect, title: str) -> pygame.Rect:
        """A panel with its title; the area left inside."""
        s = self.s
        draw_panel(surface, r, PANEL, round(14 * s), EDGE)
        pad = round(16 * s)
        size = 24 * s
        while text_width(title, size) > r.width - 2 * pad and size > MIN_TEXT:
            size = max(MIN_TEXT, size * 0.94)  # a narrow panel with a larger text size
        t = draw_text(
            surface,
            ellipsize(title, size, r.width - 2 * pad),
            size,
            MUTED,
            (r.left + pad, r.top + round(10 * s)),
        )
        return pygame.Rect(
            r.left + pad,
            t.bottom + round(8 * s),
            r.width - 2 * pad,
            r.bottom - t.bottom - round(8 * s) - pad,
        )

    def _empty(self, surface: pygame.Surface) -> None:
        s = self.s
        r = self.rects["empty"].inflate(-round(160 * s), -round(60 * s))
        inner = self._panel(surface, r, "Nothing to show yet")
        waiting = self.waiting()
        text = (
            "Play a hand against the computer and it appears here. After every hand you "
            "finish, each of your bids and cards is weighed against Hard's choice in the "
            "background. This screen then shows what your choices cost a hand, split into "
            "bidding, nil play, leads, following, trumping and discards, game by game with a "
            "trend; your costliest kind with its worst example; the same by rules and by "
            "computer level; and how close your team's tricks come to its bid.\n\n"
            "Practice hands (with undo) are kept apart. Your costliest choices become Drills."
        )
        if waiting:
            text += f"\n\n{plural(waiting, 'hand')} waiting to be weighed: keep playing."
        size = 24 * s
        y = inner.top + round(6 * s)
        for line in wrap(text, size, inner.width):
            draw_text(surface, line, size, TEXT, (inner.left, y))
            y += line_height(size)

    def _chart(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Stacked bars a game (points a hand by group) and the trend line."""
        s = self.s
        sm = self.summary
        inner = self._panel(surface, r, "Points your choices cost a hand, game by game")
        games = sm.games[-GAMES_SHOWN:]
        small = max(MIN_TEXT, 20 * s)
        now, before = sm.trend_now, sm.trend_before
        if now is not None:
            trend = f"Last {min(TREND, len(sm.games))} games: {now:.1f} a hand"
            col: Color = TEXT
            if before is not None:
                better = now < before - 0.05
                trend += f", the {TREND} before: {before:.1f}"
                trend += " (better)" if better else " (worse)" if now > before + 0.05 else ""
                col = GOOD if better else BAD if now > before + 0.05 else TEXT
            title_w = text_width("Points your choices cost a hand, game by game", 24 * s)
            if title_w + text_width(trend, small) + round(24 * s) <= inner.width:
                at = (inner.right, r.top + round(13 * s))
            else:  # beside the title it would lie over it: under it
                at = (inner.right, inner.top)
                inner = pygame.Rect(inner.left, inner.top + line_height(small), inner.width, 0)
                inner.height = r.bottom - round(16 * s) - inner.top
            draw_text(surface, trend, small, col, at, "topright")
        legend_h = line_height(small)
        half = legend_h // 2  # the top figure is centred on the top line: room for its upper half
        plot = pygame.Rect(
            inner.left + round(34 * s),
            inner.top + half,
            inner.width - round(34 * s),
            inner.height - 2 * legend_h - round(6 * s) - half,  # the caption, then the legend
        )
        top_val = max([g.total for g in games] + [1.0])
        step = next((x for x in (1, 2, 5, 10, 20, 50, 100) if top_val / x <= 5), 200)
        ceiling = step * (int(top_val // step) + 1)
        for v in range(0, ceiling + 1, step):
            y = plot.bottom - round(plot.height * v / ceiling)
            pygame.draw.line(surface, RULE, (plot.left, y), (plot.right, y), 1)
            draw_text(surface, str(v), small, FAINT, (plot.left - round(6 * s), y), "midright")
        n = len(games)
        slot = plot.width / max(n, 8)
        bw = max(3, round(slot * 0.62))
        xs = []
        for i, g in enumerate(games):
            x = plot.left + round(slot * i + (slot - bw) / 2)
            y = plot.bottom
            for grp in Group:
                val = g.by_group.get(grp, 0.0)
                hgt = round(plot.height * val / ceiling)
                if hgt > 0:
                    pygame.draw.rect(surface, GROUP_COLORS[grp], (x, y - hgt, bw, hgt))
                y -= hgt
            xs.append(x + bw // 2)
        if n >= 2:  # the trend: the mean of the last TREND games at each game
            pts = []
            for i in range(n):
                win = games[max(0, i - TREND + 1) : i + 1]
                hands = sum(g.hands for g in win)
                mean = sum(g.total * g.hands for g in win) / hands
                pts.append((xs[i], plot.bottom - round(plot.height * mean / ceiling)))
            pygame.draw.lines(surface, TEXT, False, pts, max(2, round(3 * s)))
        label = f"game 1 to {len(sm.games)}" if n == len(sm.games) else f"last {n} games"
        draw_text(
            surface,
            f"{label}; the white line is a running average over up to {TREND} games",
            small,
            FAINT,
            (plot.left, plot.bottom + round(4 * s)),
        )
        x = inner.left
        y = inner.bottom - legend_h
        for grp in Group:
            word = GROUP_WORDS[grp]
            sw = round(12 * s)
            pygame.draw.rect(surface, GROUP_COLORS[grp], (x, y + (legend_h - sw) // 2, sw, sw))
            draw_text(surface, word, small, TEXT, (x + sw + round(5 * s), y))
            x += sw + text_width(word, small) + round(16 * s)

    def _kinds(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Points a hand by kind, the costliest named with its worst example."""
        s = self.s
        sm = self.summary
        inner = self._panel(surface, r, "Points a hand, by kind of choice")
        size = max(MIN_TEXT, 21 * s)
        row = max(line_height(size), round(inner.height * 0.058))
        top = max(sm.by_kind.values()) or 1.0
        label_w = max(text_width(KIND_WORDS[k], size) for k in Kind) + round(16 * s)
        val_w = text_width("00.0", size) + round(6 * s)
        y = inner.top
        for k in Kind:
            v = sm.by_kind[k]
            if k.value in self.figures:
                self.figures[k.value].place(pygame.Rect(inner.left, y, inner.width, row), s)
            hot = k == sm.costliest
            draw_text(surface, KIND_WORDS[k], size, ACCENT if hot else TEXT, (inner.left, y))
            bar = pygame.Rect(
                inner.left + label_w,
                y + row // 5,
                round((inner.width - label_w - val_w) * v / top),
                row * 3 // 5,
            )
            if bar.width > 0:
                pygame.draw.rect(surface, GROUP_COLORS[GROUP_OF[k]], bar, border_radius=2)
            draw_text(surface, f"{v:.1f}", size, TEXT if v else FAINT, (inner.right, y), "topright")
            y += row
        y += round(10 * s)
        pygame.draw.line(surface, RULE, (inner.left, y), (inner.right, y), 1)
        y += round(10 * s)
        text = worst_text(sm)
        lh = line_height(size)
        lines = wrap(text, size, inner.width)[: max(1, (inner.bottom - y) // lh)]
        if "worst" in self.figures:
            high = lh * max(1, len(lines))
            self.figures["worst"].place(pygame.Rect(inner.left, y, inner.width, high), s)
        if not text:
            draw_text(surface, "No costly choices so far.", size, GOOD, (inner.left, y))
            return
        for line in lines:
            draw_text(surface, line, size, TEXT, (inner.left, y))
            y += lh

    def _shares(
        self,
        surface: pygame.Surface,
        r: pygame.Rect,
        title: str,
        rows: list[tuple[str, int, float]],
    ) -> None:
        """A small table: label, hands, points a hand; a label too long to share its line with
        the count has the count on a line of its own below it."""
        s = self.s
        inner = self._panel(surface, r, title)
        size = max(MIN_TEXT, 21 * s)
        lh = line_height(size)
        head = "points a hand"
        draw_text(surface, head, max(MIN_TEXT, 18 * s), FAINT, (inner.right, inner.top), "topright")
        y = inner.top + lh
        for i, (label, hands, per) in enumerate(rows):
            val = f"{per:.1f}"
            room = inner.width - text_width(val, size) - round(10 * s)
            count = f"({plural(hands, 'hand')})"
            one = f"{label} {count}"
            split = text_width(one, size) > room
            if i and y + (2 if split else 1) * lh > inner.bottom:
                break
            text = ellipsize(label, size, room) if split else one
            draw_text(surface, text, size, TEXT, (inner.left, y))
            draw_text(surface, val, size, ACCENT, (inner.right, y), "topright")
            y += lh
            if split:
                draw_text(surface, count, size, MUTED, (inner.left, y))
                y += lh

    def _accuracy(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Hands by our tricks minus our bid, -4 or fewer to +4 or more."""
        s = self.s
        inner = self._panel(surface, r, "Tricks over our bid")
        size = max(MIN_TEXT, 20 * s)
        bins = dict.fromkeys(range(-4, 5), 0)
        for k, v in self.summary.accuracy.items():
            bins[max(-4, min(4, k))] += v
        most = max(bins.values()) or 1
        lh = line_height(size)
        plot = pygame.Rect(inner.left, inner.top, inner.width, inner.height - lh)
        slot = plot.width / len(bins)
        for i, (k, v) in enumerate(bins.items()):
            x = plot.left + round(slot * i)
            hgt = round((plot.height - lh) * v / most)
            col = GOOD if k == 0 else (244, 198, 88) if k > 0 else BAD
            if hgt:
                pygame.draw.rect(
                    surface, col, (x + 2, plot.bottom - hgt, max(2, round(slot) - 4), hgt)
                )
                draw_text(
                    surface, str(v), size, TEXT, (x + slot / 2, plot.bottom - hgt), "midbottom"
                )
            lab = f"{k:+d}" if k else "0"
            if text_width("+4", size) > slot - 2:  # crowded: the minus signs say enough
                lab = lab.lstrip("+")
            draw_text(surface, lab, size, FAINT, (x + slot / 2, plot.bottom), "midtop")
