from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "director.printing"
    label = "printing"
