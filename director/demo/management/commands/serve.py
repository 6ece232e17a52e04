"""`make run`: migrate, load the demo club night on an empty database, and serve.

The app is served by waitress, a production WSGI server that runs on Windows, macOS and Linux
(Django's ``runserver`` is for the developer alone), with static files from whitenoise; Ctrl-C
stops it. ``--lan`` serves on every interface so phones on the venue's wifi can reach the table
pages: it allows the machine's LAN address as a host and prints it as the address for QR codes.
On the network the demo director's published password (README: ``calypso-demo``) never signs in:
it is replaced by a fresh one, printed once. Debug pages are refused there.

``--dev`` (``make dev``, with ``DEBUG=1``) is the developer's server instead: Django's
``runserver``, reloading on code changes, on this machine only.
"""

from __future__ import annotations

import contextlib
import secrets
import socket

import waitress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand, CommandError
from django.core.wsgi import get_wsgi_application
from django.test.utils import override_settings

from director.conf import env_str
from director.demo.management.commands import demo

# Threads answering requests at once: a room of phones polling standings, plus the director.
THREADS = 8


def lan_address() -> str:
    """The address other machines on the local network reach us at (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


# Letters and digits that cannot be mistaken for one another when read off the console.
READABLE = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def fresh_password() -> str:
    """Twelve readable characters (about 70 bits): typed once, on a phone if need be."""
    return "".join(secrets.choice(READABLE) for _ in range(12))


class Command(BaseCommand):
    help = "Migrate, load the demo on an empty database, and run the web app."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--lan", action="store_true", help="serve on the local network for phones")
        parser.add_argument("--no-demo", action="store_true", help="do not load the demo club night")
        parser.add_argument(
            "--dev", action="store_true", help="Django's development server (reloads on changes), this machine only"
        )

    def handle(self, *args, port: int, lan: bool, no_demo: bool, dev: bool, **options):
        if lan and (dev or settings.DEBUG):
            raise CommandError(
                "Debug pages show the settings and code to anyone on the wifi: serve on the network "
                "without them (unset DEBUG, or DEBUG=0, and no --dev)."
            )
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        if not no_demo and "demo" in get_commands():
            # On the network the demo is loaded with a password nobody has read in the README.
            call_command("demo", if_empty=True, password=fresh_password() if lan else demo.PASSWORD, stdout=self.stdout)
        if lan:
            self.retire_published_password()
            address = lan_address()
            hosts = sorted({"127.0.0.1", "localhost", address, *settings.ALLOWED_HOSTS})
            base_url = self.public_base_url(f"http://{address}:{port}")
            host = "0.0.0.0"
            self.stdout.write(f"Serving on the local network: phones open {base_url}")
        else:
            hosts = settings.ALLOWED_HOSTS
            # The guide cards' QR codes must open the address actually served, whatever the port.
            base_url = self.public_base_url(f"http://127.0.0.1:{port}")
            host = "127.0.0.1"
            self.stdout.write(f"Serving at http://127.0.0.1:{port}/")
        if dev:
            call_command("runserver", f"{host}:{port}")
            return
        self.stdout.write("Press Ctrl-C to stop.")
        # Ctrl-C ends waitress's loop with KeyboardInterrupt: a normal stop, not a traceback.
        with override_settings(ALLOWED_HOSTS=hosts, PUBLIC_BASE_URL=base_url), contextlib.suppress(KeyboardInterrupt):
            waitress.serve(get_wsgi_application(), host=host, port=port, threads=THREADS, ident="Calypso Director")
        self.stdout.write("Stopped.")

    @staticmethod
    def public_base_url(default: str) -> str:
        """``PUBLIC_BASE_URL`` when the environment sets it, else the address being served."""
        return settings.PUBLIC_BASE_URL if env_str("PUBLIC_BASE_URL") else default

    def retire_published_password(self) -> None:
        """A demo director still on the README's password gets a fresh one before the wifi sees it."""
        user = get_user_model().objects.filter(username=demo.USERNAME).first()
        if user is None or not user.check_password(demo.PASSWORD):
            return
        password = fresh_password()
        user.set_password(password)
        user.save(update_fields=["password"])
        self.stdout.write(f"Sign in at /login/ with username: {demo.USERNAME}, password: {password}")
        self.stdout.write(demo.NETWORK_NOTE)
