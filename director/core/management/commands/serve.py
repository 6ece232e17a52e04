"""`make run`: migrate, load the demo club night on an empty database, and serve.

``--lan`` serves on every interface so phones on the venue's wifi can reach the table pages;
it allows the machine's LAN address as a host and prints it as the address for QR codes.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand


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


class Command(BaseCommand):
    help = "Migrate, load the demo on an empty database, and run the web app."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--lan", action="store_true", help="serve on the local network for phones")
        parser.add_argument("--no-demo", action="store_true", help="do not load the demo club night")

    def handle(self, *args, port: int, lan: bool, no_demo: bool, **options):
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        if not no_demo and "demo" in get_commands():
            call_command("demo", if_empty=True)
        env = dict(os.environ)
        if lan:
            address = lan_address()
            hosts = {"127.0.0.1", "localhost", address, *filter(None, env.get("ALLOWED_HOSTS", "").split(","))}
            env["ALLOWED_HOSTS"] = ",".join(sorted(hosts))
            env.setdefault("PUBLIC_BASE_URL", f"http://{address}:{port}")
            bind = f"0.0.0.0:{port}"
            self.stdout.write(f"Serving on the local network: phones open {env['PUBLIC_BASE_URL']}")
        else:
            # The guide cards' QR codes must open the address actually served, whatever the port.
            env.setdefault("PUBLIC_BASE_URL", f"http://127.0.0.1:{port}")
            bind = f"127.0.0.1:{port}"
            self.stdout.write(f"Serving at http://127.0.0.1:{port}/")
        # A fresh process so the settings pick up the LAN host list.
        command = [sys.executable, "manage.py", "runserver", bind]
        raise SystemExit(subprocess.call(command, env=env))
