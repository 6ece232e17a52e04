"""Strict parsers for query-string filters: a bad value is a 400 naming the parameter, never
silently ignored (``?club=abc`` is an error, not "every club")."""

from __future__ import annotations

from datetime import date

from rest_framework.exceptions import ValidationError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _raw(request, name: str) -> str | None:
    value = request.query_params.get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def int_param(request, name: str, *, minimum: int = 0) -> int | None:
    value = _raw(request, name)
    if value is None:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 18 or int(value) < minimum:
        raise ValidationError({name: [f"must be a whole number ≥ {minimum}, not {value!r}"]})
    return int(value)


def bool_param(request, name: str) -> bool | None:
    value = _raw(request, name)
    if value is None:
        return None
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ValidationError({name: [f"must be true or false, not {value!r}"]})


def date_param(request, name: str) -> date | None:
    value = _raw(request, name)
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValidationError({name: [f"must be a date like 2025-03-14, not {value!r}"]}) from None


def choice_param(request, name: str, choices) -> str | None:
    value = _raw(request, name)
    if value is None:
        return None
    allowed = list(choices)
    if value not in allowed:
        raise ValidationError({name: [f"must be one of {', '.join(allowed)}, not {value!r}"]})
    return value


def text_param(request, name: str, *, max_length: int = 120) -> str | None:
    value = _raw(request, name)
    if value is None:
        return None
    if len(value) > max_length or "\x00" in value:
        raise ValidationError({name: [f"must be at most {max_length} characters of text"]})
    return value
