"""The league server's process layout, run natively (conftest.py ``stack``): gunicorn and a
Celery worker on the default and pdf queues, PostgreSQL and Redis, production settings."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from celery.result import AsyncResult
from django.contrib.auth import get_user_model
from django.core.files.storage import default_storage

from director.core import health
from director.core.tasks import ping
from tests.integration import probe
from tests.integration.stack import ROOT

pytestmark = pytest.mark.integration

TIMEOUT = 30  # seconds for any one task round trip; a healthy worker answers in milliseconds


@pytest.mark.parametrize("queue", ["default", "pdf"])
def test_a_task_goes_through_the_broker_to_the_worker_on_the_test_database(stack, queue):
    result = ping.apply_async(kwargs={"echo": queue}, queue=queue).get(timeout=TIMEOUT)
    assert result["echo"] == queue
    assert result["queue"] == queue
    assert result["worker"] == stack.worker_hostname
    assert result["database"] == {"vendor": "postgresql", "name": stack.env["DATABASE_URL"].rsplit("/", 1)[1]}


def test_printing_tasks_are_routed_to_the_pdf_queue(stack):
    from director.celery import app

    route = app.amqp.router.route({}, "director.printing.tasks.render")
    assert route["queue"].name == "pdf"


@pytest.mark.django_db(transaction=True)
def test_rows_committed_by_the_test_are_visible_to_the_worker(stack):
    get_user_model().objects.create_user("ci-director", password="x" * 12)
    assert probe.user_exists.delay("ci-director").get(timeout=TIMEOUT) is True
    assert probe.user_exists.delay("nobody").get(timeout=TIMEOUT) is False


def test_a_job_reports_progress_and_its_file_comes_back(stack):
    """The shape of a PDF job: progress polled through the result backend, then the stored file."""
    result = probe.write_file.apply_async(("ci/probe.txt", "♠♥♦♣ 208 cards"), queue="pdf")
    states = set()
    deadline = time.monotonic() + TIMEOUT
    while not result.ready() and time.monotonic() < deadline:
        states.add(AsyncResult(result.id).state)
        time.sleep(0.05)
    name = result.get(timeout=TIMEOUT)
    assert "PROGRESS" in states
    with default_storage.open(name) as stored:
        assert stored.read().decode() == "♠♥♦♣ 208 cards"
    assert (stack.media_root / name).is_file()


def test_healthz_through_gunicorn_reports_database_broker_and_worker(stack):
    status, body = stack.get("/healthz")
    report = json.loads(body)
    assert status == 200, report
    checks = report["checks"]
    assert checks["database"]["vendor"] == "postgresql"
    assert checks["broker"] == {"ok": True, "mode": "broker"}
    assert checks["worker"]["mode"] == "heartbeat"
    assert set(checks["worker"]["queues"]) == {"default", "pdf"}
    assert all(queue["ok"] for queue in checks["worker"]["queues"].values())


def test_this_process_sees_the_worker_heartbeat_too(stack):
    state = health.worker_state()
    assert state["ok"], state
    assert health.worker_missing(now=time.monotonic() + 3600) is False


def test_whitenoise_serves_the_collected_static_files(stack):
    status, body = stack.get("/static/calypso.css")
    assert status == 200
    assert body.strip()


@pytest.mark.parametrize("kind", ["web", "worker"])
def test_the_container_healthchecks_pass_against_the_native_processes(stack, kind):
    done = subprocess.run(
        [sys.executable, str(ROOT / "deploy" / "healthcheck.py"), kind],
        env=stack.env,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert done.returncode == 0, done.stdout + done.stderr
