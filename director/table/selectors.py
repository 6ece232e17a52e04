"""Reads for a table's secret link: the phone's page is built from one call, ``table_page`` — the
table, the game it may write to, who sits where, its kind of sheet (``director.sheets``), the sheet
that stands and, once confirmed, where everyone goes next."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from director.core.errors import NotFound
from director.events.models import MAJORS, MINORS, Event, Round, Table
from director.events.selectors import current_round, table_by_token, table_round
from director.movements.selectors import load_movement, where_next
from director.results.adapters import score_sheet, sheet_problems
from director.results.models import Submission
from director.results.selectors import kind_of_cell
from director.sheets.base import SheetKind
from scoring.cards import SIDE_SYMBOLS
from scoring.scores import in_sheet_words

S = Submission.Status
SIDES = (MAJORS, MINORS)
LIVE = (S.SUBMITTED, S.CONFIRMED, S.DISPUTED)


def table_for_token(token: str) -> Table | None:
    """The table whose link carries ``token`` (None: the link is not, or no longer, valid)."""
    try:
        return table_by_token(token)
    except NotFound:
        return None


def table_game(table: Table) -> Round | None:
    """The game the table's link may write to: the event's current game, if the event is running."""
    event = table.event
    if event.status != Event.Status.RUNNING:
        return None
    return current_round(event)


def live_submission(table: Table, round: Round) -> Submission | None:
    """The sheet that stands for this table and game: the confirmed one, else the latest live one."""
    rows = list(Submission.objects.filter(table=table, round=round, status__in=LIVE).order_by("version"))
    confirmed = [r for r in rows if r.status == S.CONFIRMED]
    if confirmed:
        return confirmed[0]
    return rows[-1] if rows else None


def submitted_side(submission: Submission) -> str | None:
    """The side that entered ``submission`` at the table (None: the director or the API entered it)."""
    return submission.submitted_side if submission.submitted_side in SIDES else None


def submission_dict(submission: Submission, side: str | None = None) -> dict:
    return {
        "id": submission.pk,
        "version": submission.version,
        "round": submission.round.number,
        "table": submission.table.number,
        "status": submission.status,
        "sheet": submission.sheet,
        "majors": submission.majors,
        "minors": submission.minors,
        "net": submission.net,
        "side": side,
        "source": submission.source,
    }


@dataclass
class TablePage:
    """What a table's page shows: its game, seats and kind of sheet, and the sheet that stands."""

    table: Table
    event: Event
    round: Round | None
    cell: object | None  # events.selectors.Cell: sides and seats
    submission: Submission | None
    side: str | None  # the side that submitted ``submission``
    kind: SheetKind

    @property
    def seated(self) -> bool:
        return self.cell is not None and (self.cell.majors is not None or self.cell.minors is not None)

    @property
    def status(self) -> str:
        """``not-running`` / ``no-game`` / ``open`` / ``submitted`` / ``confirmed`` / ``disputed``."""
        if self.round is None:
            return "not-running"
        if not self.seated:
            return "no-game"
        return self.submission.status if self.submission is not None else "open"

    @property
    def can_submit(self) -> bool:
        return self.status in ("open", "disputed")

    @property
    def players(self) -> dict[str, str]:
        """Who holds each of the sheet's seats, by name."""
        return self.kind.players(self.cell) if self.cell is not None else {}

    @property
    def seats(self) -> list[dict]:
        """The sheet's seats clockwise with who holds each (a table of three: its three)."""
        return self.kind.seated(self.cell)

    @property
    def sides(self) -> list[dict]:
        """Each side seated: its partnership and who sits out its first deal (a side of three)."""
        sides = []
        for direction in SIDES:
            side = getattr(self.cell, direction, None) if self.cell is not None else None
            if side is not None:
                sides.append(
                    {
                        "direction": direction,
                        "suits": SIDE_SYMBOLS[direction],
                        "partnership": side.partnership.number if side.partnership is not None else None,
                        "out_first": side.out_first.name if side.out_first is not None else "",
                    }
                )
        return sides

    @property
    def lines(self):
        """The sheet that stands, scored hand by hand when it is a pad."""
        return self.kind.lines(self.submission.sheet) if self.submission is not None else None

    @cached_property
    def where_next(self):
        """Once the game is confirmed: where each side and the game set go (as a Bridgemate does)."""
        if self.status != "confirmed":
            return None
        return where_next(load_movement(self.event), self.round.number, self.table.number)

    def to_dict(self) -> dict:
        sub = self.submission
        return {
            "table": self.table.number,
            "event": self.event.name,
            "round": self.round.number if self.round else None,
            "status": self.status,
            "can_submit": self.can_submit,
            "submission": submission_dict(sub, self.side) if sub is not None else None,
        }

    def compare(self, typed) -> dict:
        """A phone's own typed sheet (kept when another phone's came first) beside the sheet that
        stands: its problems in the sheet's words, or its scores; the two laid side by side."""
        problems = [in_sheet_words(p) for p in sheet_problems(typed, kind=self.kind)]
        scored = None if problems else score_sheet(typed, kind=self.kind)
        return {
            # compared as stored (a typed 290S is the stored 290♠), when the typed sheet reads
            "view": self.kind.view(scored.sheet if scored else typed, self.submission.sheet),
            "values": self.kind.values(typed),
            "problems": problems,
            "scores": scored,
            "lines": None if problems else self.kind.lines(typed),
        }


def table_page(table: Table) -> TablePage:
    """Everything the table's page shows, read once."""
    round = table_game(table)
    cell = table_round(table, round) if round is not None else None
    submission = live_submission(table, round) if round is not None else None
    return TablePage(
        table=table,
        event=table.event,
        round=round,
        cell=cell,
        submission=submission,
        side=submitted_side(submission) if submission is not None else None,
        kind=kind_of_cell(table.event, cell),
    )
