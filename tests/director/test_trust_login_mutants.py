"""Tests that kill the surviving mutants of the sign-in limits (``director/audit/login.py``, #36):
``make mutate ARGS="--trust --tests=… director.audit.login*"`` (docs/testing.md). Each asserts what
a changed rule gets wrong; none waits for the clock (no sleeps)."""

from __future__ import annotations

import datetime
import io

from axes.models import AccessAttempt
from axes.utils import reset
from django.core.management import call_command
from django.core.signing import get_cookie_signer
from django.test import Client, RequestFactory
from django.utils import timezone

from director.audit import login
from director.audit.login import DEVICE_COOKIE
from director.audit.models import SignInDevice
from tests.director.audit.test_sign_in_and_settings import _sign_in, _signed_in
from tests.director.audit.test_sign_in_lockouts import (
    _device,
    limits,  # noqa: F401 (the fixture)
)
from tests.director.conftest import PASSWORD, make_user

HOME = "203.0.113.10"
ATTACKER = "198.51.100.66"
OTHER = "198.51.100.77"


def _lock_pair(username: str, ip: str) -> None:
    """Three wrong passwords (the limit) for ``username`` from ``ip``: that pair is locked."""
    for _ in range(3):
        _sign_in(Client(), username, "wrong", ip=ip)


def _may_sign_in(username: str, ip: str) -> bool:
    return _signed_in(_sign_in(Client(), username, PASSWORD, ip=ip))


def test_axes_reset_ip_lifts_that_addresss_locks_only(director_a, limits):  # noqa: F811
    """Mutant: ``reset_attempts`` passing ``ip_address=None`` to axes (every failure everywhere deleted)."""
    limits.LOGIN_ADDRESS_FAILURE_LIMIT = 50  # only the pairs' locks
    make_user("erin")
    _lock_pair("erin", ATTACKER)
    _lock_pair("dora", OTHER)
    call_command("axes_reset_ip", ATTACKER, stdout=io.StringIO())
    assert _may_sign_in("erin", ATTACKER)
    # The other address's lock of dora stays (the slow-down of dora stays too, so even from a
    # third address dora waits).
    assert _sign_in(Client(), "dora", PASSWORD, ip=OTHER).status_code == 429


def test_axes_reset_username_lifts_that_usernames_locks_only(director_a, limits):  # noqa: F811
    """Mutant: ``reset_attempts`` passing ``username=None`` to axes (or leaving it out)."""
    make_user("erin")
    _lock_pair("erin", ATTACKER)
    _lock_pair("dora", ATTACKER)
    call_command("axes_reset_username", "dora", stdout=io.StringIO())
    assert _may_sign_in("dora", ATTACKER)
    assert _sign_in(Client(), "erin", PASSWORD, ip=ATTACKER).status_code == 429


def test_axes_reset_by_address_or_username_lifts_either(director_a, limits):  # noqa: F811
    """Mutants: ``ip_or_username`` dropped or made None (axes' ``reset(ip_or_username=True)`` then
    deletes only what matches both, here nothing)."""
    limits.LOGIN_ADDRESS_FAILURE_LIMIT = 50
    make_user("erin")
    _lock_pair("erin", ATTACKER)
    _lock_pair("dora", OTHER)
    assert reset(ip=ATTACKER, username="dora", ip_or_username=True) == 2  # one row per pair
    assert _may_sign_in("erin", ATTACKER)
    assert _may_sign_in("dora", OTHER)


def test_axes_reset_username_forgives_a_known_devices_single_failure(director_a, limits):  # noqa: F811
    """Mutant: only devices with more than one failure forgiven (``failures__gt=1``): the one
    left would count towards the device's next lock."""
    laptop = _device(ip=HOME)
    assert _sign_in(laptop, "dora", "wrong", ip=HOME).status_code == 200
    call_command("axes_reset_username", "dora", stdout=io.StringIO())
    # Forgiven, and the admin's list of known devices shows no last failure (mutant: left as it was).
    assert SignInDevice.objects.get().last_failure_at is None
    # Forgiven: two more wrong passwords are two of three, not the third.
    assert [_sign_in(laptop, "dora", "wrong", ip=HOME).status_code for _ in range(2)] == [200, 200]
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=HOME))


def test_with_a_limit_of_one_axes_reset_username_lets_a_locked_known_device_in(director_a, limits):  # noqa: F811
    """Mutants: forgiven devices left with one failure (``failures=1``: with a limit of one the
    device is still locked, and its lock's time is gone) or the one-failure device not forgiven."""
    limits.LOGIN_FAILURE_LIMIT = 1
    laptop = _device(ip=HOME)
    assert _sign_in(laptop, "dora", "wrong", ip=HOME).status_code == 429  # the one failure locks it
    call_command("axes_reset_username", "dora", stdout=io.StringIO())
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=HOME))


