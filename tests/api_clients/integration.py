"""A club's integration, written as an integrator writes it: through the Python client that
openapi-python-client generates from the served schema (package ``calypso_api``), nothing else.

Signs in, makes a club, players, a season and a progressive pairs night; seats and starts it;
posts every table's sheets and corrects one; gives an artificial score; finishes the night and
releases its standings; reads every list and detail; prints the scoresheets and downloads the PDF;
and meets every error the schema documents (400, 401, 403, 404, 409, 413, 415, 429), each parsed as
the schema's ``Error``. A token never meets 403: that is a browser session's write without its CSRF
token, met here through the generated client carrying a session cookie from the sign-in page.
tests/api_clients/test_generated_clients.py runs it against a live server and checks it with
``mypy --strict``. Run by hand: ``python integration.py URL USERNAME PASSWORD`` with
the generated package on ``PYTHONPATH``.
"""

from __future__ import annotations

import datetime
import re
import sys
import uuid
from typing import Any, TypeVar

from calypso_api import AuthenticatedClient, Client
from calypso_api.api.artificial_scores import (
    artificial_scores_create,
    artificial_scores_list,
    artificial_scores_retrieve,
)
from calypso_api.api.audit_entries import audit_entries_list, audit_entries_retrieve
from calypso_api.api.auth import auth_token_create
from calypso_api.api.clubs import clubs_create, clubs_directors_list, clubs_list, clubs_retrieve
from calypso_api.api.events import (
    events_create,
    events_draw_partnerships_create,
    events_finish_create,
    events_grid_retrieve,
    events_list,
    events_partial_update,
    events_retrieve,
    events_seat_create,
    events_start_create,
    events_tally_check_retrieve,
)
from calypso_api.api.fouled_sets import fouled_sets_list
from calypso_api.api.game_sets import game_sets_list
from calypso_api.api.partnerships import partnerships_list, partnerships_retrieve
from calypso_api.api.players import players_create, players_import_create, players_list, players_retrieve
from calypso_api.api.print_jobs import (
    print_jobs_create,
    print_jobs_download_retrieve,
    print_jobs_list,
    print_jobs_retrieve,
)
from calypso_api.api.results import (
    events_standings_retrieve,
    events_travellers_retrieve,
    results_create,
    results_history_list,
    results_list,
    results_retrieve,
)
from calypso_api.api.rounds import rounds_list, rounds_retrieve
from calypso_api.api.seasons import seasons_create, seasons_list, seasons_retrieve
from calypso_api.api.tables import tables_create, tables_list, tables_retrieve
from calypso_api.api.teams import teams_list
from calypso_api.models import (
    ArtificialScore,
    ArtificialScoreCreate,
    Club,
    ClubCreate,
    CodeEnum,
    DirectionEnum,
    Director,
    Draw,
    Error,
    Event,
    EventCreate,
    EventStandings,
    EventTravellers,
    Finish,
    Grid,
    PaginatedArtificialScoreList,
    PaginatedAuditEntryList,
    PaginatedClubList,
    PaginatedEventList,
    PaginatedFouledSetList,
    PaginatedGameSetList,
    PaginatedPartnershipList,
    PaginatedPlayerList,
    PaginatedPrintJobList,
    PaginatedRoundList,
    PaginatedSeasonList,
    PaginatedSubmissionList,
    PaginatedTableList,
    PaginatedTeamList,
    PaperEnum,
    Partnership,
    PatchedEventUpdate,
    Player,
    PlayerCreate,
    PlayerImport,
    PrintJob,
    PrintJobCreate,
    PrintJobStatusEnum,
    PrintKindEnum,
    Round,
    Season,
    SeasonCreate,
    SeatCounts,
    Seated,
    Sheet,
    Submission,
    SubmissionCreate,
    Table,
    TableCreate,
    TallyCheck,
    Token,
    TokenRequest,
    TrickPiles,
    TypeEnum,
)
from calypso_api.types import File, Response

T = TypeVar("T")


def parsed(response: Response[Any], kind: type[T], status: int | None = None) -> T:
    """The body of an answer expected to be ``status`` (a success: any the schema documents), as
    the generated model ``kind`` (the generated client parses only the statuses documented)."""
    expected = (status,) if status else (200, 201)
    assert response.status_code in expected, (response.status_code, response.content[:500])
    assert isinstance(response.parsed, kind), response.parsed
    return response.parsed


