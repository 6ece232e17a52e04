"""The OpenAPI schema generates without warnings and parses; the docs page renders it with
nothing fetched from elsewhere."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator

from director.api.schema import SchemaView

EXPECTED_PATHS = [
    "/api/auth/token/",
    "/api/clubs/",
    "/api/players/",
    "/api/events/",
    "/api/events/{id}/",
    "/api/tables/",
    "/api/partnerships/",
    "/api/game-sets/",
    "/api/game-sets/record-hand/",
    "/api/results/",
    "/api/results/{id}/confirm/",
]


def test_spectacular_validates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    assert schema["openapi"].startswith("3.")
    assert set(EXPECTED_PATHS) <= set(schema["paths"])


def test_schema_endpoint_serves_yaml_and_json(anon):
    as_yaml = anon.get("/api/schema/")
    assert as_yaml.status_code == 200
    schema = yaml.safe_load(as_yaml.content)
    as_json = json.loads(anon.get("/api/schema/", {"format": "json"}).content)
    assert schema["paths"].keys() == as_json["paths"].keys()
    assert as_json["info"]["title"] == "Calypso Director API"
    # Token and session authentication are both described.
    assert {"tokenAuth", "cookieAuth"} <= set(as_json["components"]["securitySchemes"])


def test_the_schema_is_made_once_and_served_as_the_generator_makes_it(anon, api_a, monkeypatch):
    """``SchemaView`` keeps what it made: whoever asks next gets the same schema without it being
    made again, and that is what drf-spectacular's generator makes for anyone (``public``)."""
    made = []
    generate = SchemaGenerator.get_schema
    monkeypatch.setattr(SchemaView, "made", {})
    monkeypatch.setattr(SchemaGenerator, "get_schema", lambda *a, **k: made.append(1) or generate(*a, **k))
    first = json.loads(anon.get("/api/schema/", {"format": "json"}).content)
    assert made == [1]
    again = json.loads(api_a.get("/api/schema/", {"format": "json"}).content)  # a director this time
    as_yaml = yaml.safe_load(anon.get("/api/schema/").content)
    assert made == [1]
    fresh = json.loads(json.dumps(generate(SchemaGenerator(), request=None, public=True)))
    assert first == again == as_yaml == fresh


def test_docs_page_renders_every_operation_and_loads_nothing_from_elsewhere(anon):
    response = anon.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    schema = json.loads(anon.get("/api/schema/", {"format": "json"}).content)
    for path, item in schema["paths"].items():
        for method in item:
            if method in ("get", "post", "patch", "delete"):
                assert f"<code>{path}</code>" in html and method.upper() in html
    assert "<script" not in html
    for url in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert url.startswith(("#", "/")), url
    assert "cdn" not in html.lower()


def _served(anon) -> dict:
    return json.loads(anon.get("/api/schema/", {"format": "json"}).content)


def test_the_sheet_schema_is_every_kinds_part_together(anon):
    """Each kind of sheet names its own part (``SheetKind.api_schema``); the served sheet, a named
    component, has them all."""
    schema = _served(anon)
    schemas = schema["components"]["schemas"]
    for request in ("SubmissionCreate", "SheetCheck"):
        assert schemas[request]["properties"]["sheet"] == {"$ref": "#/components/schemas/Sheet"}
    sheet = schemas["Sheet"]
    assert {"calypsos", "unfinished", "trick_piles", "revokes", "form", "hands", "embers"} <= set(sheet["properties"])
    assert sheet["properties"]["trick_piles"] == {"$ref": "#/components/schemas/TrickPiles"}
    for words in ("add up to 208", "a trick pile per seat", "its three seats", '{"hands": [...]}', '{"embers": [...]}'):
        assert words in sheet["description"]
    assert schemas["SheetFormEnum"]["enum"] == ["partnership", "cutthroat", "auction"]


def _walk(node, path=""):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{path}/{index}")


def test_seat_maps_are_maps_not_seat_letters_as_properties(anon):
    """Generated code turns properties into attributes: ``S`` and ``s``, or ``d``, clash with its own
    names (#35). A map from seat to number is one dictionary to every generator."""
    schema = _served(anon)
    lettered = [path for path, node in _walk(schema) if any(len(k) == 1 for k in node.get("properties", {}) or {})]
    assert lettered == []
    schemas = schema["components"]["schemas"]
    for name in ("SeatCounts", "TrickPiles", "Deal"):
        assert schemas[name]["type"] == "object" and "additionalProperties" in schemas[name]
    assert schemas["GameSet"]["properties"]["deals"]["items"] == {"$ref": "#/components/schemas/Deal"}


def test_openapi_spec_validator_finds_no_error(anon):
    from openapi_spec_validator import validate

    validate(_served(anon))  # raises on the first error (ClubCreate.slug's default once failed its pattern)


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, operation


