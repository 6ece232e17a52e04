"""The director's print page for an event: pick documents and options, start, watch the progress
bar, download. Directors of the event's club only (anyone else gets a 404): hand envelopes,
duplication sheets and hand records show every card and are never public."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from director.clubs.access import event_for
from director.clubs.views import director_view
from director.core.errors import DomainError

from . import services
from .documents import KINDS
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
    jobs = [services.expire_stale(job) for job in PrintJob.objects.filter(event=event)[:RECENT_JOBS]]
    documents = [
        {"name": name, "description": kind.description, "hand": name in services.HAND_KINDS, "ready": bool(kind.render)}
        for name, kind in KINDS.items()
    ]
    context = {
        "event": event,
        "club": event.club,
        "documents": documents,
        "papers": [(p, PAPER_LABELS.get(p, p)) for p in PAPER_CHOICES],
        "envelopes": [(e, ENVELOPE_LABELS.get(e, e)) for e in ENVELOPE_CHOICES],
        "languages": [(code, LANGUAGES[code].language) for code in LANGUAGE_CHOICES],
        "jobs": jobs,
        "active": [job.pk for job in jobs if not job.finished],
        "highlight": request.GET.get("job", ""),
        **_qr_address(request),
    }
    return render(request, "director/printing/print.html", context)


def _qr_address(request) -> dict:
    """Where the guide cards' QR codes send phones (``PUBLIC_BASE_URL``) and whether that is not the
    address this page is being used at — then phones may not reach it, so the page says so."""
    public = settings.PUBLIC_BASE_URL.rstrip("/")
    here = f"{request.scheme}://{request.get_host()}"
    return {"qr_base": public, "qr_here": here, "qr_mismatch": public.lower() != here.lower()}


def _start(request, event):
    kinds = [k for k in request.POST.getlist("kind") if k]
    options = {name: request.POST.get(name, "") for name in ("paper", "envelope", "lang")}
    if not kinds:
        messages.error(request, "Tick at least one document to print.")
        return redirect("printing:page", event_id=event.pk)
    started = []
    for kind in kinds:
        try:
            started.append(services.start_print_job(event=event, kind=kind, options=options, by=request.user))
        except DomainError as error:
            messages.error(request, f"{kind}: {error.message}")
    url = reverse("printing:page", args=[event.pk])
    if started:
        url += f"?job={started[-1].pk}"
    return redirect(url)


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
