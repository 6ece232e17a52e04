from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "director.clubs"
    label = "clubs"
