"""The director's game-set pages: import a file, generate sets (commitment shown before play, seed
revealed after), and record a set by hand with the 208 cards tracked as the hands are typed.

Hands are secret: these pages are for the club's directors only (``clubs.access``). Writes go
through ``deals.services``; a page that saves several hands saves all of them or none.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from director.core.confirm import ask, confirmed
from director.core.errors import DomainError, ValidationError
from director.core.view_helpers import director_view, place_error
from director.deals import services
from director.deals.adapters import hand_text
from director.deals.models import AnalysisJob, GameSet, GameSetFile
from director.deals.selectors import (
    analysis_summaries,
    commitment_state,
    game_sets_of,
    latest_analysis,
    recording_state,
    set_file_of,
    sets_needed,
)
from director.events.access import event_for
from scoring.cards import SUIT_SYMBOLS, SUITS

from .forms import GenerateSetsForm, ImportSetsForm, SetOptionsForm


def _next_number(have: set[int], needed: list[int]) -> int:
    """The set to record next: the first one the seating needs that is missing, else one more."""
    missing = sorted(set(needed) - have)
    return missing[0] if missing else max(have | set(needed) | {0}) + 1


def ask_release(request, event, what: str, *, back: str):
    """The confirm step of releasing the hands (or an Auction match's deals): in plain words, the
    cards become public — before play that gives them away."""
    running = event.status != event.Status.FINISHED
    return ask(
        request,
        event=event,
        title=f"Release the {what}",
        summary=[
            f"The cards become public: anyone with the club's public link can read every {what[:-1]}.",
            "Withdrawing them later hides them again, but whoever looked has seen them.",
        ],
        warning=(
            f"{event.name} is still {event.status}: players who have not yet played these cards could read them "
            "before they play. Release them only once play is over."
            if running
            else ""
        ),
        button=f"Make the {what} public",
        back=back,
    )


@director_view
def game_sets(request, event_id):
    event = event_for(request.user, event_id)
    needed = sets_needed(event)
    import_form = ImportSetsForm(prefix="import")
    generate_form = GenerateSetsForm(prefix="generate", initial={"count": len(needed) or event.games})
    status = 200
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "import":
                import_form = ImportSetsForm(request.POST, request.FILES, prefix="import")
                if import_form.is_valid():
                    upload = import_form.cleaned_data["file"]
                    try:
                        services.import_game_sets(
                            event=event,
                            data=upload.read(),
                            file_name=upload.name,
                            by=request.user,
                            replace=import_form.cleaned_data["replace"],
                        )
                    except DomainError as error:
                        place_error(import_form, error, fields={"count": "file"}, default="file")
                    else:
                        messages.success(request, f"Imported the game sets from {upload.name}.")
                        return redirect("deals:sets", event_id=event.pk)
            elif action == "generate":
                generate_form = GenerateSetsForm(request.POST, prefix="generate")
                if generate_form.is_valid():
                    try:
                        services.generate_game_sets(event=event, by=request.user, **generate_form.cleaned_data)
                    except DomainError as error:
                        place_error(generate_form, error, fields={"file": "count"}, default="count")
                    else:
                        messages.success(request, "Dealt the game sets. Note the commitment before play.")
                        return redirect("deals:sets", event_id=event.pk)
            elif action == "reveal":
                services.reveal_seed(event=event)
                messages.success(request, "The seed is revealed: anyone can now re-deal the sets and check them.")
                return redirect("deals:sets", event_id=event.pk)
            elif action == "analyse":
                job = services.start_analysis(event=event, by=request.user, games=services.ANALYSIS_GAMES)
                messages.success(request, f"Analysing {job.total} set{'s' if job.total != 1 else ''}.")
                return redirect("deals:sets", event_id=event.pk)
            elif action == "release" and not confirmed(request):
                return ask_release(request, event, "hands", back=reverse("deals:sets", args=[event.pk]))
            elif action in ("release", "withdraw"):
                services.release_hands(event=event, released=action == "release")
                messages.success(
                    request, "Hands released to the public." if action == "release" else "Hands withdrawn."
                )
                return redirect("deals:sets", event_id=event.pk)
            else:
                raise ValidationError(f"unknown action {action!r}")
        except DomainError as error:
            messages.error(request, error.message)
            return redirect("deals:sets", event_id=event.pk)
        status = 400
    sets = list(game_sets_of(event))
    have = {s.number for s in sets}
    set_file = set_file_of(event)
    summaries = analysis_summaries(event)
    for row in sets:  # what the latest analysis says of each set (shown beside it)
        summary = summaries.get(row.number) or {}
        row.verdict, row.lopsided = summary.get("verdict", ""), bool(summary.get("lopsided"))
    return render(
        request,
        "director/game_sets.html",
        {
            "event": event,
            "club": event.club,
            "set_file": set_file,
            "commitment": commitment_state(event, set_file=set_file, sets=sets, needed=needed),
            "sets": sets,
            "needed": needed,
            "missing": [n for n in needed if n not in have],
            "next_number": _next_number(have, needed),
            "import_form": import_form,
            "generate_form": generate_form,
            "analysis": latest_analysis(event),
        },
        status=status,
    )


@director_view
def analysis_status(request, event_id, job_id):
    """The analysis job's progress, which the game-set page polls."""
    event = event_for(request.user, event_id)
    job = get_object_or_404(AnalysisJob, pk=job_id, event=event)
    return JsonResponse({"status": job.status, "done": job.done, "total": job.total, "error": job.error})


def _hand_rows(row: GameSet | None, typed: dict, errors: dict) -> list[dict]:
    deals = []
    for deal in range(1, 5):
        hands = []
        for seat in SUITS:
            name = f"hand-{deal}-{seat}"
            stored = hand_text(row, deal, seat) if row is not None else ""
            hands.append(
                {
                    "name": name,
                    "deal": deal,
                    "seat": seat,
                    "symbol": SUIT_SYMBOLS[seat],
                    "value": typed.get(name, stored),
                    "stored": stored,
                    "errors": errors.get(f"{deal}.{seat}", []),
                }
            )
        deals.append({"number": deal, "hands": hands})
    return deals


def _save_hands(event, number: int, data, user) -> tuple[GameSet | None, dict[str, list[str]]]:
    """Save every hand whose text changed, all or nothing. Returns the row and errors by ``deal.seat``."""
    errors: dict[str, list[str]] = {}
    row = GameSet.objects.filter(event=event, number=number).first()
    try:
        with transaction.atomic():
            for deal in range(1, 5):
                for seat in SUITS:
                    text = str(data.get(f"hand-{deal}-{seat}", ""))[:200].strip()
                    stored = hand_text(row, deal, seat) if row is not None else ""
                    if text == stored or (row is None and not text):
                        continue
                    try:
                        row = services.record_hand(event=event, number=number, deal=deal, seat=seat, text=text, by=user)
                    except DomainError as error:
                        key = (
                            (error.field or "").removeprefix("hands.")
                            if (error.field or "").startswith("hands.")
                            else "set"
                        )
                        errors.setdefault(key, []).append(error.message)
            if errors:
                raise _Refused
    except _Refused:
        row = GameSet.objects.filter(event=event, number=number).first()
    return row, errors


class _Refused(Exception):
    pass


@director_view
def record(request, event_id, number):
    event = event_for(request.user, event_id)
    set_file = set_file_of(event)
    row = GameSet.objects.filter(event=event, number=number).first()
    editable = set_file is None or set_file.source == GameSetFile.Source.RECORDED
    typed: dict = {}
    errors: dict[str, list[str]] = {}
    options = SetOptionsForm(
        initial={"first_dealer": row.first_dealer if row else "S", "orientation": row.orientation if row else "SDHC"}
    )
    status = 200
    if request.method == "POST" and editable:
        typed = {k: v for k, v in request.POST.items() if k.startswith("hand-")}
        options = SetOptionsForm(request.POST)
        row, errors = _save_hands(event, number, request.POST, request.user)
        if not errors and row is not None:
            try:
                with transaction.atomic():
                    if options.is_valid():
                        row = services.set_game_set_options(game_set=row, **options.cleaned_data)
                    if request.POST.get("action") == "fill":
                        row = services.fill_last_hand(game_set=row)
            except DomainError as error:
                errors.setdefault("set", []).extend(error.problems)
        if not errors:
            messages.success(
                request, f"Game set {number} saved." + (" It is complete." if row and row.complete else "")
            )
            return redirect("deals:record", event_id=event.pk, number=number)
        status = 400
        messages.error(request, "Nothing was saved: put right the hands marked below.")
    state = recording_state(row) if row is not None else None
    if state is not None and not typed:
        for key, problems in state.problems.items():
            errors.setdefault(key, []).extend(problems)
    return render(
        request,
        "director/record_set.html",
        {
            "event": event,
            "club": event.club,
            "number": number,
            "row": row,
            "state": state,
            "deals": _hand_rows(row, typed, errors),
            "set_errors": errors.get("set", []),
            "options": options,
            "editable": editable,
            "set_file": set_file,
        },
        status=status,
    )