def refused(response: Response[Any], status: int) -> Error:
    """A documented refusal: the status, and the body parsed as the schema's ``Error``."""
    return parsed(response, Error, status)


def counts(s: int, h: int, d: int, c: int) -> SeatCounts:
    return SeatCounts.from_dict({"S": s, "H": h, "D": d, "C": c})


def sheet(majors_pile: int, cards: int = 208) -> Sheet:
    """A sheet of ``cards`` cards: calypsos 13 × 3, unfinished 24, trick piles ``majors_pile`` + the rest."""
    return Sheet(
        calypsos=counts(1, 0, 2, 0),
        unfinished=counts(5, 7, 3, 9),
        trick_piles=TrickPiles.from_dict({"majors": majors_pile, "minors": cards - 63 - majors_pile}),
        revokes=counts(0, 0, 0, 0),
    )


def sign_in(base_url: str, username: str, password: str) -> AuthenticatedClient:
    anonymous = Client(base_url=base_url)
    wrong = auth_token_create.sync_detailed(client=anonymous, body=TokenRequest(username, password + "x"))
    assert refused(wrong, 400).detail == "wrong username or password"
    token = parsed(auth_token_create.sync_detailed(client=anonymous, body=TokenRequest(username, password)), Token)
    return AuthenticatedClient(base_url=base_url, token=token.token, prefix="Token")  # not Bearer


def run_night(api: AuthenticatedClient) -> dict[str, int]:
    """A night from creation to released standings; the ids it made."""
    club = parsed(clubs_create.sync_detailed(client=api, body=ClubCreate(name="Generated Client CC")), Club, 201)
    csv = "name,external_id\n" + "".join(f"Player {n},GC-{n}\n" for n in range(1, 8))
    imported = players_import_create.sync_detailed(client=api, body=PlayerImport(club=club.id, csv=csv))
    players = [p.id for p in parsed(imported, list)]
    eighth = players_create.sync_detailed(client=api, body=PlayerCreate(club=club.id, name="Player 8"))
    players.append(parsed(eighth, Player, 201).id)
    season = parsed(seasons_create.sync_detailed(client=api, body=SeasonCreate(club=club.id, name="2026")), Season, 201)
    body = EventCreate(
        name="Friday night",
        date=datetime.date(2026, 3, 6),
        club=club.id,
        type_=TypeEnum.PROGRESSIVE_PAIRS,
        games=2,
        tables=2,
        season=season.id,
        idempotency_key=str(uuid.uuid4()),
    )
    event = parsed(events_create.sync_detailed(client=api, body=body), Event, 201)
    drawn = events_draw_partnerships_create.sync_detailed(event.id, client=api, body=Draw(players=players, seed=7))
    assert len(parsed(drawn, list)) == 4
    assert parsed(events_seat_create.sync_detailed(event.id, client=api), Seated).seatings > 0
    parsed(events_start_create.sync_detailed(event.id, client=api), Event)

    tables = parsed(tables_list.sync_detailed(client=api, event=event.id), PaginatedTableList).results
    rounds = parsed(rounds_list.sync_detailed(client=api, event=event.id), PaginatedRoundList).results
    first: Submission | None = None
    for game in rounds:
        for table in tables:
            create = SubmissionCreate(
                table=table.id, round_=game.id, sheet=sheet(60), idempotency_key=str(uuid.uuid4())
            )
            posted = parsed(results_create.sync_detailed(client=api, body=create), Submission, 201)
            assert posted.net == posted.majors - posted.minors
            first = first or posted
    assert first is not None
    # A correction: a new version of game 1's first sheet; the old one is kept, superseded.
    fix = SubmissionCreate(table=first.table, round_=first.round_, sheet=sheet(70), note="miscounted piles")
    corrected = parsed(results_create.sync_detailed(client=api, body=fix), Submission, 201)
    assert corrected.version == first.version + 1 and corrected.sheet.trick_piles
    assert corrected.sheet.trick_piles.additional_properties == {"majors": 70, "minors": 75}
    history = parsed(results_history_list.sync_detailed(corrected.id, client=api), list)
    assert len(history) == 2

    a_plus = ArtificialScoreCreate(
        event=event.id, game=2, table=1, direction=DirectionEnum.MINORS, code=CodeEnum.A_PLUS, reason="slow play"
    )
    artificial = parsed(artificial_scores_create.sync_detailed(client=api, body=a_plus), ArtificialScore, 201)
    parsed(events_finish_create.sync_detailed(event.id, client=api, body=Finish(force=True)), Event)
    release = PatchedEventUpdate(standings_released=True, travellers_released=True)
    assert parsed(events_partial_update.sync_detailed(event.id, client=api, body=release), Event).standings_released
    standings = parsed(events_standings_retrieve.sync_detailed(event.id, client=api), EventStandings)
    assert sum(len(ranked.standings) for ranked in standings.lists) == 4
    # A progressive night deals its hands at the table: no game set, so no traveller to list.
    travellers = parsed(events_travellers_retrieve.sync_detailed(event.id, client=api), EventTravellers)
    assert travellers.travellers == []
    return {
        "club": club.id,
        "event": event.id,
        "player": players[0],
        "season": season.id,
        "table": tables[0].id,
        "round": rounds[0].id,
        "result": corrected.id,
        "artificial": artificial.id,
    }


