"""Table entry under load: many tables submit and confirm at once, with retries, on gunicorn +
PostgreSQL on 127.0.0.1 — and afterwards every table has exactly one confirmed sheet, the one it
sent, and nothing is doubled.

    .venv/bin/python bench/entry_load.py                      # 200 tables, 4 gunicorn workers
    .venv/bin/python bench/entry_load.py --tables 50 --workers 2 --clients 16

It creates a throwaway database on the PostgreSQL server ``--admin-url`` names (user calypso,
password calypso on 127.0.0.1:5432, as ``.ci/run`` sets it up), migrates it, seeds one running
progressive event with ``--tables`` tables, starts gunicorn on a free 127.0.0.1 port, and drives
every table from ``--clients`` threads, each table like a club's phones would:

* the night uses player codes (``Event.phones``, issue 29): phone A is the table's ♠ player's
  (it opens their code, ``/me/<code>/``), phone B the ♦ player's — an opponent;
* phone A opens the table's page (the CSRF cookie), then sends the sheet with a fresh
  idempotency key — and, at random, sends the very same request again, at once (a double tap)
  or after the answer (a retry after a lost reply);
* at ``--race`` of the tables a second phone (the other side) sends a *different* sheet at the same
  moment: exactly one of the two may win, the other must get 409 "already submitted";
* an opponent of the winning sheet's sender confirms it — the *other* phone, never the one that
  sent it (the server refuses that: 403) — again with random repeats.

It fails only on a real loss (a table without its one confirmed sheet, or with another's), a
doubling (two sheets accepted, a retry writing a second version) or a 5xx / no answer.

Then it checks the database through the ORM and prints throughput and latency percentiles. All
loops are bounded; the server and the database are removed at the end (``--keep`` keeps the
database). Nothing but 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DEFAULT_ADMIN_URL = "postgres://calypso:calypso@127.0.0.1:5432/calypso"


# --- database and server ---------------------------------------------------------------------------
def database_url(admin_url: str, name: str) -> str:
    return urlunsplit(urlsplit(admin_url)._replace(path="/" + name))


def create_database(admin_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return database_url(admin_url, name)


def drop_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_env(db_url: str, data_dir: Path) -> dict:
    """The environment of the web server and of this process's ORM: same database, same key."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DATABASE_URL", "REDIS", "CELERY"))}
    env.update(
        CALYPSO_ENV="laptop",  # plain http on 127.0.0.1: no secure-only cookies
        DEBUG="0",
        SECRET_KEY="entry-load-" + "k" * 48,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        CALYPSO_DATA_DIR=str(data_dir),
        DATABASE_URL=db_url,
        DB_CONN_MAX_AGE="60",
        LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="director.settings",
    )
    return env


def migrate(env: dict) -> None:
    subprocess.run(
        # A loaded machine (other work on its two cores) migrates an empty database in minutes, not seconds.
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=1800,
    )


