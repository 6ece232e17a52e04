from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "director.mail"
    label = "mail"
    verbose_name = "Results by e-mail"

    def ready(self) -> None:
        from director.events.signals import standings_released

        # Registers the send task, which services enqueue by name: without it a laptop (Celery eager)
        # would hand the message to a broker that is not there instead of sending it in-process.
        from . import tasks  # noqa: F401
        from .receivers import send_on_release

        # "Send on release" (a club setting): events may not import mail, so it announces the release.
        standings_released.connect(send_on_release, dispatch_uid="mail.send_on_release")
