"""Public results pages (no sign-in): standings, score cards, travellers and the season ladder.

Nothing shows until the director releases it with the event's public switches; until then the
page is a 404 that says only "not published yet" (``NotPublished``). Travellers need both ``travellers_released`` and
``hands_released`` (they sit next to the set's hands), so no card is ever shown before release.

Pages are cached briefly in Django's cache, keyed by ``page.results_marker`` — which moves
with every sheet entered, confirmed or withdrawn, every adjustment and every switch — so a new
result shows at once while a busy room of phones costs one small query each instead of a full
recomputation. The standings page polls ``standings.json`` every few seconds and redraws itself.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.cache import never_cache

from director.clubs.models import Club
from director.events.models import Event

from . import exports
from .coop import coop_grades
from .ladder import ladder_events, season_ladder
from .ladder_params import ladder_params, positive_number
from .page import club_marker, results_marker
from .selectors import COOP, TEAMS, event_results, set_hands

CACHE_SECONDS = 15
POLL_SECONDS = 3


class NotPublished(Http404):
    """A results page of an event the director has not released (yet): a plain 404 page saying so."""

    template_name = "public/not_published.html"


def public_event(slug: str, event_id: int, *switches: str) -> Event:
    event = Event.objects.select_related("club").filter(pk=event_id, club__slug=slug).first()
    if event is None:
        raise Http404("no such results page")
    if not all(getattr(event, s) for s in switches):
        raise NotPublished("not released")
    return event


def _cached(event: Event, name: str, build):
    key = f"calypso:public:{event.pk}:{name}:{results_marker(event)}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, CACHE_SECONDS)
    return value


def standings_payload(event: Event) -> dict:
    """What the public standings page and its JSON show (cached by the results marker)."""

    def build():
        results = event_results(event)
        rounds = results.rounds
        current = next((r for r in rounds if r.status == "open"), None)
        progress = None
        if current is not None:
            plays = results.round_plays(current.number)
            progress = {"game": current.number, "in": sum(1 for p in plays if p.scored), "of": len(plays)}
        return {
            "marker": results_marker(event),
            "event": event.name,
            "games": [r.number for r in rounds],
            "percentages": results.uses_matchpoints,
            "rows": display_rows(results),
            "lists": display_lists(results),
            "teams": exports.team_rows(results) if results.kind == TEAMS else None,
            "coop": coop_grades(results).to_dict() if results.kind == COOP else None,
            "progress": progress,
            "updated": timezone.now().strftime("%H:%M:%S"),
        }

    return _cached(event, "standings", build)


def display_lists(results) -> list[dict]:
    """The standings' lists as the page shows them: one, or a pairs event's ♠♥ and ♦♣ lists, each
    with its heading and its rows (``display_rows``)."""
    return [
        {"direction": lst.direction or "", "heading": lst.heading, "rows": display_rows(results, lst.rows)}
        for lst in results.standings_lists()
    ]


def display_rows(results, standings=None) -> list[dict]:
    """Standings as the page shows them (text, formatted once on the server; the page's script
    redraws the tables from these): every list's rows one after the other, or ``standings``'."""
    games = [r.number for r in results.rounds]
    rows = []
    for row in results.standings() if standings is None else standings:
        values = [row.per_game.get(g) for g in games]
        rows.append(
            {
                "rank": row.rank,
                "key": row.entrant.key,
                "number": row.entrant.number,
                "names": row.entrant.names,
                "games": [results.value_text(v) for v in values],
                "total": row.total_text,
                "percentage": row.percentage_text,
            }
        )
    return rows


def _nav(event: Event) -> dict:
    return {
        "event": event,
        "club": event.club,
        "show_cards": event.scorecards_released,
        "show_travellers": event.travellers_released and event.hands_released,
    }


def standings(request, slug, event_id):
    event = public_event(slug, event_id, "standings_released")
    payload = standings_payload(event)
    return render(
        request,
        "public/standings.html",
        {**_nav(event), "tab": "standings", "payload": payload, "poll_seconds": POLL_SECONDS},
    )


@never_cache
def standings_json(request, slug, event_id):
    event = public_event(slug, event_id, "standings_released")
    return JsonResponse(standings_payload(event))


def scorecards(request, slug, event_id):
    event = public_event(slug, event_id, "scorecards_released")

    def build():
        results = event_results(event)
        return render_to_string(
            "public/scorecards.html",
            {**_nav(event), "tab": "cards", "rows": results.standings(), "lists": results.standings_lists(),
             "results": results},
        )  # fmt: skip

    return HttpResponse(_cached(event, "cards", build))


def scorecard(request, slug, event_id, key):
    event = public_event(slug, event_id, "scorecards_released")

    def build():
        results = event_results(event)
        entrant = results.entrants.get(key)
        if entrant is None:
            return None
        row = next((r for r in results.standings() if r.entrant.key == key), None)
        return render_to_string(
            "public/scorecard.html",
            {**_nav(event), "tab": "cards", "entrant": entrant, "lines": results.scorecard(key), "row": row,
             "results": results, "kind": results.sheet_kind},
        )  # fmt: skip

    html = _cached(event, f"card:{key}", build)
    if html is None:
        raise Http404("no such partnership")
    return HttpResponse(html)


def traveller(request, slug, event_id, number):
    # Travellers go with the hands: never before the director released the hands.
    event = public_event(slug, event_id, "travellers_released", "hands_released")

    def build():
        results = event_results(event)
        found = results.traveller(number)
        if found is None:
            return None
        return render_to_string(
            "public/traveller.html",
            {**_nav(event), "tab": "travellers", "traveller": found, "results": results,
             "hands": set_hands(event, number), "game_sets": results.game_sets()},
        )  # fmt: skip

    html = _cached(event, f"set:{number}", build)
    if html is None:
        raise Http404("no such game set")
    return HttpResponse(html)


def travellers(request, slug, event_id):
    event = public_event(slug, event_id, "travellers_released", "hands_released")
    results = event_results(event)
    sets = results.game_sets()
    if not sets:
        raise Http404("no game sets")
    return render(request, "public/travellers.html", {**_nav(event), "tab": "travellers", "game_sets": sets})


def club_index(request, slug):
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    events = Event.objects.filter(club=club, standings_released=True).order_by("-date", "-pk")[:50]
    return render(request, "public/club.html", {"club": club, "events": events})


def ladder(request, slug):
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    params = ladder_params(request)
    season = request.GET.get("season", "")
    events = ladder_events(club, positive_number(season), released_only=True)
    if not events:
        raise Http404("no released results")
    raw = f"{sorted(params.items())}:{season}:{club_marker(club)}"
    key = f"calypso:public:ladder:{club.pk}:{hashlib.sha1(raw.encode()).hexdigest()}"
    html = cache.get(key)
    if html is None:
        rows = season_ladder(events, **params)
        if not rows and "basis" not in request.GET:
            params["basis"] = "tally"
            rows = season_ladder(events, **params)
        html = render_to_string(
            "public/ladder.html",
            {"club": club, "rows": rows, "params": params, "events": events, "seasons": club.seasons.all(),
             "season": season},
        )  # fmt: skip
        cache.set(key, html, CACHE_SECONDS)
    return HttpResponse(html)
