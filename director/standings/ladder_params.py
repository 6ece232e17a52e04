"""The season ladder's query parameters, read the same way by the director's and the public page."""

from __future__ import annotations


def ladder_params(request) -> dict:
    def number(name, default):
        value = request.GET.get(name, "")
        return int(value) if value.isdigit() and int(value) > 0 else default

    basis = request.GET.get("basis")
    method = request.GET.get("method")
    return {
        "basis": basis if basis in ("percentage", "tally") else "percentage",
        "method": method if method in ("average", "total") else "average",
        "min_sessions": number("min", 1),
        "best": number("best", None),
    }
