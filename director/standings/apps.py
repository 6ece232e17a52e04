from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "director.standings"
    label = "standings"
