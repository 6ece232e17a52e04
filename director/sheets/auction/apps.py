from django.apps import AppConfig


class SheetKindConfig(AppConfig):
    name = "director.sheets.auction"
    label = "sheets_auction"
