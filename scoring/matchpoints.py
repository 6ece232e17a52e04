"""Matchpoints for duplicate pairs (RULES.md §7).

For one game set and one direction (say the majors side at every table scheduled to play
set 3) each side's net is compared with every other real net on that set in that direction.

Entries of ``nets`` (one per scheduled play, so ``E = len(nets)``):

- a number: that side's net (an ``int`` normally; ``Fraction``/``Decimal``/``float`` accepted);
- ``None``: the table did not play the set (no score, and not a result);
- ``"A"``, ``"A+"``, ``"A-"``: an artificial adjusted score, 50 / 60 / 40 % of top. It is not
  a result: it is compared with nobody, and nobody is compared with it.

Scales: ``"acbl"`` gives 1 per net beaten and ½ per tie (top ``E − 1``); ``"ebu"`` gives 2 and 1
(top ``2(E − 1)``). When there are fewer real results ``A`` than entries ``E``, every real
result is factored up with the Neuberg formula ``(M + u/2)·E/A − u/2`` (``u`` = points per net
beaten). Since the formula is the identity when ``A = E`` it is applied always.

Arithmetic is exact: results are ``fractions.Fraction``. Round only for display
(``format_matchpoints``, ``format_percentage``).

How it stays fast (O(n log n) per set): both scales are counted in the same integer unit — a
half-point on ACBL, a point on EBU — so a raw score is ``2·(nets beaten) + (ties)`` units on
either scale. The distinct nets are counted once and walked in ascending order, and each
distinct net gets one ``Fraction``; tied sides share it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from numbers import Rational

ACBL = "acbl"
EBU = "ebu"
SCALES = (ACBL, EBU)

AVERAGE = "A"
AVERAGE_PLUS = "A+"
AVERAGE_MINUS = "A-"
ARTIFICIAL_PERCENT: dict[str, int] = {AVERAGE: 50, AVERAGE_PLUS: 60, AVERAGE_MINUS: 40}
"""Artificial adjusted scores as a percentage of top."""

Net = int | Fraction | Decimal | float
Entry = Net | str | None
"""One entry of ``nets``: a number, ``None`` (not played) or ``"A"``, ``"A+"``, ``"A-"``."""

# Units per scale: a raw score counts 2 units per net beaten and 1 per tie on both scales;
# one matchpoint is 2 units on ACBL (½ per tie) and 1 unit on EBU.
_UNITS_PER_POINT = {ACBL: 2, EBU: 1}


class MatchpointError(ValueError):
    """Input that cannot be matchpointed: a bad entry, an unknown scale, a bad group count."""


def _scale(scale: str) -> str:
    key = str(scale).strip().lower()
    if key not in _UNITS_PER_POINT:
        raise MatchpointError(f"unknown matchpoint scale {scale!r}: use 'acbl' or 'ebu'")
    return key


def top(expected: int, scale: str = ACBL) -> int:
    """The top on a set scheduled ``expected`` times: ``E − 1`` (ACBL) or ``2(E − 1)`` (EBU)."""
    key = _scale(scale)
    if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
        raise MatchpointError(f"the number of results expected must be a whole number ≥ 1, not {expected!r}")
    return (expected - 1) * (2 // _UNITS_PER_POINT[key])


def _is_finite_number(value: object) -> bool:
    """A real number we can compare exactly: not a bool, not NaN or an infinity."""
    if isinstance(value, bool):
        return False
    if isinstance(value, Decimal):
        return value.is_finite()  # math.isfinite raises ValueError on a signalling NaN
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, Rational)


def _exact(value: object, what: str) -> Fraction:
    """``value`` as an exact ``Fraction``; ``MatchpointError`` naming ``what`` when it is not a number."""
    if not _is_finite_number(value):
        raise MatchpointError(f"{what} {value!r} is not a number")
    return Fraction(value)  # type: ignore[arg-type]


def _entries(value: object, what: str) -> Sequence[Entry]:
    """``value`` if it is a list (or tuple) of entries; else ``MatchpointError`` naming ``what``."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise MatchpointError(f"{what} must be a list of entries (nets, None or A/A+/A-), not {value!r}")
    return value


def artificial_matchpoints(code: str, expected: int, scale: str = ACBL) -> Fraction:
    """The matchpoints of an artificial score ``"A"``/``"A+"``/``"A-"``: 50/60/40 % of top."""
    percent = ARTIFICIAL_PERCENT[_artificial(code, None)]
    return Fraction(top(expected, scale) * percent, 100)


def _artificial(code: str, position: int | None) -> str:
    key = code.strip().upper().replace("−", "-").replace(" ", "") if isinstance(code, str) else None
    if key in ARTIFICIAL_PERCENT:
        return key
    where = f"entry {position + 1}: " if position is not None else ""
    raise MatchpointError(f"{where}{code!r} is not an artificial score; use A, A+ or A-")


def _bad_entry(entry: object, position: int) -> MatchpointError:
    return MatchpointError(
        f"entry {position + 1}: {entry!r} is not a net, None (not played) or an artificial score (A, A+, A-)"
    )


def _check_number(entry: object, position: int) -> None:
    if not _is_finite_number(entry):
        raise _bad_entry(entry, position)


