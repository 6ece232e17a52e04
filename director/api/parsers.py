"""The API's JSON parser: DRF's, with the body rules of ``director.core.json_body`` (size, depth,
no ``NaN``, UTF-8), so a bad body is a 400 with a message, never a 500 — also where
``JSONBodyMiddleware`` has not run (a view called directly). DRF reads a JSON body through
Django's ``request.body``, whose size check ``director.api.errors`` turns into a 413."""

from __future__ import annotations

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

from director.core import json_body


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the request body is too large"
    default_code = "too-large"


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        try:
            if request is not None:
                # The Django request under DRF's: the body the middleware already parsed.
                return json_body.read(request._request, empty={})
            return json_body.loads(stream.read())
        except json_body.BadJSON as error:
            if error.status == status.HTTP_413_REQUEST_ENTITY_TOO_LARGE:
                raise PayloadTooLarge(error.message, code=error.code) from None
            raise ParseError(error.message, code=error.code) from None
