"""The Celery app. With no broker configured, tasks run eagerly in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

app = Celery("director")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Every worker beats into the shared cache; /healthz and the director pages read it (core.health).
from director.core.health import WorkerHeartbeat  # noqa: E402

app.steps["consumer"].add(WorkerHeartbeat)
