"""Shared test set-up: service requirements (fail under CI, skip locally), and cheap password hashing
for every test that does not hand its users to another process."""

from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"


def require(condition: bool, what: str) -> None:
    """Skip a test that needs ``what`` when it is missing, except under CI where it fails."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {what} is not available", pytrace=False)
    pytest.skip(f"{what} is not available")


@pytest.fixture
def require_postgres(settings):
    require(settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), "PostgreSQL (DATABASE_URL)")


@pytest.fixture
def require_broker(settings):
    require(bool(settings.CELERY_BROKER_URL), "a Redis broker (CELERY_BROKER_URL)")


# A test that needs PostgreSQL or the broker is an integration test whatever its file says: it runs
# in the integration step (against the real services) and is left out of the SQLite step, where
# under CI=true it would fail for want of a service the step never provides.
SERVICE_FIXTURES = {"require_postgres", "require_broker"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if SERVICE_FIXTURES & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("integration"):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(autouse=True)
def _fast_password_hashing(request):
    """PBKDF2's deliberate slowness (a million rounds, ~0.2 s of CPU a hash) is wasted on test users:
    every test hashes with MD5 — the browser tests too, whose live server runs in this process and
    reads the same settings. Not the integration tests: their users sign in to a gunicorn process
    with the production settings, which cannot read an MD5 hash."""
    if request.node.get_closest_marker("integration") or not request.config.pluginmanager.hasplugin("django"):
        yield  # (the engine's tests under mutmut run without pytest-django: no settings to change)
        return
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield
