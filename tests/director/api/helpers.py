"""Helpers for the API tests: a "world" per club — one of every object the API serves — and a
snapshot of every row the API could write."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from director.audit.models import AuditEntry
from director.clubs import services as clubs
from director.clubs.models import Club, ClubDirector, Player, Season
from director.deals import services as deals
from director.deals.models import AuctionDeal, GameSet, GameSetFile
from director.events import lineup
from director.events import services as events
from director.events.models import Event, Partnership, PartnershipMember, Round, Seat, Seating, Table, Team
from director.movements import services as movements
from director.printing.models import PrintJob
from director.results import services as results
from director.results.models import Submission
from director.standings import services as standings
from director.standings.models import ArtificialScore, FouledSet, TallyCardEntry

# Every row the API could write; ``snapshot()`` of them proves a refused request wrote nothing.
MODELS = (
    Club,
    ClubDirector,
    Player,
    Season,
    Event,
    Table,
    Round,
    Partnership,
    PartnershipMember,
    Team,
    Seating,
    Seat,
    GameSet,
    GameSetFile,
    AuctionDeal,
    Submission,
    Token,
    ArtificialScore,
    FouledSet,
    TallyCardEntry,
    PrintJob,
    AuditEntry,
)


def snapshot() -> list:
    """Every row of MODELS' tables in id order, as column → value: what a request must leave as it
    was. Read with one SQL statement a table (the database's own values), not the ORM's ``values()``:
    the access tests take ~1,000 snapshots of ~25 tables, and building each query was most of it."""
    quote = connection.ops.quote_name
    tables = []
    with connection.cursor() as cursor:
        for model in MODELS:
            meta = model._meta
            cursor.execute(f"SELECT * FROM {quote(meta.db_table)} ORDER BY {quote(meta.pk.column)}")
            names = [column[0] for column in cursor.description]
            tables.append([dict(zip(names, row, strict=True)) for row in cursor.fetchall()])
    return tables


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@dataclass
class World:
    club: Club
    player: Player
    spare_players: list
    season: Season
    event: Event  # running progressive pairs: 2 tables, 3 games, generated sets, a confirmed sheet
    table: Table
    round: Round
    partnership: Partnership  # seated, so it has results
    spare_partnership: Partnership  # not seated: may change or go
    team: Team  # of the event, with partnerships 1 and 2
    submission: Submission
    dup: Event  # draft duplicate pairs with a hand-recorded, incomplete game set 1
    game_set: GameSet
    artificial: ArtificialScore  # live: table 1's majors, game 2
    fouling: FouledSet  # live, of the event's game set 1
    print_job: PrintJob  # done, with its PDF
    audit_entry: AuditEntry


def build_world(club, players, user, sheet, *, prefix: str) -> World:
    season = clubs.create_season(club=club, name=f"{prefix} 2025", starts_on=datetime.date(2025, 1, 1))
    event = events.create_event(
        club=club, name=f"{prefix} night", date=datetime.date(2025, 3, 14), games=3, by=user, season=season
    )
    lineup.draw_partnerships(event=event, players=players[:8], seed=1)
    movements.seat_event(event=event)
    events.start_event(event=event)
    deals.generate_game_sets(event=event, by=user, seed="5e" * 16)
    table, round_ = event.tables.get(number=1), event.rounds.get(number=1)
    submission = results.enter_sheet(table=table, round=round_, sheet=sheet, by=user)
    spare = players[8:14]
    spare_partnership = lineup.add_partnership(event=event, players=spare[:2])
    team = lineup.create_team(
        event=event, name=f"{prefix} Sharks", partnerships=list(event.partnerships.filter(number__in=[1, 2]))
    )
    dup = events.create_event(
        club=club, name=f"{prefix} duplicate", date=datetime.date(2025, 3, 21), type="duplicate-pairs", games=2
    )
    game_set = deals.record_hand(event=dup, number=1, deal=1, seat="S", text="S AKQJ H AKQ D AKQ C AKQ", by=user)
    artificial = standings.set_artificial(
        event=event, round_number=2, table_number=1, direction="majors", code="A", reason="late start", by=user
    )
    fouling = FouledSet.objects.create(
        event=event, game_set_number=1, groups=[[[1, 1]], [[2, 2]]], reason="a card fell", created_by=user
    )
    print_job = PrintJob.objects.create(event=event, kind="results", status=PrintJob.Status.DONE, done=1, total=1)
    print_job.file.save("results.pdf", ContentFile(b"%PDF-1.4\n% a test file\n"), save=False)
    print_job.size = print_job.file.size
    print_job.save()
    return World(
        club=club,
        player=players[0],
        spare_players=spare[2:],
        season=season,
        event=event,
        table=table,
        round=round_,
        partnership=event.partnerships.get(number=1),
        spare_partnership=spare_partnership,
        team=team,
        submission=submission,
        dup=dup,
        game_set=game_set,
        artificial=artificial,
        fouling=fouling,
        print_job=print_job,
        audit_entry=AuditEntry.objects.filter(event=event).order_by("pk").first(),
    )


def results_of(response) -> list:
    body = response.json()
    return body["results"] if isinstance(body, dict) and "results" in body else body
