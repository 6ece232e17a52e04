from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "director.printing"
    label = "printing"

    def ready(self) -> None:
        # signals: the file clean-up on delete; tasks: registers the print task, which services enqueue by name
        from . import signals, tasks  # noqa: F401
