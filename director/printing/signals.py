"""A print job's PDF goes with its row, however the row goes.

Jobs are deleted from the print page (``services.delete_job``) but also by cascade: an event
deleted in the admin, ``demo --reset``, a club removed. Whichever way the row goes, its PDF must
go too, or the files (envelopes and hand records show every card) would stay in ``MEDIA_ROOT``
with nothing pointing at them. The file is removed only once the deletion commits, so a
rolled-back delete keeps both.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from .models import PrintJob


@receiver(post_delete, sender=PrintJob, dispatch_uid="printing.delete_job_file")
def delete_job_file(sender, instance: PrintJob, using: str, **kwargs) -> None:
    if not instance.file:
        return
    storage, name = instance.file.storage, instance.file.name
    transaction.on_commit(lambda: storage.delete(name), using=using)
