"""Small tasks of the core app. ``ping`` proves a task goes through the broker to a worker that
reaches the database, and on which queue it ran (CI sends it to every queue)."""

from __future__ import annotations

from celery import shared_task
from django.db import connection


@shared_task(bind=True, name="director.core.tasks.ping")
def ping(self, echo=None) -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    delivery = self.request.delivery_info or {}
    return {
        "echo": echo,
        "worker": self.request.hostname,
        "queue": delivery.get("routing_key"),
        "database": {"vendor": connection.vendor, "name": str(connection.settings_dict["NAME"])},
    }
