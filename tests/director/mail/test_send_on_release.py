""" "Send on release" (#33 point 2): a club setting, saved and audited on the Club settings page;
when the club has it on, switching an event's Standings on sends each consenting player their
results exactly as "Send now" does — once, however often the Standings are switched off and on."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from director.audit.models import AuditEntry
from director.clubs import services as clubs
from director.events import services as events
from director.mail.figures import figures_of
from director.mail.models import Outbox
from tests.director.factories import enter_all


@pytest.fixture
def finished(club_a, players_a, new_progressive, director_a):
    """A two-table night with every sheet entered, standings NOT released; five seated players
    consent, a sixth has an address but no consent."""
    event = new_progressive(club_a, players_a, tables=2, games=2, by=director_a)
    events.start_event(event=event)
    enter_all(event, director_a)
    by_pk = {p.pk: p for p in players_a}
    seated = sorted(figures_of(event))
    for number, pk in enumerate(seated[:5]):
        clubs.update_player(player=by_pk[pk], email=f"p{number}@example.org", consent=True, consent_how="form")
    clubs.update_player(player=by_pk[seated[5]], email="nope@example.org")
    event.refresh_from_db()
    return event


def sent_to():
    return sorted(address for message in mail.outbox for address in message.to)


def release(event, on=True):
    events.set_public_switches(event=event, standings_released=on)


def test_the_setting_is_off_by_default_and_saved_and_audited_from_the_settings_page(client, club_a, director_a):
    assert club_a.send_results_on_release is False
    client.force_login(director_a)
    url = reverse("clubs:settings", args=[club_a.slug])
    page = client.get(url)
    assert page.status_code == 200 and b'name="send_results_on_release"' in page.content
    response = client.post(url, {"send_results_on_release": "on"})
    assert response.status_code == 302
    club_a.refresh_from_db()
    assert club_a.send_results_on_release is True
    entry = AuditEntry.objects.get(action="clubs.settings")
    assert entry.user == director_a and entry.club_id == club_a.pk
    assert entry.before == {"send_results_on_release": False} and entry.after == {"send_results_on_release": True}
    assert b"checked" in client.get(url).content
    client.post(url, {})  # an unticked box is "off"
    club_a.refresh_from_db()
    assert club_a.send_results_on_release is False


def test_another_clubs_settings_are_not_found(client, club_b, director_a):
    client.force_login(director_a)
    url = reverse("clubs:settings", args=[club_b.slug])
    assert client.post(url, {"send_results_on_release": "on"}).status_code == 404
    club_b.refresh_from_db()
    assert club_b.send_results_on_release is False


@pytest.mark.django_db(transaction=True)
def test_a_release_sends_each_consenting_player_one_message_when_the_club_sends_on_release(finished, club_a):
    clubs.update_club_settings(club=club_a, send_results_on_release=True)
    release(finished)
    assert sent_to() == [f"p{n}@example.org" for n in range(5)]
    assert Outbox.objects.filter(event=finished, status=Outbox.Status.SENT).count() == 5
    assert AuditEntry.objects.filter(action="mail.send_results", event=finished).count() == 1


@pytest.mark.django_db(transaction=True)
def test_nothing_is_sent_on_release_when_the_club_has_it_off(finished):
    release(finished)
    assert not mail.outbox and not Outbox.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_releasing_twice_still_sends_one_message_each(finished, club_a):
    clubs.update_club_settings(club=club_a, send_results_on_release=True)
    release(finished)
    release(finished, on=False)
    release(finished)
    release(finished)  # on while already on: not a release
    assert sent_to() == [f"p{n}@example.org" for n in range(5)]
    assert Outbox.objects.filter(event=finished).count() == 5


def test_nothing_is_sent_before_the_release_commits(finished, club_a, django_capture_on_commit_callbacks):
    clubs.update_club_settings(club=club_a, send_results_on_release=True)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        release(finished)
    assert not mail.outbox and not Outbox.objects.exists()
    assert callbacks  # sent only once the release is committed


def test_the_event_page_says_the_club_sends_on_release(client, finished, club_a, director_a):
    client.force_login(director_a)
    url = reverse("events:detail", args=[finished.pk])
    assert b"sends results on release" not in client.get(url).content
    clubs.update_club_settings(club=club_a, send_results_on_release=True)
    assert b"sends results on release" in client.get(url).content


def test_an_unknown_or_non_boolean_setting_is_refused(club_a):
    from director.core.errors import ValidationError

    with pytest.raises(ValidationError, match="unknown club setting"):
        clubs.update_club_settings(club=club_a, name="x")
    with pytest.raises(ValidationError, match="yes or no"):
        clubs.update_club_settings(club=club_a, send_results_on_release="on")
    assert not AuditEntry.objects.filter(action="clubs.settings").exists()
