"""Real services: PostgreSQL and Redis as CI provisions them (`.ci/run`)."""

import pytest
from django.db import connection

from director.core.health import broker_state, database_state

pytestmark = pytest.mark.integration


@pytest.mark.django_db
def test_the_suite_runs_on_postgresql(require_postgres):
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL")
    state = database_state()
    assert (state["ok"], state["vendor"]) == (True, "postgresql")


def test_the_broker_is_reachable(require_broker):
    state = broker_state()
    assert state == {"ok": True, "mode": "broker"}


def test_the_cache_round_trips_through_redis(require_broker, settings):
    from django.core.cache import cache

    assert settings.CACHES["default"]["BACKEND"].endswith("RedisCache")
    cache.set("calypso-ci-probe", {"tables": 7}, 30)
    assert cache.get("calypso-ci-probe") == {"tables": 7}
