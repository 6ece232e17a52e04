"""The nights the accessibility audit (tests/browser/test_axe.py) walks: the demo club (finished
nights with their results released: public standings, score cards, projector) and, beside it,
running nights of each kind of sheet with a game open (score entry, the phone's table page and
pads), every one directed by the demo director. ``build()`` returns the addresses to visit."""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from director.clubs import services as clubs
from director.clubs.models import Club
from director.deals import auction as auction_deals
from director.deals import services as deals
from director.events import codes, lineup
from director.events import services as events
from director.events.models import Event, PlayerCode, Round, Table
from director.mail.messages import unsubscribe_token
from director.movements import night as nights
from director.movements import services as movements
from director.results import services as results
from director.table import services as table_services

USERNAME, PASSWORD = "director", "calypso-demo"
STAFF, STAFF_PASSWORD = "staff", "a staff password 2026"  # the admin's pages are staff's only
# 13×(1+0+2+0) + (5+7+3+9) + 60 + 85 = 208: a partnership sheet that adds up.
SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}


@dataclass
class World:
    director: dict[str, str] = field(default_factory=dict)  # name → address (signed in)
    phone: dict[str, str] = field(default_factory=dict)  # name → a table's link
    public: dict[str, str] = field(default_factory=dict)  # name → address (no sign-in)
    # The confirm pages (#30.3): name → (the address posted to, the POST's fields); a GET when None.
    confirms: dict[str, tuple[str, dict | None]] = field(default_factory=dict)
    player_code: str = ""  # a code of the night of player codes: its player's page, /me/
    seat_night: str = ""  # the event page of a night whose next step is "Seat game 2"
    staff: dict[str, str] = field(default_factory=dict)  # name → an admin page (signed in as STAFF)


def _members(club, prefix: str, count: int) -> list:
    return [clubs.add_player(club=club, name=f"{prefix} {i:02d}") for i in range(1, count + 1)]


def _night(club, name: str, members: list, **settings) -> Event:
    settings.setdefault("phones", "table")  # the phone pages below are opened by their table links
    event = events.create_event(club=club, name=name, date=datetime.date(2026, 11, 20), **settings)
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


