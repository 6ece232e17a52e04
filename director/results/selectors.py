"""Reads for results, each a fixed number of queries whatever the event's size."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from director.events.models import MAJORS, Event, Round, Seating, Table
from scoring.cards import SIDE_SYMBOLS, SUIT_SYMBOLS, SUITS

from .embers import is_embers_pad
from .embers_pad import embers_view
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


PILE_LABELS = {**SIDE_SYMBOLS, **SUIT_SYMBOLS}


@dataclass(frozen=True)
class SheetBox:
    """One box of a sheet as read, and — when compared with another sheet — what it says there."""

    value: str
    changed: bool = False
    other: str = ""


def _text(value) -> str:
    return "" if value is None else str(value).strip()


def sheet_view(sheet: dict | None, compare: dict | None = None) -> dict:
    """A stored (or typed) sheet laid out for people: one row per seat with its boxes (calypsoes,
    unfinished cards, revokes), then the trick piles. With ``compare`` (an earlier version, or the other
    side's sheet) every box that differs is marked and carries the other sheet's value; boxes are
    compared as text, so a typed "3" equals a stored 3. ``changed`` counts the differing boxes."""
    if is_embers_pad(sheet):  # an Embers night's pad: its hands scored, and how many boxes differ
        return embers_view(sheet, compare)
    sheet = sheet if isinstance(sheet, dict) else {}
    other = compare if isinstance(compare, dict) else None

    def box(section: str, key: str) -> SheetBox:
        value = _text((sheet.get(section) or {}).get(key))
        if other is None:
            return SheetBox(value)
        was = _text((other.get(section) or {}).get(key))
        return SheetBox(value, value != was, was)

    seat_keys = set()
    for section in ("calypsos", "unfinished", "revokes"):
        seat_keys |= set(sheet.get(section) or {}) | set((other or {}).get(section) or {})
    seats = [
        {
            "seat": seat,
            "symbol": SUIT_SYMBOLS.get(seat, seat),
            "boxes": [box(section, seat) for section in ("calypsos", "unfinished", "revokes")],
        }
        for seat in sorted(seat_keys, key=lambda s: (SUITS.find(s) % 5, s))
    ]
    pile_keys = list(sheet.get("trick_piles") or {})
    pile_keys += [k for k in ((other or {}).get("trick_piles") or {}) if k not in pile_keys]
    piles = [{"key": key, "label": PILE_LABELS.get(key, key), "box": box("trick_piles", key)} for key in pile_keys]
    boxes = [b for row in seats for b in row["boxes"]] + [p["box"] for p in piles]
    return {"seats": seats, "piles": piles, "changed": sum(b.changed for b in boxes)}
