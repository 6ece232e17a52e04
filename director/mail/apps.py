from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "director.mail"
    label = "mail"
    verbose_name = "Results by e-mail"
