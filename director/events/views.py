"""The director's event pages: set up a club night, the running event (round grid, results in and
missing, where next, table links, public switches) and the actions on it.

Writes go through ``events.services`` (and ``clubs.services`` for quick-added players). Setting up
a night calls several services; they run inside one transaction here so that a refusal at any step
(an unknown player, an impossible movement) leaves nothing behind.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_POST

from director.clubs import services as club_services
from director.clubs.access import club_for, event_for
from director.clubs.models import Player
from director.clubs.selectors import players_of
from director.clubs.views import director_view, place_error
from director.core.errors import DomainError, ValidationError
from director.deals.selectors import set_file_of
from director.events import services
from director.events.models import MAJORS, Event
from director.events.selectors import partnerships_of, round_grid

from .forms import ENTERED, NewEventForm, SwitchesForm

SUIT_PAIRS = {MAJORS: "♠♥", "minors": "♦♣"}


# --- setting up a club night -----------------------------------------------------------------------
def _movement_plan(event: Event, partnerships: list, seed):
    """The movement for a freshly drawn duplicate or individual event (``scoring.movements``)."""
    from scoring import movements

    count = len(partnerships)
    try:
        if event.type == Event.Type.DUPLICATE_PAIRS:
            majors = sum(1 for p in partnerships if p.direction == MAJORS)
            if majors * 2 != count:
                raise ValidationError(
                    f"a Mitchell needs as many majors as minors partnerships; {count} partnerships "
                    "cannot be split evenly (add or remove two players)",
                    field="players",
                )
            return movements.mitchell(majors, event.games)
        if event.type == Event.Type.DUPLICATE_COOP:
            if count % 2:
                raise ValidationError(
                    f"a barometer needs an even number of partnerships, not {count} (add or remove two players)",
                    field="players",
                )
            return movements.barometer(count // 2, event.games)
        if event.type == Event.Type.DUPLICATE_TEAMS:
            if count % 2 or count < 4:
                raise ValidationError(
                    f"teams of four need an even number of partnerships (at least four), not {count}", field="players"
                )
            return movements.team_match() if count == 4 else movements.round_robin(count // 2)
    except movements.MovementError as error:
        raise ValidationError(str(error), field="games") from error
    raise ValidationError(f"no movement for a {event.type} event", field="type")


def set_up_night(*, club, user, data: dict) -> Event:
    """Create, draw and seat an event from the new-event form (one transaction; raises DomainError)."""
    with transaction.atomic():
        event = services.create_event(
            club=club,
            name=data["name"],
            date=data["date"],
            type=data["type"],
            rules_variant=data["rules_variant"],
            games=data["games"],
            by=user,
        )
        known = {p.name.casefold(): p for p in Player.objects.filter(club=club)}
        chosen: list[int] = list(data.get("players") or [])
        for name in data["new_names"]:
            player = known.get(name.casefold())
            if player is None:
                try:
                    player = club_services.add_player(club=club, name=name)
                except DomainError as error:
                    raise ValidationError(error.message, field="new_players") from error
                known[name.casefold()] = player
            if player.pk not in chosen:
                chosen.append(player.pk)
        seed = data.get("seed") or None

        if event.type == Event.Type.PROGRESSIVE_INDIVIDUAL:
            from scoring import movements

            club_services.players_by_ids(club, chosen)
            try:
                movement = movements.progressive_individual_start(chosen, seed=seed or 0)
            except movements.MovementError as error:
                raise ValidationError(str(error), field="players") from error
            services.apply_plan(event=event, plan=movement)
            return event

        if data.get("pairing") == ENTERED:
            partnerships = []
            lines = data["partnership_lines"]
            half = (len(lines) + 1) // 2
            fixed = event.type in (Event.Type.PROGRESSIVE_PAIRS, Event.Type.DUPLICATE_PAIRS)
            for number, names in enumerate(lines, start=1):
                ids = []
                for name in names:
                    player = known.get(name.casefold())
                    if player is None:
                        raise ValidationError(
                            f"line {number}: {name!r} is not a player of {club.name} (quick-add the name above)",
                            field="partnerships",
                        )
                    ids.append(player.pk)
                direction = (MAJORS if number <= half else "minors") if fixed else ""
                try:
                    partnerships.append(
                        services.add_partnership(event=event, players=ids, number=number, direction=direction)
                    )
                except DomainError as error:
                    raise ValidationError(f"line {number}: {error.message}", field="partnerships") from error
        else:
            partnerships = services.draw_partnerships(event=event, players=chosen, seed=seed)

        if event.type == Event.Type.PROGRESSIVE_PAIRS:
            services.seat_progressive_pairs(event=event)
        else:
            plan = _movement_plan(event, partnerships, seed)
            if event.type == Event.Type.DUPLICATE_TEAMS:
                for index, (name, (a, b)) in enumerate(sorted(plan.teams.items()), start=1):
                    services.create_team(
                        event=event,
                        name=f"Team {name}",
                        number=index,
                        partnerships=[partnerships[a - 1], partnerships[b - 1]],
                    )
            services.apply_plan(event=event, plan=plan)
        return event


@director_view
def new_event(request, slug):
    club = club_for(request.user, slug)
    club_players = list(players_of(club, active_only=True))
    form = NewEventForm(request.POST or None, club_players=club_players)
    if request.method == "POST" and form.is_valid():
        try:
            event = set_up_night(club=club, user=request.user, data=form.cleaned_data)
        except DomainError as error:
            place_error(form, error, fields={"movement": "players", "tables": "players"}, default=None)
        else:
            messages.success(request, f"{event.name} is set up: check the tables, then start it.")
            return redirect("events:detail", event_id=event.pk)
    return render(
        request,
        "director/event_new.html",
        {
            "club": club,
            "form": form,
            "club_players": club_players,
            "selected": {int(v) for v in request.POST.getlist("players") if v.isdigit()},
        },
        status=400 if request.method == "POST" else 200,
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


def where_next_rows(grid, partnerships) -> list[dict]:
    """For each partnership: where it plays each game (table, direction, opponents, set), from the grid."""
    places: dict[int, dict[int, dict]] = {}
    for (round_number, table_number), cell in grid.cells.items():
        for mine, theirs in ((cell.majors, cell.minors), (cell.minors, cell.majors)):
            if mine is not None and mine.partnership is not None:
                places.setdefault(mine.partnership.number, {})[round_number] = {
                    "table": table_number,
                    "direction": mine.direction,
                    "suits": SUIT_PAIRS[mine.direction],
                    "opponents": theirs.partnership.number if theirs is not None and theirs.partnership else None,
                    "game_set": cell.game_set,
                }
    return [
        {"partnership": p, "places": [places.get(p.number, {}).get(r.number) for r in grid.rounds]}
        for p in partnerships
    ]


@director_view
def event_detail(request, event_id):
    event = event_for(request.user, event_id)
    grid = round_grid(event)
    partnerships = partnerships_of(event)
    summaries = []
    for round_obj, cells in grid.rows():
        counts = {"seated": 0, "confirmed": 0, "submitted": 0, "disputed": 0, "missing": 0}
        for cell in cells:
            if cell is not None and cell.status != "empty":
                counts["seated"] += 1
                counts[cell.status] = counts.get(cell.status, 0) + 1
        summaries.append(RoundSummary(round=round_obj, cells=cells, counts=counts))
    current = next((r for r in grid.rounds if r.status == "open"), None)
    tables = [{"table": t, "link": table_link(request, t)} for t in grid.tables]
    return render(
        request,
        "director/event.html",
        {
            "event": event,
            "club": event.club,
            "grid": grid,
            "summaries": summaries,
            "current": current,
            "where_next": where_next_rows(grid, partnerships) if partnerships else [],
            "partnerships": partnerships,
            "tables": tables,
            "set_file": set_file_of(event) if event.is_duplicate else None,
            "switches": SwitchesForm(
                initial={
                    "standings_released": event.standings_released,
                    "scorecards_released": event.scorecards_released,
                    "travellers_released": event.travellers_released,
                }
            ),
            "sitting_out": grid.sitting_out,
        },
    )


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
    return _action(request, event_id, lambda e: services.start_event(event=e), "Started: game 1 is under way.")


@require_POST
@director_view
def finish(request, event_id):
    return _action(request, event_id, lambda e: services.finish_event(event=e), "Finished: every game is closed.")


@require_POST
@director_view
def reopen(request, event_id):
    return _action(request, event_id, lambda e: services.reopen_event(event=e), "Re-opened.")


@require_POST
@director_view
def close_round(request, event_id, number):
    def do(event):
        services.close_round(round=services.get_round(event, number))

    return _action(request, event_id, do, f"Game {number} closed: tables can no longer submit for it.")


@require_POST
@director_view
def reopen_round(request, event_id, number):
    def do(event):
        services.reopen_round(round=services.get_round(event, number))

    return _action(request, event_id, do, f"Game {number} re-opened.")


@require_POST
@director_view
def switches(request, event_id):
    form = SwitchesForm(request.POST)
    form.is_valid()  # booleans: missing means off

    def do(event):
        services.set_public_switches(event=event, **{k: bool(form.cleaned_data.get(k)) for k in form.fields})

    return _action(request, event_id, do, "Public pages updated.")


@require_POST
@director_view
def reissue_token(request, event_id, number):
    def do(event):
        table = event.tables.filter(number=number).first()
        if table is None:
            raise ValidationError(f"{event.name} has no table {number}", field="table")
        services.reissue_table_token(table=table)

    return _action(request, event_id, do, f"Table {number} has a new entry link; the old one no longer works.")