def read_everything(api: AuthenticatedClient, ids: dict[str, int]) -> int:
    """Every list, and the detail of what the night made; the print job's id."""
    event = ids["event"]
    parsed(clubs_list.sync_detailed(client=api), PaginatedClubList)
    parsed(players_list.sync_detailed(client=api, club=ids["club"], page_size=5), PaginatedPlayerList)
    parsed(seasons_list.sync_detailed(client=api, club=ids["club"]), PaginatedSeasonList)
    parsed(events_list.sync_detailed(client=api, club=ids["club"]), PaginatedEventList)
    parsed(tables_list.sync_detailed(client=api, event=event), PaginatedTableList)
    parsed(rounds_list.sync_detailed(client=api, event=event), PaginatedRoundList)
    partnerships = parsed(partnerships_list.sync_detailed(client=api, event=event), PaginatedPartnershipList)
    parsed(teams_list.sync_detailed(client=api, event=event), PaginatedTeamList)
    parsed(game_sets_list.sync_detailed(client=api, event=event), PaginatedGameSetList)
    results = parsed(results_list.sync_detailed(client=api, event=event), PaginatedSubmissionList)
    assert results.count == 5  # four sheets and one correction
    parsed(artificial_scores_list.sync_detailed(client=api, event=event), PaginatedArtificialScoreList)
    parsed(fouled_sets_list.sync_detailed(client=api, event=event), PaginatedFouledSetList)
    audit = parsed(audit_entries_list.sync_detailed(client=api, event=event), PaginatedAuditEntryList)

    parsed(clubs_retrieve.sync_detailed(ids["club"], client=api), Club)
    directors = parsed(clubs_directors_list.sync_detailed(ids["club"], client=api), list)
    assert all(isinstance(director, Director) for director in directors)
    parsed(players_retrieve.sync_detailed(ids["player"], client=api), Player)
    parsed(seasons_retrieve.sync_detailed(ids["season"], client=api), Season)
    parsed(events_retrieve.sync_detailed(event, client=api), Event)
    parsed(events_grid_retrieve.sync_detailed(event, client=api), Grid)
    parsed(events_tally_check_retrieve.sync_detailed(event, client=api), TallyCheck)
    parsed(tables_retrieve.sync_detailed(ids["table"], client=api), Table)
    parsed(rounds_retrieve.sync_detailed(ids["round"], client=api), Round)
    parsed(partnerships_retrieve.sync_detailed(partnerships.results[0].id, client=api), Partnership)
    parsed(results_retrieve.sync_detailed(ids["result"], client=api), Submission)
    parsed(artificial_scores_retrieve.sync_detailed(ids["artificial"], client=api), ArtificialScore)
    parsed(audit_entries_retrieve.sync_detailed(audit.results[0].id, client=api), type(audit.results[0]))

    order = PrintJobCreate(event=event, kind=PrintKindEnum.SCORESHEETS, paper=PaperEnum.LETTER)
    job = parsed(print_jobs_create.sync_detailed(client=api, body=order), PrintJob, 201)
    parsed(print_jobs_list.sync_detailed(client=api, event=event), PaginatedPrintJobList)
    for _ in range(300):  # the job runs in the background; poll it as the docs say
        job = parsed(print_jobs_retrieve.sync_detailed(job.id, client=api), PrintJob)
        if job.status in (PrintJobStatusEnum.DONE, PrintJobStatusEnum.FAILED):
            break
    assert job.status == PrintJobStatusEnum.DONE, job.error
    pdf = parsed(print_jobs_download_retrieve.sync_detailed(job.id, client=api), File)
    assert pdf.payload.read(5) == b"%PDF-"
    return job.id


