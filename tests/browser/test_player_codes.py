"""Player codes in a real browser (issue 29): a progressive pairs night and a progressive individual,
four phones at table 1 (four browser contexts, one a player, each opened with its own code): ♠
enters, ♥'s browser (the same side) is refused, ♦ confirms; the director closes game 1; a player
who moved on is refused at table 1, and the phone follows its player to game 2 by itself. Set
``SCREENSHOT_DIR`` for PNGs."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import codes, lineup
from director.events import services as events
from director.events.models import PlayerCode, Round, Seat
from director.movements import night as nights
from director.movements import services as movements
from director.results import services as results
from director.results.models import Submission
from tests.browser.conftest import PAGE_TIMEOUT_MS
from tests.browser.test_table_entry import PASSWORD, SHEET, fill_sheet, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET_DICT = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}


def _club(slug):
    user = get_user_model().objects.create_user(f"dora-{slug}", password=PASSWORD)
    club = clubs.create_club(name=f"Club {slug}", slug=slug, owner=user)
    return club, [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, 9)]


def pairs_night():
    club, members = _club("pairs")
    event = events.create_event(
        club=club, name="Pairs night", date=datetime.date(2026, 11, 20), games=2, phones="player"
    )
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


def individual_night():
    club, members = _club("solo")
    event = nights.set_up_night(
        club=club,
        name="Individual night",
        date=datetime.date(2026, 11, 21),
        type="progressive-individual",
        players=[p.pk for p in members],
        seed=3,
        games=2,
        phones="player",
    )
    return events.start_event(event=event)


@pytest.fixture
def phones(browser, live_server):
    contexts = []

    def new_phone():
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield new_phone
    for context in contexts:
        context.close()


def seats(event, game, table):
    rows = Seat.objects.filter(round__event=event, round__number=game, seating__table__number=table)
    return {s.suit: s.player_id for s in rows}


def open_code(phone, event, player_id):
    code = PlayerCode.objects.get(event=event, player_id=player_id).code
    phone.goto(f"/me/{codes.shown(code).lower()}/")  # as typed: small letters, the dash
    assert phone.url.endswith("/me/")
    return phone


def post_json(phone, path, body):
    """A post from ``phone``'s browser (its cookies), as its page script sends one."""
    token = next(c["value"] for c in phone.context.cookies() if c["name"] == "csrftoken")
    headers = {"X-CSRFToken": token, "Accept": "application/json", "Content-Type": "application/json"}
    return phone.context.request.post(path, data=json.dumps(body), headers=headers)


def play(event, phones, name):
    table = event.tables.get(number=1)
    at = seats(event, 1, 1)
    names = {p.pk: p.name for p in event.club.players.all()}
    spade, heart, diamond, club = (open_code(phones(), event, at[s]) for s in "SHDC")

    # ♠: where they sit, the sheet to enter (their side chosen for them), sent.
    where = spade.inner_text("#where-now")
    assert where.startswith(f"Game 1: table 1, you are ♠ with {names[at['H']]}, against ")
    assert names[at["D"]] in where and names[at["C"]] in where
    shot(spade, f"{name}-player-page")
    fill_sheet(spade, SHEET["pile"])
    # the side is known from the seating: said, not asked
    assert spade.locator("input[type=radio][name=side]").count() == 0
    assert spade.inner_text("#you-are") == f"You are ♠ (spades) with {names[at['H']]}"
    spade.get_by_role("button", name="Send the sheet").click()
    spade.wait_for_selector("#table-status[data-status=submitted]")
    sid = Submission.objects.get(table=table).pk

    # ♥, a second browser of the same side: not offered Confirm, and refused when it tries.
    heart.reload()
    heart.wait_for_selector("#table-status[data-status=submitted]")
    assert heart.locator("button.confirm").count() == 0
    assert "by your side" in heart.inner_text("#sent-here")
    refused = post_json(heart, f"/t/{table.token}/confirm/", {"submission": sid, "side": "minors"})
    assert refused.status == 403 and "your side sent this sheet" in refused.json()["error"]

    # ♦, an opponent: confirms on their own page (keyboard only: Tab to the button, Enter).
    diamond.reload()
    diamond.wait_for_selector("#table-status[data-status=submitted]")
    diamond.locator("button.confirm").focus()
    diamond.keyboard.press("Enter")
    diamond.wait_for_selector("#table-status[data-status=confirmed]")
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.submitted_by_player_id, row.status_changed_by_player_id) == (
        "confirmed",
        at["S"],
        at["D"],
    )
    shot(diamond, f"{name}-confirmed")

    # The other tables' sheets come in, and the director closes game 1.
    for other in event.tables.exclude(pk=table.pk):
        s = seats(event, 1, other.number)
        if s:
            results.enter_sheet(table=other, round=Round.objects.get(event=event, number=1), sheet=SHEET_DICT)
    if event.is_individual:  # winners stay, losers move: the director seats game 2 from game 1's results
        movements.compute_next_round(event=event)
    events.close_round(round=Round.objects.get(event=event, number=1))

    # Every phone follows its player to game 2 by itself (its page polls /me/state/).
    for phone, suit in ((spade, "S"), (heart, "H"), (diamond, "D"), (club, "C")):
        player = at[suit]
        now = next(n for n in range(1, 4) if player in seats(event, 2, n).values())
        phone.wait_for_function(
            "t => document.querySelector('#where-now') && document.querySelector('#where-now').textContent.includes(t)",
            arg=f"Game 2: table {now}",
            timeout=45_000,  # the page polls every 4 s; the machine may be busy
        )
        if now != 1:  # a player who moved on is refused at table 1
            refused = post_json(phone, f"/t/{table.token}/submit/", {"round": 2, "sheet": SHEET_DICT})
            assert refused.status == 403 and refused.json()["code"] == "not-at-this-table"
    shot(spade, f"{name}-game-2")
    assert any(player not in seats(event, 2, 1).values() for player in at.values())


def test_a_pairs_night_through_player_codes(phones):
    play(pairs_night(), phones, "pairs")


def test_an_individual_night_through_player_codes(phones):
    play(individual_night(), phones, "individual")
