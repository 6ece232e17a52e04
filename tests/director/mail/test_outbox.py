"""Sending results (#33 points 2-4): one outbox row per player per event, a second send sends only
what was not sent, a correction goes only to the players whose figures changed, a failure leaves
the row owed, the message's parts, and the unsubscribe link."""

from __future__ import annotations

import io
import smtplib
from email import message_from_bytes, policy

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.urls import reverse
from pypdf import PdfReader

from director.audit.models import AuditEntry
from director.clubs import services as clubs
from director.core.errors import Conflict
from director.events import services as events
from director.mail import messages, services
from director.mail.figures import figures_of
from director.mail.models import Outbox
from tests.director.factories import enter, enter_all


@pytest.fixture
def night(club_a, players_a, new_progressive, director_a):
    """A two-table night, every sheet entered and the standings released; eight players, of whom
    five consent (one of those without an address is impossible: consent needs one)."""
    event = new_progressive(club_a, players_a, tables=2, games=2, by=director_a)
    events.start_event(event=event)
    enter_all(event, director_a)
    events.set_public_switches(event=event, standings_released=True)
    seated = sorted(figures_of(event))
    for number, pk in enumerate(seated[:5]):
        player = players_a[[p.pk for p in players_a].index(pk)]
        clubs.update_player(player=player, email=f"p{number}@example.org", consent=True, consent_how="form")
    clubs.update_player(player=players_a[[p.pk for p in players_a].index(seated[5])], email="nope@example.org")
    event.refresh_from_db()
    return event


def sent_to():
    return sorted(address for message in mail.outbox for address in message.to)


def test_nothing_is_sent_before_the_standings_are_released(night):
    events.set_public_switches(event=night, standings_released=False)
    night.refresh_from_db()
    with pytest.raises(Conflict, match="not released yet"):
        services.send_results(event=night)
    assert not Outbox.objects.exists() and not mail.outbox


@pytest.mark.django_db(transaction=True)
def test_each_consenting_player_gets_one_message_and_a_second_send_sends_nothing(night, director_a):
    result = services.send_results(event=night, by=director_a)
    assert result["sending"] == 5
    assert sent_to() == [f"p{n}@example.org" for n in range(5)]  # not the one without consent
    assert services.outbox_counts(night) == {"sent": 5, "waiting": 0, "failed": 0}
    services.send_results(event=night, by=director_a)
    assert len(mail.outbox) == 5
    assert AuditEntry.objects.filter(action="mail.send_results").count() == 2


def test_the_outbox_holds_one_row_per_player_per_event(night):
    services.send_results(event=night)
    row = Outbox.objects.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Outbox.objects.create(event=night, player=row.player, address="x@example.org")


@pytest.mark.django_db(transaction=True)
def test_the_message_has_place_figures_link_card_and_unsubscribe(night):
    services.send_results(event=night)
    row = Outbox.objects.select_related("player").order_by("pk").first()
    message = next(m for m in mail.outbox if m.to == [row.address])
    figures = figures_of(night)[row.player_id]
    assert f"Place: {figures['place']} of {figures['of']}" in message.body
    for game, figure in figures["games"]:
        assert f"Game {game}: {figure}" in message.body
    assert f"Total: {figures['total']}" in message.body
    assert reverse("public:standings", args=[night.club.slug, night.pk]) in message.body
    html = message.alternatives[0]
    assert html[1] == "text/html" and figures["total"] in html[0]
    name, pdf, kind = message.attachments[0]
    assert name.endswith(".pdf")
    assert kind == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert row.player.name in text and "tally" in text.lower()
    parsed = message_from_bytes(message.message().as_bytes(), policy=policy.default)
    link = parsed["List-Unsubscribe"].strip()[1:-1]
    assert link in message.body  # the same signed link in the text
    assert messages.read_token(link.rstrip("/").rsplit("/", 1)[-1]) == {"p": row.player_id, "c": night.club_id}
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


@pytest.mark.django_db(transaction=True)
def test_a_correction_goes_only_to_the_players_whose_figures_changed(night, director_a):
    services.send_results(event=night)
    before = figures_of(night)
    enter(night, 1, 1, 1000, director_a)  # table 1's first game corrected
    after = figures_of(night)
    moved = {pk for pk, row in Outbox.objects.values_list("player_id", "figures") if before[pk] != after[pk]}
    moved = {pk for pk in moved if Outbox.objects.filter(player_id=pk).exists()}
    assert moved, "the correction should change some consenting player's figures"
    assert services.corrections_due(night) == len(moved)
    mail.outbox.clear()
    assert services.send_corrections(event=night, by=director_a) == len(moved)
    corrected = Outbox.objects.filter(kind=Outbox.Kind.CORRECTED)
    assert set(corrected.values_list("player_id", flat=True)) == moved
    assert sorted(sent_to()) == sorted(corrected.values_list("address", flat=True))
    assert all(m.subject.endswith("corrected results") for m in mail.outbox)
    assert services.corrections_due(night) == 0


