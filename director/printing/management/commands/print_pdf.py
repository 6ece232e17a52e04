"""``python manage.py print_pdf KIND (--event ID | --sets FILE) --out FILE``: print documents with a
progress bar.

``--event ID`` prints any document of an event in the database: the hand documents (envelopes,
duplication sheets, hand records) from its game sets, the others (scoresheets, tally cards,
guide cards, results) from its seatings and results. ``--sets FILE`` prints the hand documents
straight from a game-set file, with no database.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from director.printing.documents import KINDS, render_from_sets
from director.printing.options import (
    ENVELOPE_CHOICES,
    LANGUAGE_CHOICES,
    PAPER_CHOICES,
    PrintError,
    PrintOptions,
)
from director.printing.sources import load_analysis, load_sets


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a failure never leaves half a PDF behind."""
    directory = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Command(BaseCommand):
    help = "Print one kind of document of an event (--event ID) or of a game-set file (--sets FILE) as one PDF."

    def add_arguments(self, parser):
        parser.add_argument("kind", metavar="KIND", choices=list(KINDS), help=f"one of: {', '.join(KINDS)}")
        source = parser.add_mutually_exclusive_group()
        source.add_argument("--sets", metavar="FILE", help="game-set file (calypso-gamesets/1 JSON)")
        source.add_argument("--event", metavar="ID", type=int, help="an event in the database")
        parser.add_argument("--out", metavar="FILE", required=True, help="PDF file to write")
        parser.add_argument("--paper", choices=PAPER_CHOICES, default="a4", help="page size (default a4)")
        parser.add_argument(
            "--envelope", choices=ENVELOPE_CHOICES, default="c6", help="envelope size or labels on --paper (c6)"
        )
        parser.add_argument("--lang", choices=LANGUAGE_CHOICES, default="en", help="language of suit names (en)")
        parser.add_argument("--event-name", default="", metavar="TEXT", help="--sets: event name printed on every page")
        parser.add_argument("--analysis", metavar="FILE", help="hand records: JSON of analysis summaries per set")
        parser.add_argument("--compress", action="store_true", help="compress page streams (smaller, slower)")

    def handle(self, *args, kind: str, sets: str | None, event: int | None, out: str, **options):
        document = KINDS[kind]
        if event is not None:
            if options["analysis"] or options["event_name"]:
                raise CommandError("--analysis and --event-name only apply with --sets FILE")
            data, what = self._from_event(kind, event, out, options)
            self._write(out, data, kind, what, options)
            return
        if document.source != "sets" or document.render is None:
            raise CommandError(
                f"{kind} need an event (players, movement, results): print them with --event ID; "
                "--sets only prints envelopes, duplication and hand-records"
            )
        if not sets:
            raise CommandError(f"{kind}: say which game sets to print with --sets FILE")
        if options["analysis"] and kind != "hand-records":
            raise CommandError("--analysis only applies to hand-records")

        try:
            print_options = PrintOptions(
                paper=options["paper"],
                envelope=options["envelope"],
                lang=options["lang"],
                event=options["event_name"],
                compress=options["compress"],
            )
            loaded = load_sets(sets)
            extra = {}
            if kind == "hand-records":
                extra["commitment"] = loaded.commitment
                if options["analysis"]:
                    extra["analysis"] = load_analysis(options["analysis"])
            unit, per_set = ("hand", 16) if kind == "envelopes" else ("page", 1)
            total = per_set * len(loaded.sets)
            with tqdm(desc=kind, unit=unit, total=total, disable=options["verbosity"] == 0) as bar:

                def progress(done: int, total: int) -> None:
                    bar.total = total
                    bar.update(done - bar.n)

                data = render_from_sets(kind, loaded.sets, print_options, progress=progress, **extra)
        except PrintError as error:
            raise CommandError(str(error)) from None

        self._write(out, data, kind, f"{len(loaded.sets)} game sets", options)

    def _write(self, out: str, data: bytes, kind: str, what: str, options: dict) -> None:
        try:
            _write_atomically(Path(out), data)
        except OSError as error:
            raise CommandError(f"{out}: cannot write the PDF ({error.strerror or error})") from None
        if options["verbosity"]:
            self.stdout.write(f"Wrote {out}: {kind} for {what}, {len(data):,} bytes.")

    def _from_event(self, kind: str, event_id: int, out: str, options: dict) -> tuple[bytes, str]:
        from director.events.models import Event
        from director.printing.event_data import render_event

        event = Event.objects.select_related("club").filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"no event {event_id}")
        print_options = {name: options[name] for name in ("paper", "envelope", "lang", "compress")}
        try:
            with tqdm(desc=kind, unit="page", disable=options["verbosity"] == 0) as bar:

                def progress(done: int, total: int) -> None:
                    bar.total = total
                    bar.update(done - bar.n)

                data = render_event(kind, event, print_options, progress=progress)
        except PrintError as error:
            raise CommandError(str(error)) from None
        return data, f"event {event.pk} ({event.name})"
