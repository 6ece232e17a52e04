from django.http import JsonResponse
from django.shortcuts import redirect, render

from .health import health


def healthz(request):
    report = health()
    return JsonResponse(report, status=200 if report["ok"] else 503)


def home(request):
    """The front page; a signed-in director goes straight to their club (or the club chooser)."""
    from director.clubs.access import clubs_for

    if clubs_for(request.user).exists():
        return redirect("clubs:choose")
    return render(request, "home.html")
