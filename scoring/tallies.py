"""Progressive tallies (RULES.md §5–6): nets per game, session totals, cross-checks.

In a progressive event every partnership (or, in an individual event, every player) keeps a
tally card: the net of each game, plus/minus, and the sum. Two things can be checked:

- **zero sum**: every game's nets cancel out, so the session totals of all partnerships add
  up to zero (``zero_sum_check``);
- **paper cards against each other and the scoresheets** (``cross_check``): cards are entered
  as written; where two tallies of the same game at the same table are not exact negatives,
  or a tally does not match the table's scoresheet, the director is told the table and game.

A progressive individual played **cutthroat** has no nets: each player writes their own score
(never negative) on their card, so its cards are checked by ``cutthroat_cross_check`` instead —
totals, games written twice and, with the confirmed sheets, each line against that player's own
score at their table; nothing pairs and nothing sums to zero.

Inputs are plain dataclasses the Django side fills from its rows:

- ``GameResult``: one table's scoresheet for one game (``game``, ``table``, who sat ``majors``
  and ``minors``, and the two partnership scores);
- ``CutthroatResult``: one table's cutthroat scoresheet for one game (each player's own score);
- ``TallyCard`` of ``TallyLine``: a paper card as written.

Entrant ids (``EntrantId``) are whatever the caller uses (primary keys, names); they only need
to be hashable. In a partnership event a side is one id (its partnership); in an individual
event a side is the ids of the players who score that side's net, two or three of them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

EntrantId = Hashable
"""A partnership's or player's id; any hashable value."""


class TallyError(ValueError):
    """Scoresheets that cannot make a session: someone at two tables in one game, and the like."""


def _side(value: object) -> tuple:
    if isinstance(value, tuple):
        return value
    if isinstance(value, (list, frozenset, set)):
        return tuple(value)
    return (value,)


@dataclass(frozen=True)
class GameResult:
    """One table's scoresheet for one game of a progressive session.

    ``majors`` / ``minors``: who scores that side's net — one partnership id, or a tuple of player
    ids in an individual event (a bare id is taken as a one-element tuple). Scores are the two
    partnership totals of RULES.md §5; nets follow from them.
    """

    game: int
    table: int
    majors: tuple[EntrantId, ...]
    minors: tuple[EntrantId, ...]
    majors_score: int
    minors_score: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "majors", _side(self.majors))
        object.__setattr__(self, "minors", _side(self.minors))

    @property
    def majors_net(self) -> int:
        """The majors' net: their score minus the minors'."""
        return self.majors_score - self.minors_score

    @property
    def minors_net(self) -> int:
        """The minors' net: the negative of the majors'."""
        return self.minors_score - self.majors_score

    def net_of(self, entrant: EntrantId) -> int | None:
        """The net this scoresheet gives ``entrant``; ``None`` if they did not sit here."""
        if entrant in self.majors:
            return self.majors_net
        if entrant in self.minors:
            return self.minors_net
        return None

    # What the paper-card check reads of a scoresheet (``CutthroatResult`` has the same three).
    @property
    def seated(self) -> tuple[EntrantId, ...]:
        """Everyone this scoresheet gives a figure: the majors, then the minors."""
        return (*self.majors, *self.minors)

    def figure_of(self, entrant: EntrantId) -> int | None:
        """What ``entrant``'s tally line should say: their net (``net_of``)."""
        return self.net_of(entrant)

    def breakdown(self, name: Callable[[EntrantId], str]) -> str:
        """The sheet's figures a mismatch message quotes: the two partnership scores."""
        return f"majors {self.majors_score:,}, minors {self.minors_score:,}"


