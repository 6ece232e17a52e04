"""After a game is confirmed the phone says where each side and the game set go next, as a
Bridgemate does (#14.7): from the engine's ``next_places`` through the one where-next selector
(``movements.selectors``), read from the seatings."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import strip_tags

from director.events import services as events
from director.movements.selectors import load_movement, next_places
from tests.director.conftest import make_progressive
from tests.director.factories import make_duplicate
from tests.director.table.conftest import TableClient

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def said(html: str) -> str:
    """The where-next box as the players read it (tags dropped, spaces collapsed)."""
    box = html[html.index('id="where-next"') : html.index("</section>", html.index('id="where-next"'))]
    return re.sub(r"\s+", " ", strip_tags(box.split(">", 1)[1])).strip()


def confirmed_at(table, sheet, round=1) -> str:
    """Table ``table``'s game sent by one phone, confirmed by the other; the page either phone shows."""
    sender, opponents = TableClient(Client(), table), TableClient(Client(), table)
    made = sender.submit(sheet, round=round).json()["submission"]["id"]
    assert opponents.confirm(made).status_code == 200
    return opponents.client.get(opponents.url()).content.decode()


def test_a_progressive_table_is_told_who_stays_and_who_moves_up(tables, sheet):
    where = said(confirmed_at(tables[4], sheet))
    # 4 wraps to 1; a progressive table deals its own cards, so there is no game set to pass on
    assert where == "Where next: game 2 ♠♥ pair: stay at table 4 ♦♣ pair: go to table 1"


def test_the_last_game_does_not_send_the_players_to_wait_for_another(club_a, players_a, director_a, sheet):
    event = events.start_event(
        event=make_progressive(club_a, players_a, tables=2, games=1, by=director_a, phones="table")
    )
    page = confirmed_at(event.tables.get(number=1), sheet)
    status = page[page.index('id="table-status"') : page.index("</div>", page.index('id="table-status"'))]
    assert "✓ Confirmed" in status and "Thank you" in status
    assert "next game" not in status  # there is none: the box below says it was the last
    assert said(page) == "That was the last game Thank you for playing!"


def test_nothing_is_said_before_the_game_is_confirmed(tables, sheet):
    phone = TableClient(Client(), tables[1])
    phone.submit(sheet)
    assert 'id="where-next"' not in phone.client.get(phone.url()).content.decode()


def test_a_mitchell_table_is_told_where_the_minors_and_the_game_set_go(club_a, players_a, director_a, sheet):
    event = events.start_event(event=make_duplicate(club_a, players_a, by=director_a, phones="table"))
    where = said(confirmed_at(event.tables.get(number=1), sheet))
    # the majors of a Mitchell stay, the minors move up, the sets move down
    assert where == (
        "Where next: game 2 ♠♥ pair: stay at table 1 ♦♣ pair: go to table 2 The game set (set 1) goes to table 4."
    )


def test_the_selector_follows_the_engine_for_every_game(club_a, players_a, director_a):
    from scoring.movements import Movement

    event = make_duplicate(club_a, players_a, by=director_a, phones="table")
    event.refresh_from_db()
    movement = Movement.from_dict(event.movement)
    places = next_places(load_movement(event))
    assert set(places) == {(r, t) for r in range(1, 5) for t in range(1, 5)}
    for (number, table), place in places.items():
        if number == 4:
            assert place.next_round is None and place.moves == () and place.set_tables == ()
            continue
        entry = movement.rounds[number - 1][table]
        assert place.set_tables == movement.where_set_next(entry.game_set, number)
        for move in place.moves:
            side = entry.side(move.direction)
            assert move.table == movement.where_next(side, number, player=False).table


def test_a_table_seated_again_by_hand_is_told_the_seating_not_the_stored_movement(
    client, club_a, players_a, director_a, sheet
):
    """The seatings are the truth (a director may re-seat a table by hand: ``set_seating``,
    ``apply_plan``; ``Event.movement`` is then behind). The phone, the guide card, the movement page
    and the event page read the one where-next and say the same. (The phone used to read the stored
    movement and sent table 1's ♠♥ pair back to table 1, where the seating had put another pair.)"""
    from director.movements import services as movements
    from director.movements.selectors import current_plan, path, place
    from director.printing.event_data import load_event_data
    from director.printing.guide_cards import MOVES, guide_cards

    event = make_progressive(club_a, players_a, tables=4, games=2, by=director_a, phones="table")
    event.refresh_from_db()
    stored = dict(event.movement)
    # Game 2 by hand: tables 1 and 2 swap their pairs (the stored movement is left as it was).
    plan = current_plan(event, 2)
    plan.tables[1], plan.tables[2] = plan.tables[2], plan.tables[1]
    movements.apply_plan(event=event, plan=[plan], from_round=2)
    event.refresh_from_db()
    assert event.movement == stored and not load_movement(event).in_sync
    events.start_event(event=event)
    majors = plan.tables[2].majors.partnership  # table 1's ♠♥ pair, now at table 2 in game 2

    # table 1's ♦♣ pair moves up to table 2's pairs, which the swap put at table 1
    assert said(confirmed_at(event.tables.get(number=1), sheet)) == (
        "Where next: game 2 ♠♥ pair: go to table 2 ♦♣ pair: stay at table 1"
    )
    state = load_movement(event)
    assert place(state, majors, 2).table == 2 and [p.table for p in path(state, majors)] == [1, 2]
    card = next(c for c in guide_cards(load_event_data(event)) if c.table == 1)
    (move,) = card.rows[0].moves["majors"]
    assert (move.kind, move.table) == (MOVES, 2)
    client.force_login(director_a)
    row = re.search(rf"<th><b>{majors}</b>.*?</tr>", client.get(f"/events/{event.pk}/").content.decode(), re.S)
    assert re.findall(r"Table (\d+)", row.group(0)) == ["1", "2"]


def test_an_event_seated_without_a_stored_movement_still_says_where_next(club_a, players_a, director_a, sheet):
    """Seated from a plan only (no ``Event.movement``): the seatings still say where next (the phone
    used to say nothing)."""
    from director.events import lineup
    from director.movements import services as movements

    event = events.create_event(club=club_a, name="By hand", date="2025-03-14", games=2, by=director_a, phones="table")
    lineup.draw_partnerships(event=event, players=players_a[:8], seed=1, fix_directions=True)
    plan = [{1: {"majors": 1, "minors": 3}, 2: {"majors": 2, "minors": 4}}]
    plan.append({1: {"majors": 1, "minors": 4}, 2: {"majors": 2, "minors": 3}})
    movements.apply_plan(event=event, plan=plan)
    event.refresh_from_db()
    assert not event.movement
    events.start_event(event=event)
    where = said(confirmed_at(event.tables.get(number=2), sheet))
    assert where == "Where next: game 2 ♠♥ pair: stay at table 2 ♦♣ pair: go to table 1"
