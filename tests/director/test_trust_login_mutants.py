"""Tests that kill the surviving mutants of the sign-in limits (``director/audit/login.py``, #36):
``make mutate ARGS="--trust --tests=… director.audit.login*"`` (docs/testing.md). Each asserts what
a changed rule gets wrong; none waits for the clock (no sleeps)."""

from __future__ import annotations

import datetime
import io
import json
import time

from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from axes.utils import reset
from django.core import signing
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
    _later,
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
    device = SignInDevice.objects.get(user=director_a)
    # Nor a browser's name or address made up where axes read none (mutant: "XXXX" for the name).
    assert (device.key, device.user_agent, device.ip_address) == (key, "", None)


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


def test_a_sign_in_with_a_spaced_username_clears_its_own_failures_at_its_address(director_a, limits):  # noqa: F811
    """Mutants: ``reset_user_attempts`` choosing the failures to clear without the credentials, so by
    the posted username as typed. The director mistypes her password twice on a borrowed browser,
    then signs in with "dora " (her phone's keyboard adds the space, the form strips it): her own
    failures at that address are cleared (docs/security.md), so two more slips later are two of
    three, not a lock. By the typed name nothing matched and her old failures stayed."""
    for _ in range(2):
        assert _sign_in(Client(), "dora", "wrong", ip=HOME).status_code == 200
    assert _signed_in(_sign_in(Client(), "dora ", PASSWORD, ip=HOME))
    assert not AccessAttempt.objects.filter(username="dora", ip_address=HOME).exists()
    assert [_sign_in(Client(), "dora", "wrong", ip=HOME).status_code for _ in range(2)] == [200, 200]


def _axes_request(key: str | None, ip: str = HOME):
    """A sign-in request as axes has prepared it (its address and browser read), with the device cookie ``key``."""
    request = _request_with_device_cookie(key)
    request.axes_ip_address, request.axes_user_agent = ip, ""
    return request


def test_reset_user_attempts_answers_how_many_failures_it_deleted(director_a, limits):  # noqa: F811
    """Mutant: ``reset_user_attempts`` answering 1 from a known device, where it deletes nothing (axes
    logs the answer as the failed attempts the sign-in deleted). Elsewhere it answers the rows of
    the username at the address that it deleted, and leaves another address's."""
    handler = AxesProxyHandler.get_implementation()
    credentials = {"username": "dora"}
    SignInDevice.objects.create(user=director_a, key="dora-laptop", last_sign_in_at=timezone.now())
    for ip in (HOME, OTHER):
        assert _sign_in(Client(), "dora", "wrong", ip=ip).status_code == 200
    assert handler.reset_user_attempts(_axes_request("dora-laptop"), credentials) == 0
    assert AccessAttempt.objects.filter(username="dora").count() == 2
    assert handler.reset_user_attempts(_axes_request(None), credentials) == 1
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == [OTHER]


UTC = datetime.UTC


def test_try_again_after_is_the_refusals_end_to_the_second_rounded_up(settings):
    """Mutants of ``_when`` and ``_rounded_up``: a refusal ending on a whole second (or minute) is
    shown as that second (minute), not the next nor an even one; a wait of two minutes is told in
    minutes, a shorter one in seconds (with the time to the second); a wait under a second is "1 second" (Retry-After
    1), not 2; and the time given is never before now plus the Retry-After (at the time given the
    sign-in is let through), even for a refusal that ends within the second."""
    settings.TIME_ZONE = "UTC"
    now = datetime.datetime(2026, 11, 27, 21, 0, 0, 250000, tzinfo=UTC)
    text, seconds, at = login._when(datetime.datetime(2026, 11, 27, 21, 0, 31, tzinfo=UTC), now)
    assert (seconds, at) == (31, datetime.datetime(2026, 11, 27, 21, 0, 31, tzinfo=UTC))
    assert text == "Try again after 21:00:31 (UTC), in 31 seconds."
    # From two minutes (a wait of 119.75 s shown rounded up) the wait is told in minutes.
    text, seconds, at = login._when(datetime.datetime(2026, 11, 27, 21, 2, tzinfo=UTC), now)
    assert (seconds, text) == (120, "Try again after 21:02 (UTC), in 2 minutes.")
    text, seconds, at = login._when(datetime.datetime(2026, 11, 27, 21, 2, 1, 500000, tzinfo=UTC), now)
    assert (seconds, text) == (122, "Try again after 21:03 (UTC), in 3 minutes.")  # 2 min 2 s, rounded up
    text, seconds, at = login._when(datetime.datetime(2026, 11, 27, 21, 5, tzinfo=UTC), now)
    assert (seconds, text) == (300, "Try again after 21:05 (UTC), in 5 minutes.")
    for until in (now + datetime.timedelta(milliseconds=300), now, now - datetime.timedelta(seconds=5)):
        text, seconds, at = login._when(until, now)
        assert seconds == 1 and text.endswith("in 1 second.")
        assert at >= now + datetime.timedelta(seconds=seconds)
        assert at == datetime.datetime(2026, 11, 27, 21, 0, 2, tzinfo=UTC)


