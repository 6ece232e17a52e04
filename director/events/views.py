"""The director's event pages: set up a club night, the running event (round grid, results in and
missing, where next, table links, public switches) and the actions on it.

Writes go through ``events.services``; setting up a night is ``movements.night.set_up_night`` (one
transaction: a refusal at any step — an unknown player, an impossible movement — leaves nothing).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.text import capfirst
from django.views.decorators.http import require_POST

from director.clubs.access import club_for
from director.clubs.selectors import players_of, seasons_of
from director.core.confirm import ask, confirmed
from director.core.errors import DomainError, ValidationError
from director.core.view_helpers import director_view, place_error
from director.deals.auction import deals_state
from director.deals.selectors import commitment_state, set_file_of
from director.events import lineup, services
from director.events.access import event_for
from director.events.models import Event
from director.events.selectors import NightFacts, label_games, movement_warnings, next_step
from director.movements import night
from director.movements import selectors as movement_selectors
from director.results.selectors import next_game, results_grid, unfinished_results
from director.results.services import finish_event
from director.sheets.registry import kind_of
from scoring.cards import SIDE_SYMBOLS
from scoring.movements.odd import NAMES, ODD_COUNTS, OddTables, describe_sizes

from .forms import ENTERED, NewEventForm, SwitchesForm


# --- setting up a club night -----------------------------------------------------------------------
@director_view
def new_event(request, slug):
    club = club_for(request.user, slug)
    club_players = list(players_of(club, active_only=True))
    seasons = list(seasons_of(club))
    form = NewEventForm(request.POST or None, club_players=club_players, seasons=seasons)
    notices: list[str] = []
    twin = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        notices, problems = movement_selectors.quick_add_check(club, data["new_names"], data.get("players") or [])
        if problems:
            form.add_error("new_players", "; ".join(problems))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event, created = night.set_up_night_once(
                club=club,
                by=request.user,
                name=data["name"],
                date=data["date"],
                type=data["type"],
                rules_variant=data["rules_variant"],
                games=data["games"],
                individual_movement=data.get("individual_movement") or Event.IndividualMovement.RULES,
                season=next((s for s in seasons if s.pk == data.get("season")), None),
                phones=data.get("phones") or Event.Phones.PLAYER,
                players=data.get("players") or [],
                new_players=data["new_names"],
                partnerships=data["partnership_lines"] if data.get("pairing") == ENTERED else None,
                seed=data.get("seed") or None,
                setup_token=data.get("once") or None,
                allow_twin=bool(data.get("again")),
                **form.kind_settings(),  # each kind of sheet's own settings (the form, the game, …)
            )
        except DomainError as error:
            if error.field == "twin":  # Back fetched the form again (new token, boxes filled in)
                twin = services.same_night(club, data["name"], data["date"])
            fields = {"movement": "players", "tables": "players", "movement_kind": "type"}
            if data.get("pairing") != ENTERED:
                fields["partnerships"] = "players"
            place_error(form, error, fields=fields, default=None)
        else:
            if not created:  # the form was sent before (Back, then again): nothing new
                return _already_set_up(request, club, club_players, event)
            messages.success(request, f"{event.name} is set up: check the tables, then start it.")
            event.refresh_from_db(fields=["movement"])  # written by the seating, after ``event`` was made
            if movement_warnings(event):  # a warning reads as one (yellow), beside the red box below
                messages.warning(request, "Its movement could be better: see how below.")
            for notice in notices:
                messages.info(request, f"Quick-add: {notice}.")
            return redirect("events:detail", event_id=event.pk)
    return render(
        request,
        "director/event_new.html",
        {
            "club": club,
            "form": form,
            "club_players": club_players,
            "selected": {int(v) for v in request.POST.getlist("players") if v.isdigit()},
            "quick_add_notices": notices,
            "twin": twin,
            "odd_counts": odd_counts(),
        },
        status=(409 if twin else 400) if request.method == "POST" else 200,
    )


def odd_counts() -> str:
    """For the page's estimate: the player counts that seat a table of three or two, each with its
    tables and what the odd table plays when that is not the night's choice for a three (JSON)."""
    choice = OddTables()
    counts = {}
    for players, sizes in ODD_COUNTS.items():
        variant, _ = choice.for_size(min(sizes))
        counts[players] = [describe_sizes(sizes), "" if variant == choice.three else NAMES[variant]]
    return json.dumps(counts)


