from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "director.printing"
    label = "printing"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the file clean-up on delete)
