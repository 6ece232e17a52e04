from django.apps import AppConfig


class DealsConfig(AppConfig):
    name = "director.deals"
    label = "deals"
