"""What ``/healthz`` reports: the database, and the broker and worker when one is configured."""

from __future__ import annotations

import time

from django.conf import settings
from django.db import connection


def database_state() -> dict:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; report it, do not raise
        return {"ok": False, "vendor": connection.vendor, "error": str(exc)}
    return {"ok": True, "vendor": connection.vendor, "ms": round((time.perf_counter() - started) * 1000, 2)}


def broker_state() -> dict:
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "mode": "eager", "detail": "no broker configured; tasks run in-process"}
    from director.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return {"ok": False, "mode": "broker", "error": str(exc)}
    return {"ok": True, "mode": "broker"}


def worker_state(timeout: float = 1.0) -> dict:
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "mode": "eager", "workers": 0}
    from director.celery import app

    try:
        replies = app.control.ping(timeout=timeout) or []
    except Exception as exc:
        return {"ok": False, "workers": 0, "error": str(exc)}
    names = sorted(name for reply in replies for name in reply)
    return {"ok": bool(names), "workers": len(names), "names": names}


def health() -> dict:
    checks = {"database": database_state(), "broker": broker_state()}
    checks["worker"] = worker_state() if checks["broker"]["ok"] else {"ok": False, "workers": 0}
    return {"ok": all(c["ok"] for c in checks.values()), "checks": checks}
