from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.embers"
    label = "sheets_embers"
