from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "director.demo"
    label = "demo"
