"""Schemathesis against the OpenAPI schema, in-process through the WSGI app: whatever it sends —
valid or deliberately malformed — the API never answers with a 5xx.

Bounded for the normal suite: 5 examples per operation under ``CI=true`` (the run that gates a
merge), 2 on a developer's machine, where this one test was among the suite's most costly (19 s of
CPU at 5, 11 s at 2; docs/benchmarks.md 34.5). The examples are derandomized, so a run of either
size sends the same cases every time. ``CALYPSO_FUZZ_EXAMPLES=200`` runs it harder.
Path ids are drawn from real objects of the director's club (and the other club's, and random
numbers), and ids in request bodies are often replaced by real ones, so the fuzzing reaches the
services rather than stopping at 404s.
"""

from __future__ import annotations

import os
import random
import time

import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode

IN_CI = os.environ.get("CI", "").lower() == "true"
EXAMPLES = int(os.environ.get("CALYPSO_FUZZ_EXAMPLES", "5" if IN_CI else "2"))
BODY_IDS = ("club", "event", "table", "round", "team", "season")


def _ids(world, other) -> dict[str, list[int]]:
    """Real ids by the first path segment after /api/, the other club's included."""
    return {
        "clubs": [world.club.pk, other.club.pk],
        "players": [world.player.pk, *(p.pk for p in world.spare_players), other.player.pk],
        "seasons": [world.season.pk, other.season.pk],
        "events": [world.event.pk, world.dup.pk, other.event.pk],
        "tables": [world.table.pk, other.table.pk],
        "rounds": [world.round.pk, other.round.pk],
        "partnerships": [world.partnership.pk, world.spare_partnership.pk, other.partnership.pk],
        "game-sets": [world.game_set.pk, other.game_set.pk],
        "results": [world.submission.pk, other.submission.pk],
        "artificial-scores": [world.artificial.pk, other.artificial.pk],
        "fouled-sets": [world.fouling.pk, other.fouling.pk],
        "print-jobs": [world.print_job.pk, other.print_job.pk],
        "audit-entries": [world.audit_entry.pk, other.audit_entry.pk],
    }


def _body_ids(world) -> dict[str, list[int]]:
    return {
        "club": [world.club.pk],
        "event": [world.event.pk, world.dup.pk],
        "table": [world.table.pk],
        "round": [world.round.pk],
        "season": [world.season.pk],
        "team": [],
        "players": [p.pk for p in world.spare_players],
    }


def test_fuzzing_finds_no_server_errors(world_a, world_b, director_a):
    app = WSGIHandler()
    schema = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
    path_ids = _ids(world_a, world_b)
    body_ids = _body_ids(world_a)
    stats = {"requests": 0, "operations": 0, "by_status": {}}
    failures: list[str] = []
    started = time.monotonic()

    for result in schema.get_all_operations():
        operation = result.ok()
        stats["operations"] += 1
        segment = operation.path.strip("/").split("/")[1]
        strategies = []
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            if "{id}" in operation.path:
                for pk in path_ids.get(segment, []):
                    strategies.append(operation.as_strategy(generation_mode=mode, path_parameters={"id": pk}))
            strategies.append(operation.as_strategy(generation_mode=mode))

        @given(case=st.one_of(strategies), rng=st.randoms(use_true_random=False))
        @settings(
            max_examples=EXAMPLES * 2,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def run(case, rng: random.Random):
            if isinstance(case.body, dict):
                for key, choices in body_ids.items():
                    if key in case.body and choices and rng.random() < 0.7:
                        if key == "players":
                            case.body[key] = rng.sample(choices, rng.choice((2, 2, 3, 4)))
                        else:
                            case.body[key] = rng.choice(choices)
            token, _ = Token.objects.get_or_create(user=director_a)  # the revoke operation deletes it
            response = case.call(app=app, headers={"Authorization": f"Token {token.key}"})
            stats["requests"] += 1
            stats["by_status"][response.status_code] = stats["by_status"].get(response.status_code, 0) + 1
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path} body={case.body!r} → {response.status_code}")

        run()

    elapsed = time.monotonic() - started
    print(f"\nschemathesis: {stats['operations']} operations, {stats['requests']} requests in {elapsed:.1f} s")
    print("  by status:", dict(sorted(stats["by_status"].items())))
    assert not failures, "\n".join(failures[:20])
    assert stats["requests"] >= stats["operations"] * EXAMPLES
