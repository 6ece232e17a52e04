"""Sign-in rate limit, and the production settings the environment turns on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache

from tests.director.conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _sign_in(client, username, password, ip="10.0.0.5"):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_too_many_failures_for_a_username_are_refused_with_429(client, director_a, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for _ in range(3):
        assert _sign_in(client, "dora", "wrong").status_code == 200  # the form again, with an error
    blocked = _sign_in(client, "dora", PASSWORD)  # even the right password, now
    assert blocked.status_code == 429
    assert b"Too many failed sign-ins" in blocked.content
    assert blocked["Retry-After"]
    assert "_auth_user_id" not in client.session
    # Another address, or another username, is not blocked by these failures.
    assert _sign_in(client, "dora", PASSWORD, ip="10.0.0.6").status_code == 302


def test_a_successful_sign_in_clears_the_count(client, director_a, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    _sign_in(client, "dora", "wrong")
    _sign_in(client, "dora", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 302
    client.logout()
    _sign_in(client, "dora", "wrong")
    _sign_in(client, "dora", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 302


def test_one_address_guessing_many_usernames_is_refused(client, director_a, settings):
    settings.LOGIN_IP_FAILURE_LIMIT = 5
    for i in range(5):
        _sign_in(client, f"user{i}", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 429


def test_the_window_passes(client, director_a, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    settings.LOGIN_FAILURE_WINDOW = 1
    _sign_in(client, "dora", "wrong")
    _sign_in(client, "dora", "wrong")
    assert _sign_in(client, "dora", PASSWORD).status_code == 429
    cache.clear()  # what the expiry of the window does
    assert _sign_in(client, "dora", PASSWORD).status_code == 302


def _django(env: dict, code: str) -> subprocess.CompletedProcess:
    base = {
        k: v for k, v in os.environ.items() if not k.startswith(("CALYPSO_", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"))
    }
    base.update(env)
    base["DJANGO_SETTINGS_MODULE"] = "director.settings"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=base, capture_output=True, text=True, timeout=60)


SHOW = (
    "import django, json; django.setup(); from django.conf import settings as s; print(json.dumps({k: getattr(s, k)"
    " for k in ['DEBUG', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_HSTS_SECONDS', 'ALLOWED_HOSTS']}))"
)
CHECK = "import django; django.setup(); from django.core.management import call_command; call_command('check')"
GOOD = {"CALYPSO_ENV": "production", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "calypso.example.org"}


def test_production_turns_on_secure_cookies_hsts_and_strict_hosts(tmp_path):
    shown = _django({**GOOD, "CALYPSO_DATA_DIR": str(tmp_path)}, SHOW)
    assert shown.returncode == 0, shown.stderr
    values = json.loads(shown.stdout)
    assert values == {
        "DEBUG": False,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "ALLOWED_HOSTS": ["calypso.example.org"],
    }
    assert _django({**GOOD, "CALYPSO_DATA_DIR": str(tmp_path)}, CHECK).returncode == 0


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
def test_production_refuses_to_start_with_debug_a_default_secret_or_open_hosts(tmp_path, env, error):
    run = _django({**GOOD, **env, "CALYPSO_DATA_DIR": str(tmp_path)}, CHECK)
    assert run.returncode != 0
    assert error in run.stderr


def test_a_typo_in_a_boolean_stops_the_start(tmp_path):
    run = _django({**GOOD, "DEBUG": "ture", "CALYPSO_DATA_DIR": str(tmp_path)}, SHOW)
    assert run.returncode != 0 and "DEBUG='ture' is not a boolean" in run.stderr
