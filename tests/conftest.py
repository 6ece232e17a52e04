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
