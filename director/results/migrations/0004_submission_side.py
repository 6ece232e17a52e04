# The side that sent a table's sheet moves from the audit log's JSON (``table.submit`` entries'
# ``after["side"]``) to a column on the submission, filled here from the log for existing rows.

from django.db import migrations, models

SIDES = ("majors", "minors")


def backfill_sides(apps, schema_editor):
    Submission = apps.get_model("results", "Submission")
    AuditEntry = apps.get_model("audit", "AuditEntry")
    entries = AuditEntry.objects.filter(action="table.submit", object_type="results.submission").order_by("id")
    sides: dict[int, str] = {}
    for object_id, after in entries.values_list("object_id", "after").iterator():
        side = after.get("side") if isinstance(after, dict) else None
        if side in SIDES and object_id.isdigit():
            sides.setdefault(int(object_id), side)  # the first entry is the submission's own
    for side in SIDES:
        ids = [pk for pk, s in sides.items() if s == side]
        for start in range(0, len(ids), 500):
            Submission.objects.filter(pk__in=ids[start : start + 500], source="table").update(submitted_side=side)


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0001_initial"),
        ("results", "0003_dispute_proposal"),
    ]

    operations = [
        migrations.AddField(
            model_name="submission",
            name="submitted_side",
            field=models.CharField(blank=True, db_default="", default="", max_length=6),
        ),
        migrations.RunPython(backfill_sides, migrations.RunPython.noop),
    ]
