"""The Progress and Drills screens, driven like a player: opened from the menu and from
Statistics, empty and filled, the worst hand opened in the review, drills answered right and
wrong, the records file's damage refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from spades_gui.coach import history as history_mod
from spades_gui.coach.history import History
from spades_gui.coach.kinds import KIND_WORDS
from spades_gui.ui.coach_pages import MIN_FONT, page_frame
from spades_gui.ui.drills_scene import DrillsScene
from spades_gui.ui.menu import Menu
from spades_gui.ui.progress_scene import ProgressScene
from spades_gui.ui.review import ReviewScene
from spades_gui.ui.stats_scene import StatsScene
from spades_gui.ui.widgets import text as text_mod
from tests.tools import tool

if TYPE_CHECKING:
    from tests.conftest import Pilot

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def twenty() -> History:
    """20 synthetic analysed hands (real deals, made-up costs)."""
    return tool("progress_screenshots").synthetic_history(20)


def sizes_drawn(pilot: Pilot) -> Iterator[tuple[str, float]]:
    """(text, font size) of everything the current scene draws in one frame."""
    seen: list[tuple[str, float]] = []
    real = text_mod.render_text

    def record(text: str, size: float, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append((text, size))
        return real(text, size, *args, **kw)

    text_mod.render_text = record  # type: ignore[assignment]
    try:
        pilot.scene.draw(pilot.app.screen)  # type: ignore[union-attr]
    finally:
        text_mod.render_text = real  # type: ignore[assignment]
    return iter(seen)


def readable(pilot: Pilot) -> list[str]:
    """The texts drawn, each checked to be at the least size or more (18: lines 12 px tall)."""
    out = []
    for text, size in sizes_drawn(pilot):
        assert round(size) >= MIN_FONT, f"{text!r} drawn at {size:.1f} px"
        out.append(text)
    return out


def test_progress_from_the_menu_is_empty_and_says_what_will_appear(pilot: Pilot) -> None:
    pilot.menu((1024, 640))
    assert [b.name for b in pilot.scene.buttons][-3:] == ["Progress", "Drills", "Quit"]
    pilot.click_widget("Progress")
    scene = pilot.scene
    assert isinstance(scene, ProgressScene) and scene.summary.hands == 0
    texts = " ".join(readable(pilot))
    assert "Nothing to show yet" in texts and "Play a hand against the computer" in texts
    assert "worst" not in [w.name for w in scene.widgets()]  # nothing to review yet
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(pilot.scene, Menu)


@pytest.mark.parametrize("size", SIZES)
def test_progress_after_twenty_hands(pilot: Pilot, twenty: History, size: tuple[int, int]) -> None:
    history_mod.save(twenty)
    pilot.menu(size)
    pilot.click_widget("Progress")
    scene = pilot.scene
    assert isinstance(scene, ProgressScene)
    sm = scene.summary
    assert sm.hands == 20 and len(sm.games) >= 4 and sm.costliest is not None
    texts = readable(pilot)
    assert "20 hands weighed against Hard's play" in texts
    assert KIND_WORDS[sm.costliest] in texts  # every kind is listed, the costliest named
    assert any(t.startswith("Costliest: ") for t in texts)
    assert "By rules" in texts and "By computer level" in texts and "Tricks over our bid" in texts
    assert any(t.startswith("Classic (12 hands") for t in texts)
    if size == (1280, 720):  # the worst example opens in the review, as it was weighed
        worst = sm.worst
        assert worst is not None
        pilot.click(scene.find("worst").rect.center)
        review = pilot.scene
        assert isinstance(review, ReviewScene) and not review.analysing()
        assert review.verdicts[worst.decision.point].cost == worst.decision.cost
        assert len(review.verdicts) == len(review.points)
        pilot.key(pygame.K_ESCAPE)
        assert pilot.scene is scene


def test_progress_from_statistics_and_back(pilot: Pilot) -> None:
    pilot.menu()
    pilot.click_widget("Statistics")
    stats = pilot.scene
    assert isinstance(stats, StatsScene)
    pilot.click(stats.progress_button.rect.center)
    assert isinstance(pilot.scene, ProgressScene)
    pilot.click(pilot.scene.back_button.rect.center)
    assert pilot.scene is stats


def test_damaged_records_are_refused_in_one_line_naming_the_file(pilot: Pilot, home: Path) -> None:
    (home / history_mod.FILE).write_text('{"hands": [', encoding="utf-8")
    pilot.menu()
    pilot.click_widget("Progress")
    scene = pilot.scene
    assert isinstance(scene, ProgressScene)
    assert history_mod.FILE in scene.message.text and "\n" not in scene.message.text
    assert (home / f"{history_mod.FILE}.bad").read_text(encoding="utf-8") == '{"hands": ['
    assert not (home / history_mod.FILE).exists()  # nothing written over it


def _open_drills(pilot: Pilot, size: tuple[int, int] = (1280, 720)) -> DrillsScene:
    pilot.menu(size)
    pilot.click_widget("Drills")
    scene = pilot.scene
    assert isinstance(scene, DrillsScene) and scene.mode == "list"
    return scene


def test_a_built_in_drill_answered_right_then_one_answered_wrong(pilot: Pilot) -> None:
    scene = _open_drills(pilot, (1024, 640))
    texts = readable(pilot)
    assert "Nothing to try yet." in " ".join(texts) and not scene.find("mine").enabled
    pilot.click(scene.find("theme:Covering partner's nil").rect.center)
    assert scene.mode == "ask"
    first = scene.drill
    assert first is not None and first.kind == "play" and first.theme == "Covering partner's nil"
    assert first.view.seat == 0 and first.view.bids[2] in (100, 101)  # partner's nil
    readable(pilot)
    pilot.click(scene.card_point(first.accept[0]))
    assert scene.mode == "answer" and scene.chosen == first.accept[0]
    texts = readable(pilot)
    assert "Right" in texts and any(first.reason.startswith(t) for t in texts if t)
    kept, _ = history_mod.load()
    assert kept.drills[first.id].retired  # solved at first sight: retired
    pilot.click(scene.find("next").rect.center)
    second = scene.drill
    assert second is not None and second is not first and scene.mode == "ask"
    wrong = next(c for c in second.choices if not second.right(c))
    pilot.click(scene.card_point(wrong))
    texts = readable(pilot)
    assert "Not this time" in texts and "What each choice averages (points for the hand):" in texts
    state = history_mod.load()[0].drills[second.id]
    assert not state.retired and state.due == history_mod.load()[0].days + 1
    pilot.key(pygame.K_ESCAPE)
    assert scene.mode == "list"
    pilot.key(pygame.K_ESCAPE)
    assert isinstance(pilot.scene, Menu)


def test_a_bid_drill_is_answered_with_a_bid_button(pilot: Pilot) -> None:
    scene = _open_drills(pilot)
    pilot.click(scene.find("theme:Bidding nil").rect.center)
    d = scene.drill
    assert d is not None and d.kind == "bid"
    pilot.click(scene.find(f"bid:{d.accept[0]}").rect.center)
    assert scene.mode == "answer" and "Right" in readable(pilot)


def test_your_own_costly_choice_comes_back_as_a_drill(pilot: Pilot, twenty: History) -> None:
    history_mod.save(twenty)
    scene = _open_drills(pilot)
    assert scene.mine and scene.find("mine").enabled
    pilot.click(scene.find("mine").rect.center)
    d = scene.drill
    assert d is not None and d.mine is not None and d.cost is not None and d.cost >= 10
    assert d.id.startswith(d.entry_id + "#")
    wrong = next(c for c in d.choices if not d.right(c))
    if d.kind == "play":
        pilot.click(scene.card_point(wrong))
    else:
        pilot.click(scene.find(f"bid:{wrong}").rect.center)
    texts = " ".join(readable(pilot))
    assert "In the game you chose" in texts
    pilot.key(pygame.K_ESCAPE)
    assert d.id not in [x.id for x in scene.mine]  # missed: back after a day of play, not now


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_progress_and_drills_stand_in_one_frame(
    pilot: Pilot, twenty: History, size: tuple[int, int]
) -> None:
    """Both pages put their title, column and panels where the shared frame says."""
    history_mod.save(twenty)
    pilot.open(size)
    progress = pilot.show(ProgressScene(pilot.app))
    drills = pilot.show(DrillsScene(pilot.app, history=twenty))
    for scene, room, bar in ((progress, 78, 84), (drills, 80, 80)):
        frame = page_frame(size, scene.s, room, bar)
        assert (scene.left, scene.title_top) == (frame.left, frame.title_top)
        panels = [r for name, r in scene.rects.items() if name != "empty"]
        assert min(r.left for r in panels) == frame.left
        assert max(r.right for r in panels) == frame.left + frame.width
        assert min(r.top for r in panels) == frame.top


def test_the_drills_list_tells_the_repetition_the_records_keep(
    pilot: Pilot, twenty: History
) -> None:
    """What the list says a miss and a right answer do is what the records then do."""
    history_mod.save(twenty)
    scene = _open_drills(pilot, (1024, 640))
    said = " ".join(readable(pilot))
    assert "right the first time, it is done" in said
    assert "a miss comes back after 1 day of play, then after 3 and 7 more" in said
    assert "a right answer retires it" not in said  # not after a miss: it comes back twice
    kept = History()
    assert kept.answered("x", True).retired  # right the first time: done
    kept.answered("y", False)
    days = []
    for right in (True, True, True):
        st = kept.state("y")
        days.append(st.due - kept.days)
        kept.days = st.due
        kept.answered("y", right)
    assert days == [1, 3, 7] and kept.state("y").retired
    assert scene.mode == "list"


def test_the_worst_example_opens_in_the_review_at_its_trick(pilot: Pilot, twenty: History) -> None:
    """Progress names the worst choice's trick; Review that hand shows that trick, not the
    bidding, with the verdict that was named."""
    from dataclasses import replace

    plays_only = History(
        hands=[
            replace(
                e,
                decisions=tuple(
                    replace(d, cost=0.0) if d.point.kind == "bid" else d for d in e.decisions
                ),
            )
            for e in twenty.hands
        ]
    )
    history_mod.save(plays_only)
    pilot.menu((1024, 640))
    pilot.click_widget("Progress")
    scene = pilot.scene
    assert isinstance(scene, ProgressScene)
    worst = scene.summary.worst
    assert worst is not None and worst.decision.point.kind == "play"
    step = worst.decision.point.step
    progress_texts = " ".join(pilot.texts_drawn())
    assert step > 0 and worst.entry.hand > 1
    pilot.click(scene.find("worst").rect.center)
    review = pilot.scene
    assert isinstance(review, ReviewScene) and review.step == step
    assert review.point_at(step) == worst.decision.point
    texts = pilot.texts_drawn()
    assert f"Trick {step} of 13" in texts
    # the hand's number in its game, as Progress names it (the kept record holds it alone)
    assert any(t.startswith(f"Hand {worst.entry.hand}  ·  ") for t in texts)
    assert f"(hand {worst.entry.hand}, trick {step})" in progress_texts
    pilot.key(pygame.K_ESCAPE)
    assert pilot.scene is scene


@pytest.mark.parametrize("size", SIZES)
def test_a_long_level_label_is_shown_whole_with_its_count(
    pilot: Pilot, twenty: History, size: tuple[int, int]
) -> None:
    """'Hard / Medium' with its number of hands: nothing on Progress is cut short."""
    from dataclasses import replace

    mixed = History(
        hands=[
            replace(e, levels=("hard", "medium", "hard")) if i < 7 else e
            for i, e in enumerate(twenty.hands)
        ]
    )
    history_mod.save(mixed)
    pilot.menu(size)
    pilot.click_widget("Progress")
    assert isinstance(pilot.scene, ProgressScene)
    texts = readable(pilot)
    assert not [t for t in texts if t.endswith("…")]
    assert any(t.startswith("Hard / Medium") for t in texts)
    assert any(t.endswith("(7 hands)") for t in texts)


def _rows(texts: list[str]) -> dict[str, str]:
    """The drill's table of bids: each place's word and what is written beside it."""
    start = next(i for i, t in enumerate(texts) if t in ("Bid · tricks", "Bids so far"))
    return {texts[start + 1 + 2 * k]: texts[start + 2 + 2 * k] for k in range(4)}


def test_a_built_in_position_is_shown_from_the_seat_it_was_set_from(pilot: Pilot) -> None:
    """A built-in drill set from North, West or East: 'You' are that seat, the partner and the
    score are yours, and the cards already in the trick were played by the others."""
    from spades_gui.ui.words import bid_text

    scene = _open_drills(pilot, (1024, 640))
    pilot.click(scene.find("theme:Setting their nil").rect.center)
    d = scene.drill
    assert d is not None and d.view.seat == 2  # set from North
    v = d.view
    rows = _rows(readable(pilot))
    for place, word in enumerate(("You", "West", "Partner", "East")):
        seat = (v.seat + place) % 4
        assert rows[word] == f"{bid_text(v.bids[seat])} · {v.tricks_won[seat]}"
    assert rows["East"].startswith("nil")  # the nil bidder, whose J♥ is winning
    assert "You" not in scene.trick_places.values()  # your card is yet to come
    assert list(scene.trick_places.values()) == ["Partner", "East"]
    pilot.key(pygame.K_ESCAPE)
    pilot.click(scene.find("theme:Bidding nil").rect.center)
    seats = set()
    while True:
        d = scene.drill
        assert d is not None and d.kind == "bid"
        v = d.view
        seats.add(v.seat)
        texts = readable(pilot)
        rows = _rows(texts)
        us, them = v.scores[v.team], v.scores[1 - v.team]
        assert f"Score: us {us}, them {them}" in texts, d.id
        partner = v.bids[(v.seat + 2) % 4]
        assert rows["Partner"] == ("—" if partner is None else bid_text(partner)), d.id
        if "Partner bid nil" in d.reason or "Partner already bid nil" in d.reason:
            assert rows["Partner"] == "nil", d.id
        pilot.click(scene.find(f"bid:{d.accept[0]}").rect.center)
        if scene.find("next").text == "Done":
            break
        pilot.click(scene.find("next").rect.center)
    assert seats >= {0, 1, 3}


@pytest.mark.parametrize("size", SIZES)
def test_the_counting_drill_shows_the_cards_played_to_count_from(
    pilot: Pilot, size: tuple[int, int]
) -> None:
    """Issue 69 (4): "Counting the cards": eleven spades gone and the J♠ in hand, the 10♠ the
    one spade still out. The question lists every card played, suit by suit (the facts to count
    from, not the count); the answer is the J♠, with the reason."""
    scene = _open_drills(pilot, size)
    pilot.click(scene.find("theme:Counting the cards").rect.center)
    d = scene.drill
    assert d is not None and d.kind == "play" and d.theme == "Counting the cards"
    texts = readable(pilot)
    assert "Cards played so far" in texts
    assert "♠  A  K  Q  9  8  7  6  5  4  3  2" in texts  # no 10♠: the one still out
    assert "♥  A  Q  J  10  9  8  7  5" in texts
    pilot.click(scene.card_point(next(c for c in d.choices if not d.right(c))))
    texts = readable(pilot)
    assert "Not this time" in texts and "The answer: J♠" in texts
    assert any(d.reason.startswith(t) for t in texts if t) and "10♠" in d.reason
