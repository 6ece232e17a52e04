"""Middleware of the core app."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig

from . import json_body

_NO_BODY = ("GET", "HEAD", "OPTIONS")


class JSONBodyMiddleware:
    """Refuses a bad JSON body before any view (API, table link or one yet to come) reads it.

    * a JSON body declared larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413, on the declared
      length alone, so the body is never read — and so is a form body (urlencoded: the kind that
      limit applies to) from a client that reads JSON, which Django's CSRF check would otherwise
      answer with its HTML 400 page;
    * a JSON body that ``json_body.loads`` refuses (malformed, not UTF-8, ``NaN``, nested too deep)
      is a 400. A good one is parsed once and kept for the view (``json_body.read``).

    The answer is JSON (``json_body.error_response``), never Django's HTML 400 page or a 500.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in _NO_BODY and json_body.wants_json(request):
            limit = json_body.max_size()
            sized = json_body.is_json(request) or request.content_type == "application/x-www-form-urlencoded"
            if sized and limit is not None and _declared_length(request) > limit:
                return json_body.error_response(json_body.too_large())
        if json_body.is_json(request) and request.method not in _NO_BODY:
            try:
                json_body.read(request)
            except json_body.BadJSON as error:
                return json_body.error_response(error)
        return self.get_response(request)

    def process_exception(self, request, exception):
        """A view that reads the body itself gets the same answers (a form too large for a JSON
        client included)."""
        if isinstance(exception, json_body.BadJSON):
            return json_body.error_response(exception)
        if isinstance(exception, RequestDataTooBig) and json_body.wants_json(request):
            return json_body.error_response(json_body.too_large())
        return None


def _declared_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
