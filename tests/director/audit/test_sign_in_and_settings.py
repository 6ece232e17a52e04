"""Limits on password guesses at both doors (django-axes), and the settings the environment turns on.
The lock-outs an attacker cannot use against a director (#29.5): test_sign_in_lockouts.py."""

from __future__ import annotations

import datetime
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.utils import timezone

from director.audit.context import request_ip
from director.conf import ConfigError, env_networks
from tests.director.conftest import PASSWORD, make_user

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

ROOT = Path(__file__).resolve().parents[3]


def _sign_in(client, username, password, ip="10.0.0.5", **headers):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=ip, **headers)


def _token(client, username, password, ip="10.0.0.5", **headers):
    data = {"username": username, "password": password}
    return client.post("/api/auth/token/", data, content_type="application/json", REMOTE_ADDR=ip, **headers)


def _signed_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.wsgi_request.session


@pytest.fixture
def limits(settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 5
    settings.LOGIN_SLOWDOWN_SECONDS = 30  # longer than a slow machine takes between two requests
    return settings


def test_a_usernames_guesses_from_many_addresses_slow_it_down_rather_than_lock_it(client, director_a, limits):
    """#29.5 (tests/director/audit/test_sign_in_lockouts.py has the rest): no lock by username alone,
    which a stranger could use to keep a director out for ever."""
    for i in range(2):
        assert _sign_in(client, "dora", "wrong", ip=f"198.51.100.{i}").status_code == 200  # the form, with an error
    assert _sign_in(client, "dora", "wrong", ip="198.51.100.2").status_code == 429  # the third: wait a little
    # Even the right password waits, from yet another address and through the API door too.
    blocked = _sign_in(client, "dora", PASSWORD, ip="198.51.100.77")
    assert blocked.status_code == 429 and int(blocked["Retry-After"]) <= limits.LOGIN_SLOWDOWN_SECONDS
    assert "_auth_user_id" not in client.session
    assert _token(client, "dora", PASSWORD, ip="198.51.100.78").status_code == 429
    # Another director is not slowed by them; after the wait, the director is in.
    make_user("erin")
    assert _signed_in(_sign_in(client, "erin", PASSWORD, ip="198.51.100.1"))
    client.logout()
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - datetime.timedelta(seconds=limits.LOGIN_SLOWDOWN_SECONDS)
    )
    assert _signed_in(_sign_in(client, "dora", PASSWORD, ip="198.51.100.77"))


