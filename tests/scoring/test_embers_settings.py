"""scoring.embers_settings: an Embers game's packs, fire hands and hands, checked in one place (issue #32).

From the rules' words: three packs is the minimum, six the most spoken of; "up to packs − 2" fire hands
(six packs: "four fire hands"); "Four is the bare minimum, but twelve is probably a decent number" of
hands, ideally an even number. Fewer than four hands need the director's override."""

from __future__ import annotations

import pytest

from scoring.embers_settings import (
    DEFAULTS,
    EmbersSettings,
    EmbersSettingsError,
    SettingsCheck,
    most_fire_hands,
)


@pytest.mark.parametrize(("packs", "fire"), [(3, 1), (4, 1), (4, 2), (5, 3), (6, 1), (6, 4)])
def test_three_to_six_packs_with_up_to_packs_less_two_fire_hands_are_played(packs, fire):
    settings = EmbersSettings(packs, fire, 12)
    assert settings.check() == SettingsCheck()
    assert (settings.deck, settings.per_suit, settings.first_ember_hand) == (52 * packs, 13 * packs, fire + 1)
    assert [settings.is_fire(hand) for hand in (1, fire, fire + 1)] == [True, True, False]


def test_the_six_pack_example_of_the_rules():
    # "four fire hands (i.e. you only start the sin-bin/green-room process at the end of the fifth hand)"
    six = EmbersSettings(6, most_fire_hands(6), 12)
    assert (six.fire_hands, six.first_ember_hand) == (4, 5)
    assert [six.undealt_before(hand) for hand in range(1, 7)] == [312, 260, 208, 156, 104, None]
    assert EmbersSettings(3, 1, 4).undealt_before(2) == 104  # three packs: hand 2 from the 104 not yet dealt
    assert six.summary() == (
        "6 packs (312 cards), 4 fire hands, 12 hands: the sin-bin/green-room procedure runs at the end of each "
        "hand from hand 5"
    )
    assert DEFAULTS.summary() == (
        "3 packs (156 cards), 1 fire hand, 4 hands: the sin-bin/green-room procedure runs at the end of each "
        "hand from hand 2"
    )


@pytest.mark.parametrize(
    ("settings", "errors"),
    [
        (EmbersSettings(2, 1, 4), ["packs is 2: Embers is played with 3 to 6 packs (three packs is the minimum)"]),
        (
            EmbersSettings(7, 1, 4),
            ["packs is 7: Embers is played with 3 to 6 packs (three packs is the minimum)"],
        ),
        (EmbersSettings(3, 2, 4), ["fire_hands is 2: with 3 packs a game has 1 to 1 (packs − 2) fire hands"]),
        (EmbersSettings(6, 5, 8), ["fire_hands is 5: with 6 packs a game has 1 to 4 (packs − 2) fire hands"]),
        (EmbersSettings(5, 0, 4), ["fire_hands is 0: with 5 packs a game has 1 to 3 (packs − 2) fire hands"]),
        (
            EmbersSettings(True, "1", 4),  # type: ignore[arg-type]
            [
                "packs is True: Embers is played with 3 to 6 packs (three packs is the minimum)",
                "fire_hands is '1': a game has 1 to packs − 2 fire hands",
            ],
        ),
        (EmbersSettings(3, 1, 0), ["hands is 0: a game is 1 to 32 hands"]),
        (EmbersSettings(3, 1, 33), ["hands is 33: a game is 1 to 32 hands"]),
    ],
)
def test_settings_that_cannot_be_played_are_errors(settings, errors):
    assert settings.check().errors == tuple(errors)
    assert settings.check(short_allowed=True).errors == tuple(errors)
    with pytest.raises(EmbersSettingsError) as refused:
        settings.require()
    assert refused.value.problems == errors and str(refused.value) == "; ".join(errors)


