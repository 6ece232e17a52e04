"""Movement services: building each event type's movement, swaps, latecomers, and the progressive
individual's next game from the results — always re-validated and matching the seatings."""

from __future__ import annotations

import pytest

from director.core.errors import Conflict, ValidationError
from director.events import lineup
from director.events import services as events
from director.events.models import Partnership, Seat, Seating
from director.movements import services as ms
from director.results import services as results
from scoring import movements as mv

from .conftest import SHEETS, make_event, make_teams

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def stored(event) -> mv.Movement:
    event.refresh_from_db()
    return mv.Movement.from_dict(event.movement)


def assert_matches_database(event) -> mv.Movement:
    """The stored movement is valid and the seatings say exactly the same."""
    movement = stored(event).validate()
    state = ms.load_movement(event)
    assert state.in_sync
    assert state.movement.rounds == movement.rounds
    seats = Seat.objects.filter(round__event=event).count()
    expected = sum(
        len(movement.players_of(side)) if movement.players_of(side) else 2
        for tables in movement.rounds
        for entry in tables.values()
        for _, side in entry.sides()
    )
    assert seats == expected
    return movement


def enter(event, game: int, winners: dict[int, str], by=None, confirm=True):
    round_obj = event.rounds.get(number=game)
    for table_number, who in winners.items():
        table = event.tables.get(number=table_number)
        results.enter_sheet(table=table, round=round_obj, sheet=SHEETS[who], by=by, confirm=confirm)


# --- building ----------------------------------------------------------------------------------------
def test_progressive_pairs_builds_a_valid_movement_with_byes_and_a_side_of_three(club_a, many_players):
    event = make_event(club_a, many_players, count=11, games=3)  # 3 majors, 2 minors (one of three)
    movement = ms.build_movement(event=event)
    assert movement.kind == "progressive"
    assert all(out for out in movement.sitting_out)  # a majors partnership sits out each game
    assert assert_matches_database(event) == movement
    trio = Partnership.objects.get(event=event, number=5)
    assert len(trio.members.all()) == 3
    assert Seat.objects.filter(seating__partnership=trio, suit="").count() == 3  # out in deal 1, every game


@pytest.mark.parametrize("kind", ["mitchell", "barometer"])
def test_duplicate_pairs_build_mitchell_or_barometer(club_a, many_players, kind):
    event = make_event(club_a, many_players, type="duplicate-pairs", count=12, games=3, movement_kind=kind)
    movement = ms.build_movement(event=event)
    assert movement.kind == kind
    assert_matches_database(event)
    sets = {(s.round.number, s.table.number): s.game_set_number for s in Seating.objects.filter(round__event=event)}
    for game in (1, 2, 3):
        at_tables = sorted(sets[game, t] for t in (1, 2, 3))
        assert at_tables == ([game] * 3 if kind == "barometer" else [1, 2, 3])


def test_mitchell_keeps_the_events_own_partnership_numbers(club_a, many_players):
    event = events.create_event(club=club_a, name="Odd numbers", date="2025-03-14", type="duplicate-pairs", games=2)
    for number, direction in ((2, "majors"), (4, "minors"), (7, "majors"), (9, "minors")):
        start = 2 * len(Partnership.objects.filter(event=event))
        lineup.add_partnership(event=event, players=many_players[start : start + 2], number=number, direction=direction)
    movement = ms.build_movement(event=event)
    assert {e.majors for e in movement.rounds[0].values()} == {2, 7}
    assert {e.minors for r in movement.rounds for e in r.values()} == {4, 9}
    assert_matches_database(event)


def test_uneven_mitchell_is_refused_with_a_message(club_a, many_players):
    event = make_event(club_a, many_players, type="duplicate-pairs", count=10, games=2)  # 3 majors v 2 minors
    with pytest.raises(ValidationError, match="as many majors as minors"):
        ms.build_movement(event=event)
    assert not Seating.objects.filter(round__event=event).exists()


@pytest.mark.parametrize(("teams", "kind", "games"), [(2, "team-match", 2), (3, "round-robin", 6)])
def test_team_events_build(club_a, many_players, teams, kind, games):
    event = make_teams(club_a, many_players, teams=teams, games=games, kind=kind)
    movement = ms.build_movement(event=event)
    assert movement.kind == kind and len(movement.rounds) == games
    assert set(movement.teams) == {f"Team {c}" for c in "ABC"[:teams]}
    assert_matches_database(event)


