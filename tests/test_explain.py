"""The rules in plain words follow the Rules value: every option changes the text."""

from __future__ import annotations

import pytest

from spades_gui.engine.presets import PRESETS, preset_rules
from spades_gui.engine.rules import OPTIONS, Rules, RulesError
from spades_gui.ui.how_to_play import SECTIONS, explain, explain_text


def _bases() -> list[Rules]:
    """Every preset, plus a few bases where otherwise hidden options matter."""
    out = [p.rules for p in PRESETS.values()]
    t = PRESETS["tournament"].rules
    out.append(t.with_options(jokers_replace="2C2H"))
    out.append(t.with_options(jokers_replace="2C2H", deuce_diamonds_high=True))
    out.append(PRESETS["pagat"].rules.with_options(blind_bids=["blind6"], all13="moon"))
    out.append(PRESETS["pagat"].rules.with_options(ten_for_200="exact"))
    out.append(PRESETS["pagat"].rules.with_options(blind_nil_pass=1))  # a suit may be asked
    out.append(t.with_options(jokers_replace=""))  # 54 cards, two left over (001)
    nt = {"no_trump": True, "no_trump_blind": True, "blind_bids": ["blind6"]}
    out.append(PRESETS["pagat"].rules.with_options(**nt))
    out.append(PRESETS["pagat"].rules.with_options(double_nil_bid=True))
    return out


def _values(opt) -> list:
    """Values to try for an option: every choice, or a few numbers from its range."""
    if opt.multi:
        return [[], *[[c] for c, _ in opt.choices]]
    if opt.choices:
        return [c for c, _ in opt.choices]
    vals = {opt.low, opt.high, (opt.low + opt.high) // 2, opt.low + 1, opt.high - 1, 7}
    if opt.name == "losing_floor":
        vals.add(None)
    return sorted((v for v in vals if v is None or opt.low <= v <= opt.high), key=str)


@pytest.mark.parametrize("opt", OPTIONS, ids=[o.name for o in OPTIONS])
def test_every_option_changes_the_text(opt) -> None:
    """For each option, changing it changes the words under some base rules."""
    changed = False
    tried = 0
    for base in _bases():
        before = explain(base)
        for v in _values(opt):
            try:
                r = base.with_options(**{opt.name: v})
            except RulesError:
                continue
            if r == base:
                continue
            tried += 1
            if explain(r) != before:
                changed = True
    assert tried, f"no valid change of {opt.name}"
    assert changed, f"{opt.name} never shows in the explanation"


def test_sections_and_shape() -> None:
    for p in PRESETS.values():
        out = explain(p.rules)
        assert [t for t, _ in out] == list(SECTIONS)
        for _, lines in out:
            assert lines and all(isinstance(x, str) and x.strip() for x in lines)
            assert all(x.endswith((".", ")")) for x in lines)


def test_nil_wording_from_the_brief() -> None:
    text = explain_text(Rules(nil_bonus=100, nil_penalty=100, failed_nil_tricks="bags"))
    assert "Nil made scores 100, failed loses 100." in text
    assert "A failed nil's tricks do not help partner but count as bags." in text


def test_preset_specific_words() -> None:
    classic = explain_text(preset_rules("classic"))
    assert "reach 250 points" in classic and "lowest club" in classic
    assert "Nil made scores 50, failed loses 50." in classic
    assert "behind by at least 100 points" in classic
    assert "may exchange 2 cards with partner" in classic
    assert "must pass 2 cards to partner" in explain_text(preset_rules("online"))
    pagat = explain_text(preset_rules("pagat"))
    assert "at any time" in pagat and "The match lasts 3 hands" in pagat
    assert "There is no points target." in pagat and "500" not in pagat
    tour = explain_text(preset_rules("tournament"))
    assert "Big Joker, Little Joker, 2♠, A♠" in tour and "2♥ and 2♦ taken out" in tour
    assert "bag count reaches 6 it loses 60 points" in tour and "30 minutes" in tour
    assert "A joker is not a face card." in tour
    assert "+120 if both make it, 0 if one fails and −120 if both fail" in tour
    j = explain_text(preset_rules("jokers350"))
    assert "Nil bids are not allowed" in j and "Blind 13 scores 350" in j
    assert "falls to −150 or below loses" in j and "Spades may be led at any time." in j
    online = explain_text(preset_rules("online"))
    assert "You deal first." in online and "hint" in online and "not Nil" in online


def test_number_changes_show() -> None:
    a = explain_text(Rules(target=500))
    b = explain_text(Rules(target=350))
    assert "reach 500 points" in a and "reach 350 points" in b


def test_no_io_or_pygame() -> None:
    from pathlib import Path

    import spades_gui.ui.how_to_play as mod

    src = Path(mod.__file__).read_text(encoding="utf-8")
    for word in ("pygame", "open(", "import os", "print("):
        assert word not in src


def test_units_digit_bags_and_untracked_bags() -> None:
    units = explain_text(preset_rules("classic").with_options(bags_display="units", bag_value=-1))
    assert "units digit" in units and "costs 1 point" not in units and "counter" not in units
    j = explain_text(preset_rules("jokers350"))
    assert "Overtricks (bags) score nothing." in j and "counter" not in j
    assert "no penalty for collecting bags" in j


def test_first_lead_wording() -> None:
    text = explain_text(preset_rules("pagat"))
    assert "any card but a spade (unless they hold only spades)" in text
