"""The Celery app. With no broker configured, tasks run eagerly in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

app = Celery("director")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Every worker beats into the shared cache; /healthz and the director pages read it (core.health).
# Named, as Celery names its own steps: the worker imports it when it starts, and core.health (which
# reads this app) is not imported by this module.
app.steps["consumer"].add("director.core.health:WorkerHeartbeat")
