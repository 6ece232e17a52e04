"""``manage.py export_event EVENT_ID --out FILE [--full]``: the event as one canonical JSON file.

Without ``--full`` the deal secrets (the seed, the hands before release) are left out; with it the
file is a full backup that holds them (docs/backup.md)."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from director.audit.exchange import FULL_BACKUP, dumps, export_event
from director.events.models import Event


class Command(BaseCommand):
    help = "Export one event (players, movement, game sets, every submission version, adjustments, audit log)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--out", default="-", help="file to write (default: standard output)")
        parser.add_argument(
            "--full",
            action="store_true",
            help="a full backup: keep the deal secrets (the dealing seed, the hands before they are released) "
            "so that a restore rebuilds every deal; the file then holds secrets",
        )

    def handle(self, *args, event_id, out, full, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"no event {event_id}")
        data = export_event(event, full=full)
        text = dumps(data)
        if out == "-":
            sys.stdout.write(text)
        else:
            with open(out, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            self.stderr.write(f"exported {event.name} ({event.date}) to {out}: {len(text.encode()):,} bytes")
        if full:
            self.stderr.write(f"This is {FULL_BACKUP}.")
        elif left_out := data.get("left_out"):
            kept_out = ["the dealing seed"] if left_out.get("seed") else []
            if left_out.get("game_sets"):
                kept_out.append(f"the hands of game sets {', '.join(map(str, left_out['game_sets']))}")
            if left_out.get("auction_deals"):
                kept_out.append(f"the deals of rounds {', '.join(map(str, left_out['auction_deals']))}")
            self.stderr.write(
                f"Left out, as the hands are not released: {' and '.join(kept_out)}. "
                "A restore of this file lacks them; --full makes a backup that keeps them."
            )