@dataclass(frozen=True)
class CutthroatResult:
    """One table's confirmed cutthroat scoresheet for one game: each player's own score
    (``scoring.scores.score_cutthroat``), three or four players, by entrant id in seat order.

    A player seated at the seat a three-handed sheet leaves out is not in ``scores``: they played
    no game there.
    """

    game: int
    table: int
    scores: Mapping[EntrantId, int] = field(hash=False)  # hashed by game and table

    def __post_init__(self) -> None:
        object.__setattr__(self, "scores", dict(self.scores))

    @property
    def seated(self) -> tuple[EntrantId, ...]:
        """The players who scored at this table, in seat order."""
        return tuple(self.scores)

    def figure_of(self, entrant: EntrantId) -> int | None:
        """``entrant``'s own score here; ``None`` if they did not play at this table."""
        return self.scores.get(entrant)

    def breakdown(self, name: Callable[[EntrantId], str]) -> str:
        """Every player's score at the table, so a transposed or misread score shows whose it is."""
        return "the sheet has " + ", ".join(f"{name(entrant)} {plain(score)}" for entrant, score in self.scores.items())


@dataclass
class Tally:
    """One entrant's tally: the net of each game played, by game number, and where."""

    entrant: EntrantId
    nets: dict[int, int] = field(default_factory=dict)
    tables: dict[int, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The session total: the sum of the nets."""
        return sum(self.nets.values())

    @property
    def games(self) -> int:
        """How many games were played (a sit-out game has no line)."""
        return len(self.nets)

    def running(self) -> list[tuple[int, int]]:
        """``(game, running total after that game)`` in game order, for the running-total plot."""
        out = []
        total = 0
        for game in sorted(self.nets):
            total += self.nets[game]
            out.append((game, total))
        return out


def tallies(results: Iterable[GameResult]) -> dict[EntrantId, Tally]:
    """Every entrant's tally from the scoresheets of a session.

    Raises ``TallyError`` when an entrant sits at two tables (or on both sides) in one game.
    """
    out: dict[EntrantId, Tally] = {}
    for result in results:
        seen_here: set = set()
        for side, net in ((result.majors, result.majors_net), (result.minors, result.minors_net)):
            for entrant in side:
                if entrant in seen_here:
                    raise TallyError(f"game {result.game}, table {result.table}: {entrant!r} is listed twice")
                seen_here.add(entrant)
                tally = out.setdefault(entrant, Tally(entrant))
                if result.game in tally.nets:
                    raise TallyError(
                        f"game {result.game}: {entrant!r} is at table {tally.tables[result.game]} "
                        f"and at table {result.table}"
                    )
                tally.nets[result.game] = net
                tally.tables[result.game] = result.table
    return out


def session_totals(results: Iterable[GameResult]) -> dict[EntrantId, int]:
    """Each entrant's session total (sum of nets) from the scoresheets."""
    return {entrant: tally.total for entrant, tally in tallies(results).items()}


def expected_sum(results: Iterable[GameResult]) -> int:
    """What the session totals of all entrants must add up to: 0 in any partnership event.

    In an individual event every player of a side is credited with the side's net, so a
    session with a team of three against a team of two adds ``(3 − 2) × net`` for that game;
    this is that offset (0 when every side has the same number of players). A table of three's
    figures (given as a ``CutthroatResult``) add up to zero by themselves.
    """
    return sum((len(r.majors) - len(r.minors)) * r.majors_net for r in results if isinstance(r, GameResult))


@dataclass(frozen=True)
class Discrepancy:
    """Something on the tallies a director must look at: what (``kind``), where, and a message.

    ``kind`` is one of ``"not-negatives"`` (two tallies of one game are not exact negatives),
    ``"scoresheet"`` (a tally differs from the scoresheet), ``"wrong-table"``, ``"missing-line"``,
    ``"missing-card"``, ``"unpaired"`` (nothing to check a line against), ``"duplicate"``,
    ``"total"`` (a card's written total is not the sum of its lines) and ``"zero-sum"``.
    """

    kind: str
    message: str
    game: int | None = None
    table: int | None = None
    entrants: tuple[EntrantId, ...] = ()


@dataclass(frozen=True)
class TallyLine:
    """One line of a paper tally card as written: the game, the table (if the card has that
    column) and the net written, plus or minus (on a cutthroat card: the player's own score)."""

    game: int
    net: int
    table: int | None = None


@dataclass(frozen=True)
class TallyCard:
    """A paper tally card as written: whose it is, its lines, and the total written at the
    bottom (``None`` if it was not filled in)."""

    entrant: EntrantId
    lines: tuple[TallyLine, ...]
    total: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.lines))

    @property
    def sum_of_lines(self) -> int:
        """The sum of the nets written on the lines."""
        return sum(line.net for line in self.lines)