def _refused_page_of(username: str, next_url: str | None):
    """The sign-in pages refused sign-ins answer: four wrong passwords for ``username`` from one
    address, with ``next`` when given; the refused ones: the first, the try whose failure brings
    the refusal (the lock, or with one typed elsewhere the slow-down), then tries refused before
    their password is read."""
    browser = Client()
    data = {"username": username, "password": "wrong"} | ({"next": next_url} if next_url is not None else {})
    answers = [browser.post("/login/", data, REMOTE_ADDR=ATTACKER) for _ in range(4)]
    refused = [a for a in answers if a.status_code == 429]
    assert len(refused) >= 2 and answers[0].status_code == 200
    return refused


def test_a_refused_sign_in_answers_with_the_form_ready_to_try_again(director_a, limits):  # noqa: F811
    """Mutants of ``locked_out``'s page: the page rendered without its request (no CSRF token, so
    the next try from it would be refused), ``next`` lost (or "XXXX", or "None" when none was
    asked), the message in another list than a wrong password's (``errorlist nonfield``), and the
    username box showing the name as typed ("dora ", the keyboard's space) rather than the one
    refused. The director can then sign in from the page as it is once the lock lifts."""
    wrong = Client().post("/login/", {"username": "dora", "password": "wrong"}, REMOTE_ADDR=OTHER).content.decode()
    assert '<ul class="errorlist nonfield"><li>Please enter a correct username' in wrong
    # The try whose failure brings the refusal, and the next, refused before its password is read.
    for refused in _refused_page_of("dora ", "/events/"):
        page = refused.content.decode()
        assert '<ul class="errorlist nonfield"><li>Too many failed sign-ins for this username' in page
        assert 'name="csrfmiddlewaretoken"' in page
        assert '<input type="hidden" name="next" value="/events/">' in page
        assert 'name="username" value="dora"' in page
    reset()
    for refused in _refused_page_of("dora", None):
        assert '<input type="hidden" name="next" value="">' in refused.content.decode()


def _api_request(ip: str = ATTACKER):
    """A request to the API's door as axes has prepared it (its address, browser and time read)."""
    request = RequestFactory().post("/api/auth/token/", {"username": "dora"}, content_type="application/json")
    request.axes_ip_address, request.axes_user_agent, request.axes_attempt_time = ip, "", timezone.now()
    return request


def _detail(response) -> str:
    return json.loads(response.content)["detail"]


def test_the_refusal_told_is_the_one_the_check_found_read_once(director_a, limits, django_assert_num_queries):  # noqa: F811
    """Mutants: ``locked_out`` not using the refusal ``is_locked`` kept on the request (another
    attribute, ``and`` for ``or``): it read the counts again (more queries for every refused try a
    guesser sends) and could tell another end than the check found."""
    request = _api_request()
    request.calypso_refusal = login.Refusal("slow", timezone.now() + datetime.timedelta(seconds=30))
    with django_assert_num_queries(0):
        response = login.locked_out(request, None, {"username": "dora"})
    assert response.status_code == 429 and "must wait between tries" in _detail(response)
    assert 29 <= int(response["Retry-After"]) <= 30


def test_a_lockout_answer_without_the_checks_refusal_reads_it_and_a_lifted_one_says_at_once(director_a, limits):  # noqa: F811
    """Mutants of ``locked_out``'s own reading (axes may ask for the lock-out answer of a request
    whose check kept nothing: ``AXES_LOCKOUT_CALLABLE`` is axes' to call): the request or the
    credentials not passed (the API's JSON body has no form field to read the username from), and
    the answer for a lock lifted a moment ago (a pair's, "try again" in one second) made wrong."""
    _lock_pair("dora", ATTACKER)
    response = login.locked_out(_api_request(), None, {"username": "dora"})
    assert _detail(response).startswith("Too many failed sign-ins for this username from this address.")
    assert 14 * 60 <= int(response["Retry-After"]) <= 15 * 60
    reset()
    lifted = login.locked_out(_api_request(), None, {"username": "dora"})
    assert lifted["Retry-After"] == "1" and _detail(lifted).endswith("in 1 second.")
    assert _detail(lifted).startswith("Too many failed sign-ins for this username from this address.")


