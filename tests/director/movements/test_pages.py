"""Movement pages: the grid, where next, the forms (errors next to their field), the balance
report and "seat the next game"; access by club; constant query counts (2 tables against 8)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from director.events import services as events
from director.events.models import Event, Partnership
from director.movements import services as ms
from scoring import movements as mv

from .conftest import make_event
from .test_services import enter

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def progressive(club_a, many_players):
    event = make_event(club_a, many_players, count=16, games=4)
    ms.build_movement(event=event)
    return event


def url(name, event):
    return reverse(f"movements:{name}", args=[event.pk])


def field_errors(html: str, name: str) -> str:
    """The text of the field block (label, input, errors) of form field ``name``."""
    pattern = rf'<div class="field has-error">(?:(?!<div class="field).)*?name="{name}".*?</div>'
    match = re.search(pattern, html, re.S)
    return match.group(0) if match else ""


def from_round_options(html: str) -> list[str]:
    """The values offered by the swap form's "from game" select."""
    form = re.search(r'<form method="post" action="[^"]*/swap/">(.*?)</form>', html, re.S).group(1)
    select = re.search(r'<select name="from_round"[^>]*>(.*?)</select>', form, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


@pytest.mark.parametrize("name", ["movement", "balance"])
def test_pages_for_the_director_another_club_and_anonymous(client, progressive, director_a, director_b, name):
    response = client.get(url(name, progressive))
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(director_b)
    assert client.get(url(name, progressive)).status_code == 404
    client.force_login(director_a)
    response = client.get(url(name, progressive))
    assert response.status_code == 200


def test_movement_page_shows_the_grid_and_where_next(client, progressive, director_a):
    client.force_login(director_a)
    html = client.get(url("movement", progressive)).content.decode()
    assert "Table 4" in html and "Game 4" in html
    p5 = Partnership.objects.get(event=progressive, number=5)
    names = " &amp; ".join(m.player.name for m in p5.members.order_by("position"))
    assert f"5: {names}" in html
    assert "Where next" in html and "Swap two partnerships" in html and "Bring a latecomer in" in html


def test_posts_for_another_club_are_404(client, progressive, director_b):
    client.force_login(director_b)
    for name in ("swap", "latecomer", "next", "build"):
        assert client.post(url(name, progressive), {"first": 5, "second": 6}).status_code == 404


def test_swap_form(client, progressive, director_a):
    client.force_login(director_a)
    expected = ms.load_movement(progressive).fingerprint
    response = client.post(url("swap", progressive), {"first": 5, "second": 6, "expected": expected})
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "swapped from game 1" in html
    # Same partnership twice: the error is next to the second field.
    response = client.post(url("swap", progressive), {"first": 5, "second": 5})
    assert response.status_code == 400
    assert "two different" in field_errors(response.content.decode(), "second")
    # A game that has started: the service's refusal is shown next to "from game".
    events.start_event(event=progressive)
    response = client.post(url("swap", progressive), {"first": 5, "second": 6, "from_round": 1})
    assert response.status_code == 400
    assert "game 1 has started" in field_errors(response.content.decode(), "from_round")
    # The form shown again offers only the games that can still change (and the one chosen).
    assert from_round_options(response.content.decode()) == ["", "1", "2", "3", "4"]
    response = client.post(url("swap", progressive), {"first": 5, "second": 5, "from_round": 2})
    assert from_round_options(response.content.decode()) == ["", "2", "3", "4"]
    # A stale page is refused at the top of the form.
    response = client.post(url("swap", progressive), {"first": 7, "second": 8, "expected": expected})
    assert response.status_code == 400 and "changed since this page was loaded" in response.content.decode()


def test_latecomer_form_quick_adds_and_seats(client, progressive, director_a):
    client.force_login(director_a)
    response = client.post(url("latecomer", progressive), {"new_players": "Late Lou\nTardy Ted"})
    assert response.status_code == 302
    late = Partnership.objects.get(event=progressive, number=9)
    assert sorted(m.player.name for m in late.members.all()) == ["Late Lou", "Tardy Ted"]
    # One player is not a partnership: the error sits next to the players, nothing is added.
    response = client.post(url("latecomer", progressive), {"new_players": "Alone Al"})
    assert response.status_code == 400
    assert "two or three players" in field_errors(response.content.decode(), "players")
    assert not progressive.club.players.filter(name="Alone Al").exists()
    response = client.post(url("latecomer", progressive), {})
    assert response.status_code == 400
    assert "choose the latecomers" in field_errors(response.content.decode(), "players")


def test_a_latecomer_typed_by_name_is_the_clubs_member_even_inactive_as_at_set_up(client, progressive, director_a):
    """The quick-add rule of the night's set-up (clubs.services.find_or_add_players): a name the
    club has, in any case and spacing, active or not, is that member — never a refused duplicate."""
    from director.clubs import services as club_services

    club = progressive.club
    lou = club_services.add_player(club=club, name="Late Lou")
    club_services.update_player(player=lou, active=False)
    client.force_login(director_a)
    response = client.post(url("latecomer", progressive), {"new_players": "late  LOU\nTardy Ted"})
    assert response.status_code == 302, response.content.decode()
    late = Partnership.objects.get(event=progressive, number=9)
    assert sorted(m.player_id for m in late.members.all()) == sorted([lou.pk, club.players.get(name="Tardy Ted").pk])
    assert club.players.filter(name__iexact="late lou").count() == 1


def test_individual_next_game_asks_for_the_missing_results(client, club_a, many_players, director_a):
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:8], seed=3)
    events.start_event(event=event)
    enter(event, 1, {1: "majors"}, by=director_a)
    client.force_login(director_a)
    html = client.get(url("movement", event)).content.decode()
    assert "Still needed for game 1" in html and "Table 2 — no result yet" in html
    assert reverse("results:entry", args=[event.pk, 1]) in html
    response = client.post(url("next", event), {})
    assert response.status_code == 400 and "no confirmed result for table 2" in response.content.decode()
    enter(event, 1, {2: "minors"}, by=director_a)
    asked = client.post(url("next", event), {})  # every result in: the confirm step first (#30)
    assert asked.status_code == 200 and "Seat game 2?" in asked.content.decode()
    assert len(mv.Movement.from_dict(Event.objects.get(pk=event.pk).movement).rounds) == 1
    response = client.post(url("next", event), {"confirm": "1"})
    assert response.status_code == 302
    html = client.get(url("movement", event)).content.decode()
    assert "Game 2 seated from game 1" in html
    assert "Next: game 2" in html