def test_round_robin_longer_than_the_event_is_refused(club_a, many_players):
    event = make_teams(club_a, many_players, teams=3, games=4, kind="round-robin")
    with pytest.raises(ValidationError, match="set the number of games to 6"):
        ms.build_movement(event=event)


def test_individual_builds_game_one_only(club_a, many_players):
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    movement = ms.build_movement(event=event, players=many_players[:10], seed=4)
    assert len(movement.rounds) == 1 and movement.seed == 4
    assert_matches_database(event)
    # Re-building before the start keeps the same players (and the seed unless a new one is given).
    again = ms.build_movement(event=event, seed=5)
    assert sorted(p for e in again.rounds[0].values() for _, s in e.sides() for p in s) == sorted(
        p.pk for p in many_players[:10]
    )


def test_build_is_refused_once_game_one_has_started(club_a, many_players):
    event = make_event(club_a, many_players, count=8)
    ms.build_movement(event=event)
    events.start_event(event=event)
    with pytest.raises(Conflict, match="game 1 has started"):
        ms.build_movement(event=event)


# --- swaps -------------------------------------------------------------------------------------------
@pytest.fixture
def progressive(club_a, many_players):
    event = make_event(club_a, many_players, count=16, games=4)  # 4 majors (1-4), 4 minors (5-8)
    ms.build_movement(event=event)
    return event


def test_swap_before_the_start_is_applied_and_revalidated(progressive):
    before = stored(progressive)
    change = ms.swap(event=progressive, first=5, second=6)
    assert change.from_round == 1
    after = assert_matches_database(progressive)
    for r in range(4):
        for table, entry in before.rounds[r].items():
            swapped = {5: 6, 6: 5}.get(entry.minors, entry.minors)
            assert after.rounds[r][table].minors == swapped


def test_swap_after_the_start_only_changes_the_games_not_started(progressive, director_a):
    events.start_event(event=progressive)
    with pytest.raises(Conflict, match="game 1 has started"):
        ms.swap(event=progressive, first=5, second=6, from_round=1)
    game_one = {
        (s.table.number, s.direction): s.partnership.number
        for s in Seating.objects.filter(round__number=1, round__event=progressive)
    }
    change = ms.swap(event=progressive, first=5, second=6)
    assert change.from_round == 2
    assert game_one == {
        (s.table.number, s.direction): s.partnership.number
        for s in Seating.objects.filter(round__number=1, round__event=progressive)
    }
    assert_matches_database(progressive)


def test_swap_is_refused_for_games_with_results_or_closed(progressive, director_a):
    events.start_event(event=progressive)
    enter(progressive, 1, {1: "majors"}, by=director_a)
    events.close_round(round=progressive.rounds.get(number=1))  # marks game 2 started
    with pytest.raises(Conflict, match="game 2 has started"):
        ms.swap(event=progressive, first=5, second=6, from_round=2)
    with pytest.raises(Conflict, match="game 1 has results"):
        ms.swap(event=progressive, first=5, second=6, from_round=1)
    ms.swap(event=progressive, first=5, second=6)  # from game 3
    assert_matches_database(progressive)


def test_swap_across_directions(progressive):
    # Before anything is played, a majors and a minors partnership exchange directions too.
    ms.swap(event=progressive, first=1, second=5)
    assert Partnership.objects.get(event=progressive, number=1).direction == "minors"
    assert Partnership.objects.get(event=progressive, number=5).direction == "majors"
    assert_matches_database(progressive)
    # After game 1 started, a partnership keeps its direction: the engine refuses, nothing is written.
    events.start_event(event=progressive)
    before = stored(progressive)
    with pytest.raises(ValidationError, match="keeps its direction"):
        ms.swap(event=progressive, first=2, second=6)
    assert stored(progressive) == before


def test_swap_of_one_partnership_with_itself_or_a_stranger(progressive):
    with pytest.raises(ValidationError, match="two different"):
        ms.swap(event=progressive, first=3, second=3)
    with pytest.raises(ValidationError, match="no partnership 42"):
        ms.swap(event=progressive, first=3, second=42)


def test_a_stale_page_is_refused(progressive):
    fingerprint = ms.load_movement(progressive).fingerprint
    ms.swap(event=progressive, first=5, second=6, expected=fingerprint)
    with pytest.raises(Conflict, match="changed since this page was loaded"):
        ms.swap(event=progressive, first=7, second=8, expected=fingerprint)


def test_swap_two_players_in_an_individual(club_a, many_players):
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    movement = ms.build_movement(event=event, players=many_players[:8], seed=2)
    a = movement.rounds[0][1].majors[0]
    b = movement.rounds[0][2].minors[0]
    ms.swap(event=event, first=a, second=b)
    after = assert_matches_database(event)
    assert b in after.rounds[0][1].majors and a in after.rounds[0][2].minors


