from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "director.events"
    label = "events"

    def ready(self):
        from django.db.models.signals import post_save

        from director.clubs.models import Player

        from .changes import player_changed

        # A renamed player shows under the new name on results already computed and cached.
        post_save.connect(
            lambda sender, instance, created, **kwargs: None if created else player_changed(instance),
            sender=Player,
            weak=False,
            dispatch_uid="events.player_changed",
        )
