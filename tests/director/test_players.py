"""Player names are unique in their club whatever their case or spacing (review: real bug 6), and
the Players page renames a player or sets their membership number (review: polish 4)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from director.audit.models import AuditEntry
from director.clubs import services as clubs
from director.clubs.models import Player
from director.core.errors import ValidationError

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture
def al(club_a):
    return clubs.add_player(club=club_a, name="Al Charles", external_id="TT-3")


@pytest.fixture
def signed_in(client, director_a):
    client.force_login(director_a)
    return client


def players_url(club):
    return reverse("clubs:players", args=[club.slug])


def edit_url(club, player):
    return reverse("clubs:player_edit", args=[club.slug, player.pk])


def test_the_name_key_ignores_case_and_runs_of_spaces():
    assert clubs.player_name_key("  al \t  CHARLES ") == clubs.player_name_key("Al Charles")
    assert clubs.player_name_key("Al Charles") != clubs.player_name_key("Alc Harles")
    assert clubs.player_name_key("ÉMILE") == clubs.player_name_key("émile")  # not ASCII only


# --- the services --------------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["al CHARLES", "  al   CHARLES ", "AL CHARLES", "Al\tCharles"])
def test_a_case_or_space_variant_is_refused_naming_the_existing_player(club_a, al, typed):
    with pytest.raises(ValidationError) as caught:
        clubs.add_player(club=club_a, name=typed)
    assert caught.value.field == "name"
    assert "already has a player called 'Al Charles'" in caught.value.message
    assert list(Player.objects.filter(club=club_a).values_list("name", flat=True)) == ["Al Charles"]


def test_another_club_may_have_the_same_name(club_a, club_b, al):
    assert clubs.add_player(club=club_b, name="al charles").name == "al charles"


def test_a_rename_to_a_case_variant_of_another_player_is_refused(club_a, al):
    ken = clubs.add_player(club=club_a, name="Ken Ali")
    with pytest.raises(ValidationError, match="already has a player called 'Al Charles'") as caught:
        clubs.update_player(player=ken, name=" AL  charles")
    assert caught.value.field == "name"
    ken.refresh_from_db()
    assert ken.name == "Ken Ali"
    assert not AuditEntry.objects.filter(action="clubs.update_player").exists()


def test_a_player_may_fix_the_case_of_their_own_name(club_a):
    player = clubs.add_player(club=club_a, name="al CHARLES")
    assert clubs.update_player(player=player, name="  Al   Charles ").name == "Al Charles"


def test_a_rename_is_audited_with_what_changed(club_a, al, director_a):
    clubs.update_player(player=al, name="Alan Charles", external_id="TT-9")
    entry = AuditEntry.objects.get(action="clubs.update_player")
    assert entry.club_id == club_a.pk and entry.event_id is None
    assert entry.object_id == str(al.pk) and entry.object_repr == "Alan Charles"
    assert entry.before == {"name": "Al Charles", "external_id": "TT-3"}
    assert entry.after == {"name": "Alan Charles", "external_id": "TT-9"}


def test_an_unchanged_save_writes_no_audit_entry(club_a, al):
    clubs.update_player(player=al, name="Al Charles", external_id="TT-3")
    assert not AuditEntry.objects.exists()


def test_the_import_skips_a_case_variant_of_a_member(club_a, al):
    created = clubs.import_players_csv(club=club_a, text="name\nal  CHARLES\nJo King\nJO KING\n")
    assert [p.name for p in created] == ["Jo King"]
    assert Player.objects.filter(club=club_a).count() == 2


def test_the_api_refuses_a_case_variant_next_to_the_name(club_a, al, director_a):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(director_a)
    ken = clubs.add_player(club=club_a, name="Ken Ali")
    response = api.patch(f"/api/players/{ken.pk}/", {"name": "al charles"}, format="json")
    assert response.status_code == 400, response.content
    assert "Al Charles" in response.content.decode()
    response = api.post("/api/players/", {"club": club_a.pk, "name": "AL CHARLES"}, format="json")
    assert response.status_code == 400
    assert Player.objects.filter(club=club_a).count() == 2


# --- the database backs it up --------------------------------------------------------------------
def test_the_database_refuses_a_case_variant_that_bypasses_the_service(club_a, al):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club_a, name="AL CHARLES")
    Player.objects.create(club=club_a, name="Al Charles Jr")  # a different name is fine


# --- the Players page ----------------------------------------------------------------------------
def test_quick_add_refuses_a_case_variant_next_to_the_name(signed_in, club_a, al):
    response = signed_in.post(players_url(club_a), {"action": "add", "add-name": "  al   CHARLES "})
    assert response.status_code == 400
    errors = " ".join(response.context["add_form"].errors["name"])
    assert "already has a player called 'Al Charles'" in errors
    assert Player.objects.filter(club=club_a).count() == 1


def test_each_row_links_to_its_edit_form(signed_in, club_a, al):
    page = signed_in.get(players_url(club_a)).content.decode()
    # No #fragment on the link: browsers skip autofocus on a page opened at a fragment.
    assert f'href="{edit_url(club_a, al)}" aria-label="Edit Al Charles"' in page
    assert f'id="player-{al.pk}"' in page


def test_the_edit_form_opens_in_the_players_row_with_the_cursor_in_the_name(signed_in, club_a, al):
    response = signed_in.get(edit_url(club_a, al))
    assert response.status_code == 200
    assert response.context["editing"] == al
    page = response.content.decode()
    assert 'name="edit-name"' in page and 'value="Al Charles"' in page and "autofocus" in page
    assert 'name="edit-external_id"' in page and 'value="TT-3"' in page
    assert f'href="{players_url(club_a)}#player-{al.pk}">Cancel</a>' in page


def test_renaming_a_player_on_the_page(signed_in, club_a, al):
    response = signed_in.post(edit_url(club_a, al), {"edit-name": " Alan   Charles", "edit-external_id": "TT-4"})
    assert response.status_code == 302
    assert response.url == f"{players_url(club_a)}#player-{al.pk}"
    al.refresh_from_db()
    assert (al.name, al.external_id) == ("Alan Charles", "TT-4")
    assert AuditEntry.objects.get(action="clubs.update_player").user.username == "dora"
    page = signed_in.get(response.url).content.decode()
    assert "Renamed Al Charles to Alan Charles." in page


def test_a_rename_to_a_taken_name_is_refused_next_to_the_name(signed_in, club_a, al):
    ken = clubs.add_player(club=club_a, name="Ken Ali", external_id="K-1")
    response = signed_in.post(edit_url(club_a, ken), {"edit-name": "AL charles", "edit-external_id": "K-2"})
    assert response.status_code == 400
    form = response.context["edit_form"]
    assert "already has a player called 'Al Charles'" in " ".join(form.errors["name"])
    assert "external_id" not in form.errors
    page = response.content.decode()
    assert page.index(f'id="player-{ken.pk}"') < page.index("already has a player called") < page.index("K-2")
    assert 'value="AL charles"' in page  # what was typed is kept
    ken.refresh_from_db()
    assert (ken.name, ken.external_id) == ("Ken Ali", "K-1")  # nothing written, the id neither
    assert not AuditEntry.objects.exists()


def test_a_taken_membership_number_is_refused_next_to_it(signed_in, club_a, al):
    ken = clubs.add_player(club=club_a, name="Ken Ali")
    response = signed_in.post(edit_url(club_a, ken), {"edit-name": "Kenneth Ali", "edit-external_id": "TT-3"})
    assert response.status_code == 400
    assert "with id 'TT-3'" in " ".join(response.context["edit_form"].errors["external_id"])
    ken.refresh_from_db()
    assert ken.name == "Ken Ali"


def test_an_empty_name_is_refused_on_the_page(signed_in, club_a, al):
    response = signed_in.post(edit_url(club_a, al), {"edit-name": "   ", "edit-external_id": ""})
    assert response.status_code == 400
    assert response.context["edit_form"].errors["name"]
    al.refresh_from_db()
    assert (al.name, al.external_id) == ("Al Charles", "TT-3")


def test_the_edited_row_stays_on_the_page_whatever_the_search(signed_in, club_a, al):
    response = signed_in.get(edit_url(club_a, al) + "?q=nobody")
    assert response.status_code == 200
    assert 'value="Al Charles"' in response.content.decode()
    response = signed_in.post(edit_url(club_a, al) + "?q=al", {"edit-name": "Al Charles", "edit-external_id": ""})
    assert response.url == f"{players_url(club_a)}?q=al#player-{al.pk}"


def test_another_clubs_player_cannot_be_edited(signed_in, club_b, club_a):
    theirs = clubs.add_player(club=club_b, name="Their Player")
    assert signed_in.get(edit_url(club_a, theirs)).status_code == 404
    assert signed_in.post(edit_url(club_a, theirs), {"edit-name": "Mine"}).status_code == 404
    assert signed_in.get(edit_url(club_b, theirs)).status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == "Their Player"


def test_the_admin_form_keeps_the_same_rule(club_a, al):
    from director.clubs.admin import PlayerAdminForm

    form = PlayerAdminForm({"club": club_a.pk, "name": " al  CHARLES ", "external_id": "", "active": True})
    assert not form.is_valid()
    assert "already has a player called 'Al Charles'" in " ".join(form.errors["name"])
    form = PlayerAdminForm({"club": club_a.pk, "name": " Jo   King ", "external_id": "", "active": True})
    assert form.is_valid(), form.errors
    assert form.save().name == "Jo King"