def signed(value: int) -> str:
    """A net as a tally shows it: ``+120``, ``-40``, ``0``."""
    return f"{value:+,}" if value else "0"


def plain(value: int) -> str:
    """A cutthroat score as a tally shows it: ``1,250`` (a score has no sign)."""
    return f"{value:,}"


def zero_sum_check(totals: Mapping[EntrantId, int], expected: int = 0) -> list[Discrepancy]:
    """The standard cross-check: the session totals of all entrants add up to ``expected``
    (0, or ``expected_sum(results)`` for an individual event with teams of three).

    Returns ``[]`` when it holds, else one ``"zero-sum"`` discrepancy.
    """
    total = sum(totals.values())
    if total == expected:
        return []
    return [
        Discrepancy(
            "zero-sum",
            f"The tally totals add up to {signed(total)}, not {signed(expected)}: "
            f"a tally is wrong by {signed(total - expected)} somewhere.",
        )
    ]


def cross_check(
    cards: Iterable[TallyCard],
    results: Iterable[GameResult] | None = None,
    names: Mapping[EntrantId, str] | None = None,
    zero_sum: bool = True,
) -> list[Discrepancy]:
    """Cross-check paper tally cards against each other and, when given, the scoresheets.

    - each card's written total against the sum of its lines;
    - the same game twice on one card, or two cards for one entrant;
    - with scoresheets: every line against its table's scoresheet (lines without a table are
      placed at the table the scoresheet gives the entrant), lines at a table where the
      entrant did not sit, and entrants on a scoresheet whose card lacks the game;
    - without scoresheets: the tallies of one game at one table must be exact negatives of each
      other (in an individual event: one side's players all ``+x``, the other's all ``-x``);
      a line with nothing to check against is reported too;
    - ``zero_sum``: the cards' totals (written, else the sum of lines) add up to 0 — or to
      ``expected_sum(results)`` with scoresheets.

    ``names`` maps entrant ids to how messages should name them. Returns the discrepancies
    ordered by game and table, each with a message for the director; ``[]`` when all agree.
    A cutthroat event's cards (own scores, not nets) go to ``cutthroat_cross_check``.
    """
    name = _namer(names)
    results = list(results) if results is not None else None
    found, by_entrant, at_table = _check_cards(cards, results, name, signed)
    if results is None:
        for (game, table), lines in at_table.items():
            found.extend(_against_each_other(game, table, lines, name))

    if zero_sum:
        totals = {e: (c.total if c.total is not None else c.sum_of_lines) for e, c in by_entrant.items()}
        found.extend(zero_sum_check(totals, expected_sum(results) if results is not None else 0))
    return _in_order(found)


def cutthroat_cross_check(
    cards: Iterable[TallyCard],
    results: Iterable[CutthroatResult] | None = None,
    names: Mapping[EntrantId, str] | None = None,
) -> list[Discrepancy]:
    """Cross-check the paper tally cards of a cutthroat event, where each line is the player's
    **own score** for the game (``TallyLine.net`` holds it), never negative and with no net.

    - each card's written total against the sum of its lines (``"total"``);
    - the same game twice on one card, or two cards for one player (``"duplicate"``);
    - with the confirmed cutthroat sheets: every line against that player's own score on their
      table's sheet (``"scoresheet"``, quoting every score at the table so a transposed score
      shows whose it is; a line without a table is placed where the sheets seat the player),
      a line at a table where the player did not play (``"wrong-table"``), a player on a sheet
      whose card lacks the game (``"missing-line"``) or who has no card (``"missing-card"``).

    There is no exact-negatives rule and no zero-sum rule: in cutthroat every player keeps their
    own trick pile and scores alone, so the scores at a table are not one net and its negative and
    a session's scores do not add up to anything fixed (each sheet's own card count, 208 or 117, is
    that sheet's check). One player's card says nothing about another's, so **without the sheets
    only the totals and the games written twice can be checked**: a wrong line then goes unseen.

    Messages print scores as written (``1,250``). Returns the discrepancies ordered by game and
    table; ``[]`` when all agree.
    """
    results = list(results) if results is not None else None
    found, _, _ = _check_cards(cards, results, _namer(names), plain)
    return _in_order(found)


