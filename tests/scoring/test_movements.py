"""Movements (issue 5): property tests over every table count 1..30, and validate() on broken movements.

The checks here are written independently of ``Movement.validate`` so that a wrong generator fails
even if validate() had the same mistake.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import (
    FIXED_SIZE_MOVEMENT,
    MAJORS,
    MINORS,
    RULES_MOVEMENT,
    CoinToss,
    Movement,
    MovementError,
    TableRound,
    barometer,
    deal_lineup,
    mitchell,
    progressive_individual_next,
    progressive_individual_start,
    progressive_pairs,
    round_robin,
    sit_out_order,
    team_match,
)
from scoring.movements.individual import table_sizes

TABLES = range(1, 31)


# --- independent checkers ------------------------------------------------------------------------
def players_of(movement: Movement, side) -> tuple:
    if isinstance(side, tuple):
        return side
    return tuple(movement.members.get(side, (f"{side}#1", f"{side}#2")))


def check_seating(movement: Movement) -> None:
    """Every table four to six players; nobody (partnership or player) in two places in a round."""
    assert len(movement.sitting_out) == len(movement.rounds)
    for number, (tables, out) in enumerate(zip(movement.rounds, movement.sitting_out, strict=True), start=1):
        everyone: list = []
        for table, entry in tables.items():
            assert 1 <= table <= movement.tables, (number, table)
            size = len(players_of(movement, entry.majors)) + len(players_of(movement, entry.minors))
            assert 4 <= size <= 6, (number, table, size)
            for side in (entry.majors, entry.minors):
                everyone.extend(players_of(movement, side))
                if not isinstance(side, tuple):
                    everyone.append(("partnership", side))
        for side in out:
            everyone.extend(players_of(movement, side))
            if not isinstance(side, tuple):
                everyone.append(("partnership", side))
        duplicates = [who for who, n in Counter(everyone).items() if n > 1]
        assert not duplicates, (number, duplicates)


def check_sets_once(movement: Movement) -> None:
    """Nobody plays a game set twice."""
    played = Counter()
    for tables in movement.rounds:
        for entry in tables.values():
            assert entry.game_set is not None
            for side in (entry.majors, entry.minors):
                played[side, entry.game_set] += 1
    assert max(played.values()) == 1


def roundtrip(movement: Movement) -> Movement:
    again = Movement.from_dict(json.loads(json.dumps(movement.to_dict())))
    assert again == movement
    return again.validate()


def table_of(movement: Movement, number: int) -> dict:
    """who -> (table, direction) in round ``number`` (1-based)."""
    found = {}
    for table, entry in movement.rounds[number - 1].items():
        found[entry.majors] = (table, MAJORS)
        found[entry.minors] = (table, MINORS)
    return found


# --- partnerships of three ------------------------------------------------------------------------
def test_sit_out_order_is_the_rules_example():
    assert sit_out_order(("Ken", "Jo", "Al"), 0) == ("Al", "Jo", "Ken", "Al")
    lineup = deal_lineup(("Ken", "Jo", "Al"), 0)
    # Ken & Jo play deal 1 with Al out; Al replaces Jo; Jo replaces Ken; Ken replaces Al.
    assert lineup == (("Ken", "Jo"), ("Ken", "Al"), ("Jo", "Al"), ("Jo", "Ken"))


@pytest.mark.parametrize("game", range(6))
def test_sit_out_order_each_deal_two_play_and_x_misses_two(game):
    trio = ("a", "b", "c")
    order = sit_out_order(trio, game)
    lineup = deal_lineup(trio, game)
    assert order[0] == order[3] and len(set(order[:3])) == 3
    for out, playing in zip(order, lineup, strict=True):
        assert set(playing) == set(trio) - {out}
    for before, after in pairwise(lineup):
        # exactly one player changes, into the leaver's seat
        assert sum(x != y for x, y in zip(before, after, strict=True)) == 1
    # a different player misses two deals in each of three consecutive games
    assert {sit_out_order(trio, g)[0] for g in range(game, game + 3)} == set(trio)


def test_sit_out_order_rejects_bad_sides():
    assert sit_out_order(("a", "b")) == ()
    with pytest.raises(MovementError, match="two or three"):
        sit_out_order(("a", "b", "c", "d"))
    with pytest.raises(MovementError):
        sit_out_order(("a", "a", "b"))


# --- progressive pairs ----------------------------------------------------------------------------
@pytest.mark.parametrize("tables", TABLES)
def test_progressive_pairs_standard(tables):
    for games in range(1, tables + 3):
        movement = progressive_pairs(tables, tables, tables, games)
        check_seating(movement)
        assert len(movement.rounds) == games
        assert all(not out for out in movement.sitting_out)
        majors, minors = list(range(1, tables + 1)), list(range(tables + 1, 2 * tables + 1))
        for number in range(1, games + 1):
            where = table_of(movement, number)
            for pid in majors:
                assert where[pid] == (pid, MAJORS)  # stationary
            for i, pid in enumerate(minors):
                assert where[pid] == ((i + number - 1) % tables + 1, MINORS)  # up one table, wrap
        opponents = {pid: [] for pid in minors}
        for tables_round in movement.rounds:
            for entry in tables_round.values():
                assert entry.game_set is None
                opponents[entry.minors].append(entry.majors)
        for seen in opponents.values():
            distinct = len(set(seen))
            assert distinct == min(games, tables)
        assert bool(movement.notes) == (games > tables)
        met = Counter((e.majors, e.minors) for r in movement.rounds for e in r.values())
        assert (max(met.values()) > 1) == (games > tables)


def byes_are_fair(movement: Movement, ids: list) -> bool:
    """At every point of the session the bye counts of these partnerships differ by at most one."""
    counts = Counter(dict.fromkeys(ids, 0))
    for out in movement.sitting_out:
        for pid in out:
            if pid in counts:
                counts[pid] += 1
        if max(counts.values()) - min(counts.values()) > 1:
            return False
    return True


@pytest.mark.parametrize("n_major", range(1, 11))
def test_progressive_pairs_byes(n_major):
    for n_minor in range(1, 11):
        for tables in range(1, max(n_major, n_minor) + 2):
            games = max(n_major, n_minor) + 1
            movement = progressive_pairs(n_major, n_minor, tables, games)
            check_seating(movement)
            majors = list(range(1, n_major + 1))
            minors = list(range(n_major + 1, n_major + n_minor + 1))
            playing = min(tables, n_major, n_minor)
            for number, (tables_round, out) in enumerate(
                zip(movement.rounds, movement.sitting_out, strict=True), start=1
            ):
                assert len(tables_round) == playing, (n_major, n_minor, tables, number)
                assert len(out) == n_major + n_minor - 2 * playing
            assert byes_are_fair(movement, majors), (n_major, n_minor, tables)
            assert byes_are_fair(movement, minors), (n_major, n_minor, tables)
            if n_major > tables:
                # majors change table only across a bye; every repeated meeting is reported
                last_table: dict = {}
                for number in range(1, games + 1):
                    where = table_of(movement, number)
                    for pid in majors:
                        if pid in where:
                            if pid in last_table and last_table[pid][1] == number - 1:
                                assert where[pid][0] == last_table[pid][0]
                            last_table[pid] = (where[pid][0], number)
                met = Counter((e.majors, e.minors) for r in movement.rounds for e in r.values())
                repeats = [pair for pair, n in met.items() if n > 1]
                assert len([n for n in movement.notes if "meets partnership" in n]) == len(repeats)
            else:
                # majors stationary; each minors meets a different majors every game it plays
                # until it has been round the whole circuit (at least `tables` games)
                for number in range(1, games + 1):
                    for pid, (table, direction) in table_of(movement, number).items():
                        if direction == MAJORS:
                            assert table == pid
                circuit = max(n_major, n_minor)
                for pid in minors:
                    met = [e.majors for r in movement.rounds[:circuit] for e in r.values() if e.minors == pid]
                    assert len(met) == len(set(met))


def test_progressive_pairs_ids_and_members():
    members = {"A": ("Ann", "Bob"), "B": ("Cy", "Di", "Ed"), "x": ("Fay", "Gus", "Hal"), "y": ("Ida", "Jo")}
    movement = progressive_pairs(["A", "B"], ["x", "y"], 2, 4, members=members)
    check_seating(movement)
    sizes = {
        len(players_of(movement, e.majors)) + len(players_of(movement, e.minors)) for e in movement.rounds[0].values()
    }
    assert sizes == {5, 6} or sizes == {4, 6} or sizes == {5}
    # B (three players) rotates its sit-out order between its games
    b_table = table_of(movement, 1)["B"][0]
    firsts = []
    for number in range(1, 4):
        table = table_of(movement, number)["B"][0]
        assert table == b_table
        lineup = movement.lineup(number, table)
        hearts_spades = [{d["S"], d["H"]} for d in lineup]
        out = [set(members["B"]) - pair for pair in hearts_spades]
        assert all(len(o) == 1 for o in out)
        assert out[0] == out[3]
        firsts.append(next(iter(out[0])))
    assert len(set(firsts)) == 3
    placement = movement.where_next("Cy", 1)
    assert placement.round == 2 and placement.table == b_table and placement.direction == MAJORS
    assert placement.partners == ("Di", "Ed") and placement.seat is None
    assert movement.where_next("Ann", 1).seat == "S"
    assert movement.where_next("x", 1).direction == MINORS
    roundtrip(movement)


def test_progressive_pairs_impossible_requests():
    with pytest.raises(MovementError, match="at least 1"):
        progressive_pairs(4, 4, 0, 4)
    with pytest.raises(MovementError, match="number of games"):
        progressive_pairs(4, 4, 4, 0)
    with pytest.raises(MovementError, match="both majors and minors"):
        progressive_pairs([1, 2], [2, 3], 2, 2)
    with pytest.raises(MovementError, match="twice"):
        progressive_pairs([1, 1], [2, 3], 2, 2)
    with pytest.raises(MovementError, match="two or three players"):
        progressive_pairs([1], [2], 1, 1, members={1: ("a", "b", "c", "d")})
    with pytest.raises(MovementError, match="is in partnerships 1 and 2"):
        progressive_pairs([1], [2], 1, 1, members={1: ("a", "b"), 2: ("b", "c")})
    with pytest.raises(MovementError, match="at least one"):
        progressive_pairs([], [2], 1, 1)


@settings(max_examples=60, deadline=None)
@given(
    n_major=st.integers(1, 30),
    n_minor=st.integers(1, 30),
    tables=st.integers(1, 30),
    games=st.integers(1, 12),
)
def test_progressive_pairs_any_numbers(n_major, n_minor, tables, games):
    movement = progressive_pairs(n_major, n_minor, tables, games)
    check_seating(movement)
    assert byes_are_fair(movement, list(range(1, n_major + 1)))
    assert byes_are_fair(movement, list(range(n_major + 1, n_major + n_minor + 1)))
    roundtrip(movement)


# --- Mitchell -------------------------------------------------------------------------------------
@pytest.mark.parametrize("tables", TABLES)
def test_mitchell(tables):
    for rounds in range(1, tables + 1):
        movement = mitchell(tables, rounds)
        check_seating(movement)
        check_sets_once(movement)
        assert movement.game_sets == tables
        for number, tables_round in enumerate(movement.rounds, start=1):
            assert sorted(tables_round) == list(range(1, tables + 1))
            sets = [e.game_set for e in tables_round.values()]
            assert sorted(sets) == list(range(1, tables + 1))  # each set at exactly one table
            for table, entry in tables_round.items():
                assert entry.majors == table
                # the sets move down one table a round
                assert entry.game_set == (table - 1 + number - 1) % tables + 1
            if number > 1:
                before = table_of(movement, number - 1)
                now = table_of(movement, number)
                skip = tables % 2 == 0 and number - 1 == tables // 2
                for pid, (table, direction) in now.items():
                    if direction == MINORS:
                        assert table == (before[pid][0] - 1 + (2 if skip else 1)) % tables + 1
        met = Counter((e.majors, e.minors) for r in movement.rounds for e in r.values())
        repeats = [pair for pair, n in met.items() if n > 1]
        if tables % 2 or rounds < tables:
            assert not repeats
        assert len(repeats) == len([note for note in movement.notes if "meet" in note])


@pytest.mark.parametrize("tables", TABLES)
def test_mitchell_compares_every_set_in_both_directions(tables):
    rounds = min(tables, 5)
    balance = mitchell(tables, rounds).balance()
    # each set is played by `rounds` majors partnerships: every pair of them compared once per set
    majors_pairs = sum(n for (a, b), n in balance.compared.items() if a <= tables and b <= tables)
    assert majors_pairs == tables * rounds * (rounds - 1) // 2
    assert all(balance.compared[a, b] == 0 for (a, b) in balance.compared if a <= tables < b)


def test_mitchell_impossible_requests():
    with pytest.raises(MovementError, match=r"1 table has 1 game set \(one copy each\), so at most 1 round, not 2"):
        mitchell(1, 2)
    with pytest.raises(MovementError, match="at most 6 rounds, not 7"):
        mitchell(6, 7)
    with pytest.raises(MovementError, match="at least 1"):
        mitchell(0, 1)
    with pytest.raises(MovementError, match="whole number"):
        mitchell(3.5, 1)


# --- barometer ------------------------------------------------------------------------------------
@pytest.mark.parametrize("tables", TABLES)
def test_barometer(tables):
    for rounds in range(1, tables + 2):
        movement = barometer(tables, rounds)
        check_seating(movement)
        check_sets_once(movement)
        assert movement.game_sets == rounds
        for number, tables_round in enumerate(movement.rounds, start=1):
            assert {e.game_set for e in tables_round.values()} == {number}  # every table, same set
            assert len(tables_round) == tables
        met = Counter((e.minors, e.majors) for r in movement.rounds for e in r.values())
        assert (max(met.values()) > 1) == (rounds > tables)
    balance = barometer(tables, 3).balance()
    majors = [k for k in balance.compared if k[0] <= tables and k[1] <= tables]
    assert all(balance.compared[k] == 3 for k in majors)


# --- teams ----------------------------------------------------------------------------------------
def test_team_match_is_a_konstam():
    movement = team_match()
    assert movement.teams == {"A": (1, 2), "B": (3, 4)}
    first, second = movement.rounds
    assert first == {1: TableRound(1, 4, 1), 2: TableRound(3, 2, 2)}
    assert second == {1: TableRound(1, 4, 2), 2: TableRound(3, 2, 1)}
    check_seating(movement)
    check_sets_once(movement)
    balance = movement.balance()
    assert balance.compared[1, 3] == 2 and balance.compared[2, 4] == 2  # majors v majors on both sets
    assert balance.met[1, 4] == 2 and balance.met[1, 2] == 0
    roundtrip(movement)
    with pytest.raises(MovementError, match="two teams"):
        team_match(["A", "B", "C"])


@pytest.mark.parametrize("teams", range(2, 17))
def test_round_robin(teams):
    movement = round_robin(teams)
    check_seating(movement)
    check_sets_once(movement)
    stages = teams - 1 if teams % 2 == 0 else teams
    assert len(movement.rounds) == 2 * stages
    team_of = {pid: name for name, ids in movement.teams.items() for pid in ids}
    opponents = Counter()
    byes = Counter()
    for number, (tables_round, out) in enumerate(zip(movement.rounds, movement.sitting_out, strict=True)):
        assert len(tables_round) == 2 * (teams // 2)
        for table in range(1, len(tables_round) + 1, 2):
            one, two = tables_round[table], tables_round[table + 1]
            assert team_of[one.majors] == team_of[two.minors] != team_of[one.minors] == team_of[two.majors]
            assert one.game_set != two.game_set
            if number % 2 == 0:
                opponents[frozenset((team_of[one.majors], team_of[one.minors]))] += 1
        assert len(out) == (2 if teams % 2 else 0)
        if out and number % 2 == 0:
            byes[team_of[out[0]]] += 1
    assert set(opponents.values()) == {1}
    assert len(opponents) == teams * (teams - 1) // 2
    assert all(n == 1 for n in byes.values()) and len(byes) == (teams if teams % 2 else 0)
    roundtrip(movement)


def test_round_robin_names_and_errors():
    movement = round_robin(["North", "South", "East"])
    assert set(movement.teams) == {"North", "South", "East"}
    with pytest.raises(MovementError, match="at least 2"):
        round_robin(1)
    with pytest.raises(MovementError, match="same name"):
        round_robin(["A", "A"])


# --- progressive individual -----------------------------------------------------------------------
def individual_tables(movement: Movement, number: int) -> dict:
    return {table: (set(e.majors) | set(e.minors), e) for table, e in movement.rounds[number - 1].items()}


def play_individual(players: int, tables: int, rounds: int, seed: int, variant: str = RULES_MOVEMENT) -> Movement:
    names = [f"P{i:03d}" for i in range(players)]
    movement = progressive_individual_start(names, tables, seed)
    rng = random.Random(seed)
    for _ in range(rounds - 1):
        before = movement
        results = {t: rng.choice(["majors", "minors", "tie", 120, -40, 0]) for t in movement.rounds[-1]}
        movement = progressive_individual_next(movement, results, variant=variant)
        check_individual_step(before, movement, results, variant)
    return movement


def check_individual_step(before: Movement, after: Movement, results: dict, variant: str = RULES_MOVEMENT) -> None:
    number = len(before.rounds)
    assert after.rounds[:number] == before.rounds  # the past is not rewritten
    old = individual_tables(before, number)
    new = individual_tables(after, number + 1)
    where = {p: t for t, (ps, _) in new.items() for p in ps}
    everyone = [p for ps, _ in new.values() for p in ps]
    assert len(everyone) == len(set(everyone)) == sum(len(ps) for ps, _ in old.values())
    threes = 0
    lost: dict[int, tuple] = {}
    kept: dict[int, tuple] = {}
    for table, (_, entry) in old.items():
        result = results[table]
        if result in ("tie", 0):
            coin = [c for c in after.coins if c.round == number and c.table == table]
            assert len(coin) == 1
            won = coin[0].winner
        else:
            won = MAJORS if result in ("majors", 120) else MINORS
        assert after.results[number - 1][table] == won
        winners = entry.majors if won == MAJORS else entry.minors
        losers = entry.minors if won == MAJORS else entry.majors
        lost[table], kept[table] = losers, winners
        threes += len(losers) == 3
        assert all(where[p] == table for p in winners)  # exactly the winners stay
        if len(old) > 1:
            assert all(where[p] != table for p in losers)  # exactly the losers move
        # partners change every game (three stayers cannot all be split up, but each side is new)
        for side in (new[table][1].majors, new[table][1].minors):
            for side_before in (entry.majors, entry.minors):
                assert not set(side) <= set(side_before)
        for side in (new[table][1].majors, new[table][1].minors):
            assert 2 <= len(side) <= 3
    if variant == FIXED_SIZE_MOVEMENT:
        if len(old) >= 3 or threes != 1:
            assert {t: len(ps) for t, (ps, _) in new.items()} == {t: len(ps) for t, (ps, _) in old.items()}
    else:
        check_rules_moves(before, old, new, where, lost, kept)


def check_rules_moves(before: Movement, old: dict, new: dict, where: dict, lost: dict, kept: dict) -> None:
    """RULES.md §6 exactly: every loser up one table (wrapping); of three losers, one down one table
    (wrapping), the one whose moves repeat the fewest meetings with the destination's stayers; and
    so every table holds its winners, two losers from below and one more if three lost above."""
    numbers = sorted(old)
    count = len(numbers)
    up = {t: numbers[(i + 1) % count] for i, t in enumerate(numbers)}
    down = {t: numbers[i - 1] for i, t in enumerate(numbers)}
    contacts: Counter = Counter()
    for tables in before.rounds:
        for entry in tables.values():
            here = sorted(entry.majors + entry.minors)
            contacts.update((a, b) for i, a in enumerate(here) for b in here[i + 1 :])

    def met(player, group) -> int:
        return sum(contacts[min(player, other), max(player, other)] for other in group)

    for table, losers in lost.items():
        if count == 1:
            assert all(where[p] == table for p in losers)
            continue
        going = sorted(where[p] for p in losers)
        if len(losers) == 2:
            assert going == [up[table]] * 2, (table, going)
            continue
        assert going == sorted([up[table], up[table], down[table]]), (table, going)
        if count > 2:
            (downer,) = [p for p in losers if where[p] == down[table]]

            def cost(c, losers=losers, table=table):
                return met(c, kept[down[table]]) + sum(met(o, kept[up[table]]) for o in losers if o != c)

            assert cost(downer) == min(cost(c) for c in losers)
    for table, (players, _) in new.items():
        if count == 1:
            expected = len(old[table][0])
        elif count == 2:
            expected = len(kept[table]) + len(lost[up[table]])
        else:
            expected = len(kept[table]) + 2 + (len(lost[up[table]]) == 3)
        assert len(players) == expected
        assert 4 <= len(players) <= 6, (table, len(players))


@pytest.mark.parametrize("tables", TABLES)
def test_progressive_individual(tables):
    rng = random.Random(tables)
    counts = sorted({4 * tables, 4 * tables + 1, 5 * tables, 6 * tables - 1, 6 * tables, rng.randint(4, 6) * tables})
    for players in counts:
        if not 4 * tables <= players <= 6 * tables:
            continue
        movement = play_individual(players, tables, 4, seed=players)
        check_seating(movement)
        mixing = movement.mixing()
        assert len(mixing) == players and all(m.games == 4 for m in mixing.values())
        roundtrip(movement)


@pytest.mark.parametrize("tables", TABLES)
def test_individual_big_tables_spread(tables):
    for players in range(4 * tables, 6 * tables + 1):
        sizes = table_sizes(players, tables)
        assert sum(sizes.values()) == players and set(sizes.values()) <= {4, 5, 6}
        assert max(sizes.values()) - min(sizes.values()) <= 1
        big = max(sizes.values())
        where = [t for t, s in sizes.items() if s == big]
        if big > min(sizes.values()) and len(where) > 1:
            gaps = [(b - a) % tables for a, b in zip(where, where[1:] + where[:1], strict=True)]
            assert max(gaps) - min(gaps) <= 1  # as far apart as possible


def test_individual_start_seats_by_the_cut():
    movement = progressive_individual_start([f"p{i}" for i in range(9)], 2, seed=3)
    for table, entry in movement.rounds[0].items():
        cut = movement.cuts[0][table]
        assert set(cut) == set(entry.majors) | set(entry.minors)
        assert cut[0] in entry.majors  # the highest card takes the majors
    assert sorted(len(e.majors) + len(e.minors) for e in movement.rounds[0].values()) == [4, 5]
    assert movement == progressive_individual_start([f"p{i}" for i in range(9)], 2, seed=3)
    assert movement != progressive_individual_start([f"p{i}" for i in range(9)], 2, seed=4)
    drawn = progressive_individual_start([f"p{i}" for i in range(9)], 2, seed=None)
    assert isinstance(drawn.seed, int)  # drawn and recorded, so the evening can be replayed
    assert drawn == progressive_individual_start([f"p{i}" for i in range(9)], 2, seed=drawn.seed)


def test_individual_newcomers_partner_stayers_by_the_cut():
    movement = progressive_individual_start(list("ABCDEFGH"), 2, seed=1)
    after = progressive_individual_next(movement, {1: "majors", 2: "minors"})
    for table, entry in after.rounds[1].items():
        stayers = set(movement.rounds[0][table].majors if table == 1 else movement.rounds[0][table].minors)
        cut = after.cuts[1][table]
        ranked_stay = [p for p in cut if p in stayers]
        ranked_new = [p for p in cut if p not in stayers]
        sides = {frozenset(entry.majors), frozenset(entry.minors)}
        assert sides == {frozenset((ranked_stay[0], ranked_new[0])), frozenset((ranked_stay[1], ranked_new[1]))}


def test_individual_tie_is_a_recorded_reproducible_coin():
    start = progressive_individual_start([f"p{i}" for i in range(12)], 3, seed="club night")
    one = progressive_individual_next(start, {1: "tie", 2: 0, 3: "majors"})
    two = progressive_individual_next(start, {1: "tie", 2: 0, 3: "majors"})
    assert one == two
    assert [(c.round, c.table) for c in one.coins] == [(1, 1), (1, 2)]
    assert start.coins == []  # the input is not changed


def test_individual_fixed_sizes_three_losers_two_up_one_down():
    # The project's own variant. Two tables of five and one of four, where both big tables' teams
    # of three lose.
    names = [f"p{i:02d}" for i in range(14)]
    movement = progressive_individual_start(names, 3, seed=5)
    sizes = {t: len(e.majors) + len(e.minors) for t, e in movement.rounds[0].items()}
    results = {}
    for table, entry in movement.rounds[0].items():
        trio = MAJORS if len(entry.majors) == 3 else MINORS if len(entry.minors) == 3 else None
        results[table] = (MINORS if trio == MAJORS else MAJORS) if trio else "majors"
    after = progressive_individual_next(movement, results, variant=FIXED_SIZE_MOVEMENT)
    new_sizes = {t: len(e.majors) + len(e.minors) for t, e in after.rounds[1].items()}
    assert new_sizes == sizes
    where = {p: t for t, e in after.rounds[1].items() for p in e.majors + e.minors}
    threes = [t for t, e in movement.rounds[0].items() if max(len(e.majors), len(e.minors)) == 3]
    assert len(threes) == 2
    for table, entry in movement.rounds[0].items():
        losers = entry.side(MINORS if results[table] == MAJORS else MAJORS)
        up = table % 3 + 1
        # two up; the third down to the nearest lower table where three also lost (wrapping)
        down = threes[threes.index(table) - 1] if len(losers) == 3 else up
        assert sorted(where[p] for p in losers) == sorted([up, up, down][: len(losers)])


def thirteen_at_five_four_four() -> Movement:
    """The seed's example: 13 players at tables of 5, 4 and 4, game 1 seated."""
    return Movement(
        kind="progressive-individual",
        tables=3,
        rounds=[
            {
                1: TableRound(("a1", "a2", "a3"), ("a4", "a5")),
                2: TableRound(("b1", "b2"), ("b3", "b4")),
                3: TableRound(("c1", "c2"), ("c3", "c4")),
            }
        ],
        sitting_out=[[]],
        cuts=[{}],
        seed=13,
    ).validate()


