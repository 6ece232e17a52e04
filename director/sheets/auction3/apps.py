from django.apps import AppConfig


class Auction3Config(AppConfig):
    name = "director.sheets.auction3"
    label = "sheets_auction3"
