"""``createdirector USERNAME --club NAME``: a user who directs a club, on a fresh install.

The club is created when no club has that name or address yet (the new user is then its owner);
otherwise the user joins it as a director. The password is asked twice on a terminal; with
``--no-input`` (a script) it comes from ``CALYPSO_DIRECTOR_PASSWORD``. Django's password
validators apply. ``calypso-director createdirector`` runs this.
"""

from __future__ import annotations

import getpass
import os

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError as PasswordRejected
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.text import slugify

from director.clubs import services
from director.clubs.models import Club, ClubDirector
from director.core.errors import DomainError

PASSWORD_VARIABLE = "CALYPSO_DIRECTOR_PASSWORD"


class Command(BaseCommand):
    help = "Create a user who directs a club (the club too, when it is new)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument(
            "--club",
            metavar="NAME",
            help="the club's name or web address (slug); a new name creates the club with this user as owner. "
            "Default: the only club there is",
        )
        parser.add_argument(
            "--no-input",
            action="store_true",
            help=f"ask nothing: the password comes from the environment variable {PASSWORD_VARIABLE}",
        )

    def handle(self, *args, username: str, club: str | None, no_input: bool, **options):
        if get_user_model().objects.filter(username=username).exists():
            raise CommandError(f"the username {username!r} is taken (change a password with: changepassword NAME)")
        found = self.find_club(club)
        password = self.password(username, no_input)
        try:
            with transaction.atomic():
                if found is None:
                    found = services.create_club(name=club, slug="")
                    role = ClubDirector.Role.OWNER
                else:
                    role = ClubDirector.Role.DIRECTOR
                services.create_director_user(club=found, username=username, password=password, role=role)
        except DomainError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"{username} directs {found.name} ({role}). Sign in at /login/.")

    @staticmethod
    def find_club(name: str | None) -> Club | None:
        """The club named (by name or slug), None for a new one; with no name, the only club."""
        if name is None:
            clubs = list(Club.objects.all()[:2])
            if len(clubs) != 1:
                raise CommandError("say which club with --club NAME (a new name creates the club)")
            return clubs[0]
        return Club.objects.filter(slug=slugify(name)).first() or Club.objects.filter(name__iexact=name).first()

    def password(self, username: str, no_input: bool) -> str:
        if no_input:
            password = os.environ.get(PASSWORD_VARIABLE, "")
            if not password:
                raise CommandError(f"--no-input: set the password in the environment variable {PASSWORD_VARIABLE}")
        else:
            password = getpass.getpass(f"Password for {username}: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("the two passwords differ")
        try:
            password_validation.validate_password(password, get_user_model()(username=username))
        except PasswordRejected as error:
            raise CommandError(" ".join(error.messages)) from None
        return password
