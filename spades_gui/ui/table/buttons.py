"""Which buttons and panels the table shows now, each button wired to what it does: the
corner buttons, the coach's buttons, the decision panel, the summary and the overlays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...coach.review import ruff_words
from ...controller.decisions import HINTED
from ...engine.actions import (
    AnswerRequest,
    BidAction,
    BidRequest,
    BlindRequest,
    ContinueRequest,
    DiscardRequest,
    MisdealRequest,
    PassRequest,
    PlayAction,
)
from ...engine.bids import hint_base, hinting
from ..widgets import Button
from ..words import action_title, hint_reason
from .bid_panels import bid_panel, bid_question_panel, blind_panel
from .coach_panels import coach_rects, hint_panel, options_button_rect, options_panel
from .pace import pace_buttons
from .panels import (
    Panel,
    answer_panel,
    discard_panel,
    exchange_panel,
    make_button,
    misdeal_panel,
    pass_panel,
)
from .score_panels import game_over_panel, last_trick_panel, result_panel, score_pad_panel

if TYPE_CHECKING:
    from .scene import TableScene


def build_corner(scene: TableScene) -> list[Button]:
    """The corner buttons (last trick, score pad, menu, options) and the coach's (hint, undo,
    claim) stacked over the player's plate."""
    L, v, ctl, act = scene.L, scene.view, scene.ctl, scene.input
    specs = [
        ("last", "Last trick  (L)", lambda: act.toggle_overlay("last")),
        ("scores", "Score pad  (S)", lambda: act.toggle_overlay("scores")),
        ("menu", "Menu  (Esc)", scene.to_menu),
    ]
    corner = [
        make_button(text, name, fn, L.button_rects[name], L, "secondary")
        for name, text, fn in specs
    ]
    options = options_button_rect(L)
    toggle = lambda: act.toggle_overlay("options")  # noqa: E731
    corner.append(make_button("Options  (O)", "options", toggle, options, L, "secondary"))
    if scene.pace_control:
        corner += pace_buttons(scene)
    if not v.human or v.over is not None:
        return corner
    shown = ["undo"] if ctl.practice else []
    shown.append("hint")
    if v.claim_offer is not None:
        shown.append("claim")
    rects = coach_rects(L, shown)
    p = v.prompt
    hint = make_button("Hint  (H)", "hint", act.ask_hint, rects["hint"], L, "secondary")
    hint.enabled = p is not None and isinstance(p.request, HINTED) and not v.hidden
    corner.append(hint)
    if ctl.practice:
        undo = make_button("Undo  (U)", "undo", act.undo, rects["undo"], L, "secondary")
        undo.enabled = ctl.can_undo()
        corner.append(undo)
    if v.claim_offer is not None:
        claim = make_button("Claim the rest  (C)", "claim", act.claim, rects["claim"], L, "accent")
        corner.append(claim)
    return corner


def build_panels(scene: TableScene) -> list[Panel]:
    """The panels open now: the hand's summary, the game's end or the player's decision; the
    hint box; and an overlay (score pad, options, last trick)."""
    L, v, ctl, act, rec = scene.L, scene.view, scene.ctl, scene.input, scene.records
    panels: list[Panel] = []
    p = v.prompt
    human = bool(v.human)
    if v.result is not None:
        facts = v.result
        can_go = (p is not None and isinstance(p.request, ContinueRequest)) or v.over is not None
        panels.append(
            result_panel(
                L,
                facts,
                v.names,
                v.rules,
                act.next_hand if can_go else None,
                (lambda: rec.review_hand(facts.hand_no - 1)) if human else None,
                act.undo if ctl.can_undo() else None,
            )
        )
    elif v.over is not None:
        to_menu = scene.to_menu if scene.app.services.to_menu else None
        panels.append(
            game_over_panel(L, v.over, human, v.hands, v.names, v.rules, scene.rematch, to_menu)
        )
    elif v.facts is not None and v.dealing is None:
        decision = _decision_panel(scene)
        if decision is not None:
            panels.append(decision)
        r = p.request if p is not None else None
        if v.asking_bid is not None and p is not None and isinstance(r, (BidRequest, BlindRequest)):
            raising = isinstance(r, BidRequest) and r.raising  # the second round's: team totals
            bidding = isinstance(r, BidRequest) and not raising
            base = hint_base(v.rules, v.facts.bids, p.seat) if bidding else None
            nt = r.agreed == "blind_no_trump" or (r.agreed == "no_trump" and not v.plain_chosen)
            panels.append(
                bid_question_panel(L, v.asking_bid, base, act.send_bid, act.cancel_bid, raising, nt)
            )
    if p is not None and (v.hint_wait or v.hint) and not v.hint_hidden:
        panels.append(_hint_panel(scene, panels))
    if v.overlay == "scores":
        panels.append(
            score_pad_panel(
                L,
                v.hands,
                v.names,
                v.rules,
                lambda: act.toggle_overlay("scores"),
                rec.review_hand if human else None,
            )
        )
    elif v.overlay == "options":
        panels.append(
            options_panel(
                L,
                ctl.practice,
                lambda: act.set_practice(not ctl.practice),
                rec.export_game,
                rec.export_hand if v.hands else None,
                rec.field,
                rec.open_record,
                v.options_status,
                lambda: act.toggle_overlay("options"),
                v.recent,
                rec.open_recent,
                rec.browse_record if v.can_browse else None,
            )
        )
    elif v.overlay == "last" and v.last_trick is not None:
        close = lambda: act.toggle_overlay("last")  # noqa: E731
        panels.append(
            last_trick_panel(L, scene.art, v.last_trick, v.tricks_done, v.names, v.human, close)
        )
    return panels


