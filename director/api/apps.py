from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "director.api"
    label = "api"
