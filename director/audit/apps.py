from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "director.audit"
    label = "audit"
