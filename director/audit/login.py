"""Limits on password guesses at both doors — the sign-in page (``/login/``, and the admin's) and
``POST /api/auth/token/`` — kept by django-axes, with a small layer of our own so that a stranger's
guesses cannot keep a director out.

Both doors call ``django.contrib.auth.authenticate`` with the request; ``GuessLimitBackend`` (first
in ``AUTHENTICATION_BACKENDS``) refuses a sign-in before its password is looked at when
``GuessLimitHandler.refusal`` says so, and axes records every failure in the database (one row per
username, address and browser), so all web processes share the counts. The client's address is
``context.request_ip`` (X-Forwarded-For only from a trusted proxy). What refuses, in this order:

* **a known device** (a browser this user signed in from in the last ``LOGIN_DEVICE_DAYS``: its
  signed, HttpOnly cookie names a ``SignInDevice`` of theirs) is judged by its own failures only:
  ``LOGIN_FAILURE_LIMIT`` of them lock that browser; nothing typed elsewhere stops it;
* **a lock per username and address together** (axes' ``["username", "ip_address"]``):
  ``LOGIN_FAILURE_LIMIT`` failures for one username from one address lock that pair;
* **a lock per address**: ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures from one address, for any
  usernames, lock that address (higher: a venue's wifi is one address for a whole room);
* **a slow-down per username**, never a lock: once a username has ``LOGIN_FAILURE_LIMIT`` failures
  from anywhere, a browser that is not a known device of its user must wait between tries —
  ``LOGIN_SLOWDOWN_SECONDS`` after the last failure, doubling with each further one, at most
  ``LOGIN_SLOWDOWN_MAX_SECONDS``. Tries refused meanwhile are not counted.

A lock lifts ``LOGIN_LOCKOUT_MINUTES`` after the last counted failure (so does the slow-down's count),
or at once with ``manage.py axes_reset_username NAME`` (or ``axes_reset_ip ADDRESS``, ``axes_reset``
for all). Every "try again after" is the last failure plus the wait, never "now" plus it.

A refused director is told when to try again: the sign-in page again with the time, or for the API
a JSON ``detail`` and ``retry_after``; both answer 429 with ``Retry-After``.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.attempts import get_cool_off_threshold
from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.db.models import Case, F, Max, Sum, Value, When
from django.forms.utils import ErrorDict
from django.http import JsonResponse
from django.template.response import TemplateResponse
from django.utils import timezone

from .models import SignInDevice

DEVICE_COOKIE = "calypso_device"
_DEVICE_SALT = "director.audit.login.device"

REASONS = {
    "device": "Too many failed sign-ins for this username in this browser.",
    "pair": "Too many failed sign-ins for this username from this address.",
    "address": "Too many failed sign-ins from this address.",
    "slow": (
        "Too many failed sign-ins for this username lately, so a browser it has not signed in from "
        "before must wait between tries."
    ),
}


def failure_limit(request, credentials=None) -> int:
    """``AXES_FAILURE_LIMIT``: the per-pair limit, read when used."""
    return settings.LOGIN_FAILURE_LIMIT


def slowdown(failures: int) -> timedelta:
    """The wait after a username's ``failures``-th failure (``failures`` ≥ ``LOGIN_FAILURE_LIMIT``):
    ``LOGIN_SLOWDOWN_SECONDS``, doubled for each failure beyond the limit, at most
    ``LOGIN_SLOWDOWN_MAX_SECONDS``."""
    doublings = min(max(0, failures - settings.LOGIN_FAILURE_LIMIT), 32)
    seconds = min(settings.LOGIN_SLOWDOWN_SECONDS * 2**doublings, settings.LOGIN_SLOWDOWN_MAX_SECONDS)
    return timedelta(seconds=seconds)


@dataclass(frozen=True)
class Refusal:
    """Why a sign-in is refused before its password is looked at (a key of ``REASONS``), and until
    when: the last failure that counts, plus the lock-out or the wait."""

    reason: str
    until: datetime


def _device_lifetime() -> timedelta:
    return timedelta(days=settings.LOGIN_DEVICE_DAYS)


def device_key(request) -> str | None:
    """The key the browser's device cookie carries, if it is ours (signed) and not too old."""
    key = request.get_signed_cookie(
        DEVICE_COOKIE, default=None, salt=_DEVICE_SALT, max_age=_device_lifetime().total_seconds()
    )
    return key or None


