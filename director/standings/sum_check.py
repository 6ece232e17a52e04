"""The standings' sum check of a night ranked by tally totals: what the totals the page prints add
up to, what they must add up to, and a sentence that says so truthfully.

Every game's figures cancel out at a table of four or six (two or three a side, each crediting its
net), at a table of two (one a side) and at a table of three (``scoring.variants.table_nets``: they
add up to zero by construction), so on most nights the totals add up to 0. A progressive individual's
table of five cannot: its side of three's players each score the side's net and its side of two's
each the negative, so the table adds that net once more than it takes away
(``scoring.tallies.expected_sum``). Then the check says what the totals add up to and which tables
make it so, rather than "0" (issue #30.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Protocol

from scoring.tallies import signed

ZERO = "Zero-sum check: the totals add up to 0."
SUM = (
    "Sum check: the totals add up to {total}, as they must. They cannot add up to 0: at a table of five "
    "each player of the side of three scores the side's net and each of the side of two its negative, "
    "so the table adds its side of three's net once ({tables}). Every other table adds up to 0."
)
# Tables of five whose nets cancel out (+10 at one, −10 at another): the totals add up to 0, but a
# director adding up each table's figures finds those tables off; they are named too.
CANCEL = (
    "Sum check: the totals add up to 0, as they must, though not table by table: at a table of five each "
    "player of the side of three scores the side's net and each of the side of two its negative, so the "
    "table adds its side of three's net once ({tables}), and these cancel out. Every other table adds up to 0."
)
OFF = "Sum check: the totals add up to {total}, not {expected}: a figure is wrong by {difference} somewhere."
WHERE = "game {game} table {table}: {net}"


class SumWords(Protocol):
    """The sentences of a sum check in one language (``printing.words.EventWords`` has them all)."""

    zero_sum_ok: str
    zero_sum_off: str  # "{total}", "{expected}", "{difference}"
    sum_ok: str  # "{total}", "{tables}" (each a ``sum_where``)
    sum_where: str  # "{game}", "{table}", "{net}"
    sum_cancel: str  # "{tables}"


PAGE_WORDS = SimpleNamespace(zero_sum_ok=ZERO, zero_sum_off=OFF, sum_ok=SUM, sum_where=WHERE, sum_cancel=CANCEL)


@dataclass(frozen=True)
class Offset:
    """A table whose figures do not cancel out: what they add up to (``net``)."""

    game: int
    table: int
    net: int


@dataclass(frozen=True)
class SumCheck:
    """The totals printed (``total``: the standings' totals added up) against what the confirmed
    sheets make them add up to (``expected``: the tables of five's ``offsets``)."""

    total: int
    offsets: tuple[Offset, ...]

    @property
    def expected(self) -> int:
        return sum(offset.net for offset in self.offsets)

    @property
    def holds(self) -> bool:
        return self.total == self.expected

    def sentence(self, words: SumWords | None = None) -> str:
        """The check as printed, in ``words`` (the PDF's language, ``printing.words.EventWords``;
        the pages' English by default): the tables whose figures do not cancel out are named
        whenever there are any."""
        words = words or PAGE_WORDS
        if not self.holds:
            difference = signed(self.total - self.expected)
            total, expected = signed(self.total), signed(self.expected)
            return words.zero_sum_off.format(total=total, expected=expected, difference=difference)
        if not self.offsets:
            return words.zero_sum_ok
        tables = "; ".join(words.sum_where.format(game=o.game, table=o.table, net=signed(o.net)) for o in self.offsets)
        if self.expected == 0:
            return words.sum_cancel.format(tables=tables)
        return words.sum_ok.format(total=signed(self.total), tables=tables)


def sum_check(results) -> SumCheck:
    """The sum check of ``results`` (``selectors.EventResults`` ranked by tally totals): the totals
    of its standings, and every confirmed table of sides of unequal size (a table of five) with the
    net its figures add up to. A table of three's figures add up to 0 by construction: one that did
    not would make the check fail."""
    total = sum(row.total for row in results.standings() if isinstance(row.total, int))
    offsets = []
    for play in results.play_list():
        if not play.confirmed or play.per_player or play.majors is None or play.minors is None:
            continue
        net = (len(play.majors.entrants) - len(play.minors.entrants)) * (play.majors.net or 0)
        if net:
            offsets.append(Offset(play.round, play.table, net))
    return SumCheck(total, tuple(offsets))
