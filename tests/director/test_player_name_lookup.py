"""Adding a member looks up the one name it could clash with, not every member of the club: the
lookup reads no other player's row (issue 34: ``add_player`` read all of them, ≈ 1 ms a player,
to compare names in Python), yet still finds a name that differs only in case, spaces or a
letter that folds to two (ß, ﬀ, the Kelvin sign)."""

from __future__ import annotations

from unittest import mock

import pytest

from director.clubs import services as clubs
from director.clubs.models import Player
from director.core.errors import ValidationError

pytestmark = pytest.mark.django_db


def _rows_read(action) -> int:
    with mock.patch.object(Player, "from_db", wraps=Player.from_db) as from_db:
        action()
    return from_db.call_count


def test_adding_a_member_reads_no_other_members_row(club_a):
    for i in range(40):
        clubs.add_player(club=club_a, name=f"Member {i:02d}")
    assert _rows_read(lambda: clubs.add_player(club=club_a, name="Newcomer")) == 0
    renamed = Player.objects.get(club=club_a, name="Member 07")
    assert _rows_read(lambda: clubs.update_player(player=renamed, name="Member Seven")) <= 1  # at most its own row


@pytest.mark.parametrize(
    ("stored", "typed"),
    [
        ("Ken Joseph", "  KEN   joseph "),
        ("Straße", "STRASSE"),
        ("Jeff Ffrench", "Jeﬀ ﬀrench"),
        ("Kim", "\u212aim"),  # KELVIN SIGN folds to k
        ("Émile", "éMILE"),
    ],
)
def test_a_name_that_differs_only_in_case_or_spaces_is_still_found(club_a, club_b, stored, typed):
    kept = clubs.add_player(club=club_a, name=stored)
    with pytest.raises(ValidationError, match="already has a player called"):
        clubs.add_player(club=club_a, name=typed)
    assert clubs.player_named(club_a, typed) == kept
    assert clubs.player_named(club_b, typed) is None  # another club's member is not this club's
    assert clubs.player_named(club_a, typed, exclude_pk=kept.pk) is None


def test_a_renamed_member_is_found_by_the_new_name_only(club_a):
    player = clubs.add_player(club=club_a, name="Ann Lee")
    clubs.update_player(player=player, name="Anne Lee-Chan")
    assert clubs.player_named(club_a, "anne  lee-chan") == player
    assert clubs.player_named(club_a, "Ann Lee") is None
    clubs.add_player(club=club_a, name="Ann Lee")  # the old name is free again


@pytest.mark.django_db(transaction=True)
def test_members_imported_from_a_file_without_name_keys_are_still_found(club_a, players_a, director_a):
    """An export written before the column existed (audit.exchange inserts rows without save())."""
    import datetime
    import json

    from django.core.management import call_command

    from director.audit.exchange import export_event_text, import_event
    from director.events import services as events

    event = events.create_event(club=club_a, name="Old night", date=datetime.date(2025, 5, 2), by=director_a)
    data = json.loads(export_event_text(event))
    for row in data["players"]:
        del row["name_key"]
    call_command("flush", interactive=False, verbosity=0)
    imported = import_event(json.dumps(data))
    assert clubs.player_named(imported.club, "player  01") == Player.objects.get(name="Player 01")
    with pytest.raises(ValidationError, match="already has a player called 'Player 01'"):
        clubs.add_player(club=imported.club, name="PLAYER 01")
