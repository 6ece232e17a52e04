import pytest

from director.clubs import access, selectors
from director.clubs import services as clubs
from director.clubs.models import Club, ClubDirector, Player
from director.core.errors import NotFound, PermissionDenied, ValidationError
from director.events.access import event_for


def test_create_club_makes_the_owner_a_director(club_a, director_a):
    role = ClubDirector.objects.get(club=club_a, user=director_a)
    assert role.role == ClubDirector.Role.OWNER
    assert club_a.slug == "pos"


def test_duplicate_slug_is_refused_and_writes_nothing(club_a, director_b):
    with pytest.raises(ValidationError, match="'pos' already exists"):
        clubs.create_club(name="Another", slug="pos", owner=director_b)
    assert Club.objects.count() == 1
    assert not ClubDirector.objects.filter(user=director_b).exists()


def test_a_user_may_direct_several_clubs(club_a, club_b, director_a):
    clubs.add_director(club=club_b, user=director_a)
    assert set(access.clubs_for(director_a)) == {club_a, club_b}


def test_access_helpers_refuse_the_other_club(club_a, club_b, director_a, director_b, player_user):
    assert list(access.clubs_for(director_a)) == [club_a]
    assert list(access.clubs_for(director_b)) == [club_b]
    assert list(access.clubs_for(player_user)) == []
    access.require_director(director_a, club_a)
    with pytest.raises(PermissionDenied, match="not a director of club San Fernando"):
        access.require_director(director_a, club_b)
    with pytest.raises(PermissionDenied):
        access.require_director(player_user, club_a)
    assert access.club_for(director_a, "pos") == club_a
    assert access.club_for(director_a, club_a.pk) == club_a
    with pytest.raises(NotFound):
        access.club_for(director_a, "sando")
    with pytest.raises(NotFound):
        access.club_for(director_b, club_a.pk)


def test_anonymous_and_inactive_users_see_nothing(club_a, director_a):
    from django.contrib.auth.models import AnonymousUser

    assert list(access.clubs_for(AnonymousUser())) == []
    assert list(access.clubs_for(None)) == []
    director_a.is_active = False
    director_a.save()
    assert not access.is_director(director_a, club_a)


def test_event_for_hides_other_clubs_events(progressive_a, director_a, director_b):
    assert event_for(director_a, progressive_a.pk) == progressive_a
    with pytest.raises(NotFound):
        event_for(director_b, progressive_a.pk)
    access.require_event_director(director_a, progressive_a)
    with pytest.raises(PermissionDenied):
        access.require_event_director(director_b, progressive_a)


def test_players_unique_per_club(club_a, club_b):
    clubs.add_player(club=club_a, name="Ken Joseph", external_id="TT-7")
    clubs.add_player(club=club_b, name="Ken Joseph", external_id="TT-7")  # another club: fine
    with pytest.raises(ValidationError, match="already has a player called 'Ken Joseph'"):
        clubs.add_player(club=club_a, name="  Ken   Joseph ")
    with pytest.raises(ValidationError, match="with id 'TT-7'"):
        clubs.add_player(club=club_a, name="Someone Else", external_id="TT-7")
    assert Player.objects.filter(club=club_a).count() == 1


@pytest.mark.parametrize("name", ["", "   ", 42, None])
def test_bad_player_names_are_refused(club_a, name):
    with pytest.raises(ValidationError) as caught:
        clubs.add_player(club=club_a, name=name)
    assert caught.value.field == "name"
    assert not Player.objects.exists()


def test_players_by_ids_names_the_unknown_player(club_a, club_b, players_a, players_b):
    assert clubs.players_by_ids(club_a, [players_a[1].pk, players_a[0]]) == [players_a[1], players_a[0]]
    with pytest.raises(NotFound, match=f"unknown player {players_b[0].pk}"):
        clubs.players_by_ids(club_a, [players_a[0].pk, players_b[0].pk])
    with pytest.raises(NotFound, match="is not a player of"):
        clubs.players_by_ids(club_a, [players_b[0]])
    with pytest.raises(ValidationError, match="'abc' is not a player id"):
        clubs.players_by_ids(club_a, ["abc"])


def test_import_players_csv(club_a):
    clubs.add_player(club=club_a, name="Al Baptiste")
    created = clubs.import_players_csv(club=club_a, text="name,external_id\nAl Baptiste,\nJo King,J1\n\nKen Ali,\n")
    assert [p.name for p in created] == ["Jo King", "Ken Ali"]
    assert Player.objects.get(name="Jo King").external_id == "J1"


def test_import_players_csv_bad_row_refuses_the_whole_file(club_a):
    with pytest.raises(ValidationError, match="line 3"):
        clubs.import_players_csv(club=club_a, text="name\nJo King\n   ,x\n")
    assert not Player.objects.exists()


def test_seasons(club_a):
    import datetime

    season = clubs.create_season(club=club_a, name="2025", starts_on=datetime.date(2025, 1, 1))
    assert list(selectors.seasons_of(club_a)) == [season]
    with pytest.raises(ValidationError, match="ends"):
        clubs.create_season(
            club=club_a, name="Bad", starts_on=datetime.date(2025, 5, 1), ends_on=datetime.date(2025, 1, 1)
        )


def test_club_list_counts(club_a, club_b, players_a, director_a, django_assert_num_queries):
    with django_assert_num_queries(1):
        rows = list(selectors.club_list_for(director_a))
    assert rows == [club_a]
    assert rows[0].player_count == 16
