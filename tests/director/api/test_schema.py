"""The OpenAPI schema generates without warnings and parses; the docs page renders it with
nothing fetched from elsewhere."""

from __future__ import annotations

import json
import re

import yaml
from django.core.management import call_command

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


def test_the_sheet_schema_is_every_kinds_part_together(anon):
    """Each kind of sheet names its own part (``SheetKind.api_schema``); the served sheet has them all."""
    schema = json.loads(anon.get("/api/schema/", {"format": "json"}).content)
    sheet = schema["components"]["schemas"]["SubmissionCreate"]["properties"]["sheet"]
    assert {"calypsos", "unfinished", "trick_piles", "revokes", "form", "hands", "embers"} <= set(sheet["properties"])
    assert set(sheet["properties"]["trick_piles"]["properties"]) == {"majors", "minors", "S", "H", "D", "C"}
    for words in ("add up to 208", "a trick pile per seat", "its three seats", '{"hands": [...]}', '{"embers": [...]}'):
        assert words in sheet["description"]
    assert schema["components"]["schemas"]["SheetFormEnum"]["enum"] == ["partnership", "cutthroat", "auction"]
