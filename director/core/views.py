from django.http import JsonResponse
from django.shortcuts import render

from .health import health


def healthz(request):
    report = health()
    return JsonResponse(report, status=200 if report["ok"] else 503)


def page_not_found(request, exception=None):
    """``handler404``: the app's own page (``404.html``), never Django's. An ``Http404`` may name a
    page of its own in ``template_name`` (the public "not published yet" page)."""
    return render(request, getattr(exception, "template_name", "404.html"), status=404)


def csrf_failure(request, reason=""):
    """``CSRF_FAILURE_VIEW``: a refused form post (a page left open past its session, cookies
    blocked) says what to do in the club's words, never Django's page."""
    return render(request, "403_csrf.html", status=403)
