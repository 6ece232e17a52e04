from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.coop"
    label = "sheets_coop"
