"""Duplicate coöperative: each table's total, grade and difference (docs/variants.md, "Coöperative
grades at the club").

A *coöp table* is the four players who sit together: the majors and the minors partnership of a
play. On each game set its total (``adapters.coop_total``) is compared with every other table that
played the set (``scoring.coop.compare_tables``: the grade from the event's bands, the rank, and
the difference — its total minus each other table's, added up). Over the session the four
players of a table need not stay together (a barometer moves the minors), so the session is kept
per partnership, a list for each direction: ``scoring.coop.coop_session`` over the tables each
partnership sat at adds their totals and differences and grades the average total a set.
Only confirmed results with no adjustment on either side are compared: an adjusted play has no
table total (its sides' matchpoints still show in the standings).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from director.events.grades import bands_of
from scoring.coop import Band, compare_tables, coop_session
from scoring.tallies import signed

from .adapters import MAJORS, MINORS, coop_total

LISTS = ((MAJORS, "♠♥ pairs"), (MINORS, "♦♣ pairs"))


@dataclass(frozen=True)
class CoopLine:
    """One coöp table: on a set (``game_set``, the ``game`` and ``table`` it played it at) or over
    the session (``sets`` played); ``pairs`` names its two partnerships."""

    pairs: str
    total: int
    grade: str | None
    rank: int
    difference: int
    game_set: int | None = None
    game: int | None = None
    table: int | None = None
    sets: int = 1

    @property
    def difference_text(self) -> str:
        return signed(self.difference)

    @property
    def total_text(self) -> str:
        return f"{self.total:,}"

    def to_dict(self) -> dict:
        line = {
            "pairs": self.pairs,
            "total": self.total,
            "grade": self.grade,
            "rank": self.rank,
            "difference": self.difference,
        }
        if self.game_set is not None:
            line.update(game_set=self.game_set, game=self.game, table=self.table)
        else:
            line["sets"] = self.sets
        return line


@dataclass(frozen=True)
class CoopGrades:
    """What the pages show of a coöperative event: the bands, each set's tables, the session."""

    bands: tuple[Band, ...]
    sets: tuple[tuple[int, tuple[CoopLine, ...]], ...]
    session: tuple[tuple[str, tuple[CoopLine, ...]], ...]  # (heading, lines): ♠♥ pairs, then ♦♣

    def to_dict(self) -> dict:
        """As the API and the public page's JSON give it."""
        return {
            "bands": [{"name": band.name, "from": band.floor} for band in self.bands],
            "sets": [{"game_set": number, "tables": [line.to_dict() for line in lines]} for number, lines in self.sets],
            "session": [
                {"heading": heading, "partnerships": [line.to_dict() for line in lines]}
                for heading, lines in self.session
            ],
        }


def _compared(play) -> bool:
    sides = (play.majors, play.minors)
    return play.confirmed and all(side is not None and side.artificial is None for side in sides)


def coop_grades(results) -> CoopGrades:
    """The coöp tables of ``results`` (``selectors.EventResults`` of a duplicate coöperative event),
    graded with the event's bands."""
    bands = bands_of(results.event)
    by_set: dict[int, dict] = defaultdict(dict)
    where: dict[tuple, object] = {}
    for play in results.play_list():
        if play.game_set is None or not _compared(play):
            continue
        key = (play.majors.entrants, play.minors.entrants)
        by_set[play.game_set][key] = coop_total(play)
        where[(play.game_set, key)] = play
    names = {
        key: f"{results.entrant_label(key[0])} with {results.entrant_label(key[1])}"
        for totals in by_set.values()
        for key in totals
    }
    sets = []
    for number in sorted(by_set):
        lines = []
        for row in compare_tables(by_set[number], bands):
            play = where[(number, row.table)]
            lines.append(
                CoopLine(
                    names[row.table], row.total, row.grade, row.rank, row.difference, number, play.round, play.table
                )
            )
        sets.append((number, tuple(lines)))
    session = []
    for direction, heading in LISTS:
        # each set's tables named by their ``direction`` partnership (once a set), so the session
        # is ``coop_session``'s: that partnership's tables' totals and differences added up
        by_pair = {
            number: {key[direction == MINORS]: total for key, total in totals.items()}
            for number, totals in by_set.items()
        }
        played: dict = defaultdict(int)
        for totals in by_pair.values():
            for key in totals:
                played[key] += 1
        lines = tuple(
            CoopLine(
                results.entrant_label(row.table), row.total, row.grade, row.rank, row.difference, sets=played[row.table]
            )
            for row in coop_session(by_pair, bands)
        )
        session.append((heading, lines))
    return CoopGrades(bands, tuple(sets), tuple(session))