def known_device(request, credentials=None) -> SignInDevice | None:
    """The ``SignInDevice`` this browser is to the user the sign-in names, or None: a browser that
    user signed in from in the last ``LOGIN_DEVICE_DAYS`` (read once per request and username)."""
    username = get_client_username(request, credentials)
    if not username:
        return None
    seen = request.__dict__.setdefault("_calypso_devices", {})
    if username not in seen:
        key = device_key(request)
        by_username = {f"user__{get_user_model().USERNAME_FIELD}": username}
        seen[username] = (
            SignInDevice.objects.filter(
                key=key, last_sign_in_at__gte=timezone.now() - _device_lifetime(), **by_username
            ).first()
            if key
            else None
        )
    return seen[username]


def remember_device(request, user) -> str:
    """A successful sign-in: this browser becomes (or stays) a known device of ``user``, its own
    failures forgiven. Returns the key for the cookie (the browser's own, if it had one)."""
    key = device_key(request) or secrets.token_urlsafe(24)
    now = timezone.now()
    SignInDevice.objects.update_or_create(
        user=user,
        key=key,
        defaults={
            "last_sign_in_at": now,
            "user_agent": (getattr(request, "axes_user_agent", "") or "")[:255],
            "ip_address": getattr(request, "axes_ip_address", None) or None,
            "failures": 0,
            "last_failure_at": None,
        },
    )
    SignInDevice.objects.filter(user=user, last_sign_in_at__lt=now - _device_lifetime()).delete()
    request.__dict__.pop("_calypso_devices", None)
    return key


def _count(attempts) -> tuple[int, datetime | None]:
    """Failures in ``attempts`` (axes rows) and the time of the last."""
    row = attempts.aggregate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
    return row["failures"] or 0, row["last"]


class GuessLimitBackend(AxesStandaloneBackend):
    """Axes' gatekeeper for requests. ``authenticate`` without a request (a management command,
    the test client's ``login``) comes through no door, so there is nothing to limit."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


class GuessLimitHandler(AxesDatabaseHandler):
    """Axes' database handler, deciding with ``refusal`` instead of one count against one limit.

    ``AXES_LOCKOUT_PARAMETERS`` is ``[["username", "ip_address"], "ip_address"]``, so axes' own
    queries are the pair's rows and the address's; the username's rows (for the slow-down) and the
    known device are ours."""

    def refusal(self, request, credentials=None) -> Refusal | None:
        """Why this sign-in may not try a password now, and until when; None if it may."""
        cool_off = get_cool_off(request)
        limit = settings.LOGIN_FAILURE_LIMIT
        device = known_device(request, credentials)
        if device is not None:
            if device.failures >= limit and device.last_failure_at >= get_cool_off_threshold(request):
                return Refusal("device", device.last_failure_at + cool_off)
            return None
        (pair, pair_last), (address, address_last) = map(_count, self.get_user_attempts(request, credentials))
        locks = []
        if pair >= limit:
            locks.append(Refusal("pair", pair_last + cool_off))
        if address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            locks.append(Refusal("address", address_last + cool_off))
        if locks:
            return max(locks, key=lambda lock: lock.until)
        username = get_client_username(request, credentials)
        if username:
            recent = AccessAttempt.objects.filter(username=username, attempt_time__gte=get_cool_off_threshold(request))
            failures, last = _count(recent)
            if failures >= limit and last + slowdown(failures) > timezone.now():
                return Refusal("slow", last + slowdown(failures))
        return None

    def is_locked(self, request, credentials=None) -> bool:
        request.calypso_refusal = self.refusal(request, credentials)
        return request.calypso_refusal is not None

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        """A wrong password. In a known device it counts against that device only; anywhere else
        axes records it (username, address, browser). Unless the sign-in was refused before its
        password was looked at (then nothing is counted), a failure that brings a refusal is
        answered with it at once."""
        if request is None or request.axes_locked_out:
            return super().user_login_failed(sender, credentials, request, **kwargs)
        device = known_device(request, credentials)
        if device is None:
            super().user_login_failed(sender, credentials, request, **kwargs)
        else:
            SignInDevice.objects.filter(pk=device.pk).update(
                failures=Case(
                    When(last_failure_at__gte=get_cool_off_threshold(request), then=F("failures") + 1), default=Value(1)
                ),
                last_failure_at=request.axes_attempt_time,
            )
            device.refresh_from_db(fields=["failures", "last_failure_at"])
        if self.is_locked(request, credentials):
            request.axes_locked_out = True
            request.axes_credentials = credentials
            username = get_client_username(request, credentials)
            user_locked_out.send("axes", request=request, username=username, ip_address=request.axes_ip_address)

    def user_logged_in(self, sender, request, user, **kwargs):
        """A sign-in (the page's or the admin's): axes logs it and clears the pair's failures; the
        browser becomes a known device of the user (``DeviceCookieMiddleware`` sets the cookie)."""
        super().user_logged_in(sender, request, user, **kwargs)
        if request is not None:
            request.calypso_device_key = remember_device(request, user)

    def reset_user_attempts(self, request, credentials=None) -> int:
        """A sign-in (``AXES_RESET_ON_SUCCESS``) clears its own username-and-address failures only,
        and in a known device (whose failures were its own) nothing here. Axes would clear its
        address's too, and a guesser with an account of their own could then wipe the count of the
        guesses from their address by signing in now and then; clearing the username's everywhere,
        or the pair's from a known device, would let the director's sign-ins lift a guesser's lock."""
        if known_device(request, credentials) is not None:
            return 0
        pair_attempts, _ = self.filter_user_attempts(request, credentials)
        count, _ = pair_attempts.delete()
        return count

    def reset_attempts(self, *, ip_address=None, username=None, ip_or_username=False) -> int:
        """``manage.py axes_reset_username``, ``axes_reset_ip``, ``axes_reset``: axes deletes the
        failures; a username's known devices (all of them, for ``axes_reset``) are forgiven too."""
        count = super().reset_attempts(ip_address=ip_address, username=username, ip_or_username=ip_or_username)
        devices = SignInDevice.objects.filter(failures__gt=0)
        if username:
            devices = devices.filter(**{f"user__{get_user_model().USERNAME_FIELD}": username})
        if username or not ip_address:
            devices.update(failures=0, last_failure_at=None)
        return count


