"""The API's JSON schema of a 208-card scoresheet (``SheetKind.api_schema``; ``director.api.fields``
adds the other kinds' parts to it)."""

from scoring import scores

_RANGES = ", ".join(f"{key.replace('_', ' ')} 0–{most}" for key, (most, _) in scores.count_ranges().items())
COUNTS = {"$ref": "#/components/schemas/SeatCounts"}
"""A count per seat: the API's ``SeatCounts`` (``director.api.fields``), a map from seat to count, as
generated clients read it (seat letters as properties clash in generated code)."""
TRICK_PILES = {"$ref": "#/components/schemas/TrickPiles"}

SHEET = {
    "type": "object",
    "description": "A scoresheet: counts per seat after the fourth deal (RULES.md §5). "
    "Cards must add up to 208: 13 × calypsos + unfinished + both trick piles. "
    f"Every count is a JSON whole number (not text): {_RANGES}.",
    "properties": {
        "calypsos": COUNTS,
        "unfinished": COUNTS,
        "trick_piles": TRICK_PILES,
        "revokes": COUNTS,
    },
    "example": {
        "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
        "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
        "trick_piles": {"majors": 60, "minors": 85},
        "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
    },
}
