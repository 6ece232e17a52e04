from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.three"
    label = "sheets_three"
