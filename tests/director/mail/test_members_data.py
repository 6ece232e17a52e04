"""A member's data on request (#33 point 7) and the e-mail settings (#33 point 5)."""

from __future__ import annotations

import json
import os
import sys

import pytest
from django.urls import reverse

from director.audit.models import AuditEntry
from director.clubs import services as clubs
from director.core.errors import ValidationError
from director.events import services as events
from director.mail import members
from director.standings.selectors import event_results
from tests.director.factories import enter_all

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture
def played(club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=2, games=2, by=director_a)
    events.start_event(event=event)
    enter_all(event, director_a)
    player = players_a[0]
    clubs.update_player(player=player, email="ann@example.org", consent=True, consent_how="form", name="Ann Smith")
    player.refresh_from_db()
    return event, player


def test_the_export_holds_the_personal_data_and_the_events_and_is_audited(played, client, director_a):
    event, player = played
    client.force_login(director_a)
    response = client.get(reverse("mail:player_data", args=[player.club.slug, player.pk]))
    data = json.loads(response.content)
    assert data["player"]["email"] == "ann@example.org" and data["player"]["email_consent_how"] == "form"
    assert [e["id"] for e in data["events"]] == [event.pk]
    assert AuditEntry.objects.filter(action="mail.export_player", object_id=str(player.pk)).exists()


def test_erasure_removes_the_personal_data_and_keeps_the_results(played, director_a):
    event, player = played
    totals = [(row.rank, row.total_text) for row in event_results(event).standings()]
    with pytest.raises(ValidationError, match="type the player's name"):
        members.erase_player(player=player, by=director_a, typed="someone else")
    members.erase_player(player=player, by=director_a, typed=" ann  smith")
    player.refresh_from_db()
    assert player.name == f"Erased player {player.pk}" and player.erased_at is not None
    assert (player.email, player.email_consent_at, player.email_consent_how) == ("", None, "")
    after = event_results(event).standings()
    assert [(row.rank, row.total_text) for row in after] == totals  # the standings stay whole
    assert any(f"Erased player {player.pk}" in row.entrant.names for row in after)
    assert AuditEntry.objects.filter(action="mail.erase_player", object_id=str(player.pk)).exists()


def test_another_clubs_director_cannot_export_or_erase(played, client, director_b):
    _, player = played
    client.force_login(director_b)
    assert client.get(reverse("mail:player_data", args=[player.club.slug, player.pk])).status_code == 404
    assert client.post(reverse("mail:player_erase", args=[player.club.slug, player.pk])).status_code == 404


def _email_settings(python, tmp_path, **env) -> dict:
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; print(json.dumps("
        "{k: getattr(s, k) for k in ('EMAIL_BACKEND', 'EMAIL_FILE_PATH', 'EMAIL_HOST', 'EMAIL_PORT',"
        " 'EMAIL_HOST_USER', 'EMAIL_HOST_PASSWORD', 'EMAIL_USE_TLS', 'EMAIL_USE_SSL')}))"
    )
    # The suite's own data folder (CALYPSO_DATA_DIR, set by tests/suite.py) must not meet this one.
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "CALYPSO_DATA"))}
    environment = {**clean, "DJANGO_SETTINGS_MODULE": "director.settings", "CALYPSO_DATA": str(tmp_path), **env}
    out = python.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_laptop_writes_messages_into_the_data_folder(tmp_path, fresh_python):
    found = _email_settings(fresh_python, tmp_path)
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"
    assert found["EMAIL_FILE_PATH"] == str(tmp_path / "mail")


def test_an_email_url_sets_host_port_tls_user_and_password(tmp_path, fresh_python):
    found = _email_settings(
        fresh_python, tmp_path, EMAIL_URL="submission://club%40example.org:s%3Acret@smtp.example.org:587"
    )
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == ("smtp.example.org", 587, True)
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("club@example.org", "s:cret")
    ssl = _email_settings(fresh_python, tmp_path, EMAIL_URL="smtp://u:p@mail.example.org:465?ssl=True")
    assert ssl["EMAIL_USE_SSL"] is True
