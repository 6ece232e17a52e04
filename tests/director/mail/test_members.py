"""Members carry an e-mail address and the club's record of their consent (#33 point 1): the
services check the address, the Players page and its CSV import/export carry both."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from director.audit.models import AuditEntry
from director.clubs import services as clubs
from director.clubs.models import Player
from director.core.errors import ValidationError

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture
def signed_in(client, director_a):
    client.force_login(director_a)
    return client


def test_an_address_and_consent_are_recorded_with_when_and_how(club_a):
    ann = clubs.add_player(club=club_a, name="Ann", email=" ann@example.org ", consent=True, consent_how="form")
    ann.refresh_from_db()
    assert ann.email == "ann@example.org"
    assert ann.email_consent_at is not None and ann.email_consent_how == "form"
    assert ann.mail_consent


def test_an_address_without_consent_gets_no_mail(club_a):
    ken = clubs.add_player(club=club_a, name="Ken", email="ken@example.org")
    assert ken.email_consent_at is None and not ken.mail_consent


def test_a_bad_address_is_refused_naming_it(club_a):
    with pytest.raises(ValidationError, match="'ann@' is not an e-mail address") as caught:
        clubs.add_player(club=club_a, name="Ann", email="ann@")
    assert caught.value.field == "email"
    assert not Player.objects.filter(club=club_a).exists()


def test_consent_needs_an_address(club_a):
    with pytest.raises(ValidationError, match="has no e-mail address"):
        clubs.add_player(club=club_a, name="Ann", consent=True)


def test_withdrawing_consent_keeps_when_and_is_audited(club_a):
    ann = clubs.add_player(club=club_a, name="Ann", email="ann@example.org", consent=True, consent_how="form")
    clubs.update_player(player=ann, consent=False)
    ann.refresh_from_db()
    assert ann.email_consent_at is None and ann.email_withdrawn_at is not None and not ann.mail_consent
    entry = AuditEntry.objects.filter(action="clubs.update_player").latest("pk")
    assert entry.before["email_consent"] and entry.after["email_consent"] is None


def test_the_csv_import_reads_addresses_and_consent(club_a):
    known = clubs.add_player(club=club_a, name="Al Charles")
    text = (
        "name,external_id,email,consent_at,consent_how\n"
        "Ann,A1,ann@example.org,2025-01-31,paper form\n"
        "al charles,,al@example.org,,\n"
    )
    created = clubs.import_players_csv(club=club_a, text=text)
    assert [p.name for p in created] == ["Ann"]
    ann = Player.objects.get(club=club_a, name="Ann")
    assert ann.email == "ann@example.org" and ann.email_consent_how == "paper form"
    assert ann.email_consent_at.date().isoformat() == "2025-01-31"
    known.refresh_from_db()
    assert known.email == "al@example.org" and not known.mail_consent  # the same record, found by name


def test_a_bad_address_in_the_csv_refuses_the_file_naming_the_row(club_a):
    text = "name,email\nAnn,ann@example.org\nKen,ken at example\n"
    with pytest.raises(ValidationError, match=r"line 3: 'ken at example' is not an e-mail address"):
        clubs.import_players_csv(club=club_a, text=text)
    assert not Player.objects.filter(club=club_a).exists()


def test_the_csv_export_is_read_back_by_the_import(club_a, club_b):
    clubs.add_player(club=club_a, name="Ann", email="ann@example.org", consent=True, consent_how="form")
    clubs.add_player(club=club_a, name="Ken", external_id="K9")
    text = clubs.players_csv(club_a)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["name"], r["email"], r["consent_how"]) for r in rows] == [
        ("Ann", "ann@example.org", "form"),
        ("Ken", "", ""),
    ]
    clubs.import_players_csv(club=club_b, text=text)
    copied = Player.objects.get(club=club_b, name="Ann")
    assert copied.mail_consent and copied.email_consent_how == "form"
    assert Player.objects.get(club=club_b, name="Ken").external_id == "K9"


def test_the_players_page_adds_a_member_with_address_and_consent(signed_in, club_a):
    url = reverse("clubs:players", args=[club_a.slug])
    response = signed_in.post(
        url,
        {
            "action": "add",
            "add-name": "Ann",
            "add-email": "ann@example.org",
            "add-consent": "on",
            "add-consent_how": "asked in person",
        },
    )
    assert response.status_code == 302
    assert Player.objects.get(club=club_a, name="Ann").mail_consent
    page = signed_in.get(url).content.decode()
    assert "ann@example.org" in page and "✓ results" in page


def test_the_players_page_shows_a_bad_address_next_to_its_field(signed_in, club_a):
    url = reverse("clubs:players", args=[club_a.slug])
    response = signed_in.post(url, {"action": "add", "add-name": "Ann", "add-email": "nope"})
    assert response.status_code == 400
    assert "&#x27;nope&#x27; is not an e-mail address" in response.content.decode()


def test_the_players_page_downloads_the_list_only_for_its_directors(signed_in, club_a, club_b, client):
    clubs.add_player(club=club_a, name="Ann", email="ann@example.org")
    response = signed_in.get(reverse("clubs:players_export", args=[club_a.slug]))
    assert response.status_code == 200 and b"ann@example.org" in response.content
    assert signed_in.get(reverse("clubs:players_export", args=[club_b.slug])).status_code == 404
