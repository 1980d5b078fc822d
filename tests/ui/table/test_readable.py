"""What a player reads on the table and in the review (issue 59, items 10 to 13): sizes at the
smallest window, court cards, suit colours in text, the cards partner passed, the score pad."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pygame

from spades_gui.engine.cards import cards_of, parse_card
from spades_gui.ui.card_art import CardArt, card_size
from spades_gui.ui.review import ReviewScene
from spades_gui.ui.table.layout import TableLayout
from spades_gui.ui.widgets import text as text_mod
from tests.ui.table.exchange import blind_nil_exchange

if TYPE_CHECKING:
    from tests.conftest import Pilot

SMALL = (1024, 640)
READABLE = 18  # the typeface at 13 px (capitals 9 px tall): the least a player must read


@contextmanager
def text_sizes() -> Iterator[list[tuple[str, int]]]:
    """Every line of text rendered meanwhile, with its font size (any module's import of it)."""
    seen: list[tuple[str, int]] = []
    real = text_mod.render_text

    def record(text: str, size: float, *args: Any, **kw: Any) -> pygame.Surface:
        seen.append((text, max(6, round(size))))
        return real(text, size, *args, **kw)

    mods = [
        m
        for name, m in list(sys.modules.items())
        if name.startswith("spades_gui.ui") and getattr(m, "render_text", None) is real
    ]
    for m in mods:
        m.render_text = record  # type: ignore[attr-defined]
    try:
        yield seen
    finally:
        for m in mods:
            m.render_text = real  # type: ignore[attr-defined]


def test_the_hint_reads_at_12_px_in_the_smallest_window(pilot: Pilot) -> None:
    """Issue 59 (11): at 1024×640 the hint's reason was drawn at 16 (lines 11 px tall)."""
    scene = pilot.table("classic", seed=5, size=SMALL, coach_level="medium")
    v = scene.view
    pilot.play_until(lambda: pilot.human_turn("play") and v.prompt.request.options.bit_count() >= 3)
    pilot.key(pygame.K_h)
    pilot.until(lambda: v.hint is not None)
    panel = next(p for p in scene.input.panels if p.name == "hint")
    with text_sizes() as seen:
        panel.paint(pilot.app.screen)
    assert any(v.hint.reason.startswith(t[:20]) for t, _ in seen if len(t) > 20), seen
    small = [(t, s) for t, s in seen if s < READABLE]
    assert not small, small
    scene.draw(pilot.app.screen)
    pilot.check_layout(scene, SMALL)


def test_the_review_reads_at_12_px_in_the_smallest_window(pilot: Pilot) -> None:
    """Issue 59 (11): the review's reasons were 14 px type, its notes 13 and the badges 12."""
    scene = pilot.table(seed=4, size=SMALL, coach_level="medium")
    pilot.play_until(lambda: scene.view.result is not None)
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")
    review = pilot.scene
    assert isinstance(review, ReviewScene)
    pilot.until(lambda: not review.analysing())
    for step in (0, 1, 2, 7):
        review.go(step)
        pilot.step()
        with text_sizes() as seen:
            review.draw(pilot.app.screen)
        assert len(seen) > 10
        small = [(t, s) for t, s in seen if s < READABLE]
        assert not small, (step, small)


def test_court_cards_stay_told_apart_when_cards_are_small() -> None:
    """Issue 59 (11): at 1024×640 a trick's J, Q and K showed the same small boxed pip in
    their middle; each now shows its letter there."""
    w = TableLayout(SMALL).trick_w
    art = CardArt()
    h = card_size(w)[1]
    middle = pygame.Rect(round(w * 0.34), round(h * 0.3), round(w * 0.32), round(h * 0.4))
    faces = {c: art.face(parse_card(c), w).subsurface(middle) for c in ("JC", "QC", "KC")}
    shots = {c: pygame.image.tobytes(f, "RGBA") for c, f in faces.items()}
    assert len(set(shots.values())) == 3, "two court cards look alike in the middle"


def test_four_colour_suits_reach_the_tables_text(pilot: Pilot) -> None:
    """Issue 59 (10): the hint's "the 2♦" was red beside a blue 2♦ on the cards."""
    pilot.table("classic", seed=5, prefs={"four_color": True})
    blue = text_mod.render_text("the 2♦", 24)
    assert any(
        blue.get_at((x, y))[2] > 200 > blue.get_at((x, y))[0]
        for x in range(blue.get_width())
        for y in range(blue.get_height())
    )
    pilot.table("classic", seed=5, prefs={"four_color": False})
    red = text_mod.render_text("the 2♦", 24)
    assert not any(
        red.get_at((x, y))[2] > 200 > red.get_at((x, y))[0]
        for x in range(red.get_width())
        for y in range(red.get_height())
    )


def test_the_cards_partner_passed_stay_marked_and_named_until_the_first_play(
    pilot: Pilot,
) -> None:
    """Issue 59 (12): after a blind nil exchange the two cards that arrived were marked for
    four seconds and named in a passing toast; they stay marked, with a line naming them
    ("Partner passed you the 3♣ and 3♦"), until the player's first card."""
    scene = pilot.table("pagat", seed=3, speed="normal")
    v, hand = scene.view, lambda: scene.ctl.game.hand
    back, words = blind_nil_exchange(pilot, scene)
    pilot.step(60 * 8)  # eight seconds on: still marked and named
    for _ in range(2):
        assert v.received == back
        assert words in pilot.texts_drawn()
        scene.render.dirty = True
        scene.draw(pilot.app.screen)
        marks = {n for k, n, _ in scene.render.drawn if k == "mark"}
        assert marks == {f"received{c}" for c in cards_of(back)}
        pilot.check_layout(scene, (1280, 720))
        if not pilot.human_turn("play"):
            pilot.play_until(lambda: pilot.human_turn("play"))
    pilot.act()  # the player's first card
    pilot.until(lambda: hand().hands[0].bit_count() == 12)
    pilot.step()
    assert v.received == 0 and words not in pilot.texts_drawn()


def test_the_score_pad_has_a_bags_column_for_each_team(pilot: Pilot) -> None:
    """Issue 59 (13): the pad showed bid / took, points and score, but no bags."""
    scene = pilot.table("classic", seed=2)
    ctl = scene.ctl
    pilot.play_until(lambda: len(ctl.game.results) == 1 and pilot.human_turn("bid"))
    pilot.key(pygame.K_s)
    assert scene.view.overlay == "scores"
    drawn = pilot.texts_drawn()
    heads = ["bid / took", "points", "bags", "score"]
    at = drawn.index("Hand")
    assert drawn[at + 1 : at + 9] == heads * 2
    bags = ctl.game.results[0].bags
    row = drawn[at + 9 : at + 18]
    assert row[0] == "1" and (row[3], row[7]) == (str(bags[0]), str(bags[1])), row
    pilot.check_layout(scene, (1280, 720))


def test_the_review_says_the_only_legal_card_once(pilot: Pilot) -> None:
    """Issue 59 (13): "The only legal card" stood in the verdict and again under it."""
    scene = pilot.table("classic", seed=4, coach_level="medium")  # lowest club leads: forced
    pilot.play_until(lambda: scene.view.result is not None)
    pilot.until(lambda: scene.button("review") is not None)
    pilot.click_button("review")
    review = pilot.scene
    pilot.until(lambda: not review.analysing())
    forced = [p.step for p, v in review.verdicts.items() if v.how == "forced" and p.step > 0]
    assert forced
    review.go(forced[0])
    pilot.step()
    said = [t for t in pilot.texts_drawn() if "only legal" in t]
    assert said == ["The only legal card"], said
