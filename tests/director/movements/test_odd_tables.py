"""A progressive individual of two, three or seven players (issue #17.7): the night's choice of
what a table of three plays is set up, seated, stored and shown — set-up page, event grid, movement
page, the table's phone page and its guide card."""

from __future__ import annotations

import datetime
import re

import pytest

from director.events import services as events
from director.events.models import Event, Seating
from director.movements import selectors as movement_selectors
from director.movements import services as movement_services
from director.printing.event_data import load_event_data, render_event
from director.printing.guide_cards import guide_cards
from tests.director.factories import seat_players, small_night
from tests.director.printing.helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
DATE = datetime.date(2025, 5, 2)


def individual(club, players, **extra):
    return small_night(club, players, games=4, **extra)


def seats_of(event, table: int, game: int = 1) -> dict[str, int]:
    return seat_players(event, table, game)


def test_seven_players_seat_a_four_and_a_three_handed_table_without_diamonds(club_a, players_a):
    event = individual(club_a, players_a[:7])
    assert (event.three_table, event.removed_suit) == ("three-handed", "D")
    four, three = seats_of(event, 1), seats_of(event, 2)
    assert set(four) == set("SHDC") and set(three) == set("SHC")  # the ♦ chair is empty
    assert sorted([*four.values(), *three.values()]) == sorted(p.pk for p in players_a[:7])
    # nobody sits out at a three: no sit-out orders, no blank "out in deal 1" seat
    assert not Seating.objects.filter(round__event=event, table__number=2).exclude(sit_out_order=[]).exists()
    state = movement_selectors.load_movement(event)
    entry = state.movement.rounds[0][2]
    assert (entry.variant, entry.seats) == ("three-handed", "SHC")
    assert state.in_sync  # the rows read back as the stored movement, variant and seats included
    assert "round 1: table 2 seats three and plays three-handed cutthroat" in state.movement.notes


@pytest.mark.parametrize(
    ("three_table", "removed_suit", "seats"),
    [("neutralised", "D", "SDH"), ("split", "S", "DHC"), ("three-handed", "C", "SDH")],
)
def test_three_players_play_the_nights_choice_in_its_seats(club_a, players_a, three_table, removed_suit, seats):
    event = individual(club_a, players_a[:3], three_table=three_table, removed_suit=removed_suit)
    assert set(seats_of(event, 1)) == set(seats)
    entry = movement_selectors.load_movement(event).movement.rounds[0][1]
    assert (entry.variant, entry.seats) == (three_table, seats)


def test_two_players_play_a_duet_majors_hand_against_minors_hand(club_a, players_a):
    event = individual(club_a, players_a[:2])
    seated = Seating.objects.filter(round__event=event, round__number=1)
    assert sorted(s.direction for s in seated) == ["majors", "minors"]
    assert set(seats_of(event, 1)) == {"S", "C"}
    assert movement_selectors.load_movement(event).movement.rounds[0][1].variant == "duet"


def test_the_three_table_choice_is_fixed_once_the_night_starts(club_a, players_a):
    from director.core.errors import Conflict

    eight = individual(club_a, players_a[:8], allow_twin=True)
    events.update_event(event=eight, three_table="split")  # no table of three seated: fine
    event = individual(club_a, players_a[:7], allow_twin=True)
    with pytest.raises(Conflict, match=r"^table 2 is seated as a table of three or two: what it plays"):
        events.update_event(event=event, three_table="split")  # its seats are written
    events.update_event(event=event, three_table="three-handed", removed_suit="D")  # no change: fine
    events.start_event(event=event)
    with pytest.raises(Conflict, match="what a table of three plays cannot change once the event has started"):
        events.update_event(event=event, three_table="neutralised")
    with pytest.raises(Conflict, match="the suit out of the three packs cannot change"):
        events.update_event(event=event, removed_suit="S")