def _decision_panel(scene: TableScene) -> Panel | None:
    """The panel for the player's decision now (bid, blind, misdeal, partner's question, the
    discard, exchange, pass), if any."""
    L, v, act = scene.L, scene.view, scene.input
    p = v.prompt
    facts = v.facts
    assert facts is not None
    partner = v.names[(p.seat + 2) % 4] if p is not None else ""  # asks and passes: partners
    r = p.request if p is not None else None
    if p is not None and isinstance(r, BidRequest):
        return bid_panel(
            L,
            facts,
            p.seat,
            r,
            v.rules,
            v.names,
            v.bemo_chosen,
            act.bid,
            act.ask_partner,
            act.choose_bemo,
            v.plain_chosen,
            act.choose_plain,
        )
    if isinstance(r, BlindRequest):
        return blind_panel(
            L,
            v.rules,
            r.bids,
            True,
            act.bid,
            act.show_cards,
            r.asks,
            act.ask_partner,
            partner,
            r.agreed,
        )
    if isinstance(r, AnswerRequest):
        return answer_panel(L, r.what, partner, v.rules, act.answer)
    if v.hidden and facts.phase in ("bid", "discard"):
        return blind_panel(L, v.rules, (), False, act.bid, act.show_cards)
    if isinstance(r, MisdealRequest):
        return misdeal_panel(L, r.reasons, lambda: act.misdeal(True), lambda: act.misdeal(False))
    if isinstance(r, DiscardRequest):
        after = any(b is not None for b in facts.bids)
        return discard_panel(L, len(v.selected), after, act.discard)
    if p is not None and isinstance(r, PassRequest):
        if act.exchange_open():
            yes, no = (lambda: act.exchange(True)), (lambda: act.exchange(False))
            return exchange_panel(L, r.count, partner, yes, no)
        return pass_panel(
            L,
            r.count,
            len(v.selected),
            partner,
            act.pass_cards,
            r.ask_suit,
            v.suit_chosen,
            act.choose_suit,
            r.asked_suit,
            facts.double_nil[p.seat % 2],
        )
    return None


def _hint_panel(scene: TableScene, others: list[Panel]) -> Panel:
    """The hint box: the coach's choice and its reason, or that it is thinking."""
    L, v = scene.L, scene.view
    h = v.hint
    if h is None:
        return hint_panel(L, f"{v.coach_level.capitalize()} is thinking...", "", thinking=True)
    base, hint = None, False
    facts = v.facts
    if isinstance(h.action, BidAction) and facts is not None:
        base = hint_base(v.rules, facts.bids, h.seat)
        hint = hinting(v.rules, facts.bids, h.seat)
    title = action_title(h.action, h.level, base, hint)
    played = h.action
    warning = (
        ruff_words(h.ruffers, played.card, v.rules, v.names)
        if isinstance(played, PlayAction)
        else ""
    )
    return hint_panel(L, title, hint_reason(h.reason, warning), [p.rect for p in others])