def build() -> World:
    call_command("demo", stdout=io.StringIO())
    club = Club.objects.get(slug="demo")
    demo = {e.name: e for e in club.events.all()}
    world = World()
    friday, duplicate, auction_done = (
        demo["Friday club night"],
        demo["Duplicate pairs"],
        demo["Auction Calypso night"],
    )

    # A running partnership night: table 1 untouched (the phone types and sends it), table 2's
    # sheet sent from another phone (this phone is asked to confirm), table 3's disputed.
    running = _night(club, "Running night", _members(club, "Runner", 12), games=3)
    t1, t2, t3 = (running.tables.get(number=n) for n in (1, 2, 3))
    table_services.submit(table=t2, round_number=1, sheet=SHEET, side="majors", idempotency_key=None, phone="x")
    sent, _ = table_services.submit(
        table=t3, round_number=1, sheet=SHEET, side="majors", idempotency_key=None, phone="x"
    )
    table_services.dispute(table=t3, submission_id=sent.pk, side="minors", note="our piles differ", phone="y")
    auction = _night(club, "Auction running", _members(club, "Bidder", 8), type="auction-pairs", games=2,
                     auction={"hands": 4})  # fmt: skip
    embers = _night(club, "Embers running", _members(club, "Ember", 8), games=2, game=Event.Game.EMBERS,
                    embers_hands=4)  # fmt: skip
    three = nights.set_up_night(
        phones="table",
        club=club,
        name="Seven players",
        date=datetime.date(2026, 11, 20),
        type="progressive-individual",
        players=[p.pk for p in _members(club, "Seven", 7)],
        seed=4,
        games=2,
    )
    three = events.start_event(event=three)
    coop = events.create_event(phones="table", club=club, name="Coöp night", date=datetime.date(2025, 4, 4),
                               type=Event.Type.DUPLICATE_COOP, games=2)  # fmt: skip
    lineup.draw_partnerships(event=coop, players=_members(club, "Coop", 12), seed=3, fix_directions=True)
    movements.seat_event(event=coop)
    for game in (1, 2):
        for number in (1, 2, 3):
            results.enter_sheet(
                table=Table.objects.get(event=coop, number=number),
                round=Round.objects.get(event=coop, number=game),
                sheet=SHEET,
                by=None,
            )

    deals.generate_game_sets(event=coop)  # sets not yet released: "Release the hands" asks first

    # A 12-player individual whose game 1 is all in and closed: "Seat game 2" asks first.
    solo = nights.set_up_night(club=club, name="Solo night", date=datetime.date(2026, 11, 20),
                               type="progressive-individual", players=[p.pk for p in _members(club, "Solo", 12)],
                               seed=7, games=3)  # fmt: skip
    solo = events.start_event(event=solo)
    game_one = solo.rounds.get(number=1)
    for table in solo.tables.filter(seatings__round=game_one).distinct():
        results.enter_sheet(table=table, round=game_one, sheet=SHEET, by=None)
    events.close_round(round=game_one)
    # An Auction team match, dealt: "Release the deals" asks first.
    match = nights.set_up_night(club=club, name="Auction match", date=datetime.date(2026, 11, 20),
                                type="auction-teams", players=[p.pk for p in _members(club, "Match", 8)], seed=5,
                                games=2, auction={"hands": 4, "draft": True})  # fmt: skip
    auction_deals.deal_auction_rounds(event=match)
    # A night of player codes: its codes page, and a player's own page.
    coded = _night(club, "Coded night", _members(club, "Coded", 8), games=2, phones="player")
    world.player_code = codes.shown(PlayerCode.objects.filter(event=coded).first().code)

    world.confirms = {
        "confirm: start": (reverse("events:start", args=[coop.pk]), {}),
        "confirm: close game": (reverse("events:close_round", args=[running.pk, 1]), {}),
        "confirm: finish": (reverse("events:finish", args=[running.pk]), {}),
        "confirm: release results": (reverse("events:switches", args=[running.pk]), {"standings_released": "on"}),
        "confirm: release hands": (reverse("deals:sets", args=[coop.pk]), {"action": "release"}),
        "confirm: release Auction deals": (reverse("deals:auction", args=[match.pk]), {"action": "release"}),
        "confirm: delete test night": (reverse("events:delete", args=[running.pk]), None),
        "confirm: delete night with results": (reverse("events:delete", args=[friday.pk]), None),
    }
    world.seat_night = f"/events/{solo.pk}/"
    member = club.players.order_by("pk").first()
    world.director = {
        "club": f"/clubs/{club.slug}/",
        "new event": f"/clubs/{club.slug}/events/new/",
        "event (running)": f"/events/{running.pk}/",
        "event (finished)": f"/events/{friday.pk}/",
        "score entry (Calypso)": f"/events/{running.pk}/games/1/scores/",
        "score entry (Auction)": f"/events/{auction.pk}/games/1/scores/",
        "score entry (Embers)": f"/events/{embers.pk}/games/1/scores/",
        "score entry (tables of three)": f"/events/{three.pk}/games/1/scores/",
        "movement": f"/events/{running.pk}/movement/",
        "movement (individual)": f"/events/{three.pk}/movement/",
        "print": f"/events/{running.pk}/print/",
        "grades": f"/events/{coop.pk}/results/grades/",
        "standings": f"/events/{friday.pk}/results/",
        "standings (Auction)": f"/events/{auction_done.pk}/results/",
        "projector (running)": f"/events/{running.pk}/projector/",
        "projector (finished)": f"/events/{friday.pk}/projector/",
        "player codes": reverse("events:codes", args=[coded.pk]),
        # Results by e-mail (#33): a member's address and consent, the erasure's confirmation.
        "players (editing)": f"/clubs/{club.slug}/players/{member.pk}/edit/",
        "erase a member's data": f"/clubs/{club.slug}/players/{member.pk}/erase/",
        "club settings": f"/clubs/{club.slug}/settings/",
    }
    world.phone = {
        "table (typing)": f"/t/{t1.token}/",
        "table (to confirm)": f"/t/{t2.token}/",
        "table (disputed)": f"/t/{t3.token}/",
        "table (Auction pad)": f"/t/{auction.tables.get(number=1).token}/",
        "table (Embers pad)": f"/t/{embers.tables.get(number=1).token}/",
        "table (three)": f"/t/{_table_of(three, 3).token}/",
    }
    world.public = {
        "sign in": "/login/",
        "not found": "/no-such-page/",
        "rules": "/rules/",
        "API reference": "/api/docs/",
        "admin sign-in": "/admin/login/",
        "public club": f"/p/{club.slug}/",
        "public standings": f"/p/{club.slug}/{friday.pk}/",
        "public standings (Auction)": f"/p/{club.slug}/{auction_done.pk}/",
        "public score cards": f"/p/{club.slug}/{friday.pk}/cards/",
        "public score card": f"/p/{club.slug}/{friday.pk}/cards/1/",
        "public game sets": f"/p/{club.slug}/{duplicate.pk}/sets/1/",
        "table (unknown link)": "/t/not-a-token/",
        "unsubscribe": f"/unsubscribe/{unsubscribe_token(member)}/",
        "unsubscribe (bad link)": "/unsubscribe/not-a-token/",
    }
    get_user_model().objects.create_superuser(STAFF, "staff@example.org", STAFF_PASSWORD)
    world.staff = {
        "admin": "/admin/",
        "admin events": "/admin/events/event/",
        "admin event": f"/admin/events/event/{friday.pk}/change/",
        "admin club": f"/admin/clubs/club/{club.pk}/change/",
        "admin partnerships": "/admin/events/partnership/",
    }
    return world


def _table_of(event: Event, seats: int) -> Table:
    """The table of ``event``'s game 1 at which ``seats`` players sit."""
    round_ = event.rounds.get(number=1)
    for table in event.tables.order_by("number"):
        if sum(len(s.seats.all()) for s in round_.seatings.filter(table=table)) == seats:
            return table
    raise LookupError(f"no table of {seats} in {event}")