def _already_set_up(request, club, club_players, event):
    """The form was already used (browser Back, then submit again): nothing new, a link to the night."""
    seasons = list(seasons_of(club))
    form = NewEventForm(club_players=club_players, seasons=seasons)  # a fresh form, with a new token
    return render(
        request,
        "director/event_new.html",
        {
            "club": club,
            "form": form,
            "club_players": club_players,
            "selected": set(),
            "already": event,
            "odd_counts": odd_counts(),
        },
        status=409,
    )


# --- the running event -----------------------------------------------------------------------------
@dataclass
class RoundSummary:
    round: object
    cells: list
    counts: dict = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.counts.get("seated", 0) > 0 and self.counts.get("confirmed", 0) == self.counts["seated"]


def table_link(request, table) -> str | None:
    """The table's secret entry link (the table app names its URL ``table:entry``)."""
    try:
        return request.build_absolute_uri(reverse("table:entry", kwargs={"token": table.token}))
    except NoReverseMatch:
        return None


# Pages other parts of the app add for an event (linked when installed).
EVENT_LINKS = [
    ("movements:movement", "Movement"),
    ("standings:standings", "Results & standings"),
    ("standings:projector", "Projector"),
    ("printing:page", "Print"),
    ("audit:event_log", "Audit log"),
]


def event_links(event) -> list[tuple[str, str]]:
    links = []
    for name, label in EVENT_LINKS:
        try:
            links.append((label, reverse(name, kwargs={"event_id": event.pk})))
        except NoReverseMatch:
            continue
    return links


def where_next_rows(state) -> list[dict]:
    """For each partnership: where it plays each game (``movements.selectors.path``), in words.
    A game not seated yet is None (shown as a dash), a bye has no table."""
    rows = []
    for number, partnership in sorted(state.partnerships.items()):
        places = [
            None
            if place is None
            else {
                "table": place.table,
                "direction": place.direction,
                "suits": SIDE_SYMBOLS[place.direction] if place.direction else "",
                "opponents": place.opponents,
                "game_set": place.game_set,
            }
            for place in movement_selectors.path(state, number)
        ]
        rows.append({"partnership": partnership, "places": places})
    return rows


