"""Reads for results, each a fixed number of queries whatever the event's size: the sheets, the
round grid with each table's result (``results_grid``) and what it says is not finished yet
(``unfinished_results``, ``unfinished_before``, ``next_game``), and the director's score entry page
in one call (``entry_page``): each seated table with its kind of sheet (``kind_of_cell``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from director.events.models import MAJORS, Event, Round, Seating, Table
from director.events.selectors import Cell, Grid, label_games, round_grid
from director.events.services import get_round
from director.sheets.base import SheetKind
from director.sheets.registry import kind_of

from .models import Submission

S = Submission.Status
LIVE = (S.CONFIRMED, S.SUBMITTED, S.DISPUTED)


def history(table: Table, round: Round) -> QuerySet[Submission]:
    """Every version of one table's sheet for one game, oldest first (the director's history)."""
    return (
        Submission.objects.filter(table=table, round=round)
        .select_related(
            "submitted_by_user",
            "submitted_by_table",
            "status_changed_by",
            "submitted_by_player",
            "status_changed_by_player",
            "submitted_by_partnership",
            "status_changed_by_partnership",
        )
        .prefetch_related("submitted_by_partnership__members__player", "status_changed_by_partnership__members__player")
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


def kind_of_cell(event: Event, cell: Cell | None = None) -> SheetKind:
    """The kind of sheet a table plays in a game (``cell``: its seating in the round grid): a table
    of three's variant in its seats, a table of two; the event's own for a table of four, or none seated."""
    if cell is None or cell.variant is None:
        return kind_of(event)
    return kind_of(event, cell.variant, "".join(suit for suit, _, _ in cell.seat_list))


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


# --- the director's score entry page ------------------------------------------------------------------
@dataclass
class EntryPage:
    """What the score entry page of game ``round`` shows: its seated tables (``cells``, with the
    kind of sheet each plays), the games before it still lacking sheets, the game to go to next."""

    event: Event
    round: Round
    rounds: list[Round]
    cells: list[Cell]
    kinds: dict[int, SheetKind]  # table number -> the kind of sheet it plays in this game
    earlier: list[tuple[int, list[int]]]  # ``unfinished_before``
    next_game: Round | None

    @property
    def kind(self) -> SheetKind:
        """The event's own kind of sheet (what its tables of four play: the page's help)."""
        return kind_of(self.event)

    @property
    def by_table(self) -> dict[int, Cell]:
        return {cell.table.number: cell for cell in self.cells}


def entry_page(event: Event, number) -> EntryPage:
    """The score entry page of ``event``'s game ``number`` (``NotFound`` for a game it has not)."""
    asked = get_round(event, number)
    grid = results_grid(event)
    label_games(event, grid.rounds)
    round_obj = next((r for r in grid.rounds if r.number == asked.number), asked)
    cells = [c for c in (grid.cell(round_obj.number, t.number) for t in grid.tables) if c and c.status != "empty"]
    return EntryPage(
        event=event,
        round=round_obj,
        rounds=grid.rounds,
        cells=cells,
        kinds={cell.table.number: kind_of_cell(event, cell) for cell in cells},
        earlier=unfinished_before(grid, round_obj.number),
        next_game=next_game(grid),
    )
