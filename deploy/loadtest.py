"""How far one machine goes: gunicorn with 1, 2, ... worker processes on PostgreSQL + Redis.

    DATABASE_URL=postgres://calypso:calypso@127.0.0.1:5432/calypso_bench \\
    REDIS_URL=redis://127.0.0.1:6379/14 CELERY_BROKER_URL=redis://127.0.0.1:6379/13 \\
    .venv/bin/python deploy/loadtest.py --workers 1,2,4 --requests 3000 --concurrency 8

For each worker count it starts gunicorn (the compose file's web command, on a free 127.0.0.1
port) and a Celery worker, then sends a bounded number of requests to two pages: ``/healthz``
(database + broker + heartbeat read) and the admin's user list as a signed-in director (session,
user and list queries: a small database page). It prints requests per second and latency
percentiles, the web processes' CPU time per request (which, unlike req/s, does not depend on
what else the machine is doing), and stops everything it started. It only ever talks to 127.0.0.1. The load
generator runs on the same machine and takes CPU from the server: read the figures as a floor.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.integration.stack import Process, compose, free_port, native  # noqa: E402


def load(port: int, path: str, *, requests: int, concurrency: int, cookie: str = "", limit_s: float = 120) -> dict:
    """``requests`` GETs of ``path`` from ``concurrency`` threads, a new connection each (gunicorn's
    sync workers close them anyway); stops early after ``limit_s`` seconds."""
    latencies: list[float] = []
    statuses: Counter = Counter()
    lock = threading.Lock()
    remaining = [requests]
    deadline = time.monotonic() + limit_s
    headers = {"Host": "127.0.0.1", **({"Cookie": cookie} if cookie else {})}

    def run():
        while time.monotonic() < deadline:
            with lock:
                if remaining[0] <= 0:
                    return
                remaining[0] -= 1
            started = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
                status = response.status
            except OSError as exc:
                status = type(exc).__name__
            finally:
                conn.close()
            with lock:
                latencies.append(time.perf_counter() - started)
                statuses[status] += 1

    threads = [threading.Thread(target=run) for _ in range(concurrency)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "requests": len(latencies),
        "rps": len(latencies) / elapsed,
        "p50": cuts[49] * 1000,
        "p95": cuts[94] * 1000,
        "p99": cuts[98] * 1000,
        "statuses": dict(statuses),
    }


def cpu_seconds(master: int) -> float:
    """CPU time used so far by a gunicorn master and its workers, live and exited (Linux /proc).

    Unlike requests per second this does not depend on what else the machine is doing, so
    ``cpu_seconds / requests`` gives the capacity of N cores: about N / that many requests/s.
    """
    tick = os.sysconf("SC_CLK_TCK")

    def fields(pid: int) -> list[str]:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()

    own = fields(master)
    total = sum(int(own[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                child = fields(int(entry))
            except OSError:
                continue
            if int(child[1]) == master:
                total += int(child[11]) + int(child[12])
    return total / tick


def wait_until_serving(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            conn.request("GET", "/healthz", headers={"Host": "127.0.0.1"})
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
        finally:
            conn.close()
    raise SystemExit(f"gunicorn did not answer on port {port}")


def manage(*args: str, env: dict) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


SESSION = """
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
User = get_user_model()
for i in range(50):
    User.objects.get_or_create(username=f"bench-player-{i}")
user, _ = User.objects.get_or_create(username="bench-director", defaults={"is_staff": True, "is_superuser": True})
user.is_staff = user.is_superuser = True
user.set_password("bench-password-123")
user.save()
s = SessionStore()
s[SESSION_KEY] = str(user.pk)
s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
s[HASH_SESSION_KEY] = user.get_session_auth_hash()
s.create()
print(s.session_key)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2", help="gunicorn worker counts to compare")
    parser.add_argument("--requests", type=int, default=2000, help="requests per page and worker count")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads")
    args = parser.parse_args()
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
        if not os.environ.get(name):
            parser.error(f"set {name} (PostgreSQL and Redis on 127.0.0.1; see the docstring)")
    env = {**os.environ, "DEBUG": "0", "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
    manage("migrate", "--noinput", env=env)
    cookie = "sessionid=" + manage("shell", "-c", SESSION, env=env).strip().splitlines()[-1]
    services = compose()["services"]
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"calypso-loadtest-{os.getpid()}"
    worker = Process(
        "worker", native("worker", services["worker"]["command"], port=0, hostname="bench@%h")[:-2], tmp / "worker.log"
    )
    worker.start({**env, "CELERY_WORKER_CONCURRENCY": "1"})
    print(
        f"{'gunicorn workers':>16} {'page':<22} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
        f"{'CPU ms':>7}  statuses"
    )
    try:
        time.sleep(3)  # the worker's first heartbeat, so /healthz answers 200
        for count in [int(n) for n in args.workers.split(",")]:
            port = free_port()
            web = Process(
                f"web-{count}",
                native("web", services["web"]["command"], port=port, hostname=""),
                tmp / f"web-{count}.log",
            )
            web.start({**env, "WEB_CONCURRENCY": str(count)})
            try:
                wait_until_serving(port)
                for page, path, page_cookie in (
                    ("/healthz", "/healthz", ""),
                    ("admin user list", "/admin/auth/user/", cookie),
                ):
                    load(port, path, requests=50, concurrency=args.concurrency, cookie=page_cookie)  # warm up
                    cpu_before = cpu_seconds(web.popen.pid)
                    r = load(port, path, requests=args.requests, concurrency=args.concurrency, cookie=page_cookie)
                    cpu_ms = (cpu_seconds(web.popen.pid) - cpu_before) / r["requests"] * 1000
                    print(
                        f"{count:>16} {page:<22} {r['rps']:>7.0f} {r['p50']:>7.1f} {r['p95']:>7.1f} "
                        f"{r['p99']:>7.1f} {cpu_ms:>7.1f}  {r['statuses']}",
                        flush=True,
                    )
            finally:
                web.stop()
    finally:
        worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
