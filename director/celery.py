"""The Celery app. With no broker configured, tasks run eagerly in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

app = Celery("director")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
