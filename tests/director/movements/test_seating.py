"""Seating: the one builder (``movements.services.seat_event``, ``build.BUILDERS``) and the writer
of any plan (``apply_plan``, ``apply_movement``)."""

import datetime

import pytest

from director.core.errors import Conflict, NotFound, ValidationError
from director.events import lineup, selectors
from director.events import services as events
from director.events.models import Partnership, Seating
from director.movements import services as movements
from director.movements.selectors import load_movement, path

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

DATE = datetime.date(2025, 3, 14)


def test_seats_name_the_suits(progressive_a):
    seating = Seating.objects.filter(round__event=progressive_a, direction="minors").first()
    seats = {s.suit: s.player for s in seating.seats.all()}
    assert set(seats) == {"D", "C"}
    members = [m.player for m in seating.partnership.members.order_by("position")]
    assert [seats["D"], seats["C"]] == members  # position 1 holds Diamonds, position 2 Clubs


def test_nobody_in_two_places_in_one_round(progressive_a, club_a, players_a):
    plan = [{"tables": {1: {"majors": 1, "minors": 5}, 2: {"majors": 1, "minors": 6}}}]
    with pytest.raises(ValidationError, match="two places in game 1"):
        movements.apply_plan(event=progressive_a, plan=plan)
    # Nothing changed: the earlier seating is intact.
    assert Seating.objects.filter(round__event=progressive_a).count() == 4 * 4 * 2


def test_unknown_partnership_in_a_movement(progressive_a):
    with pytest.raises(NotFound, match="unknown partnership 42 at table 1, game 1"):
        movements.apply_plan(event=progressive_a, plan=[{1: {"majors": 42, "minors": 5}}])


def test_movement_longer_than_the_event(progressive_a):
    plan = [{1: {"majors": 1, "minors": 5}}] * 5
    with pytest.raises(ValidationError, match=r"runs to game 5 but .* has 4 games"):
        movements.apply_plan(event=progressive_a, plan=plan)


def test_movement_dict_with_sitting_out_and_game_sets(club_a, players_a):
    event = events.create_event(club=club_a, name="Dup", date=DATE, type="duplicate-pairs", games=2)
    lineup.draw_partnerships(event=event, players=players_a[:10], seed=3)  # 5 partnerships: 3 majors, 2 minors
    movement = {
        "rounds": [
            {"1": {"majors": 1, "minors": 4, "game_set": 1}, "2": {"majors": 2, "minors": 5, "game_set": 2}},
            {"1": {"majors": 1, "minors": 5, "game_set": 2}, "2": {"majors": 3, "minors": 4, "game_set": 1}},
        ],
        "sitting_out": [[3], [2]],
    }
    assert movements.apply_plan(event=event, plan=movement) == 8
    grid = selectors.round_grid(event)
    assert [p.number for p in grid.sitting_out[1]] == [3]
    assert [p.number for p in grid.sitting_out[2]] == [2]
    assert grid.cell(2, 2).game_set == 1


def test_individual_seating_by_players_with_a_side_of_three(club_a, players_a):
    event = events.create_event(club=club_a, name="Ind", date=DATE, type="progressive-individual", games=3)
    ids = [p.pk for p in players_a[:5]]
    plan = [{"tables": {1: {"majors": ids[:2], "minors": ids[2:5]}}}]
    movements.apply_plan(event=event, plan=plan)
    cell = selectors.table_round(event.tables.get(number=1), event.rounds.get(number=1))
    assert cell.majors.partnership is None
    assert [p.pk for p in cell.majors.players] == ids[:2]
    x, y, z, again = cell.minors.sit_out_order
    assert x == again and {x, y, z} == set(ids[2:5])
    # Z holds the first (Diamonds) seat for deal 1, Y the second (Clubs); X sits out.
    assert cell.minors.seats["D"].pk == z and cell.minors.seats["C"].pk == y