def test_a_known_devices_wrong_password_with_a_spaced_username_counts_on_the_device(director_a, limits):  # noqa: F811
    """Mutants: ``user_login_failed`` asking ``known_device`` without the credentials, so by the
    username as typed ("dora ": her phone keyboard's space). Her own laptop's wrong passwords count
    on the laptop only (docs/security.md), not on her username: a guesser elsewhere is not helped
    towards her slow-down, and her laptop locks after its own three."""
    laptop = _device(ip=HOME)
    assert [_sign_in(laptop, "dora ", "wrong", ip=HOME).status_code for _ in range(3)] == [200, 200, 429]
    assert not AccessAttempt.objects.filter(username="dora").exists()
    assert SignInDevice.objects.get().failures == 3
    assert _may_sign_in("dora", OTHER)  # no slow-down of the username


def test_the_failure_that_brings_a_refusal_signals_the_lock_out_with_the_username(director_a, limits):  # noqa: F811
    """Mutants: axes' ``user_locked_out`` signal (for a deployer's own receivers, as axes sends it
    for a try refused before its password) sent, when a counted failure brings the refusal, with
    no username or the one as typed, without the request, or from another sender than axes'."""
    heard = []

    def receiver(sender, request, username, ip_address, **kwargs):
        heard.append((sender, request.path, username, ip_address))

    user_locked_out.connect(receiver)
    try:
        for _ in range(3):  # typed with the phone keyboard's space; the username refused is "dora"
            _sign_in(Client(), "dora ", "wrong", ip=ATTACKER)
    finally:
        user_locked_out.disconnect(receiver)
    assert heard == [("axes", "/login/", "dora", ATTACKER)]


def test_a_refused_page_without_credentials_keeps_the_posted_username(director_a, limits):  # noqa: F811
    """Mutants of ``locked_out``'s fallback to the posted form (axes may ask for the answer without
    the credentials): the username box then shows the posted username — not another field's, not
    "XXXX" when none was posted."""
    until = timezone.now() + datetime.timedelta(seconds=30)
    for posted, shown in (({"username": "dora"}, 'name="username" value="dora"'), ({}, 'name="username" autofocus')):
        request = RequestFactory().post("/login/", posted)
        request.calypso_refusal = login.Refusal("slow", until)
        page = login.locked_out(request, None, None).content.decode()
        assert shown in page and "XXXX" not in page


def test_a_known_devices_lock_holds_to_its_last_instant_as_a_pairs_does(director_a, limits):  # noqa: F811
    """Mutant: a device's lock judged with ``>`` the cool-off's threshold: a failure exactly
    ``LOGIN_LOCKOUT_MINUTES`` old still counts for axes' locks (``attempt_time >= threshold``) and
    in the device's own count (``user_login_failed``), so it holds the device's lock too."""
    handler = AxesProxyHandler.get_implementation()
    request = _axes_request("dora-laptop")
    request.axes_attempt_time = timezone.now()
    threshold = request.axes_attempt_time - datetime.timedelta(minutes=limits.LOGIN_LOCKOUT_MINUTES)
    SignInDevice.objects.create(
        user=director_a, key="dora-laptop", last_sign_in_at=timezone.now(), failures=3, last_failure_at=threshold
    )
    assert handler.refusal(request, {"username": "dora"}) == login.Refusal("device", request.axes_attempt_time)
    AccessAttempt.objects.create(username="erin", ip_address=HOME, user_agent="", failures_since_start=3)
    AccessAttempt.objects.update(attempt_time=threshold)  # (created "now": auto_now_add)
    erin = _axes_request(None)
    erin.axes_attempt_time = request.axes_attempt_time
    assert handler.refusal(erin, {"username": "erin"}).reason == "pair"


def test_the_slow_down_counts_only_the_last_lockout_minutes_failures(director_a, limits):  # noqa: F811
    """Mutant: the slow-down counting a username's failures of any age. docs/security.md: it counts
    ``LOGIN_FAILURE_LIMIT`` failures in the last ``LOGIN_LOCKOUT_MINUTES``. With a wait longer than
    that (a club's LOGIN_SLOWDOWN_SECONDS of 20 minutes, allowed), failures 16 minutes old would
    still slow the director down."""
    limits.LOGIN_SLOWDOWN_SECONDS, limits.LOGIN_SLOWDOWN_MAX_SECONDS = 20 * 60, 3600
    answers = [_sign_in(Client(), "dora", "wrong", ip=f"198.51.100.{i}").status_code for i in range(1, 4)]
    assert answers == [200, 200, 429]  # the third brings the slow-down
    _later(16 * 60)
    assert _may_sign_in("dora", HOME)