def test_build_form(client, club_a, many_players, director_a):
    event = make_event(club_a, many_players, type="duplicate-pairs", count=12, games=3, movement_kind="barometer")
    client.force_login(director_a)
    assert "Build the movement" in client.get(url("movement", event)).content.decode()
    response = client.post(url("build", event), {})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.movement["kind"] == "barometer"
    assert "Set 3" in client.get(url("movement", event)).content.decode()


def test_balance_report_flags_repeats(client, club_a, many_players, director_a):
    event = make_event(club_a, many_players, count=8, games=3)  # 2 tables, 3 games: a repeat meeting
    ms.build_movement(event=event)
    client.force_login(director_a)
    html = client.get(url("balance", event)).content.decode()
    assert "met 2 times" in html and "⚠" in html


def queries(client, path) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, path
    return len(captured)


@pytest.mark.parametrize("kind", ["progressive-pairs", "progressive-individual"])
def test_pages_run_a_constant_number_of_queries(client, club_a, new_players, director_a, kind):
    players = new_players(club_a, 40, "Q")
    counts: dict[str, list[int]] = {"movement": [], "balance": []}
    for tables, group in ((2, players[:8]), (8, players[8:40])):
        event = make_event(club_a, group, type=kind, count=4 * tables, games=4)
        ms.build_movement(event=event, **({"players": group, "seed": 1} if kind == "progressive-individual" else {}))
        events.start_event(event=event)
        enter(event, 1, {1: "majors"}, by=director_a)
        client.force_login(director_a)
        for name in counts:
            counts[name].append(queries(client, url(name, event)))
    for name, (small, large) in counts.items():
        assert small == large, (name, counts)
        assert small <= 20, (name, counts)