def test_one_address_guessing_many_usernames_is_locked_out_on_both_doors(client, director_a, limits):
    for i in range(5):
        _token(client, f"user{i}", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 429
    assert _token(client, "dora", PASSWORD).status_code == 429
    assert _signed_in(_sign_in(client, "dora", PASSWORD, ip="10.0.0.6"))


def test_a_changing_x_forwarded_for_does_not_escape_the_limit_without_a_trusted_proxy(client, director_a, limits):
    # The header is the client's own word: not from a trusted proxy, it is ignored.
    for i in range(8):
        _token(client, f"user{i}", "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}")
    refused = _token(client, "dora", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.200")
    assert refused.status_code == 429
    assert "token" not in refused.json()


def test_behind_a_trusted_proxy_one_guesser_does_not_lock_out_the_other_addresses(client, director_a, limits):
    limits.TRUSTED_PROXIES = ["172.18.0.0/16"]
    caddy = "172.18.0.3"
    for i in range(8):
        # What the attacker writes in the header itself comes first; Caddy appends the real address.
        _sign_in(client, f"user{i}", "wrong", ip=caddy, HTTP_X_FORWARDED_FOR=f"10.9.9.{i}, 203.0.113.9")
    assert _sign_in(client, "dora", PASSWORD, ip=caddy, HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 429
    # Every other director reaching the same proxy signs in.
    assert _signed_in(_sign_in(client, "dora", PASSWORD, ip=caddy, HTTP_X_FORWARDED_FOR="198.51.100.7"))
    assert _token(client, "dora", PASSWORD, ip=caddy, HTTP_X_FORWARDED_FOR="198.51.100.8").status_code == 200


def test_the_client_address_comes_from_x_forwarded_for_only_through_a_trusted_proxy(settings, rf):
    settings.TRUSTED_PROXIES = ["172.18.0.0/16", "10.1.2.3/32"]
    spoofed = {"HTTP_X_FORWARDED_FOR": "1.2.3.4"}
    assert request_ip(rf.get("/", REMOTE_ADDR="198.51.100.7", **spoofed)) == "198.51.100.7"
    assert request_ip(rf.get("/", REMOTE_ADDR="172.18.0.3", **spoofed)) == "1.2.3.4"
    assert request_ip(rf.get("/", REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR="9.9.9.9, 1.2.3.4")) == "1.2.3.4"
    assert request_ip(rf.get("/", REMOTE_ADDR="10.1.2.4", **spoofed)) == "10.1.2.4"
    # A trusted proxy that sent no usable header: its own address.
    assert request_ip(rf.get("/", REMOTE_ADDR="172.18.0.3")) == "172.18.0.3"
    assert request_ip(rf.get("/", REMOTE_ADDR="172.18.0.3", HTTP_X_FORWARDED_FOR="nonsense")) == "172.18.0.3"


def test_the_lock_out_says_when_to_try_again(client, director_a, limits):
    limits.LOGIN_LOCKOUT_MINUTES = 15  # the default, written out: AXES_COOLOFF_TIME
    for _ in range(3):
        _sign_in(client, "dora", "wrong")
    before = timezone.now()
    page = _sign_in(client, "dora", PASSWORD)
    assert page.status_code == 429
    until = before + datetime.timedelta(minutes=15)
    text = page.content.decode()
    assert f"Try again after {timezone.localtime(until):%H:%M}" in text or (
        f"Try again after {timezone.localtime(until + datetime.timedelta(minutes=1)):%H:%M}" in text
    )
    assert "in 15 minutes" in text
    assert 14 * 60 < int(page["Retry-After"]) <= 15 * 60
    assert 'name="username"' in text and 'value="dora"' in text  # the sign-in form, ready again

    api = _token(client, "dora", PASSWORD)
    assert api.status_code == 429 and api["Content-Type"] == "application/json"
    body = api.json()
    assert "Try again after" in body["detail"]
    retry = datetime.datetime.fromisoformat(body["retry_after"])
    assert datetime.timedelta(minutes=14) < retry - before <= datetime.timedelta(minutes=15, seconds=1)


def test_guesses_made_during_a_lock_out_do_not_move_its_end(client, director_a, limits):
    for _ in range(3):
        _sign_in(client, "dora", "wrong")
    first = datetime.datetime.fromisoformat(_token(client, "dora", "wrong").json()["retry_after"])
    for _ in range(3):
        _sign_in(client, "dora", "wrong")
    assert datetime.datetime.fromisoformat(_token(client, "dora", PASSWORD).json()["retry_after"]) == first


@pytest.mark.parametrize("command", [["axes_reset_username", "dora"], ["axes_reset_ip", "10.0.0.5"], ["axes_reset"]])
def test_manage_py_lifts_a_lock_out(client, director_a, limits, command):
    for _ in range(3):
        _sign_in(client, "dora", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 429
    call_command(*command, stdout=io.StringIO())
    assert _signed_in(_sign_in(client, "dora", PASSWORD))


def test_a_successful_sign_in_clears_the_count(client, director_a, limits):
    _sign_in(client, "dora", "wrong")
    _sign_in(client, "dora", "wrong")
    assert _signed_in(_sign_in(client, "dora", PASSWORD))
    client.logout()
    _sign_in(client, "dora", "wrong")
    _sign_in(client, "dora", "wrong")
    assert _signed_in(_sign_in(client, "dora", PASSWORD))


def test_signing_in_to_an_account_of_ones_own_does_not_wipe_the_guesses_from_that_address(client, director_a, limits):
    make_user("mallory")
    for i in range(4):
        _token(client, f"user{i}", "wrong")
    assert _signed_in(_sign_in(client, "mallory", PASSWORD))
    client.logout()
    assert _token(client, "user9", "wrong").status_code == 429  # the fifth guess from the address


def test_the_lock_out_lifts_by_itself(client, director_a, limits):
    for _ in range(3):
        _sign_in(client, "dora", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 429
    # What the passing of LOGIN_LOCKOUT_MINUTES does: the failures are older than the cool-off.
    AccessAttempt.objects.update(attempt_time=timezone.now() - datetime.timedelta(minutes=16))
    assert _signed_in(_sign_in(client, "dora", PASSWORD))


@pytest.mark.parametrize("value", ["172.18.0.0/16, 10.0.0.1", "::1"])
def test_trusted_proxies_are_read_strictly(monkeypatch, value):
    monkeypatch.setenv("TRUSTED_PROXIES", value)
    assert env_networks("TRUSTED_PROXIES")
    monkeypatch.setenv("TRUSTED_PROXIES", value + ", caddy")
    with pytest.raises(ConfigError, match="TRUSTED_PROXIES: 'caddy' is not an IP address or network"):
        env_networks("TRUSTED_PROXIES")


def _django(python, env: dict, code: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh Python (the ``fresh_python`` fixture) under this environment."""
    base = {
        k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"))
    }
    base.update(env)
    base["DJANGO_SETTINGS_MODULE"] = "director.settings"
    return python.run([sys.executable, "-c", code], cwd=ROOT, env=base, capture_output=True, text=True, timeout=60)


SHOW = (
    "import django, json; django.setup(); from django.conf import settings as s; print(json.dumps({k: getattr(s, k)"
    " for k in ['DEBUG', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_HSTS_SECONDS', 'ALLOWED_HOSTS']}))"
)
CHECK = "import django; django.setup(); from django.core.management import call_command; call_command('check')"
# Both in one Python (a fresh Python costs ≈ 1.3 s of CPU): the settings as a JSON line, then the
# start-up checks, whose verdict is the exit status.
SHOW_THEN_CHECK = SHOW + "; from django.core.management import call_command; call_command('check')"


def _shown(run: subprocess.CompletedProcess) -> dict:
    return json.loads(run.stdout.splitlines()[0])


GOOD = {"CALYPSO_ENV": "production", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "calypso.example.org"}


def test_production_turns_on_secure_cookies_hsts_and_strict_hosts(tmp_path, fresh_python):
    shown = _django(fresh_python, {**GOOD, "CALYPSO_DATA_DIR": str(tmp_path)}, SHOW_THEN_CHECK)
    assert shown.returncode == 0, shown.stderr  # the settings were read and the checks passed
    values = _shown(shown)
    assert values == {
        "DEBUG": False,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "ALLOWED_HOSTS": ["calypso.example.org"],
    }


@pytest.mark.parametrize(
    ("env", "error"),
    [
        ({"DEBUG": "1"}, "calypso.E001"),
        ({"SECRET_KEY": "django-insecure-" + "x" * 40}, "calypso.E002"),
        ({"SECRET_KEY": "changeme"}, "calypso.E002"),
        ({"ALLOWED_HOSTS": ""}, "calypso.E003"),
        ({"ALLOWED_HOSTS": "*"}, "calypso.E003"),
    ],
)
def test_production_refuses_to_start_with_debug_a_default_secret_or_open_hosts(tmp_path, env, error, fresh_python):
    run = _django(fresh_python, {**GOOD, **env, "CALYPSO_DATA_DIR": str(tmp_path)}, CHECK)
    assert run.returncode != 0
    assert error in run.stderr


@pytest.mark.parametrize(("env", "debug"), [({}, False), ({"DEBUG": "0"}, False), ({"DEBUG": "1"}, True)])
def test_a_laptop_shows_debug_pages_only_when_asked(tmp_path, env, debug, fresh_python):
    shown = _django(fresh_python, {**env, "CALYPSO_DATA_DIR": str(tmp_path)}, SHOW_THEN_CHECK)
    # The start-up checks accept a laptop either way (only production refuses DEBUG): exit status 0.
    assert shown.returncode == 0, shown.stderr
    assert _shown(shown)["DEBUG"] is debug


def test_a_typo_in_a_boolean_stops_the_start(tmp_path, fresh_python):
    run = _django(fresh_python, {**GOOD, "DEBUG": "ture", "CALYPSO_DATA_DIR": str(tmp_path)}, SHOW)
    assert run.returncode != 0 and "DEBUG='ture' is not a boolean" in run.stderr


@pytest.mark.parametrize(("field", "value"), [("username", 5), ("username", ["dora"]), ("password", 12345678)])
def test_a_token_request_with_a_number_for_text_is_a_400_naming_the_field(client, director_a, field, value):
    """Not coerced into text (nor counted as a guess at a username "5"): a 400 naming the field, as
    every API field of the wrong type is."""
    body = {"username": "dora", "password": PASSWORD, field: value}
    response = client.post("/api/auth/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert field in response.json() and "token" not in response.json()
    assert not AccessAttempt.objects.exists()


@pytest.mark.parametrize(
    ("forwarded", "client"),
    [("fe80::1%eth0", "fe80::1"), ("9.9.9.9, fe80::2%25wlan0", "fe80::2"), ("::ffff:1.2.3.4", "1.2.3.4")],
)
def test_an_address_from_a_trusted_proxy_is_one_the_database_stores(settings, rf, forwarded, client):
    """PostgreSQL's inet refuses an IPv6 zone (``%eth0``): kept as it came, it made the sign-in's
    attempt row (and an audit entry) a 500 on the league server."""
    settings.TRUSTED_PROXIES = ["172.18.0.0/16"]
    assert request_ip(rf.get("/", REMOTE_ADDR="172.18.0.3", HTTP_X_FORWARDED_FOR=forwarded)) == client


def test_a_sign_in_through_a_trusted_proxy_with_a_zoned_address_counts_it_plainly(client, director_a, limits):
    limits.TRUSTED_PROXIES = ["172.18.0.0/16"]
    _sign_in(client, "dora", "wrong", ip="172.18.0.3", HTTP_X_FORWARDED_FOR="fe80::1%eth0")
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["fe80::1"]
