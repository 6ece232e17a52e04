"""Deal secrecy: before the director releases the hands, no public, table, API or other club's
path shows a card of the event's game sets.

The walk requests EVERY URL pattern of the project (the resolver is iterated; ids, numbers, slugs
and tokens are filled in from a fixture event) with GET and an empty POST, as the public, as a
table holding the event's entry link, and as the director of another club (a session; an API
token, on DRF's views, the only ones that read one), and looks in every answer for each of the 32
hands in all the forms the project writes them (card list, suit-grouped with letters or symbols,
JSON list) and for the secret seed that would regenerate them. Downloads (PDF, zip) are refused to
them outright. The club's own director walks the game sets' and downloads' addresses too, as a
check that the detector finds the hands where they are meant to be.
"""

from __future__ import annotations

import ast
import copy
import datetime
import functools
import html
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern
from rest_framework.authtoken.models import Token
from rest_framework.views import APIView

import director
from director.deals import services as deals
from director.deals.models import AnalysisJob, GameSet
from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import services as movements
from director.results import services as results
from director.results.models import Submission
from director.results.simulate import plausible_sheet
from scoring.cards import format_hand, parse_cards
from tests.director.conftest import SHEET, shareable
from tests.test_import_floors import imports, modules

SHARED_SET_UP = True  # clubs, players, the secret night and its jobs built once (tests/director/conftest.py)

DOWNLOADS = ("application/pdf", "application/zip", "application/octet-stream")
NO_POST = {"logout"}  # posting it would sign the walking client out half way
TOKEN_WALKER = "other club's API token"
TABLE_WALKER = "table"
TABLE_PAGES = 16  # requests at least: the phone's page, its state, send, confirm, a player's /me/ … (GET, POST)
MAX_COMBINATIONS = 80


# --- the fixture event, its print job and its analysis (built once for the module) ------------------------
def _secret_event(club_a, players_a, director_a):
    """A running duplicate-pairs barometer (3 tables, 2 games, 2 generated sets) with results in
    every state and every public switch on — except the hands."""
    random_sheet = functools.partial(plausible_sheet, random.Random(208))
    event = events.create_event(
        club=club_a,
        name="Secret pairs",
        date=datetime.date(2025, 4, 4),
        type=Event.Type.DUPLICATE_PAIRS,
        games=2,
        movement_kind=Event.MovementKind.BAROMETER,
        by=director_a,
    )
    lineup.draw_partnerships(event=event, players=players_a[:12], seed=3)
    movements.seat_event(event=event)
    deals.generate_game_sets(event=event, by=director_a)
    events.start_event(event=event)
    round1 = event.rounds.get(number=1)
    tables = {t.number: t for t in event.tables.all()}
    results.enter_sheet(table=tables[1], round=round1, sheet=copy.deepcopy(SHEET), by=director_a)
    disputed = results.submit_from_table(table=tables[2], round=round1, sheet=random_sheet(), idempotency_key="s-2")
    results.dispute_submission(submission=disputed, by_table=tables[2])
    results.submit_from_table(table=tables[3], round=round1, sheet=random_sheet(), idempotency_key="s-3")
    events.set_public_switches(event=event, standings_released=True, scorecards_released=True, travellers_released=True)
    event.refresh_from_db()
    assert not event.hands_released and not event.set_file.released
    return event


def _print_job(secret_event, director_a):
    """A finished hand-records job whose file holds the cards as text (what a real PDF draws)."""
    from director.printing import services as printing

    job = printing.start_print_job(event=secret_event, kind="hand-records", by=director_a)
    text = " ".join(hand for hand in hand_texts(secret_event)[:8])
    printing.claim_job(job.pk)
    printing.complete_job(job.pk, b"%PDF-1.4\n" + text.encode())
    return job


# What the play engine's analysis says of a set is the deal's too (which side it favours): the
# game-set page shows it to the club's directors, and no one else may read it before the release.
VERDICT = "lopsided: favours the majors by 312 ± 41 (97.3% sure it favours them); 0.8% of dealt sets lean as far"