def test_individual_the_seeds_thirteen_players_both_losers_of_table_two_go_to_table_three():
    # Table 1's three lose, tables 2 and 3's minors lose. RULES.md §6: every loser moves up one table,
    # of three losers one moves down one (table 1 wraps to 3). So table 2's losers both go to 3.
    start = thirteen_at_five_four_four()
    results = {1: "minors", 2: "majors", 3: "majors"}
    after = progressive_individual_next(start, results)
    where = {p: t for t, e in after.rounds[1].items() for p in e.majors + e.minors}
    assert where["b3"] == where["b4"] == 3
    assert where["c3"] == where["c4"] == 1
    assert sorted(where[p] for p in ("a1", "a2", "a3")) == [2, 2, 3]
    assert {t: len(e.majors) + len(e.minors) for t, e in after.rounds[1].items()} == {1: 4, 2: 4, 3: 5}
    assert after.notes == ["round 2: table sizes change — table 1 now 4, table 3 now 5"]  # chairs to move
    # The table that became five plays a side of three: its sit-out order is there to print.
    assert sorted((len(after.rounds[1][3].majors), len(after.rounds[1][3].minors))) == [2, 3]
    # The project's own variant keeps the sizes: one of table 2's losers skips up to table 1.
    fixed = progressive_individual_next(start, results, variant=FIXED_SIZE_MOVEMENT)
    where = {p: t for t, e in fixed.rounds[1].items() for p in e.majors + e.minors}
    assert sorted([where["b3"], where["b4"]]) == [1, 3]
    assert {t: len(e.majors) + len(e.minors) for t, e in fixed.rounds[1].items()} == {1: 5, 2: 4, 3: 4}


