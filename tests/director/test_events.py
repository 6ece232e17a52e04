import datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from director.core.errors import Conflict, NotFound, ValidationError
from director.events import lineup, selectors
from director.events import services as events
from director.events.models import Event, Partnership, Round, Seat, Seating, Table
from director.movements.selectors import load_movement
from director.movements.selectors import path as where_path
from director.results import services as results

DATE = datetime.date(2025, 3, 14)


def test_create_event_makes_rounds_and_tables(club_a, director_a):
    event = events.create_event(club=club_a, name="Friday", date="2025-03-14", games="5", tables=3, by=director_a)
    assert event.games == 5
    assert event.movement_kind == Event.MovementKind.PROGRESSIVE
    assert list(event.rounds.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert list(event.tables.values_list("number", flat=True)) == [1, 2, 3]
    assert len({t.token for t in event.tables.all()}) == 3


@pytest.mark.parametrize(
    "bad,field",
    [
        ({"games": "five"}, "games"),
        ({"games": 0}, "games"),
        ({"games": -2}, "games"),
        ({"type": "bridge"}, "type"),
        ({"rules_variant": "anything-goes"}, "rules_variant"),
        ({"form": "cutthroat"}, "form"),  # progressive pairs is a partnership game
        ({"matchpoint_scale": "imps"}, "matchpoint_scale"),
        ({"date": "14/03/2025"}, "date"),
        ({"game_length_minutes": "long"}, "game_length_minutes"),
        ({"tables": "x"}, "tables"),
    ],
)
def test_bad_event_settings_are_refused_and_write_nothing(club_a, bad, field):
    values = {"name": "Friday", "date": DATE, **bad}
    with pytest.raises(ValidationError) as caught:
        events.create_event(club=club_a, **values)
    assert caught.value.field == field
    assert caught.value.message
    assert not Event.objects.exists()
    assert not Round.objects.exists()


def test_cutthroat_is_allowed_for_individual_events(club_a):
    event = events.create_event(club=club_a, name="Cut", date=DATE, type="progressive-individual", form="cutthroat")
    assert event.form == "cutthroat"


def test_duplicate_table_number_is_refused(club_a):
    event = events.create_event(club=club_a, name="Friday", date=DATE, tables=2)
    with pytest.raises(ValidationError, match="already has a table 2"):
        lineup.add_table(event=event, number=2)
    assert lineup.add_table(event=event).number == 3
    assert Table.objects.filter(event=event).count() == 3


def test_database_refuses_duplicate_table_number(club_a):
    event = events.create_event(club=club_a, name="Friday", date=DATE, tables=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(event=event, number=1)


def test_reissue_table_token(progressive_a):
    table = progressive_a.tables.get(number=1)
    old = table.token
    lineup.reissue_table_token(table=table)
    assert table.token != old
    assert selectors.table_by_token(table.token) == table
    with pytest.raises(NotFound, match="re-issued"):
        selectors.table_by_token(old)


def test_partnership_players_must_belong_to_the_club(club_a, players_a, players_b):
    event = events.create_event(club=club_a, name="Friday", date=DATE)
    with pytest.raises(NotFound, match="unknown player"):
        lineup.add_partnership(event=event, players=[players_a[0].pk, players_b[0].pk])
    with pytest.raises(NotFound, match="unknown player 999999"):
        lineup.add_partnership(event=event, players=[players_a[0].pk, 999999])
    with pytest.raises(ValidationError, match="two or three players, not 1"):
        lineup.add_partnership(event=event, players=[players_a[0]])
    with pytest.raises(ValidationError, match="two or three players, not 4"):
        lineup.add_partnership(event=event, players=players_a[:4])
    assert not Partnership.objects.exists()
    lineup.add_partnership(event=event, players=players_a[:2])
    with pytest.raises(ValidationError, match=f"{players_a[1].name} already plays in partnership 1"):
        lineup.add_partnership(event=event, players=[players_a[1], players_a[2]])
    trio = lineup.add_partnership(event=event, players=players_a[2:5], direction="minors")
    assert [m.player for m in trio.members.all()] == players_a[2:5]


def test_draw_partnerships_is_seeded_and_sets_directions(club_a, players_a):
    first = events.create_event(club=club_a, name="A", date=DATE)
    second = events.create_event(club=club_a, name="B", date=DATE)
    a = lineup.draw_partnerships(event=first, players=players_a[:9], seed=7)
    b = lineup.draw_partnerships(event=second, players=players_a[:9], seed=7)
    names = lambda ps: [[m.player.name for m in p.members.all()] for p in ps]  # noqa: E731
    assert names(a) == names(b)
    assert [len(p.members.all()) for p in a] == [2, 2, 2, 3]
    assert [p.direction for p in a] == ["majors", "majors", "minors", "minors"]


def test_progressive_seating_moves_the_minors_up(progressive_a):
    grid = selectors.round_grid(progressive_a)
    tables = len(grid.tables)
    assert tables == 4
    for r in grid.rounds:
        for t in grid.tables:
            cell = grid.cell(r.number, t.number)
            assert cell.majors.partnership.number == t.number  # majors stay
            assert cell.minors.partnership.number == tables + 1 + (t.number - r.number) % tables
            assert cell.status == "missing"
    # Each minors partnership meets a different majors partnership every game (the one where-next,
    # movements.selectors.path, read from the same rows).
    state = load_movement(progressive_a)
    for minors_number in range(tables + 1, 2 * tables + 1):
        path = [step.table for step in where_path(state, minors_number)]
        assert len(set(path)) == 4
        assert path[1] == path[0] % tables + 1
        seated = {r: c.table.number for (r, _), c in grid.cells.items() if c.minors.partnership.number == minors_number}
        assert path == [seated[r.number] for r in grid.rounds]


def test_database_refuses_a_player_twice_in_a_round(progressive_a):
    seat = Seat.objects.filter(round__event=progressive_a).first()
    other = Seating.objects.filter(round=seat.round).exclude(pk=seat.seating_id).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(seating=other, round=seat.round, suit="S", player=seat.player)


def test_round_close_is_compare_and_swap(progressive_a):
    round1 = progressive_a.rounds.get(number=1)
    events.close_round(round=round1)
    with pytest.raises(Conflict, match="already closed"):
        events.close_round(round=round1)
    events.reopen_round(round=round1)


def test_event_status_moves(progressive_a):
    events.start_event(event=progressive_a)
    with pytest.raises(Conflict, match="is running, not draft"):
        events.start_event(event=progressive_a)
    with pytest.raises(Conflict, match="type cannot change"):
        events.update_event(event=progressive_a, type="duplicate-pairs")
    results.finish_event(event=progressive_a, force=True)  # no results yet: only on purpose
    assert not progressive_a.rounds.filter(status="open").exists()


def test_public_switches(progressive_a):
    events.set_public_switches(event=progressive_a, standings_released=True)
    assert progressive_a.standings_released and not progressive_a.hands_released
    with pytest.raises(ValidationError, match="true or false"):
        events.set_public_switches(event=progressive_a, hands_released="yes")
    with pytest.raises(ValidationError, match="unknown switch"):
        events.set_public_switches(event=progressive_a, everything=True)


def test_lowering_games_drops_unplayed_rounds(progressive_a):
    events.update_event(event=progressive_a, games=2)
    assert progressive_a.rounds.count() == 2


def test_teams(club_a, players_a):
    event = events.create_event(club=club_a, name="Match", date=DATE, type="duplicate-teams", games=2)
    ps = [lineup.add_partnership(event=event, players=players_a[i : i + 2]) for i in range(0, 8, 2)]
    red = lineup.create_team(event=event, name="Red", partnerships=ps[:2])
    lineup.create_team(event=event, name="Blue", partnerships=ps[2:])
    with pytest.raises(ValidationError, match="already has a team called 'Red'"):
        lineup.create_team(event=event, name="Red")
    assert [t.name for t in selectors.teams_of(event)] == ["Red", "Blue"]
    assert {p.number for p in red.partnerships.all()} == {1, 2}


def _count(callable_):
    with CaptureQueriesContext(connection) as ctx:
        callable_()
    return len(ctx.captured_queries)


def test_selectors_have_constant_query_counts(club_a, new_players, new_progressive, director_a):
    players = new_players(club_a, 40, prefix="Q")
    small = new_progressive(club_a, players[:8], tables=2, games=2)
    large = new_progressive(club_a, players[8:], tables=8, games=5, seed=2)

    def everything(event):
        def run():
            grid = selectors.round_grid(event)
            for _r, cells in grid.rows():
                for cell in cells:
                    if cell:
                        _ = [cell.majors.label, cell.minors.label, cell.status]
            for p in selectors.partnerships_of(event):
                _ = [m.player.name for m in p.members.all()]
            detail = selectors.event_detail(event.pk, user=director_a)
            _ = [list(p.members.all()) for p in detail.partnerships.all()]
            _ = list(selectors.events_for(director_a))
            table, round_ = event.tables.first(), event.rounds.first()
            cell = selectors.table_round(table, round_)
            _ = [p.name for p in cell.majors.players]

        return run

    assert _count(everything(small)) == _count(everything(large))


def test_event_selectors_only_show_the_users_clubs(
    progressive_a, club_b, players_b, director_a, director_b, player_user
):
    from director.events.models import Event as EventModel

    other = events.create_event(club=club_b, name="Sando night", date=DATE)
    assert list(selectors.events_for(director_a)) == [progressive_a]
    assert list(selectors.events_for(director_b)) == [other]
    assert list(selectors.events_for(player_user)) == []
    assert selectors.event_detail(progressive_a.pk, user=director_a) == progressive_a
    with pytest.raises(NotFound):
        selectors.event_detail(progressive_a.pk, user=director_b)
    assert EventModel.objects.count() == 2


def test_the_number_of_games_is_fixed_once_started(progressive_a):
    events.start_event(event=progressive_a)
    with pytest.raises(Conflict, match="the number of games cannot change once the event has started") as caught:
        events.update_event(event=progressive_a, games=6)
    assert caught.value.field == "games"
    progressive_a.refresh_from_db()
    assert progressive_a.games == 4 and progressive_a.rounds.count() == 4
    events.update_event(event=progressive_a, games=4, name="Same games")  # not a change: allowed
    assert Event.objects.get(pk=progressive_a.pk).name == "Same games"


def test_reissue_on_the_page_asks_first_and_then_says_to_reprint_the_card(client, progressive_a, director_a):
    client.force_login(director_a)
    table = progressive_a.tables.get(number=2)
    old = table.token
    url = reverse("events:reissue_token", args=[progressive_a.pk, 2])
    # The page offers a confirm step, not a one-click re-issue.
    page = client.get(reverse("events:detail", args=[progressive_a.pk])).content.decode()
    assert f'action="{url}"' not in page and "?reissue=2#table-links" in page
    # A post without the confirmation (an old page, a stray click) only asks.
    asked = client.post(url)
    assert asked.status_code == 302 and "reissue=2" in asked["Location"]
    table.refresh_from_db()
    assert table.token == old
    confirm = client.get(asked["Location"]).content.decode()
    assert "Re-issue table 2's link?" in confirm and "reprint that guide card" in confirm
    assert f'action="{url}"' in confirm and 'name="confirm" value="1"' in confirm
    done = client.post(url, {"confirm": "1"}, follow=True).content.decode()
    table.refresh_from_db()
    assert table.token != old
    assert "Reprint table 2&#x27;s guide card" in done


def test_the_event_page_links_the_public_standings_once_released(client, progressive_a, director_a):
    client.force_login(director_a)
    public = reverse("public:standings", kwargs={"slug": progressive_a.club.slug, "event_id": progressive_a.pk})
    detail = reverse("events:detail", args=[progressive_a.pk])
    assert f'href="{public}"' not in client.get(detail).content.decode()
    events.set_public_switches(event=progressive_a, standings_released=True)
    assert f'href="{public}"' in client.get(detail).content.decode()


def test_clock_start_is_compare_and_swap(progressive_a):
    round_obj = Round.objects.get(event=progressive_a, number=1)
    started = events.start_clock(round=round_obj)
    assert started.started_at is not None
    with pytest.raises(Conflict):
        events.start_clock(round=round_obj)
    again = events.start_clock(round=round_obj, restart=True)
    assert again.started_at >= started.started_at
    assert events.stop_clock(round=round_obj).started_at is None
