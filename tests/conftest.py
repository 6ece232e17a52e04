"""Shared test set-up: service requirements (fail under CI, skip locally)."""

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
