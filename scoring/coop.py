"""Coöperative Calypso: a table's grade and how tables on the same sets compare (RULES.md §5).

In coöperative play the rules and the scoring are unchanged; the four (or three) scores are summed
into one table total (``scores.cooperative_total``). This module turns totals into what a club
night shows:

* ``table_total(sheet)``: ``cooperative_total``, Neutralised sheets included;
* ``grade(total, bands)``: the band a club sets for the total ("Gold", "Silver", ...);
  ``DEFAULT_BANDS`` are ours, chosen from simulated games (docs/variants.md);
* ``compare_tables(totals)``: duplicate coöp, the tables that played one set side by side — each
  table's total, grade, rank and *difference*: the sum over every other table on the set of its
  total minus theirs (with two tables, A − B and B − A). Differences over a set add up to zero,
  the same cross-check a tally's nets give;
* ``coop_session(results)``: a session of several sets, each table's totals and differences added.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .scores import CutthroatSheet, ScoreSheet, cooperative_total
from .variants import score_neutralised


class BandError(ValueError):
    """Grade bands a club cannot mean: says which band and why."""


@dataclass(frozen=True)
class Band:
    """A grade: every table total of at least ``floor`` points (and below the next band) earns ``name``."""

    floor: int
    name: str


DEFAULT_BANDS: tuple[Band, ...] = (
    Band(0, "Practice"),
    Band(3250, "Bronze"),
    Band(3750, "Silver"),
    Band(4250, "Gold"),
    Band(5000, "Calypso"),
)
"""The bands of a four-handed coöp table (208 cards), lowest first. Random play averages about 3350
and sensible competitive play about 3650 (docs/variants.md); a table that plays for the common
total does better, so Bronze is a table playing as if alone and Calypso one that works for it."""


def check_bands(bands: Iterable[Band]) -> tuple[Band, ...]:
    """``bands`` as a tuple, lowest floor first, if a club could mean them; else ``BandError``.

    Each band needs a name (text, not blank, used once) and a whole-number floor of at least 0;
    two bands may not share a floor. The bands need not start at 0: a total under the lowest floor
    has no grade (``grade`` returns ``None``).
    """
    checked: list[Band] = []
    for i, band in enumerate(bands, start=1):
        if not isinstance(band, Band):
            raise BandError(f"band {i} is {band!r}, not a Band(floor, name)")
        if isinstance(band.floor, bool) or not isinstance(band.floor, int) or band.floor < 0:
            raise BandError(f"band {i} ({band.name!r}): the floor must be a whole number ≥ 0, not {band.floor!r}")
        if not isinstance(band.name, str) or not band.name.strip():
            raise BandError(f"band {i} (from {band.floor}): a band needs a name")
        checked.append(band)
    if not checked:
        raise BandError("a club's grades need at least one band")
    checked.sort(key=lambda band: band.floor)
    for lower, upper in pairwise(checked):
        if lower.floor == upper.floor:
            raise BandError(f"bands {lower.name!r} and {upper.name!r} both start at {lower.floor}")
    names = [band.name.strip().casefold() for band in checked]
    for name in names:
        if names.count(name) > 1:
            raise BandError(f"two bands are called {name!r}")
    return tuple(checked)


def parse_bands(data: Any) -> tuple[Band, ...]:
    """Bands from JSON a club saves: ``{"Gold": 4250, "Silver": 3750}`` or
    ``[[4250, "Gold"], [3750, "Silver"]]`` (any order). ``BandError`` says what is wrong."""
    if isinstance(data, Mapping):
        pairs = [(floor, name) for name, floor in data.items()]
    elif isinstance(data, list | tuple):
        pairs = []
        for i, item in enumerate(data, start=1):
            if not isinstance(item, list | tuple) or len(item) != 2:
                raise BandError(f"band {i} is {item!r}: write it as [floor, name]")
            pairs.append((item[0], item[1]))
    else:
        raise BandError("bands are an object of name → floor, or a list of [floor, name]")
    return check_bands(Band(floor, name) for floor, name in pairs)


def grade(total: int, bands: Iterable[Band] = DEFAULT_BANDS) -> str | None:
    """The name of the highest band whose floor ``total`` reaches; ``None`` below every floor."""
    if isinstance(total, bool) or not isinstance(total, int):
        raise ValueError(f"a table total is a whole number, not {total!r}")
    earned = None
    for band in check_bands(bands):
        if total >= band.floor:
            earned = band.name
    return earned


def table_total(sheet: ScoreSheet | CutthroatSheet | Mapping[str, Any]) -> int:
    """A coöp table's total: ``scores.cooperative_total`` of a partnership, cutthroat or three-handed
    sheet, and also of a Neutralised Calypso sheet (a mapping with ``"form": "neutralised"``)."""
    if isinstance(sheet, Mapping) and sheet.get("form") == "neutralised":
        return score_neutralised(sheet).table_total
    return cooperative_total(sheet)


@dataclass(frozen=True)
class TableResult:
    """One coöp table on one set (or a session): its total, grade, rank among the tables (1 best,
    shared when equal) and ``difference``, the sum of its total minus every other table's."""

    table: Hashable
    total: int
    grade: str | None
    rank: int
    difference: int