def test_where_next_matches_the_seatings_byes_included(club_a, many_players):
    # 3 majors v 2 minors: a bye every game. Partnership numbers and player ids overlap, so a
    # partnership must be found by its side, never by a member's id.
    from director.events.models import Seating
    from director.movements.selectors import path

    event = make_event(club_a, many_players, count=11, games=4)
    ms.build_movement(event=event)
    state = ms.load_movement(event)
    seated = {
        (s.round.number, s.partnership.number): s.table.number for s in Seating.objects.filter(round__event=event)
    }
    for number in state.partnerships:
        tables = [place.table for place in path(state, number)]
        assert tables == [seated.get((game, number)) for game in range(1, 5)], number


def test_table_sizes_that_change_reach_the_table_pages_guide_cards_and_scoresheets(
    client, club_a, many_players, director_a
):
    """RULES.md §6: the old table of five becomes a four and the table below a five. Each page and
    printed card reads the game's own seating, so the new five shows its side of three and its
    sit-out order, and the new four shows none."""
    from director.events.models import Table
    from director.printing import guide_cards
    from director.printing.documents import render_from_event
    from director.printing.event_data import load_event_data
    from director.printing.options import PrintOptions
    from scoring import movements as mv
    from tests.director.printing.helpers import pdf_pages

    from .test_services import sizes, trio_loses

    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:13], seed=7)
    events.start_event(event=event)
    first = mv.Movement.from_dict(event.movement)
    big = next(t for t, n in sizes(first, 1).items() if n == 5)
    enter(event, 1, trio_loses(first, 1), by=director_a)
    ms.compute_next_round(event=event)
    events.close_round(round=event.rounds.get(number=1))
    event.refresh_from_db()
    after = mv.Movement.from_dict(event.movement)
    five = next(t for t, n in sizes(after, 2).items() if n == 5)
    assert five != big and sizes(after, 2)[big] == 4
    trio = next(side for _, side in after.rounds[1][five].sides() if len(side) == 3)
    name = {p.pk: p.name for p in many_players}
    x, y, z = trio[2], trio[1], trio[0]

    # The tables' own pages (game 2 is the open game).
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    html = client.get(reverse("table:entry", args=[tables[five].token])).content.decode()
    assert f"{name[x]} sits out deal 1" in html
    html = client.get(reverse("table:entry", args=[tables[big].token])).content.decode()
    assert "sits out deal 1" not in html

    # The director's movement page: where next says who is out in which deals.
    client.force_login(director_a)
    html = client.get(url("movement", event)).content.decode()
    assert "out in deals 1 &amp; 4" in html
    # The event page and game 1's results (played at the old sizes) still show.
    html = client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert name[x] in html
    response = client.get(reverse("standings:round", args=[event.pk, 1]))
    assert response.status_code == 200

    # Guide cards and scoresheets follow the game's sizes.
    data = load_event_data(event)
    card = {c.table: c for c in guide_cards.guide_cards(data)}
    row = {r.round: r for r in card[five].rows}[2]
    side = next(s for s in (row.majors, row.minors) if len(s.player_ids) == 3)
    assert side.sit_out == (name[x], name[y], name[z], name[x])
    row = {r.round: r for r in card[big].rows}[2]
    assert all(len(s.player_ids) == 2 and not s.sit_out for s in (row.majors, row.minors))
    row = {r.round: r for r in card[big].rows}[1]
    assert any(s.sit_out for s in (row.majors, row.minors))  # game 1 there was a five
    pages = pdf_pages(render_from_event("scoresheets", data, PrintOptions()))
    game_two = [p for p in pages if f"Table {five}" in p and "Game 2" in p]
    assert len(game_two) == 1 and f"1 {name[x]} · 2 {name[y]} · 3 {name[z]} · 4 {name[x]}" in game_two[0]


