"""The director's print page for an event: pick documents and options, start, watch the progress
bar, download. Directors of the event's club only (anyone else gets a 404): hand envelopes,
duplication sheets and hand records show every card and are never public."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from director.core.errors import DomainError
from director.core.view_helpers import director_view
from director.deals.auction import deals_state
from director.events.access import event_for
from director.sheets.registry import kind_of

from . import services
from .documents import KINDS, kinds_for
from .models import PrintJob
from .options import ENVELOPE_CHOICES, LANGUAGE_CHOICES, PAPER_CHOICES
from .words import LANGUAGES

RECENT_JOBS = 30
PAPER_LABELS = {"a4": "A4", "letter": "US Letter"}
ENVELOPE_LABELS = {"c6": "C6 envelopes (162 × 114 mm)", "dl": "DL envelopes (220 × 110 mm)", "labels": "Labels"}


def _job_dict(request, job: PrintJob) -> dict:
    return {
        "id": job.pk,
        "kind": job.kind,
        "title": job.title,
        "file_name": services.file_name(job),
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "error": job.error,
        "size": job.size,
        "download": reverse("printing:download", args=[job.event_id, job.pk]) if job.status == "done" else None,
    }


def _job(request, event_id: int, job_id: int) -> PrintJob:
    event = event_for(request.user, event_id)  # NotFound (404) for another club's event
    return services.expire_stale(get_object_or_404(PrintJob, pk=job_id, event=event))


@director_view
def print_page(request, event_id):
    event = event_for(request.user, event_id)
    if request.method == "POST":
        return _start(request, event)
    return _page(request, event)


def _documents(event) -> list:
    """The documents ``event`` can have: hand documents for dealt game sets, the rounds' deals for a
    team match that deals them (``deals.auction.deals_state``)."""
    return kinds_for(event.is_duplicate, team_match=deals_state(event) is not None)


def _page(request, event, *, status: int = 200, ticked=()) -> HttpResponse:
    jobs = [services.expire_stale(job) for job in PrintJob.objects.filter(event=event)[:RECENT_JOBS]]
    for job in jobs:
        job.file_name = services.file_name(job)
    # The scoresheets are what the event's kind of sheet prints (an Auction event's: its score pads).
    pads = kind_of(event).printed_description
    documents = [
        {
            "name": kind.name,
            "title": kind.title,
            "description": pads if pads and kind.name == "scoresheets" else kind.description,
            "hand": kind.name in services.HAND_KINDS,
            "ready": bool(kind.render),
            "ticked": kind.name in ticked,
        }
        for kind in _documents(event)
    ]
    context = {
        "event": event,
        "club": event.club,
        "documents": documents,
        "papers": [(p, PAPER_LABELS.get(p, p)) for p in PAPER_CHOICES],
        # Envelope sizes matter only to events that print hand envelopes.
        "envelopes": [(e, ENVELOPE_LABELS.get(e, e)) for e in ENVELOPE_CHOICES] if event.is_duplicate else [],
        "languages": [(code, LANGUAGES[code].language) for code in LANGUAGE_CHOICES],
        "jobs": jobs,
        "active": [job.pk for job in jobs if not job.finished],
        "highlight": request.GET.get("job", ""),
        **_qr_address(request),
    }
    return render(request, "director/printing/print.html", context, status=status)


def _qr_address(request) -> dict:
    """Where the guide cards' QR codes send phones (``PUBLIC_BASE_URL``); whether that is this
    computer's own address (127.0.0.1, localhost: no phone can open it) or else not the address
    this page is being used at (phones may not reach it) — the page says so either way."""
    public = settings.PUBLIC_BASE_URL.rstrip("/")
    here = f"{request.scheme}://{request.get_host()}"
    loopback = is_loopback(public)
    return {
        "qr_base": public,
        "qr_here": here,
        "qr_loopback": loopback,
        "qr_mismatch": not loopback and public.lower() != here.lower(),
    }


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this computer only (localhost, 127.x.x.x, ::1, 0.0.0.0), an address a
    player's phone cannot open."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _start(request, event):
    kinds = [k for k in request.POST.getlist("kind") if k]
    options = {name: request.POST.get(name, "") for name in ("paper", "envelope", "lang")}
    if not kinds:
        messages.error(request, "Tick at least one document to print.")
        return redirect("printing:page", event_id=event.pk)
    # A document this kind of event cannot have (hand envelopes of a progressive night, a made-up
    # kind) is refused outright, whatever the form offered: nothing is started.
    offered = {kind.name for kind in _documents(event)}
    refused = [kind for kind in kinds if kind not in offered]
    if refused:
        for kind in refused:
            try:
                services.check_printable(event, kind)
            except DomainError as error:
                messages.error(request, _refusal(kind, error))
        return _page(request, event, status=400, ticked=[kind for kind in kinds if kind in offered])
    started = []
    for kind in kinds:
        try:
            started.append(services.start_print_job(event=event, kind=kind, options=options, by=request.user))
        except DomainError as error:
            messages.error(request, _refusal(kind, error))
    url = reverse("printing:page", args=[event.pk])
    if started:
        url += f"?job={started[-1].pk}"
    return redirect(url)


def _refusal(kind: str, error: DomainError) -> str:
    document = KINDS.get(kind)
    return f"{document.title}: {error.message}" if document else error.message


@director_view
def job_status(request, event_id, job_id):
    return JsonResponse(_job_dict(request, _job(request, event_id, job_id)))


@director_view
def download(request, event_id, job_id):
    job = _job(request, event_id, job_id)
    if job.status != PrintJob.Status.DONE or not job.file:
        raise Http404("this print job has no file (yet)")
    try:
        handle = job.file.open("rb")
    except FileNotFoundError as error:
        raise Http404("the file of this print job is gone") from error
    return FileResponse(handle, as_attachment=True, filename=services.file_name(job), content_type="application/pdf")


@require_POST
@director_view
def delete(request, event_id, job_id):
    job = _job(request, event_id, job_id)
    services.delete_job(job)
    messages.success(request, "Print job deleted.")
    return redirect("printing:page", event_id=event_id)
