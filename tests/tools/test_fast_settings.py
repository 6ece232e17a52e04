"""Every test but the integration tests runs with the fast test settings (tests/conftest.py):
MD5 password hashes and sessions in a local-memory cache of their own, emptied after each test.
A session without integration tests enters them once for all its tests."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import caches

from tests.conftest import TEST_SESSIONS

pytestmark = pytest.mark.django_db
LEFT = "left-by-the-first-test"


def test_the_fast_settings_are_entered_once_where_no_integration_test_runs(request):
    integration = any(item.get_closest_marker("integration") for item in request.session.items)
    assert request.getfixturevalue("_fast_settings_for_the_session") is not integration
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.cache"
    assert settings.SESSION_CACHE_ALIAS == TEST_SESSIONS
    assert caches[TEST_SESSIONS].get(LEFT) is None
    caches[TEST_SESSIONS].set(LEFT, "signed in")


def test_a_session_written_by_one_test_is_gone_for_the_next(client, django_user_model):
    assert caches[TEST_SESSIONS].get(LEFT) is None
    user = django_user_model.objects.create_user("sam", password="x")
    assert user.password.startswith("md5$")
    client.force_login(user)
    key = client.session.session_key
    assert caches[TEST_SESSIONS].get(f"django.contrib.sessions.cache{key}") is not None
