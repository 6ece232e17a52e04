"""The OpenAPI schema as generated clients need it (openapi-python-client, openapi-typescript; #35).

drf-spectacular describes each view; this post-processing hook (``SPECTACULAR_SETTINGS``) adds what
is true of every operation and no single view says:

* path ids are integers (the router's ``lookup_value_regex`` reads as a string pattern otherwise);
* the sheet, its counts per seat and a deal are named components, their seat maps objects with
  ``additionalProperties`` (seat letters as properties clash in generated code: ``d``, ``S``/``s``);
* every status an operation can answer, each with the ``Error`` body: 400 (a bad body, filter or
  page), 401 (not signed in, a bad token: ``WWW-Authenticate: Token``), 403 on writes only (a
  browser session's write without its CSRF token: a token never meets it), 404 (no such object among your
  clubs' data, a page past the last), 409 (a write that clashes with the current state), 413 and
  415 (a write's body too large or not JSON); 429 is the token request's alone;
* ``Error`` with every field a refusal may carry;
* enum members named where their values would clash (``x-enum-varnames``);
* a request body's defaults are said in words (``_defaults_in_words``);
* the token request takes one body type in the schema, JSON (the server reads a form as well).
"""

from __future__ import annotations

import re
from typing import ClassVar

from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response

from director.api.fields import DEAL_SCHEMA, SEAT_COUNTS_SCHEMA, TRICK_PILES_SCHEMA, sheet_schema

WRITES = ("post", "put", "patch", "delete")
METHODS = ("get", *WRITES)
ID_PATTERN = "^[0-9]{1,18}$"
ERROR_REF = {"$ref": "#/components/schemas/Error"}

ERROR_SCHEMA = {
    "type": "object",
    "description": "Why a request was refused. `{field: [messages]}` when the error belongs to one input "
    '(`"sheet"`, `"players"`, `"hands.2.S"`), else `detail`; nothing was written.',
    "properties": {
        "detail": {"type": "string", "description": "the message, when it belongs to no one field"},
        "code": {"type": "string", "description": "a bad body's kind: `bad-json`, `too-large`, …"},
        "problems": {
            "type": "array",
            "items": {"type": "string"},
            "description": "every problem, when there are several (`detail` is the first line)",
        },
        "retry_after": {
            "type": "string",
            "format": "date-time",
            "description": "429: when to try again (also the `Retry-After` header, in seconds)",
        },
    },
    "additionalProperties": {
        "type": "array",
        "items": {"type": "string"},
        "description": "a field's messages, keyed by the field (`number`, `sheet`, `cards.1.games.2`)",
    },
}

STATUS_WORDS = {
    "400": "bad input: a body, filter or page that does not parse or is wrong (`{field: [messages]}` or `detail`)",
    "401": "not signed in, or a token that is not one (`WWW-Authenticate: Token`): sign in again",
    "403": "a browser session's write without its CSRF token (a token is never answered 403: "
    "another club's objects are 404)",
    "404": "not found among your clubs' data (another club's objects included), or a page past the last",
    "409": "clashes with the current state",
    "413": "the body is larger than a request may carry (`code`: `too-large`)",
    "415": "the body is not JSON (`Content-Type`)",
    "429": "too many failed sign-ins: `detail` and `retry_after` say when to retry",
}


def _statuses(method: str, operation: dict) -> list[str]:
    signed_in = operation.get("security") != []
    statuses = ["400"]
    if signed_in:
        statuses += ["401", "404"]
    if method in WRITES:
        if signed_in:  # CSRF is checked on a session's writes only
            statuses += ["403", "409"]
        statuses += ["413"]
        if "requestBody" in operation:
            statuses.append("415")
    if not signed_in:
        statuses.append("429")
    return statuses


def _error_responses(method: str, operation: dict) -> None:
    responses = operation.setdefault("responses", {})
    for code in _statuses(method, operation):
        response = responses.setdefault(code, {"description": STATUS_WORDS[code]})
        response["content"] = {"application/json": {"schema": ERROR_REF}}