def _analysis_job(secret_event, director_a):
    """A finished analysis of the event's sets, its progress URL polled by the game-set page."""
    summary = {"verdict": VERDICT, "lopsided": True, "expected_net_majors": 312.0, "games": 100, "note": "club"}
    return AnalysisJob.objects.create(
        event=secret_event,
        status=AnalysisJob.Status.DONE,
        total=2,
        done=2,
        summaries={"1": summary, "2": summary},
        created_by=director_a,
    )


BUILDERS = {
    "secret_event": (("club_a", "players_a", "director_a"), _secret_event),
    "print_job": (("secret_event", "director_a"), _print_job),
    "analysis_job": (("secret_event", "director_a"), _analysis_job),
}


@pytest.fixture(scope="module")
def _shared_builders(_shared_builders):
    return {**_shared_builders, **BUILDERS}


secret_event = shareable("secret_event", BUILDERS, _secret_event.__doc__)
print_job = shareable("print_job", BUILDERS, _print_job.__doc__)
analysis_job = shareable("analysis_job", BUILDERS, _analysis_job.__doc__)


def hand_texts(event) -> list[str]:
    """Every hand of the event's sets as a canonical card list."""
    return [
        " ".join(cards) for row in GameSet.objects.filter(event=event) for deal in row.deals for cards in deal.values()
    ]


def secrets_of(event) -> list[str]:
    found = []
    for row in GameSet.objects.filter(event=event).order_by("number"):
        for deal in row.deals:
            for cards in deal.values():
                parsed = parse_cards(" ".join(cards))
                found += [
                    " ".join(cards),
                    format_hand(parsed),
                    format_hand(parsed, symbols=True),
                    json.dumps(cards),
                    json.dumps(cards, separators=(",", ":")),
                ]
    assert len(found) == 5 * 16 * 2
    seed = event.set_file.seed
    assert len(seed) >= 32
    return [*found, seed]


# --- walking every URL pattern ------------------------------------------------------------------------
def _chains(patterns, prefix=()):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _chains(entry.url_patterns, (*prefix, entry.pattern))
        elif isinstance(entry, URLPattern):
            yield (*prefix, entry.pattern), entry.name


_ROUTE_PARAM = re.compile(r"<(?:[^>:]+:)?(\w+)>")
_REGEX_PARAM = re.compile(r"\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)")


def _template(chain) -> str:
    """The URL with ``{name}`` for each parameter, from a chain of route and regex patterns."""
    parts = []
    for pattern in chain:
        text = str(pattern)
        if isinstance(pattern, RegexPattern):
            text = _REGEX_PARAM.sub(lambda m: "{" + m.group(1) + "}", text).lstrip("^").rstrip("$")
            text = text.replace("\\.", ".").replace("/?", "/")
        else:
            text = _ROUTE_PARAM.sub(lambda m: "{" + m.group(1) + "}", text)
        parts.append(text)
    return "/" + "".join(parts)


def candidates(event, job, analysis=None) -> dict[str, list]:
    club = event.club
    ids = sorted(
        {
            event.pk,
            club.pk,
            *event.tables.values_list("pk", flat=True),
            *event.rounds.values_list("pk", flat=True),
            *event.partnerships.values_list("pk", flat=True),
            *GameSet.objects.filter(event=event).values_list("pk", flat=True),
            *Submission.objects.filter(round__event=event).values_list("pk", flat=True),
            *club.players.values_list("pk", flat=True)[:3],
        }
    )
    return {
        "event_id": [event.pk],
        "number": [1, 2],
        "table_number": [1, 2],
        "token": [event.tables.get(number=1).token],
        "slug": [club.slug],
        "player_id": [club.players.first().pk],
        "code_id": [1],  # a player code's row (a night of player codes: none in this event)
        "code": ["ZZZZ-ZZZZ"],  # a player code: not one of a live night
        "job_id": sorted({job.pk, *([analysis.pk] if analysis else [])}),
        "key": sorted({1, *event.partnerships.values_list("pk", flat=True)[:2], club.players.first().pk}),
        "pk": ids,
        # The admin's pages refuse a user who is not staff before they read any row (AdminSite.admin_view;
        # every walker here, the club's own director too, is not staff, and walk() checks that each of these
        # pages answered so): which row an admin address names changes nothing, so its pages are walked
        # with the night's and its game sets' ids (the rows holding the cards), not with every id of the
        # night (the admin was 58 % of the walk's 9,700 requests).
        "object_id": sorted({event.pk, *GameSet.objects.filter(event=event).values_list("pk", flat=True)}),
        "app_label": ["deals", "events", "results", "printing", "standings", "audit"],
        "content_type_id": [ContentType.objects.get_for_model(GameSet).pk],
        "what": ["standings", "teams", "tallies", "travellers"],
        "fmt": ["csv", "json", "png", "svg", "pdf"],
        "format": ["json"],
        "path": ["x"],
        "url": ["x"],
        "uidb64": ["MQ"],
        "id": [1],
    }


