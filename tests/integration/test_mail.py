"""Results by e-mail through the real stack (#33 point 6): the send tasks go through Redis to the
Celery worker, which sends to a real SMTP server (aiosmtpd, ``smtp_server``); the messages are
checked as received. A worker killed mid-batch loses nothing and sends nothing twice."""

from __future__ import annotations

import datetime
import io
import os
import signal
import time
from collections import Counter
from email import message_from_bytes, policy

import pytest
from django.contrib.auth import get_user_model
from pypdf import PdfReader

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.mail import services
from director.mail.figures import figures_of
from director.mail.models import Outbox
from director.movements import services as movements
from tests.director.factories import enter_all

pytestmark = pytest.mark.integration

TIMEOUT = 60


def released_night(slug: str, players: int = 8):
    user = get_user_model().objects.create_user(f"ci-{slug}", password="x" * 12)
    club = clubs.create_club(name=f"CI {slug}", slug=slug, owner=user)
    members = [
        clubs.add_player(club=club, name=f"{slug} {i:02d}", email=f"{slug}{i}@example.org", consent=True)
        for i in range(1, players + 1)
    ]
    event = events.create_event(club=club, name="CI night", date=datetime.date(2025, 4, 4), games=2, by=user)
    lineup.draw_partnerships(event=event, players=members, seed=3)
    movements.seat_event(event=event)
    events.start_event(event=event)
    enter_all(event, user)
    events.set_public_switches(event=event, standings_released=True)
    event.refresh_from_db()
    return event, members


def mine(inbox, slug: str) -> list:
    return [(to, raw) for to, raw in inbox.received if to[0].startswith(slug)]


def wait_until(check, what: str):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen within {TIMEOUT} s")


@pytest.mark.django_db(transaction=True)
def test_every_consenting_player_receives_their_figures_and_card(stack, smtp_server):
    _, inbox = smtp_server
    event, members = released_night("mailok")
    services.send_results(event=event)
    wait_until(lambda: len(mine(inbox, "mailok")) == len(members), "eight messages")
    figures = figures_of(event)
    by_address = {p.email: p for p in members}
    assert sorted(to[0] for to, _ in mine(inbox, "mailok")) == sorted(by_address)
    for to, raw in mine(inbox, "mailok"):
        message = message_from_bytes(raw, policy=policy.default)
        player = by_address[to[0]]
        mine_figures = figures[player.pk]
        text = message.get_body(("plain",)).get_content()
        assert f"Place: {mine_figures['place']} of {mine_figures['of']}" in text
        assert f"Total: {mine_figures['total']}" in text  # the figures equal the standings'
        for game, figure in mine_figures["games"]:
            assert f"Game {game}: {figure}" in text
        assert message.get_body(("html",)) is not None
        assert message["List-Unsubscribe"].strip().startswith("<http") and message["Message-ID"]
        assert message["To"] == player.email and message["Subject"] == "CI night: your results"
        (card,) = [part for part in message.iter_attachments() if part.get_content_type() == "application/pdf"]
        pages = PdfReader(io.BytesIO(card.get_content())).pages
        assert player.name in "".join(page.extract_text() for page in pages)
    assert services.outbox_counts(event) == {"sent": 8, "waiting": 0, "failed": 0}


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_batch_leaves_every_player_exactly_one_message(stack, smtp_server):
    _, inbox = smtp_server
    event, members = released_night("mailkill", players=12)
    already = len(inbox.received)
    worker = stack.processes["worker"]
    try:
        inbox.hold(after=already + 3)  # three go through; every later message waits at the gate
        services.send_results(event=event)
        # The three accepted are saved as sent (the kill tests "nothing lost, nothing twice", not
        # the milliseconds between a server's "250 OK" and the row's commit: mail.services.send_one).
        wait_until(
            lambda: inbox.holding > 0 and Outbox.objects.filter(event=event, status="sent").count() == 3,
            "three messages sent, then one held",
        )
        os.killpg(worker.popen.pid, signal.SIGKILL)  # no warm shutdown: tasks in hand are lost
        worker.popen.wait(10)
        wait_until(lambda: inbox.holding == 0, "the held messages dropped with their sender")
        killed_at = len(mine(inbox, "mailkill"))
        assert killed_at == 3, "nothing was accepted after the gate closed"
        assert Outbox.objects.filter(event=event).exclude(status="sent").count() == len(members) - 3
    finally:
        inbox.release()
        stack.start("worker", worker.command)  # the same command as before, a fresh process
        stack.wait_for_worker()
    services.send_results(event=event)  # the director's second "Send now": only what was not sent
    wait_until(lambda: services.outbox_counts(event)["sent"] == len(members), "every row sent")
    time.sleep(1)  # any task still in Redis from the first send finds its row sent and does nothing
    counts = Counter(to[0] for to, _ in mine(inbox, "mailkill"))
    assert counts == Counter({p.email: 1 for p in members})
