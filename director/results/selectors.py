"""Reads for results, each a fixed number of queries whatever the event's size: the sheets, the
round grid with each table's result (``results_grid``) and what it says is not finished yet
(``unfinished_results``, ``unfinished_before``, ``next_game``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from director.events.models import MAJORS, Event, Round, Seating, Table
from director.events.selectors import Cell, Grid, round_grid
from director.sheets.embers.kind import is_embers_pad
from director.sheets.embers.pad import embers_view
from scoring.cards import SIDE_SYMBOLS, SUIT_SYMBOLS, SUITS

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


# --- the round grid with its results -----------------------------------------------------------------
def results_grid(event: Event) -> Grid:
    """``events.selectors.round_grid`` with each cell's result (``live_results``), so each seated
    table's ``status``: missing, submitted, disputed or confirmed. One query more than the grid."""
    grid = round_grid(event)
    for (round_number, table_number), submission in live_results(event).items():
        cell = grid.cells.get((round_number, table_number))
        if cell is None:
            cell = grid.cells[(round_number, table_number)] = Cell(round=submission.round, table=submission.table)
        cell.result = submission
    return grid


def unfinished_before(grid: Grid, number: int) -> list[tuple[int, list[int]]]:
    """The open games before game ``number`` that still have seated tables without any sheet:
    ``[(game, [tables])]`` — a sheet saved for a later game first is usually typed on the wrong page.
    A game the director closed with a table missing was left so on purpose: it does not count."""
    return [
        (r.number, [c.table.number for c in grid.missing(r.number)])
        for r in grid.rounds
        if r.number < number and r.status == Round.Status.OPEN and grid.missing(r.number)
    ]


def next_game(grid: Grid) -> Round | None:
    """The game whose sheets come next: the first with a seated table whose sheet is not confirmed
    (None when every game's sheets are in)."""
    for r, cells in grid.rows():
        if any(c is not None and c.status not in ("empty", "confirmed") for c in cells):
            return r
    return None


def _numbers(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` as "1–3, 5" (runs of consecutive numbers shortened)."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


def unfinished_results(event: Event, *, grid=None) -> list[str]:
    """What is not finished in ``event``'s results, one line each, for a warning before it ends:
    games with no result at all, and per game the tables with no sheet, a disputed sheet or one
    still awaiting confirmation. Empty when every seated table of every game has a confirmed sheet.
    ``grid``: the event's ``results_grid``, when the caller has it already."""
    grid = grid if grid is not None else results_grid(event)
    empty_games: list[int] = []
    lines: list[str] = []
    for round_obj, cells in grid.rows():
        seated = [c for c in cells if c is not None and c.status != "empty"]
        if not seated:
            continue
        by_status: dict[str, list[int]] = {}
        for cell in seated:
            by_status.setdefault(cell.status, []).append(cell.table.number)
        if len(by_status.get("missing", ())) == len(seated):
            empty_games.append(round_obj.number)
            continue
        for status, what in (
            ("missing", "no result"),
            ("disputed", "a disputed sheet"),
            ("submitted", "a sheet awaiting confirmation"),
        ):
            tables = by_status.get(status)
            if tables:
                label = "table" if len(tables) == 1 else "tables"
                verb = "has" if len(tables) == 1 else "have"
                lines.append(f"game {round_obj.number}: {label} {_numbers(tables)} {verb} {what}")
    if empty_games:
        label = "game" if len(empty_games) == 1 else "games"
        verb = "has" if len(empty_games) == 1 else "have"
        lines.insert(0, f"{label} {_numbers(empty_games)} {verb} no results")
    return lines


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
# An Auction pad's boxes as people read them, in the pad's column order.
PAD_COLUMNS = (
    ("declarer", "Declarer"),
    ("contract", "Contract"),
    ("declarers.trick_pile", "T"),
    ("declarers.added", "P"),
    ("declarers.calypsos", "C"),
    ("declarers.cards_required", "Cards required"),
    ("defenders.trick_pile", "T"),
    ("defenders.added", "P"),
    ("defenders.calypsos", "C"),
    ("sell", "Sell"),
)
MAX_PAD_HANDS_SHOWN = 32


def _pad_value(hand, path: str) -> str:
    value = hand if isinstance(hand, dict) else {}
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, bool):
        return "sold" if value else "not sold"
    return _text(value)[:40]


def pad_view(sheet: dict, compare: dict | None = None) -> dict:
    """An Auction pad laid out for people, hand by hand (``sheet_view``'s counterpart): with
    ``compare``, every box that differs is marked and carries the other pad's value."""

    def hands_of(pad) -> list:
        hands = pad.get("hands") if isinstance(pad, dict) else None
        return hands[:MAX_PAD_HANDS_SHOWN] if isinstance(hands, list) else []

    mine, theirs = hands_of(sheet), hands_of(compare)
    rows = []
    for index in range(max(len(mine), len(theirs))):
        hand = mine[index] if index < len(mine) else {}
        was = theirs[index] if index < len(theirs) else {}
        boxes = []
        for path, _ in PAD_COLUMNS:
            value = _pad_value(hand, path)
            if compare is None:
                boxes.append(SheetBox(value))
            else:
                other = _pad_value(was, path)
                boxes.append(SheetBox(value, value != other, other))
        rows.append({"number": index + 1, "boxes": boxes})
    changed = sum(b.changed for row in rows for b in row["boxes"])
    return {"pad": rows, "columns": [label for _, label in PAD_COLUMNS], "seats": [], "piles": [], "changed": changed}


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
    if "hands" in sheet or (other is not None and "hands" in other):
        return pad_view(sheet, other)

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
