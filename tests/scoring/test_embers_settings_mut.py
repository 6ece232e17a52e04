"""``scoring.embers_settings``: the limits and words the whole-engine mutation run found unasserted.

docs/variants.md "Embers": three to six packs, 1 to packs − 2 fire hands, four hands the bare
minimum unless the director overrides, a pad of at most 32 hands (not a rule: a pad ends somewhere).
"""

from __future__ import annotations

import pytest

from scoring.embers_settings import EmbersSettings, EmbersSettingsError


def test_a_game_of_the_most_hands_is_played():
    assert EmbersSettings(hands=32).check().errors == ()
    assert EmbersSettings(hands=33).check().errors == ("hands is 33: a game is 1 to 32 hands",)


def test_hands_that_cannot_be_played_leave_no_warning_to_show():
    found = EmbersSettings(hands=0).check()
    assert found.errors == ("hands is 0: a game is 1 to 32 hands",)
    assert found.warnings == ()


def test_two_fire_hands_are_named_in_the_plural():
    found = EmbersSettings(packs=4, fire_hands=2, hands=2).check(short_allowed=True)
    assert found.errors == ()
    assert (
        "hands is 2: with 2 fire hands the sin-bin/green-room procedure first runs at the end of hand 3, "
        "so a game of 2 has no ember hand"
    ) in found.warnings
    assert EmbersSettings(packs=4, fire_hands=2, hands=12).summary() == (
        "4 packs (208 cards), 2 fire hands, 12 hands: the sin-bin/green-room procedure runs at the end "
        "of each hand from hand 3"
    )


def test_a_short_game_is_refused_unless_the_override_is_asked_for():
    with pytest.raises(EmbersSettingsError) as refused:
        EmbersSettings(hands=2).require()
    assert refused.value.problems[0] == (
        "hands is 2: four hands is the bare minimum of an Embers game (twelve is probably a decent number); "
        "fewer need the director's override"
    )


def test_four_digits_are_read_as_a_number_and_then_checked():
    assert EmbersSettings.from_dict({"hands": "0032"}).hands == 32
    with pytest.raises(EmbersSettingsError) as refused:
        EmbersSettings.from_dict({"hands": "1000"})
    assert refused.value.problems == ["hands is 1000: a game is 1 to 32 hands"]


def test_unknown_settings_are_named_each_cut_to_forty_characters():
    with pytest.raises(EmbersSettingsError) as refused:
        EmbersSettings.from_dict({"b" * 41: 1, "a": 1})
    assert refused.value.problems == [f"unknown Embers setting 'a', '{'b' * 40}' (packs, fire_hands, hands)"]


def test_a_text_that_is_not_a_number_is_shown_cut_to_twenty_characters():
    with pytest.raises(EmbersSettingsError) as refused:
        EmbersSettings.from_dict({"hands": "twelve hands, or so, please"})
    assert refused.value.problems == ["hands must be a whole number, not 'twelve hands, or so,'"]