def test_a_sign_in_records_its_browser_within_the_fields_and_forgets_devices_past_their_days(director_a, limits):  # noqa: F811
    """Mutants of ``remember_device``: the browser's name not kept (or another text for none), the
    address not kept, the user's devices older than ``LOGIN_DEVICE_DAYS`` kept (or younger ones
    dropped). (Axes has cut the name to the column's 255 characters already.)"""
    days = limits.LOGIN_DEVICE_DAYS
    now = timezone.now()
    for age, key in ((days + 1, "stale"), (days - 1, "recent")):
        SignInDevice.objects.create(user=director_a, key=key, last_sign_in_at=now - datetime.timedelta(days=age))
    browser = Client(HTTP_USER_AGENT="M" * 300)
    assert _signed_in(_sign_in(browser, "dora", PASSWORD, ip=HOME))
    new = SignInDevice.objects.exclude(key__in=["stale", "recent"]).get()
    assert new.user_agent == "M" * 255 and new.ip_address == HOME and new.failures == 0
    assert set(SignInDevice.objects.values_list("key", flat=True)) == {"recent", new.key}


def test_a_browser_that_sends_no_name_is_recorded_with_none(director_a, limits):  # noqa: F811
    """Mutant: ``or "XXXX"`` for ``or ""``: a browser with an empty User-Agent listed under a made-up name."""
    assert _signed_in(_sign_in(Client(HTTP_USER_AGENT=""), "dora", PASSWORD, ip=HOME))
    assert SignInDevice.objects.get().user_agent == ""


def test_a_sign_in_forgets_its_own_users_expired_devices_only(director_a, director_b, limits):  # noqa: F811
    """Mutant: ``remember_device`` deleting every user's expired devices, not the signing-in user's.
    A browser bert signed in from long ago is his record (the admin's *Sign-in devices*: which
    browser, from where, when) until his own next sign-in forgets it; dora's sign-in is not his."""
    old = timezone.now() - datetime.timedelta(days=limits.LOGIN_DEVICE_DAYS + 1)
    SignInDevice.objects.create(user=director_b, key="berts-old-laptop", last_sign_in_at=old)
    assert _may_sign_in("dora", HOME)
    assert SignInDevice.objects.filter(user=director_b, key="berts-old-laptop").exists()
    assert _may_sign_in("bert", HOME)
    assert not SignInDevice.objects.filter(key="berts-old-laptop").exists()


def _request_with_device_cookie(key: str | None):
    """A sign-in request as the page posts it, from a browser carrying the device cookie ``key``."""
    request = RequestFactory().post("/login/", {"username": "dora", "password": PASSWORD})
    if key is not None:
        signer = get_cookie_signer(salt=DEVICE_COOKIE + login._DEVICE_SALT)
        request.COOKIES[DEVICE_COOKIE] = signer.sign(key)
    return request


def test_after_remember_device_the_same_request_knows_the_browser(director_a, director_b, limits):  # noqa: F811
    """Mutants: ``remember_device`` not clearing the request's known-device answers (another key
    popped, or none). A browser bert signed in on (its cookie's key is his device) is nothing to
    dora until she signs in there; once ``remember_device`` has made it hers, asking again in the
    same request must say so, not repeat the answer read before the sign-in."""
    SignInDevice.objects.create(user=director_b, key="shared-laptop", last_sign_in_at=timezone.now())
    request = _request_with_device_cookie("shared-laptop")
    credentials = {"username": "dora"}
    assert login.known_device(request, credentials) is None
    assert login.remember_device(request, director_a) == "shared-laptop"
    device = login.known_device(request, credentials)
    assert device is not None and device.user == director_a and device.key == "shared-laptop"


def test_remember_device_needs_no_earlier_question_in_its_request(director_a, limits):  # noqa: F811
    """Mutant: the request's known-device answers popped without a default (``KeyError`` when the
    request never asked, as a sign-in that comes through no guess check — ``AXES_RESET_ON_SUCCESS``
    off — would not)."""
    request = _request_with_device_cookie(None)
    key = login.remember_device(request, director_a)
    assert SignInDevice.objects.get(user=director_a).key == key


def test_a_known_devices_sign_in_with_a_spaced_username_keeps_a_guessers_lock(director_a, limits):  # noqa: F811
    """Mutants: ``reset_user_attempts`` asking ``known_device`` without the credentials, so from the
    posted form's username as typed. The director's own laptop (a known device) at the venue, where
    a guesser on the same wifi has locked the pair (dora, the venue's address); her phone's keyboard
    adds a space after the name ("dora "), which the form strips. The sign-in is from a known
    device, so it clears nothing of the pair's (docs/security.md: else each of the director's
    sign-ins would lift a guesser's lock); asked by the typed name the laptop is unknown, and the
    guesser's failures would be wiped."""
    laptop = _device(ip=HOME)
    _lock_pair("dora", HOME)  # the guesser, another browser at the same address
    assert _sign_in(Client(), "dora", PASSWORD, ip=HOME).status_code == 429
    assert _signed_in(_sign_in(laptop, "dora ", PASSWORD, ip=HOME))
    assert AccessAttempt.objects.filter(username="dora", ip_address=HOME).exists()
    assert _sign_in(Client(), "dora", PASSWORD, ip=HOME).status_code == 429