def all_urls(event, job, analysis=None) -> list[tuple[str, str]]:
    values = candidates(event, job, analysis)
    urls, unreached = [], []
    for chain, name in _chains(get_resolver().url_patterns):
        template = _template(chain)
        names = re.findall(r"{(\w+)}", template)
        missing = [n for n in names if n not in values]
        assert not missing, f"the secrecy walk does not know how to fill {missing} in {template}"
        combos = list(itertools.product(*(values[n] for n in names)))[:MAX_COMBINATIONS]
        before = len(urls)
        for combo in combos:
            url = template.format(**dict(zip(names, (str(v) for v in combo), strict=True)))
            try:
                resolve(url)
            except Resolver404:
                continue  # a value this pattern does not accept (e.g. a format)
            urls.append((url, name or ""))
        if len(urls) == before:
            unreached.append(template)
    assert not unreached, f"patterns the walk could not fill in: {unreached}"
    return urls


def _body(response) -> str:
    if getattr(response, "streaming", False):
        raw = b"".join(response.streaming_content)
    else:
        raw = response.content
    return html.unescape(raw.decode("utf-8", errors="replace"))


@functools.cache  # the same addresses for every walker: resolved once
def _names_an_admin_row(url: str) -> bool:
    return url.startswith("/admin/") and "object_id" in resolve(url).kwargs


def walk(client: Client, urls, secrets, *, headers=None) -> tuple[list[str], list[str], int]:
    """``(leaks, errors, requests made)``. An admin page naming a row must send the walker (never
    staff) to the admin's sign-in without reading it; anything else is counted among the errors."""
    leaks, errors, made = [], [], 0
    headers = headers or {}
    for url, name in urls:
        admin_row = _names_an_admin_row(url)
        for method in ("get", "post"):
            if method == "post" and name in NO_POST:
                continue
            response = getattr(client, method)(url, **headers)
            made += 1
            if response.status_code >= 500:
                errors.append(f"server error: {method.upper()} {url} answered {response.status_code}")
            if admin_row and not (response.status_code == 302 and response["Location"].startswith("/admin/login/")):
                errors.append(f"{method.upper()} {url} answered {response.status_code}, not with the admin's sign-in")
            body = _body(response)
            hits = [s for s in secrets if s in body]
            download = response.status_code == 200 and response.get("Content-Type", "").split(";")[0] in DOWNLOADS
            if hits or download:
                leaks.append(f"{method.upper()} {url} ({response.status_code}): {hits[:1] or 'a download'}")
    return leaks, errors, made


@pytest.fixture
def walkers(secret_event, director_b, club_b):
    table = secret_event.tables.get(number=1)
    anonymous = Client(raise_request_exception=False)
    at_table = Client(raise_request_exception=False)
    assert at_table.get(f"/t/{table.token}/").status_code == 200
    other = Client(raise_request_exception=False)
    other.force_login(director_b)
    api_token = Token.objects.create(user=director_b)
    other_api = Client(raise_request_exception=False)
    assert other_api.get("/api/events/", HTTP_AUTHORIZATION=f"Token {api_token.key}").status_code == 200
    return {
        "anonymous": (anonymous, {}),
        TABLE_WALKER: (at_table, {}),
        "other club's director": (other, {}),
        TOKEN_WALKER: (other_api, {"HTTP_AUTHORIZATION": f"Token {api_token.key}"}),
    }