def test_seat_event_mitchell_gives_each_table_a_set(club_a, players_a):
    event = events.create_event(club=club_a, name="Mitchell", date=DATE, type="duplicate-pairs", games=3)
    lineup.draw_partnerships(event=event, players=players_a[:12], seed=5)  # 6 partnerships: 3 tables
    assert movements.seat_event(event=event) == 3 * 3 * 2
    event.refresh_from_db()
    assert event.movement["kind"] == "mitchell"
    grid = selectors.round_grid(event)
    for r in grid.rounds:
        assert sorted(grid.cell(r.number, t.number).game_set for t in grid.tables) == [1, 2, 3]
    # Nobody plays a set twice.
    state = load_movement(event)
    for number in range(4, 7):
        assert len({step.game_set for step in path(state, number)}) == 3


def test_seat_event_team_match_swaps_the_sets(club_a, players_a):
    event = events.create_event(club=club_a, name="Match", date=DATE, type="duplicate-teams", games=2)
    for number in range(1, 5):
        direction = "majors" if number % 2 else "minors"
        lineup.add_partnership(event=event, players=players_a[2 * number - 2 : 2 * number], direction=direction)
    ps = list(event.partnerships.order_by("number"))
    lineup.create_team(event=event, name="A", partnerships=ps[:2])
    lineup.create_team(event=event, name="B", partnerships=ps[2:])
    movements.seat_event(event=event)
    grid = selectors.round_grid(event)
    assert (grid.cell(1, 1).majors.partnership.number, grid.cell(1, 1).minors.partnership.number) == (1, 4)
    assert (grid.cell(1, 2).majors.partnership.number, grid.cell(1, 2).minors.partnership.number) == (3, 2)
    assert [grid.cell(r, 1).game_set for r in (1, 2)] == [1, 2]
    assert [grid.cell(r, 2).game_set for r in (1, 2)] == [2, 1]


def test_seat_event_progressive_with_a_partnership_of_three_and_a_bye(club_a, players_a):
    event = events.create_event(club=club_a, name="Odd", date=DATE, games=3)
    lineup.draw_partnerships(event=event, players=players_a[:11], seed=9)  # 5 partnerships, the last of three
    movements.seat_event(event=event)
    grid = selectors.round_grid(event)
    assert all(grid.sitting_out[r.number] for r in grid.rounds)  # 3 majors v 2 minors: a bye every game
    trio = Partnership.objects.get(event=event, number=5)
    orders = [s.sit_out_order for s in Seating.objects.filter(partnership=trio).order_by("round__number")]
    assert orders and all(len(o) == 4 and o[0] == o[3] for o in orders)
    assert len({o[0] for o in orders}) == len(orders)  # a different player misses two deals each game


def test_seat_event_progressive_individual_starts_from_players(club_a, players_a):
    event = events.create_event(club=club_a, name="Ind", date=DATE, type="progressive-individual", games=3)
    movements.seat_event(event=event, players=players_a[:10], seed=4)
    cells = [c for c in selectors.round_grid(event).cells.values() if c.round.number == 1]
    seated = [p.pk for c in cells for side in (c.majors, c.minors) for p in side.players]
    assert sorted(seated) == sorted(p.pk for p in players_a[:10])


def test_a_broken_movement_is_refused_with_the_engines_message(progressive_a):
    from scoring import movements as engine

    broken = engine.progressive_pairs(4, 4, 4, 4).to_dict()
    broken["rounds"][0]["2"]["minors"] = broken["rounds"][0]["1"]["minors"]
    with pytest.raises(ValidationError) as caught:
        movements.apply_movement(event=progressive_a, movement=broken)
    assert caught.value.field == "movement" and caught.value.message
    assert Seating.objects.filter(round__event=progressive_a).count() == 4 * 4 * 2


def test_seating_cannot_change_after_results(progressive_a, sheet):
    from director.results import services as results

    results.enter_sheet(table=progressive_a.tables.get(number=1), round=progressive_a.rounds.get(number=2), sheet=sheet)
    with pytest.raises(Conflict, match="game 2 has results; its seating cannot change"):
        movements.seat_event(event=progressive_a)
    movements.apply_plan(event=progressive_a, plan=[{1: {"majors": 1, "minors": 6}}], from_round=3)  # later games may


