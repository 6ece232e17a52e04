from django.contrib import admin

from .models import GameSet, GameSetFile


@admin.register(GameSetFile)
class GameSetFileAdmin(admin.ModelAdmin):
    list_display = ["event", "source", "commitment", "seed_revealed", "released", "created_at"]
    list_filter = ["source", "seed_revealed", "released"]
    search_fields = ["event__name", "commitment"]
    list_select_related = ["event"]
    readonly_fields = ["commitment", "created_at", "updated_at"]


@admin.register(GameSet)
class GameSetAdmin(admin.ModelAdmin):
    list_display = ["number", "event", "first_dealer", "orientation", "complete", "updated_at"]
    list_filter = ["complete", "orientation", "event__club"]
    search_fields = ["event__name"]
    list_select_related = ["event"]