def test_at_the_time_given_the_slowed_down_sign_in_is_let_through(director_a, limits, monkeypatch):  # noqa: F811
    """Mutant: the slow-down still refusing at its last failure plus the wait (``>=``): "try again
    after" gives that time, at which the sign-in is let through (``_when``)."""
    AccessAttempt.objects.create(username="dora", ip_address=OTHER, user_agent="", failures_since_start=3)
    last = AccessAttempt.objects.get().attempt_time
    end = last + login.slowdown(3)
    handler = AxesProxyHandler.get_implementation()
    for now, refused in ((end - datetime.timedelta(microseconds=1), True), (end, False)):
        monkeypatch.setattr(login.timezone, "now", lambda now=now: now)
        request = _axes_request(None)
        request.axes_attempt_time = now
        answer = handler.refusal(request, {"username": "dora"})
        assert answer == (login.Refusal("slow", end) if refused else None)


def test_without_credentials_the_refusal_reads_the_posted_username(director_a, limits):  # noqa: F811
    """Mutant: ``refusal`` reading the username from no request (the credentials are then None:
    axes' lock-out answer for a try it kept no credentials of), so it failed instead of finding the
    username's slow-down."""
    _lock_pair("dora", ATTACKER)
    request = RequestFactory().post("/login/", {"username": "dora"})
    request.axes_ip_address, request.axes_user_agent, request.axes_attempt_time = OTHER, "", timezone.now()
    answer = AxesProxyHandler.get_implementation().refusal(request, None)
    assert answer is not None and answer.reason == "slow"


def test_another_users_device_cookie_is_no_device_of_the_guessed_username(director_a, limits):  # noqa: F811
    """Mutant: ``known_device`` finding any device of the username, whatever key the cookie names.
    A guesser with an account of their own (erin) signs in once, so their browser carries a signed
    device cookie; guessing dora's password from it must meet the pair's lock (docs/security.md:
    a known device is known per user), not be taken for dora's own laptop — whose lock the
    guesses would otherwise run up, keeping dora out of her laptop."""
    laptop = _device(ip=HOME)
    make_user("erin")
    guesser = _device("erin", ip=ATTACKER)
    assert [_sign_in(guesser, "dora", "wrong", ip=ATTACKER).status_code for _ in range(3)] == [200, 200, 429]
    assert AccessAttempt.objects.filter(username="dora", ip_address=ATTACKER).exists()
    assert SignInDevice.objects.get(user=director_a).failures == 0
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=HOME))


def test_a_device_cookie_older_than_its_days_is_no_longer_a_device(director_a, limits, monkeypatch):  # noqa: F811
    """Mutants: the device cookie's signature read without its ``max_age``. The cookie lasts
    LOGIN_DEVICE_DAYS (docs/security.md); a copy of one signed longer ago names no device, even if
    that device has signed in lately, and a sign-in with it gets a new key."""
    signer = get_cookie_signer(salt=DEVICE_COOKIE + login._DEVICE_SALT)
    long_ago = time.time() - (limits.LOGIN_DEVICE_DAYS + 1) * 24 * 3600
    monkeypatch.setattr(signing.time, "time", lambda: long_ago)
    old = signer.sign("dora-laptop")
    monkeypatch.undo()
    SignInDevice.objects.create(user=director_a, key="dora-laptop", last_sign_in_at=timezone.now())
    request = RequestFactory().post("/login/", {"username": "dora"})
    request.COOKIES[DEVICE_COOKIE] = old
    assert login.device_key(request) is None and login.known_device(request, {"username": "dora"}) is None
    assert login.remember_device(request, director_a) != "dora-laptop"


def test_a_browser_without_a_device_cookie_costs_no_query(director_a, limits, django_assert_num_queries):  # noqa: F811
    """Mutant: ``known_device`` looking a device up even without a cookie's key (every sign-in try
    of a browser that never signed in, a guesser's, one query more, finding nothing)."""
    with django_assert_num_queries(0):
        assert login.known_device(_request_with_device_cookie(None), {"username": "dora"}) is None


def test_the_device_cookie_is_secure_where_the_session_cookie_is(director_a, limits):  # noqa: F811
    """Mutants: the device cookie's ``secure`` flag not following SESSION_COOKIE_SECURE (on in
    production, behind HTTPS: the cookie must never travel in clear)."""
    limits.SESSION_COOKIE_SECURE = True
    response = _sign_in(Client(), "dora", PASSWORD, ip=HOME, secure=True)
    assert response.cookies[DEVICE_COOKIE]["secure"] is True