def test_guide_cards_and_the_phone_give_a_seat_only_when_it_is_fixed_for_the_game(club_a, many_players, director_a):
    """The one where-next (``movements.selectors.next_places``) for a progressive individual whose
    game 2 has a table of five: a player going to a side of two is told the seat they get; one going
    to a side of three is told the table and direction only, as their seat changes deal by deal
    (``scoring.movements.Placement.seat``). The guide card used to print a side of three's first-deal
    seat as the seat for the whole game, and said "stays" only when it knew a seat."""
    from director.events.models import Seat
    from director.movements.selectors import next_places
    from director.printing import guide_cards
    from director.printing.event_data import load_event_data
    from scoring import movements as mv

    from .test_services import trio_loses

    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:13], seed=7)
    events.start_event(event=event)
    enter(event, 1, trio_loses(mv.Movement.from_dict(event.movement), 1), by=director_a)
    ms.compute_next_round(event=event)
    # Game 2 as seated: each player's table and, on a side of two, their seat.
    truth = {}
    for seat in Seat.objects.filter(round__event=event, round__number=2).select_related("seating__table"):
        size = Seat.objects.filter(seating=seat.seating).count()
        truth[seat.player.name] = (seat.seating.table.number, seat.suit if size == 2 else None)
    assert any(suit is None for _, suit in truth.values())  # a side of three in game 2

    places = next_places(ms.load_movement(event))
    cards = {c.table: c for c in guide_cards.guide_cards(load_event_data(event))}
    assert {game for game, _ in places} == {1, 2}
    for table, after in ((t, p) for (g, t), p in places.items() if g == 1):
        said = {m.who: (m.table, m.seat) for m in after.moves}
        printed = {m.who: (m.table, m.seat) for ms_ in cards[table].rows[0].moves.values() for m in ms_}
        assert said == printed == {who: truth[who] for who in said}, table
        for m in after.moves:
            kind = next(p.kind for ps in cards[table].rows[0].moves.values() for p in ps if p.who == m.who)
            assert kind == (guide_cards.STAYS if m.stays else guide_cards.MOVES)


def test_set_up_form_and_movement_page_choose_the_individual_movement(client, club_a, many_players, director_a):
    from director.events.models import Event
    from scoring import movements as mv
    from tests.director.web.test_forms import new_event

    from .test_services import sizes, trio_loses

    client.force_login(director_a)
    ids = [str(p.pk) for p in many_players[:13]]
    response = new_event(client, club_a, type="progressive-individual", players=ids, individual_movement="fixed-sizes")
    assert response.status_code == 302
    event = Event.objects.get(club=club_a, name="Friday night")
    assert event.individual_movement == "fixed-sizes"
    response = new_event(client, club_a, name="Saturday", type="progressive-individual", players=ids)
    assert Event.objects.get(club=club_a, name="Saturday").individual_movement == "rules"  # not sent: the rules'

    html = client.get(url("movement", event)).content.decode()
    assert re.search(r'<input type="radio" name="individual_movement" value="fixed-sizes"[^>]*checked', html)
    events.start_event(event=event)
    first = mv.Movement.from_dict(event.movement)
    enter(event, 1, trio_loses(first, 1), by=director_a)
    response = client.post(url("next", event), {"individual_movement": "rules", "confirm": "1"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.individual_movement == "rules"
    assert sizes(mv.Movement.from_dict(event.movement), 2) != sizes(first, 1)  # the rules' movement seated it
    html = client.get(url("movement", event)).content.decode()
    assert "Movement from now on: As the rules say" in html
    # game 2 again, sizes kept
    response = client.post(url("next", event), {"individual_movement": "fixed-sizes", "confirm": "1"})
    event.refresh_from_db()
    assert event.individual_movement == "fixed-sizes"
    assert sizes(mv.Movement.from_dict(event.movement), 2) == sizes(first, 1)
    response = client.post(url("next", event), {"individual_movement": "keep"})
    assert response.status_code == 400