def _namer(names: Mapping[EntrantId, str] | None) -> Callable[[EntrantId], str]:
    return (lambda e: str(names.get(e, e))) if names else str


def _in_order(found: list[Discrepancy]) -> list[Discrepancy]:
    def order(d: Discrepancy) -> tuple:
        return (d.game is None, d.game or 0, d.table is None, d.table or 0)

    return sorted(found, key=order)


_Lines = dict[tuple[int, int | None], list[tuple[EntrantId, int]]]
"""Tally lines grouped by ``(game, table)``: ``(entrant, figure written)`` each."""


def _check_cards(
    cards: Iterable[TallyCard],
    results: list | None,
    name: Callable[[EntrantId], str],
    fmt: Callable[[int], str],
) -> tuple[list[Discrepancy], dict[EntrantId, TallyCard], _Lines]:
    """What every form's check shares: duplicate cards and games, written totals and, with
    scoresheets (``GameResult`` or ``CutthroatResult``: anything with ``game``, ``table``,
    ``seated``, ``figure_of`` and ``breakdown``), every line against them. ``fmt`` prints a figure.

    Returns the discrepancies, the cards by entrant and the lines by ``(game, table)``.
    """
    found: list[Discrepancy] = []

    by_entrant: dict[EntrantId, TallyCard] = {}
    for card in cards:
        if card.entrant in by_entrant:
            found.append(
                Discrepancy(
                    "duplicate", f"There are two tally cards for {name(card.entrant)}.", entrants=(card.entrant,)
                )
            )
            continue
        by_entrant[card.entrant] = card
        if card.total is not None and card.total != card.sum_of_lines:
            found.append(
                Discrepancy(
                    "total",
                    f"{name(card.entrant)}'s card: the lines add up to {fmt(card.sum_of_lines)} "
                    f"but the total written is {fmt(card.total)}.",
                    entrants=(card.entrant,),
                )
            )

    # Where each entrant sat in each game, by the scoresheets.
    sheet: dict[tuple[int, int], GameResult | CutthroatResult] = {}
    seat: dict[tuple[EntrantId, int], int] = {}
    for result in results or ():
        sheet[(result.game, result.table)] = result
        for entrant in result.seated:
            seat[(entrant, result.game)] = result.table

    # Lines grouped by (game, table).
    at_table: _Lines = defaultdict(list)
    for card in by_entrant.values():
        games_seen: dict[int, TallyLine] = {}
        for line in card.lines:
            if line.game in games_seen:
                found.append(
                    Discrepancy(
                        "duplicate",
                        f"{name(card.entrant)}'s card has game {line.game} twice "
                        f"({fmt(games_seen[line.game].net)} and {fmt(line.net)}).",
                        game=line.game,
                        table=line.table,
                        entrants=(card.entrant,),
                    )
                )
                continue
            games_seen[line.game] = line
            table = line.table if line.table is not None else seat.get((card.entrant, line.game))
            at_table[(line.game, table)].append((card.entrant, line.net))

    if results is not None:
        found.extend(_against_scoresheets(at_table, sheet, seat, by_entrant, name, fmt))
    return found, by_entrant, at_table


def _where(game: int, table: int | None) -> str:
    return f"Table {table}, game {game}" if table is not None else f"Game {game} (no table written)"