# The modules whose views read what a browser keeps in its session beyond who signed in: a table
# phone's id, a sheet it kept, a player's code (``test_only_the_table_modules_read_a_browsers_session``
# holds every other module of the project to that).
SESSION_READERS = frozenset({"director.table.views", "director.table.player_views"})


def reads_the_session(url: str) -> bool:
    """Whether the view at ``url`` is defined in one of ``SESSION_READERS``. The table's walker
    differs from the anonymous one only in its session (the entry link's token is in the address,
    which both walk), so any other view answers it as it answers the anonymous walker."""
    return resolve(url).func.__module__ in SESSION_READERS


def reads_tokens(url: str) -> bool:
    """Whether the view at ``url`` is one of DRF's, the only views that read an API token (the
    REST_FRAMEWORK setting's authentication classes; no middleware or other view reads the
    Authorization header). Any other view answers the token's bearer as it answers the anonymous
    walker, who walks it already."""
    return issubclass(getattr(resolve(url).func, "cls", object), APIView)


def walked_by(who: str, urls: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The addresses ``who`` walks: all of them, but DRF's views only for the API token's bearer and
    the views that read a phone's session only for the table's walker (each is the anonymous walker
    elsewhere, who walks every address)."""
    reads = {TOKEN_WALKER: reads_tokens, TABLE_WALKER: reads_the_session}.get(who)
    return [u for u in urls if reads(u[0])] if reads else urls


def test_no_path_shows_an_unreleased_card_to_anyone_but_the_clubs_directors(
    secret_event, print_job, analysis_job, walkers, director_a
):
    urls = all_urls(secret_event, print_job, analysis_job)
    secrets = [*secrets_of(secret_event), VERDICT]
    report = []
    for who, (client, headers) in walkers.items():
        leaks, errors, made = walk(client, walked_by(who, urls), secrets, headers=headers)
        assert made >= (TABLE_PAGES if who == TABLE_WALKER else 300)
        report += [f"{who}: {leak}" for leak in leaks]
        report += [f"{who}: {e}" for e in errors]
    assert not report, "\n".join(report)

    # The detector works: the club's own director finds the hands where they belong (the game
    # sets' pages and the print job's file; each known path is tried alone below).
    own = Client(raise_request_exception=False)
    own.force_login(director_a)
    leaks, _, _ = walk(own, [u for u in urls if "/sets/" in u[0] or "/download/" in u[0]], secrets)
    assert any("/sets/" in leak for leak in leaks), leaks[:5]
    assert any("/download/" in leak for leak in leaks), leaks[:5]
    assert VERDICT in _body(own.get(f"/events/{secret_event.pk}/sets/"))


# --- the known card-bearing paths, one by one -----------------------------------------------------------
def card_paths(event, job) -> list[tuple[str, bool]]:
    """``(path, whether the club's director sees cards there)``."""
    sets = list(GameSet.objects.filter(event=event).order_by("number"))
    slug = event.club.slug
    token = event.tables.get(number=1).token
    return [
        (f"/events/{event.pk}/sets/", False),
        (f"/events/{event.pk}/sets/1/record/", True),
        (f"/events/{event.pk}/print/jobs/{job.pk}/download/", True),
        (f"/events/{event.pk}/results/sets/", False),
        (f"/events/{event.pk}/results/sets/1/", False),
        (f"/events/{event.pk}/results/export/travellers.csv", False),
        (f"/events/{event.pk}/results/export/travellers.json", False),
        (f"/api/game-sets/?event={event.pk}", True),
        (f"/api/game-sets/{sets[0].pk}/", True),
        (f"/api/game-sets/{sets[0].pk}/recording/", True),
        (f"/api/events/{event.pk}/game-set-file/", False),  # the seed stays hidden even from directors
        (f"/p/{slug}/{event.pk}/sets/", False),
        (f"/p/{slug}/{event.pk}/sets/1/", False),
        (f"/p/{slug}/{event.pk}/sets/2/", False),
        (f"/p/{slug}/{event.pk}/", False),
        (f"/p/{slug}/{event.pk}/standings.json", False),
        (f"/t/{token}/", False),
        (f"/t/{token}/state/", False),
    ]


@pytest.mark.parametrize("index", range(18))
def test_each_known_card_bearing_path(secret_event, print_job, walkers, director_a, index):
    path, director_sees = card_paths(secret_event, print_job)[index]
    secrets = secrets_of(secret_event)
    for who, (client, headers) in walkers.items():
        response = client.get(path, **headers)
        body = _body(response)
        assert not [s for s in secrets if s in body], f"{who} sees a card at {path}"
        if response.status_code == 200:
            assert response.get("Content-Type", "").split(";")[0] not in DOWNLOADS, f"{who} downloads {path}"
    if director_sees:
        own = Client()
        own.force_login(director_a)
        response = own.get(path)
        assert response.status_code == 200
        assert any(s in _body(response) for s in secrets), f"the club's director should see the hands at {path}"


def test_the_public_sees_no_hands_until_released_even_when_everything_else_is(secret_event, client):
    """Switching standings, scorecards and travellers on does not release the hands; only release_hands
    flips the switches the public pages read (and reveals the seed)."""
    slug = secret_event.club.slug
    secrets = secrets_of(secret_event)
    before = _body(client.get(f"/p/{slug}/{secret_event.pk}/sets/1/"))
    assert not [s for s in secrets if s in before]
    deals.release_hands(event=secret_event)
    secret_event.refresh_from_db()
    assert secret_event.hands_released and secret_event.set_file.seed_revealed
    api = Client()
    assert api.get(f"/api/game-sets/?event={secret_event.pk}").status_code in (401, 403)  # the API stays directors'


def _is_a_request(node: ast.expr) -> bool:
    """``request``, ``req`` or ``….request``: what a view or middleware calls its request."""
    return (isinstance(node, ast.Name) and node.id in {"request", "req"}) or (
        isinstance(node, ast.Attribute) and node.attr == "request"
    )


def _session_readers_and_importers() -> dict[str, list[str]]:
    """Each module of the project (migrations aside) that touches a request's ``session`` or imports
    from a session-reading module (its URL configuration aside), with what it does. The modules and
    their imports are the import-floor tests' (tests/test_import_floors.py)."""
    found: dict[str, list[str]] = {}
    for module, path in modules().items():
        if module.split(".")[0] != "director":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "session" and _is_a_request(node.value):
                found.setdefault(module, []).append(f"line {node.lineno}: request.session")
        if not module.endswith("urls"):  # routing to their views only
            for target, line in imports(module, path):
                if target in SESSION_READERS:
                    found.setdefault(module, []).append(f"line {line}: imports from {target}")
    return found


def test_only_the_table_modules_read_a_browsers_session():
    """The table's walker walks only ``SESSION_READERS``' views (``walked_by``), which holds while no
    other module of the project reads a session (Django's own sign-in reads who signed in, the same
    for the table's walker and the anonymous one) nor borrows a reader's functions, and no template
    reads ``request.session``. A module that starts to must join ``SESSION_READERS``."""
    found = _session_readers_and_importers()
    assert set(found) == SESSION_READERS, {m: found[m] for m in set(found) ^ SESSION_READERS if m in found}
    assert any("imports from director.table.views" in line for line in found["director.table.player_views"])
    templates = Path(director.__file__).resolve().parent / "templates"
    assert not [p for p in templates.rglob("*.html") if "request.session" in p.read_text(encoding="utf-8")]
    assert reads_the_session("/t/abc/") and not reads_the_session("/p/demo/1/")
