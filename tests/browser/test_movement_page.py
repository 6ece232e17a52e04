"""The director's movement page through the real browser (Debian's Chromium): a Mitchell's grid
checked against the engine, a swap before a game starts and one refused for replaying a game set,
a latecomer moved in before a game, and a progressive individual seated from the results.
Set ``SCREENSHOT_DIR`` to keep a PNG of each page for a look."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.events.models import Event, Partnership, Seating
from director.movements import services as ms
from scoring import movements as mv
from tests.browser.conftest import click_and_wait, sign_in
from tests.browser.test_club_night import GOOD, OTHER, fill_sheet, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
FIRST = ["Ann", "Ken", "Jo", "Al", "Mia", "Raj", "Lee", "Sam", "Eve", "Tom", "Ida", "Bo", "Cy", "Dee", "Flo", "Gus"]
NAMES = [f"{first} {last}" for first, last in zip(FIRST, ["Baptiste", "Joseph", "Ramdin", "Lewis"] * 4, strict=True)]

# One round trip: every grid cell as {(game, table): (majors, minors, set)}, the names as shown.
GRID_JS = """cells => cells.map(c => [
    +c.dataset.game, +c.dataset.table,
    c.querySelector('.side.majors').innerText.replace(/^[♠♥\\s]+/, ''),
    c.querySelector('.side.minors').innerText.replace(/^[♦♣\\s]+/, ''),
    (c.querySelector('.set') || {innerText: ''}).innerText])"""
# Every "where next" row as {unit: [cell, ...]}.
WHERE_JS = """rows => rows.map(r => [r.querySelector('th').innerText,
    [...r.querySelectorAll('td')].map(td => td.innerText.replace(/\\s+/g, ' ').trim())])"""


def grid(page) -> dict:
    cells = page.eval_on_selector_all("table.movement-grid td.cell[data-game]", GRID_JS)
    return {(game, table): (majors, minors, game_set) for game, table, majors, minors, game_set in cells}


def where_next(page) -> dict:
    return dict(page.eval_on_selector_all("#where-next tbody tr", WHERE_JS))


def byes(page, game: int) -> str:
    return page.locator(f"#game-{game} td").last.inner_text().strip()


def label(event, number: int) -> str:
    partnership = Partnership.objects.get(event=event, number=number)
    return f"{number}: " + " & ".join(m.player.name for m in partnership.members.order_by("position"))


def seatings(event) -> set:
    return set(
        Seating.objects.filter(round__event=event).values_list(
            "round__number", "table__number", "direction", "partnership__number", "game_set_number"
        )
    )


def director_with_players(page, count: int):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=name) for name in NAMES[:count]]
    sign_in(page, "dora", PASSWORD)
    return club, players


def pairs_event(club, players, *, name: str, type: str, games: int, **settings) -> Event:
    event = events.create_event(club=club, name=name, date="2025-04-01", type=type, games=games, **settings)
    lineup.draw_partnerships(event=event, players=players, seed=5, fix_directions=True)
    return event


def swap(page, first: str, second: str) -> None:
    page.select_option("#swap select[name=first]", label=first)
    page.select_option("#swap select[name=second]", label=second)
    click_and_wait(page.get_by_role("button", name="Swap", exact=True))


def test_mitchell_grid_swap_before_a_game_and_a_replay_refused(page):
    club, players = director_with_players(page, 16)
    event = pairs_event(club, players, name="Mitchell night", type="duplicate-pairs", games=2, movement_kind="mitchell")
    majors = sorted(Partnership.objects.filter(event=event, direction="majors").values_list("number", flat=True))
    minors = sorted(Partnership.objects.filter(event=event, direction="minors").values_list("number", flat=True))
    assert len(majors) == len(minors) == 4
    # The engine numbers majors 1..T and minors T+1..2T; the event keeps its own numbers.
    engine_ids = {t + 1: majors[t] for t in range(4)} | {5 + t: minors[t] for t in range(4)}
    names = {n: label(event, n) for n in majors + minors}

    def expected(movement: mv.Movement, swapped: dict | None = None, from_game: int = 1) -> dict:
        cells = {}
        for game, tables in enumerate(movement.rounds, start=1):
            for table, entry in tables.items():
                a, b = engine_ids[entry.majors], engine_ids[entry.minors]
                if swapped and game >= from_game:
                    a, b = swapped.get(a, a), swapped.get(b, b)
                cells[game, table] = (names[a], names[b], f"Set {entry.game_set}")
        return cells

    engine = mv.mitchell(4, 2)
    page.goto(f"/events/{event.pk}/movement/")
    assert page.locator("table.movement-grid").count() == 0
    page.get_by_role("button", name="Build the movement").click()
    assert "Movement built: 2 games seated." in page.locator("ul.messages").inner_text()
    built = grid(page)
    assert built == expected(engine)
    # Every table of a game plays a different set, and majors stay put: the engine's shape, not just its labels.
    assert {built[1, t][2] for t in range(1, 5)} == {"Set 1", "Set 2", "Set 3", "Set 4"}
    assert [built[2, t][0] for t in range(1, 5)] == [names[n] for n in majors]

    events.start_event(event=event, force=True)  # game 1 under way (no sets: not the point here)
    page.reload()
    assert "can change" not in page.locator("#game-1 .round-head").inner_text()
    assert "can change" in page.locator("#game-2 .round-head").inner_text()
    assert page.locator("#where-next thead th").all_inner_texts() == ["Partnership", "Game 1", "Next: game 2"]
    shot(page, "movement-01-mitchell")

    # Swap the first two minors from game 2 (the default, the next game to start).
    a, b = minors[0], minors[1]
    swap(page, names[a], names[b])
    assert f"{names[a]} and {names[b]} swapped from game 2" in page.locator("ul.messages").inner_text()
    after = grid(page)
    assert after == expected(engine, {a: b, b: a}, from_game=2)
    assert {k: v for k, v in after.items() if k[0] == 1} == {k: v for k, v in built.items() if k[0] == 1}
    # Where next: game 1 as it was played, game 2 at the other's old place.
    table_now = next(t for (g, t), cell in built.items() if g == 1 and cell[1] == names[a])
    table_next = next(t for (g, t), cell in built.items() if g == 2 and cell[1] == names[b])
    now, upcoming = where_next(page)[names[a]]
    assert now == f"Table {table_now} ♦♣ · {built[1, table_now][2].lower()} v {built[1, table_now][0]}"
    assert upcoming == f"Table {table_next} ♦♣ · {built[2, table_next][2].lower()} v {built[2, table_next][0]}"
    shot(page, "movement-02-swapped")

    # Now minors a and the third minors: a would play again the set it played in game 1. Refused.
    stored, rows = Event.objects.get(pk=event.pk).movement, seatings(event)
    c = minors[2]
    swap(page, names[a], names[c])
    refusal = page.locator("#swap .errorlist").inner_text()
    assert "breaks a rule" in refusal and "plays game set" in refusal and "twice" in refusal
    assert page.locator("ul.messages").count() == 0
    assert grid(page) == after
    assert Event.objects.get(pk=event.pk).movement == stored and seatings(event) == rows
    shot(page, "movement-03-replay-refused")


def test_a_latecomer_is_moved_in_before_the_next_game(page):
    club, players = director_with_players(page, 12)
    event = pairs_event(club, players[:10], name="Late night", type="progressive-pairs", games=3)
    ms.build_movement(event=event)  # 3 majors v 2 minors: a majors partnership sits out each game
    events.start_event(event=event)
    before_move = ms.load_movement(event).movement
    sitting_out = [out[0] for out in before_move.sitting_out]
    assert len(sitting_out) == 3

    page.goto(f"/events/{event.pk}/movement/")
    before = grid(page)
    assert [byes(page, g) for g in (1, 2, 3)] == [label(event, n) for n in sitting_out]
    # Only the two club players not yet playing are offered.
    offered = page.locator("#latecomer select[name=players] option").all_inner_texts()
    assert offered == sorted(p.name for p in players[10:])
    page.select_option("#latecomer select[name=players]", label=[p.name for p in players[10:]])
    click_and_wait(page.get_by_role("button", name="Bring in"))
    message = page.locator("ul.messages").inner_text()
    assert "partnership 6" in message and "came in from game 2" in message

    late = Partnership.objects.get(event=event, number=6)
    assert late.direction == "minors"
    newcomer = label(event, 6)
    after = grid(page)
    # Game 1 had started: untouched, its bye still there.
    assert {k: v for k, v in after.items() if k[0] == 1} == {k: v for k, v in before.items() if k[0] == 1}
    assert byes(page, 1) == label(event, sitting_out[0])
    # Games 2 and 3: the latecomer plays the partnership that had the bye, and nobody sits out.
    tables = {}
    for game in (2, 3):
        assert byes(page, game) == "—"
        (table,) = [t for (g, t), cell in after.items() if g == game and cell[1] == newcomer]
        assert after[game, table][0] == label(event, sitting_out[game - 1])
        tables[game] = table
        others = {k: v for k, v in after.items() if k[0] == game and k[1] != table}
        assert others == {k: v for k, v in before.items() if k[0] == game}
    assert set(Seating.objects.filter(partnership=late).values_list("round__number", "table__number")) == set(
        tables.items()
    )
    now, upcoming = where_next(page)[newcomer]
    assert now == "—"
    assert upcoming == f"Table {tables[2]} ♦♣ v {label(event, sitting_out[1])}"
    shot(page, "movement-04-latecomer")


def test_individual_next_game_waits_for_the_results_then_winners_stay(page):
    club, players = director_with_players(page, 8)
    event = events.create_event(club=club, name="Solo night", date="2025-04-01", type="progressive-individual", games=3)
    first = ms.build_movement(event=event, players=players, seed=11)
    events.start_event(event=event)
    name = {p.pk: p.name for p in players}
    game_one = {t: {d: [name[p] for p in side] for d, side in e.sides()} for t, e in first.rounds[0].items()}
    assert sorted(game_one) == [1, 2]

    page.goto(f"/events/{event.pk}/movement/")
    needed = page.locator("#next-game").inner_text()
    assert "Still needed for game 1" in needed
    assert "Table 1 — no result yet" in needed and "Table 2 — no result yet" in needed
    # Game 1 is being played: it cannot change, and where next waits for its results.
    assert "in play (has started)" in page.locator("#game-1 .round-head").inner_text()
    assert "not seated yet" in page.locator("#game-2 .round-head").inner_text()
    assert page.locator("#where-next thead th").all_inner_texts() == ["Player", "Game 1", "Next: game 2"]
    assert page.locator('td.cell[data-game="2"]').count() == 0
    assert {row[1] for row in where_next(page).values()} == {"from game 1's results"}

    # Asking for game 2 too early is refused, naming the tables; nothing is seated.
    click_and_wait(page.get_by_role("button", name="Seat game 2"))
    refusal = page.locator("#next-game .errorlist li").all_inner_texts()
    assert refusal == ["table 1: no result yet", "table 2: no result yet"]
    assert page.locator("ul.messages").count() == 0
    assert len(Event.objects.get(pk=event.pk).movement["rounds"]) == 1
    assert page.locator('td.cell[data-game="2"]').count() == 0
    shot(page, "movement-05-results-needed")

    # Enter game 1 through the page the movement page links to: minors win table 1, majors table 2.
    page.get_by_role("link", name="Enter game 1's results").click()
    page.wait_for_url("**/games/1/scores/")
    fill_sheet(page, 1, GOOD)
    fill_sheet(page, 2, OTHER)
    page.get_by_role("button", name="Save game 1").click()
    assert "Saved game 1: tables 1, 2" in page.locator("ul.messages").inner_text()

    page.goto(f"/events/{event.pk}/movement/")
    assert "Still needed" not in page.locator("#next-game").inner_text()
    click_and_wait(page.get_by_role("button", name="Seat game 2"))
    # The confirm step (#30): what seating game 2 does; nothing is seated until it is confirmed.
    assert "winners stay" in page.locator("#confirm").inner_text()
    assert len(Event.objects.get(pk=event.pk).movement["rounds"]) == 1
    click_and_wait(page.locator("#confirm-button"))
    assert "Game 2 seated from game 1's results" in page.locator("ul.messages").inner_text()
    shot(page, "movement-06-game-2-seated")

    after = grid(page)
    seated = {t: {p for side in after[2, t][:2] for p in side.split(" & ")} for t in (1, 2) if (2, t) in after}
    assert sorted(seated) == [1, 2] and set.union(*seated.values()) == set(name.values())
    winners = {1: "minors", 2: "majors"}
    for table, sides in game_one.items():
        for direction, side in sides.items():
            for player in side:
                stays = direction == winners[table]
                assert (player in seated[table]) == stays, (player, table, direction)
    # Partners change: no side of game 2 is a side of game 1.
    old_sides = {frozenset(side) for sides in game_one.values() for side in sides.values()}
    assert not {frozenset(side.split(" & ")) for t in (1, 2) for side in after[2, t][:2]} & old_sides
    # Where next says the same: a winner of table 1 stays there, a loser of it goes to table 2.
    rows = where_next(page)
    winner, loser = game_one[1]["minors"][0], game_one[1]["majors"][0]
    assert rows[winner][0].startswith("Table 1 ") and rows[winner][1].startswith("Table 1 ")
    assert rows[loser][0].startswith("Table 1 ") and rows[loser][1].startswith("Table 2 ")