def test_individual_two_tables_up_and_down_are_the_same_table():
    # With two tables "up one" and "down one" are both the other table: all three losers go there.
    # 9 players at 5 and 4; table 1's three and table 2's two lose: tables of 4 and 5.
    start = progressive_individual_start([f"n{i}" for i in range(9)], 2, seed=4)
    big = next(t for t, e in start.rounds[0].items() if len(e.majors) + len(e.minors) == 5)
    trio = MAJORS if len(start.rounds[0][big].majors) == 3 else MINORS
    other = 3 - big
    results = {big: MINORS if trio == MAJORS else MAJORS, other: "majors"}
    after = progressive_individual_next(start, results)
    where = {p: t for t, e in after.rounds[1].items() for p in e.majors + e.minors}
    assert {where[p] for p in start.rounds[0][big].side(trio)} == {other}
    assert {t: len(e.majors) + len(e.minors) for t, e in after.rounds[1].items()} == {big: 4, other: 5}
    changed = ", ".join(f"table {t} now {n}" for t, n in sorted({big: 4, other: 5}.items()))
    assert after.notes == [f"round 2: table sizes change — {changed}"]


def test_individual_unknown_variant_is_refused():
    start = progressive_individual_start(list("abcdefgh"), 2, seed=0)
    with pytest.raises(MovementError, match="unknown progressive individual movement 'keep'"):
        progressive_individual_next(start, {1: "majors", 2: "majors"}, variant="keep")


