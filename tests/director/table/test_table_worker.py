"""The table page's service worker (#30.9): served under /t/ so its scope may be a table's link, as
JavaScript, re-checked at every visit, and named by the table page (which registers it)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_the_worker_is_javascript_under_the_table_links_path_and_never_stale():
    response = Client().get(reverse("table:worker"))
    assert response.status_code == 200
    assert reverse("table:worker") == "/t/worker.js"  # its default scope, /t/, covers /t/<token>/
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'addEventListener("fetch"' in body and "caches.open" in body


def test_the_table_page_names_its_worker(client, tables):
    page = client.get(reverse("table:entry", args=[tables[1].token])).content.decode()
    assert '<meta name="calypso-table-worker" content="/t/worker.js">' in page
