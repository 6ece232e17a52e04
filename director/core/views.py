from django.http import JsonResponse
from django.shortcuts import render

from .health import health


def healthz(request):
    report = health()
    return JsonResponse(report, status=200 if report["ok"] else 503)


def home(request):
    return render(request, "home.html")
