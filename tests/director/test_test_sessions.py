"""The tests' sessions (tests/conftest.py): a signed-in request reads no session row from the
database, a cleared default cache signs nobody out, and production keeps database sessions."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_a_signed_in_request_reads_no_session_row(client, club_a, director_a):
    client.force_login(director_a)
    with CaptureQueriesContext(connection) as captured:
        response = client.get("/clubs/pos/")
    assert response.status_code == 200
    assert response.wsgi_request.user == director_a
    assert not [q["sql"] for q in captured if "django_session" in q["sql"]]


def test_clearing_the_default_cache_signs_nobody_out(client, club_a, director_a):
    client.force_login(director_a)
    cache.clear()  # what the throttle tests do between requests
    assert client.get("/clubs/pos/").wsgi_request.user == director_a


def test_production_keeps_database_sessions():
    import director.settings as production

    assert not hasattr(production, "SESSION_ENGINE")  # Django's default: django.contrib.sessions.backends.db
