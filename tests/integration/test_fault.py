"""Kill the web server in the middle of table submissions, start it again: no partial rows, and
every submission the server acknowledged is there — once.

gunicorn (started here, on a free 127.0.0.1 port, against pytest-django's PostgreSQL test
database) is SIGKILLed — master and workers at once, a crash rather than a shutdown — while eight
phones are sending sheets. The phones retry what got no answer with the same idempotency key,
as ``js/table-entry.js`` does, until the restarted server answers.
"""

from __future__ import annotations

import os
import random
import threading
import time
import uuid

import pytest
import requests
from django.db import connection

from bench.entry_load import Gunicorn, free_port, seed_event, server_env
from director.audit.models import AuditEntry
from director.results.adapters import score_sheet
from director.results.models import Submission
from director.results.simulate import plausible_sheet
from director.sheets.partnership.kind import Kind as Partnership
from tests.integration.stack import with_database

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TABLES = 60
PHONES = 8
KILL_AFTER = 15  # acknowledged submissions before the crash


class Phones:
    """Eight threads sending one sheet per table, retrying on no answer (bounded)."""

    def __init__(self, base: str, tables, rng):
        self.base = base
        self.jobs = [(n, token, plausible_sheet(rng), str(uuid.uuid4())) for n, token, *_ in tables]
        self.acked: dict[int, dict] = {}  # table -> submission as the server acknowledged it
        self.unanswered = 0  # requests that got no answer (connection refused / reset / timeout)
        self.answers: list[int] = []
        self.lock = threading.Lock()

    def send(self, job, deadline: float) -> None:
        number, token, sheet, key = job
        session = requests.Session()
        while time.monotonic() < deadline:
            try:
                session.get(f"{self.base}/t/{token}/", timeout=5)
                response = session.post(
                    f"{self.base}/t/{token}/submit/",
                    json={"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": key},
                    headers={"X-CSRFToken": session.cookies.get("csrftoken", ""), "Accept": "application/json"},
                    timeout=5,
                )
            except requests.RequestException:
                with self.lock:
                    self.unanswered += 1
                time.sleep(0.1)
                continue
            with self.lock:
                self.answers.append(response.status_code)
            if response.status_code in (200, 201):
                with self.lock:
                    self.acked[number] = response.json()["submission"] | {"key": key, "sent": sheet}
                return
            if response.status_code >= 500:
                time.sleep(0.1)
                continue
            raise AssertionError(f"table {number}: {response.status_code} {response.text[:200]}")

    def run(self, deadline: float) -> list[threading.Thread]:
        queue = list(self.jobs)
        lock = threading.Lock()

        def worker():
            while True:
                with lock:
                    if not queue:
                        return
                    job = queue.pop(0)
                self.send(job, deadline)

        threads = [threading.Thread(target=worker, daemon=True) for _ in range(PHONES)]
        for t in threads:
            t.start()
        return threads


def test_killing_the_web_process_loses_and_doubles_nothing(require_postgres, tmp_path):
    rng = random.Random(208)
    # The server uses pytest-django's test database on the same PostgreSQL server.
    configured = os.environ.get("DATABASE_URL") or os.environ.get("CALYPSO_TEST_DATABASE_URL", "")
    database_url = with_database(configured, connection.settings_dict["NAME"])
    tables = seed_event(TABLES, phones="table")  # the phones send by their table links
    server = Gunicorn(server_env(database_url, tmp_path), port=free_port(), workers=2, log=tmp_path / "web.log")
    server.start()
    try:
        phones = Phones(server.url, tables, rng)
        threads = phones.run(deadline=time.monotonic() + 90)
        deadline = time.monotonic() + 30
        while len(phones.acked) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()  # mid-submissions: the phones are still sending
        acked_before_crash = len(phones.acked)
        assert acked_before_crash < TABLES, "the crash came too late to interrupt anything"
        time.sleep(1)
        server.start()  # same port: the phones' retries reach the new server
        for t in threads:
            t.join(100)
    finally:
        server.stop()

    assert phones.unanswered > 0, "no request was cut off by the crash"
    assert len(phones.acked) == TABLES, f"only {len(phones.acked)} of {TABLES} tables were acknowledged"
    rows = {s.table.number: [] for s in Submission.objects.select_related("table")}
    for s in Submission.objects.select_related("table"):
        rows[s.table.number].append(s)
    # Every acknowledged submission is present, exactly once, as it was sent.
    for number, acked in phones.acked.items():
        found = rows.get(number, [])
        assert len(found) == 1, f"table {number}: {len(found)} rows"
        row = found[0]
        assert (row.pk, row.idempotency_key, row.version, row.status) == (acked["id"], acked["key"], 1, "submitted")
        assert row.sheet == score_sheet(acked["sent"], kind=Partnership()).sheet
        assert row.net == row.majors - row.minors
    # No partial rows: a submission and its audit entry were written in one transaction.
    logged = set(AuditEntry.objects.filter(action="table.submit").values_list("object_id", flat=True))
    assert logged == {str(pk) for pk in Submission.objects.values_list("pk", flat=True)}
    assert Submission.objects.count() == TABLES