def _ranked(
    by: Mapping[Hashable, int],
    totals: Mapping[Hashable, int],
    differences: Mapping[Hashable, int],
    grades: Mapping[Hashable, Any],
) -> list[TableResult]:
    """The tables best first by ``by``, ranks shared when equal (a table's rank is 1 + the tables above)."""
    return [
        TableResult(
            table, totals[table], grades[table], 1 + sum(v > by[table] for v in by.values()), differences[table]
        )
        for table in sorted(by, key=lambda table: -by[table])
    ]


def compare_tables(totals: Mapping[Hashable, int], bands: Iterable[Band] = DEFAULT_BANDS) -> list[TableResult]:
    """Duplicate coöp on one set: ``totals`` maps each table that played it to its table total.

    Returns the tables best first, each with its grade, rank and difference (its total minus each
    other table's, added up: n × own − sum of all). The differences add up to zero.
    """
    bands = check_bands(bands)
    for table, total in totals.items():
        if isinstance(total, bool) or not isinstance(total, int):
            raise ValueError(f"table {table}: the total must be a whole number, not {total!r}")
    whole = sum(totals.values())
    n = len(totals)
    differences = {table: n * total - whole for table, total in totals.items()}
    return _ranked(totals, totals, differences, {table: grade(total, bands) for table, total in totals.items()})


def coop_session(
    results: Mapping[Hashable, Mapping[Hashable, int]], bands: Iterable[Band] = DEFAULT_BANDS
) -> list[TableResult]:
    """A session of duplicate coöp: ``results[set][table]`` is a table's total on a set.

    Each table's totals and differences (``compare_tables`` per set) are added; the grade is of the
    table's average total per set played (rounded down), so a table that played fewer sets is graded
    on what it did play. Best first by summed difference; differences still add up to zero.
    """
    bands = check_bands(bands)
    totals: dict[Hashable, int] = {}
    differences: dict[Hashable, int] = {}
    played: dict[Hashable, int] = {}
    for set_totals in results.values():
        for row in compare_tables(set_totals, bands):
            totals[row.table] = totals.get(row.table, 0) + row.total
            differences[row.table] = differences.get(row.table, 0) + row.difference
            played[row.table] = played.get(row.table, 0) + 1
    grades = {table: grade(totals[table] // played[table], bands) for table in totals}
    return _ranked(differences, totals, differences, grades)


__all__ = [
    "DEFAULT_BANDS",
    "Band",
    "BandError",
    "TableResult",
    "check_bands",
    "compare_tables",
    "coop_session",
    "grade",
    "parse_bands",
    "table_total",
]
