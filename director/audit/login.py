"""Sign-in with a limit on password guesses.

At most ``LOGIN_FAILURE_LIMIT`` failed sign-ins (default 5) per username and client address, and
``LOGIN_IP_FAILURE_LIMIT`` (default 30) per address whatever the username, within
``LOGIN_FAILURE_WINDOW`` seconds (default 900) of the first failure. Beyond that the sign-in page
answers 429 without checking the password. Counts live in the cache (Redis on a league server, so
every web worker shares them; a laptop's local-memory cache counts per process).
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.utils import ErrorDict

from .context import request_ip

log = logging.getLogger(__name__)


def _limits() -> tuple[int, int, int]:
    return (
        getattr(settings, "LOGIN_FAILURE_LIMIT", 5),
        getattr(settings, "LOGIN_IP_FAILURE_LIMIT", 30),
        getattr(settings, "LOGIN_FAILURE_WINDOW", 900),
    )


def _keys(username: str, ip: str | None) -> tuple[str, str]:
    who = hashlib.sha256(f"{username.strip().lower()}|{ip}".encode()).hexdigest()[:32]
    return f"calypso:login-fail:user:{who}", f"calypso:login-fail:ip:{ip}"


def _count(key: str) -> int:
    return cache.get(key, 0)


def _bump(key: str, window: int) -> None:
    cache.add(key, 0, timeout=window)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window)


def blocked(username: str, ip: str | None) -> bool:
    per_user, per_ip, _ = _limits()
    user_key, ip_key = _keys(username, ip)
    return _count(user_key) >= per_user or _count(ip_key) >= per_ip


def register_failure(username: str, ip: str | None) -> None:
    _, _, window = _limits()
    for key in _keys(username, ip):
        _bump(key, window)


def clear_failures(username: str, ip: str | None) -> None:
    cache.delete(_keys(username, ip)[0])


class RateLimitedLoginView(auth_views.LoginView):
    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        ip = request_ip(request)
        if blocked(username, ip):
            minutes = max(1, _limits()[2] // 60)
            log.warning("sign-in refused: too many failures for %r from %s", username, ip)
            # An unbound form: the password is not even looked at.
            form = self.get_form_class()(request, initial={"username": username})
            message = f"Too many failed sign-ins for this username from your address. Try again in {minutes} minutes."
            form._errors = ErrorDict({NON_FIELD_ERRORS: form.error_class([message], error_class="nonfield")})
            response = self.render_to_response(self.get_context_data(form=form))
            response.status_code = 429
            response["Retry-After"] = str(_limits()[2])
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        register_failure(self.request.POST.get("username", ""), request_ip(self.request))
        return super().form_invalid(form)

    def form_valid(self, form):
        clear_failures(self.request.POST.get("username", ""), request_ip(self.request))
        return super().form_valid(form)
