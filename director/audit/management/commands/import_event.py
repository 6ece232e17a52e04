"""``manage.py import_event FILE``: write an exported event into this (normally empty) database."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from director.audit.exchange import import_event, missing_from
from director.core import json_body
from director.core.errors import DomainError


class Command(BaseCommand):
    help = "Import an event exported with export_event (into an empty database: ids are kept)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            with open(file, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from error
        try:
            data = json_body.loads(data, limit=None, what="the file")
            event = import_event(data)
        except json_body.BadJSON as error:
            raise CommandError(error.message) from None
        except DomainError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"imported event {event.pk}: {event.name} ({event.date}) of {event.club.name}")
        if lacking := missing_from(data):
            self.stderr.write(self.style.WARNING(lacking))
