"""Test-only tasks the CI worker imports (``--include tests.integration.probe``, see stack.py).

They exercise what real jobs need from the harness: rows committed by the test are visible to the
worker (same test database), progress travels through the result backend, and a file the worker
stores comes back to the test (same MEDIA_ROOT) — the shape of a PDF job.
"""

from __future__ import annotations

import time

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage


@shared_task(name="calypso_ci.user_exists")
def user_exists(username: str) -> bool:
    return get_user_model().objects.filter(username=username).exists()


@shared_task(bind=True, name="calypso_ci.write_file")
def write_file(self, name: str, text: str, steps: int = 3, pause: float = 0.3) -> str:
    for done in range(steps):
        self.update_state(state="PROGRESS", meta={"done": done, "total": steps})
        time.sleep(pause)
    return default_storage.save(name, ContentFile(text.encode()))
