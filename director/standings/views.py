"""The director's results pages: standings, games, travellers, score cards, tally cross-check,
adjustments, exports, charts, the projector and the club's season ladder.

Every view authorises through ``clubs.access`` (another club's event or club is a 404, anonymous
visitors go to the sign-in page), reads through ``selectors.event_results`` (a fixed number of
queries) and writes only through ``services``.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from director.clubs.access import club_for
from director.core.errors import DomainError, NotFound
from director.core.parsing import parse_int
from director.core.view_helpers import director_view
from director.events import services as event_services
from director.events.access import event_for
from director.events.models import Event, Round
from director.events.selectors import label_games
from scoring.cards import SUITS

from . import charts, exports, services, tally_check
from .clock import clock_state, mmss
from .ladder import ladder_events, season_ladder
from .ladder_params import ladder_params, positive_number
from .models import ArtificialScore, FouledSet, StandingsOptions
from .page import standings_page
from .selectors import MATCHPOINTS, TALLY, TEAMS, event_results, fmt_pct, ranking_of, set_hands
from .sum_check import sum_check

EXPORTS = ("standings", "teams", "tallies", "travellers")


def _context(results, tab: str, **extra) -> dict:
    event = results.event
    return {
        "event": event,
        "club": event.club,
        "results": results,
        "tab": tab,
        "kind": results.sheet_kind,  # the event's kind of sheet: its own templates, its figures
        "ranking": results.kind,
        "rounds": results.rounds,
        "game_sets": results.game_sets(),
        **extra,
    }


def _round(results, number: int) -> Round:
    for r in results.rounds:
        if r.number == number:
            return r
    raise Http404(f"no game {number}")


def _current_round(results) -> Round | None:
    for r in results.rounds:
        if r.status == Round.Status.OPEN:
            return r
    return None


# --- standings ----------------------------------------------------------------------------------------
@director_view
def standings(request, event_id):
    event = event_for(request.user, event_id)
    page = standings_page(event)  # cached until the next write to the event's results
    context = {
        "event": event,
        "club": event.club,
        "results": page,
        "tab": "standings",
        "kind": page.sheet_kind,
        "ranking": page.kind,
        "rounds": page.rounds,
        "game_sets": page.game_sets,
        "rows": page.rows,
        "lists": page.lists,
        "teams": page.teams,
        "sum_check": page.sum_check,
        "coop": page.coop,
        "tie_breaks": StandingsOptions.TieBreak.choices,
        "team_methods": StandingsOptions.TeamMethod.choices,
        "rankings": StandingsOptions.Ranking.choices,
        "public_url": reverse("public:standings", args=[event.club.slug, event.pk]),
    }
    return render(request, page.sheet_kind.templates("director/standings/standings.html"), context)


@director_view
@require_POST
def options(request, event_id):
    event = event_for(request.user, event_id)
    try:
        services.set_options(
            event=event,
            tie_break=request.POST.get("tie_break") or None,
            team_method=request.POST.get("team_method") or None,
            ranking=request.POST.get("ranking") or None,
        )
        messages.success(request, "Standings options saved.")
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("standings:standings", event_id=event.pk)


# --- games (rounds) ------------------------------------------------------------------------------------
@director_view
def round_results(request, event_id, number=None):
    event = event_for(request.user, event_id)
    results = event_results(event)
    if number is None:
        current = _current_round(results) or (results.rounds[-1] if results.rounds else None)
        if current is None:
            raise Http404("this event has no games")
        return redirect("standings:round", event_id=event.pk, number=current.number)
    round_obj = _round(results, number)
    label_games(event, results.rounds)  # "Not started" / "In play" / "To come" / "Closed"
    plays = results.round_plays(number)
    awaited = results.awaited(number)
    context = _context(
        results,
        "games",
        round=round_obj,
        plays=plays,
        awaited=awaited,
        sitting_out=results.sitting_out.get(number, []),
        confirmed=sum(1 for p in plays if p.confirmed),
        suits=SUITS,  # the seats' columns, in suit order
    )
    return render(request, results.sheet_kind.templates("director/standings/round.html"), context)


# --- travellers ----------------------------------------------------------------------------------------
@director_view
def travellers(request, event_id):
    event = event_for(request.user, event_id)
    results = event_results(event)
    sets = [results.traveller(n) for n in results.game_sets()]
    return render(request, "director/standings/travellers.html", _context(results, "travellers", travellers=sets))


@director_view
def traveller(request, event_id, number):
    event = event_for(request.user, event_id)
    results = event_results(event)
    found = results.traveller(number)
    if found is None:
        raise Http404(f"no table plays game set {number}")
    return render(
        request,
        "director/standings/traveller.html",
        _context(results, "travellers", traveller=found, hands=set_hands(event, number)),
    )


# --- score cards ---------------------------------------------------------------------------------------
@director_view
def scorecards(request, event_id):
    event = event_for(request.user, event_id)
    results = event_results(event)
    context = _context(results, "cards", rows=results.standings(), lists=results.standings_lists())
    return render(request, "director/standings/scorecards.html", context)


@director_view
def scorecard(request, event_id, key):
    event = event_for(request.user, event_id)
    results = event_results(event)
    entrant = results.entrants.get(key)
    if entrant is None:
        raise Http404(f"no partnership or player {key} in this event")
    row = next((r for r in results.standings() if r.entrant.key == key), None)
    context = _context(results, "cards", entrant=entrant, lines=results.scorecard(key), row=row)
    return render(request, "director/standings/scorecard.html", context)


# --- tally cross-check ---------------------------------------------------------------------------------
@director_view
def tallies(request, event_id):
    event = event_for(request.user, event_id)
    posted = request.method == "POST"
    check = tally_check.check_tally_cards(
        event=event,
        typed=request.POST if posted else None,
        against_sheets=request.POST.get("against") != "cards" if posted else True,
        by=request.user,
    )
    if check.written:
        messages.success(request, f"Saved {len(check.written)} tally card{'s' * (len(check.written) != 1)}.")
    values, errors, flagged = check.values, check.errors, check.flagged

    def cell(key, game):
        name = tally_check.cell_name(key, game)
        return {"name": name, "value": values.get(name, ""), "error": errors.get(name), "flagged": name in flagged}

    grid = [
        {
            "entrant": e,
            "cells": [{**cell(e.key, g), "table": check.seat.get((e.key, g))} for g in check.games],
            "saved": check.saved.get(str(e.key)),
            "total": cell(e.key, None),
        }
        for e in check.entrants
    ]
    context = _context(
        check.results,
        "tallies",
        games=check.games,
        grid=grid,
        errors=errors,
        discrepancies=check.discrepancies,
        not_entered=check.not_entered,
        against_sheets=check.against_sheets,
        sum_check=sum_check(check.results),
    )
    template = check.results.sheet_kind.templates("director/standings/tallies.html")
    return render(request, template, context, status=400 if errors else 200)


# --- adjustments ---------------------------------------------------------------------------------------
def _adjustment_id(request) -> int:
    """The adjustment a withdraw button names (a crafted post's text is a ``ValidationError``)."""
    return parse_int(request.POST.get("id") or 0, "the adjustment", field="id", minimum=0)


@director_view
def adjustments(request, event_id):
    event = event_for(request.user, event_id)
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "artificial":
                place = request.POST.get("place", "")
                round_number, _, table_number = place.partition(":")
                made = services.set_artificial(
                    event=event,
                    round_number=request.POST.get("round") or round_number,
                    table_number=request.POST.get("table") or table_number,
                    direction=request.POST.get("direction", ""),
                    code=request.POST.get("code"),
                    reason=request.POST.get("reason"),
                    by=request.user,
                )
                messages.success(request, f"{made.code} given to {made.direction} at table {made.table.number}.")
            elif action == "withdraw-artificial":
                row = ArtificialScore.objects.filter(event=event, pk=_adjustment_id(request)).first()
                if row is None:
                    raise NotFound("no such adjustment", field="id")
                services.withdraw_artificial(adjustment=row, by=request.user, reason=request.POST.get("reason", ""))
                messages.success(request, "Artificial score withdrawn.")
            elif action == "fouled":
                number = request.POST.get("game_set")
                groups: dict[int, list] = {}
                for name, value in request.POST.items():
                    match = re.fullmatch(r"g(\d+)-(\d+)", name)
                    if match and value.strip():
                        game, table = int(match.group(1)), int(match.group(2))
                        what = f"the group of table {table} in game {game}"
                        group = parse_int(value, what, field=name, minimum=1)
                        groups.setdefault(group, []).append([game, table])
                services.set_fouled(
                    event=event,
                    game_set=number,
                    groups=[groups[k] for k in sorted(groups)],
                    reason=request.POST.get("reason"),
                    by=request.user,
                )
                messages.success(request, f"Game set {number} is matchpointed in groups.")
            elif action == "withdraw-fouled":
                row = FouledSet.objects.filter(event=event, pk=_adjustment_id(request)).first()
                if row is None:
                    raise NotFound("no such fouled set", field="id")
                services.withdraw_fouled(fouling=row, by=request.user, reason=request.POST.get("reason", ""))
                messages.success(request, "Fouled set withdrawn: the set is matchpointed as one again.")
            else:
                messages.error(request, "Unknown action.")
            return redirect("standings:adjustments", event_id=event.pk)
        except DomainError as error:
            messages.error(request, error.message)
            status = 400
    results = event_results(event)
    log_artificial = ArtificialScore.objects.filter(event=event).select_related(
        "round", "table", "created_by", "withdrawn_by"
    )
    log_fouled = FouledSet.objects.filter(event=event).select_related("created_by", "withdrawn_by")
    context = _context(
        results,
        "adjustments",
        plays=[p for p in results.play_list() if results.kind != TALLY],
        travellers=[results.traveller(n) for n in results.game_sets()],
        log_artificial=log_artificial,
        log_fouled=log_fouled,
        codes=["A+", "A", "A-"],
    )
    return render(request, "director/standings/adjustments.html", context, status=status)


# --- exports and charts --------------------------------------------------------------------------------
def _rows(results, what: str):
    if what == "standings":
        return exports.standings_rows(results)
    if what == "teams":
        return exports.team_rows(results)
    if what == "tallies":
        return exports.tally_rows(results)
    if what == "travellers":
        return exports.traveller_rows(results)
    raise Http404(f"no export {what!r}")


def export_response(results, what: str, fmt: str) -> HttpResponse:
    rows = _rows(results, what)
    stem = f"event-{results.event.pk}-{what}"
    if fmt == "csv":
        response = HttpResponse(exports.to_csv(rows), content_type="text/csv; charset=utf-8")
    elif fmt == "json":
        response = HttpResponse(exports.to_json(results, what, rows), content_type="application/json")
    else:
        raise Http404(f"no format {fmt!r}")
    response["Content-Disposition"] = f'attachment; filename="{stem}.{fmt}"'
    return response


@director_view
def export(request, event_id, what, fmt):
    event = event_for(request.user, event_id)
    return export_response(event_results(event), what, fmt)


@director_view
def exports_page(request, event_id):
    event = event_for(request.user, event_id)
    results = event_results(event)
    kinds = ["standings", "teams"] if results.kind == TEAMS else ["standings"]
    kinds += ["tallies"] + (["travellers"] if results.game_sets() else [])
    return render(request, "director/standings/exports.html", _context(results, "exports", export_kinds=kinds))


def chart_response(data: bytes, fmt: str) -> HttpResponse:
    response = HttpResponse(data, content_type=charts.FORMATS[fmt])
    response["Cache-Control"] = "private, max-age=5"
    return response


def _fmt(fmt: str) -> str:
    if fmt not in charts.FORMATS:
        raise Http404(f"no chart format {fmt!r}")
    return fmt


@director_view
def chart_running(request, event_id, fmt):
    event = event_for(request.user, event_id)
    return chart_response(charts.event_running_totals(event_results(event), fmt=_fmt(fmt)), fmt)


@director_view
def chart_set(request, event_id, number, fmt):
    event = event_for(request.user, event_id)
    return chart_response(charts.set_histogram(event_results(event), number, fmt=_fmt(fmt)), fmt)


@director_view
def chart_game(request, event_id, number, fmt):
    event = event_for(request.user, event_id)
    return chart_response(charts.set_histogram(event_results(event), round_number=number, fmt=_fmt(fmt)), fmt)


# --- projector -----------------------------------------------------------------------------------------
PROJECTOR_ROWS = 40


def _projector_lines(results) -> list[dict]:
    """The standings on the screen: the top 40 (of each list, a Mitchell's ♠♥ and ♦♣ pairs
    sharing them), each line with its list's ``heading``."""
    lists = results.standings_lists()
    room = PROJECTOR_ROWS // max(len(lists), 1)
    games = [r.number for r in results.rounds]
    lines = []
    for lst in lists:
        for line, row in zip(exports.list_lines(lst, games)[:room], lst.rows, strict=False):
            text = row.percentage_text if results.uses_matchpoints else row.total_text
            lines.append({**line, "heading": lst.heading, "text": text})
    return lines


def projector_payload(results) -> dict:
    event = results.event
    current = _current_round(results)
    now = timezone.now()
    state = clock_state(current.started_at if current else None, event.game_length_minutes, now)
    awaited = []
    if current is not None:
        awaited = [
            {
                "table": p.table,
                "status": p.status,
                "majors": results.entrant_label(p.majors.entrants) if p.majors else "",
            }
            for p in results.awaited(current.number)
        ]
    return {
        "event": event.name,
        # A finished event shows its final standings across the screen, with no clock.
        "finished": event.status == Event.Status.FINISHED,
        "now": now.isoformat(),
        "round": current.number if current else None,
        "rounds": len(results.rounds),
        "started_at": current.started_at.isoformat() if current and current.started_at else None,
        "length_minutes": event.game_length_minutes,
        "clock": {**state.as_dict(), "remaining_text": mmss(state.remaining)},
        "awaited": awaited,
        "standings": _projector_lines(results),
        "percentages": results.uses_matchpoints,
    }


@director_view
def projector(request, event_id):
    event = event_for(request.user, event_id)
    results = event_results(event)
    payload = projector_payload(results)
    return render(request, "projector/projector.html", {"event": event, "payload": payload, "results": results})


@director_view
def projector_json(request, event_id):
    event = event_for(request.user, event_id)
    return JsonResponse(projector_payload(event_results(event)))


@director_view
@require_POST
def clock(request, event_id):
    event = event_for(request.user, event_id)
    number = request.POST.get("round")
    round_obj = Round.objects.filter(event=event, number=number if str(number).isdigit() else 0).first()
    if round_obj is None:
        raise Http404("no such game")
    try:
        if request.POST.get("action") == "stop":
            event_services.stop_clock(round=round_obj)
        else:
            event_services.start_clock(round=round_obj, restart=request.POST.get("action") == "restart")
    except DomainError as error:
        if request.headers.get("accept", "").startswith("application/json"):
            return JsonResponse({"detail": error.message}, status=409)
        messages.error(request, error.message)
    if request.headers.get("accept", "").startswith("application/json"):
        return JsonResponse(projector_payload(event_results(event)))
    return redirect(request.POST.get("next") or reverse("standings:projector", args=[event.pk]))


# --- season ladder -------------------------------------------------------------------------------------
@director_view
def ladder(request, slug):
    club = club_for(request.user, slug)
    params = ladder_params(request)
    season = request.GET.get("season", "")
    events = ladder_events(club, positive_number(season), released_only=False)
    if not any(ranking_of(e) == MATCHPOINTS for e in events) and "basis" not in request.GET:
        params["basis"] = "tally"
    rows = season_ladder(events, **params)
    context = {
        "club": club,
        "rows": rows,
        "params": params,
        "events": events,
        "seasons": club.seasons.all(),
        "season": season,
        "public_url": reverse("public:ladder", args=[club.slug]),
        "fmt_pct": fmt_pct,
    }
    return render(request, "director/standings/ladder.html", context)
