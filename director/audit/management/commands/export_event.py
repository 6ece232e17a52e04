"""``manage.py export_event EVENT_ID --out FILE``: the event as one canonical JSON file."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from director.audit.exchange import export_event_text
from director.events.models import Event


class Command(BaseCommand):
    help = "Export one event (players, movement, game sets, every submission version, adjustments, audit log)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--out", default="-", help="file to write (default: standard output)")

    def handle(self, *args, event_id, out, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"no event {event_id}")
        text = export_event_text(event)
        if out == "-":
            sys.stdout.write(text)
            return
        with open(out, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        self.stderr.write(f"exported {event.name} ({event.date}) to {out}: {len(text.encode()):,} bytes")
