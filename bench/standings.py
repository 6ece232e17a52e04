"""Benchmark: the director's standings page of a big progressive-pairs night (issue 21.5).

Builds, in a throw-away in-memory SQLite database, a progressive-pairs event of ``--tables`` tables
and ``--games`` games (4 × tables players, partnerships drawn and seated by the services, every
table's sheet of every game confirmed), signs its director in, and times ``GET`` of the standings
page through Django's test client:

- **cold**: each request follows a write (a correction: one table's result entered again and
  confirmed through ``results.services``), so nothing computed before may be reused; the write
  itself is not timed;
- **warm**: the same page asked again with nothing changed in between.

Each figure is the median of ``--repeat`` requests after one warm-up. The last line is
``standings: tables=N queries=Q ms=T`` with ``T`` the cold median (the page as a director sees
it after each result comes in) and ``Q`` the database queries of such a request; the lines
before give the warm median and its queries. Goal (issue 21): under 100 ms at 100 tables and
under 300 ms at 500, the number of queries the same for every size.

    .venv/bin/python bench/standings.py [--tables 100] [--games 6] [--repeat 7] [--against REV]

``--against REV`` runs the same benchmark, in a process of its own, on the code of a git revision
(``git archive``), e.g. the commit before issue 21.5, and prints the ratio of the two cold medians
measured in the same run.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

GOALS_MS = {100: 100.0, 500: 300.0}


def build(tables: int, games: int):
    """A seated progressive-pairs night with every sheet confirmed; returns (event, director)."""
    from director.clubs import services as clubs
    from director.clubs.models import Player
    from director.events import lineup
    from director.events import services as events
    from director.events.models import Seating
    from director.movements import services as movements
    from director.results.models import Submission
    from director.results.simulate import plausible_sheet
    from scoring.scores import score_game

    user = get_user_model().objects.create_user(username="bench", password="bench-password-1")
    club = clubs.create_club(name="Bench club", slug="bench", owner=user)
    Player.objects.bulk_create(
        [Player(club=club, name=f"Player {i:04d} Alvarez-Thompson") for i in range(1, 4 * tables + 1)]
    )
    players = list(Player.objects.filter(club=club).order_by("pk"))
    event = events.create_event(
        club=club, name=f"Club night ({tables} tables)", date=datetime.date(2025, 3, 14), games=games, by=user
    )
    lineup.draw_partnerships(event=event, players=players, seed=1)
    movements.seat_event(event=event)
    # Confirmed sheets straight into the table, as many services calls would leave them (the
    # services are timed by other benchmarks; this is set-up).
    rng = random.Random(21)
    places = set(Seating.objects.filter(round__event=event).values_list("round_id", "table_id"))
    rows = []
    for round_id, table_id in sorted(places):
        sheet = plausible_sheet(rng, revoke_chance=0)
        score = score_game(sheet)
        rows.append(
            Submission(
                table_id=table_id,
                round_id=round_id,
                version=1,
                sheet=sheet,
                majors=score.majors,
                minors=score.minors,
                net=score.majors - score.minors,
                status=Submission.Status.CONFIRMED,
                source=Submission.Source.DIRECTOR,
                submitted_by_user=user,
            )
        )
    Submission.objects.bulk_create(rows, batch_size=500)
    return event, user


def correct_one(event, user, rng: random.Random) -> None:
    """A correction through the services: one table's result of the last game entered again."""
    from director.events.models import Round, Table
    from director.results import services as results
    from director.results.simulate import plausible_sheet

    round_obj = Round.objects.filter(event=event).order_by("-number").first()
    table = Table.objects.get(event=event, number=rng.randint(1, event.tables.count()))
    results.enter_sheet(table=table, round=round_obj, sheet=plausible_sheet(rng, revoke_chance=0), by=user)


