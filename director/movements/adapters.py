"""Between movements (``scoring.movements``) and seating rows.

A *plan* is what ``services.apply_plan`` writes: a list of ``RoundPlan`` (game 1 first), each
mapping table number to a ``TablePlan`` (majors side, minors side, game set) plus who sits out.
A side is a partnership number, or — for individual events — the players' ids in seat order, with
an optional sit-out order for a side of three. ``normalise_plan`` accepts the loose shapes a
movement, a form or the API produce:

* a side: ``None``, ``7`` (partnership 7), ``[12, 15]`` (player ids), ``{"partnership": 7}``,
  ``{"players": [12, 15, 18], "sit_out_order": [18, 15, 12, 18]}``, or any object with
  ``partnership``/``players``/``number`` attributes;
* a round: ``{"tables": {1: table, ...}, "sitting_out": [...]}`` or just ``{1: table, ...}``;
* a table: ``{"majors": side, "minors": side, "game_set": 3}`` or an object with those attributes
  (``scoring.movements.TableRound``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from director.core.errors import ValidationError
from scoring.movements.odd import seats_problem


@dataclass(frozen=True)
class SidePlan:
    partnership: int | None = None
    players: tuple[int, ...] = ()
    sit_out_order: tuple[int, ...] = ()


@dataclass
class TablePlan:
    majors: SidePlan | None
    minors: SidePlan | None
    game_set: int | None = None
    variant: str | None = None  # a table of three or two (scoring.movements.odd) ...
    seats: str = ""  # ... and the suits its players hold, clockwise


@dataclass
class RoundPlan:
    tables: dict[int, TablePlan] = field(default_factory=dict)
    sitting_out: list = field(default_factory=list)
    sitting_out_are_partnerships: bool = True


def _int(value, where: str) -> int:
    if isinstance(value, bool):
        raise ValidationError(f"{where}: {value!r} is not a number", field="movement")
    try:
        return int(value)
    except (TypeError, ValueError) as error:
        raise ValidationError(f"{where}: {value!r} is not a number", field="movement") from error


def _side(value, where: str) -> SidePlan | None:
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, SidePlan):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return SidePlan(partnership=value)
    if isinstance(value, str):
        return SidePlan(partnership=_int(value, where))
    if isinstance(value, list | tuple):
        return SidePlan(players=tuple(_int(v, where) for v in value))
    if isinstance(value, Mapping):
        getter = value.get
    else:

        def getter(key, default=None):
            return getattr(value, key, default)

    partnership = getter("partnership")
    if partnership is None and getter("players") is None:
        partnership = getter("number")
    sit_out = getter("sit_out_order") or getter("sit_out") or ()
    if partnership is not None and not isinstance(partnership, int | str):
        partnership = getattr(partnership, "number", partnership)
    return SidePlan(
        partnership=_int(partnership, where) if partnership is not None else None,
        players=tuple(_int(v, where) for v in (getter("players") or ())),
        sit_out_order=tuple(_int(v, where) for v in sit_out),
    )


def _table(value, where: str) -> TablePlan:
    if isinstance(value, TablePlan):
        return value
    if isinstance(value, Mapping):
        majors, minors, game_set = value.get("majors"), value.get("minors"), value.get("game_set")
        variant, seats = value.get("variant"), value.get("seats")
    else:
        majors, minors = getattr(value, "majors", None), getattr(value, "minors", None)
        game_set = getattr(value, "game_set", None)
        variant, seats = getattr(value, "variant", None), getattr(value, "seats", None)
    if variant is not None:
        problem = seats_problem(variant, seats) if isinstance(variant, str) else f"{variant!r} is not a variant"
        if problem:
            raise ValidationError(f"{where}: {problem}", field="movement")
    return TablePlan(
        majors=_side(majors, where + " majors"),
        minors=_side(minors, where + " minors"),
        game_set=_int(game_set, where + " game set") if game_set is not None else None,
        variant=variant,
        seats=seats or "" if variant is not None else "",
    )


def normalise_plan(rounds) -> list[RoundPlan]:
    plans: list[RoundPlan] = []
    if not isinstance(rounds, list | tuple):
        raise ValidationError("a movement is a list of rounds", field="movement")
    for index, item in enumerate(rounds, start=1):
        if isinstance(item, RoundPlan):
            plans.append(item)
            continue
        if not isinstance(item, Mapping):
            raise ValidationError(f"round {index} of the movement is not a table map", field="movement")
        tables_in = item.get("tables", item if "tables" not in item else {})
        tables_in = {k: v for k, v in tables_in.items() if k not in ("sitting_out", "tables")}
        tables = {}
        for key, value in tables_in.items():
            number = _int(key, f"round {index}")
            if number < 1:
                raise ValidationError(f"round {index}: table number {number} is out of range", field="movement")
            tables[number] = _table(value, f"round {index}, table {number}")
        sitting_out = [
            getattr(entry, "number", entry) if not isinstance(entry, list | tuple) else entry
            for entry in item.get("sitting_out", []) or []
        ]
        flat: list = []
        for entry in sitting_out:
            flat.extend(entry if isinstance(entry, list | tuple) else [entry])
        by_partnership = (
            any(
                side is not None and side.partnership is not None
                for table in tables.values()
                for side in (table.majors, table.minors)
            )
            or not tables
        )
        plans.append(
            RoundPlan(
                tables=tables,
                sitting_out=[_int(v, f"round {index} sitting out") for v in flat],
                sitting_out_are_partnerships=by_partnership,
            )
        )
    return plans


def movement_to_plan(movement) -> list:
    """A ``scoring.movements.Movement`` (or its ``to_dict()``) as the loose plan shape above."""
    if isinstance(movement, Mapping):
        rounds = movement.get("rounds", [])
        sitting_out = movement.get("sitting_out") or [[] for _ in rounds]
    else:
        rounds = list(movement.rounds)
        sitting_out = getattr(movement, "sitting_out", None) or [[] for _ in rounds]
    plan = []
    for index, round_tables in enumerate(rounds):
        if isinstance(round_tables, Mapping) and "tables" in round_tables:
            plan.append(round_tables)
            continue
        out = sitting_out[index] if index < len(sitting_out) else []
        plan.append({"tables": round_tables, "sitting_out": list(out or [])})
    return plan
