from django import forms
from django.contrib import admin

from director.core.errors import ValidationError

from . import services
from .models import Club, ClubDirector, Player, Season


class ClubDirectorInline(admin.StackedInline):
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


class PlayerAdminForm(forms.ModelForm):
    """The admin keeps the services' rules: spaces tidied, one name per club whatever its case."""

    class Meta:
        model = Player
        fields = ["club", "name", "external_id", "active"]

    def clean_name(self):
        try:
            return services.clean_player_name(self.cleaned_data["name"])
        except ValidationError as error:
            raise forms.ValidationError(error.message) from error

    def clean(self):
        cleaned = super().clean()
        club, name = cleaned.get("club"), cleaned.get("name")
        if club is not None and name:
            existing = services.player_named(club, name, exclude_pk=self.instance.pk)
            if existing is not None:
                self.add_error("name", services.name_taken_error(club, name, existing).message)
        return cleaned


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
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
