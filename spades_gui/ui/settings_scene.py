"""Settings: a rules preset, every rule option by group, computer seats, names and the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..engine.game import DEFAULT_NAMES, SEAT_WORDS
from ..engine.presets import PRESETS
from ..engine.rules import GROUPS, OPTIONS, YES_NO, Option, Rules, RulesError
from ..settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    COMPUTER_SEATS,
    FELTS,
    LEVELS,
    NAME_MAX,
    PLAYED_CARDS,
    SEAT_KEYS,
    TEXT_SIZES,
    TRICK_COLLECT,
    Settings,
)
from .card_art import SHOWCASE
from .prefs import Prefs
from .settings_widgets import SKIP_REFUSED, PresetCard, SkippingSelector, TabButton
from .speech import DETAILS as DETAIL_CHOICES
from .speech import MODES as SPEECH_CHOICES
from .theme import ACCENT, FAINT, MUTED, look, set_look
from .widgets import (
    Button,
    Checkbox,
    Custom,
    GroupHeading,
    Label,
    ScrollView,
    Selector,
    SidebarScene,
    Stepper,
    TextField,
    Toggle,
    Widget,
    draw_panel,
    draw_text,
    line_height,
    text_width,
    wrap,
)
from .window import App
from .words import plural

GROUP_TITLES = {
    "deck": "Deck",
    "deal": "Dealing",
    "bidding": "Bidding",
    "nil": "Nil",
    "play": "Playing",
    "scoring": "Scoring",
    "game end": "Winning",
}
TABS: tuple[tuple[str, str], ...] = (
    ("preset", "Preset"),
    *((g, GROUP_TITLES[g]) for g in GROUPS),
    ("players", "Players"),
    ("table", "Table"),
)

# Labels shown instead of the engine's where its wording assumes a text box.
LABELS = {
    "bag_limit": "Bags that trigger a penalty",
    "losing_floor": "A team at or below this score loses",
    "match_hands": "Fixed-length match",
    "target": "Points to win",
    "time_limit_min": "Time limit",
    "min_team_bid": "Minimum team bid",
}
NOTES = {
    "min_team_bid": "A team bidding two nils is exempt.",
    "double_nil_value": "Both made: the team wins it; one failed: nothing; both failed: lost.",
    "moon_value": "Used when a bid of 13 is a Moon.",
    "ten_for_200_value": "Used when 10-for-200 is on.",
    "blind_nil_pass": "Used when there is an exchange.",
    "blind_nil_deficit": "Used when blind nil is only for a team behind.",
    "blind_nil_exchange": "The blind nil bidder and partner swap cards after the bidding.",
    "target": "None: the game ends by a fixed number of hands or the clock.",
    "jokers_replace": "Only matters with the jokers in.",
    "tiebreak": "Over the target, after the match's hands, or when time is up.",
    "time_limit_min": "The hand being played is finished; the higher score wins.",
    "blind6_made": "Used when Blind 6 is allowed.",
    "blind6_penalty": "Used when Blind 6 is allowed; some tables lose only 60.",
    "moon_wins": "Needs a bid of 13 to be a Moon (under “Taking all 13 tricks”).",
    "no_bid_one": "With hint bidding, partner keeps the first bid or adds at least 2.",
    "blind_nil_no_bags": "Its extra tricks still score, but never add to a bag penalty.",
    "high_twos": "Highest first; they count as spades, just below any jokers.",
    "blind_nil_ask_suit": "Needs 1 card exchanged each way; partner need not pass that suit.",
    "nil_exchange": "One card each way, after the bidding.",
    "raise_round": "After the bidding, each team in turn may raise its total (to 13 at most).",
    "bemo": "One Bemo a team; its 60 or 90 is won or lost on top of the team's ordinary bid.",
    "special_card": "Only for a team that made its bid with overtricks.",
    "leftover_to": "With all 54 cards in play, whoever gets the two extra cards discards two.",
    "leftover_discard": "Discarding first means seeing the cards, so that player cannot bid blind.",
    "no_trump": "The bidder must hold a spade, and may not win a trick by trumping with one.",
    "no_trump_penalty": "Double is the usual choice.",
    "no_trump_blind": "Bid before looking at the cards, from one below the lowest blind bid.",
    "no_trump_blind_penalty": "Triple is the usual choice: it costs what it would have won.",
    "no_trump_blind_deficit": "For example, more than 400 behind in a game to 1000.",
    "double_nil_bid": "Both partners bid nil together, as the team's first bid.",
    "double_nil_bonus": "Unless a made Double Nil wins the game.",
    "double_nil_penalty": "Unless a failed Double Nil loses the game; 250 or 500 is usual.",
    "double_nil_deficit": "For example, more than 400 behind in a game to 1000.",
    "double_nil_exchange": "Each partner passes 2 cards to the other at the same time.",
    "double_nil_blind": "Agreed before either partner looks at the cards.",
}
STEPS = {
    "target": 50,
    "losing_floor": 50,
    "blind_nil_deficit": 50,
    "moon_value": 50,
    "time_limit_min": 5,
    "no_trump_blind_deficit": 50,
    "double_nil_deficit": 50,
    "double_nil_bonus": 50,
    "double_nil_penalty": 50,
}
ZERO_WORDS = {
    "min_team_bid": "none",
    "target": "none",
    "bag_limit": "never",
    "match_hands": "off",
    "time_limit_min": "off",
    "no_trump_blind_deficit": "any time",
    "double_nil_deficit": "any time",
}
UNITS = {"time_limit_min": " min", "match_hands": " hands", "blind_nil_pass": " cards"}


def _step(opt: Option) -> int:
    """How far one press of − or + moves an option's number."""
    return STEPS.get(opt.name, 10 if opt.high >= 100 else 1)