def _integer_ids(operation: dict) -> None:
    for parameter in operation.get("parameters", []):
        if parameter.get("in") == "path" and parameter.get("schema", {}).get("pattern") == ID_PATTERN:
            parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": 10**18 - 1}


def _json_only(operation: dict) -> None:
    """One body type: generators mishandle one schema under JSON, form and multipart."""
    content = (operation.get("requestBody") or {}).get("content")
    if content and "application/json" in content:
        operation["requestBody"]["content"] = {"application/json": content["application/json"]}


def _refs(node, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        if "$ref" in node:
            found.add(node["$ref"].rsplit("/", 1)[-1])
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)
    return found


def _defaults_in_words(result: dict) -> None:
    """A request body's defaults said in words, not as ``default``: openapi-typescript makes a field
    with a default non-optional (right for a response, where the server fills it in; wrong for a
    request, where leaving it out is the point). Only components no response uses are changed."""
    sent: set[str] = set()
    answered: set[str] = set()
    for item in result.get("paths", {}).values():
        for method in METHODS:
            if (operation := item.get(method)) is not None:
                _refs(operation.get("requestBody"), sent)
                _refs(operation.get("responses"), answered)
    schemas = result["components"]["schemas"]
    for name in sorted(sent - answered):
        for field in schemas.get(name, {}).get("properties", {}).values():
            if "default" in field:
                default = field.pop("default")
                shown = "null" if default is None else str(default).lower() if isinstance(default, bool) else default
                words = f"Default: `{shown}`." if shown != "" else "Default: empty."
                field["description"] = f"{field['description']} {words}" if field.get("description") else words


def _member(value) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", str(value)).strip("_").upper()


def _enum_names(schemas: dict) -> None:
    """Names for an enum's members where the values alone would give two the same name (``A``,
    ``A+``, ``A-`` are all ``A`` to a generator): ``x-enum-varnames``, which generators read."""
    for schema in schemas.values():
        values = schema.get("enum")
        if not values or "x-enum-varnames" in schema:
            continue
        names = [_member(value) for value in values]
        if len(set(names)) < len(names):
            spelled = [str(value).replace("+", "_plus").replace("-", "_minus") for value in values]
            schema["x-enum-varnames"] = [_member(value) or "BLANK" for value in spelled]


def postprocess(result, generator, request, public):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    schemas["Sheet"] = sheet_schema()
    schemas["SeatCounts"] = SEAT_COUNTS_SCHEMA
    schemas["TrickPiles"] = TRICK_PILES_SCHEMA
    schemas["Deal"] = DEAL_SCHEMA
    for item in result.get("paths", {}).values():
        for method in METHODS:
            if (operation := item.get(method)) is not None:
                _integer_ids(operation)
                _json_only(operation)
                _error_responses(method, operation)
    _defaults_in_words(result)
    _enum_names(schemas)
    return result


class SchemaView(SpectacularAPIView):
    """``/api/schema/``: the schema is made once per process for each API version and language, then
    served again as made. It is the same for whoever asks (``SERVE_PUBLIC``: every operation; no
    view's description reads the request) and changes only with the code, which a restart brings;
    making it costs ≈ 0.2 s of CPU, and the docs page and each generated client fetch it.
    tests/director/api/test_schema.py checks what is served against what the generator makes."""

    made: ClassVar[dict[tuple, dict]] = {}

    @classmethod
    def made_schema(cls, version: str | None = None, request=None) -> dict:
        """The schema of ``version`` in the active language, made the first time it is asked for (by
        this view or by the reference page, director/api/docs.py). Not ``schema``: that is DRF's
        describer of each view, which drf-spectacular reads."""
        key = (version, translation.get_language(), cls.serve_public)
        if key not in cls.made:
            generator = cls.generator_class(urlconf=cls.urlconf, api_version=version, patterns=cls.patterns)
            cls.made[key] = generator.get_schema(request=request, public=cls.serve_public)
        return cls.made[key]

    def _get_schema_response(self, request):
        version = self.api_version or request.version or self._get_version_parameter(request)
        return Response(
            data=self.made_schema(version, request),
            headers={"Content-Disposition": f'inline; filename="{self._get_filename(request, version)}"'},
        )