@director_view
def event_detail(request, event_id):
    event = event_for(request.user, event_id)
    grid = results_grid(event)
    state = movement_selectors.load_movement(event)
    summaries = []
    for round_obj, cells in grid.rows():
        counts = {"seated": 0, "confirmed": 0, "submitted": 0, "disputed": 0, "missing": 0}
        for cell in cells:
            if cell is not None and cell.status != "empty":
                counts["seated"] += 1
                counts[cell.status] = counts.get(cell.status, 0) + 1
        summaries.append(RoundSummary(round=round_obj, cells=cells, counts=counts))
    current = next((r for r in grid.rounds if r.status == "open"), None)
    label_games(event, grid.rounds)
    set_file = set_file_of(event) if event.is_duplicate else None
    tables = [{"table": t, "link": table_link(request, t)} for t in grid.tables]
    links = event_links(event)
    kind = kind_of(event)
    deals = deals_state(event)
    facts = night_facts(event, grid, summaries, current, deals=deals, set_file=set_file)
    return render(
        request,
        "director/event.html",
        {
            **kind.event_context(event),
            "kind": kind,
            "deals": deals,  # an Auction team match's deals (None for the others)
            # What comes next, and why: one primary action (``events.selectors.next_step``).
            "step": next_step(facts),
            "step_expected": state.fingerprint,
            "event": event,
            "club": event.club,
            "grid": grid,
            "summaries": summaries,
            "current": current,
            # "Enter scores" goes to the game whose sheets come next, not merely the first open one.
            "scores_next": next_game(grid) or current,
            # Each partnership's places game by game; none before the event is seated.
            "where_next": where_next_rows(state) if state.movement is not None and state.partnerships else [],
            "tables": tables,
            "set_file": set_file,
            "commitment": commitment_state(event, set_file=set_file) if set_file is not None else None,
            "switches": SwitchesForm(
                initial={
                    "standings_released": event.standings_released,
                    "scorecards_released": event.scorecards_released,
                    "travellers_released": event.travellers_released,
                }
            ),
            "sitting_out": grid.sitting_out,
            # While the night is being set up: what is poor about its movement, and the fixes.
            "movement_warnings": movement_warnings(event) if event.status == Event.Status.DRAFT else [],
            "links": links,
            "print_url": dict(links).get("Print"),
            "public_url": public_standings_url(event),
            # The confirm steps (no JavaScript needed): "Finish" with unfinished results, "Re-issue".
            "finish_check": finish_check(request, event, grid),
            # Start was refused (the reason is in the messages): offer to start anyway.
            "start_check": request.GET.get("start") == "check" and event.status == Event.Status.DRAFT,
            "start_warning": services.start_warning(event) if event.status == Event.Status.DRAFT else None,
            "reissue_check": reissue_check(request, grid.tables),
        },
    )


def night_facts(event, grid, summaries, current, *, deals, set_file) -> NightFacts:
    """What the next step depends on, from what the event page already read (no query of its own)."""
    counts = {s.round.number: s.counts for s in summaries}
    cells = {s.round.number: s.cells for s in summaries}
    number = current.number if current is not None else None
    missing = ()
    if number is not None:
        missing = tuple(
            cell.table.number
            for cell in cells.get(number, [])
            if cell is not None and cell.status not in ("empty", "confirmed")
        )
    if deals is not None:
        hands, ready = "deals", deals.ready
    elif event.is_duplicate:
        hands, ready = "hands", set_file is not None
    else:
        hands, ready = "", True
    return NightFacts(
        status=event.status,
        games=event.games,
        seated=counts.get(1, {}).get("seated", 0) > 0,
        seated_from_results=event.is_individual,
        hands=hands,
        hands_ready=ready,
        hands_released=event.hands_released,
        results_released=event.standings_released,
        current=number,
        current_tables=counts.get(number, {}).get("seated", 0) if number else 0,
        current_missing=missing,
        next_seated=number is not None and counts.get(number + 1, {}).get("seated", 0) > 0,
        last_closed=max((r.number for r in grid.rounds if r.status == "closed"), default=0),
    )


@require_POST
@director_view
def kind_settings(request, event_id):
    """Change the settings of the event's kind of sheet (an Auction event's) on its card (a draft
    only: ``events.services.update_event`` refuses them once it has started)."""
    event = event_for(request.user, event_id)
    kind = kind_of(event)
    form = kind.settings_form(request.POST)
    words = ", ".join(kind.event_settings().values())
    if form is None:
        messages.error(request, f"{event.name} has no settings of its sheets to change here.")
    elif form.is_valid():
        try:
            services.update_event(event=event, **form.settings())
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"{capfirst(words)} are saved.")
    else:
        problems = [f"{form.fields[name].label}: {' '.join(errors)}" for name, errors in form.errors.items()]
        messages.error(request, f"{capfirst(words)} are not saved: " + "; ".join(problems))
    return redirect("events:detail", event_id=event.pk)


def public_standings_url(event) -> str | None:
    """The public standings page, once the director has released it."""
    if not event.standings_released:
        return None
    try:
        return reverse("public:standings", kwargs={"slug": event.club.slug, "event_id": event.pk})
    except NoReverseMatch:
        return None


