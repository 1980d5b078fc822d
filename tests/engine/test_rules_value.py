"""The rules value: options as data, JSON round trips, and refused combinations."""

import typing

import pytest

from spades_gui.engine import OPTIONS, PRESETS, Rules, RulesError, resolve
from spades_gui.engine.rules import from_dict, option_names


def test_every_field_is_an_option():
    assert sorted(o.name for o in OPTIONS) == sorted(option_names())


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_preset_round_trips_through_json(pid):
    r = PRESETS[pid].rules
    assert from_dict(r.to_dict()) == r
    assert resolve({"preset": pid}) == r


def test_overrides_on_a_preset():
    r = resolve({"preset": "classic", "target": 300})
    assert r.target == 300 and r.first_lead == "two_clubs"


@pytest.mark.parametrize(
    "data,words",
    [
        ({"target": "500"}, "whole number"),
        ({"target": 0}, "no points target"),
        ({"target": 5}, "at least 10"),
        ({"target": 5001}, "from 0 to 5000"),
        ({"bag_value": 2}, "no choice"),
        ({"misdeal": ["never"]}, "no choice"),
        ({"jokers": 1}, "no choice"),
        ({"nope": 1}, "unknown option"),
    ],
)
def test_bad_values_are_refused(data, words):
    with pytest.raises(RulesError, match=words):
        from_dict(data)


@pytest.mark.parametrize(
    "data,words",
    [
        ({"deuce_diamonds_high": True}, "2♦"),
        ({"blind_bids": ["blind13", "blind_moon"]}, "two different values"),
        ({"blind_bids": ["blind7plus", "blind13"]}, "two different values"),
        ({"jokers": True, "jokers_replace": "2C2H", "deuce_diamonds_high": True}, "2♠"),
        ({"bags_display": "units", "bag_limit": 6}, "units digit"),
        ({"jokers": True, "high_twos": "SD"}, "2♦ cannot be raised"),
        ({"jokers": True, "jokers_replace": "2C2H", "high_twos": "C"}, "2♣ cannot be raised"),
        ({"high_twos": "SS"}, "no choice"),
    ],
)
def test_impossible_combinations_are_refused_with_a_reason(data, words):
    with pytest.raises(RulesError, match=words):
        from_dict(data)


def test_preset_key_must_be_a_name():
    with pytest.raises(RulesError, match="unknown preset"):
        resolve({"preset": ["pagat"]})


def test_defaults_are_pagat():
    # every option but the game's end: 003 plays three hands and names no points target
    assert PRESETS["pagat"].rules == Rules(target=0, match_hands=3)


def test_each_options_choices_are_the_values_its_type_allows() -> None:
    # The type is what mypy checks every `rules.x == "..."` against; the choices are what a
    # rules file and the settings may give: the two must be one list.
    hints = typing.get_type_hints(Rules)
    typed = 0
    for opt in OPTIONS:
        hint = hints[opt.name]
        if opt.multi:
            hint = typing.get_args(hint)[0]
        if typing.get_origin(hint) is not typing.Literal:
            continue
        typed += 1
        assert typing.get_args(hint) == tuple(c for c, _ in opt.choices), opt.name
    fixed = [o for o in OPTIONS if o.choices and isinstance(o.choices[0][0], str)]
    assert typed == len(fixed) - 2  # all but the 2s raised and the special card (built lists)
