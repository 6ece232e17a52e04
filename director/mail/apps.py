from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "director.mail"
    label = "mail"
    verbose_name = "Results by e-mail"

    def ready(self) -> None:
        # Registers the send task, which services enqueue by name: without it a laptop (Celery eager)
        # would hand the message to a broker that is not there instead of sending it in-process.
        from . import tasks  # noqa: F401
