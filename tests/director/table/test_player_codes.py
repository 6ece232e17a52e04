"""Player codes (issue 29): a code per player per event, a phone bound to its player, only an
opponent confirms — in the services, not only the views — and the table link a club option that
answers only for the game being played."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from director.audit.models import AuditEntry
from director.core.errors import PermissionDenied
from director.events import codes
from director.events import services as events
from director.events.models import Event, PlayerCode, Round, Seat
from director.results import services as results
from director.results.models import Submission
from tests.director.factories import small_night

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
THREE = {  # 117 cards (tests/director/table/test_tables_of_three.py)
    "calypsos": {"S": 1, "H": 0, "C": 2},
    "unfinished": {"S": 5, "H": 7, "C": 3},
    "trick_piles": {"S": 20, "H": 20, "C": 23},
    "revokes": {"S": 0, "H": 1, "C": 0},
    "form": "cutthroat",
}


def _with_codes(event, phones="player"):
    Event.objects.filter(pk=event.pk).update(phones=phones)
    event.refresh_from_db()
    codes.ensure_codes(event)
    return event


@pytest.fixture
def night(running):
    return _with_codes(running)


@pytest.fixture
def running_links(club_b, players_b, director_b, new_progressive):
    """Another club's running night of table links (the club's explicit choice)."""
    return events.start_event(event=new_progressive(club_b, players_b, tables=2, by=director_b, phones="table"))


def seated(event, game: int, table: int) -> dict[str, int]:
    """Suit → player id at ``table`` in ``game``."""
    rows = Seat.objects.filter(round__event=event, round__number=game, seating__table__number=table)
    return {s.suit: s.player_id for s in rows}


def phone_of(event, player_id) -> Client:
    """A browser that opened ``player_id``'s code."""
    browser = Client()
    code = PlayerCode.objects.get(event=event, player_id=player_id).code
    assert browser.get(f"/me/{codes.shown(code).lower()}/").status_code == 302
    return browser


def post(browser, table, what, body):
    url, body = f"/t/{table.token}/{what}/", json.dumps(body)
    return browser.post(url, data=body, content_type="application/json", HTTP_ACCEPT="application/json")


def send(browser, table, sheet, round=1):
    return post(browser, table, "submit", {"round": round, "sheet": sheet, "idempotency_key": uuid.uuid4().hex})


# --- 1. the codes ------------------------------------------------------------------------------------
def test_every_player_has_a_code_of_their_own_typed_case_free(night):
    rows = list(PlayerCode.objects.filter(event=night))
    players = set(Seat.objects.filter(round__event=night).values_list("player_id", flat=True))
    assert {r.player_id for r in rows} == players and len({r.code for r in rows}) == len(rows)
    for row in rows:
        assert len(row.code) == 8 and set(row.code) <= set(codes.ALPHABET) and not set(row.code) & set("ILOU")
    code = rows[0].code
    typed = codes.shown(code).lower().replace("0", "o").replace("1", "l")
    assert codes.shown(code)[4] == "-" and codes.holder_of(typed).row.pk == rows[0].pk


def test_codes_are_new_each_event_and_per_partnership_where_the_club_prefers(club_a, players_a, new_progressive):
    one = _with_codes(new_progressive(club_a, players_a, tables=2))
    two = _with_codes(new_progressive(club_a, players_a, tables=2))
    pairs = _with_codes(new_progressive(club_a, players_a, tables=2), phones="partnership")
    table = new_progressive(club_a, players_a, tables=2, phones="table")
    first = set(PlayerCode.objects.filter(event=one).values_list("code", flat=True))
    assert first and not first & set(PlayerCode.objects.filter(event=two).values_list("code", flat=True))
    assert PlayerCode.objects.filter(event=pairs, player=None).count() == pairs.partnerships.count() == 4
    assert codes.ensure_codes(table) == 0 and not PlayerCode.objects.filter(event=table).exists()


