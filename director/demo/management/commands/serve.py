"""`calypso-director run` and `make run`: migrate, load the demo club night on an empty database,
and serve.

An existing database with migrations to apply (a new version installed over an old data folder)
is backed up first (``director.backup``, into the data folder's ``backups/``), then migrated.

The app is served by waitress, a production WSGI server that runs on Windows, macOS and Linux
(Django's ``runserver`` is for the developer alone), with static files from whitenoise; Ctrl-C
stops it. ``--lan`` serves on every interface so phones on the venue's wifi can reach the table
pages: it allows the machine's LAN address as a host and prints it as the address for QR codes.
On the network the demo director's published password (README: ``calypso-demo``) never signs in:
it is replaced by a fresh one, printed once. Debug pages are refused there. ``--host ADDRESS``
listens on that address instead; any address but a loopback one is the network, with the same
rules as ``--lan``. SIGTERM stops it as Ctrl-C does (a service manager, a test harness).

``--dev`` (``make dev``, with ``DEBUG=1``) is the developer's server instead: Django's
``runserver``, reloading on code changes, on this machine only.
"""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
import signal
import socket

import waitress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand, CommandError
from django.core.wsgi import get_wsgi_application
from django.test.utils import override_settings

from director import backup
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


# Addresses that mean "every interface": the machine's LAN address is what phones open.
EVERY_INTERFACE = {"0.0.0.0", "::", ""}


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only (localhost, 127.x.x.x, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """``host`` as it stands in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


@contextlib.contextmanager
def sigterm_stops():
    """SIGTERM (a service manager, a test harness ending the server) stops waitress as Ctrl-C does,
    so the server says it stopped. Only in the main thread, where Python allows a handler."""

    def stop(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# Letters and digits that cannot be mistaken for one another when read off the console.
READABLE = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def fresh_password() -> str:
    """Twelve readable characters (about 70 bits): typed once, on a phone if need be."""
    return "".join(secrets.choice(READABLE) for _ in range(12))


def backup_before_migrating(stdout) -> None:
    """A database in use with migrations to apply (a new version over an old data folder) is
    backed up before they run, so an upgrade that goes wrong can be undone (docs/install.md)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    if not executor.loader.applied_migrations:
        return  # a new database: nothing to keep
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if not pending:
        return
    if connection.vendor != "sqlite":
        stdout.write(
            f"{len(pending)} migrations to apply to {connection.vendor}: not backed up here "
            "(take a pg_dump before upgrading, docs/backup.md)."
        )
        return
    path = backup.take(backup.layout_of(settings), reason="before-migrate")
    stdout.write(f"{len(pending)} migrations to apply: the database was backed up first to {path}")


def migrate(stdout) -> None:
    """The database brought up to this version (`run`, and the installed command's others)."""
    backup_before_migrating(stdout)
    call_command("migrate", interactive=False, verbosity=0)


class Command(BaseCommand):
    help = "Migrate, load the demo on an empty database, and run the web app."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--lan", action="store_true", help="serve on the local network for phones")
        parser.add_argument(
            "--host", default=None, help="the address to listen on (default 127.0.0.1; with --lan, every interface)"
        )
        parser.add_argument("--no-demo", action="store_true", help="do not load the demo club night")
        parser.add_argument(
            "--dev", action="store_true", help="Django's development server (reloads on changes), this machine only"
        )

    def handle(self, *args, port: int, lan: bool, no_demo: bool, dev: bool, host: str | None = None, **options):
        network = lan or (host is not None and not is_loopback(host))
        if network and (dev or settings.DEBUG):
            raise CommandError(
                "Debug pages show the settings and code to anyone on the wifi: serve on the network "
                "without them (unset DEBUG, or DEBUG=0, and no --dev)."
            )
        migrate(self.stdout)
        self.stdout.write("Database migrated.")
        if not no_demo and "demo" in get_commands():
            # On the network the demo is loaded with a password nobody has read in the README.
            password = fresh_password() if network else demo.PASSWORD
            call_command("demo", if_empty=True, password=password, stdout=self.stdout)
        bind = host if host is not None else "0.0.0.0" if lan else "127.0.0.1"
        if network:
            self.retire_published_password()
            address = lan_address() if bind in EVERY_INTERFACE else bind
            hosts = sorted({"127.0.0.1", "localhost", url_host(address), *settings.ALLOWED_HOSTS})
            base_url = self.public_base_url(f"http://{url_host(address)}:{port}")
            self.stdout.write(f"Serving on the local network: phones open {base_url}")
        else:
            hosts = sorted({*settings.ALLOWED_HOSTS, url_host(bind)})
            # The guide cards' QR codes must open the address actually served, whatever the port.
            base_url = self.public_base_url(f"http://{url_host(bind)}:{port}")
            self.stdout.write(f"Serving at http://{url_host(bind)}:{port}/")
        if dev:
            call_command("runserver", f"{url_host(bind)}:{port}")
            return
        self.stdout.write("Press Ctrl-C to stop.")
        # Ctrl-C ends waitress's loop with KeyboardInterrupt: a normal stop, not a traceback.
        with (
            override_settings(ALLOWED_HOSTS=hosts, PUBLIC_BASE_URL=base_url),
            sigterm_stops(),
            contextlib.suppress(KeyboardInterrupt),
        ):
            waitress.serve(get_wsgi_application(), host=bind, port=port, threads=THREADS, ident="Calypso Director")
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
