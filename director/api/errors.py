"""The API's exception handler: every error a person can cause becomes a 4xx with a message.

Shapes (the same as DRF's own validation errors):

* ``{"field": ["message", ...]}`` when the error belongs to one input (``"sheet"``, ``"players"``,
  ``"hands.2.S"``); a scoresheet or game set with several problems lists each one;
* ``{"detail": "message"}`` otherwise.

Status codes: ``director.core.errors.PermissionDenied`` → 403, ``Conflict`` (and a database
constraint that refused a write) → 409, every other ``DomainError``, Django ``ValidationError``
and the scoring engine's input errors (``CardError``, ``GameSetError``, ``ScoreSheetError``) → 400;
a body larger than a request may carry → 413 (``director.core.json_body``).
"""

from __future__ import annotations

import logging

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from director.core import errors, json_body
from scoring.cards import CardError
from scoring.gamesets import GameSetError
from scoring.scores import ScoreSheetError

logger = logging.getLogger(__name__)


def _labelled(message: str, problems: list[str]) -> list[str]:
    """Each problem as the message phrases it. A message that puts a label before its problems
    (``the scoresheet is wrong: a; b``, ``game set 1, deal 2, H hand: a; b``) gives every problem
    that label, so one problem or several read the same way."""
    joined = "; ".join(problems)
    if len(problems) > 1 and message.endswith(joined):
        label = message[: len(message) - len(joined)]
        return [label + problem for problem in problems]
    return problems if len(problems) > 1 else [message]


def domain_error_body(error: errors.DomainError) -> dict:
    """``{field: [messages]}`` or ``{"detail": message}``; every problem when there are several."""
    problems = [p for p in error.problems if p] or [error.message]
    messages = _labelled(error.message, problems)
    if error.field:
        return {error.field: messages}
    if len(messages) > 1:
        return {"detail": error.message, "problems": messages}
    return {"detail": error.message}


def _django_validation_body(error: DjangoValidationError) -> dict:
    if hasattr(error, "error_dict"):
        body = {key: list(messages) for key, messages in error.message_dict.items() if key != "__all__"}
        general = error.message_dict.get("__all__")
        if general:  # ``detail`` is text (the schema's Error); several messages are its problems
            body |= {"detail": general[0]} | ({"problems": list(general)} if len(general) > 1 else {})
        return body
    messages = list(error.messages)
    return {"detail": messages[0]} if len(messages) == 1 else {"detail": messages[0], "problems": messages}


def _scoring_body(error: ValueError) -> dict:
    problems = list(getattr(error, "problems", None) or [str(error)])
    if len(problems) > 1:
        return {"detail": str(error), "problems": problems}
    return {"detail": str(error)}


def _flatten(path: str, detail) -> list:
    """Messages of a nested serializer error as one list: ``players[1]: A valid integer...``."""
    if isinstance(detail, dict):
        return [
            m
            for key, value in detail.items()
            for m in _flatten(f"{path}[{key}]" if str(key).isdigit() else f"{path}.{key}", value)
        ]
    if isinstance(detail, list):
        return [m for item in detail for m in _flatten(path, item)]
    return [f"{path}: {detail}"]


def _flat_field_errors(data):
    """``{field: [messages]}`` even when a list or nested field reports errors per item."""
    if not isinstance(data, dict):
        return data
    flat = {}
    for field, detail in data.items():
        if isinstance(detail, dict):
            flat[field] = _flatten(field, detail)
        elif isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
            flat[field] = [
                m for item in detail for m in (_flatten(field, item) if isinstance(item, dict | list) else [item])
            ]
        else:
            flat[field] = detail
    return flat


def exception_handler(exc, context):
    """DRF's handler first (404, 401/403, parse and serializer errors), then ours."""
    response = drf_exception_handler(exc, context)
    if response is not None:
        if response.status_code == status.HTTP_400_BAD_REQUEST:
            response.data = _flat_field_errors(response.data)
            if isinstance(response.data, list):  # ``ValidationError("...")``: the Error's detail
                messages = [str(m) for m in response.data] or ["bad input"]
                response.data = {"detail": messages[0]} | ({"problems": messages} if len(messages) > 1 else {})
        return response

    if isinstance(exc, RequestDataTooBig):
        too_large = json_body.too_large()
        return Response({"detail": too_large.message, "code": too_large.code}, status=too_large.status)
    if isinstance(exc, errors.PermissionDenied):
        code, body = status.HTTP_403_FORBIDDEN, {"detail": exc.message}
    elif isinstance(exc, errors.Conflict):
        code, body = status.HTTP_409_CONFLICT, domain_error_body(exc)
    elif isinstance(exc, errors.DomainError):
        code, body = status.HTTP_400_BAD_REQUEST, domain_error_body(exc)
    elif isinstance(exc, DjangoValidationError):
        code, body = status.HTTP_400_BAD_REQUEST, _django_validation_body(exc)
    elif isinstance(exc, CardError | GameSetError | ScoreSheetError):
        code, body = status.HTTP_400_BAD_REQUEST, _scoring_body(exc)
    elif isinstance(exc, IntegrityError):
        # A database rule refused the write (two requests racing for the same number, say).
        # The services check first; this is the safety net, and the transaction is rolled back.
        logger.warning("integrity error turned into a 409: %s", exc)
        code, body = status.HTTP_409_CONFLICT, {"detail": "that clashes with data saved meanwhile; reload and retry"}
    else:
        return None  # a real bug: let it be a 500 and be logged
    set_rollback()
    return Response(body, status=code)