def timed(client: Client, url: str, cpu: list[float] | None = None) -> float:
    """Wall-clock ms of one GET (its CPU ms appended to ``cpu``: steadier on a shared machine)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    response = client.get(url)
    elapsed = 1000 * (time.perf_counter() - start)
    if cpu is not None:
        cpu.append(1000 * (time.process_time() - start_cpu))
    assert response.status_code == 200, response.status_code
    return elapsed


def run_against(rev: str, args) -> list[str]:
    """The output lines of this benchmark run on the code of git revision ``rev`` (exported to a
    temporary folder), with the same arguments, in a process of its own."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="calypso-bench-rev-") as tree:
        archive = subprocess.run(["git", "-C", str(root), "archive", rev], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        command = [sys.executable, __file__, "--code", tree, "--tables", str(args.tables)]
        command += ["--games", str(args.games), "--repeat", str(args.repeat)]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return out.strip().splitlines()


def setup_django() -> None:
    """A throw-away data directory and in-memory database, settings as served (no DEBUG query log)."""
    import django

    os.environ["CALYPSO_DATA_DIR"] = tempfile.mkdtemp(prefix="calypso-bench-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "director.settings"
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    for key in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CALYPSO_ENV"):
        os.environ.pop(key, None)
    django.setup()
    # (no setup_test_environment(): it instruments template rendering, which a server does not do)
    connection.creation.create_test_db(verbosity=0, autoclobber=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument(
        "--against", metavar="REV", help="also run on the code of git revision REV (e.g. 51739b9: before issue 21.5)"
    )
    parser.add_argument("--code", help=argparse.SUPPRESS)  # the project tree to import (set by --against)
    args = parser.parse_args()
    if args.code:
        sys.path.insert(0, args.code)

    setup_django()
    start = time.perf_counter()
    event, user = build(args.tables, args.games)
    built = time.perf_counter() - start
    client = Client()
    client.force_login(user)
    url = reverse("standings:standings", args=[event.pk])
    rng = random.Random(5)

    timed(client, url)  # warm-up: templates, URL resolver, the first page's imports
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    warm_queries = len(captured)  # counted now: the next request resets the connection's query log
    correct_one(event, user, rng)
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    queries = len(captured)
    warm_cpu: list[float] = []
    cold_cpu: list[float] = []
    warm = [timed(client, url, warm_cpu) for _ in range(args.repeat)]
    cold = []
    for _ in range(args.repeat):
        correct_one(event, user, rng)
        cold.append(timed(client, url, cold_cpu))
    goal = GOALS_MS.get(args.tables)
    print(
        f"Python {platform.python_version()} on {platform.machine()}; SQLite in memory; "
        f"{args.tables} tables × {args.games} games built in {built:.1f} s"
    )
    print(
        f"standings page, warm (nothing changed since the last request): {statistics.median(warm):.1f} ms "
        f"(CPU {statistics.median(warm_cpu):.1f} ms), {warm_queries} queries"
    )
    met = goal is not None and statistics.median(cold) < goal
    verdict = "" if goal is None else f" — {'meets' if met else 'MISSES'} the < {goal:.0f} ms goal"
    print(
        f"standings page, cold (after a correction): {statistics.median(cold):.1f} ms "
        f"(CPU {statistics.median(cold_cpu):.1f} ms){verdict}"
    )
    line = f"standings: tables={args.tables} queries={queries} ms={statistics.median(cold):.1f}"
    if args.against:
        before = run_against(args.against, args)
        then = float(before[-1].rsplit("ms=", 1)[1])
        then_cpu = float(re.search(r"cold .*\(CPU ([\d.]+) ms\)", "\n".join(before)).group(1))
        print(
            f"before ({args.against}): {before[-1].split(': ', 1)[1]} (CPU {then_cpu:.1f} ms) — now "
            f"{then / statistics.median(cold):.1f}× faster ({then_cpu / statistics.median(cold_cpu):.1f}× in CPU time)"
        )
    print(line)


if __name__ == "__main__":
    main()
