"""``events.services.set_up_night``: a club night in one call — event, quick-added players,
partnerships (drawn or entered), teams and seatings — and bad input that writes nothing at all."""

from __future__ import annotations

import datetime

import pytest

from director.clubs import services as clubs
from director.clubs.models import Player
from director.core.errors import DomainError, NotFound, ValidationError
from director.events.models import Event, Partnership, PartnershipMember, Round, Seat, Seating, Table, Team
from director.movements import night as nights
from director.movements import selectors as movement_selectors

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
DATE = datetime.date(2025, 5, 2)


def counts() -> dict:
    models = (Event, Player, Table, Round, Partnership, PartnershipMember, Team, Seating, Seat)
    return {model.__name__: model.objects.count() for model in models}


def night(club, **extra):
    return nights.set_up_night(club=club, **{"name": "Friday night", "date": DATE, **extra})


def test_a_drawn_progressive_night_with_quick_added_players_and_a_season(club_a, players_a, director_a):
    season = clubs.create_season(club=club_a, name="2025", starts_on=datetime.date(2025, 1, 1))
    event = night(
        club_a,
        by=director_a,
        games=5,
        season=season,
        players=[p.pk for p in players_a[:14]],
        new_players=["Ann Baptiste", " ken  joseph ", "player 01"],  # "player 01" is Player 01
        seed=7,
    )
    assert (event.type, event.games, event.season, event.created_by) == ("progressive-pairs", 5, season, director_a)
    assert Player.objects.filter(club=club_a, name__in=["Ann Baptiste", "ken joseph"]).count() == 2
    assert Player.objects.filter(club=club_a).count() == 18
    partnerships = list(event.partnerships.order_by("number"))
    assert len(partnerships) == 8 and {p.direction for p in partnerships} == {"majors", "minors"}
    assert event.tables.count() == 4 and Seating.objects.filter(round__event=event).count() == 5 * 4 * 2
    # The same players and seed draw the same partnerships (the quick-added names are now members).
    again = night(
        club_a,
        players=[p.pk for p in players_a[:14]],
        new_players=["ann baptiste", "Ken Joseph"],
        seed=7,
        allow_twin=True,  # the same name and date on purpose (#14.4)
    )
    assert Player.objects.filter(club=club_a).count() == 18

    def draw(e):
        return [sorted(m.player_id for m in p.members.all()) for p in e.partnerships.order_by("number")]

    assert draw(again) == draw(event)


def test_entered_partnerships_keep_their_order_and_directions(club_a, players_a):
    lines = [[players_a[i].name, players_a[i + 1].name] for i in range(0, 8, 2)]
    event = night(club_a, partnerships=lines)
    got = [
        (p.number, p.direction, [m.player.name for m in p.members.order_by("position")])
        for p in event.partnerships.order_by("number")
    ]
    assert got == [
        (1, "majors", lines[0]),
        (2, "majors", lines[1]),
        (3, "minors", lines[2]),
        (4, "minors", lines[3]),
    ]
    assert event.tables.count() == 2


def test_duplicate_teams_make_teams_of_two_partnerships(club_a, players_a):
    event = night(club_a, type="duplicate-teams", games=2, players=[p.pk for p in players_a[:8]], seed=3)
    teams = list(event.teams.order_by("number"))
    assert [t.name for t in teams] == ["Team A", "Team B"]
    for team in teams:
        assert sorted(team.partnerships.values_list("direction", flat=True)) == ["majors", "minors"]


def test_a_cutthroat_individual_night_is_seated_for_game_one(club_a, players_a):
    event = night(club_a, type="progressive-individual", form="cutthroat", players=[p.pk for p in players_a[:12]])
    assert event.form == "cutthroat" and event.tables.count() == 3
    assert Seat.objects.filter(round__event=event, round__number=1).count() == 12


