"""A player's name is unique in its club whatever its case or spacing.

Before the constraint goes on, the existing names are checked: if a club already has two players
whose names differ only in case or spaces, the migration refuses and names them (merging two
people is the director's call, not a migration's). Otherwise the names' spaces are trimmed and
collapsed, as the services store them, and the case-insensitive constraint replaces the exact one.
"""

import re

from django.db import migrations, models
from django.db.models.functions import Lower


class DuplicatePlayerNames(Exception):
    pass


def _key(name: str) -> str:
    # The same rule as director.clubs.services.player_name_key (a migration keeps its own copy).
    return re.sub(r"\s+", " ", name).strip().casefold()


def check_and_tidy_names(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    groups: dict[tuple[int, str], list] = {}
    for player in Player.objects.select_related("club").order_by("club_id", "pk"):
        groups.setdefault((player.club_id, _key(player.name)), []).append(player)
    clashes = [same for same in groups.values() if len(same) > 1]
    if clashes:
        lines = [
            f"  {same[0].club.name}: " + ", ".join(f"{p.name!r} (id {p.pk})" for p in same) for same in clashes
        ]
        raise DuplicatePlayerNames(
            "Player names must be unique in their club whatever their case or spacing, but these "
            "players' names differ only in case or spaces:\n"
            + "\n".join(lines)
            + "\nRename one of each (the Players page's Edit, or the admin), or move its results to "
            "the other player and delete it, then run migrate again. Nothing was changed."
        )
    for player in Player.objects.all():
        tidy = re.sub(r"\s+", " ", player.name).strip()
        if tidy != player.name:
            Player.objects.filter(pk=player.pk).update(name=tidy)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(check_and_tidy_names, migrations.RunPython.noop, elidable=False),
        migrations.RemoveConstraint(
            model_name="player",
            name="clubs_player_name_unique_per_club",
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                models.F("club"),
                Lower("name"),
                name="clubs_player_name_ci_unique_per_club",
                violation_error_message="the club already has a player with this name (in another case)",
            ),
        ),
    ]
