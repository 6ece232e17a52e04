"""Reads for results, each a fixed number of queries whatever the event's size."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from director.events.models import MAJORS, Event, Round, Seating, Table

from .models import Submission

S = Submission.Status
LIVE = (S.CONFIRMED, S.SUBMITTED, S.DISPUTED)


def history(table: Table, round: Round) -> QuerySet[Submission]:
    """Every version of one table's sheet for one game, oldest first (the director's history)."""
    return (
        Submission.objects.filter(table=table, round=round)
        .select_related("submitted_by_user", "submitted_by_table", "status_changed_by")
        .order_by("version")
    )


def confirmed_submissions(event: Event) -> QuerySet[Submission]:
    return (
        Submission.objects.filter(round__event=event, status=S.CONFIRMED)
        .select_related("table", "round")
        .order_by("round__number", "table__number")
    )


def live_results(event: Event, *, round: Round | None = None) -> dict[tuple[int, int], Submission]:
    """``(round number, table number) -> submission``: the confirmed sheet, else the latest
    submitted or disputed one. One query."""
    rows = Submission.objects.filter(round__event=event, status__in=LIVE).select_related("table", "round")
    if round is not None:
        rows = rows.filter(round=round)
    result: dict[tuple[int, int], Submission] = {}
    for row in rows.order_by("version"):
        key = (row.round.number, row.table.number)
        current = result.get(key)
        if current is None or current.status != S.CONFIRMED:
            result[key] = row
    return result


def disputed(event: Event) -> QuerySet[Submission]:
    return Submission.objects.filter(round__event=event, status=S.DISPUTED).select_related("table", "round")


def missing_tables(round: Round) -> list[Table]:
    """Tables seated in ``round`` without a confirmed sheet (two queries)."""
    confirmed = set(Submission.objects.filter(round=round, status=S.CONFIRMED).values_list("table_id", flat=True))
    seated = Table.objects.filter(seatings__round=round).distinct().order_by("number")
    return [table for table in seated if table.pk not in confirmed]


@dataclass(frozen=True)
class PartnershipGame:
    """One partnership's (or, for individuals, one side's) confirmed result in one game."""

    round: int
    table: int
    direction: str
    partnership: int | None  # partnership number
    opponents: int | None
    players: tuple[int, ...]  # player ids on this side
    game_set: int | None
    score: int
    net: int


def partnership_games(event: Event) -> list[PartnershipGame]:
    """Every confirmed result from both sides' point of view — the input of tallies, travellers and
    standings (``scoring.tallies`` / ``scoring.matchpoints``). Three queries."""
    confirmed = {(s.round_id, s.table_id): s for s in Submission.objects.filter(round__event=event, status=S.CONFIRMED)}
    seatings = (
        Seating.objects.filter(round__event=event)
        .select_related("round", "table", "partnership")
        .prefetch_related("seats")
        .order_by("round__number", "table__number", "direction")
    )
    sides: dict[tuple[int, int], dict[str, Seating]] = {}
    for seating in seatings:
        sides.setdefault((seating.round_id, seating.table_id), {})[seating.direction] = seating
    games = []
    for key, pair in sides.items():
        submission = confirmed.get(key)
        if submission is None:
            continue
        for direction, seating in pair.items():
            other = next((s for d, s in pair.items() if d != direction), None)
            majors = direction == MAJORS
            games.append(
                PartnershipGame(
                    round=seating.round.number,
                    table=seating.table.number,
                    direction=direction,
                    partnership=seating.partnership.number if seating.partnership else None,
                    opponents=other.partnership.number if other is not None and other.partnership else None,
                    players=tuple(seat.player_id for seat in seating.seats.all()),
                    game_set=seating.game_set_number,
                    score=submission.majors if majors else submission.minors,
                    net=submission.net if majors else -submission.net,
                )
            )
    return games
