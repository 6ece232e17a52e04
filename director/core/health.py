"""What ``/healthz`` reports: the database, and the broker and worker when one is configured.

Worker liveness is a heartbeat, not a round trip: every Celery worker writes, every
``HEARTBEAT_SECONDS``, one cache key per queue it consumes (``WorkerHeartbeat`` below, registered
in ``director.celery`` by name). Reading the heartbeat is one ``get_many`` on the shared cache (Redis), so
``/healthz`` and the director pages' "no worker is answering" warning cost a millisecond whether
or not a worker is up. Only when the cache is not shared (a broker but no ``REDIS_URL``) does it
fall back to a ``control.ping`` with a short timeout, remembered for a few seconds.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from celery import bootsteps
from django.conf import settings
from django.db import connection

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0
# A queue counts as served while its newest heartbeat is younger than this (three missed beats).
STALE_AFTER_SECONDS = 35.0
PING_TIMEOUT_SECONDS = 0.5
PING_MEMO_SECONDS = 10.0
_KEY = "calypso:worker-heartbeat:{queue}"


def heartbeat_key(queue: str) -> str:
    return _KEY.format(queue=queue)


def expected_queues() -> list[str]:
    """The queues some worker must consume: the default queue and every routed one (``pdf``)."""
    queues = {settings.CELERY_TASK_DEFAULT_QUEUE}
    for route in (settings.CELERY_TASK_ROUTES or {}).values():
        if isinstance(route, dict) and route.get("queue"):
            queues.add(route["queue"])
    return sorted(queues)


def shared_cache() -> bool:
    """Whether web and worker processes see the same cache (so heartbeats can travel through it)."""
    return not settings.CACHES["default"]["BACKEND"].endswith(("LocMemCache", "DummyCache"))


# --- the writing side: runs inside the worker -------------------------------------------------------


def write_heartbeat(hostname: str, queues: list[str], now: float | None = None) -> None:
    from django.core.cache import cache

    now = time.time() if now is None else now
    beat = {"worker": hostname, "at": now}
    cache.set_many({heartbeat_key(queue): beat for queue in queues}, timeout=STALE_AFTER_SECONDS)
    if settings.CALYPSO_WORKER_HEARTBEAT_FILE:
        # For a container healthcheck that must not start Python + Django: the file's age says it all.
        Path(settings.CALYPSO_WORKER_HEARTBEAT_FILE).write_text(f"{hostname} {now:.0f}\n")


class WorkerHeartbeat(bootsteps.StartStopStep):
    """A consumer bootstep: beats while the worker is connected and consuming its queues.

    It lives on the consumer (not the worker) so that a worker that lost its broker connection
    stops beating until it has reconnected; Celery restarts consumer steps on reconnection.
    """

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, c, **kwargs):
        self.tref = None
        super().__init__(c, **kwargs)

    def start(self, c):
        queues = sorted(queue.name for queue in c.task_consumer.queues)
        self._beat(c.hostname, queues)  # at once, so a fresh worker is "up" without waiting
        self.tref = c.timer.call_repeatedly(HEARTBEAT_SECONDS, self._beat, (c.hostname, queues), priority=10)

    def stop(self, c):
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    shutdown = stop

    @staticmethod
    def _beat(hostname: str, queues: list[str]) -> None:
        try:
            write_heartbeat(hostname, queues)
        except Exception as exc:  # a missed beat must never take the worker down
            log.warning("worker heartbeat not written: %s", exc)


# --- the reading side: /healthz and the director pages ------------------------------------------------


def database_state() -> dict:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; report it, do not raise
        return {"ok": False, "vendor": connection.vendor, "error": str(exc)}
    return {"ok": True, "vendor": connection.vendor, "ms": round((time.perf_counter() - started) * 1000, 2)}


BROKER_MEMO_SECONDS = 2.0
_broker_memo: dict = {}


def broker_state(now: float | None = None) -> dict:
    """A fresh connection to the broker (a pooled one can look connected after the broker died).

    Remembered for ``BROKER_MEMO_SECONDS`` per process and broker URL, so a burst of /healthz
    calls, or a broker that times out, does not tie up web workers.
    """
    url = settings.CELERY_BROKER_URL
    if not url:
        return {"ok": True, "mode": "eager", "detail": "no broker configured; tasks run in-process"}
    now = time.monotonic() if now is None else now
    memo = _broker_memo.get(url)
    if memo and now - memo[0] < BROKER_MEMO_SECONDS:
        return memo[1]
    from director.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        state = {"ok": False, "mode": "broker", "error": str(exc)}
    else:
        state = {"ok": True, "mode": "broker"}
    _broker_memo[url] = (now, state)
    return state


def heartbeat_state(now: float | None = None) -> dict:
    """Per expected queue: the newest heartbeat's worker and age. One cache round trip."""
    from django.core.cache import cache

    now = time.time() if now is None else now
    queues = expected_queues()
    try:
        beats = cache.get_many([heartbeat_key(queue) for queue in queues])
    except Exception as exc:
        return {"ok": False, "mode": "heartbeat", "error": f"cache unreachable: {exc}"}
    report = {}
    for queue in queues:
        beat = beats.get(heartbeat_key(queue))
        age = None if beat is None else round(now - beat["at"], 1)
        if age is None or age > STALE_AFTER_SECONDS:
            report[queue] = {"ok": False, "detail": "no worker heartbeat"}
        else:
            report[queue] = {"ok": True, "worker": beat["worker"], "age_s": max(age, 0.0)}
    return {"ok": all(q["ok"] for q in report.values()), "mode": "heartbeat", "queues": report}


_ping_memo: dict = {}
_ping_lock = threading.Lock()


def ping_state(now: float | None = None) -> dict:
    """``control.ping`` with a short timeout, remembered for ``PING_MEMO_SECONDS`` per process."""
    now = time.monotonic() if now is None else now
    with _ping_lock:
        if _ping_memo and now - _ping_memo["at"] < PING_MEMO_SECONDS:
            return _ping_memo["state"]
    from director.celery import app

    try:
        replies = app.control.ping(timeout=PING_TIMEOUT_SECONDS) or []
    except Exception as exc:
        state = {"ok": False, "mode": "ping", "workers": 0, "error": str(exc)}
    else:
        names = sorted(name for reply in replies for name in reply)
        state = {"ok": bool(names), "mode": "ping", "workers": len(names), "names": names}
    with _ping_lock:
        _ping_memo.update(at=now, state=state)
    return state


def worker_state() -> dict:
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "mode": "eager", "workers": 0}
    return heartbeat_state() if shared_cache() else ping_state()


def health() -> dict:
    checks = {"database": database_state(), "broker": broker_state()}
    checks["worker"] = worker_state() if checks["broker"]["ok"] else {"ok": False, "detail": "broker unreachable"}
    return {"ok": all(c["ok"] for c in checks.values()), "checks": checks}


# --- the director pages' warning ----------------------------------------------------------------------

WARNING_MEMO_SECONDS = 5.0
_warning_memo: dict = {}


def worker_missing(now: float | None = None) -> bool:
    """True when background jobs are configured but no worker is answering for some queue.

    Evaluated at most every ``WARNING_MEMO_SECONDS`` per process: a busy page costs nothing.
    """
    if not settings.CELERY_BROKER_URL:
        return False
    now = time.monotonic() if now is None else now
    if _warning_memo and now - _warning_memo["at"] < WARNING_MEMO_SECONDS:
        return _warning_memo["missing"]
    missing = not worker_state()["ok"]
    _warning_memo.update(at=now, missing=missing)
    return missing