@pytest.mark.parametrize("players", range(8, 61))
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_individual_rules_movement_keeps_every_table_four_to_six(players, data):
    """The property of issue 22: under RULES.md §6's movement the sizes drift but every table has
    four to six players in every game (a table keeps its two or three winners and receives two from
    below and at most one from above), for any count of players and tables and any results."""
    tables = data.draw(st.integers(-(-players // 6), players // 4), label="tables")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    movement = progressive_individual_start([f"q{i:02d}" for i in range(players)], tables, seed)
    outcome = st.sampled_from(["majors", "minors", "tie"])
    for _ in range(7):
        # One draw of the game's results, a table each (a draw per table cost more than the movement).
        numbers = sorted(movement.rounds[-1])
        drawn = data.draw(st.lists(outcome, min_size=len(numbers), max_size=len(numbers)))
        results = dict(zip(numbers, drawn, strict=True))
        before = movement
        movement = progressive_individual_next(movement, results)
        check_individual_step(before, movement, results)
    check_seating(movement)
    roundtrip(movement)


def test_individual_side_of_three_sits_out_the_one_who_has_missed_least():
    # A side of three is new every game; its X (last, out in deals 1 and 4) is the member who has
    # been X least often in the games before.
    movement = play_individual(13, 3, 8, seed=11)
    times_x: Counter = Counter()
    trios = 0
    for tables in movement.rounds:
        for entry in tables.values():
            for _, side in entry.sides():
                if len(side) == 3:
                    assert times_x[side[2]] == min(times_x[p] for p in side), side
                    trios += 1
        for entry in tables.values():
            for _, side in entry.sides():
                if len(side) == 3:
                    times_x[side[2]] += 1
    assert trios >= 8


def test_individual_impossible_requests():
    with pytest.raises(MovementError, match="1 player: a night needs at least two"):
        progressive_individual_start(["a"])
    with pytest.raises(MovementError, match=r"^7 players cannot fill 3 tables: they are seated at a four and a three"):
        progressive_individual_start(list("abcdefg"), 3)
    with pytest.raises(MovementError, match=r"^3 players cannot fill 2 tables: .* at a three \(1 table\)$"):
        progressive_individual_start(list("abc"), 2)
    with pytest.raises(MovementError, match="13 players cannot fill 2 tables"):
        progressive_individual_start(list("abcdefghijklm"), 2)
    with pytest.raises(MovementError, match="twice"):
        progressive_individual_start(list("aabcd"), 1)
    movement = progressive_individual_start(list("abcdefgh"), 2)
    with pytest.raises(MovementError, match="no result for table 2"):
        progressive_individual_next(movement, {1: "majors"})
    with pytest.raises(MovementError, match="table 3, which did not play"):
        progressive_individual_next(movement, {1: "majors", 2: "minors", 3: "majors"})
    with pytest.raises(MovementError, match="is not 'majors'"):
        progressive_individual_next(movement, {1: "north", 2: "minors"})
    with pytest.raises(MovementError, match="not a progressive individual"):
        progressive_individual_next(mitchell(3, 3), {})


def test_individual_director_partnerships():
    movement = progressive_individual_start(list("abcdefgh"), 2, seed=0)
    table_one = set(movement.rounds[0][1].majors) | set(movement.rounds[0][1].minors)
    a, b, c, d = sorted(table_one)
    entered = progressive_individual_start(list("abcdefgh"), 2, seed=0, partnerships={1: ((a, d), (b, c))})
    assert entered.rounds[0][1] == TableRound((a, d), (b, c))
    with pytest.raises(MovementError, match="not the players seated there"):
        progressive_individual_start(list("abcdefgh"), 2, seed=0, partnerships={1: ((a, "zz"), (b, c))})


@settings(max_examples=40, deadline=None)
@given(
    tables=st.integers(1, 12),
    extra=st.integers(0, 24),
    seed=st.integers(0, 10**6),
    outcomes=st.lists(st.sampled_from(["majors", "minors", "tie"]), min_size=12 * 5, max_size=12 * 5),
    variant=st.sampled_from([RULES_MOVEMENT, FIXED_SIZE_MOVEMENT]),
)
def test_individual_any_results(tables, extra, seed, outcomes, variant):
    players = 4 * tables + min(extra, 2 * tables)
    movement = progressive_individual_start([f"x{i}" for i in range(players)], tables, seed)
    results_iter = iter(outcomes)
    for _ in range(4):
        results = {t: next(results_iter) for t in movement.rounds[-1]}
        before = movement
        movement = progressive_individual_next(movement, results, variant=variant)
        check_individual_step(before, movement, results, variant)
    check_seating(movement)


# --- where next, JSON -----------------------------------------------------------------------------
def test_where_next():
    movement = mitchell(5, 3)
    placement = movement.where_next(6, 1)
    assert (placement.round, placement.table, placement.direction, placement.game_set) == (2, 2, MINORS, 3)
    assert placement.opponents == 2 and not placement.sitting_out
    with pytest.raises(MovementError, match="round 4 is not seated yet"):
        movement.where_next(6, 3)
    with pytest.raises(MovementError, match="not in round"):
        movement.where(99, 1)
    byes = progressive_pairs(3, 4, 3, 4)
    out = byes.sitting_out[1][0]
    assert byes.where_next(out, 1).sitting_out


def test_where_tells_a_partnership_from_a_player_with_the_same_number():
    # Player 4 plays in partnership 1 at table 1; partnership 4 sits at table 2.
    movement = progressive_pairs(2, 2, 2, 1, members={1: (4, 13), 2: (14, 15), 3: (16, 17), 4: (18, 19)})
    assert movement.where(4, 1).table == 2
    assert movement.where(4, 1, player=False).partners == (18, 19)
    as_player = movement.where(4, 1, player=True)
    assert (as_player.table, as_player.seat, as_player.partners) == (1, "S", (13,))
    assert movement.where(13, 1).seat == "H"
    with pytest.raises(MovementError, match="not in round"):
        movement.where(13, 1, player=False)


def test_json_shape():
    data = progressive_pairs([7, 8], [9, 10, 11], 2, 3).to_dict()
    assert data["format"] == "calypso-movement/1" and data["kind"] == "progressive"
    assert (
        data["rounds"][0]
        == {"1": {"majors": 7, "minors": 9, "game_set": None}, "2": {"majors": 8, "minors": 10, "game_set": None}}
        or data["rounds"][0]["1"]["majors"] == 7
    )
    assert len(data["sitting_out"]) == 3
    json.dumps(data)
    for bad in (
        [],
        {"rounds": "x"},
        {"format": "other/1", "rounds": [], "tables": 1},
        {"tables": 1, "rounds": [{"1": {"majors": 1}}]},
    ):
        with pytest.raises(MovementError):
            Movement.from_dict(bad)
    for movement in (mitchell(4, 3), barometer(3, 2), round_robin(3), play_individual(10, 2, 3, 1)):
        roundtrip(movement)
    # the events app's plan shape is read too
    plan = {"kind": "progressive", "rounds": [{"tables": {"1": {"majors": 1, "minors": 2}}, "sitting_out": [3]}]}
    read = Movement.from_dict(plan).validate()
    assert read.rounds == [{1: TableRound(1, 2)}] and read.sitting_out == [[3]] and read.tables == 1


# --- validate() catches broken movements -----------------------------------------------------------
def broken(movement: Movement, round_number: int, table: int, **change) -> Movement:
    copy = movement.copy()
    entry = copy.rounds[round_number - 1][table]
    copy.rounds[round_number - 1][table] = TableRound(
        change.get("majors", entry.majors), change.get("minors", entry.minors), change.get("game_set", entry.game_set)
    )
    return copy


def test_validate_catches_a_partnership_in_two_places():
    movement = progressive_pairs(4, 4, 4, 3)
    with pytest.raises(MovementError, match=r"round 2: partnership 6 is in two places"):
        broken(movement, 2, 1, minors=6).validate()
    copy = movement.copy()
    copy.sitting_out[0].append(5)
    with pytest.raises(MovementError, match="round 1: partnership 5 is in two places: table 1 minors and sitting out"):
        copy.validate()


def test_validate_catches_a_player_in_two_places():
    members = {1: ("a", "b"), 2: ("c", "d"), 3: ("e", "f"), 4: ("g", "a")}
    movement = Movement("progressive", 2, [{1: TableRound(1, 3), 2: TableRound(2, 4)}], members=members)
    with pytest.raises(MovementError, match="player 'a' is in two places: table 1 majors and table 2 minors"):
        movement.validate()
    individual = play_individual(8, 2, 2, 0)
    entry = individual.rounds[1][2]
    other = individual.rounds[1][1].majors[0]
    bad = broken(individual, 2, 2, majors=(other, entry.majors[1]))
    with pytest.raises(MovementError, match=f"player {other!r} is in two places"):
        bad.validate()


def test_validate_catches_a_set_played_twice():
    movement = mitchell(5, 3)
    # partnership 6 played set 2 in round 1? put set it played in round 1 at its round 2 table
    first_set = next(e.game_set for e in movement.rounds[0].values() if e.minors == 6)
    table = next(t for t, e in movement.rounds[1].items() if e.minors == 6)
    with pytest.raises(MovementError, match=f"6 plays game set {first_set} twice"):
        broken(movement, 2, table, game_set=first_set).validate()
    baro = barometer(4, 3)
    for table in baro.rounds[2]:
        baro.rounds[2][table] = TableRound(baro.rounds[2][table].majors, baro.rounds[2][table].minors, 1)
    with pytest.raises(MovementError, match="plays game set 1 twice"):
        baro.validate()


def test_validate_catches_set_placement_rules():
    movement = mitchell(5, 2)
    with pytest.raises(MovementError, match=r"round 1: game set 1 is at tables \[1, 2\]"):
        broken(movement, 1, 2, game_set=1).validate()
    with pytest.raises(MovementError, match="only 5 game sets"):
        broken(movement, 1, 2, game_set=6).validate()
    with pytest.raises(MovementError, match="no game set in a duplicate"):
        broken(movement, 1, 2, game_set=None).validate()
    baro = barometer(4, 3)
    with pytest.raises(MovementError, match="every table plays the same set"):
        broken(baro, 2, 3, game_set=3).validate()
    with pytest.raises(MovementError, match="deals its own cards"):
        broken(progressive_pairs(3, 3, 3, 2), 1, 1, game_set=1).validate()


def test_validate_catches_table_sizes_and_structure():
    movement = progressive_pairs(3, 3, 3, 2)
    with pytest.raises(MovementError, match="is on both sides"):
        broken(movement, 1, 1, minors=1).validate()
    movement.members = {1: ("a", "b", "c"), 4: ("d", "e", "f", "g")}
    with pytest.raises(MovementError, match="a partnership is two or three players"):
        movement.validate()
    individual = play_individual(8, 2, 1, 0)
    entry = individual.rounds[0][1]
    with pytest.raises(MovementError, match="a side is two or three players"):
        broken(individual, 1, 1, majors=entry.majors[:1]).validate()
    with pytest.raises(MovementError, match=r"not one of tables 1\.\.3"):
        bad = movement.copy()
        bad.members = {}
        bad.rounds[0][4] = bad.rounds[0].pop(3)
        bad.validate()
    with pytest.raises(MovementError, match="keeps its direction"):
        bad = progressive_pairs(3, 3, 3, 2)
        bad.rounds[1][1] = TableRound(bad.rounds[1][1].minors, bad.rounds[1][1].majors)
        bad.validate()
    with pytest.raises(MovementError, match="at least one round"):
        Movement("mitchell", 2, []).validate()
    with pytest.raises(MovementError, match="unknown movement kind"):
        Movement("howell", 2, [{}]).validate()


def test_validate_catches_broken_team_matches():
    movement = team_match()
    same = broken(broken(movement, 1, 2, game_set=1), 2, 1, game_set=1)
    same = broken(broken(same, 2, 1, game_set=2), 2, 2, game_set=2)
    with pytest.raises(MovementError, match="both halves of a match play game set 1"):
        same.validate()
    with pytest.raises(MovementError, match="team A plays itself"):
        swapped = broken(broken(movement, 1, 1, minors=2), 1, 2, minors=4)
        broken(broken(swapped, 2, 1, minors=2), 2, 2, minors=4).validate()
    copy = movement.copy()
    copy.rounds = copy.rounds[:1]
    copy.sitting_out = copy.sitting_out[:1]
    with pytest.raises(MovementError, match="only in"):
        copy.validate()


def test_validate_catches_individual_moves_against_the_results():
    movement = play_individual(8, 2, 2, 3)
    winners_table = next(iter(movement.results[0]))
    won = movement.results[0][winners_table]
    winner = movement.rounds[0][winners_table].side(won)[0]
    loser = movement.rounds[0][winners_table].side(MINORS if won == MAJORS else MAJORS)[0]
    copy = movement.copy()
    copy.results[0][winners_table] = MINORS if won == MAJORS else MAJORS
    with pytest.raises(
        MovementError,
        match=f"{winner!r} lost at table {winners_table} in round 1 but stayed|"
        f"{loser!r} won at table {winners_table} in round 1 but moved",
    ):
        copy.validate()


def test_balance_counts():
    movement = progressive_pairs(3, 3, 3, 4)
    balance = movement.balance()
    assert len(balance.met) == 15  # every pair of the six partnerships
    assert balance.met[1, 4] == 2 and balance.met[2, 4] == 1 and balance.met[1, 2] == 0
    assert balance.repeated_meetings() == [(1, 4, 2), (2, 5, 2), (3, 6, 2)]
    assert set(balance.compared.values()) == {0}


@settings(max_examples=40, deadline=None)
@given(
    sizes=st.lists(st.sampled_from([2, 3]), min_size=2, max_size=24),
    tables=st.integers(1, 12),
    games=st.integers(1, 8),
)
def test_progressive_pairs_with_partnerships_of_three(sizes, tables, games):
    half = len(sizes) // 2
    members, counter = {}, 0
    for pid, size in enumerate(sizes, start=1):
        members[pid] = tuple(f"pl{counter + i}" for i in range(size))
        counter += size
    majors, minors = list(range(1, half + 1)), list(range(half + 1, len(sizes) + 1))
    movement = progressive_pairs(majors, minors, tables, games, members=members)
    check_seating(movement)
    for number, tables_round in enumerate(movement.rounds, start=1):
        for table, entry in tables_round.items():
            deals = movement.lineup(number, table)
            for deal in deals:
                assert set(deal) == {"S", "H", "D", "C"}
                assert set(deal[s] for s in "SH") <= set(members[entry.majors])
                assert set(deal[s] for s in "DC") <= set(members[entry.minors])
                assert len(set(deal.values())) == 4
    # a side of three: over its games the player missing two deals changes every game (3 in a row)
    for pid, players in members.items():
        if len(players) != 3:
            continue
        xs = []
        for number, tables_round in enumerate(movement.rounds, start=1):
            for table, entry in tables_round.items():
                if pid in (entry.majors, entry.minors):
                    seats = "SH" if pid == entry.majors else "DC"
                    lineup = movement.lineup(number, table)
                    missing = Counter(
                        p for deal in lineup for p in players if p not in (deal[seats[0]], deal[seats[1]])
                    )
                    xs.append(next(p for p, n in missing.items() if n == 2))
        for window in (xs[i : i + 3] for i in range(max(0, len(xs) - 2))):
            assert len(set(window)) == 3


def test_lineup_needs_players():
    with pytest.raises(MovementError, match="no players recorded"):
        mitchell(3, 1).lineup(1, 1)


def test_individual_next_with_director_partnerships():
    movement = progressive_individual_start(list("abcdefgh"), 2, seed=2)
    plain = progressive_individual_next(movement, {1: "majors", 2: "majors"})
    here = sorted(set(plain.rounds[1][1].majors) | set(plain.rounds[1][1].minors))
    entered = progressive_individual_next(
        movement, {1: "majors", 2: "majors"}, partnerships={1: (tuple(here[:2]), tuple(here[2:]))}
    )
    assert entered.rounds[1][1] == TableRound(tuple(here[:2]), tuple(here[2:]))
    assert entered.rounds[1][2] == plain.rounds[1][2]
    with pytest.raises(MovementError, match="already has results"):
        bad = entered.copy()
        bad.results.append({1: "majors", 2: "majors"})
        progressive_individual_next(bad, {1: "majors", 2: "majors"})


def test_a_copy_shares_no_list_or_dict_with_the_original():
    """``Movement.copy`` gives a movement to change freely (edits, corrections, the next round): a
    change to any of its lists or dicts, at any depth, leaves the original as it was."""
    movement = play_individual(13, 3, 3, seed=5)
    movement.members, movement.teams = {1: ("q01", "q02")}, {"Reds": (1, 2)}
    movement.coins.append(CoinToss(1, 1, "majors"))
    assert movement.results and movement.cuts and movement.notes
    before = movement.to_dict()
    copy = movement.copy()
    assert copy == movement and copy.to_dict() == before
    copy.rounds[0][9] = TableRound(("x1", "x2"), ("x3", "x4"))
    copy.rounds.append({})
    copy.sitting_out[0].append("x5")
    copy.sitting_out.append([])
    copy.members[2] = ("x6", "x7")
    copy.teams["Blues"] = (3, 4)
    copy.results[0][9] = "tie"
    copy.results.append({})
    copy.cuts[0][9] = ("x8",)
    copy.cuts.append({})
    copy.coins.append(CoinToss(2, 2, "minors"))
    copy.notes.append("changed")
    assert movement.to_dict() == before
