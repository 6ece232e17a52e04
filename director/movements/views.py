"""The director's movement pages: the event's movement as a table × game grid, where each
partnership (or player) goes next, the forms to swap two of them or bring a latecomer in, the
balance report, and — for a progressive individual — "seat the next game" from the results.

Views parse and authorise (``clubs.access``: another club's event is a 404); the changes are
``movements.services``. Each page runs the same number of queries whatever the event's size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from director.clubs.models import Player
from director.core.confirm import ask, confirmed
from director.core.errors import DomainError
from director.core.view_helpers import director_view, place_error
from director.events.access import event_for
from scoring import movements as mv
from scoring.cards import SIDE_SYMBOLS, SUIT_SYMBOLS
from scoring.movements import odd

from . import corrections, selectors, services
from .forms import AUTO, BuildForm, LatecomerForm, NextRoundForm, SwapForm

# Where a service's ``field`` goes on each form (None: at the top of the form).
FIELDS = {"round": "from_round", "movement": None, "expected": None, "partnerships": None, "results": None}


# --- what the page shows -------------------------------------------------------------------------------
@dataclass
class GridCell:
    table: int
    majors: str | None = None
    minors: str | None = None
    game_set: int | None = None
    variant: str = ""  # a table of three or two: what it plays ...
    seats: list = field(default_factory=list)  # ... and (suit symbol, name) clockwise


@dataclass
class GridRow:
    number: int
    state: str  # "played" / "in play" / "open" / "not seated"
    reason: str | None
    cells: list
    byes: list[str] = field(default_factory=list)


@dataclass
class Place:
    table: int | None
    direction: str | None = None
    suits: str = ""
    seat: str = ""
    game_set: int | None = None
    opponents: str = ""
    partners: str = ""
    out_deals: str = ""  # a side of three: who sits out which deals


def _grid(state: selectors.EventMovement) -> tuple[list[int], list[GridRow]]:
    movement = state.movement
    tables = list(range(1, (movement.tables if movement else 0) + 1))
    rows = []
    in_play = state.last_locked
    for round_obj in state.rounds:
        number = round_obj.number
        reason = state.locked_reason(number)
        if movement is None or number > len(movement.rounds):
            rows.append(GridRow(number, "not seated", reason, [None for _ in tables]))
            continue
        seated = movement.rounds[number - 1]
        cells = [_cell(state, movement, number, t, seated[t]) if t in seated else None for t in tables]
        if number in state.rounds_with_results or round_obj.status == "closed":
            status = "played" if round_obj.status == "closed" or number < in_play else "in play"
        elif reason:
            status = "in play"
        else:
            status = "open"
        byes = [state.label(s) for s in movement.sitting_out[number - 1]]
        rows.append(GridRow(number, status, reason, cells, byes))
    return tables, rows


def _cell(state: selectors.EventMovement, movement: mv.Movement, number: int, table: int, entry) -> GridCell:
    cell = GridCell(table, state.label(entry.majors), state.label(entry.minors), entry.game_set)
    if entry.variant:
        at = movement.lineup(number, table)[0]
        cell.variant = odd.NAMES[entry.variant]
        cell.seats = [(SUIT_SYMBOLS[suit], state.player_name(at[suit])) for suit in entry.seats]
    return cell


def _out_deals(state: selectors.EventMovement, where: selectors.Place, who=None) -> str:
    """A side of three's sit-out order in words: everyone's deals, or only ``who``'s."""
    deals: dict = {}
    for deal, player in enumerate(where.sit_out, start=1):
        deals.setdefault(player, []).append(str(deal))
    if who is not None:
        return f"out in deal{'s' * (len(deals[who]) > 1)} {' & '.join(deals[who])}" if who in deals else ""
    return "; ".join(f"{state.player_name(p)} out in {' & '.join(d)}" for p, d in deals.items())


def _place(state: selectors.EventMovement, unit, number: int | None) -> Place | None:
    """``selectors.place`` in the page's words."""
    where = selectors.place(state, unit, number)
    if where is None:
        return None
    if where.table is None:
        return Place(table=None)
    return Place(
        table=where.table,
        direction=where.direction,
        suits=SIDE_SYMBOLS[where.direction],
        seat=SUIT_SYMBOLS.get(where.seat or "", ""),
        game_set=where.game_set,
        opponents=state.label(where.opponents),
        partners=" & ".join(state.player_name(p) for p in where.partners),
        out_deals=_out_deals(state, where, unit if state.individual else None),
    )


def _units(state: selectors.EventMovement) -> list[tuple[int, str]]:
    if state.individual:
        units = state.movement.units() if state.movement is not None else []
        players = [u for u in units if isinstance(u, int)]
        return sorted(((p, state.player_name(p)) for p in players), key=lambda item: item[1].casefold())
    return [(number, state.label(number)) for number in sorted(state.partnerships)]


