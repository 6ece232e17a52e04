"""The worker heartbeat, /healthz and the director pages' warning, without real services."""

from __future__ import annotations

import importlib.util
import os
import time
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string

from director.core import health
from tests.integration.stack import ROOT

BROKER = "redis://127.0.0.1:1/0"  # configured, never contacted: the tests stub what would talk to it


@pytest.fixture(autouse=True)
def fresh(settings, monkeypatch):
    cache.clear()
    health._warning_memo.clear()
    health._ping_memo.clear()
    health._broker_memo.clear()
    settings.CALYPSO_WORKER_HEARTBEAT_FILE = ""
    yield
    cache.clear()
    health._warning_memo.clear()
    health._ping_memo.clear()
    health._broker_memo.clear()


@pytest.fixture
def broker(settings, monkeypatch):
    """A configured broker whose heartbeats travel through the (here, in-process) cache."""
    settings.CELERY_BROKER_URL = BROKER
    monkeypatch.setattr(health, "shared_cache", lambda: True)
    monkeypatch.setattr(health, "broker_state", lambda: {"ok": True, "mode": "broker"})


class FakeTimer:
    def __init__(self):
        self.calls = []

    def call_repeatedly(self, secs, fun, args, priority=0):
        self.calls.append((secs, fun, args))
        return SimpleNamespace(cancel=lambda: self.calls.append("cancelled"))


def fake_consumer(queues=("default", "pdf")):
    return SimpleNamespace(
        hostname="w1@box",
        timer=FakeTimer(),
        task_consumer=SimpleNamespace(queues=[SimpleNamespace(name=q) for q in queues]),
    )


def test_the_expected_queues_are_the_default_and_the_pdf_queue():
    assert health.expected_queues() == ["default", "pdf"]


def test_without_a_broker_everything_runs_in_process_and_nothing_warns(settings):
    settings.CELERY_BROKER_URL = ""
    assert health.worker_state() == {"ok": True, "mode": "eager", "workers": 0}
    assert health.worker_missing() is False


def test_the_bootstep_beats_at_once_then_every_interval_and_stops(settings, tmp_path):
    settings.CALYPSO_WORKER_HEARTBEAT_FILE = str(tmp_path / "alive")
    consumer = fake_consumer()
    step = health.WorkerHeartbeat(consumer)
    step.start(consumer)
    assert cache.get(health.heartbeat_key("pdf"))["worker"] == "w1@box"
    assert (tmp_path / "alive").read_text().startswith("w1@box ")
    ((secs, _fun, args),) = consumer.timer.calls
    assert secs == health.HEARTBEAT_SECONDS and args == ("w1@box", ["default", "pdf"])
    step.stop(consumer)
    assert consumer.timer.calls[-1] == "cancelled"


def test_a_failing_beat_is_logged_not_raised(monkeypatch, caplog):
    def broken(*args):
        raise ConnectionError("redis down")

    monkeypatch.setattr(health, "write_heartbeat", broken)
    health.WorkerHeartbeat._beat("w1@box", ["default"])
    assert "redis down" in caplog.text


def test_fresh_heartbeats_on_every_queue_mean_the_worker_is_up(broker):
    health.write_heartbeat("w1@box", ["default", "pdf"], now=time.time() - 5)
    state = health.worker_state()
    assert state["ok"] is True
    assert state["queues"]["pdf"]["worker"] == "w1@box"
    assert 4 <= state["queues"]["pdf"]["age_s"] <= 6


def test_a_queue_nobody_consumes_is_reported(broker):
    health.write_heartbeat("w1@box", ["default"])
    state = health.worker_state()
    assert state["ok"] is False
    assert state["queues"]["default"]["ok"] is True
    assert state["queues"]["pdf"] == {"ok": False, "detail": "no worker heartbeat"}


def test_a_stale_heartbeat_counts_as_no_worker(broker):
    health.write_heartbeat("w1@box", ["default", "pdf"], now=time.time() - health.STALE_AFTER_SECONDS - 1)
    assert health.worker_state()["ok"] is False