# --- latecomers --------------------------------------------------------------------------------------
def test_latecomer_fills_the_byes(club_a, many_players):
    event = make_event(club_a, many_players, count=10, games=3)  # 3 majors v 2 minors: a bye every game
    ms.build_movement(event=event)
    change = ms.add_latecomer(event=event, players=many_players[20:22])
    assert change.partnership.direction == "minors"
    movement = assert_matches_database(event)
    assert all(not out for out in movement.sitting_out)  # nobody sits out any more
    assert all(table is not None for _, table in change.placements)
    # The majors keep their own table: the latecomer comes to them.
    for number, table in change.placements:
        assert movement.rounds[number - 1][table].majors == table


def test_latecomers_with_nobody_to_play_wait_for_the_next_one(progressive, many_players):
    first = ms.add_latecomer(event=progressive, players=many_players[20:22])
    assert all(table is None for _, table in first.placements)
    assert "sits out" in first.text
    second = ms.add_latecomer(event=progressive, players=many_players[22:24])
    assert second.partnership.direction != first.partnership.direction
    assert {table for _, table in second.placements} == {5}
    assert_matches_database(progressive)


def test_latecomer_refused_once_the_game_started_accepted_for_the_next(progressive, many_players):
    events.start_event(event=progressive)
    with pytest.raises(Conflict, match="game 1 has started"):
        ms.add_latecomer(event=progressive, players=many_players[20:22], from_round=1)
    assert not Partnership.objects.filter(event=progressive, number=9).exists()
    change = ms.add_latecomer(event=progressive, players=many_players[20:22])
    assert change.from_round == 2
    assert_matches_database(progressive)


def test_latecomer_already_playing_is_refused(progressive, many_players):
    playing = Partnership.objects.get(event=progressive, number=1).members.first().player
    with pytest.raises(ValidationError, match="already plays"):
        ms.add_latecomer(event=progressive, players=[playing.pk, many_players[30].pk])


def test_team_events_take_no_latecomers(club_a, many_players):
    event = make_teams(club_a, many_players, teams=2, games=2, kind="team-match")
    ms.build_movement(event=event)
    with pytest.raises(ValidationError, match="team event"):
        ms.add_latecomer(event=event, players=many_players[30:32])


def test_individual_latecomer_joins_the_smallest_table(club_a, many_players):
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:9], seed=1)  # tables of 5 and 4
    change = ms.add_latecomer(event=event, players=[many_players[20].pk])
    movement = assert_matches_database(event)
    sizes = sorted(len(e.majors) + len(e.minors) for e in movement.rounds[0].values())
    assert sizes == [5, 5]
    assert change.placements == [
        (1, next(t for t, e in movement.rounds[0].items() if many_players[20].pk in e.majors + e.minors))
    ]


# --- progressive individual: the next game -------------------------------------------------------------
@pytest.fixture
def individual(club_a, many_players):
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:12], seed=7)  # three tables of four
    events.start_event(event=event)
    return event


def test_individual_game_one_is_locked_once_the_event_starts(individual, many_players):
    # Game 1's start is the event's start (``start_event``): its seating is being played, so it cannot
    # be swapped, re-built or joined, even before a result is in.
    before = stored(individual)
    a, b = before.rounds[0][1].majors[0], before.rounds[0][2].minors[0]
    with pytest.raises(Conflict, match="game 1 has started"):
        ms.swap(event=individual, first=a, second=b, from_round=1)
    with pytest.raises(Conflict, match="game 1 has started"):
        ms.build_movement(event=individual, seed=8)
    with pytest.raises(ValidationError, match="game 2 is not seated yet"):
        ms.add_latecomer(event=individual, players=[many_players[30].pk])
    assert stored(individual) == before
    state = ms.load_movement(individual)
    assert (state.last_locked, state.first_changeable) == (1, 2)


def test_next_game_is_refused_while_a_result_is_missing(individual, director_a):
    enter(individual, 1, {1: "majors"}, by=director_a)
    enter(individual, 1, {2: "minors"}, by=director_a, confirm=False)
    with pytest.raises(ValidationError, match=r"no confirmed result for tables 2, 3") as caught:
        ms.compute_next_round(event=individual)
    assert caught.value.problems == [
        "table 2: the sheet awaits the opponents' confirmation",
        "table 3: no result yet",
    ]
    assert len(stored(individual).rounds) == 1