def _against_scoresheets(
    at_table: _Lines,
    sheet: Mapping[tuple[int, int], GameResult | CutthroatResult],
    seat: Mapping[tuple[EntrantId, int], int],
    by_entrant: Mapping[EntrantId, TallyCard],
    name: Callable[[EntrantId], str],
    fmt: Callable[[int], str],
) -> list[Discrepancy]:
    found = []
    for (game, table), lines in at_table.items():
        result = sheet.get((game, table))
        for entrant, net in lines:
            expected = result.figure_of(entrant) if result is not None else None
            if expected is None:
                elsewhere = seat.get((entrant, game))
                if elsewhere is not None:
                    why = f"the scoresheets have {name(entrant)} at table {elsewhere}"
                elif table is None:
                    why = f"the scoresheets do not have {name(entrant)} in game {game}"
                elif result is None:
                    why = f"there is no scoresheet for table {table} in game {game}"
                else:
                    why = f"{name(entrant)} is not on that table's scoresheet"
                found.append(
                    Discrepancy(
                        "wrong-table",
                        f"{_where(game, table)}: {name(entrant)} wrote {fmt(net)}, but {why}.",
                        game=game,
                        table=table,
                        entrants=(entrant,),
                    )
                )
            elif net != expected:
                found.append(
                    Discrepancy(
                        "scoresheet",
                        f"{_where(game, table)}: {name(entrant)} wrote {fmt(net)} but the scoresheet gives "
                        f"{fmt(expected)} ({result.breakdown(name)}).",
                        game=game,
                        table=table,
                        entrants=(entrant,),
                    )
                )
    # Lines the cards should have but do not.
    for (game, table), result in sheet.items():
        written = {entrant for entrant, _ in at_table.get((game, table), ())}
        for entrant in result.seated:
            if entrant in written:
                continue
            if entrant not in by_entrant:
                continue  # reported once below, not once per game
            card = by_entrant[entrant]
            if any(line.game == game for line in card.lines):
                continue  # written, but at another table: reported as wrong-table
            found.append(
                Discrepancy(
                    "missing-line",
                    f"{_where(game, table)}: {name(entrant)}'s card has no line for this game "
                    f"(the scoresheet gives {fmt(result.figure_of(entrant))}).",
                    game=game,
                    table=table,
                    entrants=(entrant,),
                )
            )
    on_sheets = {entrant for result in sheet.values() for entrant in result.seated}
    for entrant in sorted(on_sheets - by_entrant.keys(), key=str):
        found.append(Discrepancy("missing-card", f"No tally card entered for {name(entrant)}.", entrants=(entrant,)))
    return found


def _against_each_other(
    game: int, table: int | None, lines: list[tuple[EntrantId, int]], name: Callable[[EntrantId], str]
) -> list[Discrepancy]:
    entrants = tuple(entrant for entrant, _ in lines)
    written = ", ".join(f"{name(entrant)} {signed(net)}" for entrant, net in lines)
    if table is None:
        return []  # nothing to pair the line with; the zero-sum check still covers it
    if len(lines) == 1:
        entrant, net = lines[0]
        return [
            Discrepancy(
                "unpaired",
                f"{_where(game, table)}: only {name(entrant)}'s tally ({signed(net)}); "
                "no opponent's card to check it against.",
                game=game,
                table=table,
                entrants=entrants,
            )
        ]
    nets = [net for _, net in lines]
    x = max(abs(net) for net in nets)
    plus, minus = nets.count(x), nets.count(-x)
    # One net and its negative, the two sides about the same size: 1–1 in a partnership event,
    # 2–2, 3–2 or 3–3 in an individual one.
    consistent = x == 0 or (plus + minus == len(nets) and plus and minus and abs(plus - minus) <= 1)
    if consistent:
        return []
    if len(lines) == 2:
        message = f"{_where(game, table)}: {written} — these should be exact negatives of each other."
    else:
        message = f"{_where(game, table)}: {written} — the tallies should be one net and its negative."
    return [Discrepancy("not-negatives", message, game=game, table=table, entrants=entrants)]