def test_fewer_than_four_hands_are_refused_unless_the_director_overrides():
    short = EmbersSettings(3, 1, 2)
    assert short.check() == SettingsCheck(
        errors=(
            "hands is 2: four hands is the bare minimum of an Embers game (twelve is probably a decent number); "
            "fewer need the director's override",
        )
    )
    assert short.check(short_allowed=True) == SettingsCheck(
        warnings=(
            "hands is 2: four hands is the bare minimum of an Embers game (twelve is probably a decent number); "
            "allowed by the director's override",
        )
    )
    assert short.require(short_allowed=True) is short
    assert EmbersSettings(3, 1, 4).check().ok


def test_an_odd_number_of_hands_is_a_warning():
    assert EmbersSettings(3, 1, 5).check() == SettingsCheck(
        warnings=("hands is 5: an odd number of hands; an even number is ideal",)
    )
    assert EmbersSettings(3, 1, 3).check(short_allowed=True).warnings == (
        "hands is 3: four hands is the bare minimum of an Embers game (twelve is probably a decent number); "
        "allowed by the director's override",
        "hands is 3: an odd number of hands; an even number is ideal",
    )


def test_a_game_with_no_ember_hand_is_refused_unless_overridden():
    # Six packs, four fire hands, four hands: the procedure would first run at the end of hand 5.
    words = (
        "hands is 4: with 4 fire hands the sin-bin/green-room procedure first runs at the end of hand 5, so a "
        "game of 4 has no ember hand"
    )
    assert EmbersSettings(6, 4, 4).check() == SettingsCheck(errors=(words,))
    assert EmbersSettings(6, 4, 4).check(short_allowed=True) == SettingsCheck(warnings=(words,))
    assert EmbersSettings(6, 4, 6).check().ok
    one = EmbersSettings(3, 1, 1).check(short_allowed=True)
    assert one.ok and one.warnings[1] == (
        "hands is 1: with 1 fire hand the sin-bin/green-room procedure first runs at the end of hand 2, so a game "
        "of 1 has no ember hand"
    )


def test_settings_read_back_from_what_an_event_stores():
    settings = EmbersSettings(5, 3, 12)
    assert settings.to_dict() == {"packs": 5, "fire_hands": 3, "hands": 12}
    assert EmbersSettings.from_dict(settings.to_dict()) == settings
    assert EmbersSettings.from_dict({"packs": " 4 ", "fire_hands": "2", "hands": "10"}) == EmbersSettings(4, 2, 10)
    assert EmbersSettings.from_dict(None) == DEFAULTS == EmbersSettings(3, 1, 4)
    assert EmbersSettings.from_dict({"hands": 12}) == EmbersSettings(3, 1, 12)
    # A short game reads back (the override is the event's); its check says so.
    assert EmbersSettings.from_dict({"hands": 2}).check().errors


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        ([3, 1, 4], ["the Embers settings are an object with packs, fire_hands and hands"]),
        ({"packs": 3, "fires": 1}, ["unknown Embers setting 'fires' (packs, fire_hands, hands)"]),
        (
            {"packs": "three", "hands": 4.0, "fire_hands": True},
            [
                "packs must be a whole number, not 'three'",
                "fire_hands must be a whole number, not True",
                "hands must be a whole number, not 4.0",
            ],
        ),
        (
            {"packs": "²", "hands": "-4"},
            ["packs must be a whole number, not '²'", "hands must be a whole number, not '-4'"],
        ),
        ({"hands": "12345"}, ["hands must be a whole number, not '12345'"]),
        ({"packs": 3, "fire_hands": 2}, ["fire_hands is 2: with 3 packs a game has 1 to 1 (packs − 2) fire hands"]),
        ({"packs": 8}, ["packs is 8: Embers is played with 3 to 6 packs (three packs is the minimum)"]),
    ],
)
def test_settings_that_do_not_read_are_refused_naming_each_problem(data, problems):
    with pytest.raises(EmbersSettingsError) as refused:
        EmbersSettings.from_dict(data)
    assert refused.value.problems == problems