@pytest.mark.django_db(transaction=True)
def test_a_failed_send_stays_owed_and_goes_on_the_next_send(night, monkeypatch):
    def refuse(self, messages):
        raise smtplib.SMTPServerDisconnected("no internet")

    monkeypatch.setattr("django.core.mail.backends.locmem.EmailBackend.send_messages", refuse)
    services.send_results(event=night)
    assert services.outbox_counts(night) == {"sent": 0, "waiting": 0, "failed": 5}
    assert "no internet" in Outbox.objects.first().error
    monkeypatch.undo()
    call_command("send_results", str(night.pk), stdout=io.StringIO())
    assert services.outbox_counts(night) == {"sent": 5, "waiting": 0, "failed": 0}
    assert len(mail.outbox) == 5


def test_the_task_retries_with_backoff_on_a_server_failure(night, monkeypatch):
    from director.mail import tasks

    services.send_results(event=night)  # sends in the test's transaction (eager, after commit: not here)
    row = Outbox.objects.first()
    monkeypatch.setattr(services, "send_one", lambda pk: (_ for _ in ()).throw(smtplib.SMTPConnectError(421, "busy")))
    retried = {}

    def retry(exc=None, countdown=None):
        retried.update(exc=exc, countdown=countdown)
        return RuntimeError("retry")

    task = tasks.send_message
    monkeypatch.setattr(task, "retry", retry)
    task.push_request(retries=1, is_eager=False)
    try:
        with pytest.raises(RuntimeError, match="retry"):
            task.run(row.pk)
    finally:
        task.pop_request()
    assert retried["countdown"] == 40 and isinstance(retried["exc"], smtplib.SMTPConnectError)
    row.refresh_from_db()
    assert row.status == Outbox.Status.WAITING and row.attempts == 1 and "busy" in row.error


@pytest.mark.django_db(transaction=True)
def test_the_unsubscribe_link_withdraws_consent_without_signing_in(night, client):
    services.send_results(event=night)
    row = Outbox.objects.select_related("player").first()
    url = messages.unsubscribe_url(row.player).split("127.0.0.1:8000", 1)[-1]
    page = client.get(url)
    assert page.status_code == 200 and b"Unsubscribe" in page.content
    row.player.refresh_from_db()
    assert row.player.mail_consent  # a GET (a link scanner) changes nothing
    assert client.post(url).status_code == 200
    row.player.refresh_from_db()
    assert not row.player.mail_consent and row.player.email_withdrawn_at is not None
    assert AuditEntry.objects.filter(action="mail.unsubscribe", object_id=str(row.player.pk)).exists()


def test_a_forged_unsubscribe_link_is_refused(night, client, players_a):
    forged = messages.unsubscribe_token(players_a[0]) + "x"
    assert client.post(reverse("mail:unsubscribe", args=[forged])).status_code == 400


@pytest.mark.django_db(transaction=True)
def test_send_now_on_the_event_page_shows_the_counts(night, client, director_a):
    client.force_login(director_a)
    response = client.post(reverse("mail:send", args=[night.pk]), follow=True)
    page = response.content.decode()
    assert "Sending 5 messages." in page
    assert "<strong>5</strong> sent · <strong>0</strong> waiting · <strong>0</strong> failed" in page


def test_another_clubs_director_cannot_send(night, client, director_b):
    client.force_login(director_b)
    assert client.post(reverse("mail:send", args=[night.pk])).status_code == 404
    assert not Outbox.objects.exists()


def test_the_send_task_is_registered_when_django_starts(fresh_python):
    """Enqueued by name: unregistered, Celery would hand it to a broker instead of running it eagerly."""
    import sys

    code = "import sys, django; django.setup(); print('director.mail.tasks' in sys.modules)"
    out = fresh_python.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "True"


@pytest.mark.django_db(transaction=True)
def test_the_message_speaks_the_language_of_the_events_printed_documents(night):
    from director.printing.models import PrintJob

    PrintJob.objects.create(event=night, kind="results", options={"lang": "fr"})
    services.send_results(event=night)
    message = mail.outbox[0]
    assert message.subject == f"{night.name} : vos résultats"
    assert "Votre feuille de marque est jointe (PDF)." in message.body
    assert message.extra_headers["Content-Language"] == "fr"


@pytest.mark.django_db(transaction=True)
def test_a_message_still_owed_after_a_correction_gives_the_figures_of_now(night, director_a, monkeypatch):
    def offline(self, messages):
        raise OSError("network unreachable")

    monkeypatch.setattr("django.core.mail.backends.locmem.EmailBackend.send_messages", offline)
    services.send_results(event=night)  # nothing goes: the laptop is offline
    enter(night, 1, 1, 1000, director_a)
    monkeypatch.undo()
    services.send_results(event=night)
    now = figures_of(night)
    for row in Outbox.objects.all():
        message = next(m for m in mail.outbox if m.to == [row.address])
        assert f"Total: {now[row.player_id]['total']}" in message.body


def test_the_send_task_is_rate_limited_and_retried_late_acked():
    from director.mail import tasks

    task = tasks.send_message
    assert task.rate_limit == "60/m"  # MAIL_PER_MINUTE's default
    assert task.acks_late and task.reject_on_worker_lost and task.max_retries == services.MAX_ATTEMPTS - 1
    assert [tasks.backoff(n) for n in range(6)] == [20, 40, 80, 160, 320, 600]
