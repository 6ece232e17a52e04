"""Container healthchecks, standard library only (no Django start-up every 15 seconds).

    python deploy/healthcheck.py web      # gunicorn answers /healthz (200, or 503 with its JSON report)
    python deploy/healthcheck.py worker   # the worker's heartbeat file is fresh

The web check calls the app with the first ALLOWED_HOSTS name as Host, so it passes the host
check like a real request. A 503 still means the web process is alive (the database or worker it
reports on has its own container); only no answer or a wrong one fails it. The worker writes
CALYPSO_WORKER_HEARTBEAT_FILE on every heartbeat while it is connected and consuming
(director.core.health.WorkerHeartbeat), so a stale file means a stuck or disconnected worker.
"""

from __future__ import annotations

import http.client
import json
import os
import sys
import time

WEB_PORT = int(os.environ.get("HEALTHCHECK_PORT", "8000"))
# Three missed heartbeats (director.core.health.HEARTBEAT_SECONDS is 10).
WORKER_STALE_SECONDS = 35


def host_header() -> str:
    hosts = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
    host = hosts[0] if hosts else "localhost"
    return "localhost" if host == "*" else host.lstrip(".")


def check_web() -> str | None:
    conn = http.client.HTTPConnection("127.0.0.1", WEB_PORT, timeout=4)
    try:
        conn.request("GET", "/healthz", headers={"Host": host_header()})
        response = conn.getresponse()
        body = response.read()
    except OSError as exc:
        return f"no answer on port {WEB_PORT}: {exc}"
    finally:
        conn.close()
    if response.status not in (200, 503):
        return f"/healthz answered {response.status}"
    try:
        json.loads(body)["checks"]
    except (ValueError, KeyError, TypeError):
        return "/healthz did not answer with its JSON report"
    return None


def check_worker(now: float | None = None) -> str | None:
    path = os.environ.get("CALYPSO_WORKER_HEARTBEAT_FILE", "")
    if not path:
        return "CALYPSO_WORKER_HEARTBEAT_FILE is not set"
    try:
        age = (time.time() if now is None else now) - os.stat(path).st_mtime
    except OSError:
        return f"no heartbeat yet at {path}"
    if age > WORKER_STALE_SECONDS:
        return f"last heartbeat {age:.0f} s ago"
    return None


def main(argv: list[str]) -> int:
    checks = {"web": check_web, "worker": check_worker}
    if len(argv) != 1 or argv[0] not in checks:
        print("usage: healthcheck.py web|worker", file=sys.stderr)
        return 2
    problem = checks[argv[0]]()
    print(f"{argv[0]}: {problem or 'ok'}")
    return 1 if problem else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
