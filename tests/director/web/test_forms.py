"""Bad input on the director's pages is refused with a message next to the field, and writes
nothing; good input does what it says."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from director.clubs.models import Player
from director.events.models import Event, Partnership, Seating, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, director_a):
    client.force_login(director_a)
    return client


def new_event(client, club, follow=False, **data):
    """The club night form as a browser posts it, the fields in ``data`` changed or added."""
    form = {
        "name": "Friday night",
        "date": "2025-05-02",
        "type": "progressive-pairs",
        "rules_variant": "standard",
        "games": "4",
        "pairing": "draw",
        "seed": "7",
    }
    form.update(data)
    return client.post(reverse("clubs:new_event", args=[club.slug]), form, follow=follow)


def errors_of(response, field):
    return [str(e) for e in response.context["form"].errors.get(field, [])]


# --- players -------------------------------------------------------------------------------------
def test_quick_add_a_player(signed_in, club_a):
    response = signed_in.post(
        reverse("clubs:players", args=[club_a.slug]), {"action": "add", "add-name": " Ann  Baptiste "}
    )
    assert response.status_code == 302
    assert Player.objects.filter(club=club_a, name="Ann Baptiste").exists()


def test_a_name_already_taken_is_refused_next_to_the_name(signed_in, club_a, players_a):
    url = reverse("clubs:players", args=[club_a.slug])
    response = signed_in.post(url, {"action": "add", "add-name": "Player 01"})
    assert response.status_code == 400
    assert "already has a player called 'Player 01'" in " ".join(response.context["add_form"].errors["name"])
    assert Player.objects.filter(club=club_a).count() == 16


def test_import_a_member_csv(signed_in, club_a, players_a):
    upload = SimpleUploadedFile("members.csv", b"name,external_id\nAnn Baptiste,T-1\nPlayer 01,\nKen Joseph,T-2\n")
    response = signed_in.post(reverse("clubs:players", args=[club_a.slug]), {"action": "import", "import-file": upload})
    assert response.status_code == 302
    assert Player.objects.get(club=club_a, name="Ken Joseph").external_id == "T-2"
    assert Player.objects.filter(club=club_a).count() == 18


def test_a_bad_csv_line_refuses_the_whole_file(signed_in, club_a):
    upload = SimpleUploadedFile("members.csv", b"name,external_id\nAnn Baptiste,T-1\n ,T-2\n")
    response = signed_in.post(reverse("clubs:players", args=[club_a.slug]), {"action": "import", "import-file": upload})
    assert response.status_code == 400
    assert "line 3" in " ".join(response.context["import_form"].errors["file"])
    assert not Player.objects.filter(club=club_a).exists()


def test_a_file_that_is_not_text_is_refused(signed_in, club_a):
    upload = SimpleUploadedFile("members.xlsx", b"\xff\xfe\x00\x81PK")
    response = signed_in.post(reverse("clubs:players", args=[club_a.slug]), {"action": "import", "import-file": upload})
    assert response.status_code == 400
    assert "not UTF-8" in " ".join(response.context["import_form"].errors["file"])


# --- setting up a club night -------------------------------------------------------------------------
def test_set_up_a_progressive_night_with_a_draw_and_quick_added_players(signed_in, club_a, players_a):
    picked = [str(p.pk) for p in players_a[:6]]
    response = new_event(signed_in, club_a, players=picked, new_players="Ann Baptiste\nPlayer 01\nKen Joseph")
    event = Event.objects.get(name="Friday night")
    assert response.status_code == 302 and response.url == reverse("events:detail", args=[event.pk])
    assert event.date == datetime.date(2025, 5, 2) and event.games == 4 and event.status == "draft"
    # Player 01 was already picked (matched by name, not added twice): 8 players, 4 partnerships, 2 tables.
    assert Player.objects.filter(club=club_a).count() == 18
    assert event.partnerships.count() == 4 and event.tables.count() == 2
    assert Seating.objects.filter(round__event=event).count() == 2 * 2 * 4
    assert event.movement  # the movement is kept on the event


def test_entered_partnerships(signed_in, club_a, players_a):
    lines = "Player 01 & Player 02\nPlayer 03 & Player 04\nPlayer 05 and Player 06\nPlayer 07, Player 08"
    response = new_event(signed_in, club_a, pairing="entered", partnerships=lines)
    assert response.status_code == 302
    event = Event.objects.get(name="Friday night")
    first = Partnership.objects.get(event=event, number=1)
    assert [m.player.name for m in first.members.order_by("position")] == ["Player 01", "Player 02"]
    assert list(event.partnerships.values_list("direction", flat=True)) == ["majors", "majors", "minors", "minors"]


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"players": []}, "players", "pick the players"),
        ({"new_players": "Ann\nBob\nCy"}, "players", "at least four players"),
        (
            {"pairing": "entered", "partnerships": "Player 01 & Nobody\nPlayer 03 & Player 04"},
            "partnerships",
            "'Nobody' is not a player",
        ),
        (
            {"pairing": "entered", "partnerships": "Player 01 & Player 02\nPlayer 02 & Player 04"},
            "partnerships",
            "already plays",
        ),
        ({"pairing": "entered", "partnerships": "Player 01"}, "partnerships", "has 1 names"),
        ({"games": "many"}, "games", "whole number"),
        ({"games": "-1"}, "games", "greater than or equal to 1"),
        ({"date": "Friday"}, "date", "valid date"),
        (
            {"type": "duplicate-pairs", "new_players": "A1\nA2\nA3\nA4\nA5\nA6\nA7\nA8\nA9\nA10", "games": "3"},
            "players",
            "as many majors as minors",
        ),
        (
            {"type": "duplicate-pairs", "new_players": "A1\nA2\nA3\nA4\nA5\nA6\nA7\nA8", "games": "5"},
            "players",
            "at most 2 rounds",
        ),
    ],
)
def test_bad_set_up_is_refused_and_writes_nothing(signed_in, club_a, players_a, data, field, message):
    response = new_event(signed_in, club_a, **data)
    assert response.status_code == 400
    assert any(message in e for e in errors_of(response, field)), response.context["form"].errors
    assert not Event.objects.exists()
    assert Player.objects.filter(club=club_a).count() == 16  # no quick-added player left behind


def test_set_up_a_duplicate_pairs_night_seats_a_mitchell(signed_in, club_a, players_a):
    response = new_event(signed_in, club_a, type="duplicate-pairs", players=[p.pk for p in players_a[:12]], games="3")
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.movement_kind == "mitchell" and event.tables.count() == 3
    sets = set(Seating.objects.filter(round__event=event).values_list("game_set_number", flat=True))
    assert sets == {1, 2, 3}
    page = signed_in.get(reverse("deals:sets", args=[event.pk])).content.decode()
    assert "Missing: 1, 2, 3" in page


def test_set_up_a_team_match(signed_in, club_a, players_a):
    response = new_event(signed_in, club_a, type="duplicate-teams", players=[p.pk for p in players_a[:8]], games="2")
    assert response.status_code == 302
    event = Event.objects.get()
    assert list(Team.objects.filter(event=event).values_list("name", flat=True)) == ["Team A", "Team B"]
    assert event.tables.count() == 2
    assert Seating.objects.filter(round__event=event).count() == 2 * 2 * 2


def test_set_up_a_progressive_individual(signed_in, club_a, players_a):
    response = new_event(signed_in, club_a, type="progressive-individual", players=[p.pk for p in players_a[:9]])
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.tables.count() == 2
    assert Seating.objects.filter(round__event=event, round__number=1).count() == 4


def test_the_season_picker_offers_the_clubs_seasons_and_is_optional(signed_in, club_a, club_b, players_a):
    from director.clubs import services as clubs

    today = datetime.date.today()
    current = clubs.create_season(club=club_a, name="This year", starts_on=today.replace(month=1, day=1))
    clubs.create_season(
        club=club_a, name="Long ago", starts_on=datetime.date(2001, 1, 1), ends_on=datetime.date(2001, 12, 31)
    )
    other = clubs.create_season(club=club_b, name="Sando season")
    page = signed_in.get(reverse("clubs:new_event", args=[club_a.slug]))
    form = page.context["form"]
    assert [name for _, name in form.fields["season"].choices] == ["— none —", "This year", "Long ago"]
    assert form.fields["season"].initial == current.pk  # the season today falls in
    assert "Sando season" not in page.content.decode()

    players = [p.pk for p in players_a[:8]]
    refused = new_event(signed_in, club_a, players=players, season=str(other.pk))
    assert refused.status_code == 400 and errors_of(refused, "season") and not Event.objects.exists()
    assert new_event(signed_in, club_a, players=players, season=str(current.pk)).status_code == 302
    assert Event.objects.get().season == current
    assert new_event(signed_in, club_a, name="No season", players=players, season="").status_code == 302
    assert Event.objects.get(name="No season").season is None


def test_a_cutthroat_night_is_only_for_a_progressive_individual(signed_in, club_a, players_a):
    players = [p.pk for p in players_a[:8]]
    refused = new_event(signed_in, club_a, players=players, form="cutthroat")
    assert refused.status_code == 400 and any("not cutthroat" in e for e in errors_of(refused, "form"))
    assert not Event.objects.exists()
    ok = new_event(signed_in, club_a, type="progressive-individual", players=players, form="cutthroat")
    assert ok.status_code == 302 and Event.objects.get().form == "cutthroat"


# --- event actions ---------------------------------------------------------------------------------
def test_start_close_and_switches(signed_in, progressive_a):
    url = reverse("events:detail", args=[progressive_a.pk])
    assert signed_in.post(reverse("events:start", args=[progressive_a.pk]), {"confirm": "1"}).url == url
    progressive_a.refresh_from_db()
    assert progressive_a.status == "running"
    signed_in.post(reverse("events:close_round", args=[progressive_a.pk, 1]), {"confirm": "1"})
    assert progressive_a.rounds.get(number=1).status == "closed"
    response = signed_in.post(reverse("events:close_round", args=[progressive_a.pk, 1]), {"confirm": "1"}, follow=True)
    assert "game 1 is already closed" in response.content.decode()
    signed_in.post(reverse("events:switches", args=[progressive_a.pk]), {"standings_released": "on", "confirm": "1"})
    progressive_a.refresh_from_db()
    assert progressive_a.standings_released and not progressive_a.scorecards_released
    old = progressive_a.tables.get(number=2).token
    signed_in.post(reverse("events:reissue_token", args=[progressive_a.pk, 2]))  # asks to confirm first
    assert progressive_a.tables.get(number=2).token == old
    signed_in.post(reverse("events:reissue_token", args=[progressive_a.pk, 2]), {"confirm": "1"})
    assert progressive_a.tables.get(number=2).token != old


def test_starting_twice_says_why(signed_in, progressive_a):
    signed_in.post(reverse("events:start", args=[progressive_a.pk]), {"confirm": "1"})
    response = signed_in.post(reverse("events:start", args=[progressive_a.pk]), follow=True)
    assert "is running, not draft" in response.content.decode()
