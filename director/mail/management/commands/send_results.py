"""``manage.py send_results EVENT_ID [--corrections]``: send an event's results by e-mail (what
"Send now" does), e.g. from a laptop back on the internet; prints the outbox's counts."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from director.core.errors import DomainError
from director.events.models import Event
from director.mail import services


class Command(BaseCommand):
    help = "Send an event's results by e-mail to each consenting player (only what has not been sent)."

    def add_arguments(self, parser):
        parser.add_argument("event", type=int, help="the event's id")
        parser.add_argument(
            "--corrections", action="store_true", help="send corrected results to the players whose figures changed"
        )

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event"]).select_related("club").first()
        if event is None:
            raise CommandError(f"no event {options['event']}")
        try:
            if options["corrections"]:
                services.send_corrections(event=event)
            else:
                services.send_results(event=event)
        except DomainError as error:
            raise CommandError(error.message) from error
        counts = services.outbox_counts(event)
        self.stdout.write(
            f"{event.name}: {counts['sent']} sent, {counts['waiting']} waiting, {counts['failed']} failed"
        )