class DeviceCookieMiddleware:
    """Gives a browser that has just signed in its device cookie: signed (so only this server's
    keys count), HttpOnly (no script reads it), ``LOGIN_DEVICE_DAYS`` long, renewed at each sign-in."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        key = getattr(request, "calypso_device_key", None)
        if key:
            response.set_signed_cookie(
                DEVICE_COOKIE,
                key,
                salt=_DEVICE_SALT,
                max_age=int(_device_lifetime().total_seconds()),
                httponly=True,
                secure=settings.SESSION_COOKIE_SECURE,
                samesite="Lax",
            )
        return response


def _rounded_up(moment: datetime, step: timedelta) -> datetime:
    floor = moment - (moment - datetime.min.replace(tzinfo=moment.tzinfo)) % step
    return floor if floor == moment else floor + step


def _when(until: datetime, now: datetime) -> tuple[str, int, datetime]:
    """ "Try again after …", the ``Retry-After`` seconds and the time to give as ``retry_after``: a
    wait under two minutes to the second, a longer one to the minute, each rounded up (at the time
    given, the sign-in is let through)."""
    seconds = max(1, math.ceil((until - now).total_seconds()))
    at = _rounded_up(max(until, now + timedelta(seconds=1)), timedelta(seconds=1))
    if seconds < 120:
        shown = f"{timezone.localtime(at):%H:%M:%S}"
        wait = f"{seconds} second{'s' * (seconds != 1)}"
    else:
        shown = f"{timezone.localtime(_rounded_up(at, timedelta(minutes=1))):%H:%M}"
        minutes = math.ceil(seconds / 60)
        wait = f"{minutes} minute{'s' * (minutes != 1)}"
    return f"Try again after {shown} ({settings.TIME_ZONE}), in {wait}.", seconds, at


def locked_out(request, original_response=None, credentials=None):
    """Axes' answer to a refused sign-in (``AXES_LOCKOUT_CALLABLE``): why, and when to try again,
    as JSON for the API, else the sign-in page with that message."""
    now = timezone.now()
    refusal = getattr(request, "calypso_refusal", None) or AxesProxyHandler.get_implementation().refusal(
        request, credentials
    )
    refusal = refusal or Refusal("pair", now)  # lifted a moment ago: try again at once
    when, seconds, at = _when(refusal.until, now)
    message = f"{REASONS[refusal.reason]} {when}"
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message, "retry_after": at.isoformat(timespec="seconds")}, status=429)
    else:
        username = (credentials or {}).get("username") or request.POST.get("username", "")
        form = AuthenticationForm(request, initial={"username": username})
        form._errors = ErrorDict({NON_FIELD_ERRORS: form.error_class([message], error_class="nonfield")})
        context = {"form": form, "next": request.POST.get("next", ""), "site_name": "Calypso Director"}
        response = TemplateResponse(request, "registration/login.html", context, status=429).render()
    response["Retry-After"] = str(seconds)
    return response
