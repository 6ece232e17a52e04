"""Player.name_key: the casefolded, space-collapsed name a new or renamed member is looked up by
(clubs.services.player_named), filled in for every player there is, and indexed with the club."""

import re

from django.db import migrations, models


def fill_name_keys(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    for player in Player.objects.only("pk", "name").iterator():
        key = re.sub(r"\s+", " ", player.name).strip().casefold()  # models.name_key, as of this migration
        Player.objects.filter(pk=player.pk).update(name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0004_club_send_results_on_release"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=480),
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="player",
            index=models.Index(fields=["club", "name_key"], name="clubs_player_name_key"),
        ),
    ]