def _where_next(state: selectors.EventMovement) -> tuple[int | None, int | None, list[dict]]:
    current = state.last_locked or None
    following = (current or 0) + 1
    if following > state.event.games:
        following = None
    rows = [
        {"unit": label, "now": _place(state, unit, current), "next": _place(state, unit, following)}
        for unit, label in _units(state)
    ]
    return current, following, rows


def _free_players(state: selectors.EventMovement, club_players: list[Player]) -> list[tuple[int, str]]:
    taken = set(state.players)
    return [(p.pk, p.name) for p in club_players if p.pk not in taken]


def _open_games(state: selectors.EventMovement) -> list[int]:
    """The games whose seating may still change."""
    return [r.number for r in state.rounds if not state.locked_reason(r.number)]


def _forms(state, club_players, data=None, which=None):
    rounds = _open_games(state)
    expected = {"expected": state.fingerprint}
    bound = {name: (data if which == name else None) for name in ("swap", "latecomer", "next", "build")}
    return {
        "swap_form": SwapForm(
            bound["swap"], initial=expected, rounds=rounds, units=_units(state), individual=state.individual
        ),
        "latecomer_form": LatecomerForm(
            bound["latecomer"],
            initial=expected,
            rounds=rounds,
            players=_free_players(state, club_players),
            individual=state.individual,
        ),
        "next_form": NextRoundForm(
            bound["next"], initial={**expected, "individual_movement": state.event.individual_movement}
        ),
        "build_form": BuildForm(bound["build"], initial=expected),
    }


def _render(request, event, *, data=None, which=None, error_form=None, status=200):
    state = selectors.load_movement(event)
    club_players = list(Player.objects.filter(club_id=event.club_id, active=True).order_by("name"))
    tables, rows = _grid(state)
    current, following, where = _where_next(state)
    context = {
        "event": event,
        "club": event.club,
        "state": state,
        "tables": tables,
        "rows": rows,
        "current": current,
        "following": following,
        "where_next": where,
        "pending": selectors.pending_results(state) if event.is_individual else None,
        "can_build": not any(state.locked_reason(r.number) for r in state.rounds),
        "notes": [*state.notes, *(state.movement.notes if state.movement else [])],
        **_forms(state, club_players, data, which),
    }
    if error_form is not None:
        # The POST handlers accept every game so a stale choice gets the service's reason; the form
        # shown again offers only the games that can still change (the one chosen stays selectable).
        if "from_round" in error_form.fields:
            chosen = error_form.data.get("from_round")
            open_games = set(_open_games(state))
            error_form.fields["from_round"].choices = [
                (value, label)
                for value, label in error_form.fields["from_round"].choices
                if value == AUTO or value in open_games or str(value) == chosen
            ]
        context[f"{which}_form"] = error_form
    return render(request, "director/movements/movement.html", context, status=status)


@director_view
def movement(request, event_id):
    event = event_for(request.user, event_id)
    return _render(request, event)


@director_view
def balance(request, event_id):
    event = event_for(request.user, event_id)
    state = selectors.load_movement(event)
    context = {"event": event, "club": event.club, "state": state, "pairs": [], "mixing": [], "units": []}
    movement = state.movement
    if movement is not None and movement.rounds:
        report = movement.balance()
        duplicate = any(e.game_set is not None for r in movement.rounds for e in r.values())
        label = state.unit_label
        pairs = []
        for key in report.met:
            met, compared = report.met[key], report.compared[key]
            partnered = report.partnered.get(key, 0)
            if met or compared or partnered:
                pairs.append(
                    {
                        "a": label(key[0]),
                        "b": label(key[1]),
                        "met": met,
                        "compared": compared,
                        "partnered": partnered,
                        "repeat": met > 1 or partnered > 1,
                    }
                )
        pairs.sort(key=lambda p: (not p["repeat"], -p["met"], -p["partnered"], p["a"], p["b"]))
        per_unit: dict = {u: {"opponents": 0, "compared": 0, "repeats": 0} for u in report.units}
        for (a, b), met in report.met.items():
            for unit in (a, b):
                per_unit[unit]["opponents"] += bool(met)
                per_unit[unit]["compared"] += bool(report.compared[a, b])
                per_unit[unit]["repeats"] += met > 1
        units = [{"label": label(u), **per_unit[u]} for u in report.units]
        mixing = []
        if state.individual:
            mixing = sorted(
                (
                    {"label": label(p), "games": m.games, "partners": m.partners, "opponents": m.opponents}
                    for p, m in movement.mixing().items()
                ),
                key=lambda row: row["label"].casefold(),
            )
        context.update(
            pairs=pairs,
            repeats=[p for p in pairs if p["repeat"]],
            units=units,
            mixing=mixing,
            duplicate=duplicate,
            individual=state.individual,
        )
    return render(request, "director/movements/balance.html", context)


