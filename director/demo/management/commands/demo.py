"""``python manage.py demo``: a club night to look at in one command (deterministic, seeded).

Creates the Demo Calypso Club with 20 players and a director to sign in as, and its events: a
finished progressive-pairs night (5 tables, 5 games), a duplicate-pairs event with generated game
sets (Mitchell, 5 tables, 4 rounds), a team match of two teams of four, and a night of each kind of
sheet that has one of its own (``SheetKind.demo_night``: an Auction Calypso night), every result
confirmed and adding up (each table's sheet is its kind's ``demo_sheet``). ``--if-empty`` does
nothing when any club exists (``make run`` calls it so); ``--reset`` removes the demo club and loads
it afresh. ``--password`` gives the demo director another password than the published one
(``make run LAN=1`` does: see ``serve``).
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from director.clubs import services as clubs
from director.clubs.models import Club
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.events.selectors import table_variant
from director.movements import services as movements
from director.results import services as results
from director.sheets import registry

SLUG = "demo"
USERNAME = "director"
PASSWORD = "calypso-demo"  # published in the README: for a laptop's own browser only
NETWORK_NOTE = (
    "On the network the README's demo password is refused: the password above is new and shown only now "
    f"(change it with: python manage.py changepassword {USERNAME})."
)
SEED = 1954
# Twenty members, as at a club in Trinidad.
NAMES = [
    "Ken Alleyne", "Jo Baptiste", "Al Charles", "Marva Daniel", "Ravi Deonarine", "Lystra Edwards",
    "Sonny Francis", "Gemma Gomes", "Hollis Hosein", "Indira Jagessar", "Clive John", "Yvonne King",
    "Wendell Lewis", "Asha Maharaj", "Peter Noel", "Cheryl Ottley", "Rudy Persad", "Leela Ramdass",
    "Stephen Sealy", "Tricia Williams",
]  # fmt: skip


class Command(BaseCommand):
    help = "Load a demo club with a finished club night, a duplicate event and a team match."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true", help="only when the database has no club yet")
        parser.add_argument("--reset", action="store_true", help="delete the demo club first and load it again")
        parser.add_argument("--password", default=PASSWORD, help="the demo director's password (a new user only)")

    def handle(self, *args, if_empty: bool = False, reset: bool = False, password: str = PASSWORD, **options):
        if if_empty and Club.objects.exists():
            self.stdout.write("Clubs already exist: the demo was not loaded.")
            return
        existing = Club.objects.filter(slug=SLUG).first()
        if existing is not None:
            if not reset:
                raise CommandError("the demo club already exists; use --reset to load it again")
            with transaction.atomic():
                # Events first: their partnerships and seats protect the players from deletion.
                Event.objects.filter(club=existing).delete()
                existing.delete()
        with transaction.atomic():
            created = self.load(password)
        self.stdout.write(self.style.SUCCESS("Demo loaded."))
        if created:
            self.stdout.write(f"Sign in at /login/ with username: {USERNAME}, password: {password}")
            if password != PASSWORD:
                self.stdout.write(NETWORK_NOTE)
        else:
            self.stdout.write(f"Sign in at /login/ as {USERNAME}, with the password that user already has.")

    def step(self, text: str) -> None:
        self.stdout.write(f"  · {text}")

    def load(self, password: str) -> bool:
        """Loads the demo; whether it created the director (an existing one keeps their password)."""
        rng = random.Random(SEED)
        user = get_user_model().objects.filter(username=USERNAME).first()
        created = user is None
        if created:
            user = get_user_model().objects.create_user(username=USERNAME, password=password)
        club = clubs.create_club(name="Demo Calypso Club", slug=SLUG, owner=user)
        season = clubs.create_season(
            club=club, name="2025", starts_on=datetime.date(2025, 1, 1), ends_on=datetime.date(2025, 12, 31)
        )
        players = [clubs.add_player(club=club, name=name, external_id=f"DC{i:03d}") for i, name in enumerate(NAMES, 1)]
        self.step(f"{club.name}: {len(players)} players, director {USERNAME!r}")

        self.progressive_night(club, season, players, user, rng)
        self.duplicate_pairs(club, season, players, user, rng)
        self.team_match(club, season, players, user, rng)
        nights = [kind for kind in registry.general_first() if kind.demo_night]
        for number, kind in enumerate(nights, start=3):
            self.kind_night(kind, club, season, players, user, SEED + number)
        return created

    def confirm_all(self, event, user, rng) -> int:
        """Enters a sheet at every seated table of every game: a plausible one of the table's kind
        (``SheetKind.demo_sheet``) from ``rng``."""
        count = 0
        for round_ in event.rounds.order_by("number"):
            tables = {s.table for s in round_.seatings.select_related("table")}
            for table in sorted(tables, key=lambda t: t.number):
                kind = registry.kind_of(event, *table_variant(table, round_))
                typed = kind.demo_sheet(rng, round_.number, table.number)
                results.enter_sheet(table=table, round=round_, sheet=typed, by=user)
                count += 1
        return count

    def progressive_night(self, club, season, players, user, rng) -> None:
        event = events.create_event(
            club=club,
            season=season,
            name="Friday club night",
            date=datetime.date(2025, 3, 7),
            type="progressive-pairs",
            games=5,
            game_length_minutes=40,
            by=user,
        )
        lineup.draw_partnerships(event=event, players=players, seed=SEED)
        movements.seat_event(event=event)
        events.start_event(event=event)
        count = self.confirm_all(event, user, rng)
        results.finish_event(event=event)
        events.set_public_switches(event=event, standings_released=True, scorecards_released=True)
        self.step(f"{event.name}: 10 partnerships, 5 tables, 5 games, {count} confirmed sheets")

    def duplicate_pairs(self, club, season, players, user, rng) -> None:
        event = events.create_event(
            club=club,
            season=season,
            name="Duplicate pairs",
            date=datetime.date(2025, 3, 21),
            type="duplicate-pairs",
            games=4,
            matchpoint_scale="acbl",
            by=user,
        )
        lineup.draw_partnerships(event=event, players=players, seed=SEED + 1)
        set_file = deals.generate_game_sets(event=event, count=5, by=user, seed=f"{SEED:064x}")
        movements.seat_event(event=event)
        events.start_event(event=event)
        count = self.confirm_all(event, user, rng)
        results.finish_event(event=event)
        deals.release_hands(event=event)
        events.set_public_switches(event=event, standings_released=True, travellers_released=True)
        self.step(f"{event.name}: Mitchell, 5 game sets (commitment {set_file.commitment[:12]}…), {count} sheets")

    def team_match(self, club, season, players, user, rng) -> None:
        event = events.create_event(
            club=club,
            season=season,
            name="Team match: Sharks v Pelicans",
            date=datetime.date(2025, 4, 4),
            type="duplicate-teams",
            games=2,
            by=user,
        )
        chosen = players[:8]
        for number, (first, second) in enumerate(zip(chosen[::2], chosen[1::2], strict=True), start=1):
            direction = "majors" if number % 2 else "minors"
            lineup.add_partnership(event=event, players=[first, second], number=number, direction=direction)
        partnerships = list(event.partnerships.order_by("number"))
        lineup.create_team(event=event, name="Sharks", partnerships=partnerships[:2], number=1)
        lineup.create_team(event=event, name="Pelicans", partnerships=partnerships[2:], number=2)
        deals.generate_game_sets(event=event, count=2, by=user, seed=f"{SEED + 2:064x}")
        movements.seat_event(event=event)
        events.start_event(event=event)
        count = self.confirm_all(event, user, rng)
        results.finish_event(event=event)
        self.step(f"{event.name}: two tables, sets swapped, {count} sheets")

    def kind_night(self, kind, club, season, players, user, seed: int) -> None:
        """A kind of sheet's own night (its ``demo_night``): its players drawn into partnerships,
        seated, every table's sheet entered (seeded: the same demo every time) and finished."""
        settings = dict(kind.demo_night)
        playing = players[: settings.pop("players")]
        event = events.create_event(club=club, season=season, by=user, **settings)
        lineup.draw_partnerships(event=event, players=playing, seed=seed)
        movements.seat_event(event=event)
        events.start_event(event=event)
        count = self.confirm_all(event, user, random.Random(seed))
        results.finish_event(event=event)
        events.set_public_switches(event=event, standings_released=True, scorecards_released=True)
        self.step(
            f"{event.name}: {event.partnerships.count()} partnerships, {event.tables.count()} tables, "
            f"{event.games} games, {count} sheets ({kind.label})"
        )
