from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.partnership"
    label = "sheets_partnership"
