"""Progressive Calypso, individual (RULES.md §6): winners stay, losers move, partners change.

The movement is computed one round at a time: ``progressive_individual_start`` seats round 1;
``progressive_individual_next`` takes the movement so far and the results of its last round and
returns a new movement with the next round seated. Everything random (the seating, the cut at
each table, the coin for a tied game) comes from ``random.Random`` seeded with the event's seed
and the round and table, so the same inputs give the same movement; coins are recorded.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from ..cards import SUITS
from ..variants import neutralised_cards
from .model import (
    DIRECTIONS,
    MAJORS,
    MINORS,
    PROGRESSIVE_INDIVIDUAL,
    CoinToss,
    Movement,
    MovementError,
    Player,
    TableRound,
    _sort_key,
    check_count,
    check_ids,
    spread,
)
from .odd import DUET, NAMES, OddTables, describe_sizes, odd_sizes, seat_players

Partnerships = Mapping[int, tuple[Sequence[Player], Sequence[Player]]]

# Where the one of three losers who goes down goes (``progressive_individual_next``).
RULES_MOVEMENT = "rules"  # RULES.md §6: down one table; table sizes change
FIXED_SIZE_MOVEMENT = "fixed-sizes"  # the project's own: every table keeps its size
VARIANTS = (RULES_MOVEMENT, FIXED_SIZE_MOVEMENT)


def table_sizes(players: int, tables: int) -> dict[int, int]:
    """How many sit at each table: four, with the fives (then sixes) spread as far apart as possible."""
    extra = players - 4 * tables
    sizes = dict.fromkeys(range(1, tables + 1), 4)
    if extra <= tables:
        for position in spread(extra, tables):
            sizes[position + 1] = 5
    else:
        sizes = dict.fromkeys(sizes, 5)
        for position in spread(extra - tables, tables):
            sizes[position + 1] = 6
    return sizes


def fixed_sizes(players: int, size: int) -> dict[int, int]:
    """Every table seats ``size`` (an event type whose tables are all of one size: three-handed
    Auction's three): the players must fill them."""
    if players < size or players % size:
        raise MovementError(
            f"{players} player{'s' * (players != 1)} cannot fill tables of {size}: "
            f"bring the count to a multiple of {size}"
        )
    return dict.fromkeys(range(1, players // size + 1), size)


def seating_sizes(players: int, tables: int | None = None) -> dict[int, int]:
    """The size of each table: four to six (``table_sizes``), or — for the two, three or seven
    players those cannot seat — a table of two, of three, or a four and a three (``odd.odd_sizes``)."""
    odd = odd_sizes(players)
    if odd is not None and tables in (None, len(odd)):
        return {table: size for table, size in enumerate(odd, start=1)}
    if players < 2:
        raise MovementError(f"{players} player{'s' * (players != 1)}: a night needs at least two")
    tables = max(players // 4, 1) if tables is None else check_count(tables, "the number of tables")
    if odd is None and not 4 * tables <= players <= 6 * tables:
        fewest, most = -(-players // 6), players // 4
        raise MovementError(
            f"{players} players cannot fill {tables} table{'s' * (tables != 1)} of four to six "
            f"(that needs {4 * tables} to {6 * tables} players); {players} players fill {fewest} to {most} tables"
        )
    if odd is not None:
        raise MovementError(
            f"{players} players cannot fill {tables} table{'s' * (tables != 1)}: "
            f"they are seated at {describe_sizes(odd)} "
            f"({len(odd)} table{'s' * (len(odd) != 1)})"
        )
    return table_sizes(players, tables)


def _seat_odd(cut: tuple[Player, ...], odd: OddTables) -> TableRound | None:
    """A table of three or two seated by the cut (``None`` for four to six players)."""
    found = odd.for_size(len(cut))
    if found is None:
        return None
    variant, seats = found
    sides = seat_players(cut, seats)
    return TableRound(sides[MAJORS], sides[MINORS], variant=variant, seats=seats)


def _rng(seed: int | str | None, *parts: object) -> random.Random:
    return random.Random("/".join(str(p) for p in (seed, *parts)))


def _cut(seed: int | str | None, round_number: int, table: int, players: Sequence[Player]) -> tuple[Player, ...]:
    """A simulated cut: the players from highest card to lowest (ties re-cut, so a strict order)."""
    ordered = sorted(players, key=_sort_key)
    _rng(seed, "cut", round_number, table).shuffle(ordered)
    return tuple(ordered)


def _order_trio(team: list[Player], x_count: Counter) -> tuple[Player, ...]:
    """Put the member who has missed two deals least often last: ``sit_out_order`` makes them X."""
    if len(team) != 3:
        return tuple(team)
    x = min(team, key=lambda p: (x_count[p], -team.index(p)))
    return (*[p for p in team if p != x], x)


def _x_counts(movement: Movement) -> Counter:
    counts: Counter = Counter()
    for tables in movement.rounds:
        for entry in tables.values():
            for _, side in entry.sides():
                if isinstance(side, tuple) and len(side) == 3:
                    counts[side[2]] += 1
    return counts


def _seat(
    cut: tuple[Player, ...],
    majors: list[Player],
    minors: list[Player],
    x_count: Counter,
) -> TableRound:
    """The side holding the highest card plays majors."""
    if cut and cut[0] in minors:
        majors, minors = minors, majors
    return TableRound(_order_trio(majors, x_count), _order_trio(minors, x_count))


def _override(
    entry_players: set, table: int, given: tuple[Sequence[Player], Sequence[Player]], seated: TableRound
) -> TableRound:
    if seated.variant:
        raise MovementError(
            f"table {table} seats {len(entry_players)} to play {NAMES[seated.variant]}: it has no partnerships to enter"
        )
    majors, minors = tuple(given[0]), tuple(given[1])
    if set(majors) | set(minors) != entry_players or len(majors) + len(minors) != len(entry_players):
        raise MovementError(
            f"table {table}: the partnerships entered ({list(majors)} v {list(minors)}) are not "
            f"the players seated there ({sorted(entry_players, key=_sort_key)})"
        )
    return TableRound(majors, minors)


def progressive_individual_start(
    players: Sequence[Player],
    tables: int | None = None,
    seed: int | str | None = 0,
    *,
    partnerships: Partnerships | None = None,
    odd: OddTables | None = None,
    size: int | None = None,
) -> Movement:
    """Seat round 1: players drawn at random to tables, each table cutting for partnerships.

    ``tables`` defaults to as many as the players fill (four to six a table). Tables of five and
    six are spread as far apart as possible. At each table the two highest cards (three at a table
    of five or six) play against the rest, the side with the highest card taking the majors.
    ``partnerships`` lets the director enter a table's sides instead of the cut:
    ``{table: (majors players, minors players)}`` naming exactly the players seated there.

    Two, three or seven players, whom tables of four to six cannot seat, get a table of two, of
    three, or a four and a three (the last table; ``seating_sizes``). A table of three plays
    ``odd.three`` (three-handed cutthroat without ``odd.removed`` unless the night chose split
    partnership or Neutralised), a table of two Calypso Duet; the cut seats them clockwise from
    the first seat of the variant. ``size`` seats every table with that many instead (``fixed_sizes``:
    an event type of tables of three), the tables of three playing as ``odd`` says.
    """
    names = check_ids(players, "players")
    odd = odd or OddTables()
    sizes = seating_sizes(len(names), tables) if size is None else fixed_sizes(len(names), size)
    tables = len(sizes)
    if seed is None:  # a fresh seed, recorded in the movement so the evening can be replayed
        seed = random.SystemRandom().randrange(2**31)
    order = sorted(names, key=_sort_key)
    _rng(seed, "seating").shuffle(order)
    first: dict[int, TableRound] = {}
    cuts: dict[int, tuple[Player, ...]] = {}
    start = 0
    for table, size in sizes.items():
        group = order[start : start + size]
        start += size
        cut = _cut(seed, 1, table, group)
        cuts[table] = cut
        high = (size + 1) // 2
        first[table] = _seat_odd(cut, odd) or _seat(cut, list(cut[:high]), list(cut[high:]), Counter())
        if partnerships and table in partnerships:
            first[table] = _override(set(group), table, partnerships[table], first[table])
    unknown = set(partnerships or ()) - set(first)
    if unknown:
        raise MovementError(f"partnerships entered for table {min(unknown)}, which is not in play")
    movement = Movement(
        kind=PROGRESSIVE_INDIVIDUAL,
        tables=tables,
        rounds=[first],
        sitting_out=[[]],
        cuts=[cuts],
        seed=seed,
    )
    if tables == 1:
        movement.notes.append("one table: nobody can move; partners change by the cut")
    _note_odd(movement, 1)
    return movement.validate()


def _note_odd(movement: Movement, number: int) -> None:
    """Name each table of three or two of round ``number`` and what it plays."""
    for table, entry in sorted(movement.rounds[number - 1].items()):
        if entry.variant:
            size = "three" if len(entry.seats) == 3 else "two"
            movement.notes.append(f"round {number}: table {table} seats {size} and plays {NAMES[entry.variant]}")


def _winner(value: object, round_number: int, table: int) -> str | None:
    """``majors`` / ``minors`` / ``None`` for a tie, from a direction name or the majors' net."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in DIRECTIONS:
            return text
        if text in ("tie", "tied", "draw"):
            return None
    elif isinstance(value, int | float) and not isinstance(value, bool):
        return MAJORS if value > 0 else MINORS if value < 0 else None
    raise MovementError(
        f"round {round_number}, table {table}: result {value!r} is not 'majors', 'minors', 'tie' or the majors' net"
    )


def _seat_winner(
    value: object, entry: TableRound, seed: int | str | None, number: int, table: int, movement: Movement
) -> str:
    """The winning seat of a table of three from a seat letter or ``{player or seat: figure}``."""
    at = movement.lineup(number, table)[0]
    seat_of = {player: seat for seat, player in at.items()}
    if isinstance(value, str) and value.strip().upper() in entry.seats:
        return value.strip().upper()
    if isinstance(value, Mapping):
        figures: dict[str, int | float] = {}
        for key, figure in value.items():
            seat = key if isinstance(key, str) and key in entry.seats else seat_of.get(key)
            if seat is None or isinstance(figure, bool) or not isinstance(figure, int | float):
                break
            figures[seat] = figure
        else:
            if set(figures) == set(entry.seats):
                best = max(figures.values())
                top = [seat for seat in entry.seats if figures[seat] == best]
                if len(top) == 1:
                    return top[0]
                won = _rng(seed, "coin", number, table).choice(top)
                movement.coins.append(CoinToss(number, table, won))
                return won
    raise MovementError(
        f"round {number}, table {table}: result {value!r} is not the winning seat ({', '.join(entry.seats)}) "
        "or a score for each of its three players"
    )


def _odd_of(movement: Movement) -> OddTables:
    """What the movement's tables of three played (three-handed without ♦ if it had none)."""
    for tables in reversed(movement.rounds):
        for entry in tables.values():
            if entry.variant and entry.variant != DUET:
                missing = [suit for suit in SUITS if suit not in entry.seats]
                return OddTables(entry.variant, "D" if neutralised_cards(entry.variant) else missing[0])
    return OddTables()


def _contacts(movement: Movement, players: set[Player]) -> dict[Player, Counter]:
    """How often each of ``players`` has sat at the same table as each other player (partners or
    opponents): ``{player: {other: times}}``. Only the players asked about are counted (the losers
    who may move): one pass over the rounds, not every pair of every table. A player's count of
    themself is their games; no move asks for it."""
    counts: dict[Player, Counter] = {player: Counter() for player in players}
    for tables in movement.rounds:
        for entry in tables.values():
            here = movement.players_of(entry.majors) + movement.players_of(entry.minors)
            for player in here:
                if player in counts:
                    counts[player].update(here)
    return counts


def progressive_individual_next(
    seating: Movement,
    results: Mapping[int, object],
    seed: int | str | None = None,
    *,
    partnerships: Partnerships | None = None,
    variant: str = RULES_MOVEMENT,
    odd: OddTables | None = None,
) -> Movement:
    """Record the last round's ``results`` and seat the next round; returns a new ``Movement``.

    ``results`` maps every table of the last round to its winner: ``"majors"``, ``"minors"``,
    ``"tie"``, or the majors' net (positive: majors won). A tie is decided by a seeded coin,
    recorded in ``coins``. ``seed`` defaults to the movement's own.

    A table of three (``odd.py``) has one winner, who stays; the other two move up. Its result is
    the winning seat (``"S"``) or each player's figure — ``{player or seat: score}``, the own score
    or the split total — the highest winning (a tie among the highest: the seeded coin, which
    records the seat). A Duet is decided like any table (its sides are one player each). A table
    seating three or two in the next round plays what ``odd`` says (default: what the movement's
    tables of three played, or three-handed cutthroat without ♦).

    Winners stay. Losers move up one table (the highest wraps to 1). Where three lost, two move up
    and one moves down; ``variant`` says where down is:

    * ``RULES_MOVEMENT`` (``"rules"``, the default, RULES.md §6): down one table (table 1 wraps to
      the highest). Table sizes change from game to game but stay four to six: a table keeps its
      two or three winners and receives two losers from the table below and at most one from the
      table above (with two tables, both are the other table: it receives all two or three of
      its losers).
    * ``FIXED_SIZE_MOVEMENT`` (``"fixed-sizes"``, the project's own variant): to the nearest lower
      table where three also lost, so every table keeps its size; if no other table lost three, the
      one moves down one table and, to keep the sizes, one of the two losers from two tables below
      moves up two tables instead of one.

    Among the three, the one who goes down is the one whose moves bring the fewest repeated
    meetings with the players who stay at the destination tables (a tie: the lowest card in the cut).

    At each table a new cut ranks the stayers and the newcomers: the highest newcomer partners the
    highest stayer and the second the second (at a table of five or six the third stayer joins
    the first pair, the third newcomer the second); the side holding the highest card plays
    majors. ``partnerships`` lets the director enter a table's sides instead.
    """
    if variant not in VARIANTS:
        raise MovementError(f"unknown progressive individual movement {variant!r}; choose one of {', '.join(VARIANTS)}")
    if seating.kind != PROGRESSIVE_INDIVIDUAL:
        raise MovementError(f"a {seating.kind} movement is not a progressive individual")
    movement = seating.copy()
    number = len(movement.rounds)
    if len(movement.results) != number - 1:
        raise MovementError(f"round {number} already has results; the movement has {len(movement.results)}")
    seed = movement.seed if seed is None else seed
    last = movement.rounds[-1]
    tables = sorted(last)
    unknown = set(results) - set(last)
    if unknown:
        raise MovementError(f"round {number}: a result for table {min(unknown)}, which did not play")
    winners: dict[int, tuple[Player, ...]] = {}
    losers: dict[int, tuple[Player, ...]] = {}
    recorded: dict[int, str] = {}
    for table in tables:
        if table not in results:
            raise MovementError(f"round {number}: no result for table {table}")
        entry = last[table]
        if entry.variant and entry.variant != DUET:  # a table of three: one winner stays
            seat = _seat_winner(results[table], entry, seed, number, table, movement)
            recorded[table] = seat
            at = movement.lineup(number, table)[0]
            winners[table] = (at[seat],)
            losers[table] = tuple(at[s] for s in entry.seats if s != seat)
            continue
        won = _winner(results[table], number, table)
        if won is None:
            won = _rng(seed, "coin", number, table).choice(DIRECTIONS)
            movement.coins.append(CoinToss(number, table, won))
        recorded[table] = won
        winners[table] = movement.players_of(entry.side(won))
        losers[table] = movement.players_of(entry.side(MINORS if won == MAJORS else MAJORS))
    movement.results.append(recorded)

    destination = _moves(movement, tables, winners, losers, fixed_sizes=variant == FIXED_SIZE_MOVEMENT)
    contacts_note = None
    if variant == FIXED_SIZE_MOVEMENT and len(tables) == 2 and sum(len(v) == 3 for v in losers.values()) == 1:
        contacts_note = f"round {number + 1}: table sizes change (two tables, three losers at only one)"
    arrivals: dict[int, list[Player]] = {table: [] for table in tables}
    for player, table in destination.items():
        arrivals[table].append(player)

    x_count = _x_counts(movement)
    odd = odd or _odd_of(movement)
    seated: dict[int, TableRound] = {}
    cuts: dict[int, tuple[Player, ...]] = {}
    for table in tables:
        stay = list(winners[table])
        come = arrivals[table] if len(tables) > 1 else list(losers[table])
        cut = _cut(seed, number + 1, table, stay + come)
        cuts[table] = cut
        rank = {p: i for i, p in enumerate(cut)}
        stay.sort(key=rank.__getitem__)
        come.sort(key=rank.__getitem__)
        odd_table = _seat_odd(cut, odd)
        if odd_table is not None:
            seated[table] = odd_table
        elif len(stay) < 2 or len(come) < 2:  # beside a table of three: the cut pairs them as in game 1
            high = (len(cut) + 1) // 2
            seated[table] = _seat(cut, list(cut[:high]), list(cut[high:]), x_count)
        else:
            first, second = [stay[0], come[0]], [stay[1], come[1]]
            if len(stay) == 3:
                first.append(stay[2])
            if len(come) == 3:
                second.append(come[2])
            first.sort(key=rank.__getitem__)
            second.sort(key=rank.__getitem__)
            seated[table] = _seat(cut, first, second, x_count)
        if partnerships and table in partnerships:
            seated[table] = _override(set(cut), table, partnerships[table], seated[table])
    unknown = set(partnerships or ()) - set(seated)
    if unknown:
        raise MovementError(f"partnerships entered for table {min(unknown)}, which is not in play")
    movement.rounds.append(seated)
    movement.sitting_out.append([])
    movement.cuts.extend({} for _ in range(number - len(movement.cuts)))  # games seated without a cut
    movement.cuts.append(cuts)
    _note_odd(movement, number + 1)
    if contacts_note:
        movement.notes.append(contacts_note)
    elif variant == RULES_MOVEMENT:
        resized = _resized(last, seated, movement)
        if resized:
            movement.notes.append(f"round {number + 1}: table sizes change — {resized}")
    return movement.validate()


def _resized(before: Mapping[int, TableRound], after: Mapping[int, TableRound], movement: Movement) -> str:
    """``table 1 now 4, table 3 now 5`` for the tables whose number of players changed; ``""`` if none."""

    def size(entry: TableRound) -> int:
        return len(movement.players_of(entry.majors)) + len(movement.players_of(entry.minors))

    changed = [f"table {t} now {size(after[t])}" for t in sorted(after) if size(after[t]) != size(before[t])]
    return ", ".join(changed)


def _moves(
    movement: Movement,
    tables: list[int],
    winners: dict[int, tuple[Player, ...]],
    losers: dict[int, tuple[Player, ...]],
    *,
    fixed_sizes: bool,
) -> dict[Player, int]:
    """Where each loser goes (see ``progressive_individual_next``). One table: nobody moves."""
    count = len(tables)
    if count == 1:
        return {}
    index = {table: i for i, table in enumerate(tables)}

    def step(table: int, by: int) -> int:
        return tables[(index[table] + by) % count]

    cut = movement.cuts[-1] if movement.cuts else {}
    destination: dict[Player, int] = {}
    threes = [table for table in tables if len(losers[table]) == 3]
    # Who has met whom, for the losers (it decides who goes down where three lost, and, keeping the
    # sizes, who of two moves up two).
    contacts = _contacts(movement, {p for group in losers.values() for p in group})

    def met(player: Player, group: Sequence[Player]) -> int:
        return sum(contacts[player][other] for other in group)

    for table in tables:
        up = step(table, 1)
        if len(losers[table]) != 3:  # two (one at a Duet, two at a table of three) move up
            for player in losers[table]:
                destination[player] = up
            continue
        if fixed_sizes and len(threes) >= 2:
            down = threes[threes.index(table) - 1]
        else:
            down = step(table, -1)
        rank = {p: i for i, p in enumerate(cut.get(table, ()))}
        group = losers[table]
        going_down = min(
            group,
            key=lambda c, g=group, u=up, d=down, r=rank: (
                met(c, winners[d]) + sum(met(o, winners[u]) for o in g if o != c),
                -r.get(c, 0),
            ),
        )
        for player in losers[table]:
            destination[player] = down if player == going_down else up
    if fixed_sizes and len(threes) == 1 and count >= 3:
        three = threes[0]
        source = step(three, -2)
        below = step(three, -1)
        order = cut.get(source, ())
        rank = {p: i for i, p in enumerate(order)}
        pair = losers[source]

        def skip_cost(candidate: Player) -> tuple:
            other = next(p for p in pair if p != candidate)
            return (met(candidate, winners[three]) + met(other, winners[below]), -rank.get(candidate, 0))

        destination[min(pair, key=skip_cost)] = three
    return destination
