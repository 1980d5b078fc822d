"""The screens told: each screen's name when it opens, the widget or dialog button the
keyboard is on whenever that changes, its messages; F2 switches speech on every screen; the
table's hearing keys go to the table's narrator before the table sees them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.cards import mask_of
from ...engine.deck import deck_for
from ..widgets.basic import Button, Figure, Label, Widget
from ..widgets.rows import Checkbox, Row, Selector, Stepper, TextField, Toggle
from ..widgets.scene import SidePill, WidgetScene
from ..words import bid_text
from . import spoken
from .hub import SWITCH_KEY, Narrated, Speech, as_detail, as_mode

if TYPE_CHECKING:
    from ..window import Scene

# Each screen's spoken name, by its class.
TITLES = {
    "Menu": "Main menu",
    "SettingsScene": "Settings",
    "HelpScene": "How to play",
    "StatsScene": "Statistics",
    "ProgressScene": "Progress",
    "DrillsScene": "Drills",
    "ReviewScene": "Hand review",
    "CompareScene": "Your tries beside Hard's",
    "TableScene": "The table",
    "ReplayTable": "The same deal again",
    "GuidedTable": "The guided hand",
    "DailyScene": "Deal of the day",
    "RulesChoice": "Your table's rules. Which rules do you play? Up and Down go through them, "
    "Enter chooses",
}


def widget_words(w: Widget) -> str:
    """A widget in words: a button's text, a setting's name and value, a card's own words."""
    own = getattr(w, "spoken_words", None)
    if callable(own):
        words = str(own())
    elif isinstance(w, Button):
        words = w.said or w.text
        if w.name.startswith("bid:") and not words.lower().startswith("bid"):
            words = f"Bid {words}"
    elif isinstance(w, Toggle):
        words = f"{w.label}: {w.words[0] if w.get() else w.words[1]}"
    elif isinstance(w, Checkbox):
        words = f"{w.label}: {'ticked' if w.get() else 'not ticked'}"
    elif isinstance(w, Selector):
        words = f"{w.label}: {w.choices[w.index()][1]}"
    elif isinstance(w, Stepper):
        v = w.get()
        if v is None:
            value = w.none_word or "none"
        elif v == 0 and w.zero_word:
            value = w.zero_word
        else:
            value = f"{v}{w.unit}"
        words = f"{w.label}: {value}"
    elif isinstance(w, TextField):
        words = f"{w.label}: {w.get() or w.placeholder}" + (", editing" if w.editing else "")
    elif isinstance(w, Row):
        words = w.label
    elif isinstance(w, (Label, SidePill, Figure)):
        words = w.text
    else:
        words = str(getattr(w, "text", "") or getattr(w, "name", ""))
    return words if w.enabled else f"{words}, not available"


def review_words(scene: Scene | None) -> str:
    """The hand review's step: the trick's cards with their players and winner, and the
    player's choice there beside the coach's ("" for another screen)."""
    from ..review.scene import ReviewScene  # the review imports the widgets, which import this

    if not isinstance(scene, ReviewScene):
        return ""
    step = scene.step
    if step == 0:
        made = sum(b is not None for b in scene.hand.bids)
        words = f"Bidding: {made} bids"
    else:
        cards, winner = scene.trick(step)
        name = ["You" if seat == scene.seat else scene.names[seat] for seat in range(4)]
        plays = spoken.trick_words([(name[seat], c) for c, seat in cards])
        words = f"Trick {step} of 13: {plays}"
        if winner is not None:
            words += f". {spoken.verb(name[winner], 'win', 'wins')} it"
    p = scene.point_at(step)
    v = scene.verdicts.get(p) if p is not None else None
    if p is not None and p.kind == "play":
        words += f". You played the {spoken.card(p.action)}"
        if v is not None and v.best != p.action:
            words += f"; {scene.level.capitalize()} would play the {spoken.card(v.best)}"
        if v is not None and v.label is not None:
            words += f": {v.label}"
    return words


def drill_words(scene: Scene | None) -> str:
    """A drill asked or answered: the position (bids, hand, trick) and what to choose, or the
    answer and its reason ("" for another screen or the list)."""
    from ..drills_scene import DrillsScene, choice_words, place_of

    if not isinstance(scene, DrillsScene) or scene.drill is None:
        return ""
    d = scene.drill
    view = d.view
    deck = deck_for(view.rules)
    who = ("You", "West", "Partner", "East")
    if scene.mode == "answer" and scene.chosen is not None:
        verdict = "Right" if d.right(scene.chosen) else "Not the best"
        best = spoken.card(d.best) if d.kind == "play" else choice_words("bid", d.best)
        return f"{verdict}. Hard chooses {best}: {d.reason}"
    parts = [f"Drill {scene.at + 1} of {len(scene.session)}: {d.theme}"]
    bids = [
        f"{who[place_of(view.seat, seat)]} {bid_text(b)}"
        for seat, b in enumerate(view.bids)
        if b is not None
    ]
    if bids:
        parts.append("Bids: " + ", ".join(bids))
    parts.append(f"Your hand: {spoken.by_suit(view.hand, deck)}")
    if d.kind == "play":
        if view.trick:
            plays = [
                (who[place_of(view.seat, (view.leader + i) % 4)], c)
                for i, c in enumerate(view.trick)
            ]
            parts.append(f"On the trick: {spoken.trick_words(plays)}")
        parts.append(f"Choose a card: {spoken.by_suit(mask_of(d.choices), deck)}")
    else:
        parts.append("Choose a bid: Left and Right, then Enter")
    return ". ".join(parts)


