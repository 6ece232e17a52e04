"""The integration harness: PostgreSQL, Redis, and the league server's processes, for real.

pytest-django creates ``test_<name>`` on the PostgreSQL server CALYPSO_TEST_DATABASE_URL names.
The session fixture ``stack`` then runs the compose file's process layout natively against that
test database (tests/integration/stack.py): collectstatic as the Dockerfile does, ``migrate``,
gunicorn on a free 127.0.0.1 port and a Celery worker consuming ``default`` and ``pdf``, all in
production mode, sharing the test's Redis (broker, results, cache) and a temporary MEDIA_ROOT
that this process also uses. The processes are stopped before pytest-django drops the database.

Tests that hand work to the worker use ``@pytest.mark.django_db(transaction=True)`` so their rows
are committed and visible to it. Without the services the tests skip; with CI=true they fail.
"""

from __future__ import annotations

import os

import pytest
from django.test.utils import override_settings

from tests.conftest import require
from tests.integration.stack import start_stack, with_database


class Inbox:
    """A real SMTP server's mailbox (aiosmtpd on 127.0.0.1): every message as received. With
    ``hold_after`` set, every message after that many is held before its "250 OK" until the test
    calls ``release()``: a sender gone meanwhile gets nothing delivered (aiosmtpd cancels the
    handler when the connection is lost), as a server drops a message whose sender left before its
    "250 OK". The test decides when the gate opens, so no message is accepted between its check
    and its kill (a timed delay left that to the scheduler)."""

    def __init__(self):
        import threading

        self.received: list[tuple[list[str], bytes]] = []
        self.hold_after: int | None = None
        self.holding = 0  # messages being held before their "250 OK"
        self._open = threading.Event()
        self._open.set()

    def hold(self, after: int) -> None:
        self.hold_after = after
        self._open.clear()

    def release(self) -> None:
        self.hold_after = None
        self._open.set()

    async def handle_DATA(self, server, session, envelope):
        import asyncio

        if self.hold_after is not None and len(self.received) >= self.hold_after:
            self.holding += 1
            try:
                while not self._open.is_set():
                    await asyncio.sleep(0.02)  # cancelled by aiosmtpd if the sender goes
            finally:
                self.holding -= 1
        if server.transport is None or server.transport.is_closing():
            return "451 the sender left"
        self.received.append((list(envelope.rcpt_tos), envelope.original_content or envelope.content))
        return "250 OK"


@pytest.fixture(scope="session")
def smtp_server():
    """The league server's mail server for the whole session (the worker reads EMAIL_URL when it
    starts, so this starts before the stack)."""
    from aiosmtpd.controller import Controller

    from tests.integration.stack import free_port

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield controller, inbox
    finally:
        controller.stop()


@pytest.fixture(scope="session")
def stack(django_db_setup, django_db_blocker, tmp_path_factory, smtp_server):
    from django.conf import settings
    from django.db import connection

    database_url = os.environ.get("CALYPSO_TEST_DATABASE_URL", "")
    redis_url = os.environ.get("CALYPSO_TEST_REDIS_URL", "")
    require(bool(database_url) and connection.vendor == "postgresql", "PostgreSQL (CALYPSO_TEST_DATABASE_URL)")
    require(bool(redis_url) and bool(settings.CELERY_BROKER_URL), "Redis (CALYPSO_TEST_REDIS_URL)")

    test_database = connection.settings_dict["NAME"]  # test_<name>, created by django_db_setup
    tmp = tmp_path_factory.mktemp("stack")
    controller, _ = smtp_server
    # The worker's mail goes to the session's SMTP server, quickly (the rate limit is tested apart).
    os.environ["EMAIL_URL"] = f"smtp://127.0.0.1:{controller.port}"
    os.environ["MAIL_PER_MINUTE"] = "6000"
    with django_db_blocker.unblock():
        try:
            running = start_stack(tmp, database_url=with_database(database_url, test_database), redis_url=redis_url)
        except RuntimeError as exc:  # the services are there, so this is a real failure
            pytest.fail(f"the native web + worker stack did not start: {exc}", pytrace=False)
    media = override_settings(MEDIA_ROOT=str(running.media_root))
    media.enable()
    try:
        yield running
    finally:
        media.disable()
        running.stop()