def test_next_game_winners_stay_losers_move(individual, director_a):
    enter(individual, 1, {1: "majors", 2: "minors", 3: "tie"}, by=director_a)
    events.close_round(round=individual.rounds.get(number=1))
    before = stored(individual)
    change = ms.compute_next_round(event=individual)
    assert change.from_round == 2
    after = assert_matches_database(individual)
    assert len(after.rounds) == 2
    coin = next(c for c in after.coins if c.round == 1 and c.table == 3)
    won = {1: "majors", 2: "minors", 3: coin.winner}
    assert after.results[0] == won
    for table, entry in before.rounds[0].items():
        for direction, side in entry.sides():
            for player in side:
                now = after.where(player, 2).table
                if direction == won[table]:
                    assert now == table, (player, table)
                else:
                    assert now != table, (player, table)
    # Partners change every game.
    for entry in after.rounds[1].values():
        for _, side in entry.sides():
            assert side not in (e.majors for e in before.rounds[0].values())
            assert side not in (e.minors for e in before.rounds[0].values())


def test_next_game_again_after_a_corrected_result_then_game_three(individual, director_a):
    enter(individual, 1, {1: "majors", 2: "majors", 3: "majors"}, by=director_a)
    ms.compute_next_round(event=individual)
    first = stored(individual)
    enter(individual, 1, {1: "minors"}, by=director_a)  # a correction: table 1's minors won after all
    ms.compute_next_round(event=individual)
    second = stored(individual)
    assert second.results[0][1] == "minors" and first.results[0][1] == "majors"
    assert second.rounds[1] != first.rounds[1]
    enter(individual, 2, {1: "majors", 2: "minors", 3: "majors"}, by=director_a)
    change = ms.compute_next_round(event=individual)
    assert change.from_round == 3
    third = assert_matches_database(individual)
    assert len(third.rounds) == 3
    ms.compute_next_round(event=individual)  # game 3 not under way: computed again, the same way
    assert stored(individual) == third
    enter(individual, 3, {1: "majors"}, by=director_a)
    with pytest.raises(ValidationError, match="game 3 is the last"):
        ms.compute_next_round(event=individual)


def test_next_game_only_for_individual_events(progressive):
    with pytest.raises(ValidationError, match="not a progressive individual"):
        ms.compute_next_round(event=progressive)


def test_changes_are_audited(progressive, director_a):
    pytest.importorskip("director.audit.models")
    from director.audit.models import AuditEntry

    ms.swap(event=progressive, first=5, second=6, by=director_a)
    entry = AuditEntry.objects.get(action="movements.swap")
    assert entry.event_id == progressive.pk and entry.after["first"] == 5


def test_mitchell_swap_that_would_replay_a_set_is_refused(club_a, many_players):
    event = make_event(club_a, many_players, type="duplicate-pairs", count=12, games=3, movement_kind="mitchell")
    ms.build_movement(event=event)  # majors 1-3 stay; minors 4-6 move; sets move down
    events.start_event(event=event, force=True)  # the movement is what matters here (#14.5)
    before = stored(event)
    # From game 2, minors 4 would take over 5's path: a set 4 already played in game 1 comes back.
    with pytest.raises(ValidationError, match="plays game set"):
        ms.swap(event=event, first=4, second=5)
    assert stored(event) == before


# --- progressive individual: table sizes change (RULES.md §6) ----------------------------------------
def trio_loses(movement: mv.Movement, game: int) -> dict[int, str]:
    """Every side of three loses; elsewhere the majors win."""
    return {
        table: "minors" if len(entry.majors) == 3 else "majors" for table, entry in movement.rounds[game - 1].items()
    }


def sizes(movement: mv.Movement, game: int) -> dict[int, int]:
    return {t: len(e.majors) + len(e.minors) for t, e in movement.rounds[game - 1].items()}


@pytest.fixture
def thirteen(club_a, many_players):
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:13], seed=7)  # tables of 5, 4 and 4
    events.start_event(event=event)
    return event


