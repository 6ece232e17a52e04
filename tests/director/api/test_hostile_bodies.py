"""Bodies nobody types on purpose — nested 1,000 deep, larger than a request may be, not UTF-8,
``NaN``, a character escape that is no character — sent to every operation of the API that takes
a body: each is a JSON 400 (413 for size) naming what is wrong, never a 500, and writes nothing.
Fields of the wrong type are a 400 naming the field."""

from __future__ import annotations

import pytest
from django.conf import settings
from drf_spectacular.generators import SchemaGenerator

from .helpers import snapshot

SHARED_WORLDS = True  # conftest.py: both worlds built once for the module

DEEP_LIST = b"[" * 1000 + b"]" * 1000
DEEP_OBJECT = b'{"a":' * 100 + b"1" + b"}" * 100  # parses, but 100 levels is no document of ours


def _huge() -> bytes:
    return b'{"note": "' + b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + b'"}'


BODIES = {
    "nested 1,000 deep": (DEEP_LIST, 400, "nested more than 64 levels"),
    "nested 100 objects deep": (DEEP_OBJECT, 400, "nested more than 64 levels"),
    "not UTF-8": (b'{"name": "caf\xe9"}', 400, "not UTF-8"),
    "NaN": (b'{"games": NaN, "count": NaN, "number": NaN}', 400, "NaN is not a JSON number"),
    "Infinity": (b'{"count": -Infinity}', 400, "-Infinity is not a JSON number"),
    "a lone surrogate": (b'{"name": "\\ud800", "note": "\\udfff"}', 400, "not a character"),
    "a NUL": (b'{"name": "Ann\\u0000", "note": "\\u0000", "reason": "x\\u0000"}', 400, "NUL"),
    "cut short": (b'{"name": "x', 400, "not JSON"),
}


def _operations(world) -> list[tuple[str, str]]:
    """Every (method, url) of the schema that may carry a body, with real ids in the path."""
    ids = {
        "clubs": world.club.pk,
        "players": world.player.pk,
        "events": world.event.pk,
        "tables": world.table.pk,
        "rounds": world.round.pk,
        "partnerships": world.spare_partnership.pk,
        "game-sets": world.game_set.pk,
        "results": world.submission.pk,
        "seasons": world.season.pk,
        "teams": world.team.pk,
    }
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    found = []
    for path, operations in paths.items():
        for method in operations:
            if method in ("post", "put", "patch"):
                segment = path.strip("/").split("/")[1]
                found.append((method, path.replace("{id}", str(ids.get(segment, 1)))))
    return found


def _send(client, method, url, body: bytes):
    return getattr(client, method)(url, data=body, content_type="application/json", HTTP_ACCEPT="application/json")


def test_every_body_taking_operation_is_found(world_a):
    operations = _operations(world_a)
    assert len(operations) >= 25
    assert ("post", "/api/results/") in operations and ("post", "/api/auth/token/") in operations


@pytest.mark.parametrize("name", list(BODIES))
def test_a_hostile_body_is_a_json_400_on_every_operation(api_a, world_a, world_b, name):
    body, status, phrase = BODIES[name]
    before = snapshot()
    wrong = []
    for method, url in _operations(world_a):
        response = _send(api_a, method, url, body)
        if response.status_code != status or response["Content-Type"] != "application/json":
            wrong.append(f"{method.upper()} {url} → {response.status_code} {response.content[:80]!r}")
        elif phrase not in response.json()["detail"]:
            wrong.append(f"{method.upper()} {url} → {response.json()}")
    assert not wrong, "\n".join(wrong)
    assert snapshot() == before


def test_a_body_larger_than_a_request_may_be_is_a_json_413_on_every_operation(api_a, world_a, world_b):
    body = _huge()
    before = snapshot()
    for method, url in _operations(world_a):
        response = _send(api_a, method, url, body)
        assert response.status_code == 413, (method, url, response.status_code)
        assert response.json() == {
            "detail": f"the request body is larger than the {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes "
            "a request may carry",
            "code": "too-large",
        }
    assert snapshot() == before


@pytest.mark.parametrize("name", ["nested 1,000 deep", "NaN", "not UTF-8"])
def test_the_sign_in_door_refuses_a_hostile_body_before_anyone_signs_in(anon, name):
    body, status, phrase = BODIES[name]
    response = _send(anon, "post", "/api/auth/token/", body)
    assert response.status_code == status
    assert phrase in response.json()["detail"]


def test_a_body_that_is_refused_starts_nothing(api_a, world_a):
    """An action without a body schema (start, finish...) is not performed on a broken body."""
    dup = world_a.dup
    dup.tables.create(number=1)
    response = _send(api_a, "post", f"/api/events/{dup.pk}/start/", DEEP_LIST)
    assert response.status_code == 400
    dup.refresh_from_db()
    assert dup.status == "draft"


def test_the_parser_refuses_without_the_middleware(world_a, director_a, settings):
    """The API's parser keeps the same rules where the middleware is not in front of it."""
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if not m.endswith("JSONBodyMiddleware")]
    from .helpers import client_for

    client = client_for(director_a)
    response = _send(client, "post", "/api/results/check/", DEEP_LIST)
    assert response.status_code == 400
    assert response.json() == {"detail": "the JSON is nested more than 64 levels deep"}  # DRF's shape: no code
    response = _send(client, "post", "/api/results/check/", _huge())
    assert response.status_code == 413


# --- wrong types, named --------------------------------------------------------------------------
SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
}


@pytest.mark.parametrize(
    "change, field, phrase",
    [
        ({"round": {"number": 1}}, "round", "valid integer"),
        ({"round": [1]}, "round", "valid integer"),
        ({"table": "1"}, "table", "'1' (text)"),
        ({"idempotency_key": 12345}, "idempotency_key", "must be text"),
        ({"idempotency_key": {"k": 1}}, "idempotency_key", "must be text"),
        ({"note": 3.5}, "note", "must be text"),
        ({"note": ["a"]}, "note", "must be text"),
        ({"sheet": [1, 2]}, "sheet", "must be a JSON object"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_400_naming_it(api_a, world_a, change, field, phrase):
    body = {"table": world_a.table.pk, "round": world_a.round.pk, "sheet": SHEET, **change}
    before = snapshot()
    response = api_a.post("/api/results/", body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert any(phrase in message for message in response.json()[field]), response.json()
    assert snapshot() == before


@pytest.mark.parametrize(
    "text, phrase",
    [("[" * 1000 + "]" * 1000, "nested more than 64 levels"), ('{"format": NaN}', "NaN is not a JSON number")],
)
def test_a_game_set_file_sent_as_text_is_read_by_the_same_rules(api_a, world_a, text, phrase):
    before = snapshot()
    response = api_a.post("/api/game-sets/import/", {"event": world_a.dup.pk, "file": text}, format="json")
    assert response.status_code == 400, response.content
    assert any(phrase in message for message in response.json()["file"])
    assert snapshot() == before


def test_an_event_export_too_deep_is_refused_with_a_message(db, tmp_path):
    from django.core.management import CommandError, call_command

    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(CommandError, match="nested more than 64 levels"):
        call_command("import_event", str(path))
