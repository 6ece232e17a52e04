from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.duet"
    label = "sheets_duet"
