"""Lock-outs an attacker cannot use against a director (#29.5): a lock is per username and address
together; a username's failures from anywhere only slow unknown browsers down (429 and when to try
again, reckoned from the last failure); a browser the director signed in from before (a known
device, by its signed cookie) is judged by its own failures only."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.db.models import F, Max
from django.test import Client
from django.utils import timezone

from director.audit.login import DEVICE_COOKIE
from director.audit.models import SignInDevice
from tests.director.audit.test_sign_in_and_settings import _django, _sign_in, _signed_in, _token
from tests.director.conftest import PASSWORD, make_user

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

ATTACKER = "198.51.100.66"
HOME = "203.0.113.10"


@pytest.fixture
def limits(settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 5
    settings.LOGIN_LOCKOUT_MINUTES = 15
    # Waits long enough that a slow machine's test never outlives one by itself: ``_later`` passes them.
    settings.LOGIN_SLOWDOWN_SECONDS = 30
    settings.LOGIN_SLOWDOWN_MAX_SECONDS = 600
    return settings


def _later(seconds: float) -> None:
    """What the passing of ``seconds`` does to the counts: every failure is that much older."""
    back = datetime.timedelta(seconds=seconds)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - back)
    SignInDevice.objects.filter(last_failure_at__isnull=False).update(last_failure_at=F("last_failure_at") - back)


def _last_failure() -> datetime.datetime:
    return AccessAttempt.objects.aggregate(last=Max("attempt_time"))["last"]


def _failures() -> int:
    return sum(AccessAttempt.objects.values_list("failures_since_start", flat=True))


def _sign_out(browser) -> None:
    """The page's "Sign out" (the test client's ``logout()`` would throw every cookie away)."""
    assert browser.post("/logout/").status_code == 302
    assert "_auth_user_id" not in browser.session


def _device(username="dora", ip=HOME) -> Client:
    """A browser the user signs in from (so it is a known device of theirs), then signs out of."""
    browser = Client()
    assert _signed_in(_sign_in(browser, username, PASSWORD, ip=ip))
    _sign_out(browser)
    return browser


def test_an_attackers_guesses_from_one_address_do_not_keep_the_director_out_of_another(client, director_a, limits):
    attacker = Client()
    codes = [_sign_in(attacker, "dora", "wrong", ip=ATTACKER).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    # The director, from home, a moment later: slowed down, told how long to wait — seconds, not a lock.
    slowed = _sign_in(client, "dora", PASSWORD, ip=HOME)
    assert slowed.status_code == 429
    assert "must wait between tries" in slowed.content.decode()
    assert 20 <= int(slowed["Retry-After"]) <= 30
    _later(30)
    assert _signed_in(_sign_in(client, "dora", PASSWORD, ip=HOME))
    # The API door from a third address too; the attacker's own pair stays locked all the while.
    assert _token(Client(), "dora", PASSWORD, ip="192.0.2.44").status_code == 200
    assert _sign_in(attacker, "dora", PASSWORD, ip=ATTACKER).status_code == 429


def test_five_wrong_from_one_address_for_one_username_still_lock_that_pair(client, director_a, limits):
    limits.LOGIN_FAILURE_LIMIT = 5
    limits.LOGIN_ADDRESS_FAILURE_LIMIT = 30
    codes = [_sign_in(client, "dora", "wrong", ip=ATTACKER).status_code for _ in range(5)]
    assert codes == [200] * 4 + [429]
    _later(120)  # long past any slow-down
    locked = _sign_in(client, "dora", PASSWORD, ip=ATTACKER)
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "for this username from this address" in text and "in 13 minutes" in text
    assert _token(client, "dora", PASSWORD, ip=ATTACKER).status_code == 429
    # Only that pair: the same address for another username, the username from another address.
    make_user("erin")
    assert _signed_in(_sign_in(Client(), "erin", PASSWORD, ip=ATTACKER))
    assert _signed_in(_sign_in(Client(), "dora", PASSWORD, ip=HOME))
    # A director's sign-in elsewhere does not lift the guesser's lock; the minutes do.
    assert _sign_in(client, "dora", PASSWORD, ip=ATTACKER).status_code == 429
    _later(13 * 60)
    assert _signed_in(_sign_in(client, "dora", PASSWORD, ip=ATTACKER))


def test_a_known_device_is_never_stopped_by_anyone_elses_guesses(director_a, limits):
    limits.LOGIN_ADDRESS_FAILURE_LIMIT = 3
    laptop = _device(ip=HOME)
    attacker = Client()
    # Guesses from the laptop's own address (the pair and the address locked) and from elsewhere
    # (the username slowed down).
    for _ in range(3):
        _sign_in(attacker, "dora", "wrong", ip=HOME)
    for i in range(3):
        _token(attacker, "dora", "wrong", ip=f"192.0.2.{i}")
    assert _sign_in(attacker, "dora", PASSWORD, ip=HOME).status_code == 429
    assert _sign_in(Client(), "dora", PASSWORD, ip="192.0.2.200").status_code == 429
    # The laptop: straight in, from that address and from another, at either door.
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=HOME))
    _sign_out(laptop)
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=ATTACKER))
    _sign_out(laptop)
    assert _token(laptop, "dora", PASSWORD, ip=HOME).status_code == 200
    # Its sign-ins lifted nothing of the guesser's.
    assert _sign_in(attacker, "dora", PASSWORD, ip=HOME).status_code == 429


def test_a_known_device_is_locked_by_its_own_wrong_passwords_only(director_a, limits):
    laptop = _device()
    codes = [_sign_in(laptop, "dora", "wrong", ip=HOME).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    refused = _sign_in(laptop, "dora", PASSWORD, ip="192.0.2.9")  # another address does not help it
    assert refused.status_code == 429 and "in this browser" in refused.content.decode()
    assert "in 15 minutes" in refused.content.decode()
    _later(15 * 60 + 1)
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=HOME))
    assert SignInDevice.objects.get().failures == 0  # forgiven by the sign-in


def test_the_device_cookie_is_signed_httponly_long_lived_and_its_users_own(director_a, limits):
    browser = Client()
    response = _sign_in(browser, "dora", PASSWORD, ip=HOME)
    cookie = response.cookies[DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert int(cookie["max-age"]) == 365 * 24 * 3600
    device = SignInDevice.objects.get()
    assert device.user == director_a and device.key in cookie.value and cookie.value != device.key  # signed
    assert device.ip_address == HOME
    # Signing in again on the same browser keeps its key (one row); another user gets a row of their own.
    _sign_out(browser)
    assert _signed_in(_sign_in(browser, "dora", PASSWORD, ip=HOME))
    _sign_out(browser)
    make_user("erin")
    assert _signed_in(_sign_in(browser, "erin", PASSWORD, ip=HOME))
    assert sorted(SignInDevice.objects.values_list("user__username", "key")) == [
        ("dora", device.key),
        ("erin", device.key),
    ]

    for i in range(3):
        _token(Client(), "bert", "wrong", ip=f"192.0.2.{i}")
    make_user("bert")
    # erin's browser is no device of bert's; a cookie not signed here is no device at all.
    assert _sign_in(browser, "bert", PASSWORD, ip=HOME).status_code == 429
    forged = Client()
    forged.cookies[DEVICE_COOKIE] = device.key
    for i in range(3):
        _token(Client(), "dora", "wrong", ip=f"192.0.2.{10 + i}")
    assert _sign_in(forged, "dora", PASSWORD, ip=HOME).status_code == 429
    # An old device is forgotten.
    SignInDevice.objects.update(last_sign_in_at=timezone.now() - datetime.timedelta(days=366))
    assert _sign_in(browser, "dora", PASSWORD, ip=HOME).status_code == 429


def test_the_slow_down_grows_and_says_when_to_try_again_from_the_last_failure(director_a, limits):
    limits.LOGIN_SLOWDOWN_MAX_SECONDS = 100
    waits = [30, 60, 100, 100]  # from LOGIN_SLOWDOWN_SECONDS, doubling, at most LOGIN_SLOWDOWN_MAX_SECONDS
    answers = []
    for i in range(6):
        response = _token(Client(), "dora", "wrong", ip=f"192.0.2.{i}")
        if i < 2:
            assert response.status_code == 400
            continue
        assert response.status_code == 429 and "must wait between tries" in response.json()["detail"]
        # The time to try again is the last failure plus the wait (rounded up to the second), not now plus it.
        retry_after = datetime.datetime.fromisoformat(response.json()["retry_after"])
        assert 0 <= (retry_after - _last_failure()).total_seconds() - waits[len(answers)] < 1
        answers.append(int(response["Retry-After"]))
        # A try meanwhile, even with the right password, is refused, not counted, and given the same time.
        counted = _failures()
        again = _token(Client(), "dora", PASSWORD, ip="192.0.2.99")
        assert again.status_code == 429 and again.json()["retry_after"] == response.json()["retry_after"]
        assert _failures() == counted
        _later(answers[-1])
    assert answers == waits
    page = _sign_in(Client(), "dora", "wrong", ip="192.0.2.50")
    assert page.status_code == 429
    assert "Try again after" in page.content.decode() and "in 100 seconds" in page.content.decode()
    assert page["Retry-After"] == "100"


def test_a_failure_limit_of_one_is_accepted_and_works(director_a, limits, tmp_path, fresh_python):
    shown = _django(
        fresh_python,
        {"LOGIN_FAILURE_LIMIT": "1", "CALYPSO_DATA_DIR": str(tmp_path)},
        "import django; django.setup(); from django.conf import settings; print(settings.LOGIN_FAILURE_LIMIT)",
    )
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == 1

    limits.LOGIN_FAILURE_LIMIT = 1
    laptop = _device()
    attacker = Client()
    assert _sign_in(attacker, "dora", "wrong", ip=ATTACKER).status_code == 429  # the one failure locks the pair
    assert _sign_in(attacker, "dora", PASSWORD, ip=ATTACKER).status_code == 429
    assert _sign_in(Client(), "dora", PASSWORD, ip=HOME).status_code == 429  # slowed, for 30 seconds
    assert _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=ATTACKER))
    _later(30)
    assert _signed_in(_sign_in(Client(), "dora", PASSWORD, ip=HOME))
    # The slow-down is over, the one failure's lock of the attacker's pair is not (a limit of 1
    # is a lock at the first failure, not a lock from the second).
    locked = _sign_in(attacker, "dora", PASSWORD, ip=ATTACKER)
    assert locked.status_code == 429 and "for this username from this address" in locked.content.decode()


@pytest.mark.parametrize(
    ("command", "lifted"),
    [
        (["axes_reset_username", "dora"], {"pair", "device", "slow-down"}),
        (["axes_reset_ip", ATTACKER], {"pair", "slow-down"}),  # the username's failures were all from there
        (["axes_reset"], {"pair", "device", "slow-down"}),
    ],
)
def test_manage_py_lifts_locks_and_the_slow_down(director_a, limits, command, lifted):
    laptop = _device()
    for _ in range(3):
        _sign_in(laptop, "dora", "wrong", ip=HOME)
    for _ in range(3):
        _sign_in(Client(), "dora", "wrong", ip=ATTACKER)
    call_command(*command, stdout=io.StringIO())
    signed_in = {
        "slow-down": _signed_in(_sign_in(Client(), "dora", PASSWORD, ip="192.0.2.77")),
        "pair": _signed_in(_sign_in(Client(), "dora", PASSWORD, ip=ATTACKER)),
        "device": _signed_in(_sign_in(laptop, "dora", PASSWORD, ip=HOME)),
    }
    assert {what for what, yes in signed_in.items() if yes} == lifted


def test_the_admin_lists_known_devices_without_their_keys_and_forgets_one(admin_client, director_a, limits):
    laptop = _device()
    device = SignInDevice.objects.get(user=director_a)
    listing = admin_client.get("/admin/audit/signindevice/")
    assert listing.status_code == 200 and "dora" in listing.content.decode()
    page = admin_client.get(f"/admin/audit/signindevice/{device.pk}/change/")
    assert page.status_code == 200 and device.key not in page.content.decode()
    assert admin_client.post(f"/admin/audit/signindevice/{device.pk}/delete/", {"post": "yes"}).status_code == 302
    for i in range(3):
        _token(Client(), "dora", "wrong", ip=f"192.0.2.{i}")
    assert _sign_in(laptop, "dora", PASSWORD, ip=HOME).status_code == 429  # forgotten: slowed like any browser


def _waits_from_the_last_failure(refused) -> None:
    """A refusal's "try again after" is the last failure plus the lock-out (rounded up to the
    second), not now plus it: asked two minutes after the last failure, it says 13 minutes."""
    body = refused.content.decode()
    assert refused.status_code == 429 and "in 13 minutes" in body, body
    assert 13 * 60 - 1 <= int(refused["Retry-After"]) <= 13 * 60 + 1


def test_a_known_devices_lock_counts_from_its_last_failure_not_from_each_refused_try(director_a, limits):
    """Mutant: the device's lock-out reckoned from now (each refused try would push its end later)."""
    laptop = _device()
    assert [_sign_in(laptop, "dora", "wrong", ip=HOME).status_code for _ in range(3)] == [200, 200, 429]
    _later(120)  # the clock moves on: two minutes after the last failure
    _waits_from_the_last_failure(_sign_in(laptop, "dora", PASSWORD, ip=HOME))
    _later(120)
    assert "in 11 minutes" in _sign_in(laptop, "dora", PASSWORD, ip=HOME).content.decode()


def test_an_addresss_lock_counts_from_its_last_failure_not_from_each_refused_try(director_a, limits):
    """Mutant: the address's lock-out reckoned from now."""
    limits.LOGIN_FAILURE_LIMIT = 30  # only the address's limit (5) is reached
    for i in range(5):
        make_user(f"user{i}")
        _sign_in(Client(), f"user{i}", "wrong", ip=ATTACKER)
    _later(120)
    refused = _sign_in(Client(), "dora", PASSWORD, ip=ATTACKER)
    assert "from this address" in refused.content.decode()
    _waits_from_the_last_failure(refused)
