"""The one reader of JSON request bodies: what a body may be, and the error a client gets when it
is not. Used by ``JSONBodyMiddleware`` in front of every view, by the API's parser
(``director.api.parsers``) and by the plain Django views that read JSON (the table entry link).

A body is refused, before any view runs, with

* 413 when it is larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``;
* 400 when it is not UTF-8, not JSON (``NaN`` and ``Infinity`` included: JSON has no such
  numbers), nested deeper than ``MAX_DEPTH`` (the deepest real document, an event export, is under
  10 levels; a 1,000-deep one exhausts Python's recursion limit), or holds a ``\\ud800``-style
  escape that is no character, or a NUL (``\\u0000``, which PostgreSQL's text and jsonb refuse):
  neither could be stored.

The answer is JSON, ``{"detail": message, "code": code}``, the shape of the API's other errors.
``loads`` is also what reads JSON files a director uploads (game sets, event exports).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse

MAX_DEPTH = 64
_PARSED = "_calypso_json_body"  # the request attribute that keeps a body parsed once
_REQUEST_LIMIT = object()


class BadJSON(Exception):
    """A request body (or uploaded JSON file) that no view should see; ``status`` is 400 or 413."""

    def __init__(self, message: str, *, status: int = 400, code: str = "bad-json"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code


def max_size() -> int | None:
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def too_large() -> BadJSON:
    return BadJSON(
        f"the request body is larger than the {max_size()} bytes a request may carry", status=413, code="too-large"
    )


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _check_value(value) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and text that is not Unicode characters.
    Iterative on purpose: the point is to refuse what recursion would choke on."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
            continue
        if isinstance(item, dict):
            children = list(item.values())
            for key in item:
                _check_text(key)
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth + 1 > MAX_DEPTH:
            raise BadJSON(f"the JSON is nested more than {MAX_DEPTH} levels deep")
        stack.extend((child, depth + 1) for child in children)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadJSON("the JSON holds a \\u escape that is not a character (a lone surrogate)") from None
    if "\x00" in text:
        raise BadJSON("the JSON holds a NUL character (\\u0000), which no text here may hold")


def loads(raw: bytes | str, *, limit: int | object | None = _REQUEST_LIMIT, what: str = "the request body"):
    """The JSON value of ``raw``, or ``BadJSON`` saying what is wrong with it. ``limit``: the
    largest size allowed (``None``: no limit; by default ``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""
    limit = max_size() if limit is _REQUEST_LIMIT else limit
    if limit is not None and len(raw) > limit:
        raise BadJSON(f"{what} is larger than the {limit} bytes allowed", status=413, code="too-large")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise BadJSON(f"{what} is not UTF-8 text (byte {error.start + 1} is not)") from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise BadJSON(f"the JSON is nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as error:
        raise BadJSON(f"{what} is not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    except ValueError as error:  # NaN, Infinity
        raise BadJSON(f"{what} is not JSON ({error})") from None
    _check_value(value)
    return value


def is_json(request) -> bool:
    """The body is JSON (``application/json`` or a ``+json`` type)."""
    content_type = request.content_type or ""
    return content_type == "application/json" or content_type.endswith("+json")


def wants_json(request) -> bool:
    """The client sends or reads JSON, so an error should be JSON too."""
    return is_json(request) or "json" in request.headers.get("Accept", "")


def read(request, *, empty=None):
    """The request's JSON body, parsed once per request (``empty`` when there is none);
    ``BadJSON`` when it is refused."""
    if not hasattr(request, _PARSED):
        try:
            raw = request.body
        except RequestDataTooBig:
            raise too_large() from None
        setattr(request, _PARSED, (bool(raw), loads(raw) if raw else None))
    present, value = getattr(request, _PARSED)
    return value if present else empty


def error_response(error: BadJSON) -> JsonResponse:
    return JsonResponse({"detail": error.message, "code": error.code}, status=error.status)