def test_every_path_id_is_an_integer(anon):
    ids = [
        (path, parameter["schema"].get("type"))
        for path, _, operation in _operations(_served(anon))
        for parameter in operation.get("parameters", [])
        if parameter["in"] == "path"
    ]
    assert len(ids) > 40 and {kind for _, kind in ids} == {"integer"}


def test_every_operation_documents_its_refusals_with_the_error_body(anon):
    schema = _served(anon)
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, method, operation in _operations(schema):
        answers = operation["responses"]
        expected = {"400"}
        if path != "/api/auth/token/":
            expected |= {"401", "404"}
        if method != "get":
            expected |= {"413"} | ({"403", "409"} if path != "/api/auth/token/" else set())
        else:  # a read never answers 403: CSRF guards a session's writes, and a token is never refused so
            assert "403" not in answers, (method, path)
        if "requestBody" in operation:
            expected |= {"415"} if method != "get" else set()
        assert expected <= set(answers), (method, path, sorted(answers))
        for code in expected:
            assert answers[code]["content"] == error, (method, path, code)
    assert "429" in schema["paths"]["/api/auth/token/"]["post"]["responses"]
    fields = schema["components"]["schemas"]["Error"]
    assert {"detail", "code", "problems", "retry_after"} <= set(fields["properties"])
    assert fields["additionalProperties"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": fields["additionalProperties"]["description"],
    }


def test_closed_sets_are_enums_and_the_pdf_is_binary(anon):
    schema = _served(anon)
    schemas = schema["components"]["schemas"]
    order = schemas["PrintJobCreate"]["properties"]
    for field, enum in (("kind", "PrintKindEnum"), ("paper", "PaperEnum"), ("envelope", "EnvelopeEnum")):
        assert order[field]["allOf"] == [{"$ref": f"#/components/schemas/{enum}"}] or order[field] == {
            "$ref": f"#/components/schemas/{enum}"
        }, order[field]
    assert "scoresheets" in schemas["PrintKindEnum"]["enum"] and schemas["PaperEnum"]["enum"] == ["a4", "letter"]
    assert schemas["LangEnum"]["enum"] == ["en", "fr", "es"]
    direction = schemas["StandingsList"]["properties"]["direction"]
    assert {"$ref": "#/components/schemas/DirectionEnum"} in direction["oneOf"]
    # A, A+ and A- would all be "A" to a generator: their members are named.
    assert schemas["CodeEnum"]["x-enum-varnames"] == ["A", "A_PLUS", "A_MINUS"]
    download = schema["paths"]["/api/print-jobs/{id}/download/"]["get"]["responses"]["200"]["content"]
    assert download == {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}


def test_request_fields_with_defaults_are_optional_and_carry_no_default(anon):
    """openapi-typescript makes a field with a ``default`` non-optional: a request's defaults are
    said in words, and such fields are never required."""
    schema = _served(anon)
    schemas = schema["components"]["schemas"]
    order = schemas["PrintJobCreate"]
    assert set(order["required"]) == {"event", "kind"}
    assert (
        "default" not in order["properties"]["paper"] and "Default: `a4`" in order["properties"]["paper"]["description"]
    )
    assert "default" not in schemas["ClubCreate"]["properties"]["slug"]
    token = schema["paths"]["/api/auth/token/"]["post"]["requestBody"]["content"]
    assert list(token) == ["application/json"]  # one body type: generators mishandle three with one schema


def test_a_bad_print_kind_lists_the_values_accepted(api_a, world_a):
    response = api_a.post("/api/print-jobs/", {"event": world_a.event.pk, "kind": "Scoresheets"}, format="json")
    assert response.status_code == 400
    message = response.json()["kind"][0]
    assert "scoresheets, tally-cards" in message and "Tally cards" not in message


@pytest.mark.django_db
def test_no_credentials_or_a_bad_token_is_a_401_with_its_challenge_as_documented(anon):
    refused = anon.get("/api/clubs/")
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Token" and refused.json()["detail"]
    anon.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = anon.get("/api/clubs/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token" and response.json()["detail"]


def test_every_refusal_is_an_object_whose_detail_is_text():
    """The schema's Error: ``detail`` is a string. A Django ``ValidationError`` for the whole form
    and a bare DRF ``ValidationError("...")`` once answered a list there (or as the whole body)."""
    from django.core.exceptions import ValidationError as DjangoValidationError
    from rest_framework.exceptions import ValidationError

    from director.api.errors import exception_handler

    whole = DjangoValidationError({"__all__": ["first", "second"], "number": ["taken"]})
    body = exception_handler(whole, {}).data
    assert body == {"number": ["taken"], "detail": "first", "problems": ["first", "second"]}
    assert exception_handler(ValidationError("no such thing"), {}).data == {"detail": "no such thing"}


def test_the_docs_page_shows_a_seat_map_as_a_map(anon):
    html = anon.get("/api/docs/").content.decode()
    assert "map of integer" in html and "map of list of string" in html