def finish_check(request, event, grid) -> list[str] | None:
    """What is unfinished, when the director pressed Finish and is asked to confirm (``?finish=check``)."""
    if request.GET.get("finish") != "check" or event.status != Event.Status.RUNNING:
        return None
    return unfinished_results(event, grid=grid) or None


def reissue_check(request, tables):
    """The table whose link the director is about to re-issue (``?reissue=<number>``)."""
    number = request.GET.get("reissue", "")
    return next((t for t in tables if str(t.number) == number), None)


def _action(request, event_id, do, done: str):
    event = event_for(request.user, event_id)
    try:
        do(event)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("events:detail", event_id=event.pk)


@require_POST
@director_view
def start(request, event_id):
    """Starting cannot be taken back (a running event never returns to a draft; game 1's seating and
    the draft's settings are fixed), so the first press asks on a confirm page (#30, no script). A
    refusal the director may overrule (a duplicate event without game sets) shows its reason and
    asks (``?start=check``) instead; "Start anyway" posts ``force``, itself the second step."""
    event = event_for(request.user, event_id)
    force = request.POST.get("force") == "1"
    if (
        not force
        and not confirmed(request)
        and event.status == Event.Status.DRAFT
        and not services.start_warning(event)
    ):
        return ask(
            request,
            event=event,
            title=f"Start {event.name}",
            summary=[
                "Game 1 opens on the tables' phones: the tables can send their sheets from now on.",
                "A running event does not go back to a draft: game 1's seating and the event's "
                "settings are fixed from then on.",
            ],
            button="Start the event",
            back=reverse("events:detail", args=[event.pk]),
        )
    try:
        services.start_event(event=event, force=force)
    except DomainError as error:
        messages.error(request, error.message)
        if error.field == "game_sets":
            return redirect(reverse("events:detail", kwargs={"event_id": event.pk}) + "?start=check#start-check")
    else:
        messages.success(request, "Started: game 1 is under way.")
    return redirect("events:detail", event_id=event.pk)


@require_POST
@director_view
def finish(request, event_id):
    """First press: with unfinished results the service refuses, and the page shows them and asks
    (``?finish=check``); "Finish anyway" posts ``force``. With nothing unfinished it finishes at once."""
    event = event_for(request.user, event_id)
    force = request.POST.get("force") == "1"  # "Finish anyway" is itself the second step
    if not force and not confirmed(request):
        unfinished = unfinished_results(event) if event.status == Event.Status.RUNNING else []
        return ask(
            request,
            event=event,
            title=f"Finish {event.name}",
            summary=[
                "Every open game closes: the tables can no longer send sheets.",
                "The results become final (you can re-open the event, which is logged).",
                *[f"Unfinished: {line}" for line in unfinished],
            ],
            button="Finish anyway (logged)" if unfinished else "Finish the event",
            back=reverse("events:detail", args=[event.pk]),
            extra={"force": "1"} if unfinished else None,
        )
    try:
        finish_event(event=event, force=force)
    except DomainError as error:
        if error.field == "unfinished":
            return redirect(reverse("events:detail", kwargs={"event_id": event.pk}) + "?finish=check#finish-check")
        messages.error(request, error.message)
    else:
        if force:
            messages.success(request, "Finished with unfinished results (logged): every game is closed.")
        else:
            messages.success(request, "Finished: every game is closed.")
    return redirect("events:detail", event_id=event.pk)


