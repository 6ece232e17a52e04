"""Limits on password guesses at both doors — the sign-in page (``/login/``, and the admin's) and
``POST /api/auth/token/`` — kept by django-axes rather than by hand.

Both doors call ``django.contrib.auth.authenticate`` with the request; ``GuessLimitBackend`` (first
in ``AUTHENTICATION_BACKENDS``) refuses a locked-out username or address before the password is
looked at, and axes records every failure in the database, so all web processes share the counts.
The client's address is ``context.request_ip`` (X-Forwarded-For only from a trusted proxy).

* ``LOGIN_FAILURE_LIMIT`` failures for one username, from any addresses, lock that username;
* ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures from one address, for any usernames, lock that address
  (higher: a venue's wifi shows a league server one address for a whole room);
* each lifts ``LOGIN_LOCKOUT_MINUTES`` after the last counted failure, or at once with
  ``manage.py axes_reset_username NAME`` (or ``axes_reset_ip ADDRESS``, ``axes_reset`` for all).

A locked-out director is told when to try again: the sign-in page again with the time, or for the
API a JSON ``detail`` and ``retry_after``; both answer 429 with ``Retry-After``.
"""

from __future__ import annotations

import math
from datetime import datetime

from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.db.models import Max, Sum
from django.forms.utils import ErrorDict
from django.http import JsonResponse
from django.template.response import TemplateResponse
from django.utils import timezone


def failure_limit(request, credentials=None) -> int:
    """``AXES_FAILURE_LIMIT``: the per-username limit, read when used."""
    return settings.LOGIN_FAILURE_LIMIT


class GuessLimitBackend(AxesStandaloneBackend):
    """Axes' gatekeeper for requests. ``authenticate`` without a request (a management command,
    the test client's ``login``) comes through no door, so there is nothing to limit."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


class GuessLimitHandler(AxesDatabaseHandler):
    """Axes' database handler with a limit of its own for addresses.

    Axes counts failures for each of ``AXES_LOCKOUT_PARAMETERS`` (username, then address) and holds
    the larger count to one limit; here the address count is held to the address limit instead."""

    def failure_counts(self, request, credentials=None) -> tuple[int, int]:
        by_username, by_address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        return by_username, by_address

    def get_failures(self, request, credentials=None) -> int:
        by_username, by_address = self.failure_counts(request, credentials)
        if by_address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(by_username, settings.LOGIN_FAILURE_LIMIT)
        return by_username

    def reset_user_attempts(self, request, credentials=None) -> int:
        """A sign-in (``AXES_RESET_ON_SUCCESS``) clears its username's failures only. Axes would clear
        its address's too, and a guesser with an account of their own could then wipe the count
        of the guesses from their address by signing in now and then."""
        username_attempts, _ = self.filter_user_attempts(request, credentials)
        count, _ = username_attempts.delete()
        return count

    def lifted_at(self, request, credentials=None) -> datetime:
        """When the lock-out on this request's username or address ends."""
        by_username, by_address = self.failure_counts(request, credentials)
        username_attempts, address_attempts = self.get_user_attempts(request, credentials)
        locks = []
        if by_username >= settings.LOGIN_FAILURE_LIMIT:
            locks.append(username_attempts)
        if by_address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            locks.append(address_attempts)
        lasts = [attempts.aggregate(last=Max("attempt_time"))["last"] for attempts in locks]
        return max(filter(None, lasts), default=timezone.now()) + get_cool_off(request)


def locked_out(request, original_response=None, credentials=None):
    """Axes' lock-out answer (``AXES_LOCKOUT_CALLABLE``): when to try again, as JSON for the API,
    else the sign-in page with that message."""
    until = AxesProxyHandler.get_implementation().lifted_at(request, credentials)  # a GuessLimitHandler
    seconds = max(1, math.ceil((until - timezone.now()).total_seconds()))
    minutes = math.ceil(seconds / 60)
    message = (
        f"Too many failed sign-ins for this username or from this address. "
        f"Try again after {timezone.localtime(until):%H:%M} ({settings.TIME_ZONE}), "
        f"in {minutes} minute{'s' if minutes != 1 else ''}."
    )
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message, "retry_after": until.isoformat(timespec="seconds")}, status=429)
    else:
        username = (credentials or {}).get("username") or request.POST.get("username", "")
        form = AuthenticationForm(request, initial={"username": username})
        form._errors = ErrorDict({NON_FIELD_ERRORS: form.error_class([message], error_class="nonfield")})
        context = {"form": form, "next": request.POST.get("next", ""), "site_name": "Calypso Director"}
        response = TemplateResponse(request, "registration/login.html", context, status=429).render()
    response["Retry-After"] = str(seconds)
    return response