def test_a_director_reseating_the_four_by_hand_keeps_the_three(club_a, players_a):
    event = individual(club_a, players_a[:7])
    four = seats_of(event, 1)
    round_obj, table = event.rounds.get(number=1), event.tables.get(number=1)
    movement_services.set_seating(
        round=round_obj, table=table, majors=[four["D"], four["C"]], minors=[four["S"], four["H"]]
    )
    assert set(seats_of(event, 2)) == set("SHC")
    assert seats_of(event, 1)["S"] == four["D"]


def test_pages_show_what_the_odd_table_plays_and_its_seats(client, club_a, players_a, director_a):
    event = individual(club_a, players_a[:7], three_table="split")
    three = seats_of(event, 2)
    names = {p.pk: p.name for p in players_a}
    client.force_login(director_a)
    html = client.get(f"/events/{event.pk}/").content.decode()
    cell = html.split('data-table="2" data-game="1"')[1].split("</td>")[0]
    assert "Split partnership" in cell
    found = re.findall(r'<span class="suits suit-(\w)">.</span> <span class="names">([^<]+)</span>', cell)
    assert found == [(s, names[three[s]]) for s in "SHC"]  # clockwise, no ♦ chair
    page = client.get(f"/events/{event.pk}/movement/").content.decode()
    movement_cell = page.split('data-game="1" data-table="2"')[1].split("</td>")[0]
    assert "Split partnership" in movement_cell and names[three["C"]] in movement_cell
    # the table's phone page names the variant and lists only the three seats in play
    events.start_event(event=event)
    token = event.tables.get(number=2).token
    phone = client.get(f"/t/{token}/").content.decode()
    assert '<p class="variant" id="table-variant"><b>Split partnership</b></p>' in phone
    seats = re.findall(r'<li class="seat-(\w)">', phone.split('aria-label="Who sits where"')[1].split("</ul>")[0])
    assert seats == ["S", "H", "C"]


def test_the_set_up_page_offers_the_choice_and_knows_the_odd_counts(client, club_a, director_a):
    client.force_login(director_a)
    html = client.get(f"/clubs/{club_a.slug}/events/new/").content.decode()
    assert 'name="three_table"' in html and 'name="removed_suit"' in html
    assert (  # the tables, and what the odd table plays unless it is the night's choice for a three
        'data-odd="{&quot;2&quot;: [&quot;a Duet of two&quot;, &quot;Calypso Duet&quot;], '
        "&quot;3&quot;: [&quot;a three&quot;, &quot;&quot;], "
        '&quot;7&quot;: [&quot;a four and a three&quot;, &quot;&quot;]}"'
    ) in html


def test_the_set_up_form_seats_a_neutralised_three_and_refuses_a_made_up_choice(client, club_a, players_a, director_a):
    client.force_login(director_a)
    form = {
        "name": "Three of us",
        "date": "2025-05-02",
        "type": "progressive-individual",
        "rules_variant": "standard",
        "games": 3,
        "players": [p.pk for p in players_a[:3]],
        "pairing": "draw",
        "three_table": "neutralised",
    }
    bad = client.post(f"/clubs/{club_a.slug}/events/new/", {**form, "three_table": "five-handed"})
    assert bad.status_code == 400 and "five-handed is not one of the available choices" in bad.content.decode()
    assert not Event.objects.filter(name="Three of us").exists()
    response = client.post(f"/clubs/{club_a.slug}/events/new/", form)
    assert response.status_code == 302
    event = Event.objects.get(name="Three of us")
    assert event.three_table == "neutralised" and set(seats_of(event, 1)) == set("SDH")


def test_the_guide_card_names_the_variant_above_the_seats(club_a, players_a):
    event = individual(club_a, players_a[:7], three_table="neutralised")
    cards = {card.table: card for card in guide_cards(load_event_data(event))}
    assert cards[2].rows[0].kind.variant == "neutralised" and cards[1].rows[0].kind.variant == ""
    text = pdf_pages(render_event("guide-cards", event))[1]
    lines = [line.strip() for line in text.splitlines()]
    at = lines.index("1 Neutralised Calypso")  # game 1, then the seats
    three = seats_of(event, 2)
    names = {p.pk: p.name for p in players_a}
    wanted = [f"♠ {names[three['S']]}", f"♥ {names[three['H']]}", f"♦ {names[three['D']]}"]
    assert [line[: len(w)] for line, w in zip(lines[at + 1 : at + 4], wanted, strict=True)] == wanted