def narrator_of(scene: Scene | None) -> Narrated | None:
    """The table's narrator, if the screen is a table."""
    events = getattr(scene, "events", None)
    narrator = getattr(events, "narrator", None)
    return narrator if narrator is not None and hasattr(narrator, "focus_words") else None


def drill_card_words(scene: Scene | None) -> str:
    """The card of a play drill the keyboard is on ("" for none)."""
    from ..drills_scene import DrillsScene

    if isinstance(scene, DrillsScene) and scene.key_card is not None:
        return spoken.card(scene.key_card)
    return ""


def guide_words(scene: Scene | None) -> str:
    """The guided hand's box: the lesson or the coach's word shown now ("" for none)."""
    from ..guide.scene import GuidedTable

    if not isinstance(scene, GuidedTable) or scene.box is None:
        return ""
    lesson = scene.box.lesson
    return f"{lesson.title}. {lesson.text}"


def settings_page_words(scene: Scene | None) -> str:
    """The page of Settings shown (Tab moves between them): "Table settings"."""
    from ..settings_scene import TABS, SettingsScene

    if not isinstance(scene, SettingsScene):
        return ""
    title = dict(TABS).get(scene.tab, "")
    return f"{title} settings; Tab for the next page" if title else ""


def summary_words(scene: Scene | None) -> str:
    """A page's summary of its figures (Progress, Statistics), or ""."""
    words = getattr(scene, "summary_words", None)
    return str(words()) if callable(words) else ""


def page_words(scene: Scene | None) -> str:
    """What a screen shows that its buttons do not say: a drill's position, the guided
    hand's lesson, the page of Settings, a page's summary of its figures, or ""."""
    return (
        drill_words(scene) or guide_words(scene) or settings_page_words(scene)
    ) or summary_words(scene)


def focus_words(scene: Scene | None) -> tuple[int, str]:
    """What the keyboard is on: (the dialog open, or 0; its words)."""
    if isinstance(scene, WidgetScene):
        d = scene.dialog
        if d is not None:
            return id(d), d.buttons[d.focus].text if d.buttons else ""
        if scene.focus is not None:
            return 0, widget_words(scene.focus)
        return 0, drill_card_words(scene)
    narrator = narrator_of(scene)
    return 0, narrator.focus_words() if narrator is not None else review_words(scene)


class ScreenSpeech:
    """The window's hook: around each event a screen takes, what changed is said."""

    def __init__(self, speech: Speech) -> None:
        self.speech = speech
        self.scene_seen = 0
        self.focus_seen: tuple[int, str] = (0, "")
        self.toast_seen = ""
        self.message_seen = ""
        self.page_seen = ""

    def before(self, scene: Scene | None, event: pygame.event.Event) -> bool:
        """F2 and the table's hearing keys, taken before the screen; True if taken."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == SWITCH_KEY and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.switch(scene)
            return True
        narrator = narrator_of(scene)
        return self.speech.on and narrator is not None and narrator.key(event)

    def switch(self, scene: Scene | None) -> None:
        """F2: speech on or off, kept in the settings."""
        on = self.speech.switch()
        settings = scene.app.services.settings if scene is not None else None
        if settings is not None:
            settings.speech = "on" if on else "off"
            self.speech.mode = as_mode(settings.speech)
            settings.save()
        if on:
            self.scene_seen = 0  # the screen and its focus, told again
            self.after(scene)

    def after(self, scene: Scene | None) -> None:
        """After an event: a new screen named, a new page, focus or message said (the first
        line cuts what was being said, the others follow it)."""
        if scene is None:
            return
        self.follow_settings(scene)
        if not self.speech.on:
            return
        lines: list[str] = []
        if id(scene) != self.scene_seen:
            self.scene_seen = id(scene)
            self.focus_seen = (0, "")
            lines.append(TITLES.get(type(scene).__name__, ""))
        page = page_words(scene)
        if page != self.page_seen:
            self.page_seen = page
            if not lines:  # a new page follows the table's news, never cuts it
                lines.append("")
            lines.append(page)
        dialog, words = focus_words(scene)
        if (dialog, words) != self.focus_seen:
            new_dialog = dialog != self.focus_seen[0]
            self.focus_seen = (dialog, words)
            d = scene.dialog if isinstance(scene, WidgetScene) else None
            if new_dialog and d is not None:
                words = f"{d.title}. {d.text}. {words}"
            lines.append(words)
        for i, line in enumerate(lines):
            if line:
                self.speech.say(line, interrupt=i == 0)
        if isinstance(scene, WidgetScene):
            toast = scene.toast.text
            if toast and toast != self.toast_seen:
                self.speech.say(toast)
            self.toast_seen = toast
            message = scene.message.text  # a notice or an error written on the page
            if message and message != self.message_seen:
                self.speech.say(message)
            self.message_seen = message
        narrator = narrator_of(scene)
        if narrator is not None:
            narrator.toasts()

    def follow_settings(self, scene: Scene) -> None:
        """A change of the speech settings (the Settings screen) takes effect at once."""
        settings = scene.app.services.settings
        if settings is None:
            return
        mode, detail = as_mode(settings.speech), as_detail(settings.speech_detail)
        if (mode, detail) != (self.speech.mode, self.speech.detail):
            was = self.speech.on
            self.speech.configure(mode, detail)
            if self.speech.on and not was:
                self.speech.say("Speech on", interrupt=True)
