"""Fields and shapes shared by the API's serializers: whole numbers sent as JSON numbers, text
sent as JSON strings, ids, seats, the scoresheet field (its schema each kind of sheet's part) and the
error body. Shape only: the domain's rules are the services' (``director.api.errors``)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty

from director.deals.models import GameSet
from director.sheets.registry import general_first
from scoring import scores
from scoring.cards import SUITS

# Primary keys are 64-bit; anything larger is refused as shape before it reaches the database.
MAX_ID = 2**62


class WholeNumber(serializers.IntegerField):
    """An integer sent as a JSON number. Text (``"3"``), ``true`` and fractions (``3.0``) are
    refused, as in a scoresheet: the API takes JSON, so a number that arrives as text is a
    client's mistake to report, not to guess at."""

    default_error_messages = {"invalid": "A valid integer is required (a JSON number such as 3), not {value}."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid", value=_shown(data))
        return super().to_internal_value(data)


def _shown(value) -> str:
    """A refused value as the client sent it, cut short: ``'3' (text)``, ``3.5``, ``true``."""
    if isinstance(value, str):
        text = value if len(value) <= 20 else value[:20] + "…"
        return f"{text!r} (text)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    text = repr(value)
    return text if len(text) <= 20 else text[:20] + "…"


class Text(serializers.CharField):
    """Text sent as a JSON string. A number, object or list is refused, not turned into text
    (DRF's ``CharField`` would store ``12345`` as ``"12345"``)."""

    default_error_messages = {"not_text": "must be text (a JSON string), not {value}."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text", value=_shown(data))
        return super().to_internal_value(data)


class Choice(serializers.ChoiceField):
    """One of a closed set, sent as a JSON string: an enum in the schema, and a refusal lists the
    values accepted (not their display names). ``fold`` reads the value case-insensitively."""

    default_error_messages = {
        "invalid_choice": "unknown {field} {input!r}: choose one of {accepted}",
        "not_text": "must be text (a JSON string), not {value}.",
    }

    def __init__(self, choices, *, what: str = "value", fold: bool = False, **kwargs):
        self.what, self.fold = what, fold
        super().__init__(choices, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text", value=_shown(data))
        if not data.strip() and self.default is not empty:
            return self.default  # "" has always meant the default (``"paper": ""`` is A4)
        value = data
        if self.fold:  # " a+ " is A+, "A4" is a4
            folded = {key.lower(): key for key in self.choice_strings_to_values}
            value = folded.get(data.strip().lower(), data)
        if value not in self.choice_strings_to_values:
            shown = data if len(data) <= 40 else data[:40] + "…"
            self.fail("invalid_choice", field=self.what, input=shown, accepted=", ".join(self.choices))
        return self.choice_strings_to_values[value]


def Id(**kwargs) -> serializers.IntegerField:
    return WholeNumber(min_value=1, max_value=MAX_ID, **kwargs)


SEATS = tuple(SUITS)  # a sheet's seats, in suit order


def _merged(schema: dict, part: dict) -> dict:
    """``schema`` with a kind's ``part`` added: objects merged key by key, descriptions run on."""
    merged = dict(schema)
    for key, value in part.items():
        if isinstance(merged.get(key), dict) and isinstance(value, dict):
            merged[key] = _merged(merged[key], value)
        elif key == "description" and key in merged:
            merged[key] = f"{merged[key]} {value}"
        else:
            merged[key] = value
    return merged


def sheet_schema() -> dict:
    """The JSON schema of a sheet: every kind's part (``SheetKind.api_schema``), the most general
    first (the 208-card sheet the others add to), each part once (a kind may share its parent's)."""
    schema: dict = {}
    parts: list[dict] = []
    for kind in general_first():
        if kind.api_schema and not any(kind.api_schema is part for part in parts):
            parts.append(kind.api_schema)
            schema = _merged(schema, kind.api_schema)
    return schema


SHEET_REF = {"$ref": "#/components/schemas/Sheet"}
"""A sheet field's schema: the named ``Sheet`` component (``director.api.schema`` adds it, made by
``sheet_schema``), one type in a generated client for the sheet sent, checked and read back."""

_SEAT_MAP = "Seats are S, H, D and C; a map from seat to number, so that generated clients read it as one."
SEAT_COUNTS_SCHEMA = {
    "type": "object",
    "description": f"A count per seat. {_SEAT_MAP}",
    "additionalProperties": {"type": "integer", "minimum": 0},
    "example": {"S": 1, "H": 0, "D": 2, "C": 0},
}
TRICK_PILES_SCHEMA = {
    "type": "object",
    "description": "The trick piles: `majors` and `minors` (a partnership sheet), or one per seat (a sheet of "
    f"individual scores). {_SEAT_MAP}",
    "additionalProperties": {"type": "integer", "minimum": 0},
    "example": {"majors": 60, "minors": 85},
}
DEAL_SCHEMA = {
    "type": "object",
    "description": f"One deal: each seat's 13 cards, canonical (`AS`, `TD`). {_SEAT_MAP}",
    "additionalProperties": {"type": "array", "items": {"type": "string", "example": "AS"}},
}
DEALS_SCHEMA = {
    "type": "array",
    "description": "Deals 1–4, each mapping a seat (S, H, D, C) to its 13 cards.",
    "items": {"$ref": "#/components/schemas/Deal"},
}


SHEET_WRONG = "the scoresheet is wrong: "
"""How every message about a sheet begins (``director.results.adapters`` phrases the rest so)."""


def sheet_type_problems(data) -> list[str]:
    """Counts that are not JSON whole numbers, one phrase each naming the count.

    The API takes JSON, so ``"3"`` (text), ``3.0`` and ``true`` are a client's mistake to report
    (a form's digits are text, and ``scoring.scores`` reads them). Only the values present are
    looked at; their ranges, a missing or unknown seat and the arithmetic are ``scoring.scores``'s
    to report, with every problem it finds (``count_ranges``)."""
    problems = []
    for key in scores.count_ranges():
        counts = data.get(key)
        if not isinstance(counts, dict):
            continue
        for name, value in counts.items():
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(f"{key}.{name} must be a whole number (a JSON number such as 3), not {_shown(value)}")
    return problems


@extend_schema_field(SHEET_REF)
class SheetField(serializers.DictField):
    """A scoresheet object. Its counts must be JSON whole numbers (checked here); their ranges and
    the rest are ``scoring.scores``'s to check, in the service."""

    default_error_messages = {
        "not_a_dict": SHEET_WRONG + "it must be a JSON object with calypsos, unfinished and trick_piles, "
        "not {input_type} (an Auction event: an object with its hands)."
    }

    def __init__(self, *, check_counts: bool = True, **kwargs):
        self.check_counts = check_counts  # the check endpoint lists these problems instead
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        problems = sheet_type_problems(data) if self.check_counts else []
        if problems:
            raise serializers.ValidationError([SHEET_WRONG + problem for problem in problems])
        return super().to_internal_value(data)


DEALER_CHOICES = GameSet._meta.get_field("first_dealer").choices
ORIENTATION_CHOICES = GameSet._meta.get_field("orientation").choices


def SeatField(**kwargs) -> serializers.RegexField:
    """A seat named by its suit. A pattern, not an enum: the schema's enum of these letters is
    ``first_dealer``'s, and one choice set may carry only one name."""
    return serializers.RegexField(
        r"^[SHDC]$", error_messages={"invalid": "the seat must be S, H, D or C"}, help_text="S, H, D or C", **kwargs
    )


@extend_schema_field(DEALS_SCHEMA)
class DealsField(serializers.JSONField):
    pass


class ErrorSerializer(serializers.Serializer):
    """``{"detail": "..."}`` or ``{"<field>": ["message", ...]}``: the views name it for their
    refusals; its schema, every field a refusal may carry, is ``director.api.schema.ERROR_SCHEMA``
    (a serializer cannot say "any other key: a list of messages")."""

    detail = serializers.CharField(required=False)