# --- changes ---------------------------------------------------------------------------------------
def _change(request, event, form, which: str, act):
    """One change from the movement page: the form checked, ``act(data)`` (a service call) returns
    the message to show; a refusal is placed on the form and the page shown again (400)."""
    if form.is_valid():
        try:
            text = act(form.cleaned_data)
        except DomainError as error:
            place_error(form, error, fields=FIELDS)
        else:
            messages.success(request, text)
            return redirect(reverse("movements:movement", args=[event.pk]))
    return _render(request, event, which=which, error_form=form, status=400)


@require_POST
@director_view
def build(request, event_id):
    event = event_for(request.user, event_id)

    def act(data):
        movement = services.build_movement(
            event=event, seed=data.get("seed"), by=request.user, expected=data["expected"]
        )
        return f"Movement built: {len(movement.rounds)} games seated."

    return _change(request, event, BuildForm(request.POST), "build", act)


@require_POST
@director_view
def swap(request, event_id):
    event = event_for(request.user, event_id)
    state = selectors.load_movement(event)
    rounds = [r.number for r in state.rounds]
    form = SwapForm(request.POST, rounds=rounds, units=_units(state), individual=state.individual)

    def act(data):
        return services.swap(
            event=event,
            first=data["first"],
            second=data["second"],
            from_round=data.get("from_round"),
            by=request.user,
            expected=data["expected"],
        ).text

    return _change(request, event, form, "swap", act)


@require_POST
@director_view
def latecomer(request, event_id):
    event = event_for(request.user, event_id)
    state = selectors.load_movement(event)
    rounds = [r.number for r in state.rounds]
    club_players = list(Player.objects.filter(club_id=event.club_id, active=True).order_by("name"))
    form = LatecomerForm(
        request.POST,
        rounds=rounds,
        players=_free_players(state, club_players),
        individual=state.individual,
    )

    def act(data):
        return services.add_latecomer(
            event=event,
            players=data.get("players") or [],
            new_names=data["new_names"],
            direction=data.get("direction") or "",
            from_round=data.get("from_round"),
            by=request.user,
            expected=data["expected"],
        ).text

    return _change(request, event, form, "latecomer", act)


@require_POST
@director_view
def next_round(request, event_id):
    event = event_for(request.user, event_id)
    form = NextRoundForm(request.POST)
    pending = selectors.pending_results(selectors.load_movement(event))
    # A wrong form, or results not all in: straight to the refusal, which says what is wrong.
    if not confirmed(request) and pending.ready and form.is_valid():
        following = pending.next or "the next game"
        return ask(
            request,
            event=event,
            title=f"Seat game {following}",
            summary=[
                f"Game {following} is seated from game {pending.played}'s confirmed results: winners stay, "
                "losers move; each table's players see where they go next.",
                "Once game "
                f"{following} has a result its seating is fixed; a later correction of game {pending.played} "
                "then keeps the seating as played.",
            ],
            button=f"Seat game {following}",
            back=reverse("movements:movement", args=[event.pk]),
        )

    def act(data):
        return services.compute_next_round(
            event=event,
            by=request.user,
            expected=data["expected"],
            individual_movement=data.get("individual_movement") or None,
        ).text

    return _change(request, event, form, "next", act)


@director_view
def correction(request, event_id, number):
    """After a correction of game ``game`` that later seating was drawn from: what would change, and
    the director's choice (a form, no script): keep the seating as played, or re-seat the next game
    (only while it has not started). Each choice is logged."""
    event, game = event_for(request.user, event_id), number
    notice = corrections.seating_notice(event, game)
    if request.method == "POST":
        choice = request.POST.get("choice")
        try:
            if choice == "reseat":
                corrections.reseat(event=event, game=game, by=request.user)
                messages.success(request, f"Game {game + 1} re-seated from game {game}'s corrected results.")
                return redirect(reverse("movements:movement", args=[event.pk]))
            if choice == "keep":
                corrections.keep(event=event, game=game, by=request.user)
                messages.success(request, f"The seating after game {game} stays as played.")
                return redirect(reverse("results:entry", args=[event.pk, game]))
            messages.error(request, "Choose to keep the seating or to re-seat.")
        except DomainError as error:
            messages.error(request, error.message)
        notice = corrections.seating_notice(event, game)
    context = {"event": event, "club": event.club, "notice": notice, "game": game}
    return render(request, "director/movements/correction.html", context, status=200 if notice else 404)