def test_seating_names_a_partnership_without_a_direction(progressive_a, club_a, new_players):
    spare = lineup.add_partnership(event=progressive_a, players=new_players(club_a, 2, "Spare"))
    before = list(Seating.objects.filter(round__event=progressive_a).values_list("pk", flat=True))
    with pytest.raises(ValidationError) as caught:
        movements.seat_event(event=progressive_a)
    message = caught.value.message
    assert f"partnership {spare.number} has no direction" in message and "majors" in message
    assert "which is not in the event" not in message and caught.value.field == "partnerships"
    assert list(Seating.objects.filter(round__event=progressive_a).values_list("pk", flat=True)) == before
    lineup.add_partnership(event=progressive_a, players=new_players(club_a, 2, "Other"))
    with pytest.raises(ValidationError, match=r"partnerships 9 and 10 have no direction"):
        movements.seat_event(event=progressive_a)


# --- where the two builders differed: the one builder's rule, pinned ----------------------------------
def test_a_mitchell_keeps_the_events_own_partnership_numbers(club_a, players_a):
    """Changed: ``seat_event`` refused a Mitchell unless majors were 1..T and minors T+1..2T; the
    one builder seats any numbering (majors stationary, in number order) under the event's numbers."""
    event = events.create_event(club=club_a, name="Mitchell", date=DATE, type="duplicate-pairs", games=3)
    for number in range(1, 7):  # majors 1, 3, 5; minors 2, 4, 6
        direction = "majors" if number % 2 else "minors"
        lineup.add_partnership(event=event, players=players_a[2 * number - 2 : 2 * number], direction=direction)
    assert movements.seat_event(event=event) == 3 * 3 * 2
    grid = selectors.round_grid(event)
    for r in grid.rounds:
        majors = [grid.cell(r.number, t.number).majors.partnership.number for t in grid.tables]
        assert majors == [1, 3, 5]  # the majors stay at their tables
        minors = {grid.cell(r.number, t.number).minors.partnership.number for t in grid.tables}
        assert minors == {2, 4, 6}
        assert sorted(grid.cell(r.number, t.number).game_set for t in grid.tables) == [1, 2, 3]


def test_teams_are_read_from_the_rows_not_assumed_from_the_numbering(club_a, players_a):
    """Changed: ``seat_event`` assumed team k was partnerships 2k+1 (majors) and 2k+2 (minors); the
    one builder reads each team's partnerships from the rows."""
    event = events.create_event(club=club_a, name="Match", date=DATE, type="duplicate-teams", games=2)
    ps = {
        number: lineup.add_partnership(
            event=event, players=players_a[2 * number - 2 : 2 * number], direction="majors" if number <= 2 else "minors"
        )
        for number in range(1, 5)
    }
    lineup.create_team(event=event, name="A", partnerships=[ps[1], ps[3]])
    lineup.create_team(event=event, name="B", partnerships=[ps[2], ps[4]])
    movements.seat_event(event=event)
    grid = selectors.round_grid(event)
    tables = {
        (grid.cell(1, t.number).majors.partnership.number, grid.cell(1, t.number).minors.partnership.number)
        for t in grid.tables
    }
    assert tables == {(1, 4), (2, 3)}  # each team's majors meet the other team's minors
    event.refresh_from_db()
    teams = {t["team"]: (t["majors"], t["minors"]) for t in event.movement["teams"]}
    assert teams == {"A": (1, 3), "B": (2, 4)}


def test_seating_is_refused_once_game_1_has_started(progressive_a):
    """Changed: ``seat_event`` re-seated a running event until a game had results; now, as on the
    movement page, nothing is rebuilt once game 1 has started (swap or bring latecomers in)."""
    events.start_event(event=progressive_a)
    before = list(Seating.objects.filter(round__event=progressive_a).values_list("pk", flat=True))
    with pytest.raises(Conflict, match="game 1 has started"):
        movements.seat_event(event=progressive_a)
    assert list(Seating.objects.filter(round__event=progressive_a).values_list("pk", flat=True)) == before


def test_seating_is_audited_as_a_build(progressive_a, director_a):
    from director.audit.models import AuditEntry

    movements.seat_event(event=progressive_a, by=director_a)
    assert AuditEntry.objects.filter(action="movements.build", event=progressive_a).exists()


def test_every_kind_has_one_builder():
    from director.movements.build import BUILDERS
    from scoring import movements as engine

    assert set(BUILDERS) == set(engine.KINDS)