@pytest.mark.parametrize(
    ("extra", "error", "field", "message"),
    [
        ({"new_players": ["Quick One", "x" * 200]}, ValidationError, "new_players", "longer than"),
        ({"new_players": ["Quick One"], "players": [999999]}, NotFound, "players", "999999"),
        ({"new_players": ["Quick One"], "players": ["seven"]}, ValidationError, "players", "whole number"),
        (
            {"new_players": ["Quick One"], "partnerships": [["Quick One", "Player 01"], ["Nobody Here", "Player 02"]]},
            ValidationError,
            "partnerships",
            "line 2: 'Nobody Here' is not a player",
        ),
        (
            {"partnerships": [["Player 01", "Player 02"], ["Player 02", "Player 03"]]},
            ValidationError,
            "partnerships",
            "line 2: Player 02 already plays in partnership 1",
        ),
        ({"partnerships": []}, ValidationError, "partnerships", "type the partnerships"),
        ({"players": [], "new_players": ["A1", "A2", "A3"]}, ValidationError, "players", "at least four players"),
        (
            {"type": "progressive-individual", "players": [], "new_players": ["Quick One"]},
            ValidationError,
            "movement",
            "1 player: a night needs at least two",
        ),
        (
            {"type": "progressive-individual", "three_table": "four-handed", "new_players": ["Quick One"]},
            ValidationError,
            "three_table",
            "what a table of three plays must be one of three-handed, split, neutralised, neutralised-split, "
            "not 'four-handed'",
        ),
        (
            {"type": "progressive-individual", "removed_suit": ["S"], "new_players": ["Quick One"]},
            ValidationError,
            "removed_suit",
            r"the suit out of the three packs must be one of S, H, D, C, not \['S'\]",
        ),
        (
            {"type": "progressive-individual", "removed_suit": "SH", "new_players": ["Quick One"]},
            ValidationError,
            "removed_suit",
            "must be one of S, H, D, C, not 'SH'",
        ),
        (
            {"type": "duplicate-teams", "players": [], "new_players": ["T1", "T2", "T3", "T4", "T5", "T6"]},
            ValidationError,
            "players",
            "teams of four need an even number of partnerships",
        ),
        ({"form": "cutthroat", "new_players": ["Quick One"]}, ValidationError, "form", "not cutthroat"),
        ({"games": "many", "new_players": ["Quick One"]}, ValidationError, "games", "whole number"),
        ({"date": "yesterday"}, ValidationError, "date", "a date like"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(club_a, players_a, extra, error, field, message):
    before = counts()
    with pytest.raises(error, match=message) as caught:
        night(club_a, **{"players": [p.pk for p in players_a[:8]], **extra})
    assert caught.value.field == field
    assert counts() == before  # not the event, not the quick-added players, nothing


def test_another_clubs_players_and_season_are_not_found(club_a, club_b, players_a, players_b):
    season_b = clubs.create_season(club=club_b, name="Sando 2025")
    before = counts()
    with pytest.raises(NotFound) as caught:
        night(club_a, players=[p.pk for p in players_a[:6]] + [players_b[0].pk])
    assert caught.value.field == "players"
    with pytest.raises(NotFound, match="season") as caught:
        night(club_a, season=season_b, players=[p.pk for p in players_a[:8]])
    assert caught.value.field == "season"
    with pytest.raises(DomainError):
        night(club_a, partnerships=[[players_b[0].name, players_b[1].name], [players_a[0].name, players_a[1].name]])
    assert counts() == before


# --- quick-add: repeated names and existing members are told, on the form ----------------------------
def test_quick_add_check_names_repeats_and_members(club_a, players_a):
    notices, problems = movement_selectors.quick_add_check(
        club_a, ["Quad Name", "quad  NAME ", "Another One", "Another One", "player 01", "Player 02"], [players_a[1].pk]
    )
    assert notices == [
        "'player 01' is the club's Player 01: no new player is added",
        "'Player 02' is the club's Player 02, already ticked above: no new player is added",
    ]
    assert problems[:2] == [
        "'Quad Name' and 'quad NAME' are one player (case and spaces are ignored)",
        "'Another One' is typed twice: it is one player",
    ]
    assert movement_selectors.quick_add_check(club_a, ["Ann Baptiste", "Ken Joseph"]) == ([], [])


def _form(client, club, players, new_players):
    from tests.director.test_event_new_once import post

    return post(client, club, players, {}, new_players=new_players, follow=True)


def test_the_form_refuses_a_name_typed_twice_and_writes_nothing(client, director_a, club_a, players_a):
    client.force_login(director_a)
    before = counts()
    response = _form(client, club_a, players_a[:4], "Another One\nanother  one\nQuad Name\nPlayer 01")
    assert response.status_code == 400 and counts() == before
    errors = [str(e) for e in response.context["form"].errors["new_players"]]
    assert any("'Another One' and 'another one' are one player" in e for e in errors)
    page = response.content.decode()
    assert "is the club&#x27;s Player 01, already ticked above" in page  # the notice shows on the form too


def test_the_form_tells_when_a_typed_name_is_a_member(client, director_a, club_a, players_a):
    client.force_login(director_a)
    response = _form(client, club_a, players_a[:6], "Ann Baptiste\nplayer 09")
    assert response.redirect_chain and Event.objects.count() == 1
    page = response.content.decode()
    assert "Quick-add: &#x27;player 09&#x27; is the club&#x27;s Player 09: no new player is added." in page
    assert Player.objects.filter(club=club_a).count() == 17  # only Ann Baptiste is new


def test_a_quick_added_name_with_other_spacing_is_the_member(club_a, players_a):
    """Quick-add matches members the way the club's uniqueness rule does: case and runs of spaces
    do not count, so "  player   01 " is Player 01 and no new player is made."""
    before = Player.objects.filter(club=club_a).count()
    event = nights.set_up_night(
        club=club_a,
        name="Spacing",
        date="2025-05-02",
        type="progressive-pairs",
        games=2,
        players=[p.pk for p in players_a[1:8]],
        new_players=["  player   01 "],
        seed=1,
    )
    assert Player.objects.filter(club=club_a).count() == before
    seated = {m.player_id for p in event.partnerships.all() for m in p.members.all()}
    assert players_a[0].pk in seated and len(seated) == 8