def test_without_a_shared_cache_it_pings_with_a_short_timeout_remembered_for_a_while(settings, monkeypatch):
    settings.CELERY_BROKER_URL = BROKER
    from director.celery import app

    calls = []

    def ping(timeout):
        calls.append(timeout)
        return [{"w1@box": {"ok": "pong"}}]

    monkeypatch.setattr(app.control, "ping", ping)
    assert health.shared_cache() is False  # the unit tests' cache is per-process memory
    first = health.worker_state()
    assert first == {"ok": True, "mode": "ping", "workers": 1, "names": ["w1@box"]}
    assert health.worker_state() == first
    assert calls == [health.PING_TIMEOUT_SECONDS]


def test_the_broker_check_is_remembered_briefly_per_broker_url(settings):
    settings.CELERY_BROKER_URL = BROKER  # nothing listens on port 1
    down = health.broker_state(now=100.0)
    assert down["ok"] is False
    assert health.broker_state(now=101.0) is down
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:2/0"
    assert health.broker_state(now=101.0) is not down


def test_healthz_is_503_naming_the_missing_worker(client, broker, db):
    response = client.get("/healthz")
    assert response.status_code == 503
    worker = response.json()["checks"]["worker"]
    assert worker["mode"] == "heartbeat" and worker["ok"] is False


def test_healthz_is_200_with_a_live_worker(client, broker, db):
    health.write_heartbeat("w1@box", ["default", "pdf"])
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()


def test_the_warning_is_memoised_so_pages_do_not_pay_for_it(broker, monkeypatch):
    calls = []
    monkeypatch.setattr(health, "worker_state", lambda: calls.append(1) or {"ok": False})
    assert health.worker_missing(now=100.0) is True
    assert health.worker_missing(now=102.0) is True
    assert len(calls) == 1
    assert health.worker_missing(now=100.0 + health.WARNING_MEMO_SECONDS + 1) is True
    assert len(calls) == 2


@pytest.mark.django_db
def test_signed_in_directors_see_the_warning_when_no_worker_answers(client, broker, django_user_model):
    user = django_user_model.objects.create_user("director", password="x" * 12)
    assert "no worker is answering" not in client.get("/").content.decode()  # the public never sees it
    client.force_login(user)
    assert "no worker is answering" in client.get("/").content.decode()
    health._warning_memo.clear()
    health.write_heartbeat("w1@box", ["default", "pdf"])
    assert "no worker is answering" not in client.get("/").content.decode()


def test_the_snippet_is_silent_without_a_broker(settings, rf):
    settings.CELERY_BROKER_URL = ""
    user = SimpleNamespace(is_authenticated=True)
    from director.core.context_processors import background_jobs

    context = {"user": user, **background_jobs(rf.get("/"))}
    assert render_to_string("_worker_warning.html", context).strip() == ""


def load_healthcheck():
    spec = importlib.util.spec_from_file_location("healthcheck", ROOT / "deploy" / "healthcheck.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_worker_container_healthcheck_reads_the_heartbeat_file_age(tmp_path, monkeypatch):
    check = load_healthcheck()
    alive = tmp_path / "alive"
    monkeypatch.setenv("CALYPSO_WORKER_HEARTBEAT_FILE", str(alive))
    assert "no heartbeat yet" in check.check_worker()
    alive.write_text("w1@box 0\n")
    assert check.check_worker() is None
    os.utime(alive, (time.time() - 60, time.time() - 60))
    assert "60 s ago" in check.check_worker()
    assert check.main(["worker"]) == 1
    assert check.main(["nonsense"]) == 2


def test_the_web_container_healthcheck_uses_an_allowed_host(monkeypatch):
    check = load_healthcheck()
    monkeypatch.setenv("ALLOWED_HOSTS", ".example.org,calypso.example.org")
    assert check.host_header() == "example.org"
    monkeypatch.setenv("ALLOWED_HOSTS", "")
    assert check.host_header() == "localhost"
