from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.cutthroat"
    label = "sheets_cutthroat"
