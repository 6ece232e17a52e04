"""``scoring.auction_settings``: an Auction event's hands, draft and score values, read and checked."""

from __future__ import annotations

import pytest

from scoring import movements as mv
from scoring.auction import VALUES, AuctionError, AuctionValues
from scoring.auction_settings import AuctionSettings, values_from_dict


def test_defaults_are_the_rules_values_and_round_trip():
    settings = AuctionSettings.from_dict(None)
    assert (settings.hands, settings.draft, settings.values) == (12, False, VALUES)
    data = settings.to_dict()
    assert data["values"]["minimum_bid"] == 220 and data["values"]["calypso_bid"] == 400
    assert data["values"]["table_cap"] == 26 and data["values"]["defender_card"] == 5
    assert AuctionSettings.from_dict(data) == settings


def test_values_given_replace_the_defaults_only_where_given():
    settings = AuctionSettings.from_dict({"hands": "16", "draft": True, "values": {"calypso": 600, "minimum_bid": 250}})
    assert settings.hands == 16 and settings.draft is True
    assert settings.values == AuctionValues(calypso=600, minimum_bid=250)
    assert settings.changed_values() == {"minimum_bid": 250, "calypso": 600}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "the Auction settings are an object with hands, draft and values"),
        ({"hand": 4}, "unknown Auction setting 'hand' (hands, draft, values)"),
        ({"hands": 0}, "hands per round must be from 1 to 32, not 0"),
        ({"hands": "lots"}, "hands per round must be a whole number, not 'lots'"),
        ({"draft": "yes"}, "draft must be true or false, not 'yes'"),
        ({"values": {"minimum_bid": 200}}, "minimum_bid (minimum bid) must be from 220 to 100000, not 200"),
        ({"values": {"minimum_bid": 255}}, "minimum_bid (minimum bid) must be a multiple of 10, not 255"),
        ({"values": {"sell_price": 0}}, "sell_price (points per card sold) must be from 1 to 100000, not 0"),
        ({"values": {"table_cap": 12}}, "table_cap (cards a side may keep on the table) must be from 13"),
        ({"values": {"calypso": True}}, "calypso (points per calypso) must be a whole number, not True"),
        ({"values": {"bonus": 1}}, "unknown score value 'bonus'"),
        ({"values": [500]}, "the score values are an object of minimum_bid"),
        # digits to str.isdigit but not to int(): a named refusal, not a bare ValueError
        ({"hands": "²"}, "hands per round must be a whole number, not '²'"),
        ({"hands": "--5"}, "hands per round must be a whole number, not '--5'"),
        ({"values": {"calypso": "①"}}, "calypso (points per calypso) must be a whole number, not '①'"),
    ],
)
def test_bad_settings_are_refused_saying_what_is_wrong(data, message):
    with pytest.raises(AuctionError) as error:
        AuctionSettings.from_dict(data)
    assert message in str(error.value)


def test_every_problem_is_named_at_once():
    with pytest.raises(AuctionError) as error:
        AuctionSettings.from_dict({"hands": 99, "draft": 1, "values": {"calypso": -1, "further_card": "x"}})
    text = str(error.value)
    parts = ("hands per round must be from 1 to 32, not 99", "draft must be true or false", "calypso (", "further_card")
    assert all(part in text for part in parts)


def test_values_from_dict_of_nothing_is_the_rules():
    assert values_from_dict(None) is VALUES
    assert values_from_dict({}) == VALUES


def test_the_auction_team_match_seats_the_same_hands_at_both_tables():
    movement = mv.auction_team_match(3, ["Reds", "Blues"])
    assert movement.kind == mv.AUCTION_TEAM_MATCH and movement.tables == 2 and len(movement.rounds) == 3
    for number, tables in enumerate(movement.rounds, start=1):
        assert tables[1] == mv.TableRound(1, 4, number) and tables[2] == mv.TableRound(3, 2, number)
    assert movement.teams == {"Reds": (1, 2), "Blues": (3, 4)}
    assert mv.Movement.from_dict(movement.to_dict()) == movement
    assert mv.movement_warnings(movement) == []  # meeting the same team every game is the match


def test_an_auction_team_match_with_different_hands_at_its_tables_is_refused():
    movement = mv.auction_team_match(1)
    movement.rounds[0][2] = mv.TableRound(3, 2, 2)
    movement.game_sets = 2
    with pytest.raises(mv.MovementError, match="plays the same hands at both tables, not 1 and 2"):
        movement.validate()
    with pytest.raises(mv.MovementError, match="between two teams, not 3"):
        mv.auction_team_match(2, ["A", "B", "C"])