class SettingsScene(SidebarScene):
    """Rules, players and table settings; every change is checked and saved at once."""

    side_row_h = 48
    panel_pad = 14

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, back)
        self.settings: Settings = app.services.loaded_settings()
        self.rules: Rules = self.settings.rules()
        self.tab = "preset"
        self.msg_rect = pygame.Rect(0, 0, 0, 0)
        self.view = ScrollView(gap=6)
        self.tabs = [TabButton(k, t, self) for k, t in TABS]
        self.reset_button = Button("Reset to preset", self.ask_reset, "secondary", 27)
        self.done_button = Button("Done", self.back, "accent", 27)
        self.build_rows()

    # ----- pages --------------------------------------------------------------------------

    def show_tab(self, key: str) -> None:
        """Switch to a page of settings."""
        if key != self.tab:
            self.tab = key
            self.build_rows()
            self.focus = None
            self.relayout()
            self.view.scroll = 0
            self.view.place()

    def cycle_tab(self, d: int) -> None:
        """Next or previous page."""
        keys = [k for k, _ in TABS]
        self.show_tab(keys[(keys.index(self.tab) + d) % len(keys)])
        items = self.focusables()
        self.focus = items[0] if items else None

    def tab_modified(self, key: str) -> bool:
        """Whether any rule option on a page differs from the preset."""
        if key in GROUP_TITLES:
            return any(o.group == key and o.name in self.settings.overrides for o in OPTIONS)
        return False

    def build_rows(self) -> None:
        """The rows of the current page."""
        if self.tab == "preset":
            rows: list[Widget] = [
                Label(
                    "Choose the rules you play by. Each preset is one way people play; "
                    "change any single option on the pages that follow.",
                    25,
                    MUTED,
                )
            ]
            rows += [PresetCard(pid, self) for pid in PRESETS]
        elif self.tab in GROUP_TITLES:
            rows = []
            for opt in OPTIONS:
                if opt.group == self.tab:
                    rows += self.option_rows(opt)
        elif self.tab == "players":
            rows = self.player_rows()
        else:
            rows = self.table_rows()
        self.view.set_rows(rows)

    def option_rows(self, opt: Option) -> list[Widget]:
        """The row (or heading and checkboxes) for one rule option."""
        name = opt.name
        label = LABELS.get(name, opt.label)
        note = NOTES.get(name, "")

        def get() -> Any:
            return getattr(self.rules, name)

        def modified() -> bool:
            return name in self.settings.overrides

        def set(value: Any) -> None:
            self.change(name, value, label)

        kw: dict[str, Any] = {"note": note, "modified": modified, "name": name}
        if opt.multi:
            rows: list[Widget] = [GroupHeading(label, note=note, modified=modified)]
            for choice, words in opt.choices:
                rows.append(
                    Checkbox(
                        words,
                        lambda c=choice: c in getattr(self.rules, name),  # type: ignore[misc]
                        lambda on, c=choice: self.change_multi(name, c, on, label),  # type: ignore[misc]
                        modified=modified,
                        name=f"{name}:{choice}",
                    )
                )
            return rows
        if opt.choices == YES_NO:
            return [Toggle(label, get, set, **kw)]
        if opt.choices and name in SKIP_REFUSED:

            def allowed(value: Any) -> bool:
                try:
                    self.rules.with_options(**{name: value})
                except RulesError:
                    return False
                return True

            return [SkippingSelector(label, opt.choices, get, set, allowed, **kw)]
        if opt.choices:
            return [Selector(label, opt.choices, get, set, **kw)]
        return [
            Stepper(
                label,
                get,
                set,
                opt.low,
                opt.high,
                _step(opt),
                none_word="never" if name == "losing_floor" else None,
                zero_word=ZERO_WORDS.get(name),
                unit=UNITS.get(name, ""),
                **kw,
            )
        ]

    def player_rows(self) -> list[Widget]:
        """Computer levels and the four names."""
        s = self.settings
        rows: list[Widget] = [Label("Computer players", 33, ACCENT, gap_above=4)]
        role = {1: "opponent", 2: "your partner", 3: "opponent"}
        for seat, seat_name in COMPUTER_SEATS:
            key = SEAT_KEYS[seat]
            rows.append(
                Selector(
                    f"{seat_name} ({role[seat]})",
                    LEVELS,
                    lambda k=key: s.levels[k],  # type: ignore[misc]
                    lambda v, k=key: self.set_pref(lambda: s.levels.__setitem__(k, v)),  # type: ignore[misc]
                    name=f"level:{key}",
                )
            )
        rows.append(Label("Names at the table", 33, ACCENT, gap_above=18))
        for seat, word in enumerate(SEAT_WORDS):
            title = {0: f"You ({word})", 2: f"{word} (partner)"}.get(seat, word)
            rows.append(
                TextField(
                    title,
                    lambda i=seat: s.names[i],  # type: ignore[misc]
                    lambda v, i=seat: self.set_name(i, v),  # type: ignore[misc]
                    NAME_MAX,
                    placeholder=DEFAULT_NAMES[seat],
                    name=f"name:{seat}",
                )
            )
        return rows

    def table_rows(self) -> list[Widget]:
        """Reading (text size, cards, colours, letters), full screen, animation, sound, play,
        card backs and the felt, with a preview."""
        backs = [(k, v[0]) for k, v in CARD_BACKS.items()]
        felts = [(k, v[0]) for k, v in FELTS.items()]
        s = self.settings
        return [
            self.pref_row("Text size", "text_size", TEXT_SIZES, note="Every screen's letters."),
            self.pref_row("Large cards", "large_cards", note="The table's cards a quarter larger."),
            self.pref_row(
                "Four-colour suits",
                "four_color",
                note="Clubs amber, diamonds blue, hearts red: told apart with any colour"
                " blindness.",
            ),
            self.pref_row(
                "Suit letters",
                "suit_letters",
                note="S, H, D and C beside the suit symbols, on the cards and in text.",
            ),
            self.pref_row(
                "High contrast",
                "high_contrast",
                note="A black table, white letters and outlined panels.",
            ),
            Toggle(
                "Full screen",
                lambda: s.fullscreen,
                self.set_fullscreen,
                ("On", "Off"),
                note="Fills the screen. F11 switches it at any time.",
                name="fullscreen",
            ),
            self.pref_row("Animation speed", "animation", ANIMATION_SPEEDS),
            Stepper(
                "Sound volume",
                lambda: s.volume,
                lambda v: self.set_pref(lambda: setattr(s, "volume", v)),
                0,
                100,
                10,
                zero_word="off",
                unit="%",
                name="volume",
            ),
            self.pref_row(
                "Practice mode",
                "practice",
                note="Undo bids and cards; a hand with an undo counts only as a practice hand.",
            ),
            self.pref_row(
                "Play forced cards",
                "auto_play",
                note="When you have only one card you may play, it is played for you.",
            ),
            self.pref_row("Collect each trick", "collect", TRICK_COLLECT),
            self.pref_row(
                "Ask before sending a bid",
                "confirm_bid",
                note="Asks “Bid 4?” before your bid goes to the table.",
            ),
            self.pref_row(
                "Show what each side needs",
                "show_needs",
                note="While the cards are played: “We need 2 more · They need 1 to set us”.",
            ),
            self.pref_row(
                "Show played cards",
                "played_cards",
                PLAYED_CARDS,
                note="Beside the trick, each suit's cards still out (not played, not yours)."
                " Not in tournaments: off in a game with a tournament clock. K at the table.",
            ),
            self.pref_row(
                "Speech",
                "speech",
                SPEECH_CHOICES,
                note="Says every bid, card and trick, and what the keyboard is on (F2).",
            ),
            self.pref_row(
                "Spoken detail",
                "speech_detail",
                DETAIL_CHOICES,
                note="Everything: each turn names your cards and the trick. Essentials: less.",
            ),
            self.pref_row("Card back", "card_back", backs),
            self.pref_row("Table colour", "felt", felts),
            Custom(220, self.paint_preview),
        ]

    def pref_row(self, label: str, attr: str, choices: Any = None, note: str = "") -> Widget:
        """A table preference of the settings: one of `choices`, or On/Off without them."""
        s = self.settings

        def get() -> Any:
            return getattr(s, attr)

        def put(value: Any) -> None:
            self.set_pref(lambda: setattr(s, attr, value))

        if choices is None:
            return Toggle(label, get, put, ("On", "Off"), note=note, name=attr)
        return Selector(label, choices, get, put, note=note, name=attr)

    def paint_preview(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """Four cards and a back in the chosen style, on the chosen felt."""
        prefs = Prefs.read(self.settings.prefs())
        art = prefs.card_art()
        cw = round(118 * s)
        gap = round(18 * s)
        x = rect.left + round(16 * s)
        y = rect.top + round(12 * s)
        cloth = pygame.Rect(rect.left, rect.top, 5 * cw + 6 * gap + round(32 * s), 0)
        cloth.height = round(cw * 1.4) + round(24 * s)
        draw_panel(surface, cloth, prefs.felt, round(14 * s), (255, 255, 255, 40), 1)
        for card in SHOWCASE:
            surface.blit(art.face(card, cw), (x, y))
            x += cw + gap
        surface.blit(art.back(cw), (x + gap, y))

    # ----- changes ------------------------------------------------------------------------

    def change(self, name: str, value: Any, label: str) -> None:
        """Change a rule option, or show why it cannot be."""
        try:
            self.rules = self.settings.set_option(name, value)
        except RulesError as e:
            self.message.set(f"“{label}” not changed: {e}.", "error")
            self.app.invalidate()
            return
        self.message.clear()
        self.saved()

    def change_multi(self, name: str, choice: Any, on: bool, label: str) -> None:
        """Tick or untick one choice of a multi-select option."""
        current = list(getattr(self.rules, name))
        if on and choice not in current:
            current.append(choice)
        elif not on and choice in current:
            current.remove(choice)
        self.change(name, current, label)

    def set_pref(self, apply: Callable[[], Any]) -> None:
        """Change a non-rule setting and save."""
        apply()
        before = look()
        set_look(Prefs.read(self.settings.prefs()).look())
        if look().text_size != before.text_size:
            self.relayout()  # every line's height changed
        self.saved()

    def set_fullscreen(self, on: bool) -> None:
        """Full screen on or off: the window changes at once (where the program opened it)."""
        placement = self.app.placement
        if placement is None:
            self.set_pref(lambda: setattr(self.settings, "fullscreen", on))
            return
        placement.set_fullscreen(on, save=False)
        self.saved()

    def set_name(self, seat: int, text: str) -> None:
        """Change a player's name and save."""
        self.settings.names[seat] = text[:NAME_MAX]
        self.saved()

    def saved(self) -> None:
        """Write settings.json after a change; show a message if that failed."""
        problem = self.settings.save()
        if problem:
            self.message.set(problem, "error")
        self.app.invalidate()

    def choose_preset(self, preset_id: str) -> None:
        """Switch to a preset; with changes made to the current rules, ask first."""
        s = self.settings
        if s.preset == preset_id:
            if s.overrides:
                self.ask_reset()  # the same preset again: the same question as Reset
            return
        n = len(s.overrides)
        if not n:
            self.switch_preset(preset_id)
            return
        old = PRESETS[s.preset].name
        name = PRESETS[preset_id].name

        def keep() -> None:
            self.message.set(f"Rules kept: {old} with your {plural(n, 'change')}.")
            self.app.invalidate()

        self.confirm(
            f"Switch to {name}?",
            f"Your {plural(n, 'change')} to {old} will be lost.",
            ("Switch", lambda: self.switch_preset(preset_id)),
            no=("Keep my rules", keep),
            names=("keep_rules", "switch_preset"),
        )

    def switch_preset(self, preset_id: str) -> None:
        """Set the rules to a preset (dropping any changes) and save."""
        self.settings.set_preset(preset_id)
        self.rules = self.settings.rules()
        self.message.set(f"Rules set to {PRESETS[preset_id].name}.")
        self.saved()

    def ask_reset(self) -> None:
        """Reset every rule option to the preset, after asking."""
        s = self.settings
        n = len(s.overrides)
        name = PRESETS[s.preset].name
        if not n:
            self.toast.show(f"The rules are already {name}'s")
            return

        def do() -> None:
            s.reset_rules()
            self.rules = s.rules()
            self.message.set(f"Rules reset to {name}.")
            self.saved()

        self.confirm(
            f"Reset to {name}?",
            f"Your {plural(n, 'change')} to the {name} rules will be undone.",
            ("Reset", do),
        )

    # ----- focus and keys -----------------------------------------------------------------

    def widgets(self) -> list[Widget]:
        """Content rows, then the bottom buttons, then the page tabs (mouse only)."""
        return [*self.view.rows, self.reset_button, self.done_button, *self.tabs]

    def on_key(self, event: pygame.event.Event) -> None:
        """Tab and Shift+Tab change page; Home/End jump; the rest as usual."""
        if event.key == pygame.K_TAB and not (
            isinstance(self.focus, TextField) and self.focus.editing
        ):
            self.cycle_tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        super().on_key(event)

    # ----- layout and drawing -------------------------------------------------------------

    def side(self) -> list[TabButton]:
        """The pages."""
        return self.tabs

    def bar_buttons(self) -> list[Button]:
        """Done, then Reset to its left."""
        return [self.done_button, self.reset_button]

    def arrange(self, size: tuple[int, int]) -> None:
        """The page frame, and the message line in the bar left of its buttons."""
        super().arrange(size)
        s, bar = self.s, self.bar
        self.msg_rect = pygame.Rect(
            bar.left, bar.top + round(8 * s), bar.width, bar.h - round(22 * s)
        )

    def paint(self, surface: pygame.Surface) -> None:
        """Everything but the felt."""
        s = self.s
        self.paint_page(surface, "Settings", f"Rules: {self.settings.rules_name()}")
        if self.message.text:
            lines = wrap(self.message.text, 26 * s, self.msg_rect.width - round(70 * s))
            mh = min(self.msg_rect.height, len(lines) * line_height(26 * s) + round(20 * s))
            rect = pygame.Rect(self.msg_rect.left, 0, self.msg_rect.width, mh)
            rect.centery = self.done_button.rect.centery
            self.message.draw(surface, rect, s)
        else:
            hint = "Changes are saved at once  ·  Tab: next page  ·  Esc: back"
            if text_width(hint, 23 * s) > self.msg_rect.width:
                hint = "Changes are saved at once"
            draw_text(
                surface,
                hint,
                23 * s,
                FAINT,
                (self.msg_rect.left, self.done_button.rect.centery),
                "midleft",
            )
