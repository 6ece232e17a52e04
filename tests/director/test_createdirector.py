"""`calypso-director createdirector` (manage.py createdirector): a real director on a fresh install,
their club created with them as owner, or joined as a director; a bad or taken name, or a password
the validators refuse, writes nothing."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from director.clubs.models import Club, ClubDirector

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def create(*args) -> str:
    out = io.StringIO()
    call_command("createdirector", *args, "--no-input", stdout=out)
    return out.getvalue()


@pytest.fixture(autouse=True)
def password(monkeypatch):
    monkeypatch.setenv("CALYPSO_DIRECTOR_PASSWORD", "a long enough password")


def test_a_new_club_is_created_with_the_director_as_owner(client):
    assert "ann directs Port of Spain Calypso Club (owner)" in create("ann", "--club", "Port of Spain Calypso Club")
    role = ClubDirector.objects.get(user__username="ann")
    assert (role.club.slug, role.role) == ("port-of-spain-calypso-club", "owner")
    assert client.login(username="ann", password="a long enough password")


def test_a_second_director_joins_the_club_by_name_slug_or_as_the_only_one():
    create("ann", "--club", "Port of Spain Calypso Club")
    create("bob", "--club", "port-of-spain-calypso-club")
    create("cy")  # the only club there is
    assert Club.objects.count() == 1
    roles = dict(ClubDirector.objects.values_list("user__username", "role"))
    assert roles == {"ann": "owner", "bob": "director", "cy": "director"}


def test_refusals_write_nothing(monkeypatch):
    with pytest.raises(CommandError, match="say which club"):
        create("ann")  # no club yet, none named
    create("ann", "--club", "Club")
    with pytest.raises(CommandError, match="taken"):
        create("ann", "--club", "Club")
    monkeypatch.setenv("CALYPSO_DIRECTOR_PASSWORD", "short")
    with pytest.raises(CommandError, match="too short"):
        create("bob", "--club", "Another club")
    monkeypatch.delenv("CALYPSO_DIRECTOR_PASSWORD")
    with pytest.raises(CommandError, match="CALYPSO_DIRECTOR_PASSWORD"):
        create("bob", "--club", "Another club")
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["ann"]
    assert Club.objects.count() == 1
