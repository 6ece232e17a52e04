from django.contrib import admin

from .models import Club, ClubDirector, Player, Season


class ClubDirectorInline(admin.TabularInline):
    model = ClubDirector
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubDirectorInline]


@admin.register(ClubDirector)
class ClubDirectorAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "created_at"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    list_select_related = ["user", "club"]
    autocomplete_fields = ["user", "club"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "external_id", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name", "external_id"]
    list_select_related = ["club"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "starts_on", "ends_on"]
    list_filter = ["club"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]
