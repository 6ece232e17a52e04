"""Small strict parsers for input a person types: text where a number, a choice or a date belongs
is refused with a ``ValidationError`` that names the field and what was typed, never coerced."""

from __future__ import annotations

import re
from datetime import date as date_type

from director.core.errors import ValidationError

# Digits as typed: ASCII, one minus sign at most, and no more than a database integer holds
# ("²" passes str.isdigit() but not int(); 5,000 digits pass neither int() nor the database).
_WHOLE = re.compile(r"-?[0-9]{1,18}")


def parse_int(value, what: str, *, field: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or value is None:
        raise ValidationError(f"{what} must be a whole number, not {value!r}", field=field)
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        raise ValidationError(f"{what} must be a whole number, not {value!r}", field=field)
    if minimum is not None and number < minimum:
        raise ValidationError(f"{what} must be at least {minimum}, not {number}", field=field)
    if maximum is not None and number > maximum:
        raise ValidationError(f"{what} must be at most {maximum}, not {number}", field=field)
    return number


def parse_text(value, what: str, *, field: str) -> str:
    """Text as typed, trimmed (``None``: empty). A NUL character is refused by name: no text column
    of PostgreSQL's holds one (a form's ``%00``; JSON's ``\\u0000`` is refused by ``json_body``)."""
    text = "" if value is None else str(value)
    if "\x00" in text:
        raise ValidationError(f"{what} holds a NUL character, which no text may hold", field=field)
    return text.strip()


def parse_choice(value, choices, what: str, *, field: str) -> str:
    allowed = list(choices.values)
    if value not in allowed:
        raise ValidationError(f"{what} must be one of {', '.join(allowed)}, not {value!r}", field=field)
    return value


def parse_date(value, what: str = "the date", *, field: str = "date") -> date_type:
    if isinstance(value, date_type):
        return value
    try:
        return date_type.fromisoformat(str(value).strip())
    except ValueError as error:
        raise ValidationError(f"{what} must be a date like 2025-03-14, not {value!r}", field=field) from error


def split_names(text: str) -> list[str]:
    """Names typed one per line (or separated by commas/semicolons), blanks dropped."""
    return [name for name in (re.sub(r"\s+", " ", part).strip() for part in re.split(r"[\n,;]+", text or "")) if name]


# --- fields of a posted body: a JSON object or a form ---------------------------------------------------
def json_kind(value) -> str:
    """What a JSON value is, in the words of JSON: for a message about a value of the wrong type."""
    if isinstance(value, bool):
        return "true" if value else "false"
    for types, name in ((dict, "an object"), (list, "a list"), (int | float, "a number"), (str, "text")):
        if isinstance(value, types):
            return name
    return "null"


def read_number(data, field: str) -> int | None:
    """``data[field]`` as a whole number: a JSON number, or digits from a form; absent or empty is None."""
    value = data.get(field)
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 18:
        return int(value)
    shown = repr(value[:20]) if isinstance(value, str) else json_kind(value)
    raise ValidationError(f"{field} must be a whole number (a JSON number such as 3), not {shown}", field=field)


def read_text(data, field: str) -> str | None:
    """``data[field]`` as text as sent (None when absent); a form's NUL character is refused by name
    (JSON's is refused by ``json_body``)."""
    value = data.get(field)
    if isinstance(value, str):
        parse_text(value, field, field=field)
        return value
    if value is None:
        return value
    raise ValidationError(f"{field} must be text (a JSON string), not {json_kind(value)}", field=field)