def test_a_reissued_code_stops_working_and_is_logged(night, director_a):
    row = PlayerCode.objects.filter(event=night).first()
    old = row.code
    browser = phone_of(night, row.player_id)
    new = codes.reissue(event=night, code_id=row.pk, by=director_a)
    assert new.code != old and codes.holder_of(old) is None
    assert Client().get(f"/me/{old}/").status_code == 404
    assert b"Your player code" in browser.get("/me/").content  # the bound phone must open the new one
    entry = AuditEntry.objects.get(action="events.reissue_player_code")
    assert entry.user == director_a and old not in json.dumps(entry.after) and new.code not in json.dumps(entry.after)


def test_wrong_codes_are_limited_per_address(night, settings):
    settings.PLAYER_CODE_GUESS_LIMIT = 3
    from django.core.cache import cache

    cache.clear()
    guesser = Client(REMOTE_ADDR="10.9.9.9")
    for _ in range(3):
        assert guesser.get("/me/ZZZZZZZZ/").status_code == 404
    right = PlayerCode.objects.filter(event=night).first().code
    assert guesser.get(f"/me/{right}/").status_code == 429  # even a right code, until the window ends
    assert Client(REMOTE_ADDR="10.1.1.1").get(f"/me/{right}/").status_code == 302


# --- 2. the phone is the player's -----------------------------------------------------------------------
def test_the_player_page_says_where_they_sit_and_shows_the_sheet_and_tally(night):
    seats = seated(night, 1, 1)
    page = phone_of(night, seats["S"]).get("/me/")
    names = {p.pk: p.name for p in night.club.players.all()}
    text = page.content.decode()
    assert page.status_code == 200 and page["Cache-Control"].startswith("max-age=0")
    assert f"Game 1: table 1, you are ♠ with {names[seats['H']]}, against " in text
    assert names[seats["D"]] in text and 'id="table-sheet"' in text and 'id="player-tally"' in text
    state = json.loads(text.split('id="table-state" type="application/json">')[1].split("</script>")[0])
    assert state["urls"]["state"] == "/me/state/"


def test_the_player_page_says_the_side_instead_of_asking_it_and_the_table_link_still_asks(night, running_links):
    """The server takes a player's side from the seating: /me/ says it, a table link's page asks."""
    seats = seated(night, 1, 1)
    names = {p.pk: p.name for p in night.club.players.all()}
    text = phone_of(night, seats["D"]).get("/me/").content.decode()
    assert 'type="radio" name="side"' not in text and "Who is entering it?" not in text
    assert f"You are ♦ (diamonds) with {names[seats['C']]}" in text
    link = running_links.tables.get(number=1)
    asked = Client().get(f"/t/{link.token}/").content.decode()
    assert asked.count('type="radio" name="side"') == 2 and "You are" not in asked


# --- 3. only an opponent confirms ------------------------------------------------------------------------
def test_only_an_opponent_confirms_and_the_services_record_who(night, sheet):
    table = night.tables.get(number=1)
    seats = seated(night, 1, 1)
    spade = phone_of(night, seats["S"])
    created = send(spade, table, sheet)
    assert created.status_code == 201, created.content
    sid = created.json()["submission"]["id"]
    partner = post(phone_of(night, seats["H"]), table, "confirm", {"submission": sid})
    assert partner.status_code == 403 and "your side sent this sheet" in partner.json()["error"]
    again = post(phone_of(night, seats["S"]), table, "confirm", {"submission": sid})  # a second browser, same code
    assert again.status_code == 403
    link_only = post(Client(), table, "confirm", {"submission": sid, "side": "minors"})
    assert link_only.status_code == 403 and link_only.json()["code"] == "player-code-needed"
    other_table = phone_of(night, seated(night, 1, 2)["D"])
    assert post(other_table, table, "confirm", {"submission": sid}).status_code == 403
    assert post(phone_of(night, seats["C"]), table, "confirm", {"submission": sid}).status_code == 200
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.submitted_by_player_id, row.status_changed_by_player_id) == (
        "confirmed",
        seats["S"],
        seats["C"],
    )