def test_next_game_follows_the_rules_so_table_sizes_change_and_a_new_side_of_three_gets_its_sit_out_order(
    thirteen, director_a
):
    start = stored(thirteen)
    assert sorted(sizes(start, 1).values()) == [4, 4, 5]
    big = next(t for t, n in sizes(start, 1).items() if n == 5)
    below = (big - 2) % 3 + 1  # "down one table", table 1 wrapping to 3
    enter(thirteen, 1, trio_loses(start, 1), by=director_a)
    change = ms.compute_next_round(event=thirteen)
    after = assert_matches_database(thirteen)
    now = sizes(after, 2)
    assert now[big] == 4 and now[below] == 5  # the one who went down makes the table below a five
    resized = ", ".join(f"table {t} now {now[t]}" for t in sorted((big, below)))
    assert change.text.endswith(f"Table sizes change — {resized}.")  # the director moves a chair
    ms.compute_next_round(event=thirteen)  # game 2 again (not started): its note is not doubled
    assert stored(thirteen).notes == [f"round 2: table sizes change — {resized}"]
    # The new table of five has a side of three, seated with its X, Y, Z, X sit-out order.
    direction, trio = next((d, side) for d, side in after.rounds[1][below].sides() if len(side) == 3)
    seating = Seating.objects.get(round__event=thirteen, round__number=2, table__number=below, direction=direction)
    assert len(seating.sit_out_order) == 4 and set(seating.sit_out_order) == set(trio)
    assert seating.sit_out_order[0] == seating.sit_out_order[3] == trio[2]  # X: the engine's choice
    seats = Seat.objects.filter(seating=seating)
    assert sorted(s.suit for s in seats) == sorted(["", *mv.SEAT_SUITS[direction]])
    # The old table of five is now a four: two sides of two, no sit-out order.
    for seating in Seating.objects.filter(round__event=thirteen, round__number=2, table__number=big):
        assert seating.sit_out_order == [] and seating.seats.count() == 2
    # Game 3 from game 2, sizes changing again.
    enter(thirteen, 2, trio_loses(after, 2), by=director_a)
    ms.compute_next_round(event=thirteen)
    third = assert_matches_database(thirteen)
    assert sorted(sizes(third, 3).values()) == [4, 4, 5]


def test_next_game_with_the_fixed_sizes_option_keeps_every_table_s_size(thirteen, director_a):
    events.update_event(event=thirteen, individual_movement="fixed-sizes")  # allowed while running
    start = stored(thirteen)
    enter(thirteen, 1, trio_loses(start, 1), by=director_a)
    ms.compute_next_round(event=thirteen)
    assert sizes(assert_matches_database(thirteen), 2) == sizes(start, 1)


def test_choosing_the_movement_when_seating_the_next_game_is_kept_and_audited(thirteen, director_a):
    from director.audit.models import AuditEntry

    start = stored(thirteen)
    enter(thirteen, 1, trio_loses(start, 1), by=director_a)
    change = ms.compute_next_round(event=thirteen, individual_movement="fixed-sizes", by=director_a)
    thirteen.refresh_from_db()
    assert thirteen.individual_movement == "fixed-sizes"
    assert sizes(stored(thirteen), 2) == sizes(start, 1)
    assert "Movement from now on: Tables keep their size" in change.text
    entry = AuditEntry.objects.filter(action="movements.next_round").latest("pk")
    assert entry.before["individual_movement"] == "rules" and entry.after["individual_movement"] == "fixed-sizes"
    # A refusal (a missing result) keeps the option as it was.
    enter(thirteen, 2, {1: "majors"}, by=director_a)
    events.close_round(round=thirteen.rounds.get(number=1))
    with pytest.raises(ValidationError, match="no confirmed result"):
        ms.compute_next_round(event=thirteen, individual_movement="rules")
    thirteen.refresh_from_db()
    assert thirteen.individual_movement == "fixed-sizes"


def test_individual_movement_option_is_checked(club_a):
    event = events.create_event(club=club_a, name="Solo", date="2025-03-14", type="progressive-individual")
    assert event.individual_movement == "rules"  # the rules page's movement by default
    with pytest.raises(ValidationError, match="must be one of rules, fixed-sizes, not 'keep'"):
        events.update_event(event=event, individual_movement="keep")


def test_a_latecomer_typed_by_name_is_matched_or_added_and_a_refusal_adds_nobody(progressive, many_players):
    """The service quick-adds names with the set-up's rule, inside its own transaction."""
    from director.clubs.models import Player

    events.start_event(event=progressive)
    before = Player.objects.count()
    with pytest.raises(Conflict, match="game 1 has started"):
        ms.add_latecomer(event=progressive, players=many_players[20:21], new_names=["Zoe Newcomer"], from_round=1)
    assert Player.objects.count() == before  # the refused latecomer's new name left nothing behind
    known = many_players[21].name.upper()  # the club's name rule: case does not count
    change = ms.add_latecomer(event=progressive, players=[], new_names=["Zoe Newcomer", known])
    members = {m.player.name for m in change.partnership.members.select_related("player")}
    assert members == {"Zoe Newcomer", many_players[21].name}
    assert Player.objects.count() == before + 1
