from django.apps import AppConfig


class DealsConfig(AppConfig):
    name = "director.deals"
    label = "deals"

    def ready(self) -> None:
        # Registers the app's tasks with Celery in every process (the web's too, where Celery does
        # not look for them), so the services enqueue them by name, eagerly when no broker is set.
        from . import tasks  # noqa: F401