def _score_group(entries: Sequence[Entry], expected: int, scale: str, offset: int = 0) -> list[Fraction | None]:
    """Matchpoint one group of entries within itself, factored to ``expected`` results."""
    per_point = _UNITS_PER_POINT[scale]
    out: list = [None] * len(entries)
    real: list = []  # the real nets, in order
    real_at: list[int] = []  # and where they are in ``entries``
    artificial_top = top(expected, scale)
    for i, entry in enumerate(entries):
        kind = type(entry)
        if kind is int:
            real.append(entry)
            real_at.append(i)
        elif entry is None:
            continue
        elif kind is str:
            out[i] = Fraction(artificial_top * ARTIFICIAL_PERCENT[_artificial(entry, offset + i)], 100)
        else:
            _check_number(entry, offset + i)
            real.append(entry)
            real_at.append(i)

    results = len(real)
    if not results:
        return out
    # Neuberg in units (u = 2 units on both scales): adjusted = ((M + 1)·E − A) / A units.
    # Counting distinct nets in ascending order gives M = 2·below + (ties − 1) for each.
    by_net: dict = {}
    below = 0
    denominator = results * per_point
    for net, count in sorted(Counter(real).items()):
        units = 2 * below + count - 1
        by_net[net] = Fraction((units + 1) * expected - results, denominator)
        below += count
    for i, net in zip(real_at, real, strict=True):
        out[i] = by_net[net]
    return out


def matchpoints(nets: Sequence[Entry], scale: str = ACBL) -> list[Fraction | None]:
    """Matchpoint one game set in one direction.

    ``nets`` has one entry per scheduled play of the set (so ``E = len(nets)``): a number
    (that side's net), ``None`` (not played) or an artificial score ``"A"``/``"A+"``/``"A-"``.
    Returns, entry by entry, that side's matchpoints as exact ``Fraction`` values, ``None``
    where not played. Real results are factored up by Neuberg when some entries are not real
    results; artificial scores get 50/60/40 % of top and are compared with nobody.

    >>> [str(mp) for mp in matchpoints([120, -40, 120, None], scale="ebu")]
    ['13/3', '1/3', '13/3', 'None']

    Raises ``MatchpointError`` for an entry that is none of those, or an unknown scale.
    """
    key = _scale(scale)
    nets = _entries(nets, "nets")
    if not nets:
        return []
    return _score_group(nets, len(nets), key)


def matchpoints_groups(
    groups: Sequence[Sequence[Entry]], expected: int, scale: str = ACBL
) -> list[list[Fraction | None]]:
    """Matchpoint a fouled set: each group within itself, every group factored to ``expected``.

    A fouled set is one where not every table played the same cards; the director splits the
    entries into groups that did (RULES.md §7). ``expected`` is the number of results the set
    was scheduled to have (E); it may exceed the entries given (e.g. a table that did not play
    at all was left out), but not fall short of them. Top and artificial scores are those of
    ``expected``. Returns one list per group, entry by entry, like ``matchpoints``.
    """
    key = _scale(scale)
    top(expected, key)  # validates expected
    if isinstance(groups, str | bytes | Mapping) or not isinstance(groups, Sequence):
        raise MatchpointError(f"the groups of a fouled set must be a list of lists of entries, not {groups!r}")
    groups = [_entries(group, f"group {g}") for g, group in enumerate(groups, start=1)]
    given = sum(len(group) for group in groups)
    if given > expected:
        raise MatchpointError(f"the groups hold {given} entries but only {expected} results were expected")
    out = []
    offset = 0
    for group in groups:
        out.append(_score_group(group, expected, key, offset))
        offset += len(group)
    return out


def other_side(mp: Rational, expected: int, scale: str = ACBL) -> Fraction:
    """The opponents' matchpoints on a real result: top minus this side's.

    Only for real results: the two sides of an artificial score are awarded separately and
    need not balance (e.g. both sides ``"A+"``).
    """
    return Fraction(top(expected, scale)) - _exact(mp, "matchpoints")


def percentage(mp: Rational, top_score: Rational) -> Fraction:
    """``mp`` as a percentage of ``top_score`` (exact). A top of 0 (a set played once) is 50 %."""
    exact_mp, exact_top = _exact(mp, "matchpoints"), _exact(top_score, "top")
    if exact_top == 0:
        return Fraction(50)
    return exact_mp * 100 / exact_top


def session_percentage(scores: Iterable[tuple[Rational, Rational]]) -> Fraction | None:
    """A session percentage: total matchpoints ÷ total tops, from ``(matchpoints, top)`` pairs.

    Sets not played (matchpoints ``None``) are skipped. ``None`` when nothing was scored;
    50 % when every top was 0.
    """
    total_mp = Fraction(0)
    total_top = Fraction(0)
    scored = False
    for pair in scores:
        if not isinstance(pair, Sequence) or len(pair) != 2:
            raise MatchpointError(f"{pair!r} is not a (matchpoints, top) pair")
        mp, top_score = pair
        if mp is None:
            continue
        scored = True
        total_mp += _exact(mp, "matchpoints")
        total_top += _exact(top_score, "top")
    if not scored:
        return None
    return percentage(total_mp, total_top)


def round_half_up(value: Rational | Decimal | int, places: int = 1) -> Decimal:
    """Round an exact value for display: half away from zero, to ``places`` decimals."""
    exact = _exact(value, "value")
    scaled = abs(exact) * 10**places
    whole = math.floor(scaled + Fraction(1, 2))
    if exact < 0:
        whole = -whole
    return Decimal(whole).scaleb(-places)


def format_matchpoints(value: Rational | None, places: int = 1) -> str:
    """Matchpoints as shown on a traveller: ``19.9``; ``""`` for ``None`` (not played)."""
    if value is None:
        return ""
    return f"{round_half_up(value, places):.{places}f}"


def format_percentage(value: Rational | None, places: int = 2) -> str:
    """A percentage as shown in standings: ``56.25``; ``""`` for ``None``."""
    if value is None:
        return ""
    return f"{round_half_up(value, places):.{places}f}"