def test_a_night_of_seven_plays_on_seated_from_a_threes_result(client, club_a, players_a, director_a):
    from director.results import services as results
    from tests.director.table.test_tables_of_three import FOUR, THREE

    event = individual(club_a, players_a[:7])
    events.start_event(event=event)
    game = event.rounds.get(number=1)
    for number, sheet in ((1, FOUR), (2, THREE)):
        results.enter_sheet(table=event.tables.get(number=number), round=game, sheet=sheet, by=director_a)
    three = seats_of(event, 2)
    client.force_login(director_a)
    expected = movement_selectors.load_movement(event).fingerprint
    response = client.post(f"/events/{event.pk}/movement/next/", {"expected": expected, "confirm": "1"})
    assert response.status_code == 302, response.content.decode()[:2000]
    # ♣ scored best (1,800): ♣ stays at the three, ♠ and ♥ go up to table 1
    assert three["C"] in seats_of(event, 2, game=2).values()
    assert {three["S"], three["H"]} <= set(seats_of(event, 1, game=2).values())
    assert set(seats_of(event, 2, game=2)) == set("SHC")
    for url in (
        f"/events/{event.pk}/",
        f"/events/{event.pk}/movement/",
        f"/events/{event.pk}/movement/balance/",
        f"/events/{event.pk}/games/1/scores/",
        f"/events/{event.pk}/games/2/scores/",
        f"/events/{event.pk}/results/",
        f"/events/{event.pk}/results/games/1/",
    ):
        assert client.get(url).status_code == 200, url
    page = client.get(f"/events/{event.pk}/movement/").content.decode()
    assert page.count("Three-handed cutthroat") >= 2  # game 1 and game 2
    cards = {card.table: card for card in guide_cards(load_event_data(event))}
    moves = cards[2].rows[0].moves
    movers = {m.who: m for direction in moves for m in moves[direction]}
    names = {p.pk: p.name for p in players_a}
    assert movers[names[three["C"]]].table == 2 and movers[names[three["S"]]].table == 1  # stays at 2


def test_tally_cards_of_a_three_are_cross_checked_against_its_figures(club_a, players_a, director_a):
    from director.results import services as results
    from director.standings.tally_check import cell_name, check_tally_cards
    from tests.director.table.test_tables_of_three import FOUR, THREE

    event = events.start_event(event=individual(club_a, players_a[:7], three_table="split"))
    game = event.rounds.get(number=1)
    for number, sheet in ((1, FOUR), (2, THREE)):
        results.enter_sheet(table=event.tables.get(number=number), round=game, sheet=sheet, by=director_a)
    four, three = seats_of(event, 1), seats_of(event, 2)
    # the four: majors −1000, minors +1000; the split three (on a four's scale, own less the
    # others' average): ♠ +1090, ♥ −1100, ♣ +10
    figures = {four["S"]: -1000, four["H"]: -1000, four["D"]: 1000, four["C"]: 1000}
    figures |= {three["S"]: 1090, three["H"]: -1100, three["C"]: 10}
    typed = {cell_name(pid, 1): f"{net:+}" for pid, net in figures.items()}
    check = check_tally_cards(event=event, typed=typed, by=director_a)
    assert not check.errors and check.discrepancies == []
    wrong = check_tally_cards(event=event, typed={**typed, cell_name(three["H"], 1): "-1010"}, by=director_a)
    assert [(d.kind, d.game, d.table, d.entrants) for d in wrong.discrepancies] == [
        ("scoresheet", 1, 2, (three["H"],)),
        ("zero-sum", None, None, ()),
    ]
    assert "wrote -1,010 but the scoresheet gives -1,100" in wrong.discrepancies[0].message
    assert wrong.discrepancies[1].message == (
        "The tally totals add up to +90, not 0: a tally is wrong by +90 somewhere."
    )