class Gunicorn:
    """gunicorn director.wsgi on 127.0.0.1:``port`` (sync workers, as the compose file runs it)."""

    def __init__(self, env: dict, *, port: int | None = None, workers: int = 4, log: Path | None = None):
        self.env, self.port, self.workers = env, port or free_port(), workers
        self.log = log or Path(tempfile.mkstemp(prefix="entry-load-gunicorn-", suffix=".log")[1])
        self.popen: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> Gunicorn:
        command = [
            str(BIN / "gunicorn"),
            "director.wsgi",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(self.workers),
            "--timeout",
            "60",
            "--graceful-timeout",
            "5",
        ]
        with self.log.open("ab") as out:
            self.popen = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout: float) -> None:
        import requests

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({self.popen.returncode}):\n{self.log.read_text()[-2000:]}")
            try:
                if requests.get(self.url + "/login/", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer within {timeout} s:\n{self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: a crash, not a shutdown."""
        if self.popen is not None and self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(10)

    def stop(self) -> None:
        if self.popen is None or self.popen.poll() is not None:
            return
        self.popen.send_signal(signal.SIGTERM)
        try:
            self.popen.wait(20)
        except subprocess.TimeoutExpired:
            self.kill()


def setup_django(env: dict) -> None:
    for key in ("CALYPSO_ENV", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CALYPSO_DATA_DIR", "DATABASE_URL", "LOG_LEVEL"):
        os.environ[key] = env[key]
    os.environ["DJANGO_SETTINGS_MODULE"] = "director.settings"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def seed_event(
    tables: int, *, games: int = 1, seed: int = 208, phones: str = "player"
) -> list[tuple[int, str, str, str]]:
    """A running progressive event with ``tables`` tables, of player codes (``phones``: or "table",
    the table links alone); ``[(table number, token, the ♠ player's code, the ♦ player's code)]``."""
    import datetime

    from director.clubs import services as clubs
    from director.events import lineup
    from director.events import services as events
    from director.movements import services as movements

    club = clubs.create_club(name=f"Load club {uuid.uuid4().hex[:6]}")
    players = [clubs.add_player(club=club, name=f"Player {i:04d}") for i in range(1, 4 * tables + 1)]
    from director.events import codes
    from director.events.models import PlayerCode, Seat

    event = events.create_event(
        club=club, name="Entry load", date=datetime.date(2026, 1, 9), games=games, phones=phones
    )
    lineup.draw_partnerships(event=event, players=players, seed=seed)
    movements.seat_event(event=event)
    events.start_event(event=event)
    codes.ensure_codes(event)
    code = dict(PlayerCode.objects.filter(event=event).values_list("player_id", "code"))
    seat = {
        (number, suit): pid
        for number, suit, pid in Seat.objects.filter(round__event=event, round__number=1).values_list(
            "seating__table__number", "suit", "player_id"
        )
    }
    return [
        (number, token, code.get(seat[number, "S"], ""), code.get(seat[number, "D"], ""))
        for number, token in event.tables.order_by("number").values_list("number", "token")
    ]


# --- one phone -----------------------------------------------------------------------------------------
@dataclass
class Timing:
    kind: str
    seconds: float
    status: int


@dataclass
class Phone:
    """A phone's browser: its own cookies; every request timed into ``timings``."""

    base: str
    token: str
    timings: list
    lock: threading.Lock
    session: object = None
    attempts: int = 5

    def __post_init__(self):
        import requests

        self.session = requests.Session()

    def _timed(self, kind: str, method: str, path: str, **kwargs):
        import requests

        last = None
        for attempt in range(self.attempts):  # a lost connection is retried with the same request
            started = time.perf_counter()
            try:
                response = self.session.request(method, self.base + path, timeout=60, **kwargs)
            except requests.RequestException as error:
                last = error
                with self.lock:
                    self.timings.append(Timing(kind, time.perf_counter() - started, 0))
                time.sleep(0.2 * (attempt + 1))
                continue
            with self.lock:
                self.timings.append(Timing(kind, time.perf_counter() - started, response.status_code))
            return response
        raise RuntimeError(f"{method} {path}: no answer after {self.attempts} attempts ({last})")

    def open(self, code: str):
        """The player's code (binds this browser to them), then the table's page (the CSRF cookie)."""
        bound = self._timed("page", "GET", f"/me/{code}/", allow_redirects=False)
        assert bound.status_code == 302, bound.status_code
        response = self._timed("page", "GET", f"/t/{self.token}/")
        assert response.status_code == 200, response.status_code
        return response

    def post(self, kind: str, what: str, body: dict):
        headers = {"X-CSRFToken": self.session.cookies.get("csrftoken", ""), "Accept": "application/json"}
        return self._timed(kind, "POST", f"/t/{self.token}/{what}/", json=body, headers=headers)


def repeated(rng: random.Random, send, *, repeat_chance: float) -> list:
    """``send()`` once, and at random again: at once, in parallel (a double tap), or after the
    answer (a retry because the reply was lost). Returns every response."""
    repeats = 0
    if rng.random() < repeat_chance:
        repeats = rng.choice((1, 1, 2, 3))
    parallel = rng.random() < 0.5
    if not repeats:
        return [send()]
    if parallel:
        results, threads = [None] * (repeats + 1), []
        for i in range(repeats + 1):

            def run(i=i):
                results[i] = send()

            threads.append(threading.Thread(target=run))
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        return results
    return [send() for _ in range(repeats + 1)]


@dataclass
class TableRun:
    number: int
    token: str
    sent: dict = field(default_factory=dict)  # key -> sheet
    winner_key: str | None = None
    winner_id: int | None = None
    problems: list = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)


def play_table(base: str, table: tuple, *, rng: random.Random, race: bool, repeat: float, timings, lock):
    from director.results.simulate import plausible_sheet

    number, token, spade, diamond = table
    run = TableRun(number, token)
    phone_a = Phone(base, token, timings, lock)
    phone_b = Phone(base, token, timings, lock)
    phone_a.open(spade)
    phone_b.open(diamond)
    entries = [(phone_a, "majors", plausible_sheet(rng), str(uuid.uuid4()))]
    if race:
        entries.append((phone_b, "minors", plausible_sheet(rng), str(uuid.uuid4())))
    answers: dict[str, list] = {}

    def submit(entry):
        phone, side, sheet, key = entry
        run.sent[key] = sheet
        body = {"round": 1, "side": side, "sheet": sheet, "idempotency_key": key}
        answers[key] = repeated(
            random.Random(rng.random()), lambda: phone.post("submit", "submit", body), repeat_chance=repeat
        )

    threads = [threading.Thread(target=submit, args=(e,)) for e in entries]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    for key, responses in answers.items():
        codes = [r.status_code for r in responses]
        run.statuses.update(codes)
        if 201 in codes:
            if run.winner_key is not None:
                run.problems.append(f"table {number}: two sheets were accepted")
            run.winner_key = key
            first = next(r for r in responses if r.status_code == 201).json()["submission"]
            run.winner_id = first["id"]
            for r in responses:
                if r.status_code not in (200, 201) or r.json()["submission"]["id"] != first["id"]:
                    run.problems.append(f"table {number}: a retry answered {r.status_code} / another sheet")
        else:
            bad = [
                r.status_code for r in responses if r.status_code != 409 or r.json().get("code") != "already-submitted"
            ]
            if bad:
                run.problems.append(f"table {number}: the losing sheet got {bad}, not 409 already-submitted")
    if run.winner_key is None:
        run.problems.append(f"table {number}: no sheet was accepted")
        return run
    # An opponent of the sender confirms: the other phone (the server refuses the sender's own).
    sender = next(phone for phone, _, _, key in entries if key == run.winner_key)
    confirmer = phone_b if sender is phone_a else phone_a
    opponents = "minors" if sender is phone_a else "majors"
    body = {"submission": run.winner_id, "side": opponents}
    confirms = repeated(
        random.Random(rng.random()), lambda: confirmer.post("confirm", "confirm", body), repeat_chance=repeat
    )
    run.statuses.update(r.status_code for r in confirms)
    for r in confirms:
        if r.status_code != 200 or r.json()["submission"]["status"] != "confirmed":
            run.problems.append(f"table {number}: confirm answered {r.status_code}")
    return run


# --- checking the database -------------------------------------------------------------------------------
def check_database(runs: list[TableRun]) -> list[str]:
    from director.audit.models import AuditEntry
    from director.results.adapters import score_sheet
    from director.results.models import Submission
    from director.sheets.registry import by_name

    kind = by_name("partnership")()  # the load's night: Calypso by partnership at every table
    problems = []
    by_token = {r.token: r for r in runs}
    rows = defaultdict(list)
    for sub in Submission.objects.select_related("table"):
        rows[sub.table.token].append(sub)
    for token, run in by_token.items():
        mine = rows.get(token, [])
        if len(mine) != 1:
            problems.append(f"table {run.number}: {len(mine)} submission rows, expected exactly 1")
            continue
        row = mine[0]
        if row.status != "confirmed":
            problems.append(f"table {run.number}: the sheet is {row.status}")
        if row.idempotency_key != run.winner_key or row.pk != run.winner_id:
            problems.append(f"table {run.number}: the stored sheet is not the one acknowledged")
        elif row.sheet != score_sheet(run.sent[run.winner_key], kind=kind).sheet:
            problems.append(f"table {run.number}: the stored sheet differs from what was sent")
    total = Submission.objects.count()
    if total != len(runs):
        problems.append(f"{total} submission rows for {len(runs)} tables")
    for action in ("table.submit", "table.confirm"):
        count = AuditEntry.objects.filter(action=action).count()
        if count != len(runs):
            problems.append(f"{count} {action} audit entries for {len(runs)} tables")
    return problems


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def report(timings: list[Timing], elapsed: float, tables: int) -> str:
    lines = [
        f"{tables} tables in {elapsed:.2f} s: {tables / elapsed:.1f} tables/s, "
        f"{len(timings)} requests, {len(timings) / elapsed:.1f} requests/s",
        f"{'request':<10} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}  statuses",
    ]
    kinds = ["page", "submit", "confirm", "all"]
    for kind in kinds:
        chosen = [t for t in timings if kind == "all" or t.kind == kind]
        ms = [t.seconds * 1000 for t in chosen]
        statuses = Counter(t.status for t in chosen)
        lines.append(
            f"{kind:<10} {len(ms):>6} {percentile(ms, 50):>8.1f} {percentile(ms, 95):>8.1f} "
            f"{percentile(ms, 99):>8.1f} {max(ms) if ms else 0:>8.1f}  "
            + " ".join(f"{code}×{n}" for code, n in sorted(statuses.items()))
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--clients", type=int, default=50, help="tables played at the same time")
    parser.add_argument("--race", type=float, default=0.25, help="share of tables where both sides submit at once")
    parser.add_argument("--repeat", type=float, default=0.4, help="chance that a request is sent again")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--admin-url", default=os.environ.get("CALYPSO_BENCH_ADMIN_URL", DEFAULT_ADMIN_URL))
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args(argv)

    name = f"calypso_entry_load_{os.getpid()}"
    data_dir = Path(tempfile.mkdtemp(prefix="entry-load-"))
    db_url = create_database(args.admin_url, name)
    server = None
    try:
        env = server_env(db_url, data_dir)
        migrate(env)
        setup_django(env)
        started = time.perf_counter()
        tables = seed_event(args.tables)
        print(f"seeded {len(tables)} tables in {time.perf_counter() - started:.1f} s; database {name}", flush=True)
        server = Gunicorn(env, workers=args.workers, log=data_dir / "gunicorn.log").start()
        print(f"gunicorn: {args.workers} sync workers at {server.url}", flush=True)

        rng = random.Random(args.seed)
        plans = [(table, random.Random(rng.random()), rng.random() < args.race) for table in tables]
        timings: list[Timing] = []
        lock = threading.Lock()
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.clients) as pool:
            futures = [
                pool.submit(play_table, server.url, t, rng=r, race=race, repeat=args.repeat, timings=timings, lock=lock)
                for t, r, race in plans
            ]
            runs = [f.result(timeout=600) for f in futures]
        elapsed = time.perf_counter() - started
        server.stop()

        problems = [p for run in runs for p in run.problems] + check_database(runs)
        server_errors = sum(1 for t in timings if t.status >= 500 or t.status == 0)
        raced = sum(1 for _, _, race in plans if race)
        replays = sum(1 for t in timings if t.kind == "submit" and t.status == 200)
        confirms = sum(1 for t in timings if t.kind == "confirm")
        print(report(timings, elapsed, len(runs)))
        print(
            f"races: {raced} tables had two different sheets at once (each: one 201, the other 409); "
            f"repeated submits answered with the first result: {replays}; confirms sent: {confirms} "
            f"for {len(runs)} tables; 5xx or no answer: {server_errors}"
        )
        if problems or server_errors:
            print(f"FAILED: {len(problems)} problems", *problems[:20], sep="\n  ")
            return 1
        print(f"OK: every one of {len(runs)} tables has exactly one confirmed sheet, the one it sent; nothing doubled")
        return 0
    finally:
        if server is not None:
            server.stop()
        if not args.keep:
            from django.conf import settings

            if settings.configured:  # a run stopped before Django was set up has no connections to close
                from django.db import connections

                connections.close_all()
            drop_database(args.admin_url, name)


if __name__ == "__main__":
    sys.exit(main())
