from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "director.results"
    label = "results"
