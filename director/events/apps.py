from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "director.events"
    label = "events"