@director_view
def delete(request, event_id):
    """Delete a night (a test night): a confirm page first (GET, or a POST without ``confirm``);
    an event with results asks for its name to be typed. Only the director's own clubs' events
    (``event_for``: another club's is a 404)."""
    event = event_for(request.user, event_id)
    results = services.has_results(event)
    if request.method == "POST" and confirmed(request):
        try:
            services.delete_event(event=event, by=request.user, typed_name=request.POST.get("typed_name", ""))
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"{event.name} ({event.date}) is deleted, with its seating and sheets.")
            return redirect("clubs:dashboard", slug=event.club.slug)
    summary = [
        f"{event.name} ({event.date}, {event.get_status_display().lower()}) goes, with its tables, seating"
        + (", sheets and standings." if results else "."),
        "It cannot be undone; the audit log keeps a line saying it was deleted.",
    ]
    return ask(
        request,
        event=event,
        title=f"Delete {event.name}",
        summary=summary,
        warning=f"{event.name} has results." if results else "",
        button="Delete the event",
        back=reverse("events:detail", args=[event.pk]),
        typed=event.name if results else None,
    )


@require_POST
@director_view
def reopen(request, event_id):
    return _action(request, event_id, lambda e: services.reopen_event(event=e), "Re-opened.")


@require_POST
@director_view
def close_round(request, event_id, number):
    if not confirmed(request):
        event = event_for(request.user, event_id)
        round_obj = services.get_round(event, number)
        missing = unfinished_results(event)
        return ask(
            request,
            event=event,
            title=f"Close game {round_obj.number}",
            summary=[
                f"The tables can no longer send sheets for game {round_obj.number}; you can still enter and "
                "correct them on the score entry page, and re-open the game.",
                *([f"Game {round_obj.number + 1}'s clock starts."] if round_obj.number < event.games else []),
                *[f"Unfinished so far: {line}" for line in missing],
            ],
            button=f"Close game {round_obj.number}",
            back=reverse("events:detail", args=[event.pk]),
        )

    def do(event):
        services.close_round(round=services.get_round(event, number))

    return _action(request, event_id, do, f"Game {number} closed: tables can no longer submit for it.")


@require_POST
@director_view
def reopen_round(request, event_id, number):
    def do(event):
        services.reopen_round(round=services.get_round(event, number))

    return _action(request, event_id, do, f"Game {number} re-opened.")


RELEASE_WORDS = {
    "standings_released": "the standings (everyone's results and places)",
    "scorecards_released": "each player's personal score card",
    "travellers_released": "the travellers (every table's result of each deal set)",
}


@require_POST
@director_view
def switches(request, event_id):
    form = SwitchesForm(request.POST)
    form.is_valid()  # booleans: missing means off
    if not confirmed(request):
        event = event_for(request.user, event_id)
        newly = [w for k, w in RELEASE_WORDS.items() if form.cleaned_data.get(k) and not getattr(event, k)]
        if newly:  # a release asks first; taking a page back down does not
            return ask(
                request,
                event=event,
                title="Release results",
                summary=[f"Public now: {what}." for what in newly],
                warning="Anyone with the club's public link can read them at once"
                + ("" if event.status == Event.Status.FINISHED else f", while {event.name} is still running")
                + ".",
                button="Release",
                back=reverse("events:detail", args=[event.pk]),
            )

    def do(event):
        services.set_public_switches(event=event, **{k: bool(form.cleaned_data.get(k)) for k in form.fields})

    return _action(request, event_id, do, "Public pages updated.")


@require_POST
@director_view
def reissue_token(request, event_id, number):
    """Re-issue only when confirmed (``confirm=1`` from the confirm step); otherwise ask first."""
    if request.POST.get("confirm") != "1":
        event = event_for(request.user, event_id)
        return redirect(reverse("events:detail", kwargs={"event_id": event.pk}) + f"?reissue={number}#table-links")

    def do(event):
        table = event.tables.filter(number=number).first()
        if table is None:
            raise ValidationError(f"{event.name} has no table {number}", field="table")
        lineup.reissue_table_token(table=table)

    return _action(
        request,
        event_id,
        do,
        f"Table {number} has a new entry link; the old one no longer works. "
        f"Reprint table {number}'s guide card (Print → guide cards): the QR code on the old card is dead.",
    )