def meet_every_error(
    base_url: str, api: AuthenticatedClient, ids: dict[str, int], username: str, password: str
) -> None:
    """Each status the schema documents, its body read as ``Error``."""
    event = ids["event"]
    # 400: a sheet one card short, named on its field; a bad filter, named too.
    short = SubmissionCreate(table=ids["table"], round_=ids["round"], sheet=sheet(60, cards=207))
    wrong = refused(results_create.sync_detailed(client=api, body=short), 400)
    assert "cards add up to 207" in wrong.additional_properties["sheet"][0]
    taken = refused(tables_create.sync_detailed(client=api, body=TableCreate(event=event, number=1)), 400)
    assert "already has a table 1" in taken.additional_properties["number"][0]
    assert "page_size" in refused(players_list.sync_detailed(client=api, page_size=500), 400).additional_properties
    # 401: a token that is not one (no credentials at all: tests/director/api/test_schema.py).
    assert refused(
        clubs_list.sync_detailed(client=AuthenticatedClient(base_url=base_url, token="nope", prefix="Token")), 401
    ).detail
    # 403: a browser session's write without its CSRF token (a page's script that forgot it). The
    # session comes from the sign-in page, through the generated client's own HTTP client; its reads
    # are answered, its write refused, and nothing is made.
    # (The generated functions take an AuthenticatedClient; its token header goes by a name the
    # server does not read, so the session cookie alone signs the requests in.)
    session = AuthenticatedClient(base_url=base_url, token="", prefix="", auth_header_name="X-Not-A-Token")
    browser = session.get_httpx_client()
    page = browser.get("/login/")
    form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    assert form_token, page.text[:500]
    signed = browser.post(
        "/login/", data={"username": username, "password": password, "csrfmiddlewaretoken": form_token.group(1)}
    )
    assert signed.status_code == 302, signed.status_code
    before = parsed(clubs_list.sync_detailed(client=session), PaginatedClubList).count
    forgery = refused(clubs_create.sync_detailed(client=session, body=ClubCreate(name="Forged CC")), 403)
    assert forgery.detail and "CSRF" in forgery.detail
    assert parsed(clubs_list.sync_detailed(client=api), PaginatedClubList).count == before
    # 404: an id that is not among your clubs' data.
    assert refused(events_retrieve.sync_detailed(10**15, client=api), 404).detail
    # 409: starting a night that has finished.
    refused(events_start_create.sync_detailed(event, client=api), 409)
    # 413: a body larger than a request may carry.
    huge = PlayerImport(club=ids["club"], csv="name\n" + "x" * 3_000_000)
    assert refused(players_import_create.sync_detailed(client=api, body=huge), 413).code == "too-large"
    # 415: a form body. The generated functions always send JSON, so this goes through the generated
    # client's own HTTP client, and its answer is read with the generated model.
    form = api.get_httpx_client().post("/api/tables/", data={"event": str(event)})
    assert form.status_code == 415 and Error.from_dict(form.json()).detail
    # 429: a username's password guessed wrong until the sign-in limit answers.
    anonymous = Client(base_url=base_url)
    guess = TokenRequest(username=username + "-guesser", password="wrong")
    for _ in range(10):
        answer = auth_token_create.sync_detailed(client=anonymous, body=guess)
        if answer.status_code == 429:
            break
        refused(answer, 400)
    limited = refused(answer, 429)
    assert isinstance(limited.retry_after, datetime.datetime) and limited.detail


def main(base_url: str, username: str, password: str) -> None:
    api = sign_in(base_url, username, password)
    ids = run_night(api)
    read_everything(api, ids)
    meet_every_error(base_url, api, ids, username, password)


if __name__ == "__main__":
    main(*sys.argv[1:4])
