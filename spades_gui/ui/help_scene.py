"""How to play: a short introduction to Spades and the active rules in plain words."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine.presets import PRESETS
from ..engine.rules import RulesError
from ..settings import Settings
from .guide import open_guided_hand
from .how_to_play import explain
from .speech.table import HEARING_HELP
from .theme import ACCENT, FAINT, MUTED, TEXT
from .widgets import (
    Button,
    Label,
    ScrollView,
    SidebarScene,
    SidePill,
    Widget,
    draw_text,
)
from .window import App

INTRO = (
    "Spades is a trick-taking game for four players in two partnerships: you (South) and "
    "your partner (North) play against West and East. Each hand, every player gets 13 cards.",
    "Everyone looks at their cards and bids how many tricks they expect to take. Your bid "
    "and your partner's make your team's contract. A Nil bid promises to take no tricks.",
    "The player who leads puts down any allowed card; the others follow the suit led if they "
    "can. Spades are trumps: any spade beats every card of the other suits. The highest "
    "spade, or else the highest card of the suit led, wins the trick.",
    "Make your contract and you score; fall short and you are set and lose points. Tricks "
    "over the contract are bags, and too many of them cost points. Hands go on until a "
    "team reaches the target.",
)

CONTROLS = (
    "Play a card by clicking it, dragging it to the table, or with Left/Right and Enter. "
    "Cards you may play stand raised; a card you may not play says why when you click it.",
    "Bid by clicking a number, or from the keyboard: type the number (1 then 2 for 12) or "
    "move with Left/Right, then press Enter. Once you use the keys, each turn starts on a "
    "card you may play or a bid, so Enter alone goes on. On its Table page, Settings can "
    "ask before each bid is sent.",
    "L shows the last trick, S the score pad, K the cards still out in each suit (beside "
    "the trick: those neither played nor in your hand), P the pace (Slow, Normal, Fast), O the "
    "options (practice mode, exporting the game or a hand, opening a game record), Esc goes "
    "back to the menu: the game is saved after every bid and trick, and Continue picks it up "
    "exactly there. F11 switches full screen (also on the Table page of Settings); the window "
    "opens again as you left it.",
    "H asks for a hint: the card or bid the Hard computer player would choose, with its "
    "reason. In practice mode U (or Ctrl+Z) takes back your last bid or card, as many times "
    "as you like within the hand.",
    HEARING_HELP,
    "C claims the rest of the tricks when your cards must win them all. After a hand, "
    "Review steps through it trick by trick with every hand face up and shows where the "
    "Hard player would have done differently, and about what it cost.",
    "Where the rules have them, the bid panel also offers the questions for your partner "
    '("Ask North: can you cover a no trump?", Double Nil) and the Bemos: click a Bemo to '
    "declare it with the bid you click next. When partner asks you, answer Yes or No. Cards "
    "to discard or pass are chosen by clicking them, then the panel's button; passing one "
    "card after a blind nil, you may also click the suit you would like back.",
    "Every hand you finish is weighed against the Hard player's choices while you play on. "
    "Progress (on the menu and under Statistics) shows what your choices cost a hand, by "
    "kind (bidding, nil play, leads, following, trumping, discards), game by game, by rules "
    "and by computer level, and how close your tricks come to your bid. Practice hands are "
    "kept apart.",
    "Drills (on the menu) give you positions to choose in again: your own costliest "
    "choices, which come back after 1, 3 and 7 days of play until you get them right, and "
    "a built-in set by theme (covering a nil, setting one, bags, bidding). Each answer comes "
    "with the reason and what each choice is worth.",
)

PRACTICE = (
    "New to Spades? Play a guided hand (the button below; it is also offered on the first "
    "start): one hand where the table explains each moment as it comes (bidding, following "
    "suit, trumping, spades being broken, a nil and its cover, bags and the score) while you "
    "make every choice, and the coach says why when a choice looks weak. Leave it at any "
    "moment with Esc (once the hand is under way, it asks first).",
    "Play a deal again: in the review of a finished hand, Play this deal again deals the same "
    "cards to every seat, so you can try another bid or line. At its end your first try, your "
    "new one and the Hard player in your seat on the same cards stand side by side. A hand "
    "played again, like the guided hand, is not saved and counts neither in the statistics "
    "nor in Progress; your game waits for you.",
)


class SectionLink(SidePill):
    """A section title in the contents column: a click, or Enter when focused, scrolls to
    it."""

    focusable = True

    def __init__(self, title: str, target: Label, scene: HelpScene) -> None:
        super().__init__(title)
        self.name = f"section:{title}"
        self.target = target
        self.scene = scene

    def click(self, pos: tuple[int, int]) -> bool:
        """Scroll the text to the section."""
        self.scene.jump_to(self.target)
        return True

    def activate(self) -> bool:
        """Enter: scroll the text to the section."""
        self.scene.jump_to(self.target)
        return True

    def current(self) -> bool:
        """The section on screen."""
        return self.scene.current_section() is self


class HelpScene(SidebarScene):
    """The rules of the game as it will be played, generated from the settings."""

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, back)
        self.settings: Settings = app.services.loaded_settings()
        self.view = ScrollView(gap=4)
        self.back_button = Button("Back", self.back, "accent", 27)
        self.guide_button = Button("Play a guided hand", self.open_guide, "secondary", 27, "guide")
        self.links: list[SectionLink] = []
        self.jumped: tuple[Widget, float] | None = None
        self.build()

    def build(self) -> None:
        """Intro paragraphs, then each section of the explained rules."""
        rows: list[Widget] = []
        links: list[tuple[str, Label]] = []
        head = Label("Spades in a minute", 38, ACCENT)
        links.append(("Introduction", head))
        rows.append(head)
        for para in INTRO:
            rows.append(Label(para, 28, TEXT, gap_above=8))
        controls = Label("Playing at the table", 38, ACCENT, gap_above=30)
        links.append(("Controls", controls))
        rows.append(controls)
        for para in CONTROLS:
            rows.append(Label(para, 28, TEXT, bullet=True, gap_above=6))
        practice = Label("Practice", 38, ACCENT, gap_above=30)
        links.append(("Practice", practice))
        rows.append(practice)
        for para in PRACTICE:
            rows.append(Label(para, 28, TEXT, bullet=True, gap_above=6))
        try:
            rules = self.settings.rules()
            name = self.settings.rules_name()
        except RulesError as e:
            rules = PRESETS[self.settings.preset].rules
            name = PRESETS[self.settings.preset].name + f" (your changes cannot be played: {e})"
        intro = Label(f"The rules you play: {name}", 38, ACCENT, gap_above=30)
        rows.append(intro)
        rows.append(
            Label(
                "Written from your settings, so they always match the game. "
                "Change them under Settings.",
                25,
                MUTED,
                gap_above=4,
            )
        )
        for title, lines in explain(rules):
            h = Label(title, 34, ACCENT, gap_above=22)
            links.append((title, h))
            rows.append(h)
            for line in lines:
                rows.append(Label(line, 28, TEXT, bullet=True, gap_above=6))
        rows.append(Label("", 28, TEXT, gap_above=40))
        self.view.set_rows(rows)
        self.links = [SectionLink(t, w, self) for t, w in links]

    def jump_to(self, target: Label) -> None:
        """Scroll so a section heading is at the top (or as near as the text allows)."""
        self.view.scroll = self.view.offset_of(target) + round(target.gap_above * self.s)
        self.view.clamp()
        self.view.place()
        self.jumped = (target, self.view.scroll)
        self.app.invalidate()

    def current_section(self) -> SectionLink | None:
        """The section just jumped to, else the last one whose heading is above the top (at
        the end of the text, the last one on screen: the last sections never reach the top)."""
        if self.jumped is not None and self.jumped[1] == self.view.scroll:
            return next((x for x in self.links if x.target is self.jumped[0]), None)
        top = self.view.scroll + round(30 * self.s)
        if self.view.scroll >= self.view.max_scroll() > 0:
            top = self.view.scroll + self.view.viewport.height - round(60 * self.s)
        current = self.links[0] if self.links else None
        for link in self.links:
            if self.view.offset_of(link.target) <= top:
                current = link
        return current

    def widgets(self) -> list[Widget]:
        """The Back button and the section links."""
        return [self.back_button, self.guide_button, *self.links]

    def section_words(self) -> str:
        """The text of the section on screen, its heading first (said as it changes)."""
        current = self.current_section()
        if current is None:
            return ""
        rows = self.view.rows
        start = rows.index(current.target)
        ends = [rows.index(x.target) for x in self.links if rows.index(x.target) > start]
        texts = [getattr(w, "text", "") for w in rows[start : min(ends, default=len(rows))]]
        return ". ".join(t.rstrip(".") for t in texts if t)

    def summary_words(self) -> str:
        """What the screen says as it opens and as a new section comes up."""
        return self.section_words()

    def on_key(self, event: pygame.event.Event) -> None:
        """Up/Down and page keys scroll; Left/Right and Tab move between the buttons and the
        sections, Enter chooses (Back, or a section: scrolled to); Escape goes back."""
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            back = k == pygame.K_LEFT or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.move_focus(-1 if back else 1)
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            self.focus.activate()
            return
        line = 64 * self.s
        page = self.view.viewport.height * 0.85
        moves = {
            pygame.K_DOWN: line,
            pygame.K_UP: -line,
            pygame.K_PAGEDOWN: page,
            pygame.K_SPACE: page,
            pygame.K_PAGEUP: -page,
            pygame.K_HOME: -1e9,
            pygame.K_END: 1e9,
        }
        if k in moves:
            self.view.scroll_by(moves[k])
        elif k in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE):
            self.back()

    def side(self) -> list[SectionLink]:
        """The section links."""
        return self.links

    def bar_buttons(self) -> list[Button]:
        """Back, and the guided hand."""
        return [self.back_button, self.guide_button]

    def open_guide(self) -> None:
        """The guided hand; it comes back here."""
        open_guided_hand(self.app, back=lambda: self.app.switch(self))

    def paint(self, surface: pygame.Surface) -> None:
        """Title, contents, the text panel, the Back button and the keys."""
        s = self.s
        self.paint_page(surface, "How to play", f"Rules: {self.settings.rules_name()}")
        draw_text(
            surface,
            "Wheel or Up/Down: scroll  ·  Left/Right: sections  ·  Esc: back",
            23 * s,
            FAINT,
            (self.m, self.back_button.rect.centery),
            "midleft",
        )
