from django.apps import AppConfig


class MovementsConfig(AppConfig):
    name = "director.movements"
    label = "movements"
