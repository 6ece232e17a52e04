"""The season ladder's query parameters, read the same way by the director's and the public page."""

from __future__ import annotations


def positive_number(value) -> int | None:
    """A positive whole number from a query string, else None: ASCII digits only (``str.isdigit``
    also passes ``²``, which ``int`` refuses) and at most 18 of them (an id the database can hold)."""
    value = str(value or "")
    if value.isascii() and value.isdigit() and len(value) <= 18 and int(value) > 0:
        return int(value)
    return None


def ladder_params(request) -> dict:
    def number(name, default):
        found = positive_number(request.GET.get(name))
        return default if found is None else found

    basis = request.GET.get("basis")
    method = request.GET.get("method")
    return {
        "basis": basis if basis in ("percentage", "tally") else "percentage",
        "method": method if method in ("average", "total") else "average",
        "min_sessions": number("min", 1),
        "best": number("best", None),
    }
