"""After a transactional test, SQLite's tables are emptied but the content types and permissions are
kept, with their ids (tests/conftest.py, ``_flush_keeping_the_content_types``); a test that changed
those two tables gets Django's own flush, which makes them again. The tests run in this order (one
file goes whole to one worker) and each checks what the one before it left."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType

pytestmark = pytest.mark.django_db(transaction=True)


def kept_rows() -> tuple[int, int, int]:
    return ContentType.objects.count(), Permission.objects.count(), ContentType.objects.filter(model="club").get().pk


@pytest.fixture(scope="module")
def as_migrated(django_db_setup, django_db_blocker) -> tuple[int, int, int]:
    """The kept tables before this module's first test (each test alone still passes, checking less)."""
    with django_db_blocker.unblock():
        return kept_rows()


def test_a_transactional_test_leaves_rows(django_user_model, as_migrated):
    assert kept_rows() == as_migrated
    django_user_model.objects.create_user("left-behind")
    assert django_user_model.objects.count() == 1


def test_the_next_finds_its_rows_gone_and_the_content_types_as_they_were(django_user_model, as_migrated):
    assert django_user_model.objects.count() == 0
    # Django's flush makes the content types again under new ids (SQLite's AUTOINCREMENT goes on).
    assert kept_rows() == as_migrated
    Permission.objects.filter(codename="view_club").delete()  # for the next test


def test_a_deleted_permission_is_made_again_by_djangos_flush(as_migrated):
    count, permissions, _ = as_migrated
    assert Permission.objects.filter(codename="view_club").exists()
    assert (ContentType.objects.count(), Permission.objects.count()) == (count, permissions)