def test_the_results_service_itself_refuses_the_senders_side(night, sheet):
    table, round = night.tables.get(number=1), night.rounds.get(number=1)
    seats = seated(night, 1, 1)
    sent = results.submit_from_table(table=table, round=round, sheet=sheet, side="majors", player=_player(seats["S"]))
    with pytest.raises(PermissionDenied):
        results.confirm_submission(submission=sent, by_table=table, players=frozenset([seats["H"]]))
    with pytest.raises(PermissionDenied):
        results.dispute_submission(submission=sent, by_table=table, players=frozenset([seats["S"]]))
    elsewhere = seated(night, 1, 2)["D"]
    with pytest.raises(PermissionDenied):
        results.confirm_submission(submission=sent, by_table=table, players=frozenset([elsewhere]))
    done = results.confirm_submission(submission=sent, by_table=table, players=frozenset([seats["D"]]))
    assert done.status == "confirmed"


def _player(pk):
    from director.clubs.models import Player

    return Player.objects.get(pk=pk)


def test_a_dispute_then_a_new_version_waits_for_the_opponents_again(night, sheet):
    table = night.tables.get(number=1)
    seats = seated(night, 1, 1)
    first = send(phone_of(night, seats["S"]), table, sheet).json()["submission"]["id"]
    diamond, club = phone_of(night, seats["D"]), phone_of(night, seats["C"])
    assert post(diamond, table, "dispute", {"submission": first, "note": "no"}).status_code == 200
    fixed = dict(sheet, trick_piles={"majors": 61, "minors": 84})
    second = send(diamond, table, fixed)
    assert second.status_code == 201, second.content
    sid = second.json()["submission"]["id"]
    assert post(club, table, "confirm", {"submission": sid}).status_code == 403  # their own side's version
    assert post(diamond, table, "confirm", {"submission": sid}).status_code == 403
    assert post(phone_of(night, seats["H"]), table, "confirm", {"submission": sid}).status_code == 200


def test_a_moved_player_cannot_act_at_their_old_table_and_the_page_follows_them(night, sheet):
    one = night.tables.get(number=1)
    game1 = seated(night, 1, 1)
    mover = next(pid for pid in game1.values() if pid not in seated(night, 2, 1).values())
    browser = phone_of(night, mover)
    for table in night.tables.all():  # every table's game 1 confirmed, then the game closes
        s = seated(night, 1, table.number)
        if s:
            sub = send(phone_of(night, s["S"]), table, sheet).json()["submission"]["id"]
            assert post(phone_of(night, s["D"]), table, "confirm", {"submission": sub}).status_code == 200
    events.close_round(round=Round.objects.get(event=night, number=1))
    refused = send(browser, one, sheet, round=2)
    assert refused.status_code == 403 and refused.json()["code"] == "not-at-this-table"
    now = next(n for n in range(1, 5) if mover in seated(night, 2, n).values())
    assert f"Game 2: table {now}, you are" in browser.get("/me/").content.decode()
    assert browser.get("/me/state/").json()["round"] == 2


def test_at_a_table_of_three_any_other_seat_confirms(club_a, new_players, sheet):
    night = _with_codes(small_night(club_a, new_players(club_a, 3, "Three"), start=True, three_table="three-handed"))
    table = night.tables.get(number=1)
    seats = seated(night, 1, 1)
    assert len(seats) == 3 and "S" in seats and "H" in seats
    spade = phone_of(night, seats["S"])
    page = spade.get("/me/").content.decode()
    assert "Game 1: table 1, you are ♠, against " in page
    sent = send(spade, table, THREE)
    assert sent.status_code == 201, sent.content
    sid = sent.json()["submission"]["id"]
    assert post(phone_of(night, seats["S"]), table, "confirm", {"submission": sid}).status_code == 403
    answer = post(phone_of(night, seats["H"]), table, "confirm", {"submission": sid})  # ♠ and ♥: not one side
    assert answer.status_code == 200, answer.content


def pair_phone(event, partnership) -> Client:
    browser = Client()
    code = PlayerCode.objects.get(event=event, partnership=partnership).code
    assert browser.get(f"/me/{code}/").status_code == 302
    return browser


def test_on_a_night_of_partnership_codes_the_partnership_that_acted_is_recorded_and_shown(
    client, club_a, players_a, director_a, new_progressive, sheet
):
    """Not the pair's first player alone: the director's history names the partnership (both players)."""
    night = new_progressive(club_a, players_a, tables=2, by=director_a)
    night = _with_codes(events.start_event(event=night), phones="partnership")
    table = night.tables.get(number=1)
    sides = {s.direction: s.partnership for s in table.seatings.filter(round__number=1)}
    ours, theirs = sides["majors"], sides["minors"]
    sent = send(pair_phone(night, ours), table, sheet)
    assert sent.status_code == 201, sent.content
    sid = sent.json()["submission"]["id"]
    assert post(pair_phone(night, theirs), table, "confirm", {"submission": sid}).status_code == 200
    row = Submission.objects.get(pk=sid)
    assert (row.submitted_by_partnership, row.status_changed_by_partnership) == (ours, theirs)
    client.force_login(director_a)
    page = client.get(f"/events/{night.pk}/audit/games/1/tables/1/").content.decode()
    for pair in (ours, theirs):
        names = " &amp; ".join(m.player.name for m in pair.members.all())
        assert f"Partnership {pair.number} ({names})" in page


# --- 4. the table link: a club option, and only the game being played -----------------------------------
def test_the_set_up_page_offers_player_codes_first_and_says_what_the_table_link_promises(client, club_a, director_a):
    client.force_login(director_a)
    page = client.get(f"/clubs/{club_a.slug}/events/new/").content.decode()
    assert 'value="player" selected' in page and "Table QR, no player codes" in page
    assert "whoever holds a table&#x27;s link" in page


def test_a_table_link_never_acts_for_a_past_game(running, sheet):
    """A night of table links: a pair that moved on cannot use table 1's saved link for game 1 (closed)."""
    table = running.tables.get(number=1)
    phone = Client()
    phone.get(f"/t/{table.token}/")
    events.close_round(round=Round.objects.get(event=running, number=1))
    late = post(phone, table, "submit", {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "k1"})
    assert late.status_code == 409 and Submission.objects.filter(table=table).count() == 0


def test_the_directors_codes_page_lists_and_reissues_codes(client, night, director_a, director_b):
    client.force_login(director_a)
    page = client.get(f"/events/{night.pk}/codes/").content.decode()
    row = PlayerCode.objects.filter(event=night).select_related("player").first()
    assert codes.shown(row.code) in page and row.player.name in page
    assert "Player codes" in client.get(f"/events/{night.pk}/").content.decode()
    answer = client.post(f"/events/{night.pk}/codes/{row.pk}/reissue/", follow=True)
    row_after = PlayerCode.objects.get(pk=row.pk)
    assert row_after.code != row.code and codes.shown(row_after.code) in answer.content.decode()
    other = Client()
    other.force_login(director_b)  # another club's director: nothing
    assert other.post(f"/events/{night.pk}/codes/{row.pk}/reissue/").status_code == 404
    assert PlayerCode.objects.get(pk=row.pk).code == row_after.code


def test_an_event_made_without_saying_how_phones_are_known_gets_a_code_per_player(club_a, players_a, director_a):
    """The model's (and so the API's and a script's) default is the set-up page's: player codes;
    table links only where the club chooses them."""
    event = make_progressive_event(club_a, players_a, director_a)
    assert event.phones == Event.Phones.PLAYER
    events.start_event(event=event)
    seated_players = set(Seat.objects.filter(round__event=event).values_list("player_id", flat=True))
    assert set(PlayerCode.objects.filter(event=event).values_list("player_id", flat=True)) == seated_players
    chosen = make_progressive_event(club_a, players_a, director_a, phones=Event.Phones.TABLE)
    assert chosen.phones == Event.Phones.TABLE and codes.ensure_codes(chosen) == 0


def make_progressive_event(club, players, by, **extra):
    from director.events import lineup
    from director.movements import services as movements

    event = events.create_event(club=club, name="Plain", date="2025-03-14", games=2, by=by, **extra)
    lineup.draw_partnerships(event=event, players=players[:8], seed=1)
    movements.seat_event(event=event)
    return event
